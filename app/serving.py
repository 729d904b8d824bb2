"""How uvicorn runs gamenight: one set of server options for ``python -m app``, the peer
benchmark and the tests' servers (which keep uvicorn's default HTTP parser: see
``tests/conftest.py``), and WebSocket keep-alive pings spread out over time.

uvicorn pings a socket every ``ws_ping_interval`` seconds counted from its handshake, so
sockets opened together (a room's phones joining, every phone reconnecting after a restart,
a load test) ping together for as long as they stay open: on a server with 1,200 sockets each
round of pings and pongs stalled the moves it met (the peer benchmark's p99 at fixed load was
146 ms with pings, 6.4 ms without). :class:`SpreadPings` sends a socket's first ping at a
random moment of its first interval; uvicorn spaces the next ones an interval apart, so the
rounds stay spread evenly and dead phones are still found as soon as before.
"""

from __future__ import annotations

import random
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.config import Settings


class SpreadPings(WebSocketsSansIOProtocol):
    """uvicorn's own WebSocket protocol (websockets' Sans-I/O core, its default), with the
    first keep-alive ping of each socket at a random point of the first interval."""

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
