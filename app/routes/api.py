"""The public JSON API: list games, create and join rooms, read a room's summary."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from pydantic import TypeAdapter

from app import commands
from app.deps import AddressDep, RoomDep, RoomsDep
from app.fanout import summary
from app.protocol import (
    ERRORS,
    ClientMessage,
    ClockDefault,
    CreateRoom,
    ErrorBody,
    GameInfo,
    Joined,
    JoinRoom,
    OptionInfo,
    RoomCreated,
    RoomSummary,
    ServerMessage,
)
from app.registry import unavailable
from app.store import StoreUnavailable

router = APIRouter(prefix="/api", tags=["api"])

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody}, 409: {"model": ErrorBody}, 422: {"model": ErrorBody},
    429: {"model": ErrorBody},
}


@router.get("/games")
async def list_games(rooms: RoomsDep) -> list[GameInfo]:
    """Every registered game with its player counts and options."""
    return [
        GameInfo(
            id=game.id, title=game.title, blurb=game.blurb, min_players=game.min_players,
            max_players=game.max_players,
            clocks=[ClockDefault(name=c.name, seconds=c.seconds, description=c.description)
                    for c in game.clocks],
            options=[OptionInfo(name=o.name, default=o.default, description=o.description,
                                choices=list(o.choices), minimum=o.minimum, maximum=o.maximum)
                     for o in game.options],
            picture_deck=game.picture_deck.option if game.picture_deck else None)
        for game in rooms.games.values()
    ]


@router.post("/rooms", status_code=201, responses=ERROR_RESPONSES)
async def create_room(body: CreateRoom, rooms: RoomsDep, address: AddressDep) -> RoomCreated:
    """Create a room; the creator is its host, and takes a seat when they give a name."""
    room, host_token, player_id, token = await rooms.create(body.game, body.options, body.name,
                                                           address)
    return RoomCreated(code=room.code, host_token=host_token, player_id=player_id, token=token)


@router.post("/rooms/{code}/join", responses=ERROR_RESPONSES)
async def join_room(body: JoinRoom, room: RoomDep) -> Joined:
    """Take a seat; keep the token (it is the only way back to this seat)."""
    player_id, token = await commands.join(room, body.name)
    return Joined(player_id=player_id, token=token)


@router.get("/rooms/{code}", responses=ERROR_RESPONSES)
async def get_room(room: RoomDep) -> RoomSummary:
    """The public summary: game, phase, players, who is connected, version."""
    return RoomSummary.model_validate(summary(room))


@router.get("/protocol")
async def protocol() -> dict[str, Any]:
    """The WebSocket protocol of ``/ws/{code}?token=…`` as JSON Schema: ``client``, every
    message a client may send (told apart by ``type``); ``server``, every message the server
    sends; ``errors``, every error code of the room server with where it answers (an HTTP
    status, a WebSocket close code, or neither: an error message on an open socket)."""
    return protocol_description()


@cache
def protocol_description() -> dict[str, Any]:
    return {
        "client": TypeAdapter(ClientMessage).json_schema(),
        "server": TypeAdapter(ServerMessage).json_schema(),
        "errors": {code: {"http": kind.http, "close": kind.close, "when": kind.when}
                   for code, kind in ERRORS.items()},
    }


@router.get("/health", responses={503: {"model": ErrorBody}})
async def health(rooms: RoomsDep) -> dict[str, Any]:
    """200 while this instance and its store answer; 503 ``unavailable`` when the store does
    not (a load balancer's health check)."""
    try:
        await rooms.store.ping()
    except StoreUnavailable as exc:
        raise unavailable(exc) from None
    return {"ok": True, "store": "ok", "instance": rooms.instance, "rooms": len(rooms.rooms),
            "connections": sum(len(r.connections) for r in rooms.rooms.values())}
