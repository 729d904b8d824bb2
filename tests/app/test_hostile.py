"""Issue 12, one test per failure found by hostile input, each with the issue's own payload:
handler crashes, deaf sockets, HTTP 500s, error bodies not in the documented shape, control
characters in player text, and a correct code locked out by other people's wrong ones.

Every socket test checks the answer (one error with a documented code), that the socket still
answers a ping, and that the room is exactly as before."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import httpx
import pytest

from app.protocol import ERRORS
from rules.base import jsonable
from tests.app.conftest import Phone, Table, http, open_table
from tests.app.fakegames import FAKE_GAMES

# --- rooms in the phase a payload needs ---------------------------------------------------


def _room(server: Any, tables: list[Table], game: str, players: int = 3
          ) -> tuple[Table, dict[str, Phone]]:
    """A started room of ``game`` with ``players`` people, one phone each (p1 hosts)."""
    table = open_table(server, game=game, name="Ann")
    tables.append(table)
    for name in ("Bob", "Cy", "Di", "Ed", "Flo")[:players - 1]:
        table.join(name)
    phones = {p: table.seat(p) for p in table.tokens}
    phones["p1"].send({"type": "start"})
    for phone in phones.values():
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    return table, phones


def _due(table: Table) -> tuple[str, dict[str, Any]]:
    """The player the game waits for, and the bot's choice for them as JSON."""
    game = table.room().game
    state = table.truth()
    player = sorted(game.to_act(state))[0]
    return player, jsonable(game.bot_action(state, player))


def _refused(table: Table, phone: Phone, text: str, codes: set[str]) -> dict[str, Any]:
    """Send ``text``; exactly one error with one of ``codes`` comes back, the socket still
    answers a ping, and the room is as it was."""
    before = table.fingerprint()
    phone.send(text)
    answers = phone.sync()
    assert [a["type"] for a in answers] == ["error"], answers
    assert answers[0]["code"] in codes, answers
    assert table.fingerprint() == before
    return answers[0]


@pytest.fixture
def qwirkle(serve: Any, tables: list[Table]) -> tuple[Table, dict[str, Phone]]:
    return _room(serve(), tables, "qwirkle", 2)


# --- 1. handler crashes ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ['{"type": {}}', '{"type": ["action"]}'])
def test_a_type_that_is_an_object_or_a_list_is_refused_not_a_crash(
        qwirkle: tuple[Table, dict[str, Phone]], text: str) -> None:
    table, phones = qwirkle
    error = _refused(table, phones["p1"], text, {"unknown_type"})
    assert "string" in error["message"]


def test_an_action_kind_that_is_a_list_is_refused_not_a_crash(
        qwirkle: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = qwirkle
    player, _ = _due(table)
    _refused(table, phones[player],
             '{"type": "action", "id": "k", "action": {"kind": ["place"]}}', {"bad_action"})
    _refused(table, phones["p1"], '{"type": "action", "id": "k", "action": {"kind": 7}}',
             {"bad_action"})


@pytest.mark.parametrize("depth", [33, 900, 5000])
def test_deep_nesting_inside_an_action_is_bad_message_not_a_crash(
        qwirkle: tuple[Table, dict[str, Phone]], depth: int) -> None:
    table, phones = qwirkle
    player, _ = _due(table)
    text = ('{"type": "action", "id": "d", "action": {"kind": "place", "tiles": '
            + "[" * depth + "]" * depth + "}}")
    error = _refused(table, phones[player], text, {"bad_message"})
    assert "deep" in error["message"]


def test_ten_thousand_unclosed_brackets_inside_an_action_are_bad_message(
        qwirkle: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = qwirkle
    player, _ = _due(table)
    text = '{"type":"action","id":"d","action":{"kind":"place","tiles":' + "[" * 10_000
    _refused(table, phones[player], text, {"bad_message"})


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "9007199254740993",
                                    "-9007199254740993", "1" + "0" * 5000])
def test_numbers_out_of_range_anywhere_are_bad_message(
        qwirkle: tuple[Table, dict[str, Phone]], number: str) -> None:
    table, phones = qwirkle
    player, _ = _due(table)
    text = ('{"type": "action", "id": "n", "action": {"kind": "place", "tiles": '
            f'[{{"tile": "Ro", "row": {number}, "col": 0}}]}}}}')
    _refused(table, phones[player], text, {"bad_message"})


def test_a_lone_surrogate_in_a_dixit_phrase_is_bad_message_not_a_crash(
        serve: Any, tables: list[Table]) -> None:
    table, phones = _room(serve(), tables, "dixit", 3)
    teller, tell = _due(table)
    assert tell["kind"] == "tell"
    text = json.dumps({"type": "action", "id": "s",
                       "action": {**tell, "phrase": "moon \ud800 light"}})
    assert "\\ud800" in text
    error = _refused(table, phones[teller], text, {"bad_message"})
    assert "surrogate" in error["message"]
    phones[teller].act(tell, "s2")  # the same tell without it is played
    phones[teller].wait_state(lambda m: m.get("ref") == "s2")


