"""Every bad input over the WebSocket gets its clear error (or close code) and loses nothing:
each test checks the answer and that the room is exactly as before (version, record, state,
every viewer's view)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.protocol import ERRORS
from rules import GAMES
from rules.base import jsonable
from tests.app.conftest import Phone, Table, open_table, started_game

QWIRKLE = GAMES["qwirkle"]


def _mover(table: Table) -> tuple[str, Any]:
    state = table.truth()
    (player,) = QWIRKLE.to_act(state)
    return player, QWIRKLE.bot_action(state, player)


@pytest.fixture
def game(serve: Any, tables: list[Table]) -> tuple[Table, dict[str, Phone]]:
    return started_game(serve(), ("Ann", "Bob"), tables)


def _still_open(phone: Phone) -> None:
    phone.sync()  # a ping answered with a pong: the socket is open and in order


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]", '"action"', "42", "null"])
def test_unparsable_or_non_object_messages_are_bad_message_and_the_socket_stays_open(
        game: tuple[Table, dict[str, Phone]], text: str) -> None:
    table, phones = game
    before = table.fingerprint()
    phones["p1"].send(text)
    assert phones["p1"].error("bad_message")["message"]
    _still_open(phones["p1"])
    assert table.fingerprint() == before


def test_binary_frames_are_bad_message(game: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = game
    before = table.fingerprint()
    phones["p1"].ws.send(b'{"type": "ping"}')
    phones["p1"].error("bad_message")
    _still_open(phones["p1"])
    assert table.fingerprint() == before


@pytest.mark.parametrize("message", [{"type": "dance"}, {"kind": "place"}, {"type": 7}])
def test_unknown_message_types_are_unknown_type(game: tuple[Table, dict[str, Phone]],
                                                message: dict[str, Any]) -> None:
    table, phones = game
    before = table.fingerprint()
    phones["p2"].send({**message, "id": "m"})
    assert phones["p2"].error("unknown_type")["ref"] == "m"
    _still_open(phones["p2"])
    assert table.fingerprint() == before


@pytest.mark.parametrize("message", [
    {"type": "action", "action": {"kind": "pass"}},  # no id
    {"type": "action", "id": "", "action": {"kind": "pass"}},
    {"type": "action", "id": "x" * 65, "action": {"kind": "pass"}},
    {"type": "action", "id": "a", "action": "pass"},
    {"type": "kick"},
    {"type": "seat_bot", "player": "p2", "bot": "yes"},
    {"type": "start", "extra": 1},
])
def test_malformed_envelopes_are_bad_message(game: tuple[Table, dict[str, Phone]],
                                             message: dict[str, Any]) -> None:
    table, phones = game
    before = table.fingerprint()
    phones["p1"].send(message)
    phones["p1"].error("bad_message")
    _still_open(phones["p1"])
    assert table.fingerprint() == before


@pytest.mark.parametrize("action", [
    {"kind": "fly"},
    {},
    {"kind": "place"},
    {"kind": "place", "tiles": [{"tile": "Ro", "row": "up", "col": 0}]},
    {"kind": "trade", "tiles": "Ro"},
    {"kind": "place", "tiles": [{"tile": "Ro"}]},
])
def test_invalid_action_shapes_are_bad_action(game: tuple[Table, dict[str, Phone]],
                                              action: dict[str, Any]) -> None:
    table, phones = game
    player, _ = _mover(table)
    before = table.fingerprint()
    phones[player].send({"type": "action", "id": "bad", "action": action})
    error = phones[player].error("bad_action")
    assert error["ref"] == "bad" and error["message"]
    _still_open(phones[player])
    assert table.fingerprint() == before


def test_over_long_text_in_an_action_is_refused(game: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = game
    player, _ = _mover(table)
    before = table.fingerprint()
    phones[player].send({"type": "action", "id": "t",
                         "action": {"kind": "trade", "tiles": ["R" * 300]}})
    phones[player].error("text_too_long")
    assert table.fingerprint() == before


def test_rule_refusals_carry_the_rule_code_to_the_sender_only(
        game: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = game
    player, _ = _mover(table)
    other = next(p for p in phones if p != player)
    before = table.fingerprint()
    phones[player].send({"type": "action", "id": "r",
                         "action": {"kind": "place", "tiles": [{"tile": "Ro", "row": 5,
                                                                "col": 5}]}})
    code = phones[player].error()["code"]
    assert code not in ERRORS and code in {"tile_not_in_hand", "must_open_with_largest_set",
                                           "must_cover_centre"}
    assert all(m["type"] != "error" for m in phones[other].sync())
    assert table.fingerprint() == before


def test_actions_in_the_lobby_are_not_playing(serve: Any, tables: list[Table]) -> None:
    table = open_table(serve())
    tables.append(table)
    table.join("Bob")
    ann = table.seat("p1")
    before = table.fingerprint()
    ann.send({"type": "action", "id": "early", "action": {"kind": "pass"}})
    ann.error("not_playing")
    assert table.fingerprint() == before


@pytest.mark.parametrize("token", ["nope", "", "x" * 500])
def test_a_wrong_token_closes_with_1008(serve: Any, tables: list[Table], token: str) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    before = table.fingerprint()
    stranger = Phone(server, table.code, token)
    assert stranger.closed() == (1008, "bad_token")
    assert stranger.raw == []  # not even the public state was sent before the close
    assert table.fingerprint() == before


def test_a_socket_to_an_unknown_room_closes_with_1008(serve: Any) -> None:
    server = serve()
    assert Phone(server, "ZZZZ").closed() == (1008, "unknown_room")
    assert Phone(server, "no-such-thing").closed() == (1008, "unknown_room")


def test_guessing_codes_over_sockets_counts_but_never_locks_out_a_live_room(
        serve: Any, tables: list[Table]) -> None:
    server = serve(join_misses=3, join_miss_delay_seconds=0.2)
    table = open_table(server)
    tables.append(table)
    for _ in range(6):
        assert Phone(server, "QQQQ").closed() == (1008, "unknown_room")
    assert len(server.app.state.rooms.guesses) == 1
    table.phone(table.tokens["p1"])  # connects: its state arrives


def test_an_oversized_message_closes_with_1009_and_changes_nothing(
        game: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = game
    player, action = _mover(table)
    before = table.fingerprint()
    big = json.dumps({"type": "action", "id": "big",
                      "action": {**jsonable(action), "pad": "x" * 17000}})
    phones[player].send(big)
    code, _ = phones[player].closed()
    assert code == 1009
    assert table.fingerprint() == before


def test_the_app_enforces_the_size_cap_even_when_the_server_would_accept_more(
        serve: Any, tables: list[Table]) -> None:
    from tests.conftest import LiveServer

    server: LiveServer = serve(max_message_bytes=1024)
    server.server.config.ws_max_size = 1 << 20  # uvicorn lets it through; the app must not
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    before = table.fingerprint()
    phones["p1"].send(json.dumps({"type": "ping", "pad": "é" * 600}))  # 1200+ bytes
    assert phones["p1"].closed() == (1009, "too_big")
    assert table.fingerprint() == before


def test_more_than_the_allowed_messages_a_second_are_rate_limited(
        serve: Any, tables: list[Table]) -> None:
    server = serve(messages_per_second=20)
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    player, _ = _mover(table)
    other = next(p for p in phones if p != player)
    before = table.fingerprint()
    for i in range(40):
        phones[other].send({"type": "ping", "id": str(i)})
    pongs = 0
    while True:
        message = phones[other].recv()
        if message["type"] == "pong":
            pongs += 1
        elif message["type"] == "error":
            assert message["code"] == "rate_limited"
            break
    assert 15 <= pongs < 40  # about one second's worth got through, then the refusal
    assert table.fingerprint() == before


def test_a_room_refuses_sockets_beyond_its_limit_with_1013(serve: Any,
                                                           tables: list[Table]) -> None:
    server = serve(connections_per_room=3)
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    table.phone()
    before = table.fingerprint()
    extra = Phone(server, table.code)
    assert extra.closed() == (1013, "crowded")
    assert table.fingerprint() == before
