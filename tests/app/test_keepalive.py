"""Keep-alive pings are spread out: sockets opened together do not ping together.

A real uvicorn server with the production options (``app.serving``) and 1-second pings; 40
sockets are opened at once by a Sans-I/O client that notes when each ping frame arrives (and
answers it, as a browser does). Each socket's first ping falls at its own moment of the first
second, and the later ones keep the interval.
"""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Callable
from itertools import pairwise
from urllib.parse import urlsplit

import httpx
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from tests.conftest import LiveServer

SOCKETS = 40
INTERVAL = 1.0
PINGS = 3


async def ping_times(url: str, pings: int) -> list[float]:
    """Seconds from the handshake to each of the first ``pings`` ping frames on one socket."""
    protocol = ClientProtocol(parse_uri(url))
    where = urlsplit(url)
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    protocol.send_request(protocol.connect())
    writer.write(b"".join(protocol.data_to_send()))
    loop = asyncio.get_running_loop()
    opened: float | None = None
    seen: list[float] = []
    try:
        while len(seen) < pings:
            data = await asyncio.wait_for(reader.read(65536), INTERVAL * 5)
            assert data, "the server closed the socket"
            protocol.receive_data(data)
            if opened is None and protocol.handshake_exc is None and protocol.state.name == "OPEN":
                opened = loop.time()
            for event in protocol.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.PING:
                    assert opened is not None
                    seen.append(loop.time() - opened)
            writer.write(b"".join(protocol.data_to_send()))  # the pongs
    finally:
        writer.close()
    return seen


def test_sockets_opened_together_ping_at_spread_moments(serve: Callable[..., LiveServer]
                                                         ) -> None:
    server = serve(ws_ping_seconds=INTERVAL)
    made = httpx.post(f"{server.url}/api/rooms", json={"game": "qwirkle"})
    assert made.status_code == 201, made.text
    url = f"{server.ws_url}/ws/{made.json()['code']}"

    async def every() -> list[list[float]]:
        return list(await asyncio.gather(*(ping_times(url, PINGS) for _ in range(SOCKETS))))

    times = asyncio.run(every())
    firsts = sorted(t[0] for t in times)
    # uvicorn alone pings every socket INTERVAL after its handshake: all within a few ms.
    assert firsts[-1] - firsts[0] > INTERVAL / 2, firsts
    assert all(0 <= t <= INTERVAL + 1 for t in firsts), firsts
    # spread over the interval, not bunched: the middle half spans about half of it
    quartiles = statistics.quantiles(firsts, n=4)
    assert quartiles[2] - quartiles[0] > INTERVAL / 5, firsts
    # and then each socket keeps pinging an interval apart (dead phones are still found)
    gaps = [later - earlier for t in times for earlier, later in pairwise(t)]
    assert all(INTERVAL * 0.5 < gap < INTERVAL * 2.5 for gap in gaps), gaps  # (a busy machine)