def test_a_lone_surrogate_in_a_hues_cue_is_bad_message_not_a_crash(
        serve: Any, tables: list[Table]) -> None:
    table, phones = _room(serve(), tables, "hues", 3)
    giver, pick = _due(table)
    phones[giver].act(pick, "pick")
    phones[giver].wait_state(lambda m: m.get("ref") == "pick")
    text = json.dumps({"type": "action", "id": "c", "action": {"kind": "cue",
                                                               "text": "moon\ud800"}})
    error = _refused(table, phones[giver], text, {"bad_message"})
    assert "surrogate" in error["message"]


# --- 2. sockets that go deaf ------------------------------------------------------------------

def test_a_lone_surrogate_in_an_action_id_leaves_the_socket_answering(
        qwirkle: tuple[Table, dict[str, Phone]]) -> None:
    table, phones = qwirkle
    text = '{"type":"action","id":"\\ud800x","action":{"kind":"explode"}}'
    error = _refused(table, phones["p2"], text, {"bad_message"})
    assert error["ref"] is None
    phones["p2"].sync()  # and again: not deaf
    player, move = _due(table)
    phones[player].act(move, "after")
    for phone in phones.values():
        phone.wait_state(lambda m: m["version"] > 3)


def test_a_lone_surrogate_id_on_a_legal_dixit_tell_leaves_the_socket_answering(
        serve: Any, tables: list[Table]) -> None:
    table, phones = _room(serve(), tables, "dixit", 3)
    teller, tell = _due(table)
    text = json.dumps({"type": "action", "id": "\ud800x", "action": tell})
    _refused(table, phones[teller], text, {"bad_message"})
    phones[teller].act(tell, "fine")
    phones[teller].wait_state(lambda m: m.get("ref") == "fine")


# --- 3 and 4. HTTP bodies: never 500, always the documented shape ----------------------------

def _raw_post(server: Any, path: str, body: str | bytes,
              content_type: str = "application/json") -> httpx.Response:
    return http(server).post(path, content=body, headers={"content-type": content_type})


def _documented(reply: httpx.Response) -> dict[str, Any]:
    assert 400 <= reply.status_code < 500, (reply.status_code, reply.text)
    assert reply.headers["content-type"].startswith("application/json"), reply.text
    body: dict[str, Any] = reply.json()
    assert set(body) == {"code", "message", "detail"}, body
    assert body["code"] in ERRORS and ERRORS[body["code"]].http in (reply.status_code, None)
    assert isinstance(body["message"], str) and body["message"]
    return body


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_in_options_are_4xx_in_the_documented_shape(
        serve: Any, value: str) -> None:
    server = serve()
    reply = _raw_post(server, "/api/rooms",
                      f'{{"game": "dixit", "name": "Ann", "options": {{"target": {value}}}}}')
    _documented(reply)
    assert server.app.state.rooms.rooms == {}


