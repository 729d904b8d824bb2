"""The one WebSocket route: ``/ws/{code}?token=…`` (no token: the table screen / a spectator).

On connect the socket gets its full state; after that every change pushes a new one (with
``patches=1``, a patch message: what changed, see :mod:`app.fanout`). Each
incoming frame passes the transport's checks here — binary (``bad_message``), size (close
1009), rate (``rate_limited``) — then :mod:`app.inbound` reads it into a message model, and
:mod:`app.commands` does it. Every refusal (app or rule code) goes back to this socket only.

A handler that meets an exception nobody expected (a bug) answers ``server_error`` to the
sender and logs one line naming the room and the message type (never the payload, which may
be what broke it); the socket reads on, and the room stays usable (its lock is released, and
a decision that raised changed nothing). A socket that can no longer send is closed with
1011, never left deaf.

WebSocket sessions do not pass through the app's HTTP middleware or FastAPI's routing: the
app hands each one straight to :func:`session` (see ``app.main.GamenightApp``). Every layer a
session passes through stays suspended in it for as long as the socket is open, and those
frames (a dozen middlewares, the route's dependency machinery and exit stacks) were about 12
of the 33 KiB a socket held; none of them does anything for a socket.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time

from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState

from app import commands, inbound
from app.config import Settings
from app.connection import Connection
from app.gc_policy import SOCKETS
from app.protocol import ERRORS, AppError
from app.registry import Rooms
from app.rooms import Room
from rules.base import RuleError

log = logging.getLogger(__name__)
PREFIX = "/ws/"
#: How a ``patches`` query parameter may say yes or no (as FastAPI's bool parameters read).
_YES = frozenset({"1", "on", "t", "true", "y", "yes"})
_NO = frozenset({"0", "off", "f", "false", "n", "no"})


async def session(scope: Scope, receive: Receive, send: Send) -> None:
    """The ASGI app of ``/ws/{code}?token=…&patches=1``: find the room (a refusal is a close
    code the browser can read, so the socket is accepted first), then :func:`play`. Any
    other WebSocket path is refused at the handshake (HTTP 403), as the router did."""
    websocket = WebSocket(scope, receive, send)
    path: str = scope["path"]
    code = path[len(PREFIX):] if path.startswith(PREFIX) else ""
    if not code or "/" in code:
        await websocket.close()
        return
    state = scope["app"].state
    rooms: Rooms = state.rooms
    settings: Settings = state.settings
    patches = websocket.query_params.get("patches", "0").lower()
    token = websocket.query_params.get("token")
    address = websocket.client.host if websocket.client else "unknown"
    # Nothing reads the handshake's headers after this (uvicorn's proxy support already
    # has): let them go rather than keep them for the life of the socket (1-3 KiB).
    scope["headers"] = []
    try:
        if patches not in _YES and patches not in _NO:
            raise AppError("bad_parameter", "patches must be 1 or 0.")
        room = await rooms.lookup(code, address)
    except AppError as exc:
        await websocket.accept()
        await websocket.close(ERRORS[exc.code].close or 1008, exc.code)
        return
    await play(websocket, room, settings, token, patches in _YES)


async def play(websocket: WebSocket, room: Room, settings: Settings, token: str | None,
               patches: bool) -> None:
    """One socket's life: its first state, then each frame read and done in turn."""
    await websocket.accept()
    try:
        conn = room.attach(websocket, token, patches)
    except AppError as exc:
        await websocket.close(ERRORS[exc.code].close or 1008, exc.code)
        return
    opened = time.monotonic()
    SOCKETS.opened()
    try:
        while not conn.closing:  # closing: closed by us, or a send failed (never left deaf)
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                conn.error(None, "bad_message", "Send JSON text frames, not binary ones.")
                continue
            if _too_big(text, settings.max_message_bytes):
                conn.close(ERRORS["too_big"].close or 1009, "too_big")
                break
            if not conn.allow(settings.messages_per_second):
                _rate_limited(conn, text, settings)
                continue
            await handle(room, conn, text, settings)
    except Exception:
        log.exception("socket of room %s failed", room.code)
        conn.close(ERRORS["server_error"].close or 1011, "server_error")
    finally:
        SOCKETS.closed(time.monotonic() - opened)
        await room.detach(conn)
        if (websocket.client_state == WebSocketState.CONNECTED
                and websocket.application_state == WebSocketState.CONNECTED):
            with contextlib.suppress(Exception):  # a send failed: say so instead of going deaf
                await websocket.close(ERRORS["server_error"].close or 1011, "server_error")


async def handle(room: Room, conn: Connection, text: str, settings: Settings) -> None:
    """Read one message and do it; every refusal becomes an error message to ``conn``, and
    so does a bug (``server_error``, logged in one line)."""
    ref = None
    kind = None
    try:
        data = inbound.decode(text)
        ref = inbound.ref_of(data)
        message = inbound.read(data, len(text), settings.max_text)
        kind = data["type"]
        await commands.run(room, conn, message)
    except (AppError, RuleError) as exc:
        conn.error(ref, exc.code, exc.message)
    except Exception as exc:
        log.error("room %s: a %r message failed: %s at %s", room.code, kind,
                  type(exc).__name__, _where(exc))
        conn.error(ref, "server_error", "Something went wrong on the server (it is logged); "
                                        "try again.")


def _where(exc: BaseException) -> str:
    """The file and line an exception was raised at (a log line names no payload)."""
    tb = exc.__traceback__
    if tb is None:
        return "an unknown place"
    while tb.tb_next is not None:
        tb = tb.tb_next
    return f"{os.path.basename(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno}"


def _too_big(text: str, limit: int) -> bool:
    return len(text) > limit or (len(text) * 4 > limit and len(text.encode()) > limit)


def _rate_limited(conn: Connection, text: str, settings: Settings) -> None:
    now = time.monotonic()
    if now - conn.limited_at >= 1:  # one notice a second, not one per message
        conn.limited_at = now
        conn.error(_cheap_ref(text), "rate_limited",
                   f"More than {settings.messages_per_second:g} messages a second; this one "
                   "was dropped.")


def _cheap_ref(text: str) -> str | None:
    """The id of a message we refuse unread, if it is cheap to find."""
    if len(text) > 2048:
        return None
    try:
        return inbound.ref_of(inbound.decode(text))
    except AppError:
        return None
