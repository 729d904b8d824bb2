"""Playing over real WebSockets: own views, no leaks, refusals to the sender, idempotent ids,
reconnection and presence."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from rules import GAMES
from rules.base import jsonable
from rules.qwirkle import KIND_SET
from tests.app.conftest import Phone, Table, open_table, started_game
from tests.app.patching import read

QWIRKLE = GAMES["qwirkle"]


def _mover(table: Table) -> tuple[str, Any]:
    """Whose turn it is and the move the engine's bot would make for them."""
    state = table.truth()
    (player,) = QWIRKLE.to_act(state)
    return player, QWIRKLE.bot_action(state, player)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value))
    return set()


def test_each_socket_sees_its_own_hand_and_the_table_none_and_nothing_leaks(
        serve: Any, tables: list[Table]) -> None:
    """Play 12 moves; check every message every socket received against the true state of
    its version: tile codes seen are only the viewer's own hand and the grid, and no other
    player's hand appears as a list in any order."""
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob", "Cy"), tables)
    spectator = table.phone()
    truths: dict[int, Any] = {}
    version = table.summary()["version"]
    truths[version] = table.truth()
    for step in range(12):
        player, action = _mover(table)
        phones[player].act(action, f"move-{step}")
        version += 1
        for phone in (*phones.values(), spectator):
            phone.wait_version(version)
        truths[version] = table.truth()

    checked = {"state": 0, "patch": 0}
    for viewer, phone in [*phones.items(), (None, spectator)]:
        for text in phone.raw:
            message = read(text)
            if message["type"] not in checked or message["version"] not in truths:
                continue
            checked[message["type"]] += 1
            state = truths[message["version"]]
            own = state.hands[state.players.index(viewer)] if viewer else ()
            public = {t.tile for t in state.grid}
            if state.last is not None:
                public |= {t.tile for t in state.last.tiles}
            assert (_strings(message) & KIND_SET) <= set(own) | public, (viewer, message)
            if message["type"] == "state" and message["view"] is not None:
                assert message["view"]["hand"] == sorted(own, key=lambda t: list(QWIRKLE_KINDS)
                                                         .index(t))
            for other, hand in zip(state.players, state.hands, strict=True):
                if other == viewer or not hand:
                    continue
                for order in (list(hand), sorted(hand)):
                    assert json.dumps(order) not in text
                    assert json.dumps(order, separators=(",", ":")) not in text
        assert phone.state is not None and phone.state["you"] == viewer
    assert checked["patch"] >= 12 * 4 and checked["state"] >= 4, checked  # both kinds looked at


QWIRKLE_KINDS = __import__("rules.qwirkle", fromlist=["KINDS"]).KINDS


