"""How uvicorn runs gamenight: one set of server options for ``python -m app``, the peer
benchmark and the tests' servers, and WebSocket keep-alive pings spread out over time.

uvicorn pings a socket every ``ws_ping_interval`` seconds counted from its handshake, so
sockets opened together (a room's phones joining, every phone reconnecting after a restart,
a load test) ping together for as long as they stay open: on a server with 1,200 sockets each
round of pings and pongs stalled the moves it met (the peer benchmark's p99 at fixed load was
146 ms with pings, 6.4 ms without). :class:`SpreadPings` sends a socket's first ping at a
random moment of its first interval; uvicorn spaces the next ones an interval apart, so the
rounds stay spread evenly and dead phones are still found as soon as before.

It also offers each socket a way past the ASGI send for the one thing a broadcast does per
socket, writing a text frame: ``scope["extensions"]["gamenight.text_frames"]`` (see
:data:`TEXT_FRAMES`) writes the frame straight to the transport, or declines, so the caller
sends through ASGI as before. It declines whenever that send would not just write a frame
(the socket is closing or closed, a compression extension was negotiated, the transport is
above its high-water mark, so the ASGI send has to wait): a broadcast to six phones spent
more time in the layers of ``websocket.send`` (Starlette's checks, uvicorn's ``send``, the
Sans-I/O frame objects, a coroutine per send) than in the write.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from typing import Any

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from app.config import Settings

#: The scope extension: a callable taking a text frame's UTF-8 payload, True if it wrote the
#: frame, False if the caller must send it through ASGI instead.
TEXT_FRAMES = "gamenight.text_frames"
WriteText = Callable[[bytes], bool]

_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def text_frame(data: bytes) -> bytes:
    """An unmasked, final, uncompressed text frame (RFC 6455 section 5.2) holding ``data``."""
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return _MEDIUM.pack(0x81, 126, size) + data
    return _LONG.pack(0x81, 127, size) + data


class SpreadPings(WebSocketsSansIOProtocol):
    """uvicorn's own WebSocket protocol (websockets' Sans-I/O core, its default), with the
    first keep-alive ping of each socket at a random point of the first interval, and the
    :data:`TEXT_FRAMES` extension."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the handshake went ahead: the app will see this scope
            scope["extensions"][TEXT_FRAMES] = self.write_text

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            # The handshake's request and response (websockets' Headers, about 4 KiB a
            # socket) are only read until the response is written (the scope has its own
            # copy of the headers); do not keep them for the life of the socket. websockets'
            # parser still holds the request, so its headers are emptied too.
            self.request.headers.clear()
            self.request = self.response = None  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the scope holds this protocol: let both go without the GC
            scope["extensions"].pop(TEXT_FRAMES, None)

    def write_text(self, data: bytes) -> bool:
        """Write one text frame now, if that is all the ASGI send would do."""
        if (self.close_sent or self.disconnected or not self.writable.is_set()
                or self.conn.state is not State.OPEN or self.conn.extensions
                or self.transport.is_closing()):
            return False
        self.transport.write(text_frame(data))
        return True

    def start_keepalive(self) -> None:
        interval = self.ping_interval
        if interval is not None and interval > 0:
            self.ping_timer = self.loop.call_later(random.uniform(0, interval),
                                                   self.send_keepalive_ping)


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """The arguments of ``uvicorn.run``/``uvicorn.Config`` besides the app and the address."""
    return {
        # h11, not httptools: httptools' parser and uvicorn's protocol hold each other, so
        # every WebSocket left that cycle (with its transport and socket) to the collector
        # at its upgrade, and with objects frozen every second some of it stayed for minutes
        # (issue 12; bench/gc_sockets.py). h11 leaves none.
        "http": "h11",
        "ws": SpreadPings,
        "ws_max_size": settings.max_message_bytes,
        "ws_per_message_deflate": settings.ws_deflate,
        "ws_ping_interval": settings.ws_ping_seconds or None,
        "ws_ping_timeout": 20,
        "proxy_headers": True,
        "forwarded_allow_ips": settings.trusted_proxies,
    }
