"""The wire as documented: every message the server sends during whole games of every game is
one of the protocol's server models, and the published description names every message type
and error code."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from app.protocol import ERRORS, MESSAGE_TYPES, ServerMessage
from rules import GAMES
from rules.base import jsonable
from tests.app.conftest import Table, http, open_table, play_to_the_end

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_message_sent_in_a_whole_game_fits_the_server_models(
        serve: Any, tables: list[Table], game_id: str) -> None:
    server = serve(messages_per_second=1000)  # the scripted players outrun the limit
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
    play_to_the_end(table, phones, game_id)
    everyone = (*phones.values(), spectator)
    for phone in everyone:
        phone.sync()  # a ping: its pong arrives after everything sent before
    kinds: set[str] = set()
    for phone in everyone:
        for raw in phone.raw:
            message = SERVER_MESSAGE.validate_json(raw)
            kinds.add(message[0] if isinstance(message, tuple) else message.type)
    assert kinds == {"state", "patch", "error", "pong"}
    assert any('"ref":"a' in raw or raw.startswith("[") and ',"a' in raw
               for raw in phones["p1"].raw + phones["p2"].raw)
    # The whole states rebuilt from patches fit the state model too.
    finished = [SERVER_MESSAGE.validate_python(m) for m in spectator.states
                if m["room"]["phase"] == "finished"]
    assert finished and finished[-1].outcome is not None
    assert jsonable(finished[-1].view) is not None


def test_the_published_protocol_names_every_message_type_and_error_code(serve: Any) -> None:
    server = serve()
    reply = http(server).get("/api/protocol")
    assert reply.status_code == 200
    body = reply.json()
    client = body["client"]
    assert set(client["discriminator"]["mapping"]) == MESSAGE_TYPES
    server_messages = body["server"]["oneOf"]
    assert {m.get("$ref") for m in server_messages} == {
        None, "#/$defs/StateMessage", "#/$defs/ErrorMessage", "#/$defs/PongMessage"}
    patch = next(m for m in server_messages if "$ref" not in m)  # an array, led by "patch"
    assert {v["prefixItems"][0]["const"] for v in patch["anyOf"]} == {"patch"}
    assert set(body["errors"]) == set(ERRORS)
    assert "/api/protocol" in httpx.get(f"{server.url}/openapi.json").json()["paths"]
