"""Who drives a room's timed work (bots, turn timers): exactly one instance at a time.

The **owner** of a room is the instance holding its lease: a claim that lasts
``lease_seconds`` unless renewed. Only the owner plays a due bot move, and its save carries
its name so that the store refuses it (:class:`~app.store.LeaseLost`) once another instance
took over (**fencing**). An owner renews its leases every third of a lease; when it dies, its
leases run out and another instance serving the room claims it. With one process
(:class:`LocalLeases`) that process owns every room.

:class:`Watches` is the lighter cousin: an instance marks the rooms it has sockets in, so that
an idle sweep elsewhere leaves them alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class Leases(Protocol):
    #: The name this instance signs owner saves with (None: no fencing needed).
    owner: str | None

    async def claim(self, code: str) -> bool:
        """Whether this instance owns ``code`` now (taking the lease if it is free)."""
        ...

    async def renew(self) -> None:
        """Renew every lease held; forget those that were lost."""
        ...

    async def release(self, code: str) -> None:
        """Give up ``code`` (the room left memory)."""
        ...

    def holds(self, code: str) -> bool:
        ...


class LocalLeases:
    """One process: it owns every room."""

    owner: str | None = None

    async def claim(self, code: str) -> bool:
        return True

    async def renew(self) -> None:
        return None

    async def release(self, code: str) -> None:
        return None

    def holds(self, code: str) -> bool:
        return True


class Watches(Protocol):
    async def watch(self, codes: Iterable[str]) -> None:
        """Mark ``codes`` as having sockets here (for a while: repeat it)."""
        ...

    async def watched(self, codes: Iterable[str]) -> set[str]:
        """Those of ``codes`` that some instance marked lately."""
        ...


class NoWatches:
    """One process: its registry knows its sockets itself."""

    async def watch(self, codes: Iterable[str]) -> None:
        return None

    async def watched(self, codes: Iterable[str]) -> set[str]:
        return set()