def test_every_connection_gets_the_new_state_after_a_move(serve: Any,
                                                          tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    tv = table.phone()
    before = table.summary()["version"]
    player, action = _mover(table)
    phones[player].act(action, "a1")
    mine = phones[player].wait_version(before + 1)
    assert mine["ref"] == "a1"  # the acting socket learns its action made this version
    for phone in (*phones.values(), tv):
        message = phone.wait_version(before + 1)
        assert message["view"]["grid"] == jsonable(table.truth().grid)
        assert message["version"] == before + 1
        assert phone is phones[player] or "ref" not in message


def test_a_refused_action_goes_to_the_sender_only_and_changes_nothing(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    player, action = _mover(table)
    other = next(p for p in phones if p != player)
    before = table.fingerprint()
    phones[other].act(action, "sneaky")
    error = phones[other].error("not_your_turn")
    assert error["ref"] == "sneaky" and error["message"]
    assert table.fingerprint() == before
    for phone in phones.values():
        assert all(m["type"] != "state" for m in phone.sync())


def test_a_resent_action_id_applies_once(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    player, action = _mover(table)
    version = table.summary()["version"]
    phones[player].act(action, "same-id")
    phones[player].wait_version(version + 1)
    after_first = table.fingerprint()
    phones[player].act(action, "same-id")
    again = phones[player].wait_state()  # a resend is answered with the latest state,
    assert again["version"] == version + 1
    assert again["ref"] == "same-id"  # acknowledged, so the client stops waiting for it
    assert table.fingerprint() == after_first
    assert table.summary()["version"] == version + 1


def test_a_reconnecting_player_gets_the_same_seat_and_the_full_view(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    player, action = _mover(table)
    phones[player].act(action, "m1")
    version = table.summary()["version"] + 0
    last = phones["p2"].wait_version(version)
    phones["p2"].close()
    assert not _connected(phones["p1"].wait_state(lambda m: not _online(m, "p2")), "p2")
    again = table.seat("p2")
    fresh = again.wait_state()
    assert fresh["you"] == "p2" and fresh["version"] == version
    assert fresh["view"] == last["view"]
    assert _connected(phones["p1"].wait_state(lambda m: _online(m, "p2")), "p2")


def _online(message: dict[str, Any], player: str) -> bool:
    return _connected(message, player)


def _connected(message: dict[str, Any], player: str) -> bool:
    return next(p["connected"] for p in message["room"]["players"] if p["id"] == player)


def test_presence_shows_who_is_connected_in_the_summary(serve: Any,
                                                        tables: list[Table]) -> None:
    server = serve()
    table = open_table(server)
    tables.append(table)
    table.join("Bob")
    assert [p["connected"] for p in table.summary()["players"]] == [False, False]
    ann = table.seat("p1")
    assert [p["connected"] for p in table.summary()["players"]] == [True, False]
    table.seat("p2")
    ann.wait_state(lambda m: _online(m, "p2"))
    assert [p["connected"] for p in table.summary()["players"]] == [True, True]


def test_a_spectator_sees_the_public_view_and_cannot_act(serve: Any,
                                                         tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    tv = table.phone()
    assert tv.state is not None
    assert tv.state["you"] is None and tv.state["is_host"] is False
    assert tv.state["view"]["hand"] == [] and tv.state["view"]["allowed"] == []
    player, action = _mover(table)
    before = table.fingerprint()
    tv.act(action, "tv-move")
    assert tv.error("spectator")["ref"] == "tv-move"
    assert table.fingerprint() == before


def test_a_finished_game_reports_the_outcome(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    host = phones["p1"]  # hands both seats to bots, which finish the game
    for player in ("p1", "p2"):
        host.send({"type": "seat_bot", "player": player, "bot": True})
    final = host.wait_state(lambda m: m["room"]["phase"] == "finished")
    outcome = final["outcome"]
    assert outcome is not None and set(outcome["scores"]) == {"p1", "p2"}
    assert outcome["winners"] and outcome["reason"] in ("hand_emptied", "stalemate")
    assert final["view"]["finished"] == outcome["reason"]


def test_phones_share_one_encoding_per_viewer(serve: Any, tables: list[Table]) -> None:
    """Two tabs of one seat receive byte-identical state messages (one encoding per viewer)."""
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    player, action = _mover(table)
    watcher = next(p for p in phones if p != player)
    twin = table.seat(watcher)
    version = table.summary()["version"]
    phones[player].act(action, "x")
    a = phones[watcher].wait_version(version + 1)
    b = twin.wait_version(version + 1)
    assert a == b and phones[watcher].raw[-1] == twin.raw[-1]


def test_phone_helper_reports_server_close_codes(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table, _ = started_game(server, ("Ann", "Bob"), tables)
    stranger = Phone(server, table.code, "not-a-token")
    assert stranger.closed() == (1008, "bad_token")


def test_the_patches_parameter_reads_yes_and_no_and_refuses_anything_else(
        serve: Any, tables: list[Table]) -> None:
    """Sockets are served past FastAPI's routing (``app.routes.ws.session``): its query
    parameters read as they did, and a value it cannot read closes the socket as
    ``bad_parameter`` (a close code the browser can read) and changes nothing."""
    server = serve()
    table, phones = started_game(server, ("Ann", "Bob"), tables)
    base = f"{server.ws_url}/ws/{table.code}?token={table.tokens['p1']}"
    for value, patches in (("1", True), ("true", True), ("Yes", True), ("0", False),
                           ("off", False)):
        with connect(f"{base}&patches={value}", open_timeout=10) as ws:
            assert json.loads(ws.recv(10))["type"] == "state"
            player, action = _mover(table)
            phones[player].act(action, f"move-{value}")  # the next state reaches this socket
            answer = ws.recv(10)
            assert isinstance(answer, str) and (answer[0] == "[") is patches, (value, answer)
    before = table.fingerprint()
    with connect(f"{base}&patches=maybe", open_timeout=10) as ws:
        with pytest.raises(ConnectionClosed):
            ws.recv(10)
        assert (ws.close_code, ws.close_reason) == (1008, "bad_parameter")
    assert table.fingerprint() == before


@pytest.mark.parametrize("path", ["/ws/", "/ws/ABCD/more", "/elsewhere", "/api/rooms"])
def test_a_socket_to_any_other_path_is_refused_at_the_handshake(serve: Any, path: str) -> None:
    server = serve()
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}{path}", open_timeout=10)
    assert refused.value.response.status_code == 403
