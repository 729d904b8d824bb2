"""One open WebSocket and its outbox: how a state reaches a phone without holding up others.

A broadcast pushes one message to every connection of a room. Pushing sends at once in the
caller; only a socket that cannot take the data now (a slow phone) gets a writer task, which
finishes that send and drains what queued up meanwhile. A state still waiting in an outbox is
replaced by a newer one, since every state message is a full view (a socket with a send
waiting gets full states, never patches: see :mod:`app.fanout`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import types
from collections import deque
from collections.abc import Awaitable, Coroutine, Generator
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from app.decisions import Sender
from app.encode import dumps
from app.serving import TEXT_FRAMES, WriteText


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


class Connection:
    """One open socket and its outbox.

    A message is sent at once, by whoever pushes it: written to the transport as one frame
    when the server offers that (:data:`app.serving.TEXT_FRAMES`), else through the ASGI
    send, which for a socket whose transport takes data completes without ever suspending, so
    it is run eagerly (started with ``coro.send(None)``, as Python 3.12's eager tasks start)
    instead of waking a task per socket per broadcast. Only a send that has to wait (a slow
    phone whose transport buffer is full) hands over to a writer task, which finishes it,
    drains what queued up meanwhile, and ends. So a slow phone never holds up anyone else.
    Views are full, so a state waiting in the outbox is replaced by a newer one instead of
    queueing behind it.
    """

    __slots__ = ("ws", "sender", "player", "table", "outbox", "tail_replaceable", "writer",
                 "closing", "allowance", "stamp", "limited_at", "patches", "seen", "seen_host",
                 "write_text")

    def __init__(self, ws: WebSocket, sender: Sender, rate: float,
                 patches: bool = False) -> None:
        self.ws = ws
        self.sender = sender
        #: The seat this socket speaks for (None: the table screen or a spectator).
        self.player = sender.player
        #: Whether it holds the seatless table token.
        self.table = sender.table
        #: What waits behind a send that had to wait; made then (an empty deque is 760 B).
        self.outbox: deque[str | _Close] | None = None
        self.tail_replaceable = False
        self.closing = False
        self.allowance = rate
        self.stamp = time.monotonic()
        self.limited_at = 0.0
        #: The task finishing a send that had to wait, while there is one.
        self.writer: asyncio.Task[None] | None = None
        #: It takes patch messages after its first state (``?patches=1``).
        self.patches = patches
        #: The generation of the room's state messages it was last sent, and whether as the
        #: host (see :mod:`app.fanout`); None before the first.
        self.seen: int | None = None
        self.seen_host = False
        #: The server's way past the ASGI send, if it offers one (see :mod:`app.serving`).
        self.write_text: WriteText | None = ws.scope.get("extensions", {}).get(TEXT_FRAMES)

    def push_state(self, text: str, replaceable: bool = True) -> None:
        if self.closing:
            return
        if self.writer is None:
            self._send_now(text)
            return
        outbox = self._queued()
        if self.tail_replaceable and outbox:
            outbox[-1] = text
        else:
            outbox.append(text)
        self.tail_replaceable = replaceable

    def push(self, text: str) -> None:
        if self.closing:
            return
        if self.writer is None:
            self._send_now(text)
            return
        self._queued().append(text)
        self.tail_replaceable = False

    def error(self, ref: str | None, code: str, message: str) -> None:
        self.push(dumps({"type": "error", "ref": ref, "code": code, "message": message}))

    def close(self, code: int, reason: str) -> None:
        """Close after what is already queued; nothing more is queued after this."""
        if self.closing:
            return
        self._queued().append(_Close(code, reason))
        self.tail_replaceable = False
        self.closing = True
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write(None))

    def _queued(self) -> deque[str | _Close]:
        if self.outbox is None:
            self.outbox = deque()
        return self.outbox

    def allow(self, rate: float) -> bool:
        """Token bucket: ``rate`` messages a second, bursts up to ``rate``."""
        now = time.monotonic()
        self.allowance = min(rate, self.allowance + (now - self.stamp) * rate)
        self.stamp = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def _send_now(self, text: str) -> None:
        """Send ``text`` in the caller; if the send has to wait, a writer task finishes it."""
        write = self.write_text
        if write is not None:
            try:
                if write(text.encode()):
                    return
            except Exception:  # text that cannot be sent (a lone surrogate): as below
                self.closing = True
                return
        send = self.ws.send_text(text)
        try:
            waiting = send.send(None)
        except StopIteration:
            return
        except Exception:  # the peer went away: the reader will notice and detach
            self.closing = True
            return
        self.writer = asyncio.get_running_loop().create_task(
            self._write(_finish(send, waiting)))

    async def _write(self, first: Awaitable[None] | None) -> None:
        """Finish ``first`` (a send that had to wait), then send what queued up meanwhile."""
        outbox = self._queued()
        try:
            if first is not None:
                await first
            while outbox:
                item = outbox.popleft()
                if not outbox:
                    self.tail_replaceable = False
                if isinstance(item, _Close):
                    await self.ws.close(item.code, item.reason)
                    return
                await self.ws.send_text(item)
        except Exception:  # the peer went away mid-send: the reader will notice and detach
            self.closing = True
        self.writer = None

    async def stop(self) -> None:
        """Stop the writer: at once if the socket is gone, after the close frame if one is
        queued (the peer should learn why it was closed)."""
        writer = self.writer
        if self.closing and writer is not None and not writer.done():
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(writer), 2)
        self.closing = True
        if writer is not None and not writer.done():
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer


@types.coroutine
def _finish(send: Coroutine[Any, Any, Any], waiting: Any) -> Generator[Any, None, None]:
    """The rest of a send that was started eagerly and suspended on ``waiting``: let the task
    wait for it, then resume the send where it stopped (what a task does with a coroutine)."""
    try:
        yield waiting
    except BaseException:
        send.close()
        raise
    yield from send.__await__()
