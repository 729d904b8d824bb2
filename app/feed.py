"""How an instance hears that another one changed a room it holds, without losing a change.

With a shared store (Redis) every save and delete appends a :class:`Changed` to a log the
store writes in the same atomic step as the change itself, so a change cannot be stored and
not announced. Each instance reads that log from where it left off; after anything that may
have made it miss entries (a broken connection, a long pause) it is told of a **gap** and
checks the versions of every room it holds instead. With one process (SQLite) nobody else
writes, and :class:`NoFeed` says nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Changed:
    """Room ``code`` is now at ``version`` of ``epoch`` (or was deleted)."""

    code: str
    version: int
    epoch: str
    deleted: bool = False


OnChange = Callable[[Changed], Awaitable[None]]
OnGap = Callable[[], Awaitable[None]]


class ChangeFeed(Protocol):
    async def start(self, on_change: OnChange, on_gap: OnGap) -> None:
        """Start calling ``on_change`` for every change stored from now on, and ``on_gap``
        whenever some may have been missed."""
        ...

    async def close(self) -> None:
        ...


class NoFeed:
    """The feed of a store only this process writes: nothing to hear."""

    async def start(self, on_change: OnChange, on_gap: OnGap) -> None:
        return None

    async def close(self) -> None:
        return None
