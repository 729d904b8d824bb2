"""The HTTP API over a real server: games, creating and joining rooms, summaries, refusals."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from app.protocol import CODE_ALPHABET, ERRORS
from tests.app.conftest import Table, http, open_table
from tests.conftest import LiveServer


def test_games_lists_every_registered_game_with_counts_and_options(serve: Any) -> None:
    from rules import GAMES

    server: LiveServer = serve()
    games = http(server).get("/api/games").json()
    assert [g["id"] for g in games] == list(GAMES)
    qwirkle = next(g for g in games if g["id"] == "qwirkle")
    assert (qwirkle["min_players"], qwirkle["max_players"]) == (2, 6)
    assert qwirkle["title"] == "Qwirkle" and qwirkle["blurb"]


def test_a_player_creates_a_room_and_holds_seat_p1_and_the_host_role(serve: Any) -> None:
    server = serve()
    reply = http(server).post("/api/rooms", json={"game": "qwirkle", "name": "  Ann  "})
    assert reply.status_code == 201
    body = reply.json()
    assert re.fullmatch(f"[{CODE_ALPHABET}]{{4}}", body["code"])
    assert body["player_id"] == "p1" and len(body["token"]) >= 32
    assert body["host_token"] == body["token"]
    summary = http(server).get(f"/api/rooms/{body['code']}").json()
    assert summary == {
        "code": body["code"], "game": "qwirkle", "title": "Qwirkle", "phase": "lobby",
        "version": 1, "options": {}, "host": "p1",
        "players": [{"id": "p1", "name": "Ann", "bot": False, "human": True,
                     "connected": False, "is_host": True}],
        "min_players": 2, "max_players": 6, "timers": None, "clock": None,
        "timed_out": None,
        "night": {"games": 0, "over": False, "winners": [], "finished": [],
                  "standings": [{"player": "p1", "name": "Ann", "points": 0, "wins": 0,
                                 "games": 0, "seated": True, "place": 1}]},
    }


def test_a_table_screen_creates_a_room_without_a_seat(serve: Any) -> None:
    server = serve()
    body = http(server).post("/api/rooms", json={"game": "qwirkle"}).json()
    assert body["player_id"] is None and body["token"] is None and len(body["host_token"]) >= 32
    summary = http(server).get(f"/api/rooms/{body['code']}").json()
    assert summary["host"] is None and summary["players"] == []


def test_codes_are_case_insensitive_and_unique(serve: Any) -> None:
    server = serve()
    codes = {open_table(server).code for _ in range(15)}
    assert len(codes) == 15
    code = next(iter(codes))
    assert http(server).get(f"/api/rooms/{code.lower()}").json()["code"] == code
    reply = http(server).post(f"/api/rooms/{code.lower()}/join", json={"name": "Bob"})
    assert reply.status_code == 200 and reply.json()["player_id"] == "p2"


def test_join_gives_short_public_ids_in_join_order_and_long_tokens(serve: Any) -> None:
    server = serve()
    table = open_table(server)
    assert [table.join(n) for n in ("Bob", "Cy")] == ["p2", "p3"]
    tokens = list(table.tokens.values())
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    assert [p["name"] for p in table.summary()["players"]] == ["Ann", "Bob", "Cy"]


def test_names_are_trimmed_and_inner_spaces_collapsed(serve: Any) -> None:
    server = serve()
    table = open_table(server)
    table.join("  Bo   Bo \t")
    assert table.summary()["players"][1]["name"] == "Bo Bo"


def _refused(table: Table, reply: Any, status: int, code: str) -> None:
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert body["code"] == code and body["message"]
    assert ERRORS[code].http == status


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\x00b", "bell\x07", "y" * 500])
def test_bad_names_are_refused_with_422_and_change_nothing(serve: Any, name: str) -> None:
    server = serve()
    table = open_table(server)
    before = table.fingerprint()
    reply = http(server).post(f"/api/rooms/{table.code}/join", json={"name": name})
    _refused(table, reply, 422, "bad_name")
    assert table.fingerprint() == before


def test_a_name_24_characters_long_is_accepted(serve: Any) -> None:
    table = open_table(serve())
    table.join("z" * 24)
    assert table.summary()["players"][1]["name"] == "z" * 24


def test_names_are_unique_case_insensitively(serve: Any) -> None:
    server = serve()
    table = open_table(server)
    before = table.fingerprint()
    reply = http(server).post(f"/api/rooms/{table.code}/join", json={"name": " ANN "})
    _refused(table, reply, 409, "name_taken")
    assert table.fingerprint() == before


def test_a_full_room_refuses_another_player(serve: Any) -> None:
    server = serve()
    table = open_table(server)
    for n in range(5):
        table.join(f"P{n}")
    before = table.fingerprint()
    reply = http(server).post(f"/api/rooms/{table.code}/join", json={"name": "Seventh"})
    _refused(table, reply, 409, "room_full")
    assert table.fingerprint() == before


def test_a_playing_room_refuses_joiners(serve: Any, tables: list[Table]) -> None:
    from tests.app.conftest import started_game

    server = serve()
    table, _ = started_game(server, tables=tables)
    before = table.fingerprint()
    reply = http(server).post(f"/api/rooms/{table.code}/join", json={"name": "Late"})
    _refused(table, reply, 409, "already_playing")
    assert table.fingerprint() == before


def test_unknown_rooms_are_404(serve: Any) -> None:
    server = serve()
    for path in ("/api/rooms/ZZZZ", "/api/rooms/not-a-code"):
        reply = http(server).get(path)
        assert reply.status_code == 404 and reply.json()["code"] == "unknown_room"
    reply = http(server).post("/api/rooms/ZZZZ/join", json={"name": "Bob"})
    assert reply.status_code == 404 and reply.json()["code"] == "unknown_room"


def test_guessing_codes_beyond_the_budget_is_slowed_down_but_a_real_code_gets_in(
        serve: Any) -> None:
    server = serve(join_misses=5, join_miss_delay_seconds=0.2)
    table = open_table(server)
    table.join("Bob")
    client = http(server)
    statuses = [client.post("/api/rooms/QQQQ/join", json={"name": "X"}).status_code
                for _ in range(8)]
    assert statuses == [404] * 8
    started = time.monotonic()
    reply = client.post(f"/api/rooms/{table.code}/join", json={"name": "Cy"})
    assert reply.status_code == 200, reply.text
    assert time.monotonic() - started >= 0.2 / 8 - 0.01  # it waited the last miss's wait


def test_rooms_per_address_are_capped(serve: Any) -> None:
    server = serve(rooms_per_address=3)
    for _ in range(3):
        open_table(server)
    reply = http(server).post("/api/rooms", json={"game": "qwirkle", "name": "Ann"})
    assert reply.status_code == 429 and reply.json()["code"] == "too_many_rooms"
    assert len(server.app.state.rooms.rooms) == 3


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "chess"}, "unknown_game"),
    ({"game": "qwirkle", "options": {"nope": 1}}, "unknown_option"),
    ({"game": "qwirkle", "name": ""}, "bad_name"),
    ({"game": "qwirkle", "surprise": True}, "invalid_request"),
    ({}, "invalid_request"),
])
def test_bad_create_requests_are_422_and_make_no_room(serve: Any, body: dict[str, Any],
                                                      code: str) -> None:
    server = serve()
    reply = http(server).post("/api/rooms", json=body)
    assert reply.status_code == 422, reply.text
    assert reply.json()["code"] == code
    assert server.app.state.rooms.rooms == {}


def test_the_api_is_documented_in_openapi(serve: Any) -> None:
    schema = http(serve()).get("/openapi.json").json()
    assert {"/api/games", "/api/rooms", "/api/rooms/{code}/join",
            "/api/rooms/{code}"} <= set(schema["paths"])
