"""The wire as documented: every message the server sends during whole games of every game is
one of the protocol's server models, and the published description names every message type
and error code."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from app.protocol import ERRORS, MESSAGE_TYPES, ServerMessage
from rules import GAMES
from rules.base import jsonable
from tests.app.conftest import Phone, Table, http, open_table

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def _play_to_the_end(table: Table, phones: dict[str, Phone], game_id: str) -> None:
    """People p1 and p2 play the bot's moves over their sockets (a bot holds p3), the last one
    resent once; refusals and pings along the way."""
    game = GAMES[game_id]
    ids = itertools.count()

    async def look() -> tuple[str, Any, int]:
        room = table.room()
        return room.record.phase, room.state, room.version

    last: tuple[str, str] | None = None
    for _ in range(5000):
        phase, state, version = table.server.call(look)
        if phase == "finished":
            break
        due = sorted(set(phones) & game.to_act(state))
        if not due:  # the bot's turn: wait for it
            phones["p1"].wait_version(version + 1)
            continue
        player = due[0]
        action_id = f"a{next(ids)}"
        phones[player].act(game.bot_action(state, player), action_id)
        phones[player].wait_version(version + 1)
        last = (player, action_id)
    else:
        pytest.fail("the game did not end")
    assert last is not None
    player, action_id = last
    # A resend of an applied action is answered with the current state carrying its ref.
    phones[player].send({"type": "action", "id": action_id, "action": {"kind": "nothing"}})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_sent_in_a_whole_game_fits_the_server_models(
        serve: Any, tables: list[Table], game_id: str) -> None:
    server = serve()
    table = open_table(server, game=game_id, name="Ann")
    tables.append(table)
    table.join("Bob")
    phones = {p: table.seat(p) for p in ("p1", "p2")}
    spectator = table.phone()
    for _ in range(max(1, GAMES[game_id].min_players - len(phones))):  # a bot, or enough
        phones["p1"].send({"type": "add_bot"})
    phones["p1"].send({"type": "start"})
    for phone in (*phones.values(), spectator):
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    spectator.send({"type": "action", "id": "s1", "action": {"kind": "x"}})
    spectator.error("spectator")
    spectator.send({"type": "warp"})
    spectator.error("unknown_type")
    _play_to_the_end(table, phones, game_id)
    everyone = (*phones.values(), spectator)
    for phone in everyone:
        phone.sync()  # a ping: its pong arrives after everything sent before
    kinds: set[str] = set()
    for phone in everyone:
        for raw in phone.raw:
            message = SERVER_MESSAGE.validate_json(raw)
            kinds.add(message.type)
    assert kinds == {"state", "error", "pong"}
    assert any('"ref":"a' in raw for raw in phones["p1"].raw + phones["p2"].raw)
    finished = [m for m in (SERVER_MESSAGE.validate_json(r) for r in spectator.raw)
                if m.type == "state" and m.room.phase == "finished"]
    assert finished and finished[-1].outcome is not None
    assert jsonable(finished[-1].view) is not None


def test_the_published_protocol_names_every_message_type_and_error_code(serve: Any) -> None:
    server = serve()
    reply = http(server).get("/api/protocol")
    assert reply.status_code == 200
    body = reply.json()
    client = body["client"]
    assert set(client["discriminator"]["mapping"]) == MESSAGE_TYPES
    assert set(body["server"]["discriminator"]["mapping"]) == {"state", "error", "pong"}
    assert set(body["errors"]) == set(ERRORS)
    assert "/api/protocol" in httpx.get(f"{server.url}/openapi.json").json()["paths"]
