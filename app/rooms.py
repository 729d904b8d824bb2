"""The generic room: seats, host, lobby → playing → finished, the action log, bots, fan-out.

Vocabulary:
- **seat**: a place in the room with a short public id (``"p1"``, ``"p2"``… in join order,
  kept across rematches), a name, and either a token hash (a person) or none (a bot, or a seat
  whose person was kicked mid-game). A seat with ``bot`` set is played by ``game.bot_action``.
- **host**: the seat (or, when ``host`` is None, the seatless table token) that may send host
  commands and the game's ``host_actions``.
- **version**: the number of logged changes; every change (join, kick, options, start, action…)
  adds exactly one, is stored compare-and-set on the previous version, and only then is pushed.
- **connection**: one open WebSocket: a seat's, the table host's, or a spectator's (no token).
  Each gets its own view; connections with the same viewer share one encoded message.

A change is computed by a pure *decide* function from the current (record, state) under the
room's lock; it raises (nothing happens) or returns a :class:`Change`, which is stored, then
installed, then broadcast. If the store says another instance changed the room first, the room
catches up from the store and decides again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
import types
import typing
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError
from starlette.websockets import WebSocket

from app.connection import Connection
from app.encode import Encoder, dumps, json_string, plain
from app.protocol import CODE_ALPHABET, CODE_LENGTH, ERRORS, AppError
from app.store import Conflict, LogEntry, RoomRecord, Seat, StoredRoom
from rules.base import HOST, Game, RuleError, resolve_options

if typing.TYPE_CHECKING:
    from app.registry import Rooms  # the registry imports this module

log = logging.getLogger(__name__)

PHASES = ("lobby", "playing", "finished")
SEEN_ACTION_IDS = 512  # per room: enough for any resend window, bounded for memory
MAX_RETRIES = 5




def hash_token(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str | None:
    """The canonical form of a typed room code, or None if it cannot be one."""
    code = code.strip().upper()
    if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def clean_name(raw: str, longest: int) -> str:
    """``raw`` trimmed with inner runs of spaces collapsed; refuse empty, long or control text."""
    name = " ".join(raw.split())
    if not 1 <= len(name) <= longest:
        raise AppError("bad_name", f"A name must be 1 to {longest} characters, not {len(name)}.")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise AppError("bad_name", f"The name {name!r} contains control characters.")
    return name


@cache
def action_adapter(game: Game[Any]) -> TypeAdapter[Any]:
    """Parses a game's action JSON into its action dataclasses (discriminated on ``kind``)."""
    kind = game.action_type
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return TypeAdapter(Annotated[kind, Field(discriminator="kind")])  # type: ignore[arg-type]
    return TypeAdapter(kind)


def parse_action(game: Game[Any], raw: Mapping[str, Any]) -> Any:
    try:
        return action_adapter(game).validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "action"
        raise AppError("bad_action",
                       f"{game.title} has no such action: {where}: {first['msg']}.") from None


def longest_text(value: Any) -> int:
    """The length of the longest string anywhere inside ``value`` (JSON data)."""
    longest = 0
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            longest = max(longest, len(item))
        elif isinstance(item, Mapping):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple):
            todo.extend(item)
    return longest


class NoChange(Exception):
    """A decision that changes nothing and is no error (a resent action, a bot no longer due)."""


@dataclass(frozen=True)
class Change:
    record: RoomRecord
    state: Any
    entry: LogEntry | None = None
    new_game: bool = False
    kicked: str | None = None
    result: Any = None


