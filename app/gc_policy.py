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


async def short_gc_pauses(full_every: float, freeze_every: float = 1.0) -> None:
    """Keep Python's garbage collections from stalling every socket at once, and from costing
    CPU on every action.

    A full collection walks every tracked object: with thousands of sockets that is over a
    second, during which no message moves. So every ``freeze_every`` seconds the objects alive
    are moved out of the collector's sight (``gc.freeze``), and full collections only walk
    what is newer. Cyclic garbage among frozen objects is only found by the complete
    collection run every ``full_every`` seconds (one longer pause, rarely).

    Young collections are triggered by growth, not churn (:data:`YOUNG_COLLECTION_THRESHOLD`):
    an action replaces a room's state, views and log entry, all freed by reference counting,
    but at Python's threshold of 700 the collector ran every few actions and walked every one
    of them while they were alive (measured at 1,000 busy rooms: ~75 us of CPU per action, and
    pauses up to 90 ms in second-generation runs). The hot path makes next to no cyclic garbage
    (a complete collection after 16,000 actions found a few hundred objects), so collecting
    it less often costs no memory to speak of.
    """
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
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
