"""Bots of one room: when the game waits for a bot seat, move for it after a short pause.

A bot moves through the same path as a person (:meth:`~app.rooms.Room.mutate` with the
:func:`~app.decisions.bot_move` decision), so its move is logged, stored and pushed alike. One
task per room runs while some bot is due and ends when none is.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Protocol

from app.actions import AnyGame, State
from app.decisions import Change, Decide, NoChange, bot_move, bots_due
from app.protocol import AppError
from app.store import RoomRecord
from rules.base import RuleError

log = logging.getLogger(__name__)


class BotTable(Protocol):
    """The room a runner plays in."""

    @property
    def record(self) -> RoomRecord: ...

    @property
    def state(self) -> State: ...

    @property
    def game(self) -> AnyGame: ...

    @property
    def gone(self) -> bool: ...

    async def mutate(self, decide: Decide) -> Change: ...


class BotRunner:
    """Plays the due bot seats of one room, ``delay`` seconds after each change."""

    def __init__(self, table: BotTable, delay: float) -> None:
        self.table = table
        self.delay = delay
        self._task: asyncio.Task[None] | None = None
        #: A version at which a bot was refused or failed: no retry until the room moves on.
        self._stuck_at = -1

    def due(self) -> list[str]:
        table = self.table
        if table.gone or self._stuck_at == table.record.version:
            return []
        return bots_due(table.record, table.state, table.game)

    def schedule(self) -> None:
        """Start playing if a bot is due and no task plays yet."""
        if self._task is None and self.due():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            while self.due():
                await asyncio.sleep(self.delay)
                for player in self.due():
                    await self._move(player)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot loop of room %s failed at version %d", self.table.record.code,
                          self.table.record.version)
            self._stuck_at = self.table.record.version
        finally:
            self._task = None

    async def _move(self, player: str) -> None:
        decide = functools.partial(bot_move, player=player, now=time.time())
        try:
            await self.table.mutate(decide)
        except NoChange:
            pass
        except (RuleError, AppError) as exc:
            log.error("bot %s in room %s was refused: %s", player, self.table.record.code, exc)
            self._stuck_at = self.table.record.version

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

