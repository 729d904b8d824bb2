"""Lobby and host commands, kick, rematch, seat handover, host actions, bots, assets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules import GAMES
from tests.app.conftest import Phone, Table, http, open_table, started_game
from tests.app.fakegames import FAKE_GAMES
from tests.conftest import LiveServer

ALL_GAMES = {**GAMES, **FAKE_GAMES}


def _players(message: dict[str, Any]) -> list[tuple[str, str, bool]]:
    return [(p["id"], p["name"], p["bot"]) for p in message["room"]["players"]]


def _lobby(server: LiveServer, tables: list[Table], game: str = "qwirkle",
           names: tuple[str, ...] = ("Ann", "Bob")) -> tuple[Table, dict[str, Phone]]:
    table = open_table(server, game=game, name=names[0])
    tables.append(table)
    for name in names[1:]:
        table.join(name)
    return table, {p: table.seat(p) for p in table.tokens}


@pytest.mark.parametrize("message", [
    {"type": "start"}, {"type": "add_bot"}, {"type": "kick", "player": "p1"},
    {"type": "make_host", "player": "p2"}, {"type": "set_options", "options": {}},
    {"type": "seat_bot", "player": "p1", "bot": True}, {"type": "rematch"},
    {"type": "set_game", "game": "dixit"}, {"type": "end_game"},
])
def test_host_commands_from_a_non_host_are_refused_and_change_nothing(
        serve: Any, tables: list[Table], message: dict[str, Any]) -> None:
    table, phones = _lobby(serve(), tables)
    before = table.fingerprint()
    phones["p2"].send({**message, "id": "cmd"})
    assert phones["p2"].error("not_host")["ref"] == "cmd"
    assert table.fingerprint() == before


def test_the_host_adds_bots_until_the_room_is_full(serve: Any, tables: list[Table]) -> None:
    table, phones = _lobby(serve(), tables)
    host = phones["p1"]
    for _ in range(4):
        host.send({"type": "add_bot"})
    state = host.wait_state(lambda m: len(m["room"]["players"]) == 6)
    assert _players(state)[2:] == [("p3", "Bot 1", True), ("p4", "Bot 2", True),
                                   ("p5", "Bot 3", True), ("p6", "Bot 4", True)]
    assert [p["human"] for p in state["room"]["players"]] == [True, True] + [False] * 4
    before = table.fingerprint()
    host.send({"type": "add_bot"})
    host.error("room_full")
    assert table.fingerprint() == before


def test_kick_in_the_lobby_removes_the_seat_closes_its_socket_and_kills_its_token(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = _lobby(server, tables, names=("Ann", "Bob", "Cy"))
    bob_token = table.tokens["p2"]
    phones["p1"].send({"type": "kick", "player": "p2"})
    assert phones["p2"].closed() == (1008, "kicked")
    state = phones["p1"].wait_state(lambda m: len(m["room"]["players"]) == 2)
    assert _players(state) == [("p1", "Ann", False), ("p3", "Cy", False)]
    assert Phone(server, table.code, bob_token).closed() == (1008, "bad_token")
    assert table.join("Bob") == "p4"  # ids are never reused


def test_the_host_cannot_kick_themselves_or_a_stranger(serve: Any, tables: list[Table]) -> None:
    table, phones = _lobby(serve(), tables)
    before = table.fingerprint()
    phones["p1"].send({"type": "kick", "player": "p1"})
    phones["p1"].error("cannot_kick_host")
    phones["p1"].send({"type": "kick", "player": "p9"})
    phones["p1"].error("unknown_player")
    assert table.fingerprint() == before


def test_kick_during_play_hands_the_seat_to_a_bot_and_kills_the_token(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    phones["p1"].send({"type": "kick", "player": "p2"})
    assert phones["p2"].closed() == (1008, "kicked")
    state = phones["p1"].wait_state(lambda m: _players(m)[1] == ("p2", "Bob", True))
    assert state["room"]["phase"] in ("playing", "finished")
    assert Phone(server, table.code, table.tokens["p2"]).closed() == (1008, "bad_token")
    # The bot now plays Bob's turns: whenever it is p2's turn, p2 moves without anyone asking.
    truth = table.truth()
    assert "p2" not in GAMES["qwirkle"].to_act(truth) or table.summary()["phase"] == "finished"


def test_make_host_passes_the_role(serve: Any, tables: list[Table]) -> None:
    table, phones = _lobby(serve(), tables)
    phones["p1"].send({"type": "make_host", "player": "p2"})
    state = phones["p2"].wait_state(lambda m: m["room"]["host"] == "p2")
    assert state["is_host"] is True
    assert [p["is_host"] for p in state["room"]["players"]] == [False, True]
    before = table.fingerprint()
    phones["p1"].send({"type": "add_bot"})
    phones["p1"].error("not_host")
    assert table.fingerprint() == before
    phones["p2"].send({"type": "add_bot"})
    phones["p2"].wait_state(lambda m: len(m["room"]["players"]) == 3)
    phones["p2"].send({"type": "make_host", "player": "p3"})  # a bot cannot host
    phones["p2"].error("not_a_human")


def test_a_table_host_runs_the_room_without_a_seat_and_can_take_the_role_back(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table = open_table(server, name=None)
    tables.append(table)
    tv = table.phone(table.host_token)
    assert tv.state is not None and tv.state["is_host"] is True and tv.state["you"] is None
    assert table.join("Bob") == "p1"  # the table holds no seat: the first to join is p1
    bob = table.seat("p1")
    tv.send({"type": "add_bot"})
    tv.wait_state(lambda m: len(m["room"]["players"]) == 2)
    tv.send({"type": "make_host", "player": "p1"})
    assert bob.wait_state(lambda m: m["room"]["host"] == "p1")["is_host"] is True
    tv.send({"type": "add_bot"})
    tv.error("not_host")
    bob.send({"type": "make_host", "player": None})
    assert tv.wait_state(lambda m: m["room"]["host"] is None)["is_host"] is True
    spectator = table.phone()
    assert spectator.state is not None and spectator.state["is_host"] is False


def test_make_host_to_the_table_needs_a_table(serve: Any, tables: list[Table]) -> None:
    table, phones = _lobby(serve(), tables)
    before = table.fingerprint()
    phones["p1"].send({"type": "make_host", "player": None})
    phones["p1"].error("no_table_host")
    assert table.fingerprint() == before


def test_options_are_set_in_the_lobby_checked_and_frozen_in_play(
        serve: Any, tables: list[Table]) -> None:
    table, phones = _lobby(serve(games=ALL_GAMES), tables, game="tally")
    host = phones["p1"]
    assert host.state is not None and host.state["room"]["options"] == {"target": 10}
    host.send({"type": "set_options", "options": {"target": 4}})
    assert host.wait_state(lambda m: m["room"]["options"] == {"target": 4})
    before = table.fingerprint()
    for options, code in (({"target": 99}, "bad_option"), ({"target": "x"}, "bad_option"),
                          ({"colour": 1}, "unknown_option")):
        host.send({"type": "set_options", "options": options})
        host.error(code)
    assert table.fingerprint() == before
    host.send({"type": "start"})
    playing = host.wait_state(lambda m: m["room"]["phase"] == "playing")
    assert playing["view"]["target"] == 4
    host.send({"type": "set_options", "options": {"target": 5}})
    host.error("not_in_lobby")


def test_start_needs_enough_players_and_only_once(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table = open_table(server)
    tables.append(table)
    ann = table.seat("p1")
    before = table.fingerprint()
    ann.send({"type": "start"})
    ann.error("bad_player_count")
    assert table.fingerprint() == before
    table.join("Bob")
    ann.send({"type": "start"})
    ann.wait_state(lambda m: m["room"]["phase"] == "playing")
    before = table.fingerprint()
    ann.send({"type": "start"})
    ann.error("not_in_lobby")
    ann.send({"type": "rematch"})
    ann.error("not_finished")
    assert table.fingerprint() == before


def test_rematch_keeps_the_seats_and_draws_a_new_seed(serve: Any,
                                                       tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 2}})
    host.send({"type": "start"})
    host.wait_state(lambda m: m["room"]["phase"] == "playing")
    first_seed = table.room().record.seed
    host.send({"type": "action", "id": "win", "action": {"kind": "add", "n": 2}})
    finished = host.wait_state(lambda m: m["room"]["phase"] == "finished")
    assert finished["outcome"]["winners"] == ["p1"]
    host.send({"type": "rematch"})
    again = phones["p2"].wait_state(
        lambda m: m["room"]["phase"] == "playing" and m["version"] > finished["version"])
    assert _players(again) == _players(finished)
    assert again["view"]["total"] == 0 and again["outcome"] is None
    assert table.room().record.seed != first_seed
    assert table.room().record.players == ("p1", "p2")


def test_players_may_join_a_finished_room_and_play_the_rematch(
        serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 2}})
    host.send({"type": "start"})
    host.send({"type": "action", "id": "w", "action": {"kind": "add", "n": 3}})
    host.wait_state(lambda m: m["room"]["phase"] == "finished")
    cy = table.join("Cy")
    cy_phone = table.seat(cy)
    assert cy_phone.state is not None and cy_phone.state["view"]["secret"] is None
    host.send({"type": "rematch"})
    game = cy_phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    assert game["view"]["secret"] == 9  # Cy is the third seat of the new game


def test_the_host_switches_games_keeping_the_seats_and_the_new_game_plays(
        serve: Any, tables: list[Table], tmp_path: Path) -> None:
    """After a game of Tally, "another game": the same people land in Qwirkle's lobby (its
    own title, player range and options), start it, and get Qwirkle views. The switch is
    durable: a restarted server has the room in Qwirkle with the same seats and tokens."""
    db = tmp_path / "switch.sqlite3"
    server = serve(games=ALL_GAMES, db=db)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 2}})
    host.send({"type": "start"})
    host.send({"type": "action", "id": "w", "action": {"kind": "add", "n": 2}})
    finished = host.wait_state(lambda m: m["room"]["phase"] == "finished")
    host.send({"type": "set_game", "game": "tally"})  # "another game": back to the lobby
    lobby = phones["p2"].wait_state(
        lambda m: m["room"]["phase"] == "lobby" and m["version"] > finished["version"])
    assert lobby["room"]["options"] == {"target": 2} and lobby["view"] is None
    assert lobby["version"] == finished["version"] + 1
    host.send({"type": "set_game", "game": "qwirkle"})
    switched = phones["p2"].wait_state(lambda m: m["room"]["game"] == "qwirkle")
    room = switched["room"]
    assert (room["title"], room["min_players"], room["max_players"]) == ("Qwirkle", 2, 6)
    assert room["phase"] == "lobby" and room["options"] == {}
    assert _players(switched) == _players(finished)
    host.send({"type": "start"})
    playing = phones["p2"].wait_state(lambda m: m["room"]["phase"] == "playing")
    assert len(playing["view"]["hand"]) == 6 and playing["view"]["bag"] == 108 - 12
    assert table.room().record.players == ("p1", "p2")
    for phone in phones.values():
        phone.close()
    server.stop()
    again = serve(games=ALL_GAMES, db=db)
    back = Table(again, table.code, table.host_token)
    back.tokens = table.tokens
    tables.append(back)
    bob = back.seat("p2")
    assert bob.state is not None and bob.state["room"]["game"] == "qwirkle"
    assert bob.state["view"]["hand"] == playing["view"]["hand"]


def test_switching_games_is_refused_in_play_to_a_too_small_game_or_an_unknown_one(
        serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="qwirkle", names=("Ann", "Bob", "Cy", "Di"))
    host = phones["p1"]
    before = table.fingerprint()
    host.send({"type": "set_game", "game": "tally", "id": "small"})  # Tally takes 1-3
    refusal = host.error("too_many_players")
    assert refusal["ref"] == "small" and "at most 3" in refusal["message"]
    host.send({"type": "set_game", "game": "chess"})
    host.error("unknown_game")
    assert table.fingerprint() == before
    host.send({"type": "start"})
    host.wait_state(lambda m: m["room"]["phase"] == "playing")
    before = table.fingerprint()
    host.send({"type": "set_game", "game": "dixit"})
    host.error("not_in_lobby")
    assert table.fingerprint() == before


def test_end_game_stops_play_and_sends_everyone_back_to_the_lobby_with_seats_and_options(
        serve: Any, tables: list[Table], tmp_path: Path) -> None:
    """Mid-game, the host ends it: no outcome, the same seats (a seat handed to a bot stays
    so, to be handed back in the lobby), the same options, a fresh start possible. Durable:
    a restarted server has the room in its lobby."""
    db = tmp_path / "end.sqlite3"
    server = serve(games=ALL_GAMES, db=db)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob", "Cy"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 50}})
    host.send({"type": "start"})
    host.send({"type": "action", "id": "a", "action": {"kind": "add", "n": 1}})
    playing = host.wait_state(lambda m: m["view"] is not None and m["view"]["total"] == 1)
    host.send({"type": "seat_bot", "player": "p3", "bot": True})
    host.wait_state(lambda m: _players(m)[2][2])
    host.send({"type": "end_game", "id": "end"})
    lobby = phones["p2"].wait_state(
        lambda m: m["room"]["phase"] == "lobby" and m["version"] > playing["version"])
    assert lobby["view"] is None and lobby["outcome"] is None
    assert lobby["room"]["options"] == {"target": 50}
    assert _players(lobby) == [("p1", "Ann", False), ("p2", "Bob", False), ("p3", "Cy", True)]
    before = table.fingerprint()
    host.send({"type": "end_game", "id": "again"})
    assert host.error("not_playing")["ref"] == "again"
    assert table.fingerprint() == before
    host.send({"type": "start"})
    fresh = phones["p2"].wait_state(
        lambda m: m["room"]["phase"] == "playing" and m["version"] > lobby["version"])
    assert fresh["view"]["total"] == 0
    host.send({"type": "end_game"})
    phones["p2"].wait_state(
        lambda m: m["room"]["phase"] == "lobby" and m["version"] > fresh["version"])
    for phone in phones.values():
        phone.close()
    server.stop()
    again = serve(games=ALL_GAMES, db=db)
    back = Table(again, table.code, table.host_token)
    back.tokens = table.tokens
    tables.append(back)
    bob = back.seat("p2")
    assert bob.state is not None and bob.state["room"]["phase"] == "lobby"
    assert bob.state["view"] is None and _players(bob.state) == _players(lobby)


def test_end_game_is_refused_when_the_game_has_finished(serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 2}})
    host.send({"type": "start"})
    host.send({"type": "action", "id": "w", "action": {"kind": "add", "n": 2}})
    host.wait_state(lambda m: m["room"]["phase"] == "finished")
    before = table.fingerprint()
    host.send({"type": "end_game"})
    host.error("not_playing")
    assert table.fingerprint() == before


def test_seat_bot_hands_an_absent_players_seat_to_a_bot_and_back(
        serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "set_options", "options": {"target": 50}})
    host.send({"type": "start"})
    host.wait_state(lambda m: m["room"]["phase"] == "playing")
    phones["p2"].close()
    host.send({"type": "seat_bot", "player": "p2", "bot": True})
    handed = host.wait_state(lambda m: _players(m)[1] == ("p2", "Bob", True))
    assert handed["room"]["players"][1]["human"], "the seat still belongs to Bob"
    version = table.summary()["version"]
    host.send({"type": "action", "id": "a", "action": {"kind": "add", "n": 1}})
    # p1 moved (version + 1), then the bot moved for p2 on its own (version + 2).
    after = host.wait_version(version + 2)
    assert after["view"]["total"] == 2 and after["view"]["turn"] == "p1"
    host.send({"type": "seat_bot", "player": "p2", "bot": False})
    host.wait_state(lambda m: _players(m)[1] == ("p2", "Bob", False))
    bob = table.seat("p2")
    host.send({"type": "action", "id": "b", "action": {"kind": "add", "n": 1}})
    mine = bob.wait_state(lambda m: m["view"]["your_turn"])
    assert mine["view"]["total"] == 3  # the bot did not move this time: Bob plays again
    bob.send({"type": "action", "id": "c", "action": {"kind": "add", "n": 2}})
    assert bob.wait_state(lambda m: m["view"]["total"] == 5)


def test_a_person_cannot_play_a_seat_handed_to_a_bot(serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table, phones = _lobby(server, tables, game="tally", names=("Ann", "Bob"))
    host = phones["p1"]
    host.send({"type": "seat_bot", "player": "p1", "bot": True})
    host.wait_state(lambda m: _players(m)[0][2])
    host.send({"type": "seat_bot", "player": "p2", "bot": True})
    host.wait_state(lambda m: _players(m)[1][2])
    host.send({"type": "seat_bot", "player": "p2", "bot": False})
    host.wait_state(lambda m: not _players(m)[1][2])
    host.send({"type": "set_options", "options": {"target": 50}})
    host.send({"type": "start"})
    # p1's seat is the bot's: p1 moved at once, and it is p2's turn.
    host.wait_state(lambda m: m["view"] and m["view"]["turn"] == "p2")
    phones["p2"].send({"type": "action", "id": "x", "action": {"kind": "add", "n": 1}})
    host.wait_state(lambda m: m["view"]["total"] == 3)  # p2 (1) and the p1 bot (1) again
    before = table.fingerprint()
    host.send({"type": "action", "id": "y", "action": {"kind": "add", "n": 1}})
    host.error("seat_played_by_bot")
    assert table.fingerprint() == before


def test_host_actions_are_applied_as_the_host_and_refused_to_players(
        serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table = open_table(server, game="tally", name=None)
    tables.append(table)
    tv = table.phone(table.host_token)
    table.join("Bob")
    table.join("Cy")
    bob = table.seat("p1")
    tv.send({"type": "start"})
    bob.wait_state(lambda m: m["room"]["phase"] == "playing")
    bob.send({"type": "action", "id": "1", "action": {"kind": "add", "n": 3}})
    bob.wait_state(lambda m: m["view"]["total"] == 3)
    before = table.fingerprint()
    bob.send({"type": "action", "id": "2", "action": {"kind": "reset"}})
    bob.error("host_only")  # a player's reset goes to the game as that player: refused
    assert table.fingerprint() == before
    tv.send({"type": "action", "id": "3", "action": {"kind": "reset"}})
    assert bob.wait_state(lambda m: m["view"]["total"] == 0)
    assert table.room().state.total == 0


def test_bots_finish_a_whole_qwirkle_game_alone(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table = open_table(server, name=None)
    tables.append(table)
    tv = table.phone(table.host_token)
    for _ in range(4):
        tv.send({"type": "add_bot"})
    tv.wait_state(lambda m: len(m["room"]["players"]) == 4)
    tv.send({"type": "start"})
    final = tv.wait_state(lambda m: m["room"]["phase"] == "finished")
    assert final["view"]["bag"] == 0 and final["outcome"]["winners"]
    assert sum(final["outcome"]["scores"].values()) > 0
    assert len(final["view"]["grid"]) > 60  # most of the 108 tiles were laid


def test_a_game_with_a_single_action_type_is_parsed(serve: Any, tables: list[Table]) -> None:
    server = serve(games=ALL_GAMES)
    table = open_table(server, game="clicker", name="Solo")
    tables.append(table)
    solo = table.seat("p1")
    solo.send({"type": "start"})
    solo.wait_state(lambda m: m["room"]["phase"] == "playing")
    solo.send({"type": "action", "id": "1", "action": {"kind": "add", "n": 2}})
    assert solo.wait_state(lambda m: m["view"]["total"] == 2)
    before = table.fingerprint()
    solo.send({"type": "action", "id": "2", "action": {"kind": "reset"}})
    solo.error("bad_action")
    assert table.fingerprint() == before


def test_assets_are_served_with_long_lived_caching(serve: Any) -> None:
    server = serve(games=ALL_GAMES)
    client = http(server)
    reply = client.get("/assets/tally/board.svg")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("image/svg")
    assert reply.text.startswith("<svg")
    assert reply.headers["cache-control"] == "public, max-age=31536000, immutable"
    etag = reply.headers["etag"]
    again = client.get("/assets/tally/board.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag
    for path in ("/assets/tally/nope.svg", "/assets/qwirkle/board.svg", "/assets/chess/x"):
        missing = client.get(path)
        assert missing.status_code == 404 and missing.json()["code"] == "unknown_asset"
