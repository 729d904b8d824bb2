"""Every live room of this instance: lookup, creation, restore on start-up, the idle sweep,
notices from other instances, and the per-address limits (rooms created, unknown codes tried).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

import rules
from app.config import Settings
from app.protocol import ERRORS, AppError
from app.pubsub import Notice, PubSub
from app.rooms import Room, clean_name, hash_token, new_code, new_token, normal_code, replay
from app.store import RoomRecord, Seat, Store, StoredRoom
from rules.base import AnyGame, RuleError

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
        self._misses: dict[str, deque[float]] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
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
            room.schedule_bots()
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
        return Room(self, stored.record, state, stored.entries)

    async def close(self) -> None:
        for task in (self._sweeper, self._heartbeat):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for room in list(self.rooms.values()):
            await room.stop()
            room.close_all(ERRORS["room_closed"].close or 1001, "room_closed")
        for task in list(self._tasks):
            task.cancel()
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
        """The room for a request from ``address``; unknown codes count against the address."""
        misses = self._misses.get(address)
        now = time.monotonic()
        if misses is not None:
            while misses and misses[0] < now - self.settings.join_window_seconds:
                misses.popleft()
            if len(misses) >= self.settings.join_misses:
                raise AppError("too_many_attempts",
                               "Too many unknown room codes from your address; wait a few "
                               "minutes and check the code.")
        room = await self.get(code)
        if room is None:
            self._misses.setdefault(address, deque()).append(now)
            raise AppError("unknown_room", f"There is no room {code.strip().upper()!r}.")
        return room

    # --- creating -----------------------------------------------------------------------

    def game_named(self, game_id: str) -> AnyGame:
        """The registered game ``game_id``; ``unknown_game`` naming the others if none."""
        game = self.games.get(game_id)
        if game is None:
            raise AppError("unknown_game", f"There is no game {game_id!r}; try one of "
                                           f"{', '.join(sorted(self.games))}.")
        return game

    async def create(self, game_id: str, options: Mapping[str, Any], name: str | None,
                     address: str) -> tuple[Room, str, str | None, str | None]:
        """A new room; return (room, host token, player id | None, seat token | None)."""
        game = self.game_named(game_id)
        try:
            resolved = game.resolve_options(options)
        except RuleError as exc:
            raise AppError(exc.code if exc.code in ERRORS else "bad_option", exc.message) from None
        clean = clean_name(name, self.settings.max_name) if name is not None else None
        mine = sum(1 for r in self.rooms.values() if r.record.created_by == address)
        if mine >= self.settings.rooms_per_address:
            raise AppError("too_many_rooms", f"Your address already has {mine} rooms open.")
        host_token = new_token()
        now = time.time()
        seats: tuple[Seat, ...] = ()
        if clean is not None:
            seats = (Seat("p1", clean, hash_token(host_token), bot=False),)
        for _ in range(100):
            code = new_code()
            if code in self.rooms:
                continue
            record = RoomRecord(
                code=code, game=game.id, options=resolved, seats=seats,
                host="p1" if seats else None,
                table_token_hash=None if seats else hash_token(host_token),
                phase="lobby", version=1, seed=None, players=(), started_at=0,
                next_seat=len(seats), created_by=address, created_at=now, updated_at=now)
            if await self.store.create(record):
                room = self.rooms[code] = Room(self, record, None)
                if seats:
                    return room, host_token, "p1", host_token
                return room, host_token, None, None
        raise AppError("busy", "Could not find a free room code; try again.")

    # --- other instances ----------------------------------------------------------------

    def notify(self, notice: Notice) -> None:
        """Tell other instances (fire and forget: a lost notice is healed by compare-and-set)."""
        if not self.pubsub.has_peers:
            return
        notice["from"] = self.instance
        task = asyncio.get_running_loop().create_task(self.pubsub.publish(notice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
            task = asyncio.get_running_loop().create_task(room.follow(int(notice["version"])))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
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
                self.notify({"kind": "here", "rooms": {
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
        stale = time.monotonic() - self.settings.join_window_seconds
        for address, misses in list(self._misses.items()):
            if not misses or misses[-1] < stale:  # forget addresses that stopped guessing
                del self._misses[address]
        gone = []
        for room in list(self.rooms.values()):
            if room.record.updated_at < cutoff and not room.connections:
                removed = await self.store.delete(room.code, room.version)
                if removed or not self.store.shared:
                    await self._drop(room)
                    gone.append(room.code)
                    self.notify({"kind": "deleted", "code": room.code})
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
