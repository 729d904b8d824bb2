"""Who is connected to a room: the seats with a socket here, and what other instances say.

Each instance knows its own sockets; other instances tell it theirs (on every change of who is
connected there, and every few seconds as a whole, see :class:`~app.registry.Rooms`). A seat
counts as connected if any instance has a socket for it.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.connection import Connection


class Presence:
    """The connected seats of one room, here and on other instances."""

    __slots__ = ("_remote",)

    def __init__(self) -> None:
        self._remote: dict[str, frozenset[str]] = {}  # instance → seats connected there

    @staticmethod
    def here(connections: Iterable[Connection]) -> frozenset[str]:
        """The seats with an open socket on this instance."""
        return frozenset(c.player for c in connections if c.player is not None and not c.closing)

    def online(self, connections: Iterable[Connection]) -> frozenset[str]:
        here = self.here(connections)
        if not self._remote:
            return here
        return here.union(*self._remote.values())

    def set_remote(self, instance: str, players: frozenset[str]) -> None:
        """What ``instance`` says is connected there (empty: nothing, or it is gone)."""
        if players:
            self._remote[instance] = players
        else:
            self._remote.pop(instance, None)
