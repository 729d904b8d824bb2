"""The garbage collector's policy while the app owns its process: short pauses, little CPU.

See :func:`short_gc_pauses` for why; :func:`collector_tuned` applies the policy for the life
of the app and restores Python's defaults after.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import AsyncIterator

#: New container objects (net of those freed) between two young-generation collections, in
#: place of Python's 700. See :func:`short_gc_pauses`.
YOUNG_COLLECTION_THRESHOLD = 50_000
#: Seconds between freezes (see :func:`short_gc_pauses`).
FREEZE_EVERY = 1.0
#: A complete collection also runs once this many sockets that lived long enough to be
#: frozen have closed since the last one (or as many as are open now, if more).
CLOSED_FLOOR = 1000


class SocketTally:
    """Sockets open now, and those closed since the last complete collection after living
    long enough to be frozen (each leaves garbage only a complete collection frees)."""

    __slots__ = ("open", "closed_frozen")

    def __init__(self) -> None:
        self.open = 0
        self.closed_frozen = 0

    def opened(self) -> None:
        self.open += 1

    def closed(self, lived: float) -> None:
        self.open -= 1
        if lived >= FREEZE_EVERY:
            self.closed_frozen += 1

    def due(self) -> bool:
        """Whether the garbage of closed sockets calls for a complete collection."""
        return self.closed_frozen >= max(CLOSED_FLOOR, self.open)


#: The process's sockets (``app/routes/ws.py`` counts them; one process, one collector).
SOCKETS = SocketTally()


async def short_gc_pauses(full_every: float, freeze_every: float = FREEZE_EVERY) -> None:
    """Keep Python's garbage collections from stalling every socket at once, and from costing
    CPU on every action, without letting garbage pile up.

    A full collection walks every tracked object: with thousands of sockets that is over a
    second, during which no message moves. So every ``freeze_every`` seconds the objects alive
    are moved out of the collector's sight (``gc.freeze``), and collections only walk what is
    newer. Just before each freeze, the objects that are not frozen yet (what the last second
    made and kept) are collected: the cyclic garbage among them is freed instead of frozen.
    That matters for sockets: every WebSocket leaves a reference cycle behind at its upgrade
    (uvicorn's HTTP protocol and its parser), holding the transport and the socket; frozen,
    it stayed until the next complete collection, ten minutes on, so churning sockets grew
    memory by several KiB each (issue 12). Collected within the second, a closed socket
    leaves next to nothing (``bench/gc_sockets.py`` measures it); the collection walks only
    that second's survivors, so it stays short.

    Cyclic garbage among frozen objects (a thing that lived for seconds, then died in a cycle)
    is only found by a complete collection (unfreeze, collect everything). A socket that was
    open for more than a second leaves such garbage when it closes (about 36 KiB, its
    buffers held by a dozen frozen objects; ``bench/gc_sockets.py``), so a complete
    collection runs every ``full_every`` seconds and also once as many such sockets have
    closed as are open (at least :data:`CLOSED_FLOOR`, :class:`SocketTally`): their garbage
    never outgrows the memory of the sockets alive, and the longer pause comes at most once
    per that many closes, its cost shared out over them.

    Young collections are triggered by growth, not churn (:data:`YOUNG_COLLECTION_THRESHOLD`):
    an action replaces a room's state, views and log entry, all freed by reference counting,
    but at Python's threshold of 700 the collector ran every few actions and walked every one
    of them while they were alive (measured at 1,000 busy rooms: ~75 us of CPU per action, and
    pauses up to 90 ms in second-generation runs). The hot path makes next to no cyclic garbage
    (a complete collection after 16,000 actions found a few hundred objects).
    """
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if SOCKETS.due() or time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
            SOCKETS.closed_frozen = 0
        else:
            gc.collect()  # only what is not frozen: this second's survivors
        gc.freeze()


@contextlib.asynccontextmanager
async def collector_tuned(full_minutes: float) -> AsyncIterator[None]:
    """Young collections on growth and frozen long-lived objects (``full_minutes`` between
    complete collections) until the block ends; 0: leave Python's defaults."""
    if full_minutes <= 0:
        yield
        return
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *thresholds[1:])
    task = asyncio.get_running_loop().create_task(short_gc_pauses(full_minutes * 60))
    try:
        yield
    finally:
        task.cancel()
        gc.set_threshold(*thresholds)
        gc.unfreeze()
