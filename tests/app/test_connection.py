"""A connection sends at once when its socket takes data, and a slow socket's messages wait in
its own outbox (newer states replacing older ones) without holding up anyone else."""

from __future__ import annotations

import asyncio
from typing import Any

from app.connection import Connection
from app.decisions import Sender
from app.serving import TEXT_FRAMES


class Gate:
    """A socket whose sends wait while the gate is shut (a phone whose buffer is full)."""

    def __init__(self, fail: bool = False) -> None:
        self.open = asyncio.Event()
        self.open.set()
        self.fail = fail
        self.sent: list[str] = []
        self.closed: tuple[int, str | None] | None = None
        self.scope: dict[str, Any] = {"type": "websocket", "extensions": {}}

    async def send_text(self, text: str) -> None:
        if self.fail:
            raise RuntimeError("the peer went away")
        await self.open.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.open.wait()
        self.closed = (code, reason)


def connect(socket: Gate) -> Connection:
    return Connection(socket, Sender("p1"), 100)  # type: ignore[arg-type]


def run(body: Any) -> None:
    asyncio.run(body())


def test_a_socket_that_takes_data_gets_each_message_at_once_without_a_task() -> None:
    async def body() -> None:
        socket = Gate()
        conn = connect(socket)
        conn.push_state("s1")
        conn.push("e1")
        conn.push_state("s2")
        assert socket.sent == ["s1", "e1", "s2"]  # no await in between: sent in the caller
        assert conn.writer is None
    run(body)


def test_frames_go_past_asgi_while_the_server_takes_them_and_through_it_when_it_declines(
        ) -> None:
    async def body() -> None:
        socket = Gate()
        direct: list[bytes] = []
        taking = [True]

        def write(data: bytes) -> bool:
            if taking[0]:
                direct.append(data)
            return taking[0]
        socket.scope["extensions"][TEXT_FRAMES] = write
        conn = connect(socket)
        conn.push_state("s1")
        conn.push("é1")
        taking[0] = False
        conn.push_state("s2")
        assert direct == [b"s1", "é1".encode()] and socket.sent == ["s2"]
        assert conn.writer is None
    run(body)


def test_a_slow_socket_gets_its_messages_in_order_with_newer_states_replacing_older() -> None:
    async def body() -> None:
        socket = Gate()
        socket.open.clear()
        conn = connect(socket)
        conn.push_state("s1")  # starts sending, then has to wait
        assert conn.writer is not None and socket.sent == []
        conn.push_state("s2")
        conn.push_state("s3")  # replaces s2, which was never sent
        conn.push("error")  # not a state: never replaced
        conn.push_state("s4", replaceable=False)  # an acknowledgement: kept
        conn.push_state("s5")
        socket.open.set()
        writer = conn.writer
        await writer
        assert socket.sent == ["s1", "s3", "error", "s4", "s5"]
        assert conn.writer is None
        conn.push_state("s6")  # the socket takes data again: sent at once
        assert socket.sent[-1] == "s6" and conn.writer is None
    run(body)


def test_a_slow_socket_does_not_hold_up_another() -> None:
    async def body() -> None:
        slow, quick = Gate(), Gate()
        slow.open.clear()
        conns = [connect(slow), connect(quick)]
        for conn in conns:
            conn.push_state("s1")
        assert quick.sent == ["s1"] and slow.sent == []
        slow.open.set()
        await asyncio.sleep(0.01)
        assert slow.sent == ["s1"]
        for conn in conns:
            await conn.stop()
    run(body)


def test_a_close_goes_after_what_was_queued_and_nothing_after_it() -> None:
    async def body() -> None:
        socket = Gate()
        socket.open.clear()
        conn = connect(socket)
        conn.push_state("s1")
        conn.push("last words")
        conn.close(1008, "kicked")
        conn.push_state("s2")  # after the close: dropped
        socket.open.set()
        await conn.stop()  # waits for the close frame
        assert socket.sent == ["s1", "last words"]
        assert socket.closed == (1008, "kicked")
    run(body)


def test_a_close_on_an_idle_connection_is_sent_by_a_writer() -> None:
    async def body() -> None:
        socket = Gate()
        conn = connect(socket)
        conn.close(1001, "room_closed")
        await conn.stop()
        assert socket.closed == (1001, "room_closed")
    run(body)


def test_a_socket_that_fails_marks_the_connection_closing_without_raising() -> None:
    async def body() -> None:
        conn = connect(Gate(fail=True))
        conn.push_state("s1")
        assert conn.closing and conn.writer is None
        conn.push_state("s2")  # dropped quietly
        await conn.stop()
    run(body)


def test_stopping_cancels_a_send_that_never_completes() -> None:
    async def body() -> None:
        socket = Gate()
        socket.open.clear()
        conn = connect(socket)
        conn.push_state("s1")
        writer = conn.writer
        assert writer is not None
        await conn.stop()
        assert writer.cancelled() and socket.sent == []
    run(body)
