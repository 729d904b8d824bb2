"""The one WebSocket route: ``/ws/{code}?token=…`` (no token: the table screen / a spectator).

On connect the socket gets its full state; after that every change pushes a new one. Each
incoming message passes the edge checks in order — size (close 1009), rate (``rate_limited``),
JSON (``bad_message``), type (``unknown_type``), envelope shape (``bad_message``) — and is then
handed to the room, whose refusals (app or rule codes) go back to this socket only.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from app.connection import Connection
from app.deps import SocketRoomDep
from app.protocol import (
    ERRORS,
    MESSAGE_TYPES,
    ActionMessage,
    AddBotMessage,
    AppError,
    ClientMessage,
    EndGameMessage,
    KickMessage,
    MakeHostMessage,
    RematchMessage,
    SeatBotMessage,
    SetGameMessage,
    SetOptionsMessage,
    StartMessage,
)
from app.rooms import Room
from rules.base import RuleError

log = logging.getLogger(__name__)
router = APIRouter()

CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
PONG = '{"type":"pong"}'


@router.websocket("/ws/{code}")
async def play(websocket: WebSocket, room: SocketRoomDep, token: str | None = None) -> None:
    await websocket.accept()
    try:
        conn = room.attach(websocket, token)
    except AppError as exc:
        await websocket.close(ERRORS[exc.code].close or 1008, exc.code)
        return
    settings = room.rooms.settings
    limit = settings.max_message_bytes
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.error(None, "bad_message", "Send JSON text frames, not binary ones.")
                continue
            if len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit):
                conn.close(ERRORS["too_big"].close or 1009, "too_big")
                break
            if not conn.allow(settings.messages_per_second):
                now = time.monotonic()
                if now - conn.limited_at >= 1:  # one notice a second, not one per message
                    conn.limited_at = now
                    conn.error(_ref(text), "rate_limited",
                               f"More than {settings.messages_per_second:g} messages a second; "
                               "this one was dropped.")
                continue
            await handle(room, conn, text)
    except Exception:
        log.exception("socket of room %s failed", room.code)
        conn.close(ERRORS["server_error"].close or 1011, "server_error")
    finally:
        await room.detach(conn)


async def handle(room: Room, conn: Connection, text: str) -> None:
    """Parse one message and do it; every refusal becomes an error message to ``conn``."""
    try:
        data = json.loads(text)
    except ValueError:
        conn.error(None, "bad_message", "That message is not JSON.")
        return
    if not isinstance(data, dict):
        conn.error(None, "bad_message", "A message must be a JSON object.")
        return
    ref = data.get("id") if isinstance(data.get("id"), str) else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        conn.error(ref, "unknown_type", f"There is no message type {kind!r}.")
        return
    try:
        message = CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        conn.error(ref, "bad_message", f"Malformed {kind!r} message: {where}: {first['msg']}.")
        return
    try:
        await dispatch(room, conn, message, len(text))
    except AppError as exc:
        conn.error(ref, exc.code, exc.message)
    except RuleError as exc:
        conn.error(ref, exc.code, exc.message)


async def dispatch(room: Room, conn: Connection, message: Any, size: int) -> None:
    if isinstance(message, ActionMessage):
        await room.act(conn, message.id, message.action, size)
    elif isinstance(message, StartMessage):
        await room.start(conn)
    elif isinstance(message, KickMessage):
        await room.kick(conn, message.player)
    elif isinstance(message, AddBotMessage):
        await room.add_bot(conn)
    elif isinstance(message, RematchMessage):
        await room.rematch(conn)
    elif isinstance(message, MakeHostMessage):
        await room.make_host(conn, message.player)
    elif isinstance(message, SetOptionsMessage):
        await room.set_options(conn, message.options)
    elif isinstance(message, SeatBotMessage):
        await room.seat_bot(conn, message.player, message.bot)
    elif isinstance(message, SetGameMessage):
        await room.set_game(conn, message.game)
    elif isinstance(message, EndGameMessage):
        await room.end_game(conn)
    else:  # ping
        conn.push(PONG)


def _ref(text: str) -> str | None:
    """The id of a message we refuse unread, if it is cheap to find."""
    if len(text) > 2048:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    ref = data.get("id") if isinstance(data, dict) else None
    return ref if isinstance(ref, str) else None
