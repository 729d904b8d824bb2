"""The night over real servers: standings kept through a SIGKILL and restart (SQLite and
Redis alike), the per-viewer move history and the replays of finished games over HTTP."""

from __future__ import annotations

import time
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


def _call(proc: AppProcess, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """POST ``body`` (or GET without one) to the server; the JSON answer of a success."""
    reply = httpx.request("POST" if body is not None else "GET", proc.url + path, json=body,
                          timeout=WAIT)
    assert reply.is_success, reply.text
    result: dict[str, Any] = reply.json()
    return result


def _night(proc: AppProcess, code: str) -> dict[str, Any]:
    night: dict[str, Any] = _call(proc, f"/api/rooms/{code}")["night"]
    return night


def bots_play_a_game(proc: AppProcess, game: str, bots: int) -> tuple[str, str, Phone]:
    """A room hosted by its table screen, ``bots`` bots, one whole game played by them."""
    room = _call(proc, "/api/rooms", {"game": game})
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
    before = _night(proc, code)
    assert before["games"] == 1 and sum(r["games"] for r in before["standings"]) == 3
    assert sorted(r["points"] for r in before["standings"]) != [0, 0, 0]
    tv.close()
    proc.kill()
    proc.start()
    after = _night(proc, code)
    assert after == before
    # the next game (another one) adds to the same night, and a late joiner starts at 0
    tv = Phone(proc, code, host_token)
    tv.wait_state()
    tv.send({"type": "set_game", "game": "dixit"})
    tv.wait_state(lambda m: m["room"]["game"] == "dixit")
    _call(proc, f"/api/rooms/{code}/join", {"name": "Late"})
    night = _night(proc, code)
    late = next(r for r in night["standings"] if r["name"] == "Late")
    assert (late["points"], late["games"]) == (0, 0) and night["games"] == 1
    tv.close()


# --- the move history, per viewer -----------------------------------------------------------

#: Players per game in the history test: the person (p1, Ann) and bots.
SEATS = {"qwirkle": 3, "dixit": 4, "hues": 3, "encore": 3}


def secrets(game: str, state: Any, viewer: str | None) -> set[str]:
    """What ``viewer`` may not know now, read from the true state: other seats' hands and the
    bag or pile, cards played face down and votes not yet revealed, the hidden target."""
    players = state.players
    others = [i for i, p in enumerate(players) if p != viewer]
    hidden: set[str] = set()
    if game == "qwirkle":
        hidden |= set(state.bag) | {t for i in others for t in state.hands[i]}
    elif game == "dixit":
        hidden |= set(state.pile) | {c for i in others for c in state.hands[i]}
        if state.phase in ("submit", "vote"):
            hidden |= {c for i in others for c in state.played[i]}
    elif game == "hues":
        giver = players[state.giver]
        if state.target is not None and viewer != giver:
            hidden.add(state.target)
    return hidden


def _texts(data: Any) -> set[str]:
    if isinstance(data, str):
        return {data}
    if isinstance(data, list):
        return {t for v in data for t in _texts(v)}
    if isinstance(data, dict):
        return {t for v in data.values() for t in _texts(v)}
    return set()


def _said(lines: list[dict[str, Any]]) -> set[str]:
    """The texts of history lines, but for a cone's square (a cone is on the board for all,
    even one that happens to sit on the hidden target)."""
    return _texts([{k: v for k, v in line["params"].items() if k != "square"}
                   for line in lines])


def _history(server: Any, code: str, token: str | None) -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    reply = httpx.get(f"{server.url}/api/rooms/{code}/history", headers=headers, timeout=WAIT)
    assert reply.status_code == 200, reply.text
    entries: list[dict[str, Any]] = reply.json()["entries"]
    return entries


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_phones_history_never_names_another_seats_hand_card_or_vote(
        serve: Any, game_id: str) -> None:
    """A whole game against bots: at each of the person's turns, their history and the
    table's hold no text of what they may not know (read from the server's true state)."""
    from rules import GAMES
    from tests.app.conftest import open_table

    game = GAMES[game_id]
    server = serve()
    table = open_table(server, game_id, name="Ann")
    ann = table.seat("p1")
    for n in range(SEATS[game_id] - 1):
        ann.send({"type": "add_bot"})
        ann.wait_state(lambda m, n=n: len(m["room"]["players"]) == n + 2)
    ann.send({"type": "start"})
    ann.wait_state(lambda m: m["room"]["phase"] == "playing")
    checked = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        truth = table.truth()
        over = game.outcome(truth) is not None
        if not over and "p1" not in game.to_act(truth):
            time.sleep(0.01)  # the bots are moving
            continue
        mine = _history(server, table.code, table.tokens["p1"])
        public = _history(server, table.code, None)
        leaked = _said(mine) & secrets(game_id, truth, "p1")
        assert not leaked, (checked, leaked, mine[-3:])
        assert not _said(public) & secrets(game_id, truth, None), (checked, public[-3:])
        checked += 1
        if over:
            break
        version = table.room().record.version
        ann.act(game.bot_action(truth, "p1"), f"ann-{checked}")
        ann.wait_version(version + 1)
    else:
        pytest.fail("the game did not end")
    assert checked > 3 and mine, "the history must say something"
    assert all({"n", "actor", "key", "params"} <= set(line) for line in mine)
    table.close()


# --- replays --------------------------------------------------------------------------------

def _replay(server: Any, code: str, game_id: int, seat: str | None = None
            ) -> httpx.Response:
    params = {"seat": seat} if seat else {}
    return httpx.get(f"{server.url}/api/rooms/{code}/replays/{game_id}", params=params,
                     timeout=WAIT)


def test_a_replay_steps_to_the_final_table_view_and_none_exists_while_a_game_is_played(
        serve: Any) -> None:
    from rules.base import jsonable
    from tests.app.conftest import open_table

    server = serve()
    table = open_table(server, "qwirkle", name="Ann")
    ann = table.seat("p1")
    for n in range(2):
        ann.send({"type": "add_bot"})
        ann.wait_state(lambda m, n=n: len(m["room"]["players"]) == n + 2)
    tv = table.phone()  # a spectator: the table's view
    ann.send({"type": "seat_bot", "player": "p1", "bot": True})  # the bots play the game out
    ann.wait_state(lambda m: m["room"]["players"][0]["bot"])
    ann.send({"type": "start"})
    final = tv.wait_state(lambda m: m["room"]["phase"] == "finished")
    first = final["room"]["night"]["finished"][0]["id"]
    truth = table.truth()

    reply = _replay(server, table.code, first)
    assert reply.status_code == 200, reply.text
    replay = reply.json()
    frames = replay["frames"]
    assert [f["n"] for f in frames] == list(range(len(frames))) and len(frames) > 10
    assert frames[-1]["view"] == final["view"], "the last frame is the final table view"
    assert replay["outcome"] == final["outcome"]
    assert frames[0]["view"]["grid"] == [] and all(f["line"] for f in frames[1:])
    hands = _replay(server, table.code, first, seat="p2").json()["frames"]
    assert hands[-1]["view"] == jsonable(table.room().game.view(truth, "p2"))
    assert hands[1]["view"]["hand"] and frames[1]["view"]["hand"] == []
    assert _replay(server, table.code, first, seat="p9").json()["code"] == "unknown_player"

    # The next game: Ann plays herself, so it waits for her. Its replay is refused, the
    # first game's (archived now) is still there, the same.
    ann.send({"type": "seat_bot", "player": "p1", "bot": False})
    ann.wait_state(lambda m: not m["room"]["players"][0]["bot"])
    ann.send({"type": "rematch"})
    playing = ann.wait_state(lambda m: m["room"]["phase"] == "playing")
    current = table.room().record.started_at
    refused = _replay(server, table.code, current)
    assert refused.status_code == 409 and refused.json()["code"] == "game_in_progress"
    missing = _replay(server, table.code, current + 1000)
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_replay"
    again = _replay(server, table.code, first)
    assert again.status_code == 200 and again.json()["frames"] == frames
    assert playing["room"]["night"]["finished"] == [{"id": first, "game": "qwirkle"}]
    table.close()


def test_history_refuses_a_token_of_no_seat_and_is_empty_in_the_lobby(serve: Any) -> None:
    from tests.app.conftest import open_table

    server = serve()
    table = open_table(server, "qwirkle", name="Ann")
    assert _history(server, table.code, table.tokens["p1"]) == []
    reply = httpx.get(f"{server.url}/api/rooms/{table.code}/history",
                      headers={"Authorization": "Bearer nope"}, timeout=WAIT)
    assert reply.status_code == 403 and reply.json()["code"] == "bad_token"


def test_every_history_line_a_game_can_say_has_a_text_in_every_language() -> None:
    """The keys written in each game's history module, and every key its bot games produce
    for any viewer, are in the game's catalogue of every language."""
    import json
    import re

    from rules import GAMES

    root = Path(__file__).resolve().parents[2]
    for game_id, game in GAMES.items():
        source = (root / "rules" / game_id / "history.py").read_text()
        keys = set(re.findall(r'Entry\(\s*"(\w+)"', source))
        players = [f"p{i}" for i in range(1, max(game.min_players, 3) + 1)]
        for seed in (1, 2):
            state = game.start(players, seed)
            while game.outcome(state) is None:
                actor = sorted(game.to_act(state))[0]
                action = game.bot_action(state, actor)
                after = game.apply(state, actor, action)
                for viewer in (None, *players):
                    entry = game.history(state, actor, action, after, viewer)
                    if entry is not None:
                        keys.add(entry.key)
                state = after
        if game_id == "dixit":
            keys |= {f"everyone_voted_{case}" for case in ("all_found", "none_found",
                                                           "some_found")}
        assert keys, game_id
        for lang in ("en", "ru", "hy", "bn"):
            texts = json.loads((root / "static" / "i18n" / "games" /
                                f"{game_id}.{lang}.json").read_text())
            missing = {k for k in keys if f"{game_id}.history.{k}" not in texts}
            assert not missing, (game_id, lang, missing)