def test_a_lone_surrogate_name_on_create_or_join_is_4xx_in_the_documented_shape(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    reply = _raw_post(server, "/api/rooms", '{"game": "qwirkle", "name": "\\ud800"}')
    _documented(reply)
    assert server.app.state.rooms.rooms == {}
    table = open_table(server)
    tables.append(table)
    before = table.fingerprint()
    for body in ('{"name": "\\ud800"}', '{"name": NaN}'):
        _documented(_raw_post(server, f"/api/rooms/{table.code}/join", body))
    assert table.fingerprint() == before


@pytest.mark.parametrize("body", [
    '{"game": "qwirkle", "options": ' + "[" * 10_000 + "]" * 10_000 + "}",
    '{"game": "qwirkle", "options": {"x": ' + "[" * 40 + "]" * 40 + "}}",
    '{"game": "qwirkle", "options": {"x": ' + "9" * 5000 + "}}",
    '{"game": "qwirkle", "name": "Ann", "options": {"x": 1',
    '{"game": "qwirkle", "name": "Ann\u0000"}',
])
def test_deep_huge_or_broken_bodies_are_4xx_in_the_documented_shape(serve: Any,
                                                                    body: str) -> None:
    server = serve()
    _documented(_raw_post(server, "/api/rooms", body))
    assert server.app.state.rooms.rooms == {}


@pytest.mark.parametrize(("body", "content_type"), [
    (b"\xff\xfe not utf-8", "application/json"),
    (b"\xff\xfe not utf-8", "text/plain"),
    (b'{"game": "qwirkle"}', "text/plain"),
    (b"", "application/json"),
    (b"game=qwirkle", "application/x-www-form-urlencoded"),
])
def test_any_bytes_a_client_sends_get_the_documented_shape(serve: Any, body: bytes,
                                                           content_type: str) -> None:
    server = serve()
    _documented(_raw_post(server, "/api/rooms", body, content_type))
    assert server.app.state.rooms.rooms == {}


# --- 6. the text rules for every player-supplied string ---------------------------------------

def test_control_characters_in_a_first_cue_are_refused(serve: Any, tables: list[Table]) -> None:
    table, phones = _room(serve(), tables, "hues", 3)
    giver, pick = _due(table)
    phones[giver].act(pick, "pick")
    phones[giver].wait_state(lambda m: m.get("ref") == "pick")
    text = json.dumps({"type": "action", "id": "c",
                       "action": {"kind": "cue", "text": "\u0000\u0001 \u0000\u0001 x"}})
    error = _refused(table, phones[giver], text, {"bad_message"})
    assert "control" in error["message"]


@pytest.mark.parametrize("phrase", ["moon\u202elight", "moon\u200dlight", "moon\u0000"])
def test_control_and_format_characters_in_a_dixit_phrase_are_refused(
        serve: Any, tables: list[Table], phrase: str) -> None:
    table, phones = _room(serve(), tables, "dixit", 3)
    teller, tell = _due(table)
    text = json.dumps({"type": "action", "id": "p", "action": {**tell, "phrase": phrase}})
    _refused(table, phones[teller], text, {"bad_message"})


# --- handler crashes: answered, logged in one line, nobody else affected ----------------------

def test_a_crash_in_a_handler_answers_server_error_and_leaves_the_room_and_sockets_alive(
        serve: Any, tables: list[Table], caplog: pytest.LogCaptureFixture) -> None:
    server = serve(games=FAKE_GAMES)
    table = open_table(server, game="tally", name="Ann")
    tables.append(table)
    table.join("Bob")
    ann, bob = table.seat("p1"), table.seat("p2")
    spectator = table.phone()
    ann.send({"type": "start"})
    for phone in (ann, bob, spectator):
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    before = table.fingerprint()
    with caplog.at_level(logging.ERROR):
        ann.send({"type": "action", "id": "boom",
                  "action": {"kind": "crash", "note": "payload-text"}})
        answers = ann.sync()
    assert [(a["type"], a["code"], a["ref"]) for a in answers] == [("error", "server_error",
                                                                    "boom")]
    assert table.fingerprint() == before
    assert bob.sync() == [] and spectator.sync() == []  # nothing reached the others
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1, failures
    line = failures[0].getMessage()
    assert table.code in line and "'action'" in line and "payload-text" not in caplog.text
    assert "\n" not in caplog.text.strip(), caplog.text  # one line, no traceback
    version = before[0].version
    ann.act({"kind": "add", "n": 2}, "after")  # the room goes on for everyone
    for phone in (ann, bob, spectator):
        assert phone.wait_version(version + 1)["view"]["total"] == 2


def test_a_socket_that_cannot_be_sent_to_is_closed_with_1011_not_left_deaf(
        serve: Any, tables: list[Table]) -> None:
    """A bug that makes a state unsendable (here a game whose view holds a lone surrogate)
    closes the sockets with 1011, so phones reconnect, instead of leaving them open and
    silent (issue 12, point 2)."""
    server = serve(games=FAKE_GAMES)
    table = open_table(server, game="tally", name="Ann")
    tables.append(table)
    table.join("Bob")
    ann, bob = table.seat("p1"), table.seat("p2")
    ann.send({"type": "start"})
    for phone in (ann, bob):
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    ann.send({"type": "action", "id": "g", "action": {"kind": "garble"}})
    assert ann.closed() == (1011, "server_error")
    bob.send({"type": "ping"})  # it could not be sent the state either: its next message
    assert bob.closed() == (1011, "server_error")


# --- 7. wrong codes never lock out the right one ---------------------------------------------

def test_other_peoples_wrong_codes_never_lock_out_a_live_room(serve: Any,
                                                              tables: list[Table]) -> None:
    server = serve(join_misses=3, join_miss_delay_seconds=0.3)
    table = open_table(server)
    tables.append(table)
    client = http(server)
    for _ in range(6):
        assert client.get("/api/rooms/QQQQ").status_code == 404
        assert Phone(server, "QQQQ").closed() == (1008, "unknown_room")
    assert client.get(f"/api/rooms/{table.code}").status_code == 200
    assert client.post(f"/api/rooms/{table.code}/join", json={"name": "Kid"}).status_code == 200
    table.phone(table.tokens["p1"])  # the host's phone connects (a state arrives)
    table.phone()  # and the table screen


def test_guessing_beyond_the_budget_is_slowed_down(serve: Any) -> None:
    """Each miss beyond the budget makes the address's next lookup wait: 1/32 of the longest
    wait, doubling with each further miss up to the longest."""
    longest = 0.32
    server = serve(join_misses=2, join_miss_delay_seconds=longest)
    client = http(server)
    for _ in range(2):  # within the budget: nothing to wait for
        assert client.get("/api/rooms/QQQQ").status_code == 404
    started = time.monotonic()
    for _ in range(8):
        assert client.get("/api/rooms/QQQQ").status_code == 404
    waited = [longest / 32 * 2 ** n for n in range(7)]  # before the 2nd…8th of these
    assert time.monotonic() - started >= sum(min(w, longest) for w in waited) - 0.05
