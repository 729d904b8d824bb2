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
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Iterable

from starlette.websockets import WebSocket

from app.actions import AnyGame, State, parse_action, replay
from app.bots import BotRunner
from app.connection import Connection
from app.decisions import Change, Current, Decide, Sender, seat_for_token, seat_of
from app.fanout import StateMessages
from app.presence import Presence
from app.protocol import ERRORS, AppError
from app.services import RoomServices
from app.store import Conflict, LogEntry, RoomRecord
from app.tokens import hash_token
from rules.base import RuleError

log = logging.getLogger(__name__)

SEEN_ACTION_IDS = 512  # per room: enough for any resend window, bounded for memory
MAX_RETRIES = 5


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
        self.applied = AppliedActions(entries)
        self.messages = StateMessages()
        self.bots = BotRunner(self, services.settings.bot_delay)
        #: Removed (idle, or deleted by another instance): refuses everything.
        self.gone = False

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
        return Current(self.record, self.state, self.game, self.applied)

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

    def attach(self, ws: WebSocket, token: str | None) -> Connection:
        """A new connection for ``token`` (None: a spectator); refuse an unknown token."""
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
        before = self.online()
        conn = Connection(ws, sender, settings.messages_per_second)
        self.connections.add(conn)
        if not self._presence_changed(before):
            self.snapshot(conn)
        return conn

    async def detach(self, conn: Connection) -> None:
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

    async def mutate(self, decide: Decide, ack: tuple[Connection, str] | None = None) -> Change:
        """Decide, store (compare-and-set), install and broadcast one change; return it.
        Refusals and :class:`~app.decisions.NoChange` propagate and change nothing."""
        store = self.services.store
        for _ in range(MAX_RETRIES):
            async with self.lock:
                if self.gone:
                    raise AppError("unknown_room", f"Room {self.code} no longer exists.")
                try:
                    change = decide(self.current())
                except (AppError, RuleError):
                    # Another instance may have moved on without our hearing yet: a refusal
                    # stands only if it stands against the latest stored version.
                    if not store.shared or await store.version(self.code) == self.version:
                        raise
                    await self._catch_up()
                    continue
                assert change.record.version == self.version + 1
                try:
                    # Shielded: once queued, a save may commit, so memory must follow it.
                    await asyncio.shield(store.save(change.record, self.version, change.entry,
                                                    change.new_game))
                except Conflict:
                    await self._catch_up()
                    continue
                self._install(change)
                self.broadcast(ack)
                self._close_revoked()
            self.services.notifier.notify({"kind": "change", "code": self.code,
                                           "version": self.version})
            self.bots.schedule()
            return change
        raise AppError("busy", f"Room {self.code} kept changing; try again.")

    def _install(self, change: Change) -> None:
        self.record = change.record
        self.state = change.state
        if change.new_game:
            self.applied.clear()
        if change.entry is not None:
            self.applied.remember(change.entry)

    def _close_revoked(self) -> None:
        """Close the sockets of seats whose token died (kicked here or on another instance)."""
        for conn in self.connections:
            if conn.player is not None:
                seat = seat_of(self.record, conn.player)
                if seat is None or seat.token_hash is None:
                    conn.close(ERRORS["kicked"].close or 1008, "kicked")

    async def _catch_up(self) -> None:
        """(Under the lock) reload from the store what another instance changed."""
        stored = await self.services.store.load(self.code)
        if stored is None:
            self.gone = True
            self.close_all(ERRORS["room_closed"].close or 1001, "room_closed")
            return
        if stored.record.version == self.version:
            return
        record = stored.record
        game = self.services.games[record.game]
        same_game = (self.state is not None and record.started_at == self.record.started_at
                     and record.seed == self.record.seed and record.game == self.record.game)
        if same_game:
            state = self.state
            for entry in stored.entries:
                if entry.version > self.version:
                    state = game.apply(state, entry.player, parse_action(game, entry.action))
        else:
            state = replay(game, stored)
            self.applied.clear()
        for entry in stored.entries:
            if entry.version > self.version:
                self.applied.remember(entry)
        self.record = record
        self.state = state

    async def follow(self, version: int) -> None:
        """Another instance changed the room to ``version``: catch up and push our sockets."""
        async with self.lock:
            if version > self.version and not self.gone:
                await self._catch_up()
                self.broadcast()
            self._close_revoked()

    async def stop(self) -> None:
        await self.bots.stop()
