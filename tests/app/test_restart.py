"""Durability: the real server (``python -m app`` in a subprocess) is killed with SIGKILL in the
middle of games and started again on the same database. Every room, seat token and state comes
back, and no acknowledged move is lost; a move sent just before the kill applies at most once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rules.qwirkle import KINDS, Trade, opening_moves
from tests.app.conftest import WAIT, AppProcess, Phone


@pytest.fixture
def process(tmp_path: Path) -> Iterator[AppProcess]:
    proc = AppProcess(tmp_path / "rooms.sqlite3")
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


def _move_for(view: dict[str, Any]) -> Any:
    """A legal Qwirkle move from the player's own view: the opening, then 1-tile trades."""
    hand = view["hand"]
    if not view["grid"]:
        return next(_opening(hand))
    return Trade((sorted(hand, key=KINDS.index)[0],))


def _opening(hand: list[str]) -> Iterator[Any]:
    from rules.qwirkle import Place, Tile

    for squares, tiles in opening_moves(tuple(hand)):
        yield Place(tuple(Tile(t, r, c) for (r, c), t in zip(squares, tiles, strict=True)))


class Seat:
    def __init__(self, proc: AppProcess, code: str, token: str | None) -> None:
        self.code, self.token = code, token
        self.phone = Phone(proc, code, token)
        self.phone.wait_state()


def test_a_killed_server_restores_every_room_token_and_acknowledged_move(
        process: AppProcess) -> None:
    proc = process.start()
    # Room 1: three people playing Qwirkle. Room 2: a lobby with a table host, a person and a
    # bot. Room 3: a person and a bot playing Qwirkle (the bot answers each move at once).
    one = _post(proc, "/api/rooms", {"game": "qwirkle", "name": "Ann"})
    tokens1 = {"p1": one["token"]}
    for name in ("Bob", "Cy"):
        joined = _post(proc, f"/api/rooms/{one['code']}/join", {"name": name})
        tokens1[joined["player_id"]] = joined["token"]
    two = _post(proc, "/api/rooms", {"game": "qwirkle"})
    _post(proc, f"/api/rooms/{two['code']}/join", {"name": "Dee"})
    three = _post(proc, "/api/rooms", {"game": "qwirkle", "name": "Eve"})

    phones1 = {p: Seat(proc, one["code"], t).phone for p, t in tokens1.items()}
    phones1["p1"].send({"type": "start"})
    tv2 = Seat(proc, two["code"], two["host_token"]).phone
    tv2.send({"type": "add_bot"})
    tv2.wait_state(lambda m: len(m["room"]["players"]) == 2)
    eve = Seat(proc, three["code"], three["token"]).phone
    eve.send({"type": "add_bot"})
    eve.wait_state(lambda m: len(m["room"]["players"]) == 2)
    eve.send({"type": "start"})

    acknowledged: dict[str, int] = {}
    for step in range(9):  # room 1: whoever's turn it is moves, and waits for the ack
        state = phones1["p1"].wait_state(lambda m: m["room"]["phase"] == "playing")
        turn = state["view"]["turn"]
        mover = phones1[turn]
        view = mover.wait_version(state["version"])["view"]
        mover.act(_move_for(view), f"r1-{step}")
        acked = mover.wait_state(lambda m, s=step: m.get("ref") == f"r1-{s}")
        acknowledged[one["code"]] = acked["version"]
        for phone in phones1.values():
            phone.wait_version(acked["version"])
    for step in range(4):  # room 3: Eve moves when it is her turn; the bot answers
        state = eve.wait_state(lambda m: m["view"] is not None and m["view"]["your_turn"])
        eve.act(_move_for(state["view"]), f"r3-{step}")
        acked = eve.wait_state(lambda m, s=step: m.get("ref") == f"r3-{s}")
        acknowledged[three["code"]] = acked["version"]
    acknowledged[two["code"]] = _summary(proc, two["code"])["version"]
    eve.wait_state(lambda m: m["view"]["your_turn"])

    before = {code: _summary(proc, code) for code in acknowledged}
    views_before = {p: phone.wait_version(acknowledged[one["code"]])["view"]
                    for p, phone in phones1.items()}
    eve_before = eve.state
    assert eve_before is not None
    # One last move is sent and the server is killed at once: it may or may not have landed.
    last_turn = phones1["p1"].state["view"]["turn"]  # type: ignore[index]
    last_move = _move_for(phones1[last_turn].state["view"])  # type: ignore[index]
    phones1[last_turn].act(last_move, "in-flight")
    proc.kill()

    proc.start()
    for code, summary in before.items():
        after = _summary(proc, code)
        if code == one["code"]:
            assert after["version"] in (summary["version"], summary["version"] + 1)
        else:
            assert after["version"] == summary["version"]
        assert [(p["id"], p["name"], p["bot"]) for p in after["players"]] == [
            (p["id"], p["name"], p["bot"]) for p in summary["players"]]
        assert (after["phase"], after["host"], after["game"]) == (
            summary["phase"], summary["host"], summary["game"])

    # Every seat token still opens its own seat with the same view (room 1 may be one move on).
    landed = _summary(proc, one["code"])["version"] == before[one["code"]]["version"] + 1
    again1 = {p: Seat(proc, one["code"], t).phone for p, t in tokens1.items()}
    for player, phone in again1.items():
        assert phone.state is not None and phone.state["you"] == player
        if not landed:
            assert phone.state["view"] == views_before[player]
    # The in-flight move, resent with its id, applies exactly once.
    resend = again1[last_turn]
    version = resend.state["version"]  # type: ignore[index]
    resend.act(last_move, "in-flight")
    answer = resend.wait_state(lambda m: m["version"] >= version)
    if landed:
        assert answer["version"] == version
        assert all(m["version"] == version for m in resend.sync())  # presence only
        assert _summary(proc, one["code"])["version"] == version
    else:
        answer = resend.wait_state(lambda m: m.get("ref") == "in-flight")
        assert answer["version"] == version + 1
    # Room 3: Eve's seat and view came back; her bot still plays after her.
    eve2 = Seat(proc, three["code"], three["token"]).phone
    assert eve2.state is not None and eve2.state["you"] == "p1"
    assert eve2.state["view"] == eve_before["view"]
    eve2.act(_move_for(eve2.state["view"]), "after-restart")
    acked = eve2.wait_state(lambda m: m.get("ref") == "after-restart")
    eve2.wait_version(acked["version"] + 1)  # the bot's answer
    # Room 2: the table host token still hosts; the lobby starts.
    tv = Seat(proc, two["code"], two["host_token"]).phone
    assert tv.state is not None and tv.state["is_host"] is True
    tv.send({"type": "start"})
    assert tv.wait_state(lambda m: m["room"]["phase"] == "playing")["view"] is not None
    # A token that never existed is still refused.
    assert Phone(proc, one["code"], "made-up").closed() == (1008, "bad_token")
