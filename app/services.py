"""What a room needs from the world, handed to it as one frozen value (nothing is looked up).

A :class:`~app.rooms.Room` is built with :class:`RoomServices`: the settings, the store, the
games it may play, a :class:`Notifier` for telling other instances who is connected here, the
owner leases of timed work, and the metrics. The registry builds one of these at start-up and
gives the same one to every room, and a test can build a room from its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.actions import AnyGame
from app.config import Settings
from app.decks import NoPictures, PictureSource
from app.leases import Leases, LocalLeases
from app.metrics import Metrics
from app.protocol import AppError
from app.pubsub import Notice, PubSub
from app.store import Store

log = logging.getLogger(__name__)


class Notifier:
    """Sends notices to the other instances, fire and forget, from ``instance``."""

    def __init__(self, pubsub: PubSub, instance: str) -> None:
        self.pubsub = pubsub
        self.instance = instance
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def has_peers(self) -> bool:
        return self.pubsub.has_peers

    def notify(self, notice: Notice) -> None:
        """Publish ``notice`` in the background (a lost one is repeated by the heartbeat)."""
        if not self.pubsub.has_peers:
            return
        notice["from"] = self.instance
        self.spawn(self.pubsub.publish(notice))

    def spawn(self, work: Any) -> None:
        """Run a coroutine in the background, keeping a reference until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()


@dataclass(frozen=True)
class RoomServices:
    """Everything a room uses besides its own record, state and sockets."""

    settings: Settings
    store: Store
    games: Mapping[str, AnyGame]
    notifier: Notifier = field(compare=False)
    leases: Leases = field(default_factory=LocalLeases, compare=False)
    metrics: Metrics = field(default_factory=Metrics, compare=False)
    #: Hosts' own picture decks, for games that take one (:mod:`app.decks`).
    pictures: PictureSource = field(default_factory=NoPictures, compare=False)

    def game_named(self, game_id: str) -> AnyGame:
        """The registered game ``game_id``; ``unknown_game`` naming the others if none."""
        game = self.games.get(game_id)
        if game is None:
            raise AppError("unknown_game", f"There is no game {game_id!r}; try one of "
                                           f"{', '.join(sorted(self.games))}.")
        return game
