"""Bots of one room: when the game waits for a bot seat, move for it after a short pause.

A bot moves through the same path as a person (:meth:`~app.rooms.Room.mutate` with the
:func:`~app.decisions.bot_move` decision), so its move is logged, stored and pushed alike. One
task per room runs while some bot is due and ends when none is. Only the room's owner
(:mod:`app.leases`) moves: an instance that is not keeps looking, and takes over once the
owner's lease runs out; its saves are signed, so a former owner's late move is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Protocol

from app.actions import Played
from app.decisions import Change, Decide, NoChange, bot_move, bots_due
from app.leases import Leases
from app.metrics import Metrics
from app.protocol import AppError
from app.store import LeaseLost
from rules.base import RuleError

log = logging.getLogger(__name__)

#: Seconds between two tries at a move the store could not take (it was unreachable), and
#: between two claims of a room another instance drives.
RETRY_SECONDS = 0.5


class BotTable(Played, Protocol):
    """The room a runner plays in."""

    @property
    def gone(self) -> bool: ...

    async def mutate(self, decide: Decide, ack: None = None, owner: bool = False) -> Change: ...


class BotRunner:
    """Plays the due bot seats of one room, ``delay`` seconds after each change."""

    def __init__(self, table: BotTable, delay: float, leases: Leases, metrics: Metrics) -> None:
        self.table = table
        self.delay = delay
        self.leases = leases
        self.metrics = metrics
        self._task: asyncio.Task[None] | None = None
        #: A version at which a bot was refused or failed: no retry until the room moves on.
        self._stuck_at = -1
        #: Another instance drove this room when this one last asked.
        self._denied = False

    @property
    def busy(self) -> bool:
        """Whether bots are being played (or waited for) here."""
        return self._task is not None

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
        code = self.table.record.code
        try:
            while self.due():
                if not await self._own(code):
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                await asyncio.sleep(self._wait())
                for player in self.due():
                    if not self.leases.holds(code) or not await self._move(player):
                        break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot loop of room %s failed at version %d", code,
                          self.table.record.version)
            self._stuck_at = self.table.record.version
        finally:
            self._task = None

    async def _own(self, code: str) -> bool:
        owned = await self.leases.claim(code)
        if owned and self._denied:
            self.metrics.takeovers.inc()
            log.info("room %s: this instance now drives its bots", code)
        self._denied = not owned
        return owned

    def _wait(self) -> float:
        """The rest of the pause since the room last changed (another instance may have spent
        some of it before it died)."""
        left = self.table.record.updated_at + self.delay - time.time()
        return max(0.0, min(self.delay, left))

    async def _move(self, player: str) -> bool:
        """Play ``player``'s move; whether to go on with the others now."""
        decide = functools.partial(bot_move, player=player, now=time.time())
        try:
            await self.table.mutate(decide, owner=True)
        except NoChange:
            pass
        except LeaseLost:
            return False
        except AppError as exc:
            if exc.code in ("unavailable", "busy"):  # the store will come back: try again
                await asyncio.sleep(RETRY_SECONDS)
                return False
            self._refused(player, exc)
        except RuleError as exc:
            self._refused(player, exc)
        return True

    def _refused(self, player: str, exc: Exception) -> None:
        log.error("bot %s in room %s was refused: %s", player, self.table.record.code, exc)
        self._stuck_at = self.table.record.version

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
