"""Guessing room and deck codes: lookups of unknown codes, counted per client address, make the
next lookups of that address wait, so trying codes at random is slow and a correct code is
never locked out. Room codes and deck codes share one count: a guesser gains nothing by
switching from one to the other.

With several instances the counts are shared through a :class:`GuessBook` (Redis), so a guesser
gains nothing by spreading its guesses over them.

Why slow down rather than refuse: at a game night everyone behind one home router shares an
address, and a few children mistyping the code must not lock the whole table out of its live
room. Why not simply admit every correct code at once: then the refusals themselves would tell
a guesser which codes are live, and the limit would limit nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from app.protocol import AppError

#: Lookups of one address that may wait at once; more is a flood, refused (too_many_attempts).
MAX_WAITING = 64
#: The first wait beyond the budget is the longest wait / 2^STEPS; each further miss doubles it.
STEPS = 5

T = TypeVar("T")


class GuessBook(Protocol):
    """Misses and waits shared by every instance (times are ``time.time()`` seconds)."""

    async def look(self, address: str, since: float) -> tuple[int, float]:
        """How many misses ``address`` made since ``since``, and until when it must wait."""
        ...

    def note(self, address: str, at: float, free_at: float) -> None:
        """Record a miss of ``address`` at ``at`` and the wait it owes (in the background)."""
        ...


@dataclass
class _Address:
    misses: deque[float] = field(default_factory=deque)
    #: Misses within the window counted by every instance (the book's; includes ours).
    shared: int = 0
    #: Before this time (monotonic) the address's next lookup waits.
    free_at: float = 0.0
    #: Lookups within the budget under way now (so a burst cannot overshoot it).
    free: int = 0
    #: Lookups queued or under way beyond the budget, and the lock that takes them in turn.
    waiting: int = 0
    turn: asyncio.Lock | None = None


class CodeGuesses:
    """How many unknown codes each address tried lately, and how long its next lookup waits.

    The first ``budget`` misses of an address within ``window`` seconds cost nothing. Beyond
    that, each miss makes the address's next lookup wait: ``longest_wait`` / 32 after the first
    such miss, doubling with each further one up to ``longest_wait``; and the lookups of an
    address beyond its budget go one at a time, so waiting in parallel gains nothing (a guesser
    gets about one code per ``longest_wait``). A lookup that finds a live room is never counted
    and never refused: at worst it waits the wait of the miss before it. Only a flood, more
    than :data:`MAX_WAITING` lookups of one address waiting at once, is refused.

    The interface the registry and the deck routes use: ``attempt(address, lookup, miss)``
    (``allow`` around the lookup, ``missed`` when it refuses with ``miss``), and
    ``forget_stale()`` now and then. With a ``book`` the misses and waits of every instance
    count (the lock that takes waiting lookups in turn stays per instance), and ``clock`` must
    be ``time.time``.
    """

    def __init__(self, budget: int, window: float, longest_wait: float,
                 clock: Callable[[], float] = time.monotonic,
                 book: GuessBook | None = None) -> None:
        self.budget = budget
        self.window = window
        self.longest_wait = longest_wait
        self.clock = clock
        self.book = book
        self._addresses: dict[str, _Address] = {}

    def _entry(self, address: str) -> _Address:
        entry = self._addresses.get(address)
        if entry is None:
            entry = self._addresses[address] = _Address()
        cutoff = self.clock() - self.window
        while entry.misses and entry.misses[0] < cutoff:
            entry.misses.popleft()
        return entry

    @contextlib.asynccontextmanager
    async def allow(self, address: str) -> AsyncIterator[None]:
        """Hold a lookup from ``address`` until it may go ahead (at once within the budget)."""
        entry = self._entry(address)
        if self.book is not None:
            entry.shared, free_at = await self.book.look(address, self.clock() - self.window)
            entry.free_at = max(entry.free_at, free_at)
        if max(len(entry.misses), entry.shared) + entry.free < self.budget:
            entry.free += 1
            try:
                yield
            finally:
                entry.free -= 1
            return
        if entry.waiting >= MAX_WAITING:
            raise AppError("too_many_attempts", "Too many lookups from your address at once; "
                                                "wait a little and check the code.")
        entry.waiting += 1
        try:
            if entry.turn is None:
                entry.turn = asyncio.Lock()
            async with entry.turn:
                delay = entry.free_at - self.clock()
                if delay > 0:
                    await asyncio.sleep(delay)
                yield
        finally:
            entry.waiting -= 1

    async def attempt(self, address: str, lookup: Callable[[], Awaitable[T]], miss: str) -> T:
        """``lookup()`` for ``address``, held as :meth:`allow` holds a lookup; an
        :class:`~app.protocol.AppError` with code ``miss`` out of it counts as a miss."""
        async with self.allow(address):
            try:
                return await lookup()
            except AppError as exc:
                if exc.code == miss:
                    self.missed(address)
                raise

    def missed(self, address: str) -> None:
        """Count a lookup from ``address`` that named nothing (no live room, no deck)."""
        entry = self._entry(address)
        now = self.clock()
        entry.misses.append(now)
        if self.book is not None:
            entry.shared += 1
        beyond = max(len(entry.misses), entry.shared) - self.budget
        if beyond > 0:
            wait = self.longest_wait / 2 ** max(0, STEPS - beyond + 1)
            entry.free_at = now + wait
        if self.book is not None:
            self.book.note(address, now, entry.free_at)

    def forget_stale(self) -> None:
        """Forget addresses with no miss in the window and no lookup under way."""
        for address in list(self._addresses):
            entry = self._entry(address)
            if not entry.misses and not entry.waiting and not entry.free:
                del self._addresses[address]

    def __len__(self) -> int:
        return len(self._addresses)
