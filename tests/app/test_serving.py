"""The text-frame extension of ``app.serving``: frames written past the ASGI send reach a real
client whole and in order with the ones sent through ASGI, and the extension declines (so the
ASGI send is used) whenever that send would do more than write: a compression extension
negotiated, a transport above its high-water mark, a socket closed.

A real uvicorn with the production options serves a bare ASGI app that writes what each test
asks for; the clients are websockets' own, or a raw socket that stops reading.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import uvicorn
from websockets.asyncio.client import connect
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from app.config import Settings
from app.serving import TEXT_FRAMES, WriteText, text_frame, uvicorn_options

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Body = Callable[[Scope, WriteText, Receive, Send], Awaitable[None]]


class Served:
    """A bare ASGI app under uvicorn (the production options) in a thread; ``body`` runs for
    each WebSocket once it is accepted, with the scope's text-frame writer."""

    def __init__(self, body: Body, deflate: bool = False) -> None:
        self.failures: list[BaseException] = []
        self.done = threading.Event()

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            assert scope["type"] == "websocket"
            assert (await receive())["type"] == "websocket.connect"
            await send({"type": "websocket.accept"})
            try:
                await body(scope, scope["extensions"][TEXT_FRAMES], receive, send)
            except BaseException as exc:  # reported to the test
                self.failures.append(exc)
                raise
            finally:
                self.done.set()

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"ws://127.0.0.1:{self.sock.getsockname()[1]}/"
        options = uvicorn_options(Settings(ws_deflate=deflate, ws_ping_seconds=0))
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off",
                                                    **options))
        self.thread = threading.Thread(target=lambda: asyncio.run(
            self.server.serve(sockets=[self.sock])), daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.01)

    def finish(self) -> None:
        assert self.done.wait(20), "the app did not finish"
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()
        if self.failures:
            raise self.failures[0]


TEXTS = ["", "a", "é" * 62 + "x", "a" * 125, "a" * 126, "ü" * 40_000, "a" * 65_535,
         "a" * 65_536, "🎲" * 20_000]


def test_frames_written_past_asgi_arrive_whole_and_in_order_with_asgi_sends() -> None:
    """Sizes on both sides of each length form (7-bit, 16-bit, 64-bit, counted in bytes of
    UTF-8, not characters), alternating with ASGI sends."""
    async def body(scope: Scope, write: WriteText, receive: Receive, send: Send) -> None:
        for index, text in enumerate(TEXTS):
            if index % 2:
                await send({"type": "websocket.send", "text": text})
            else:
                assert write(text.encode()), index
        await send({"type": "websocket.close", "code": 1000})

    served = Served(body)

    async def client() -> list[str]:
        async with connect(served.url, compression=None, max_size=None) as ws:
            return [str(await ws.recv()) for _ in TEXTS]

    assert asyncio.run(client()) == TEXTS
    served.finish()


def test_the_frame_is_the_one_websockets_would_write() -> None:
    for text in TEXTS:
        data = text.encode()
        assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


def test_it_declines_on_a_socket_that_negotiated_compression_and_not_on_one_that_did_not(
        ) -> None:
    answers: list[bool] = []

    async def body(scope: Scope, write: WriteText, receive: Receive, send: Send) -> None:
        wrote = write(b"direct")
        answers.append(wrote)
        if not wrote:
            await send({"type": "websocket.send", "text": "direct"})
        await send({"type": "websocket.close", "code": 1000})

    served = Served(body, deflate=True)

    async def client(compression: str | None) -> str:
        async with connect(served.url, compression=compression) as ws:
            return str(await ws.recv())

    assert asyncio.run(client("deflate")) == "direct"
    served.done.wait(10)
    served.done.clear()
    assert asyncio.run(client(None)) == "direct"
    served.finish()
    assert answers == [False, True]


def test_it_declines_above_the_high_water_mark_and_the_asgi_send_waits_its_turn() -> None:
    """A client that stops reading: the writer declines once the transport's buffer is full,
    the ASGI send then waits until the client reads again, and every frame arrives intact and
    in order."""
    chunk = "x" * 65_000
    written: list[int] = []
    declined = threading.Event()

    async def body(scope: Scope, write: WriteText, receive: Receive, send: Send) -> None:
        for index in range(2_000):
            if not write(f"{index:05d}{chunk}".encode()):
                written.append(index)
                declined.set()
                await send({"type": "websocket.send", "text": f"{index:05d}{chunk}"})
                await send({"type": "websocket.close", "code": 1000})
                return
        raise AssertionError("the writer never declined")

    served = Served(body)

    async def client() -> list[str]:
        protocol = ClientProtocol(parse_uri(served.url), max_size=None)
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        where = urlsplit(served.url)
        raw.connect((where.hostname, where.port))
        reader, writer = await asyncio.open_connection(sock=raw)
        protocol.send_request(protocol.connect())
        writer.write(b"".join(protocol.data_to_send()))
        # stop reading until the server's writer has declined
        assert await asyncio.get_running_loop().run_in_executor(None, declined.wait, 60)
        texts: list[str] = []
        while True:
            data = await asyncio.wait_for(reader.read(1 << 20), 20)
            if not data:
                break
            protocol.receive_data(data)
            for event in protocol.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                    texts.append(event.data.decode())
            writer.write(b"".join(protocol.data_to_send()))
        writer.close()
        return texts

    texts = asyncio.run(client())
    served.finish()
    (last,) = written
    assert last > 0  # some frames went past ASGI before the buffer filled
    assert texts == [f"{index:05d}{chunk}" for index in range(last + 1)]


def test_it_declines_once_the_socket_is_closed_and_the_scope_lets_go_of_it() -> None:
    after: list[Any] = []

    async def body(scope: Scope, write: WriteText, receive: Receive, send: Send) -> None:
        assert (await receive())["type"] == "websocket.disconnect"
        deadline = time.monotonic() + 5
        while TEXT_FRAMES in scope["extensions"] and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        after.extend([write(b"too late"), TEXT_FRAMES in scope["extensions"]])

    served = Served(body)

    async def client() -> None:
        async with connect(served.url):
            pass

    asyncio.run(client())
    served.finish()
    assert after == [False, False]
