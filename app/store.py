"""Where rooms live between restarts: the ``Store`` protocol and its SQLite implementation.

Vocabulary:
- **record**: a room's lobby-level facts (game, options, seats with names, token *hashes* and bot
  flags, host, phase, seed, the current game's roster) and its **version**, which counts every
  logged change. Raw tokens are never stored.
- **entry**: one game action in the log: the version it made, the acting player, the action as
  JSON and the client's action id (so a resent action is still recognised after a restart).
- **save**: a compare-and-set: write the new record (and an entry) only if the stored version is
  still ``expected``; otherwise :class:`Conflict`. With one SQLite process that never happens
  (a room is changed under its lock); with Redis it keeps two instances from both applying an
  action to the same version. A save repeated after it committed (a retry after a timeout)
  succeeds without writing twice.
- **epoch**: a random tag of a room's line of versions. Versions only grow within an epoch; if
  a store ever hands back an older version than an instance held (a Redis that lost writes),
  the room is rebased: reloaded, and saved at a version past every one handed out, under a new
  epoch (see :meth:`app.rooms.Room.rebase`).

Errors: :class:`Conflict` (someone changed the room first), :class:`StoreUnavailable` (the
store cannot be reached, or a save's outcome could not be learnt: retry later),
:class:`LeaseLost` (a save made for the room's owner by an instance that no longer owns it).

The log is the source of truth: a game's state is never stored, it is replayed from the seed,
options, roster and entries. Starting a new game (start, rematch) drops the previous game's
entries in the same transaction, so a log holds one game; when that game had finished, its
entries move to the room's **archive** instead (kept for its replay, removed with the room).
The record's **night** lists the evening's finished games (:class:`FinishedGame`).

SQLite durability: WAL journal with ``synchronous=FULL``, so every commit is fsynced and an
acknowledged move survives a power cut as well as a killed process (NORMAL would survive only
the latter). The fsync cost is shared: one writer thread takes every save waiting in its queue
and commits them in one transaction (group commit), so the event loop never blocks on disk;
WAL checkpoints run from a thread of their own (:mod:`app.checkpoints`), so no save waits
for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol, TypeVar

import orjson

from app.checkpoints import BACKSTOP_PAGES, Checkpointer

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class Seat:
    """A place at the table: ``token_hash`` is None for bots and for revoked (kicked) seats."""

    id: str
    name: str
    token_hash: str | None
    bot: bool


@dataclass(frozen=True)
class FinishedGame:
    """A game of the night that ended with an outcome: what its replay starts from (game,
    options, seed, roster; its log is archived under ``started_at`` once the next game
    starts) and what it added to the night's standings (places and points by player, and
    the names they had then, so a seat that left is still shown)."""

    game: str
    started_at: int  # the version that started it: its id in the room (replay, archive)
    options: Mapping[str, bool | int | str]
    seed: int
    players: tuple[str, ...]
    names: Mapping[str, str]
    places: Mapping[str, int]
    points: Mapping[str, int]

    @cached_property
    def json(self) -> str:
        """This game as JSON, made once: every save of the room writes the whole night."""
        return plain_json({"game": self.game, "started_at": self.started_at,
                           "options": dict(self.options), "seed": self.seed,
                           "players": list(self.players), "names": dict(self.names),
                           "places": dict(self.places), "points": dict(self.points)})


@dataclass(frozen=True)
class Clock:
    """The turn clock of the game being played (see :mod:`app.clock`): which of the game's
    clocks runs, its full length, and either when it runs out (``due``, a ``time.time()``) or,
    while the host has paused it, the seconds it had ``left``."""

    name: str
    seconds: float
    due: float | None
    left: float | None = None


@dataclass(frozen=True)
class RoomRecord:
    """Everything about a room except the game state, which the log replays."""

    code: str
    game: str
    options: Mapping[str, bool | int | str]
    seats: tuple[Seat, ...]
    host: str | None  # a seat id, or None when the seatless table token is the host
    table_token_hash: str | None
    phase: str  # "lobby" | "playing" | "finished"
    version: int
    seed: int | None
    players: tuple[str, ...]  # the current game's roster, in seat order at its start
    started_at: int  # the version that started the current game (0: none yet)
    next_seat: int  # seats ever made, so ids ("p1", "p2"…) are never reused
    created_by: str
    created_at: float
    updated_at: float
    epoch: str = ""  # see the module docstring; "" for records written before epochs existed
    #: The night so far: every finished game since the night began (app/standings.py).
    night: tuple[FinishedGame, ...] = ()
    night_over: bool = False  # the host ended the night: the next game begins a new one
    #: Turn clocks: the host's length of each of the game's clocks, or None when they are off.
    timers: Mapping[str, int] | None = None
    clock: Clock | None = None  # the clock running now (timers on, a game being played)


@dataclass(frozen=True)
class LogEntry:
    """One applied action of the current game."""

    version: int
    player: str
    action: Mapping[str, Any]
    ref: str | None = None
    #: Played by the game's bot for a seat whose turn clock ran out.
    timed_out: bool = False


@dataclass(frozen=True)
class StoredRoom:
    record: RoomRecord
    entries: tuple[LogEntry, ...] = field(default_factory=tuple)


_RECORD_FIELDS = tuple(f.name for f in fields(RoomRecord))
_RECORD_FIELD_SET = frozenset(_RECORD_FIELDS)


def evolve(record: RoomRecord, **changes: Any) -> RoomRecord:
    """``dataclasses.replace(record, **changes)``, made for the record every action replaces:
    it copies the record's fields as they are instead of passing each through the frozen
    ``__init__`` (0.7 µs against replace's 4 µs for its 20 fields)."""
    unknown = changes.keys() - _RECORD_FIELD_SET
    if unknown:
        raise TypeError(f"RoomRecord has no field {', '.join(sorted(unknown))}")
    new: RoomRecord = object.__new__(RoomRecord)
    values = new.__dict__
    values.update(record.__dict__)
    values.update(changes)
    return new


class Conflict(Exception):
    """The stored version is not the expected one: someone else changed the room first."""


class StoreUnavailable(Exception):
    """The store cannot be reached now (or a save's outcome is unknown); nothing is known to
    have changed, and the request may be retried."""


class LeaseLost(Exception):
    """A save on behalf of the room's owner from an instance that is no longer its owner."""


class Store(Protocol):
    """Durable rooms; every method is safe to await from the event loop. Any method may raise
    :class:`StoreUnavailable`."""

    #: Whether other server instances write to this store too (rooms may appear or change
    #: without this process knowing, so a miss in memory must look in the store).
    shared: bool

    async def create(self, record: RoomRecord) -> bool:
        """Store a new room; False if its code is taken."""
        ...

    def save(self, record: RoomRecord, expected: int, entry: LogEntry | None = None,
             new_game: bool = False, owner: str | None = None,
             archive: int | None = None) -> Awaitable[None]:
        """Replace the room's record if its stored version is ``expected``, else Conflict.

        ``entry`` is appended to the log in the same transaction; ``new_game`` first drops the
        log (a new game started), keeping it as the finished game ``archive`` when given (for
        its replay: :meth:`archived`; it goes with the room); ``owner``: the save is timed
        work of the room's owner, refused with LeaseLost unless ``owner`` still holds the
        room's lease. An awaitable rather than
        a coroutine, so that a backend can hand back a plain future (the room shields it from
        cancellation: a future needs no task for that, a coroutine does)."""
        ...

    async def load(self, code: str) -> StoredRoom | None:
        """The room and its log, or None."""
        ...

    async def load_since(self, code: str, known: int) -> StoredRoom | None:
        """The room with only the entries after the first ``known`` of its log (what a follower
        that applied ``known`` entries of the same game lacks), or None."""
        ...

    async def version(self, code: str) -> int | None:
        """The room's stored version, or None."""
        ...

    async def archived(self, code: str, game: int) -> tuple[LogEntry, ...] | None:
        """The log of the room's finished game ``game`` kept by a save's ``archive``, or None."""
        ...

    async def heads(self, codes: Iterable[str]) -> dict[str, tuple[int, str] | None]:
        """The stored (version, epoch) of each of ``codes`` (None: no such room)."""
        ...

    async def idle(self, cutoff: float) -> list[str]:
        """The codes of rooms last changed before ``cutoff`` (a ``time.time()``)."""
        ...

    async def created_by(self, address: str) -> int:
        """How many stored rooms ``address`` created."""
        ...

    async def delete(self, code: str, expected: int | None = None) -> bool:
        """Remove a room (only if still at ``expected`` when given); whether it was removed."""
        ...

    async def ping(self) -> None:
        """Return if the store answers; StoreUnavailable if not."""
        ...

    async def close(self) -> None:
        ...


# --- JSON forms (shared by every backend) ----------------------------------------------------

def plain_json(data: Any) -> str:
    """Compact JSON of plain data: orjson (this runs on every save), the standard library for
    what orjson refuses (an int beyond 64 bits). Both read back the same."""
    try:
        return orjson.dumps(data).decode()
    except TypeError:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def record_to_json(record: RoomRecord) -> str:
    # By hand rather than dataclasses.asdict, which deep-copies every value: this runs on
    # every save, so it is on the hot path of every action.
    data = {f: getattr(record, f) for f in _RECORD_FIELDS}
    data["options"] = dict(record.options)
    data["seats"] = [{"id": s.id, "name": s.name, "token_hash": s.token_hash, "bot": s.bot}
                     for s in record.seats]
    data["players"] = list(record.players)
    data["timers"] = None if record.timers is None else dict(record.timers)
    clock = record.clock
    data["clock"] = None if clock is None else {"name": clock.name, "seconds": clock.seconds,
                                                "due": clock.due, "left": clock.left}
    del data["night"]  # spliced in: each finished game is encoded once, not on every save
    return f'{plain_json(data)[:-1]},"night":[{",".join(g.json for g in record.night)}]}}'



def record_from_json(text: str | bytes) -> RoomRecord:
    data = json.loads(text)
    data["seats"] = tuple(Seat(**seat) for seat in data["seats"])
    data["players"] = tuple(data["players"])
    data["night"] = tuple(FinishedGame(**{**g, "players": tuple(g["players"])})
                          for g in data.get("night", ()))
    if data.get("clock") is not None:
        data["clock"] = Clock(**data["clock"])
    return RoomRecord(**data)


def entry_to_json(entry: LogEntry) -> str:
    data = {"version": entry.version, "player": entry.player, "action": entry.action,
            "ref": entry.ref}
    if entry.timed_out:  # only then, so entries read the same as before timers existed
        data["timed_out"] = True
    return plain_json(data)


def entry_from_json(text: str | bytes) -> LogEntry:
    return LogEntry(**json.loads(text))


# --- SQLite ----------------------------------------------------------------------------------

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    phase TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    record TEXT NOT NULL,  -- RoomRecord as JSON: seats hold token hashes, never tokens
    created_by TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS archive (  -- the logs of a room's finished games, for replays
    code TEXT NOT NULL,
    game INTEGER NOT NULL,
    version INTEGER NOT NULL,
    player TEXT NOT NULL,
    action TEXT NOT NULL,
    ref TEXT,
    timed_out INTEGER NOT NULL DEFAULT 0,  -- as in actions
    PRIMARY KEY (code, game, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    version INTEGER NOT NULL,
    player TEXT NOT NULL,
    action TEXT NOT NULL,
    ref TEXT,
    timed_out INTEGER NOT NULL DEFAULT 0,  -- played by the bot when the turn clock ran out
    PRIMARY KEY (code, version)
) WITHOUT ROWID;
"""
#: Added after the first release: run after SCHEMA, once per database.
INDEXES = """
CREATE INDEX IF NOT EXISTS rooms_updated ON rooms (updated_at);
CREATE INDEX IF NOT EXISTS rooms_created_by ON rooms (created_by);
"""

Op = Callable[[sqlite3.Connection], Any]
#: A job's outcome: its future, its result, or the exception it raised.
JobResult = tuple[asyncio.Future[Any], Any, BaseException | None]
_STOP = object()


class SQLiteStore:
    """Rooms in one SQLite file, written by a single thread that commits in groups."""

    shared = False

    def __init__(self, path: Path | str, batch: int = 512) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._batch = batch
        #: Commits and saves so far, for the benchmark's figures.
        self.commits = 0
        self.ops = 0
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        #: WAL checkpoints, from their own thread (a file database only).
        self.checkpoints = None if str(path) == ":memory:" else Checkpointer(self.path)
        ready: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="sqlite-writer",
                                        daemon=True)
        self._thread.start()
        problem = ready.get()
        if problem is not None:
            if self.checkpoints is not None:
                self.checkpoints.close()
            raise problem

    # The writer thread ------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")  # see app/checkpoints.py
        db.execute("PRAGMA busy_timeout=5000")
        db.executescript(SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
        if "created_by" not in columns:  # a database from before the column existed
            db.execute("ALTER TABLE rooms ADD COLUMN created_by TEXT NOT NULL DEFAULT ''")
            db.execute("UPDATE rooms SET created_by = json_extract(record, '$.created_by')")
        for table in ("actions", "archive"):  # databases from before turn clocks
            if "timed_out" not in {row[1] for row in db.execute(f"PRAGMA table_info({table})")}:
                db.execute(f"ALTER TABLE {table} ADD COLUMN timed_out INTEGER NOT NULL DEFAULT 0")
        db.executescript(INDEXES)
        return db

    def _run(self, ready: queue.SimpleQueue[BaseException | None]) -> None:
        try:
            db = self._connect()
        except BaseException as exc:  # reported to the constructor
            ready.put(exc)
            return
        ready.put(None)
        try:
            while True:
                first = self._queue.get()
                if first is _STOP:
                    return
                jobs = [first]
                stop = False
                while len(jobs) < self._batch:
                    try:
                        job = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if job is _STOP:
                        stop = True
                        break
                    jobs.append(job)
                self._run_batch(db, jobs)
                if stop:
                    return
        finally:
            db.close()

    def _run_batch(self, db: sqlite3.Connection, jobs: list[tuple[Op, asyncio.Future[Any]]]
                   ) -> None:
        """Run ``jobs`` in one transaction (one fsync for all of them), then resolve them.

        Every job normally succeeds, so they first run back to back (each statement costs
        this thread a turn at the GIL, so none is spent on savepoints); if one raises, that
        attempt is rolled back and the jobs run again, each in a savepoint, so that one job's
        failure (a conflict) undoes nothing of the others."""
        try:
            results = self._attempt(db, jobs, careful=False)
            if results is None:
                db.execute("ROLLBACK")
                results = self._attempt(db, jobs, careful=True)
            assert results is not None
            db.execute("COMMIT")
        except Exception as exc:  # the commit itself failed: nothing of the batch is stored
            log.exception("SQLite batch failed")
            if db.in_transaction:
                db.execute("ROLLBACK")
            results = [(future, None, exc) for _, future in jobs]
        self.commits += 1
        self.ops += len(jobs)
        if self.checkpoints is not None:
            self.checkpoints.committed(db.total_changes)
        by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
        for item in results:
            by_loop.setdefault(item[0].get_loop(), []).append(item)
        for loop, items in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_resolve, items)

    @staticmethod
    def _attempt(db: sqlite3.Connection, jobs: list[tuple[Op, asyncio.Future[Any]]],
                 careful: bool) -> list[JobResult] | None:
        """Begin a transaction and run ``jobs``: each in a savepoint when ``careful``, else
        back to back, giving up (None) at the first that raises."""
        results: list[JobResult] = []
        db.execute("BEGIN IMMEDIATE")
        for op, future in jobs:
            if careful:
                db.execute("SAVEPOINT op")
            try:
                result = op(db)
            except Exception as exc:
                if not careful:
                    return None
                db.execute("ROLLBACK TO op")
                results.append((future, None, exc))
            else:
                results.append((future, result, None))
            if careful:
                db.execute("RELEASE op")
        return results

    def _submit(self, op: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put((op, future))
        return future

    async def _call(self, op: Callable[[sqlite3.Connection], T]) -> T:
        return await self._submit(op)

    # The Store protocol --------------------------------------------------------------------

    async def create(self, record: RoomRecord) -> bool:
        def op(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "INSERT OR IGNORE INTO rooms (code, game, phase, version, updated_at, record, "
                "created_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (record.code, record.game, record.phase, record.version, record.updated_at,
                 record_to_json(record), record.created_by))
            return cursor.rowcount == 1
        return await self._call(op)

    def save(self, record: RoomRecord, expected: int, entry: LogEntry | None = None,
             new_game: bool = False, owner: str | None = None,
             archive: int | None = None) -> asyncio.Future[None]:
        """(One process owns every room, so ``owner`` needs no check.)"""
        text = record_to_json(record)
        action = plain_json(entry.action) if entry else None

        def op(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "UPDATE rooms SET phase = ?, version = ?, updated_at = ?, record = ? "
                "WHERE code = ? AND version = ?",
                (record.phase, record.version, record.updated_at, text, record.code, expected))
            if cursor.rowcount != 1:
                raise Conflict(f"Room {record.code} is not at version {expected}.")
            if new_game:
                if archive is not None:
                    db.execute("INSERT OR REPLACE INTO archive (code, game, version, player, "
                               "action, ref, timed_out) SELECT code, ?, version, player, "
                               "action, ref, timed_out FROM actions WHERE code = ?",
                               (archive, record.code))
                db.execute("DELETE FROM actions WHERE code = ?", (record.code,))
            if entry is not None:
                db.execute(
                    "INSERT INTO actions (code, version, player, action, ref, timed_out) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (record.code, entry.version, entry.player, action, entry.ref,
                     int(entry.timed_out)))
        return self._submit(op)

    async def load(self, code: str) -> StoredRoom | None:
        return await self.load_since(code, 0)

    async def version(self, code: str) -> int | None:
        def op(db: sqlite3.Connection) -> int | None:
            row = db.execute("SELECT version FROM rooms WHERE code = ?", (code,)).fetchone()
            return None if row is None else int(row[0])
        return await self._call(op)

    async def load_since(self, code: str, known: int) -> StoredRoom | None:
        def op(db: sqlite3.Connection) -> StoredRoom | None:
            row = db.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            rows = db.execute(
                "SELECT version, player, action, ref, timed_out FROM actions WHERE code = ? "
                "ORDER BY version LIMIT -1 OFFSET ?", (code, known)).fetchall()
            return StoredRoom(record_from_json(row[0]), tuple(_entry(r) for r in rows))
        return await self._call(op)

    async def archived(self, code: str, game: int) -> tuple[LogEntry, ...] | None:
        def op(db: sqlite3.Connection) -> tuple[LogEntry, ...] | None:
            rows = db.execute(
                "SELECT version, player, action, ref, timed_out FROM archive WHERE code = ? "
                "AND game = ? "
                "ORDER BY version", (code, game)).fetchall()
            return tuple(_entry(r) for r in rows) if rows else None
        return await self._call(op)

    async def heads(self, codes: Iterable[str]) -> dict[str, tuple[int, str] | None]:
        wanted = list(codes)

        def op(db: sqlite3.Connection) -> dict[str, tuple[int, str] | None]:
            found: dict[str, tuple[int, str] | None] = dict.fromkeys(wanted)
            for code in wanted:
                row = db.execute("SELECT version, json_extract(record, '$.epoch') FROM rooms "
                                 "WHERE code = ?", (code,)).fetchone()
                if row is not None:
                    found[code] = (int(row[0]), row[1] or "")
            return found
        return await self._call(op)

    async def idle(self, cutoff: float) -> list[str]:
        def op(db: sqlite3.Connection) -> list[str]:
            return [r[0] for r in db.execute(
                "SELECT code FROM rooms WHERE updated_at < ? ORDER BY code", (cutoff,))]
        return await self._call(op)

    async def created_by(self, address: str) -> int:
        def op(db: sqlite3.Connection) -> int:
            row = db.execute("SELECT COUNT(*) FROM rooms WHERE created_by = ?",
                             (address,)).fetchone()
            return int(row[0])
        return await self._call(op)

    async def ping(self) -> None:
        if not self._thread.is_alive():
            raise StoreUnavailable("The SQLite writer has stopped.")

    async def delete(self, code: str, expected: int | None = None) -> bool:
        def op(db: sqlite3.Connection) -> bool:
            if expected is None:
                cursor = db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            else:
                cursor = db.execute("DELETE FROM rooms WHERE code = ? AND version = ?",
                                    (code, expected))
            if cursor.rowcount:
                db.execute("DELETE FROM actions WHERE code = ?", (code,))
                db.execute("DELETE FROM archive WHERE code = ?", (code,))
            return cursor.rowcount == 1
        return await self._call(op)

    async def close(self) -> None:
        if self.checkpoints is not None:
            await asyncio.to_thread(self.checkpoints.close)
        self._queue.put(_STOP)
        await asyncio.to_thread(self._thread.join)


def _entry(row: tuple[Any, ...]) -> LogEntry:
    return LogEntry(version=row[0], player=row[1], action=json.loads(row[2]), ref=row[3],
                    timed_out=bool(row[4]))


def _resolve(items: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, exc in items:
        if future.cancelled():
            continue
        if exc is not None:
            future.set_exception(exc)
        else:
            future.set_result(result)
