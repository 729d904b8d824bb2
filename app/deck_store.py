"""Where hosts' decks and their pictures are kept: in the rooms' store (SQLite, or Redis).

- **picture**: a processed WebP file under its content hash (:mod:`app.pictures`); stored
  once however many decks hold it.
- **snapshot**: one state of a deck, immutable, named by the hash of its JSON (the pictures
  in order, each with its features and caption). A room's game is dealt from a snapshot, so a
  game in progress never changes when the deck does.
- **deck**: a short code pointing at its latest snapshot ("" while empty), changed
  compare-and-set so two uploads at once never lose a picture.
- **room deck**: the deck a room's host is building, so the host's phone finds it again.

Every item has a last-use time; :meth:`DeckStore.expire` removes what nobody used since a
cutoff (a picture only once no remaining snapshot holds it). Redis lets keys expire by
themselves: each use renews their time to live.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from app.store import StoreUnavailable


class DeckStore(Protocol):
    """Durable decks; safe to await from the event loop. Any method may raise
    :class:`~app.store.StoreUnavailable`."""

    async def put_picture(self, picture_id: str, body: bytes, now: float) -> None: ...
    async def picture(self, picture_id: str) -> bytes | None: ...
    async def put_snapshot(self, snapshot_id: str, body: str, pictures: Sequence[str],
                           now: float) -> None: ...
    async def snapshot(self, snapshot_id: str) -> str | None: ...
    async def create_deck(self, code: str, now: float) -> bool:
        """A new, empty deck; False if the code is taken."""
        ...
    async def deck(self, code: str) -> str | None:
        """The deck's snapshot id ("" when empty), or None when there is no such deck."""
        ...
    async def swap_deck(self, code: str, expected: str, snapshot_id: str, now: float) -> bool:
        """Point the deck at ``snapshot_id`` if it still points at ``expected``."""
        ...
    async def room_deck(self, room: str) -> str | None: ...
    async def set_room_deck(self, room: str, deck: str, now: float) -> None: ...
    async def claim_room_deck(self, room: str, deck: str, now: float) -> str:
        """Bind ``deck`` to ``room`` unless it has one already; the room's deck either way."""
        ...
    async def touch(self, deck: str | None, snapshot_id: str, pictures: Sequence[str],
                    now: float) -> None:
        """Mark a deck, its snapshot and its pictures used (they will not expire soon)."""
        ...
    async def expire(self, cutoff: float) -> int:
        """Remove what was last used before ``cutoff``; how many decks went."""
        ...
    async def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS pictures (
    id TEXT PRIMARY KEY, body BLOB NOT NULL, used_at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS deck_snapshots (
    id TEXT PRIMARY KEY, body TEXT NOT NULL, used_at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshot_pictures (
    snapshot TEXT NOT NULL, picture TEXT NOT NULL, PRIMARY KEY (snapshot, picture)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS snapshot_pictures_picture ON snapshot_pictures (picture);
CREATE TABLE IF NOT EXISTS decks (
    code TEXT PRIMARY KEY, snapshot TEXT NOT NULL, used_at REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS room_decks (
    room TEXT PRIMARY KEY, deck TEXT NOT NULL, used_at REAL NOT NULL) WITHOUT ROWID;
"""

EXPIRE = """
DELETE FROM decks WHERE used_at < :cutoff;
DELETE FROM room_decks WHERE used_at < :cutoff OR deck NOT IN (SELECT code FROM decks);
DELETE FROM snapshot_pictures WHERE snapshot IN (
    SELECT id FROM deck_snapshots WHERE used_at < :cutoff
    AND id NOT IN (SELECT snapshot FROM decks));
DELETE FROM deck_snapshots WHERE used_at < :cutoff AND id NOT IN (SELECT snapshot FROM decks);
DELETE FROM pictures WHERE used_at < :cutoff
    AND id NOT IN (SELECT picture FROM snapshot_pictures);
"""


class SQLiteDecks:
    """Decks in the rooms' SQLite file (tables of their own), each call in a worker thread;
    every write is one transaction, so a failed upload leaves nothing half-stored."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def _write(self, *statements: tuple[str, Any]) -> int:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                changed = 0
                for sql, params in statements:
                    changed += self._db.execute(sql, params).rowcount
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return changed

    def _read(self, sql: str, params: Any) -> Any:
        with self._lock:
            row = self._db.execute(sql, params).fetchone()
        return None if row is None else row[0]

    async def _run(self, fn: Any, *args: Any) -> Any:
        try:
            return await asyncio.to_thread(fn, *args)
        except sqlite3.OperationalError as exc:  # locked past busy_timeout, disk trouble
            raise StoreUnavailable(f"The deck store failed: {exc}") from None

    async def put_picture(self, picture_id: str, body: bytes, now: float) -> None:
        await self._run(self._write, (
            "INSERT INTO pictures VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET used_at = "
            "excluded.used_at", (picture_id, body, now)))

    async def picture(self, picture_id: str) -> bytes | None:
        body: bytes | None = await self._run(
            self._read, "SELECT body FROM pictures WHERE id = ?", (picture_id,))
        return body

    async def put_snapshot(self, snapshot_id: str, body: str, pictures: Sequence[str],
                           now: float) -> None:
        statements: list[tuple[str, Any]] = [(
            "INSERT INTO deck_snapshots VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE "
            "SET used_at = excluded.used_at", (snapshot_id, body, now))]
        statements += [("INSERT OR IGNORE INTO snapshot_pictures VALUES (?, ?)",
                        (snapshot_id, p)) for p in pictures]
        await self._run(self._write, *statements)

    async def snapshot(self, snapshot_id: str) -> str | None:
        body: str | None = await self._run(
            self._read, "SELECT body FROM deck_snapshots WHERE id = ?", (snapshot_id,))
        return body

    async def create_deck(self, code: str, now: float) -> bool:
        made: int = await self._run(self._write, (
            "INSERT OR IGNORE INTO decks VALUES (?, '', ?)", (code, now)))
        return made == 1

    async def deck(self, code: str) -> str | None:
        found: str | None = await self._run(
            self._read, "SELECT snapshot FROM decks WHERE code = ?", (code,))
        return found

    async def swap_deck(self, code: str, expected: str, snapshot_id: str, now: float) -> bool:
        done: int = await self._run(self._write, (
            "UPDATE decks SET snapshot = ?, used_at = ? WHERE code = ? AND snapshot = ?",
            (snapshot_id, now, code, expected)))
        return done == 1

    async def room_deck(self, room: str) -> str | None:
        found: str | None = await self._run(
            self._read, "SELECT deck FROM room_decks WHERE room = ?", (room,))
        return found

    async def set_room_deck(self, room: str, deck: str, now: float) -> None:
        await self._run(self._write, (
            "INSERT OR REPLACE INTO room_decks VALUES (?, ?, ?)", (room, deck, now)))

    async def claim_room_deck(self, room: str, deck: str, now: float) -> str:
        await self._run(self._write, (
            "INSERT OR IGNORE INTO room_decks VALUES (?, ?, ?)", (room, deck, now)))
        bound = await self.room_deck(room)
        return bound or deck

    async def touch(self, deck: str | None, snapshot_id: str, pictures: Sequence[str],
                    now: float) -> None:
        statements: list[tuple[str, Any]] = [
            ("UPDATE deck_snapshots SET used_at = ? WHERE id = ?", (now, snapshot_id)),
            ("UPDATE pictures SET used_at = ? WHERE id IN (SELECT picture FROM "
             "snapshot_pictures WHERE snapshot = ?)", (now, snapshot_id))]
        if deck is not None:
            statements.append(("UPDATE decks SET used_at = ? WHERE code = ?", (now, deck)))
            statements.append(("UPDATE room_decks SET used_at = ? WHERE deck = ?", (now, deck)))
        await self._run(self._write, *statements)

    def _expire(self, cutoff: float) -> int:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                gone = int(self._db.execute("SELECT count(*) FROM decks WHERE used_at < ?",
                                            (cutoff,)).fetchone()[0])
                for sql in EXPIRE.strip().split(";\n"):
                    self._db.execute(sql, {"cutoff": cutoff})
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return gone

    async def expire(self, cutoff: float) -> int:
        gone: int = await self._run(self._expire, cutoff)
        return gone

    async def close(self) -> None:
        with self._lock:
            self._db.close()


class RedisDecks:
    """Decks in the rooms' Redis (keys ``gamenight:deck:…``, ``pic:…``, ``snap:…``,
    ``roomdeck:…``), every key living ``ttl_seconds`` past its last use."""

    SWAP = """
    if redis.call('GET', KEYS[1]) == ARGV[1] then
      redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
      return 1
    end
    return 0
    """

    def __init__(self, client: Any, ttl_seconds: float) -> None:
        from app.redis_backend import PREFIX

        self.client = client
        self.ttl_ms = max(int(ttl_seconds * 1000), 1)
        self.prefix = PREFIX
        self._swap = client.register_script(self.SWAP)

    def _key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    async def _call(self, what: str, work: Any) -> Any:
        from app.redis_backend import reachable

        async with reachable(what):
            return await work

    async def put_picture(self, picture_id: str, body: bytes, now: float) -> None:
        await self._call("put picture", self.client.set(self._key("pic", picture_id), body,
                                                        px=self.ttl_ms))

    async def picture(self, picture_id: str) -> bytes | None:
        found: bytes | None = await self._call("picture",
                                               self.client.get(self._key("pic", picture_id)))
        return found

    async def put_snapshot(self, snapshot_id: str, body: str, pictures: Sequence[str],
                           now: float) -> None:
        await self._call("put snapshot", self.client.set(self._key("snap", snapshot_id), body,
                                                         px=self.ttl_ms))

    async def snapshot(self, snapshot_id: str) -> str | None:
        found = await self._call("snapshot", self.client.get(self._key("snap", snapshot_id)))
        return None if found is None else bytes(found).decode()

    async def create_deck(self, code: str, now: float) -> bool:
        made = await self._call("create deck", self.client.set(
            self._key("deck", code), "", px=self.ttl_ms, nx=True))
        return bool(made)

    async def deck(self, code: str) -> str | None:
        found = await self._call("deck", self.client.get(self._key("deck", code)))
        return None if found is None else bytes(found).decode()

    async def swap_deck(self, code: str, expected: str, snapshot_id: str, now: float) -> bool:
        done = await self._call("swap deck", self._swap(
            keys=[self._key("deck", code)], args=[expected, snapshot_id, self.ttl_ms]))
        return bool(done)

    async def room_deck(self, room: str) -> str | None:
        found = await self._call("room deck", self.client.get(self._key("roomdeck", room)))
        return None if found is None else bytes(found).decode()

    async def set_room_deck(self, room: str, deck: str, now: float) -> None:
        await self._call("set room deck", self.client.set(self._key("roomdeck", room), deck,
                                                          px=self.ttl_ms))

    async def claim_room_deck(self, room: str, deck: str, now: float) -> str:
        await self._call("claim room deck", self.client.set(
            self._key("roomdeck", room), deck, px=self.ttl_ms, nx=True))
        bound = await self.room_deck(room)
        return bound or deck

    async def touch(self, deck: str | None, snapshot_id: str, pictures: Sequence[str],
                    now: float) -> None:
        keys = [self._key("snap", snapshot_id)] + [self._key("pic", p) for p in pictures]
        if deck is not None:
            keys.append(self._key("deck", deck))
        pipe = self.client.pipeline(transaction=False)
        for key in keys:
            pipe.pexpire(key, self.ttl_ms)
        await self._call("touch deck", pipe.execute())

    async def expire(self, cutoff: float) -> int:
        return 0  # Redis drops each key once its time to live runs out

    async def close(self) -> None:
        return None  # the client belongs to the rooms' store
