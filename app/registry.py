"""The rooms this instance holds in memory: loaded when a request or socket needs one, dropped
when nothing here uses it; creation; the idle sweep; what other instances say; the
per-address limits (rooms created, unknown codes tried).

An instance holds only the rooms it serves. A request or socket for a room not held loads it
from the store (once, however many ask at the same moment); a room with no socket, nothing due
and no use for ``room_linger_seconds`` is dropped again. So start-up reads no room, and an
instance's memory follows the rooms it serves, not the rooms that exist.

With a shared store, the rooms held follow the change feed (:mod:`app.feed`); every
``check_seconds`` the versions of the rooms with sockets here are compared with the store, so a
missed change is repaired; presence crosses over pub/sub, repeated whole every
``presence_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import rules
from app.actions import AnyGame
from app.config import Settings
from app.decisions import new_room
from app.decks import NoPictures, PictureSource, refuse_deck_option
from app.feed import Changed, ChangeFeed, NoFeed
from app.guesses import CodeGuesses, GuessBook
from app.inbound import shown
from app.leases import Holders, Leases, LocalLeases, NoHolders
from app.metrics import Metrics
from app.protocol import AppError
from app.pubsub import Notice, PubSub
from app.rooms import Room
from app.services import Notifier, RoomServices
from app.store import Store, StoreUnavailable
from app.text import clean_name
from app.tokens import hash_token, new_code, new_epoch, new_token, normal_code
from rules.base import RuleError

log = logging.getLogger(__name__)


class Rooms:
    """The rooms held by this instance, and the per-address limits."""

    def __init__(self, settings: Settings, store: Store, pubsub: PubSub,
                 games: Mapping[str, AnyGame] | None = None, *, feed: ChangeFeed | None = None,
                 leases: Leases | None = None, holders: Holders | None = None,
                 metrics: Metrics | None = None, instance: str | None = None,
                 guess_book: GuessBook | None = None,
                 pictures: PictureSource | None = None) -> None:
        self.settings = settings
        self.store = store
        self.pubsub = pubsub
        self.feed = feed or NoFeed()
        self.holders = holders or NoHolders()
        self.games = dict(rules.GAMES if games is None else games)
        self.rooms: dict[str, Room] = {}
        self.instance = instance or secrets.token_hex(6)
        self.notifier = Notifier(pubsub, self.instance)
        self.metrics = metrics or Metrics()
        self.services = RoomServices(settings, store, self.games, self.notifier,
                                     leases or LocalLeases(), self.metrics,
                                     pictures or NoPictures())
        self.metrics.watch(lambda: len(self.rooms),
                           lambda: sum(len(r.connections) for r in self.rooms.values()))
        self.guesses = CodeGuesses(settings.join_misses, settings.join_window_seconds,
                                   settings.join_miss_delay_seconds,
                                   clock=time.time if guess_book else time.monotonic,
                                   book=guess_book)
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        #: The newest change heard for each room being loaded (applied once it is).
        self._heard_while_loading: dict[str, Changed] = {}
        self._loops: list[asyncio.Task[None]] = []
        #: When each other instance was last heard from (``time.monotonic()``).
        self._heard: dict[str, float] = {}

    # --- life cycle -----------------------------------------------------------------------

    async def start(self) -> None:
        """Remove rooms idle too long, listen to other instances, start the housekeeping."""
        await self.sweep()
        await self.pubsub.subscribe(self._on_notice)
        await self.feed.start(self._on_change, self.check_versions)
        s = self.settings
        loops: list[tuple[str, float, Callable[[], Awaitable[object]]]] = [
            ("idle sweep", s.sweep_seconds, self.sweep),
            ("presence", s.presence_seconds, self._presence),
            ("drop unused rooms", max(0.5, min(5.0, s.room_linger_seconds / 2)), self.drop_unused),
        ]
        if self.store.shared:
            loops += [("version check", s.check_seconds, self.check_versions),
                      ("lease renewal", s.lease_seconds / 3, self.services.leases.renew)]
        for name, period, work in loops:
            self._loops.append(asyncio.get_running_loop().create_task(
                _every(period, work, name)))

    async def close(self) -> None:
        for task in self._loops:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.feed.close()
        for room in list(self.rooms.values()):
            await room.stop()
            room.close_all(1001, "room_closed")
            await self.services.leases.release(room.code)
        self.notifier.cancel()
        await self.pubsub.close()
        await self.store.close()

    # --- finding rooms --------------------------------------------------------------------

    async def get(self, code: str) -> Room | None:
        """The room with this (typed) code, loaded from the store if it is not held here."""
        canonical = normal_code(code)
        if canonical is None:
            return None
        room = self.rooms.get(canonical)
        if room is not None and not room.gone:
            room.touch()
            return room
        pending = self._loading.get(canonical)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[canonical] = future
        try:
            room = await self._load(canonical)
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a load nobody else waited for is not an error
            raise
        finally:
            del self._loading[canonical]
            heard = self._heard_while_loading.pop(canonical, None)
            if heard is not None and canonical in self.rooms:
                await self._on_change(heard)

    async def _load(self, code: str) -> Room | None:
        await self.holders.hold([code])  # first: a change from now on is announced to us
        stored = await self.store.load(code)
        if stored is None:
            self.rooms.pop(code, None)
            await self.holders.unhold(code)
            return None
        if stored.record.game not in self.games:
            log.error("room %s is for unknown game %r; left in the store", code,
                      stored.record.game)
            return None
        try:
            await self.services.pictures.ensure(self.games[stored.record.game],
                                                stored.record.options)
            room = Room.loaded(self.services, stored)
        except Exception:
            log.exception("room %s could not be replayed; left in the store", code)
            return None
        self.rooms[code] = room
        self.metrics.loads.inc()
        room.bots.schedule()
        return room

    async def lookup(self, code: str, address: str) -> Room:
        """The room for a request from ``address``; unknown codes count against the address
        and slow its next lookups down (:class:`~app.guesses.CodeGuesses`), but a live
        room's code is never refused."""
        async def find() -> Room:
            try:
                room = await self.get(code)
            except StoreUnavailable as exc:
                raise unavailable(exc) from None
            if room is None:
                raise AppError("unknown_room", f"There is no room {shown(code.strip().upper())}.")
            return room

        return await self.guesses.attempt(address, find, "unknown_room")

    # --- creating -------------------------------------------------------------------------

    async def create(self, game_id: str, options: Mapping[str, Any], name: str | None,
                     address: str) -> tuple[Room, str, str | None, str | None]:
        """A new room; return (room, host token, player id | None, seat token | None)."""
        game = self.services.game_named(game_id)
        refuse_deck_option(game, options)
        try:
            resolved = game.resolve_options(options)
        except RuleError as exc:
            code = exc.code if exc.code in ("bad_option", "unknown_option") else "bad_option"
            raise AppError(code, exc.message) from None
        clean = clean_name(name, self.settings.max_name) if name is not None else None
        try:
            mine = await self.store.created_by(address)
            if mine >= self.settings.rooms_per_address:
                raise AppError("too_many_rooms", f"Your address already has {mine} rooms open.")
            host_token = new_token()
            for _ in range(100):
                code = new_code()
                if code in self.rooms:
                    continue
                record = new_room(code=code, game=game, options=resolved, name=clean,
                                  host_token_hash=hash_token(host_token), address=address,
                                  epoch=new_epoch(), now=time.time())
                if await self.store.create(record):
                    room = self.rooms[code] = Room(self.services, record, None)
                    seated = "p1" if clean is not None else None
                    return room, host_token, seated, host_token if seated else None
        except StoreUnavailable as exc:
            raise unavailable(exc) from None
        raise AppError("busy", "Could not find a free room code; try again.")

    # --- other instances ------------------------------------------------------------------

    async def _on_change(self, changed: Changed) -> None:
        """The change feed: a room was changed (or deleted) in the store."""
        if changed.code in self._loading:
            self._heard_while_loading[changed.code] = changed
            return
        room = self.rooms.get(changed.code)
        if room is None:
            return
        if changed.deleted:
            await self._drop(room)
        elif not room.connections and not room.bots.busy:
            # Held here only because it was used lately (created here, a request): cheaper to
            # drop it than to follow it; the next use loads it afresh.
            if (changed.version, changed.epoch) != (room.version, room.record.epoch) \
                    and not room.lock.locked():
                await self._drop(room)
        elif await room.follow(changed.version, changed.epoch):
            self.metrics.followed.inc()
            room.bots.schedule()

    async def check_versions(self) -> None:
        """Compare every room with sockets here with the store; catch up those behind (a
        change notice was lost) and drop those gone. Also after a gap in the change feed."""
        watched = [r for r in self.rooms.values() if r.connections and not r.gone]
        if not watched:
            return
        heads = await self.store.heads(r.code for r in watched)
        for room in watched:
            head = heads.get(room.code)
            if head is None:
                room.gone = True
                await self._drop(room)
            elif head != (room.version, room.record.epoch) and await room.sync():
                self.metrics.repaired.inc()
                room.bots.schedule()

    async def _on_notice(self, notice: Notice) -> None:
        """Pub/sub: who is connected on another instance."""
        sender = str(notice.get("from"))
        if sender == self.instance:
            return
        self._heard[sender] = time.monotonic()
        if notice.get("kind") == "here":
            here: Mapping[str, list[str]] = notice.get("rooms") or {}
            for held in list(self.rooms.values()):
                held.set_remote(sender, frozenset(here.get(held.code, ())))
            return
        room = self.rooms.get(str(notice.get("code")))
        if room is not None and notice.get("kind") == "presence":
            room.set_remote(sender, frozenset(notice.get("players", ())))

    async def _presence(self) -> None:
        """Tell the other instances who is connected here (and renew this instance's hold on
        the rooms it holds), and forget what an instance said once it has been silent for
        three periods.

        Presence notices are sent on every change, but a crashed instance sends none (its
        players would look connected for ever), a notice can be lost, and an instance that
        loads a room later has heard none of them; this repeats the whole picture."""
        here = {code: sorted(players) for code, room in self.rooms.items()
                if (players := room.connected_here())}
        self.notifier.notify({"kind": "here", "rooms": here})
        await self.holders.hold(list(self.rooms))
        self.forget_silent(time.monotonic() - 3 * self.settings.presence_seconds)

    def forget_silent(self, cutoff: float) -> None:
        """Drop the presence of every instance last heard from before ``cutoff``."""
        for instance, heard in list(self._heard.items()):
            if heard < cutoff:
                del self._heard[instance]
                for room in list(self.rooms.values()):
                    room.set_remote(instance, frozenset())

    # --- leaving memory -------------------------------------------------------------------

    async def drop_unused(self, now: float | None = None) -> list[str]:
        """Drop the rooms held here with no socket, no bot at work and no use for
        ``room_linger_seconds`` (and those gone from the store); return their codes."""
        cutoff = (time.monotonic() if now is None else now) - self.settings.room_linger_seconds
        dropped = []
        for room in list(self.rooms.values()):
            if room.gone or (not room.connections and not room.bots.busy
                             and room.used < cutoff and not room.lock.locked()):
                await self._drop(room)
                dropped.append(room.code)
        return dropped

    async def sweep(self, now: float | None = None) -> list[str]:
        """Remove from the store (and memory) the rooms unchanged for ``idle_hours`` that no
        socket is watching on any instance; return their codes."""
        cutoff = (time.time() if now is None else now) - self.settings.idle_hours * 3600
        self.guesses.forget_stale()  # addresses that stopped guessing
        idle = await self.store.idle(cutoff)
        held = await self.holders.held(idle)
        gone = []
        for code in idle:
            room = self.rooms.get(code)
            if code in held or (room is not None and room.connections):
                continue
            version = room.version if room is not None else None
            if await self.store.delete(code, version):
                gone.append(code)
                if room is not None:
                    await self._drop(room)
        return gone

    async def _drop(self, room: Room) -> None:
        room.gone = True
        await room.stop()
        room.close_all(1001, "room_closed")
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            await self.holders.unhold(room.code)
        await self.services.leases.release(room.code)


def unavailable(exc: StoreUnavailable) -> AppError:
    log.warning("%s", exc)
    return AppError("unavailable", "The game's store cannot be reached just now; try again "
                                   "in a moment.")


async def _every(period: float, work: Callable[[], Awaitable[object]], name: str) -> None:
    """Run ``work`` every ``period`` seconds; a failure is logged once per streak of them."""
    failing = False
    while True:
        await asyncio.sleep(period)
        try:
            await work()
        except StoreUnavailable as exc:
            if not failing:
                log.warning("%s: %s", name, exc)
            failing = True
        except Exception:
            if not failing:
                log.exception("%s failed", name)
            failing = True
        else:
            if failing:
                log.info("%s works again", name)
            failing = False
