"""Rooms in Redis and notices over Redis pub/sub, so several app instances share the rooms.

Keys (all under ``gamenight:``):
- ``room:{code}`` — a hash: ``version`` and ``record`` (the :class:`RoomRecord` as JSON).
- ``log:{code}`` — a list of the current game's entries as JSON, oldest first.
- ``rooms`` — the set of live codes.

Every write is one Lua script, which Redis runs atomically: ``save`` compares the stored version
with the expected one before writing the record and appending the entry, so two instances never
both apply an action to the same version — the second gets :class:`~app.store.Conflict`, catches
up from the store and decides again. Durability is Redis's: run it with ``appendonly yes`` and
``appendfsync always`` for the SQLite store's guarantee, ``everysec`` to trade the last second
for speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import redis.asyncio as redis

from app.pubsub import Handler, Notice
from app.store import (
    Conflict,
    LogEntry,
    RoomRecord,
    StoredRoom,
    entry_from_json,
    entry_to_json,
    record_from_json,
    record_to_json,
)

log = logging.getLogger(__name__)

PREFIX = "gamenight:"
CHANNEL = PREFIX + "notices"

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
return 1
"""

SAVE = """
local version = redis.call('HGET', KEYS[1], 'version')
if not version or tonumber(version) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3])
if ARGV[5] == '1' then redis.call('DEL', KEYS[2]) end
if ARGV[4] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[4]) end
return 1
"""

DELETE = """
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return 0 end
if ARGV[1] ~= '' and tonumber(version) ~= tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[3], ARGV[2])
return 1
"""


def _room(code: str) -> str:
    return f"{PREFIX}room:{code}"


def _log(code: str) -> str:
    return f"{PREFIX}log:{code}"


ROOMS = PREFIX + "rooms"


class RedisStore:
    """The :class:`~app.store.Store` protocol on a Redis server shared by every instance."""

    shared = True

    def __init__(self, url: str) -> None:
        self.client: redis.Redis = redis.Redis.from_url(url)
        self._create = self.client.register_script(CREATE)
        self._save = self.client.register_script(SAVE)
        self._delete = self.client.register_script(DELETE)

    async def create(self, record: RoomRecord) -> bool:
        done = await self._create(keys=[_room(record.code), ROOMS],
                                  args=[record.version, record_to_json(record), record.code])
        return bool(done)

    async def save(self, record: RoomRecord, expected: int, entry: LogEntry | None = None,
                   new_game: bool = False) -> None:
        done = await self._save(
            keys=[_room(record.code), _log(record.code)],
            args=[expected, record.version, record_to_json(record),
                  entry_to_json(entry) if entry is not None else "", "1" if new_game else "0"])
        if not done:
            raise Conflict(f"Room {record.code} is not at version {expected}.")

    async def load(self, code: str) -> StoredRoom | None:
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.hget(_room(code), "record")
            pipe.lrange(_log(code), 0, -1)
            record, entries = await pipe.execute()
        if record is None:
            return None
        return StoredRoom(record_from_json(record), tuple(entry_from_json(e) for e in entries))

    async def version(self, code: str) -> int | None:
        version = await self.client.hget(_room(code), "version")
        return None if version is None else int(version)

    async def load_all(self) -> list[StoredRoom]:
        members = await self.client.smembers(ROOMS)
        codes = sorted(c.decode() if isinstance(c, bytes) else c for c in members)
        rooms = []
        for code in codes:
            stored = await self.load(code)
            if stored is not None:
                rooms.append(stored)
        return rooms

    async def delete(self, code: str, expected: int | None = None) -> bool:
        done = await self._delete(keys=[_room(code), _log(code), ROOMS],
                                  args=["" if expected is None else expected, code])
        return bool(done)

    async def close(self) -> None:
        await self.client.aclose()


class RedisPubSub:
    """Notices between instances over one Redis channel."""

    def __init__(self, url: str) -> None:
        self.client: redis.Redis = redis.Redis.from_url(url)
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def has_peers(self) -> bool:
        return True

    async def publish(self, notice: Notice) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps(notice, separators=(",", ":")))
        except redis.RedisError:
            log.exception("could not publish %r", notice)

    async def subscribe(self, handler: Handler) -> None:
        """Subscribe, and return only once Redis confirmed it (no notice after this is lost)."""
        self._pubsub = self.client.pubsub()
        await self._pubsub.subscribe(CHANNEL)
        while True:
            message = await self._pubsub.get_message(timeout=5)
            if message is not None and message["type"] == "subscribe":
                break
        self._reader = asyncio.get_running_loop().create_task(self._read(handler))

    async def _read(self, handler: Handler) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                         timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading Redis notices failed; retrying")
                await asyncio.sleep(1)
                continue
            if message is None or message["type"] != "message":
                continue
            try:
                await handler(json.loads(message["data"]))
            except Exception:
                log.exception("handling a notice failed")

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self._pubsub is not None:
            await self._pubsub.aclose()
        await self.client.aclose()
