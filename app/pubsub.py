"""Fan-out between server instances: a tiny publish/subscribe protocol.

Each instance pushes views to its own sockets directly; what crosses instances is only a
**notice** (a small JSON object: ``{"from": instance, "code": room, "kind": "change" |
"presence" | "deleted", …}``, and every few seconds ``{"from", "kind": "here", "rooms":
{code: [players connected here]}}``). An instance that holds the room catches up from the
store and pushes its own sockets their views. The in-process backend connects the instances
of one Python process (the default single server, and tests); Redis pub/sub connects
processes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)

Notice = dict[str, Any]
Handler = Callable[[Notice], Awaitable[None]]


class PubSub(Protocol):
    @property
    def has_peers(self) -> bool:
        """Whether a notice could reach anyone (False: publishing can be skipped)."""
        ...

    async def publish(self, notice: Notice) -> None:
        """Send ``notice`` to every other subscribed instance (delivery is best effort)."""
        ...

    async def subscribe(self, handler: Handler) -> None:
        """Start calling ``handler`` with each notice published by any instance."""
        ...

    async def close(self) -> None:
        ...


class Hub:
    """The in-process 'broker': every LocalPubSub made from one hub hears the others."""

    def __init__(self) -> None:
        self.handlers: list[Handler] = []


class LocalPubSub:
    """In-process fan-out. With one instance (the default) a publish reaches nobody and costs
    one loop over an empty list."""

    def __init__(self, hub: Hub | None = None) -> None:
        self.hub = hub or Hub()
        self._handler: Handler | None = None

    @property
    def has_peers(self) -> bool:
        return any(h is not self._handler for h in self.hub.handlers)

    async def publish(self, notice: Notice) -> None:
        for handler in list(self.hub.handlers):
            if handler is not self._handler:
                try:
                    await handler(notice)
                except Exception:
                    log.exception("pubsub handler failed on %r", notice)

    async def subscribe(self, handler: Handler) -> None:
        self._handler = handler
        self.hub.handlers.append(handler)

    async def close(self) -> None:
        if self._handler in self.hub.handlers:
            self.hub.handlers.remove(self._handler)