class Room:
    """One live room: its record, its game state, its sockets, its lock."""

    def __init__(self, rooms: Rooms, record: RoomRecord, state: Any,
                 entries: Iterable[LogEntry] = ()) -> None:
        self.rooms = rooms
        self.record = record
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.remote: dict[str, frozenset[str]] = {}  # instance → seats connected there
        self.seen: OrderedDict[tuple[str, str], int] = OrderedDict()
        for entry in entries:
            self._remember(entry)
        self._tokens = self._token_map(record)
        self._bot_task: asyncio.Task[None] | None = None
        self._bots_stuck_at = -1
        self.encoder = Encoder()
        self._summary: tuple[tuple[Any, ...], str, str] | None = None
        self.gone = False

    @property
    def game(self) -> Game[Any]:
        """The game the record names (the host may switch games between games)."""
        return self.rooms.games[self.record.game]

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def version(self) -> int:
        return self.record.version

    # --- reading ------------------------------------------------------------------------

    def seat(self, player: str) -> Seat | None:
        return next((s for s in self.record.seats if s.id == player), None)

    def connected(self) -> set[str]:
        here = self.connected_here()
        for there in self.remote.values():
            here |= there
        return here

    def connected_here(self) -> set[str]:
        """The seats with a socket on this instance."""
        return {c.player for c in self.connections if c.player is not None and not c.closing}

    def set_remote(self, instance: str, players: frozenset[str]) -> None:
        """Record who another instance says is connected there; push if that changes who is
        connected."""
        before = self.connected()
        if players:
            self.remote[instance] = players
        else:
            self.remote.pop(instance, None)
        if self.connected() != before:
            self.broadcast()

    def is_host(self, conn: Connection) -> bool:
        host = self.record.host
        return (conn.player is not None and conn.player == host) or (conn.table and host is None)

    def summary_json(self) -> str:
        """The summary as JSON. Only the version changes with every action, so the rest is
        encoded once per change of what it shows (phase, options, seats, host, who is
        connected) and the version is written between the two halves."""
        r = self.record
        key = (r.game, r.phase, r.options, r.seats, r.host, frozenset(self.connected()))
        cached = self._summary
        if cached is None or cached[0] != key:
            rest = self.summary()
            del rest["version"]
            first = {k: rest.pop(k) for k in ("code", "game", "title", "phase")}
            cached = self._summary = (key, dumps(first)[:-1] + ',"version":',
                                      "," + dumps(rest)[1:])
        return f"{cached[1]}{r.version}{cached[2]}"

    def summary(self) -> dict[str, Any]:
        """The public room summary (the ``room`` of every state message and GET /api/rooms)."""
        r = self.record
        online = self.connected()
        return {
            "code": r.code, "game": r.game, "title": self.game.title, "phase": r.phase,
            "version": r.version, "options": dict(r.options), "host": r.host,
            "players": [
                {"id": s.id, "name": s.name, "bot": s.bot, "human": s.token_hash is not None,
                 "connected": s.id in online, "is_host": s.id == r.host}
                for s in r.seats
            ],
            "min_players": self.game.min_players, "max_players": self.game.max_players,
        }

    def viewer_of(self, player: str | None) -> str | None:
        return player if player is not None and player in self.record.players else None

    def view_json(self, viewer: str | None) -> str:
        if self.state is None:
            return "null"
        return self.encoder.encode(self.game.view(self.state, viewer))

    def outcome_json(self) -> str:
        if self.state is None:
            return "null"
        outcome = self.game.outcome(self.state)
        return "null" if outcome is None else self.encoder.encode(outcome)

    # --- fan-out ------------------------------------------------------------------------

    def broadcast(self, ack: tuple[Connection, str] | None = None) -> None:
        """Queue every connection its own state message: each distinct view is built and
        encoded once, and connections with the same viewer share the same string."""
        if not self.connections:
            return
        self.encoder.rotate()
        head = f'{{"type":"state","version":{self.version},"room":{self.summary_json()}'
        tail = f',"outcome":{self.outcome_json()}}}'
        views: dict[str | None, str] = {}
        messages: dict[tuple[str | None, bool], str] = {}
        for conn in self.connections:
            host = self.is_host(conn)
            key = (conn.player, host)
            text = messages.get(key)
            if text is None:
                viewer = self.viewer_of(conn.player)
                view = views.get(viewer)
                if view is None:
                    view = views[viewer] = self.view_json(viewer)
                text = messages[key] = (
                    f'{head},"you":{json_string(conn.player)},'
                    f'"is_host":{"true" if host else "false"},"view":{view}{tail}')
            if ack is not None and conn is ack[0]:
                conn.push_state(f'{text[:-1]},"ref":{json_string(ack[1])}}}', replaceable=False)
            else:
                conn.push_state(text)

    def snapshot(self, conn: Connection, ref: str | None = None) -> None:
        """Queue one connection the full current state (on connect, or for a stale client);
        ``ref``: the id of an action of theirs already applied (a resend), so that the
        client stops waiting for its answer."""
        host = "true" if self.is_host(conn) else "false"
        view = self.view_json(self.viewer_of(conn.player))
        acked = "" if ref is None else f',"ref":{json_string(ref)}'
        conn.push_state(
            f'{{"type":"state","version":{self.version},"room":{self.summary_json()},'
            f'"you":{json_string(conn.player)},"is_host":{host},"view":{view},'
            f'"outcome":{self.outcome_json()}{acked}}}', replaceable=ref is None)

    # --- connections --------------------------------------------------------------------

    @staticmethod
    def _token_map(record: RoomRecord) -> dict[str, str | None]:
        tokens: dict[str, str | None] = {s.token_hash: s.id for s in record.seats if s.token_hash}
        if record.table_token_hash:
            tokens[record.table_token_hash] = None
        return tokens

    def attach(self, ws: WebSocket, token: str | None) -> Connection:
        """A new connection for ``token`` (None: a spectator); refuse an unknown token."""
        if self.gone:
            raise AppError("unknown_room", f"Room {self.code} no longer exists.")
        player: str | None = None
        table = False
        if token is not None:
            key = hash_token(token)
            if key not in self._tokens:
                raise AppError("bad_token", "This token is not valid for this room.")
            player = self._tokens[key]
            table = player is None
        if len(self.connections) >= self.rooms.settings.connections_per_room:
            raise AppError("crowded", f"Room {self.code} has too many open screens.")
        before = self.connected()
        conn = Connection(ws, player, table, self.rooms.settings.messages_per_second)
        self.connections.add(conn)
        if not self._presence_changed(before):
            self.snapshot(conn)
        return conn

    async def detach(self, conn: Connection) -> None:
        before = self.connected()
        self.connections.discard(conn)
        await conn.stop()
        self._presence_changed(before)

    def _presence_changed(self, before: set[str]) -> bool:
        """Broadcast and tell other instances if who is connected changed; whether it did."""
        if self.connected() == before:
            return False
        self.broadcast()
        self.rooms.notify({"kind": "presence", "code": self.code,
                           "players": sorted(self.connected_here())})
        return True

    def close_all(self, code: int, reason: str) -> None:
        for conn in self.connections:
            conn.close(code, reason)

    # --- changing the room --------------------------------------------------------------

    async def mutate(self, decide: Callable[[RoomRecord, Any], Change],
                     ack: tuple[Connection, str] | None = None) -> Change:
        """Decide, store (compare-and-set), install and broadcast one change; return it."""
        for _ in range(MAX_RETRIES):
            async with self.lock:
                if self.gone:
                    raise AppError("unknown_room", f"Room {self.code} no longer exists.")
                try:
                    change = decide(self.record, self.state)
                except (AppError, RuleError):
                    # Another instance may have moved on without our hearing yet: a refusal
                    # stands only if it stands against the latest stored version.
                    if not self.rooms.store.shared or (
                            await self.rooms.store.version(self.code)) == self.version:
                        raise
                    await self._catch_up()
                    continue
                assert change.record.version == self.version + 1
                try:
                    # Shielded: once queued, a save may commit, so memory must follow it.
                    await asyncio.shield(self.rooms.store.save(
                        change.record, self.version, change.entry, change.new_game))
                except Conflict:
                    await self._catch_up()
                    continue
                self._install(change)
                self.broadcast(ack)
            if change.kicked is not None:
                for conn in self.connections:
                    if conn.player == change.kicked:
                        conn.close(ERRORS["kicked"].close or 1008, "kicked")
            if self.rooms.pubsub.has_peers:
                self.rooms.notify({"kind": "change", "code": self.code, "version": self.version})
            self.schedule_bots()
            return change
        raise AppError("busy", f"Room {self.code} kept changing; try again.")

    def _install(self, change: Change) -> None:
        old, new = self.record, change.record
        self.record = new
        self.state = change.state
        if new.seats is not old.seats or new.table_token_hash != old.table_token_hash:
            self._tokens = self._token_map(new)
        if change.new_game:
            self.seen.clear()
        if change.entry is not None:
            self._remember(change.entry)

    def _remember(self, entry: LogEntry) -> None:
        if entry.ref is not None:
            self.seen[entry.player, entry.ref] = entry.version
            if len(self.seen) > SEEN_ACTION_IDS:
                self.seen.popitem(last=False)

    def _next(self, record: RoomRecord, **changes: Any) -> RoomRecord:
        return replace(record, version=record.version + 1, updated_at=time.time(), **changes)

    async def _catch_up(self) -> None:
        """(Under the lock) reload from the store what another instance changed."""
        stored = await self.rooms.store.load(self.code)
        if stored is None:
            self.gone = True
            self.close_all(ERRORS["room_closed"].close or 1001, "room_closed")
            return
        if stored.record.version == self.version:
            return
        record = stored.record
        game = self.rooms.games[record.game]
        same_game = (self.state is not None and record.started_at == self.record.started_at
                     and record.seed == self.record.seed and record.game == self.record.game)
        if same_game:
            state = self.state
            for entry in stored.entries:
                if entry.version > self.version:
                    state = game.apply(state, entry.player, parse_action(game, entry.action))
        else:
            state = replay(game, stored)
            self.seen.clear()
        for entry in stored.entries:
            if entry.version > self.version:
                self._remember(entry)
        self.record = record
        self.state = state
        self._tokens = self._token_map(record)

    async def follow(self, version: int) -> None:
        """Another instance changed the room to ``version``: catch up and push our sockets."""
        async with self.lock:
            if version > self.version and not self.gone:
                await self._catch_up()
                self.broadcast()
        for conn in list(self.connections):  # seats kicked elsewhere lose their sockets here
            if conn.player is not None:
                seat = self.seat(conn.player)
                if seat is None or seat.token_hash is None:
                    conn.close(ERRORS["kicked"].close or 1008, "kicked")

    # --- what people can do -------------------------------------------------------------

    async def join(self, raw_name: str) -> tuple[str, str]:
        """Seat a person; return (player id, seat token)."""
        name = clean_name(raw_name, self.rooms.settings.max_name)
        token = new_token()

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase == "playing":
                raise AppError("already_playing", f"Room {record.code} is already playing.")
            if len(record.seats) >= self.game.max_players:
                raise AppError("room_full", f"Room {record.code} is full "
                                            f"({self.game.max_players} players).")
            if any(s.name.casefold() == name.casefold() for s in record.seats):
                raise AppError("name_taken", f"Someone here is already called {name!r}.")
            seat = Seat(f"p{record.next_seat + 1}", name, hash_token(token), bot=False)
            return Change(self._next(record, seats=(*record.seats, seat),
                                     next_seat=record.next_seat + 1), state, result=seat.id)

        change = await self.mutate(decide)
        return change.result, token

    async def act(self, conn: Connection, action_id: str, raw: Mapping[str, Any],
                  size: int | None = None) -> None:
        """Apply a game action from ``conn``; refusals raise and change nothing. ``size`` is
        the length of the message it came in (no text inside can be longer)."""
        host_action = self.is_host(conn) and raw.get("kind") in self.game.host_actions
        actor = HOST if host_action else conn.player
        if actor is None:
            raise AppError("spectator", "A screen without a seat cannot play.")
        limit = self.rooms.settings.max_text
        if (size is None or size > limit) and longest_text(raw) > limit:
            raise AppError("text_too_long", f"Texts in an action may be at most "
                                            f"{self.rooms.settings.max_text} characters.")
        action = parse_action(self.game, raw)
        payload = plain(action)

        def decide(record: RoomRecord, state: Any) -> Change:
            if (actor, action_id) in self.seen:
                raise NoChange
            if record.phase == "lobby":
                raise AppError("not_playing", "The game has not started yet.")
            seat = self.seat(actor) if actor != HOST else None
            if seat is not None and seat.bot:
                raise AppError("seat_played_by_bot",
                               f"A bot is playing {seat.name}'s seat; ask the host to give "
                               "it back.")
            new_state = self.game.apply(state, actor, action)
            return self._played(record, new_state, actor, payload, action_id)

        try:
            await self.mutate(decide, ack=(conn, action_id))
        except NoChange:  # a resend of an action already applied: answer it again
            self.snapshot(conn, action_id)

    def _played(self, record: RoomRecord, state: Any, actor: str, payload: Any,
                ref: str | None) -> Change:
        over = self.game.outcome(state) is not None
        new = self._next(record, phase="finished" if over else "playing")
        return Change(new, state, LogEntry(new.version, actor, payload, ref))

    def _host_only(self, conn: Connection) -> None:
        if not self.is_host(conn):
            raise AppError("not_host", "Only the host can do that.")

    def _named(self, record: RoomRecord, player: str) -> Seat:
        seat = next((s for s in record.seats if s.id == player), None)
        if seat is None:
            raise AppError("unknown_player", f"There is no player {player!r} in this room.")
        return seat

    async def start(self, conn: Connection) -> None:
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase != "lobby":
                raise AppError("not_in_lobby", "The game has already started.")
            return self._new_game(record)
        await self.mutate(decide)

    async def rematch(self, conn: Connection) -> None:
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase != "finished":
                raise AppError("not_finished", "A rematch can start only after the game ends.")
            return self._new_game(record)
        await self.mutate(decide)

    def _new_game(self, record: RoomRecord) -> Change:
        seed = secrets.randbits(63)
        players = tuple(s.id for s in record.seats)
        state = self.game.start(players, seed, record.options)  # BadSetup: a refusal
        new = self._next(record, phase="playing", seed=seed, players=players,
                         started_at=record.version + 1)
        return Change(new, state, new_game=True)

    async def kick(self, conn: Connection, player: str) -> None:
        """Lobby/finished: the seat goes. Playing: a bot takes it. Either way its token dies."""
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            seat = self._named(record, player)
            if seat.id == record.host:
                raise AppError("cannot_kick_host", "The host cannot kick themselves; pass the "
                                                   "host role first.")
            if record.phase == "playing" and seat.id in record.players:
                seats = tuple(replace(s, token_hash=None, bot=True) if s.id == seat.id else s
                              for s in record.seats)
            else:
                seats = tuple(s for s in record.seats if s.id != seat.id)
            return Change(self._next(record, seats=seats), state, kicked=seat.id)
        await self.mutate(decide)

    async def add_bot(self, conn: Connection) -> None:
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase == "playing":
                raise AppError("already_playing", "Bots can join only between games.")
            if len(record.seats) >= self.game.max_players:
                raise AppError("room_full", f"Room {record.code} is full.")
            names = {s.name.casefold() for s in record.seats}
            n = 1
            while f"bot {n}" in names:
                n += 1
            seat = Seat(f"p{record.next_seat + 1}", f"Bot {n}", None, bot=True)
            return Change(self._next(record, seats=(*record.seats, seat),
                                     next_seat=record.next_seat + 1), state)
        await self.mutate(decide)

    async def make_host(self, conn: Connection, player: str | None) -> None:
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if player is None:
                if record.table_token_hash is None:
                    raise AppError("no_table_host", "This room has no table screen host.")
            else:
                seat = self._named(record, player)
                if seat.token_hash is None:
                    raise AppError("not_a_human", f"{seat.name} is a bot and cannot host.")
            return Change(self._next(record, host=player), state)
        await self.mutate(decide)

    async def set_options(self, conn: Connection, options: Mapping[str, Any]) -> None:
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase == "playing":
                raise AppError("not_in_lobby", "Options can change only between games.")
            merged = resolve_options(self.game.options, {**record.options, **options})
            return Change(self._next(record, options=merged), state)
        await self.mutate(decide)

    async def set_game(self, conn: Connection, game_id: str) -> None:
        """Go to the lobby of ``game_id`` with the same seats (its default options; the same
        game keeps its options): what to play next, without everyone joining a new room."""
        self._host_only(conn)
        game = self.rooms.game_named(game_id)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase == "playing":
                raise AppError("not_in_lobby", "Finish this game before choosing another.")
            if len(record.seats) > game.max_players:
                raise AppError("too_many_players",
                               f"{game.title} takes at most {game.max_players} players; this "
                               f"room has {len(record.seats)}.")
            if record.game == game.id and record.phase == "lobby":
                raise NoChange
            options = (record.options if record.game == game.id
                       else resolve_options(game.options, {}))
            return Change(self._next(record, game=game.id, options=options, phase="lobby",
                                     seed=None, players=()), None, new_game=True)
        with contextlib.suppress(NoChange):
            await self.mutate(decide)

    async def end_game(self, conn: Connection) -> None:
        """Stop the game being played: back to the lobby with the same seats and options (no
        outcome; the host starts again, or picks another game)."""
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            if record.phase != "playing":
                raise AppError("not_playing", "No game is being played.")
            return Change(self._next(record, phase="lobby", seed=None, players=()), None,
                          new_game=True)
        await self.mutate(decide)

    async def seat_bot(self, conn: Connection, player: str, bot: bool) -> None:
        """Hand a seat to a bot (an absent player) or back to its person."""
        self._host_only(conn)

        def decide(record: RoomRecord, state: Any) -> Change:
            seat = self._named(record, player)
            if not bot and seat.token_hash is None:
                raise AppError("not_a_human", f"{seat.name} has no person to hand back to.")
            if seat.bot == bot:
                raise NoChange
            seats = tuple(replace(s, bot=bot) if s.id == seat.id else s for s in record.seats)
            return Change(self._next(record, seats=seats), state)
        with contextlib.suppress(NoChange):
            await self.mutate(decide)

    # --- bots ---------------------------------------------------------------------------

    def _bots_due(self) -> list[str]:
        if self.record.phase != "playing" or self.state is None or self.gone:
            return []
        if self._bots_stuck_at == self.version:
            return []
        bots = {s.id for s in self.record.seats if s.bot}
        if not bots:  # the usual case, checked after every action: no need to ask the game
            return []
        return sorted(bots & self.game.to_act(self.state))

    def schedule_bots(self) -> None:
        if self._bot_task is None and self._bots_due():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            while self._bots_due():
                await asyncio.sleep(self.rooms.settings.bot_delay)
                for player in self._bots_due():
                    await self._bot_move(player)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot loop of room %s failed at version %d", self.code, self.version)
            self._bots_stuck_at = self.version
        finally:
            self._bot_task = None

    async def _bot_move(self, player: str) -> None:
        def decide(record: RoomRecord, state: Any) -> Change:
            seat = self.seat(player)
            if (record.phase != "playing" or seat is None or not seat.bot
                    or player not in self.game.to_act(state)):
                raise NoChange
            action = self.game.bot_action(state, player)
            new_state = self.game.apply(state, player, action)
            return self._played(record, new_state, player, plain(action), None)
        try:
            await self.mutate(decide)
        except NoChange:
            pass
        except (RuleError, AppError) as exc:
            log.error("bot %s in room %s was refused: %s", player, self.code, exc)
            self._bots_stuck_at = self.version

    async def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


def replay(game: Game[Any], stored: StoredRoom) -> Any:
    """The game state of a stored room, rebuilt from its seed, options, roster and log."""
    record = stored.record
    if record.phase == "lobby" or record.seed is None:
        return None
    return game.replay(record.players, record.seed, record.options,
                       ((e.player, parse_action(game, e.action)) for e in stored.entries))
