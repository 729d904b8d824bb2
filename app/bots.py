"""The timed work of one room: its bots' moves, and the moves its turn clock forces.

When the game waits for a bot seat, the bot moves after a short pause; when the turn clock
(:mod:`app.clock`) runs out, the game's bot moves for every seat still due, marked timed out
(:func:`~app.decisions.time_out`). Both go through the same path as a person
(:meth:`~app.rooms.Room.mutate`), so a move is logged, stored and pushed alike. One task per
room runs while some bot is due or a deadline is pending, sleeping until the earliest (a
change wakes it to look again), and ends when nothing is. Only the room's owner
(:mod:`app.leases`) moves: an instance that is not keeps looking, and takes over once the
owner's lease runs out; its saves are signed, so a former owner's late move is refused. The
deadline is part of the record, so whoever drives the room next (after a restart, or a
takeover) keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Protocol

from app.actions import Played
from app.decisions import Change, Decide, NoChange, bot_move, bots_due, time_out
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
    """Plays the due bot seats of one room, ``delay`` seconds after each change, and the seats
    due when its turn clock runs out."""

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
        #: Set by every change, so that a sleep until a deadline looks again.
        self._changed = asyncio.Event()

    @property
    def busy(self) -> bool:
        """Whether bots are being played (or waited for) here, or a deadline is pending."""
        return self._task is not None

    def due(self) -> list[str]:
        table = self.table
        if table.gone or self._stuck_at == table.record.version:
            return []
        return bots_due(table.record, table.state, table.game)

    def deadline(self) -> float | None:
        """When the running turn clock runs out (None: none runs, or it is paused)."""
        table = self.table
        record = table.record
        if table.gone or self._stuck_at == record.version or record.phase != "playing" \
                or record.clock is None:
            return None
        return record.clock.due

    def schedule(self) -> None:
        """Start playing if a bot is due or a deadline pending and no task plays yet (a task
        that does looks again)."""
        self._changed.set()
        if self._task is None and (self.due() or self.deadline() is not None):
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        code = self.table.record.code
        try:
            while self.due() or self.deadline() is not None:
                if not await self._own(code):
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                self._changed.clear()
                wait = self._wait()
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._changed.wait(), wait)
                    continue
                deadline = self.deadline()
                if deadline is not None and time.time() >= deadline:
                    if self.leases.holds(code):
                        await self._move(None)
                    continue
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
        """Seconds until there is something to do: the rest of a bot's pause since the room
        last changed (another instance may have spent some of it before it died), or until
        the deadline."""
        now = time.time()
        waits = []
        if self.due():
            waits.append(min(self.delay, self.table.record.updated_at + self.delay - now))
        deadline = self.deadline()
        if deadline is not None:
            waits.append(deadline - now)
        return max(0.0, min(waits, default=0.0))

    async def _move(self, player: str | None) -> bool:
        """Play ``player``'s move (None: the turn clock ran out, a move for the first seat
        due); whether to go on with the others now."""
        now = time.time()
        decide = functools.partial(bot_move, player=player, now=now) if player is not None \
            else functools.partial(time_out, now=now)
        try:
            await self.table.mutate(decide, owner=True)
        except NoChange:
            if player is None:  # a deadline with no seat due: nothing to force at this version
                self._stuck_at = self.table.record.version
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

    def _refused(self, player: str | None, exc: Exception) -> None:
        log.error("bot %s in room %s was refused: %s", player or "(timed out)",
                  self.table.record.code, exc)
        self._stuck_at = self.table.record.version

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
