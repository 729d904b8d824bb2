"""The live room: its record and game state, its sockets, its lock, and the one path by which
it changes.

Vocabulary:
- **seat**: a place in the room with a short public id (``"p1"``, ``"p2"``… in join order,
  kept across rematches), a name, and either a token hash (a person) or none (a bot, or a seat
  whose person was kicked mid-game). A seat with ``bot`` set is played by ``game.bot_action``.
- **version**: the number of logged changes; every change (join, kick, options, start, action…)
  adds exactly one, is stored compare-and-set on the previous version, and only then is pushed.
- **connection**: one open WebSocket: a seat's, the table host's, or a spectator's (no token).
  Each gets its own view; connections with the same viewer share one encoded message.

Every change takes one path, :meth:`Room.mutate`: a pure decision (:mod:`app.decisions`) on
the room as it stands, under the room's lock; then the store (compare-and-set); then memory;
then every socket. If the store says another instance changed the room first, the room catches
up from the store and the decision runs again.

A room held on several instances **follows** the others: told of a newer version (the change
feed, or the periodic version check), it reads only the log entries it lacks and applies them.
Every path that installs a new version pushes it. If the store is ever found *behind* what this
instance holds (a Redis that lost writes), the room is **rebased** (:meth:`Room.rebase`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import replace

from starlette.websockets import WebSocket

from app.actions import AnyGame, State, parse_action, replay
from app.bots import BotRunner
from app.connection import Connection
from app.decisions import Change, Current, Decide, Sender, seat_for_token, seat_of
from app.fanout import StateMessages
from app.history import Lines
from app.presence import Presence
from app.protocol import ERRORS, AppError
from app.services import RoomServices
from app.store import Conflict, LogEntry, RoomRecord, StoredRoom, StoreUnavailable
from app.tokens import hash_token, new_epoch
from rules.base import RuleError

log = logging.getLogger(__name__)

SEEN_ACTION_IDS = 512  # per room: enough for any resend window, bounded for memory
MAX_RETRIES = 5
#: Seconds between two looks at the store after a save whose outcome is unknown.
HEAL_SECONDS = 0.5


class AppliedActions:
    """The (actor, action id) of the current game's latest logged actions, so that a resent
    action applies once; bounded, oldest forgotten first."""

    __slots__ = ("_seen",)

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._seen: OrderedDict[tuple[str, str], int] = OrderedDict()
        for entry in entries:
            self.remember(entry)

    def __contains__(self, key: object) -> bool:
        return key in self._seen

    def remember(self, entry: LogEntry) -> None:
        if entry.ref is not None:
            self._seen[entry.player, entry.ref] = entry.version
            if len(self._seen) > SEEN_ACTION_IDS:
                self._seen.popitem(last=False)

    def clear(self) -> None:
        self._seen.clear()


class Room:
    """One live room: its record, its game state, its sockets, its lock."""

    def __init__(self, services: RoomServices, record: RoomRecord, state: State,
                 entries: Iterable[LogEntry] = ()) -> None:
        self.services = services
        self.record = record
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.presence = Presence()
        entries = tuple(entries)
        self.applied = AppliedActions(entries)
        #: How many entries of the current game's log are applied to ``state``, and the last.
        self.log_length = len(entries)
        self.last_entry: LogEntry | None = entries[-1] if entries else None
        self.messages = StateMessages()
        #: The move history of the current game, every viewer's, read so far (GET history).
        self.history_lines = Lines()
        self.bots = BotRunner(self, services.settings.bot_delay, services.leases,
                              services.metrics)
        #: A save's outcome was never learnt: check the store before the next decision.
        self.suspect = False
        self._healer: asyncio.Task[None] | None = None
        #: Removed (idle, or deleted by another instance): refuses everything.
        self.gone = False
        #: When a socket or a request last used the room (``time.monotonic()``).
        self.used = time.monotonic()

    @classmethod
    def loaded(cls, services: RoomServices, stored: StoredRoom) -> Room:
        """The room a store holds, its game replayed from the log (raises if it cannot be)."""
        game = services.games[stored.record.game]
        pictures = services.pictures.pictures(game, stored.record.options)
        return cls(services, stored.record, replay(game, stored, pictures), stored.entries)

    @property
    def game(self) -> AnyGame:
        """The game the record names (the host may switch games between games)."""
        return self.services.games[self.record.game]

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def version(self) -> int:
        return self.record.version

    def current(self) -> Current:
        return Current(self.record, self.state, self.game, self.applied,
                       self.services.pictures.pictures(self.game, self.record.options))

    async def ensure_pictures(self, record: RoomRecord) -> None:
        """Load the host's pictures ``record``'s options name (a replay or start reads them)."""
        game = self.services.games.get(record.game)
        if game is not None:
            await self.services.pictures.ensure(game, record.options)

    def touch(self) -> None:
        self.used = time.monotonic()

    # --- who is here ----------------------------------------------------------------------

    def online(self) -> frozenset[str]:
        """The seats connected on any instance."""
        return self.presence.online(self.connections)

    def connected_here(self) -> frozenset[str]:
        return self.presence.here(self.connections)

    def set_remote(self, instance: str, players: frozenset[str]) -> None:
        """Record who another instance says is connected there; push if that changes who is
        connected."""
        before = self.online()
        self.presence.set_remote(instance, players)
        if self.online() != before:
            self.broadcast()

    def attach(self, ws: WebSocket, token: str | None, patches: bool = False) -> Connection:
        """A new connection for ``token`` (None: a spectator); refuse an unknown token.
        ``patches``: it takes patch messages after its first state."""
        if self.gone:
            raise AppError("unknown_room", f"Room {self.code} no longer exists.")
        sender = Sender(None)
        if token is not None:
            found = seat_for_token(self.record, hash_token(token))
            if found is None:
                raise AppError("bad_token", "This token is not valid for this room.")
            sender = found
        settings = self.services.settings
        if len(self.connections) >= settings.connections_per_room:
            raise AppError("crowded", f"Room {self.code} has too many open screens.")
        self.touch()
        before = self.online()
        conn = Connection(ws, sender, settings.messages_per_second, patches)
        self.connections.add(conn)
        if not self._presence_changed(before):
            self.snapshot(conn)
        return conn

    async def detach(self, conn: Connection) -> None:
        self.touch()
        before = self.online()
        self.connections.discard(conn)
        await conn.stop()
        self._presence_changed(before)

    def _presence_changed(self, before: frozenset[str]) -> bool:
        """Broadcast and tell other instances if who is connected changed; whether it did."""
        if self.online() == before:
            return False
        self.broadcast()
        self.services.notifier.notify({"kind": "presence", "code": self.code,
                                       "players": sorted(self.connected_here())})
        return True

    def close_all(self, code: int, reason: str) -> None:
        for conn in self.connections:
            conn.close(code, reason)

    # --- fan-out --------------------------------------------------------------------------

    def broadcast(self, ack: tuple[Connection, str] | None = None) -> None:
        """Push every connection its own view of the room as it is now."""
        if self.connections:
            self.messages.broadcast(self, self.connections, ack)

    def snapshot(self, conn: Connection, ref: str | None = None) -> None:
        """Push one connection the room as it is now (``ref``: a resent action's id, settled)."""
        self.messages.snapshot(self, conn, ref)

    # --- changing the room ----------------------------------------------------------------

    async def mutate(self, decide: Decide, ack: tuple[Connection, str] | None = None,
                     owner: bool = False) -> Change:
        """Decide, store (compare-and-set), install and broadcast one change; return it.
        Refusals and :class:`~app.decisions.NoChange` propagate and change nothing; so does
        ``unavailable`` while the store cannot be reached. ``owner``: timed work, stored only
        while this instance holds the room's lease (else :class:`~app.store.LeaseLost`)."""
        store = self.services.store
        metrics = self.services.metrics
        signed = self.services.leases.owner if owner else None
        self.touch()
        try:
            for _ in range(MAX_RETRIES):
                async with self.lock:
                    self._refuse_if_gone()
                    if self.suspect:
                        await self._catch_up()
                        self.suspect = False
                    await self.ensure_pictures(self.record)
                    try:
                        change = decide(self.current())
                    except (AppError, RuleError):
                        # Another instance may have moved on without our hearing yet: a
                        # refusal stands only if it stands against the latest stored version.
                        if not store.shared or await store.version(self.code) == self.version:
                            raise
                        await self._catch_up()
                        continue
                    assert change.record.version == self.version + 1
                    try:
                        # Shielded: once queued, a save may commit, so memory must follow it.
                        await asyncio.shield(store.save(change.record, self.version,
                                                        change.entry, change.new_game, signed,
                                                        archive=change.archive))
                    except Conflict:
                        metrics.conflicts.inc()
                        await self._catch_up()
                        continue
                    except StoreUnavailable:
                        self.suspect = True  # it may have been stored after all
                        self._heal_soon()
                        raise
                    seats = self.record.seats
                    self._install(change)
                    self.broadcast(ack)
                    if self.record.seats is not seats:  # decisions keep the very tuple else
                        self._close_revoked()
                metrics.saves.inc()
                if change.entry is not None:
                    metrics.moves.inc()
                self.bots.schedule()
                return change
        except StoreUnavailable as exc:
            metrics.unavailable.inc()
            log.warning("room %s: %s", self.code, exc)
            raise AppError("unavailable", "The game's store cannot be reached just now; "
                                          "nothing changed. Try again in a moment.") from None
        metrics.busy.inc()
        raise AppError("busy", f"Room {self.code} kept changing; try again.")

    def _heal_soon(self) -> None:
        """Learn, as soon as the store answers again, what became of a save whose outcome is
        unknown (so the room's other sockets see it even if nobody acts)."""
        if self._healer is None or self._healer.done():
            self._healer = asyncio.get_running_loop().create_task(self._heal())

    async def _heal(self) -> None:
        while self.suspect and not self.gone:
            await asyncio.sleep(HEAL_SECONDS)
            try:
                async with self.lock:
                    if self.suspect:
                        await self._catch_up()
                        self.suspect = False
            except StoreUnavailable:
                continue
            except Exception:
                log.exception("room %s: catching up after an unknown save failed", self.code)
                return
        self.bots.schedule()

    def _refuse_if_gone(self) -> None:
        if self.gone:
            raise AppError("unknown_room", f"Room {self.code} no longer exists.")

    def _install(self, change: Change) -> None:
        self.record = change.record
        self.state = change.state
        if change.new_game:
            self.applied.clear()
            self.log_length = 0
            self.last_entry = None
        if change.entry is not None:
            self.applied.remember(change.entry)
            self.log_length += 1
            self.last_entry = change.entry

    def _install_stored(self, stored: StoredRoom) -> None:
        """Hold the stored room from scratch (another game, another epoch, a broken line)."""
        game = self.services.games[stored.record.game]
        self.state = replay(game, stored,
                            self.services.pictures.pictures(game, stored.record.options))
        self.record = stored.record
        self.applied = AppliedActions(stored.entries)
        self.log_length = len(stored.entries)
        self.last_entry = stored.entries[-1] if stored.entries else None

    def _close_revoked(self) -> None:
        """Close the sockets of seats whose token died (kicked here or on another instance)."""
        for conn in self.connections:
            if conn.player is not None:
                seat = seat_of(self.record, conn.player)
                if seat is None or seat.token_hash is None:
                    conn.close(ERRORS["kicked"].close or 1008, "kicked")

    # --- following the store --------------------------------------------------------------

    async def follow(self, version: int, epoch: str) -> bool:
        """The store holds ``version`` of ``epoch`` (the change feed or a version check said
        so): catch up if that is news. Whether the room changed."""
        if version <= self.version and epoch == self.record.epoch:
            return False  # the usual case: our own change, or old news
        return await self.sync()

    async def sync(self) -> bool:
        """Catch up with the store (or rebase, if it is behind); whether the room changed."""
        async with self.lock:
            if self.gone:
                return False
            before = (self.version, self.record.epoch)
            await self._catch_up()
            return (self.version, self.record.epoch) != before

    async def _catch_up(self) -> None:
        """(Under the lock) take in what the store holds beyond this instance's copy, reading
        only the entries it lacks when it can, and push it; rebase if the store is behind."""
        store = self.services.store
        known = self.log_length
        # One entry of overlap proves the stored log continues the one applied here.
        stored = await store.load_since(self.code, max(known - 1, 0))
        if stored is None:
            self._vanish()
            return
        record = stored.record
        held = self.record
        if record.version == held.version and record.epoch == held.epoch:
            return
        if record.epoch == held.epoch and record.version < held.version:
            await self.rebase()
            return
        entries = stored.entries
        continues = (self.state is not None and record.epoch == held.epoch
                     and record.game == held.game and record.seed == held.seed
                     and record.started_at == held.started_at
                     and (known == 0 or (entries[:1] == (self.last_entry,))))
        if continues:
            game = self.game
            state = self.state
            for entry in entries[1:] if known else entries:
                state = game.apply(state, entry.player, parse_action(game, entry.action))
                self.applied.remember(entry)
                self.log_length += 1
                self.last_entry = entry
            self.record, self.state = record, state
        else:
            full = await store.load(self.code) if known else stored
            if full is None:
                self._vanish()
                return
            await self.ensure_pictures(full.record)
            self._install_stored(full)
        self.broadcast()
        self._close_revoked()

    async def rebase(self) -> None:
        """(Under the lock) the store went back to an older version than the one held here:
        drop this copy, reload the stored room, and save it at a version past every one this
        instance handed out, under a new epoch, so that no two states share a version and every
        client takes the reloaded state. If another instance rebased it first, take theirs."""
        store = self.services.store
        for _ in range(MAX_RETRIES):
            stored = await store.load(self.code)
            if stored is None:
                self._vanish()
                return
            await self.ensure_pictures(stored.record)
            if stored.record.version >= self.version:  # rebased elsewhere meanwhile
                self._install_stored(stored)
                break
            log.warning("room %s: the store is at version %d (epoch %s) but version %d was "
                        "held here; reloading it and rebasing", self.code,
                        stored.record.version, stored.record.epoch or "-", self.version)
            fresh = replace(stored.record, version=self.version + 1, epoch=new_epoch(),
                            updated_at=time.time())
            try:
                await asyncio.shield(store.save(fresh, stored.record.version))
            except Conflict:
                continue
            self._install_stored(StoredRoom(fresh, stored.entries))
            self.services.metrics.rebased.inc()
            break
        else:
            raise AppError("busy", f"Room {self.code} kept changing; try again.")
        self.broadcast()
        self._close_revoked()

    def _vanish(self) -> None:
        """The store no longer has this room: close its sockets; the registry drops it."""
        self.gone = True
        self.close_all(ERRORS["room_closed"].close or 1001, "room_closed")

    async def stop(self) -> None:
        await self.bots.stop()
        if self._healer is not None:
            self._healer.cancel()
