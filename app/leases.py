"""Who drives a room's timed work (bots, turn timers): exactly one instance at a time.

The **owner** of a room is the instance holding its lease: a claim that lasts
``lease_seconds`` unless renewed. Only the owner plays a due bot move, and its save carries
its name so that the store refuses it (:class:`~app.store.LeaseLost`) once another instance
took over (**fencing**). An owner renews its leases every third of a lease; when it dies, its
leases run out and another instance serving the room claims it. With one process
(:class:`LocalLeases`) that process owns every room.

:class:`Holders` is the lighter cousin: every instance that holds a room in memory says so
(for a while: it repeats it), so that the store tells it of every change to that room made
elsewhere (:mod:`app.feed`), and an idle sweep elsewhere leaves the room alone.
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


class Holders(Protocol):
    async def hold(self, codes: Iterable[str]) -> None:
        """This instance holds ``codes`` (for a few presence periods: repeat it)."""
        ...

    async def unhold(self, code: str) -> None:
        """This instance no longer holds ``code``."""
        ...

    async def held(self, codes: Iterable[str]) -> set[str]:
        """Those of ``codes`` that some instance holds."""
        ...


class NoHolders:
    """One process: its registry knows what it holds itself."""

    async def hold(self, codes: Iterable[str]) -> None:
        return None

    async def unhold(self, code: str) -> None:
        return None

    async def held(self, codes: Iterable[str]) -> set[str]:
        return set()
