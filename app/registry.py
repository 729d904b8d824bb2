"""Every live room of this instance: lookup, creation, restore on start-up, the idle sweep,
notices from other instances, and the per-address limits (rooms created, unknown codes tried).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

import rules
from app.actions import AnyGame, replay
from app.config import Settings
from app.decisions import new_room
from app.guesses import CodeGuesses
from app.inbound import shown
from app.protocol import ERRORS, AppError
from app.pubsub import Notice, PubSub
from app.rooms import Room
from app.services import Notifier, RoomServices
from app.store import Store, StoredRoom
from app.text import clean_name
from app.tokens import hash_token, new_code, new_token, normal_code
from rules.base import RuleError, resolve_options

log = logging.getLogger(__name__)


class Rooms:
    """Every live room of this instance, and the per-address limits."""

    def __init__(self, settings: Settings, store: Store, pubsub: PubSub,
                 games: Mapping[str, AnyGame] | None = None) -> None:
        self.settings = settings
        self.store = store
        self.pubsub = pubsub
        self.games = dict(rules.GAMES if games is None else games)
        self.rooms: dict[str, Room] = {}
        self.instance = secrets.token_hex(6)
        self.notifier = Notifier(pubsub, self.instance)
        self.services = RoomServices(settings, store, self.games, self.notifier)
        self.guesses = CodeGuesses(settings.join_misses, settings.join_window_seconds,
                                   settings.join_miss_delay_seconds)
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        #: When each other instance was last heard from (``time.monotonic()``).
        self._heard: dict[str, float] = {}

    # --- life cycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Restore every live room from the store, then listen to other instances."""
        cutoff = time.time() - self.settings.idle_hours * 3600
        for stored in await self.store.load_all():
            if stored.record.updated_at < cutoff:
                await self.store.delete(stored.record.code, stored.record.version)
                continue
            room = self._revive(stored)
            if room is not None:
                self.rooms[room.code] = room
        for room in self.rooms.values():
            room.bots.schedule()
        await self.pubsub.subscribe(self._on_notice)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self._heartbeat = asyncio.get_running_loop().create_task(self._presence_forever())
        log.info("restored %d rooms", len(self.rooms))

    def _revive(self, stored: StoredRoom) -> Room | None:
        game = self.games.get(stored.record.game)
        if game is None:
            log.error("room %s is for unknown game %r; left in the store",
                      stored.record.code, stored.record.game)
            return None
        try:
            state = replay(game, stored)
        except Exception:
            log.exception("room %s could not be replayed; left in the store", stored.record.code)
            return None
        return Room(self.services, stored.record, state, stored.entries)

    async def close(self) -> None:
        for task in (self._sweeper, self._heartbeat):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for room in list(self.rooms.values()):
            await room.stop()
            room.close_all(ERRORS["room_closed"].close or 1001, "room_closed")
        self.notifier.cancel()
        await self.pubsub.close()
        await self.store.close()

    # --- finding rooms ------------------------------------------------------------------

    async def get(self, code: str) -> Room | None:
        """The live room with this (typed) code, loading it from a shared store if needed."""
        canonical = normal_code(code)
        if canonical is None:
            return None
        room = self.rooms.get(canonical)
        if room is not None or not self.store.shared:
            return room
        pending = self._loading.get(canonical)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[canonical] = future
        try:
            stored = await self.store.load(canonical)
            room = self._revive(stored) if stored is not None else None
            if room is not None:
                room = self.rooms.setdefault(canonical, room)
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[canonical]

    async def lookup(self, code: str, address: str) -> Room:
        """The room for a request from ``address``; unknown codes count against the address
        and slow its next lookups down (:class:`~app.guesses.CodeGuesses`), but a live
        room's code is never refused."""
        async with self.guesses.allow(address):
            room = await self.get(code)
            if room is None:
                self.guesses.missed(address)
                raise AppError("unknown_room", f"There is no room {shown(code.strip().upper())}.")
        return room

    # --- creating -----------------------------------------------------------------------

    async def create(self, game_id: str, options: Mapping[str, Any], name: str | None,
                     address: str) -> tuple[Room, str, str | None, str | None]:
        """A new room; return (room, host token, player id | None, seat token | None)."""
        game = self.services.game_named(game_id)
        try:
            resolved = resolve_options(game.options, options)
        except RuleError as exc:
            raise AppError(exc.code if exc.code in ERRORS else "bad_option", exc.message) from None
        clean = clean_name(name, self.settings.max_name) if name is not None else None
        mine = sum(1 for r in self.rooms.values() if r.record.created_by == address)
        if mine >= self.settings.rooms_per_address:
            raise AppError("too_many_rooms", f"Your address already has {mine} rooms open.")
        host_token = new_token()
        for _ in range(100):
            code = new_code()
            if code in self.rooms:
                continue
            record = new_room(code=code, game=game, options=resolved, name=clean,
                              host_token_hash=hash_token(host_token), address=address,
                              now=time.time())
            if await self.store.create(record):
                room = self.rooms[code] = Room(self.services, record, None)
                seated = "p1" if clean is not None else None
                return room, host_token, seated, host_token if seated else None
        raise AppError("busy", "Could not find a free room code; try again.")

    # --- other instances ----------------------------------------------------------------

    async def _on_notice(self, notice: Notice) -> None:
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
        if room is None:
            return
        kind = notice.get("kind")
        if kind == "change":
            self.notifier.spawn(room.follow(int(notice["version"])))
        elif kind == "presence":
            room.set_remote(sender, frozenset(notice.get("players", ())))
        elif kind == "deleted":
            await self._drop(room)

    async def _presence_forever(self) -> None:
        """Every ``presence_seconds``: tell the other instances who is connected here, and
        forget what an instance said once it has been silent for three periods.

        Presence notices are sent on every change, but a crashed instance sends none (its
        players would look connected for ever), a notice can be lost, and an instance that
        loads a room later has heard none of them; this repeats the whole picture."""
        period = self.settings.presence_seconds
        while True:
            await asyncio.sleep(period)
            try:
                self.notifier.notify({"kind": "here", "rooms": {
                    code: sorted(players) for code, room in self.rooms.items()
                    if (players := room.connected_here())}})
                self.forget_silent(time.monotonic() - 3 * period)
            except Exception:
                log.exception("presence heartbeat failed")

    def forget_silent(self, cutoff: float) -> None:
        """Drop the presence of every instance last heard from before ``cutoff``."""
        for instance, heard in list(self._heard.items()):
            if heard < cutoff:
                del self._heard[instance]
                for room in list(self.rooms.values()):
                    room.set_remote(instance, frozenset())

    # --- idle rooms ---------------------------------------------------------------------

    async def sweep(self, now: float | None = None) -> list[str]:
        """Remove rooms unchanged for ``idle_hours`` with nobody connected; return their codes."""
        cutoff = (time.time() if now is None else now) - self.settings.idle_hours * 3600
        self.guesses.forget_stale()  # addresses that stopped guessing
        gone = []
        for room in list(self.rooms.values()):
            if room.record.updated_at < cutoff and not room.connections:
                removed = await self.store.delete(room.code, room.version)
                if removed or not self.store.shared:
                    await self._drop(room)
                    gone.append(room.code)
                    self.notifier.notify({"kind": "deleted", "code": room.code})
                else:  # another instance changed it meanwhile: not idle after all
                    await room.follow(room.version + 1)
        return gone

    async def _drop(self, room: Room) -> None:
        room.gone = True
        await room.stop()
        room.close_all(ERRORS["room_closed"].close or 1001, "room_closed")
        self.rooms.pop(room.code, None)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("idle sweep failed")
