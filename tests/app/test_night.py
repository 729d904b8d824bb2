"""The night over real servers: standings kept through a SIGKILL and restart (SQLite and
Redis alike), the per-viewer move history and the replays of finished games over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.app.conftest import WAIT, AppProcess, Phone


@pytest.fixture(params=["sqlite", "redis"])
def process(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AppProcess]:
    env = {} if request.param == "sqlite" else {
        "GAMENIGHT_REDIS_URL": request.getfixturevalue("redis_url"),
        "GAMENIGHT_REDIS_DURABILITY": "relaxed"}
    proc = AppProcess(tmp_path / "rooms.sqlite3", **env)
    yield proc
    proc.kill()


def _post(proc: AppProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = httpx.post(proc.url + path, json=body, timeout=WAIT)
    assert reply.status_code in (200, 201), reply.text
    result: dict[str, Any] = reply.json()
    return result


def _summary(proc: AppProcess, code: str) -> dict[str, Any]:
    reply = httpx.get(f"{proc.url}/api/rooms/{code}", timeout=WAIT)
    assert reply.status_code == 200, reply.text
    result: dict[str, Any] = reply.json()
    return result


def bots_play_a_game(proc: AppProcess, game: str, bots: int) -> tuple[str, str, Phone]:
    """A room hosted by its table screen, ``bots`` bots, one whole game played by them."""
    room = _post(proc, "/api/rooms", {"game": game})
    tv = Phone(proc, room["code"], room["host_token"])
    tv.wait_state()
    for n in range(bots):
        tv.send({"type": "add_bot"})
        tv.wait_state(lambda m, n=n: len(m["room"]["players"]) == n + 1)
    tv.send({"type": "start"})
    tv.wait(lambda m: m["type"] == "state" and m["room"]["phase"] == "finished", timeout=60)
    return room["code"], room["host_token"], tv


def test_the_nights_standings_survive_a_killed_server(process: AppProcess) -> None:
    proc = process.start()
    code, host_token, tv = bots_play_a_game(proc, "qwirkle", 3)
    before = _summary(proc, code)["night"]
    assert before["games"] == 1 and sum(r["games"] for r in before["standings"]) == 3
    assert sorted(r["points"] for r in before["standings"]) != [0, 0, 0]
    tv.close()
    proc.kill()
    proc.start()
    after = _summary(proc, code)["night"]
    assert after == before
    # the next game (another one) adds to the same night, and a late joiner starts at 0
    tv = Phone(proc, code, host_token)
    tv.wait_state()
    tv.send({"type": "set_game", "game": "dixit"})
    tv.wait_state(lambda m: m["room"]["game"] == "dixit")
    _post(proc, f"/api/rooms/{code}/join", {"name": "Late"})
    night = _summary(proc, code)["night"]
    late = next(r for r in night["standings"] if r["name"] == "Late")
    assert (late["points"], late["games"]) == (0, 0) and night["games"] == 1
    tv.close()
