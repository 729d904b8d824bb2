"""Rooms in Redis, so several app instances share them: the store, the change feed, the owner
leases, the holders of each room and presence notices over pub/sub.

Keys (all under ``gamenight:``):
- ``room:{code}`` — a hash: ``version``, ``epoch`` and ``record`` (the :class:`RoomRecord` as
  JSON).
- ``log:{code}`` — a list of the current game's entries as JSON, oldest first.
- ``updated`` — a sorted set: every live code, scored by when it last changed (the idle sweep).
- ``by:{address}`` — the set of live codes an address created (the rooms-per-address limit).
- ``holders:{code}`` — a sorted set: the instances holding the room in memory, each scored by
  when its claim runs out (in Redis's clock).
- ``changes:{instance}`` — a stream per instance: an entry (code, version, epoch, or deleted)
  for every change made elsewhere to a room it holds.
- ``lease:{code}`` — the instance that drives the room's timed work, with an expiry.

Every write is one Lua script, which Redis runs atomically: ``save`` compares the stored version
with the expected one before writing the record, appending the entry and announcing the change
on the stream of every other instance holding the room, so two instances never both apply an
action to the same version, and no change is stored unannounced. With rooms kept on one
instance by the load balancer, nothing crosses at all. A save repeated after it committed (the
retry of a call that timed out) finds its own record in place and succeeds without writing
again. When a save's reply is lost for good, the stored record is read back to learn what
happened.

Durability is Redis's: run it with ``appendonly yes`` and ``appendfsync always`` for the SQLite
store's guarantee; :func:`check_durability` refuses anything less unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Iterable
from typing import Any

import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff

from app.feed import Changed, OnChange, OnGap
from app.pubsub import Handler, Notice
from app.store import (
    Conflict,
    LeaseLost,
    LogEntry,
    RoomRecord,
    StoredRoom,
    StoreUnavailable,
    entry_from_json,
    entry_to_json,
    record_from_json,
    record_to_json,
)

log = logging.getLogger(__name__)

PREFIX = "gamenight:"
CHANNEL = PREFIX + "notices"
UPDATED = PREFIX + "updated"
#: About how many changes an instance's stream keeps (a follower further behind checks
#: versions), and how long the stream of an instance that stopped reading outlives it.
STREAM_LENGTH = 10_000
STREAM_MS = 600_000

#: What a failed call raises when Redis is unreachable, restarting or too slow.
DOWN = (redis.ConnectionError, redis.TimeoutError, OSError)

#: Tell every holder of the room but the writer (KEYS[1] the holders, ARGV[1] the writer) that
#: it is at ARGV[3] of ARGV[4] (ARGV[5]: '1' deleted); ARGV[2] is the room's code.
NOTIFY = """
local function notify(holders, writer, code, version, epoch, deleted)
  local t = redis.call('TIME')
  local now = t[1] * 1000 + math.floor(t[2] / 1000)
  redis.call('ZREMRANGEBYSCORE', holders, '-inf', now)
  for _, holder in ipairs(redis.call('ZRANGE', holders, 0, -1)) do
    if holder ~= writer then
      local stream = '""" + PREFIX + """changes:' .. holder
      if deleted == '1' then
        redis.call('XADD', stream, 'MAXLEN', '~', '""" + str(STREAM_LENGTH) + """', '*',
                   'code', code, 'version', version, 'epoch', epoch, 'deleted', '1')
      else
        redis.call('XADD', stream, 'MAXLEN', '~', '""" + str(STREAM_LENGTH) + """', '*',
                   'code', code, 'version', version, 'epoch', epoch)
      end
      redis.call('PEXPIRE', stream, '""" + str(STREAM_MS) + """')
    end
  end
end
"""

CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'record', ARGV[2], 'epoch', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
redis.call('SADD', KEYS[3], ARGV[3])
local t = redis.call('TIME')
redis.call('ZADD', KEYS[4], t[1] * 1000 + math.floor(t[2] / 1000) + ARGV[7], ARGV[6])
return 1
"""

SAVE = NOTIFY + """
local stored = redis.call('HGET', KEYS[1], 'version')
if not stored then return 0 end
if tonumber(stored) ~= tonumber(ARGV[1]) then
  if tonumber(stored) == tonumber(ARGV[2]) and redis.call('HGET', KEYS[1], 'record') == ARGV[3]
  then return 1 end
  return 0
end
if ARGV[9] ~= '' and redis.call('GET', KEYS[4]) ~= ARGV[9] then return -1 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'record', ARGV[3], 'epoch', ARGV[8])
if ARGV[5] == '1' then
  if ARGV[11] ~= '' then
    redis.call('HSET', KEYS[6], ARGV[11],
               '[' .. table.concat(redis.call('LRANGE', KEYS[2], 0, -1), ',') .. ']')
  end
  redis.call('DEL', KEYS[2])
end
if ARGV[4] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[4]) end
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[7])
notify(KEYS[5], ARGV[10], ARGV[7], ARGV[2], ARGV[8], '0')
return 1
"""

DELETE = NOTIFY + """
local stored = redis.call('HGET', KEYS[1], 'version')
if not stored then return 0 end
if ARGV[1] ~= '' and tonumber(stored) ~= tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[6])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('SREM', KEYS[4], ARGV[2])
notify(KEYS[5], ARGV[3], ARGV[2], stored, '', '1')
redis.call('DEL', KEYS[5])
return 1
"""

#: KEYS: the holders sets of the rooms; ARGV[1] this instance, ARGV[2] how long (ms).
HOLD = """
local t = redis.call('TIME')
local until_ms = t[1] * 1000 + math.floor(t[2] / 1000) + ARGV[2]
for _, key in ipairs(KEYS) do redis.call('ZADD', key, until_ms, ARGV[1]) end
return 1
"""

#: KEYS: an address's misses and its wait; ARGV: the miss's time, a unique member, the window
#: (ms), the time the wait ends (s).
MISSED = """
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local free = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[4]) > free then redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3]) end
return 1
"""

#: KEYS: holders sets; returns 1 for each that has a live holder, else 0.
HELD = """
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local found = {}
for i, key in ipairs(KEYS) do found[i] = redis.call('ZCOUNT', key, now, '+inf') > 0 and 1 or 0 end
return found
"""

CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def _room(code: str) -> str:
    return f"{PREFIX}room:{code}"


def _log(code: str) -> str:
    return f"{PREFIX}log:{code}"


def _archive(code: str) -> str:
    """A hash: a finished game's id → its log as a JSON array (for replays)."""
    return f"{PREFIX}archive:{code}"


def _by(address: str) -> str:
    return f"{PREFIX}by:{address}"


def _lease(code: str) -> str:
    return f"{PREFIX}lease:{code}"


def _holders(code: str) -> str:
    return f"{PREFIX}holders:{code}"


def _changes(instance: str) -> str:
    return f"{PREFIX}changes:{instance}"


#: Connections one client keeps to Redis at most; a call beyond waits for a free one.
POOL_SIZE = 64


def connect(url: str, timeout: float, retries: int, blocking: bool = False) -> redis.Redis:
    """A client that retries a call that failed to connect or timed out (with jittered
    exponential backoff), so a stale pooled connection after a Redis restart is replaced
    without the caller noticing; calls beyond :data:`POOL_SIZE` at once wait for a connection
    (up to ``timeout``) instead of failing. ``blocking``: for a reader that waits on the
    server."""
    pool = redis.BlockingConnectionPool.from_url(
        url, max_connections=POOL_SIZE, timeout=timeout,
        socket_timeout=None if blocking else timeout, socket_connect_timeout=timeout,
        retry=Retry(ExponentialWithJitterBackoff(cap=1.0, base=0.05), retries),
        retry_on_error=[redis.ConnectionError, redis.TimeoutError],
        health_check_interval=10, socket_keepalive=True)
    return redis.Redis(connection_pool=pool, auto_close_connection_pool=True)


@contextlib.asynccontextmanager
async def reachable(what: str) -> AsyncIterator[None]:
    """Turn an unreachable Redis into :class:`StoreUnavailable` (say what was attempted)."""
    try:
        yield
    except DOWN as exc:
        raise StoreUnavailable(f"Redis is unreachable ({what}): {exc}") from None


class RedisStore:
    """The :class:`~app.store.Store` protocol on a Redis server shared by every instance."""

    shared = True

    def __init__(self, url: str, timeout: float = 2, retries: int = 3, instance: str = "",
                 hold_seconds: float = 30) -> None:
        self.client: redis.Redis = connect(url, timeout, retries)
        #: Who writes: the holder not told of its own changes (and the creator of new rooms).
        self.instance = instance
        self.hold_ms = int(hold_seconds * 1000)
        self._create = self.client.register_script(CREATE)
        self._save = self.client.register_script(SAVE)
        self._delete = self.client.register_script(DELETE)

    async def create(self, record: RoomRecord) -> bool:
        async with reachable("create"):
            done = await self._create(
                keys=[_room(record.code), UPDATED, _by(record.created_by),
                      _holders(record.code)],
                args=[record.version, record_to_json(record), record.code, record.updated_at,
                      record.epoch, self.instance or "-", self.hold_ms])
        return bool(done)

    async def save(self, record: RoomRecord, expected: int, entry: LogEntry | None = None,
                   new_game: bool = False, owner: str | None = None,
                   archive: int | None = None) -> None:
        text = record_to_json(record)
        code = record.code
        try:
            done = await self._save(
                keys=[_room(code), _log(code), UPDATED, _lease(code), _holders(code),
                      _archive(code)],
                args=[expected, record.version, text,
                      entry_to_json(entry) if entry is not None else "", "1" if new_game else "0",
                      record.updated_at, code, record.epoch, owner or "", self.instance,
                      "" if archive is None else str(archive)])
        except DOWN:
            done = await self._settle(record, expected, text)
        if done == 0:
            raise Conflict(f"Room {code} is not at version {expected}.")
        if done == -1:
            raise LeaseLost(f"This instance no longer drives room {code}.")

    async def _settle(self, record: RoomRecord, expected: int, text: str) -> int:
        """What became of a save whose reply never came: read the room back (1 stored, 0 a
        conflict); StoreUnavailable when it was not stored or cannot be read."""
        async with reachable("reading back a save whose reply was lost"):
            version, stored = await self.client.hmget(_room(record.code), ["version", "record"])
        if version is not None and int(version) == record.version and stored is not None \
                and _text(stored) == text:
            return 1
        if version is not None and int(version) == expected:
            raise StoreUnavailable(f"Redis did not store room {record.code}'s change.")
        return 0

    async def load(self, code: str) -> StoredRoom | None:
        return await self.load_since(code, 0)

    async def load_since(self, code: str, known: int) -> StoredRoom | None:
        async with reachable("load"), self.client.pipeline(transaction=True) as pipe:
            pipe.hget(_room(code), "record")
            pipe.lrange(_log(code), known, -1)
            record, entries = await pipe.execute()
        if record is None:
            return None
        return StoredRoom(record_from_json(record), tuple(entry_from_json(e) for e in entries))

    async def archived(self, code: str, game: int) -> tuple[LogEntry, ...] | None:
        async with reachable("archived"):
            text = await self.client.hget(_archive(code), str(game))
        if text is None:
            return None
        return tuple(LogEntry(**e) for e in json.loads(text))

    async def version(self, code: str) -> int | None:
        async with reachable("version"):
            version = await self.client.hget(_room(code), "version")
        return None if version is None else int(version)

    async def heads(self, codes: Iterable[str]) -> dict[str, tuple[int, str] | None]:
        """The stored (version, epoch) of each of ``codes`` (None: no such room), in one trip."""
        wanted = list(codes)
        async with reachable("versions"), self.client.pipeline(transaction=False) as pipe:
            for code in wanted:
                pipe.hmget(_room(code), ["version", "epoch"])
            replies = await pipe.execute()
        return {code: None if version is None else (int(version), (epoch or b"").decode())
                for code, (version, epoch) in zip(wanted, replies, strict=True)}

    async def idle(self, cutoff: float) -> list[str]:
        async with reachable("idle rooms"):
            codes: Any = await self.client.zrangebyscore(UPDATED, "-inf", f"({cutoff}")
        return sorted(_text(c) for c in codes)

    async def created_by(self, address: str) -> int:
        async with reachable("rooms of an address"):
            count: int = await self.client.scard(_by(address))
        return count

    async def delete(self, code: str, expected: int | None = None) -> bool:
        async with reachable("delete"):
            text = await self.client.hget(_room(code), "record")
            if text is None:
                return False
            address = record_from_json(text).created_by
            done = await self._delete(
                keys=[_room(code), _log(code), UPDATED, _by(address), _holders(code),
                      _archive(code)],
                args=["" if expected is None else expected, code, self.instance])
        return bool(done)

    async def ping(self) -> None:
        async with reachable("ping"):
            await self.client.ping()

    async def close(self) -> None:
        await self.client.aclose()


async def check_durability(client: redis.Redis) -> str | None:
    """Why this Redis may lose acknowledged moves (None: it may not): anything but
    ``appendonly yes`` with ``appendfsync always``, or settings it will not show."""
    try:
        only = await client.config_get("appendonly")
        sync = await client.config_get("appendfsync")
    except redis.ResponseError as exc:
        return f"its persistence settings cannot be read (CONFIG GET: {exc})"
    if only.get("appendonly") != "yes" or sync.get("appendfsync") != "always":
        return (f"it runs with appendonly {only.get('appendonly')!r} and appendfsync "
                f"{sync.get('appendfsync')!r}, not 'yes' and 'always'")
    return None


class RedisChanges:
    """The change feed: reads this instance's ``changes`` stream from where it left off."""

    def __init__(self, url: str, instance: str, timeout: float = 2, retries: int = 3,
                 block_seconds: float = 1.0) -> None:
        self.client: redis.Redis = connect(url, timeout, retries, blocking=True)
        self.stream = _changes(instance)
        self.block_ms = int(block_seconds * 1000)
        self._reader: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange, on_gap: OnGap) -> None:
        async with reachable("reading the change stream"):
            last: Any = await self.client.xrevrange(self.stream, count=1)
        position = _text(last[0][0]) if last else "0-0"
        self._reader = asyncio.get_running_loop().create_task(
            self._read(position, on_change, on_gap))

    async def _read(self, position: str, on_change: OnChange, on_gap: OnGap) -> None:
        down_since: float | None = None
        heard = time.monotonic()
        while True:
            try:
                replies: Any = await self.client.xread({self.stream: position}, count=1000,
                                                       block=self.block_ms)
            except asyncio.CancelledError:
                raise
            except DOWN as exc:
                if down_since is None:
                    down_since = time.monotonic()
                    log.warning("the change stream is unreachable (%s); retrying", exc)
                await asyncio.sleep(0.5)
                continue
            now = time.monotonic()
            # After an outage, or a pause of this process (a read that should have come back
            # within a block came back much later), entries may have been trimmed unread.
            if down_since is not None or now - heard > 5 * self.block_ms / 1000 + 5:
                if down_since is not None:
                    log.warning("the change stream is back after %.1f s; checking every room",
                                now - down_since)
                down_since = None
                await _guarded(on_gap())
            heard = now
            for _stream, entries in replies or ():
                for entry_id, fields in entries:
                    position = _text(entry_id)
                    await _guarded(on_change(_changed(fields)))

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        await self.client.aclose()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _changed(fields: dict[bytes, bytes]) -> Changed:
    return Changed(fields[b"code"].decode(), int(fields[b"version"]),
                   fields.get(b"epoch", b"").decode(), deleted=b"deleted" in fields)


async def _guarded(work: Any) -> None:
    try:
        await work
    except Exception:
        log.exception("handling a change failed")


class RedisLeases:
    """Owner leases (:mod:`app.leases`) in Redis: ``SET NX PX`` with renewal, signed saves."""

    def __init__(self, client: redis.Redis, owner: str, seconds: float) -> None:
        self.client = client
        self.owner: str | None = owner
        self._name = owner
        self.ms = max(1, int(seconds * 1000))
        self.held: set[str] = set()
        self._claim = client.register_script(CLAIM)
        self._release = client.register_script(RELEASE)

    async def claim(self, code: str) -> bool:
        try:
            got = bool(await self._claim(keys=[_lease(code)], args=[self._name, self.ms]))
        except DOWN:
            got = False
        if got:
            self.held.add(code)
        else:
            self.held.discard(code)
        return got

    async def renew(self) -> None:
        codes = sorted(self.held)
        if not codes:
            return
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                for code in codes:
                    await self._claim(keys=[_lease(code)], args=[self._name, self.ms],
                                      client=pipe)
                replies = await pipe.execute()
        except DOWN:
            return  # kept until they run out: a claim will tell
        for code, held in zip(codes, replies, strict=True):
            if not held:
                self.held.discard(code)

    async def release(self, code: str) -> None:
        if code in self.held:
            self.held.discard(code)
            with contextlib.suppress(*DOWN):
                await self._release(keys=[_lease(code)], args=[self._name])

    def holds(self, code: str) -> bool:
        return code in self.held


class RedisHolders:
    """Who holds each room (:mod:`app.leases`): this instance's claims in ``holders:{code}``."""

    def __init__(self, client: redis.Redis, instance: str, seconds: float) -> None:
        self.client = client
        self.instance = instance
        self.ms = max(1, int(seconds * 1000))
        self._hold = client.register_script(HOLD)
        self._held = client.register_script(HELD)

    async def hold(self, codes: Iterable[str]) -> None:
        keys = [_holders(code) for code in codes]
        if keys:
            async with reachable("holding rooms"):
                await self._hold(keys=keys, args=[self.instance, self.ms])

    async def unhold(self, code: str) -> None:
        with contextlib.suppress(*DOWN):
            await self.client.zrem(_holders(code), self.instance)

    async def held(self, codes: Iterable[str]) -> set[str]:
        wanted = list(codes)
        if not wanted:
            return set()
        async with reachable("holders"):
            found = await self._held(keys=[_holders(code) for code in wanted])
        return {code for code, live in zip(wanted, found, strict=True) if live}


class RedisGuessBook:
    """Unknown-code misses per address (:class:`app.guesses.GuessBook`), shared by every
    instance: ``guesses:{address}`` (a sorted set of miss times) and ``guesses-free:{address}``
    (until when its next lookup waits)."""

    def __init__(self, client: redis.Redis, window: float) -> None:
        self.client = client
        self.window_ms = max(1, int(window * 1000))
        self._missed = client.register_script(MISSED)
        self._tasks: set[asyncio.Task[None]] = set()
        self._count = 0

    async def look(self, address: str, since: float) -> tuple[int, float]:
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                pipe.zcount(f"{PREFIX}guesses:{address}", since, "+inf")
                pipe.get(f"{PREFIX}guesses-free:{address}")
                count, free = await pipe.execute()
        except DOWN:
            return 0, 0.0  # this instance's own counts still apply
        return int(count), float(free or 0)

    def note(self, address: str, at: float, free_at: float) -> None:
        self._count += 1
        member = f"{at:.6f}-{self._count}"
        task = asyncio.get_running_loop().create_task(self._note(address, at, member, free_at))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _note(self, address: str, at: float, member: str, free_at: float) -> None:
        with contextlib.suppress(*DOWN):
            await self._missed(keys=[f"{PREFIX}guesses:{address}",
                                     f"{PREFIX}guesses-free:{address}"],
                               args=[at, member, self.window_ms, free_at])


class RedisPubSub:
    """Presence notices between instances over one Redis channel (lost ones are repeated:
    see :meth:`app.registry.Rooms.start`)."""

    def __init__(self, url: str, timeout: float = 2, retries: int = 3) -> None:
        self.client: redis.Redis = connect(url, timeout, retries, blocking=True)
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._down = False

    @property
    def has_peers(self) -> bool:
        return True

    async def publish(self, notice: Notice) -> None:
        try:
            await self.client.publish(CHANNEL, json.dumps(notice, separators=(",", ":")))
        except DOWN as exc:
            if not self._down:
                log.warning("could not publish a notice: %s", exc)
            self._down = True
        else:
            self._down = False

    async def subscribe(self, handler: Handler) -> None:
        """Subscribe, and return only once Redis confirmed it (no notice after this is lost)."""
        self._pubsub = self.client.pubsub()
        async with reachable("subscribe"):
            await self._pubsub.subscribe(CHANNEL)
            while True:
                message = await self._pubsub.get_message(timeout=5)
                if message is not None and message["type"] == "subscribe":
                    break
        self._reader = asyncio.get_running_loop().create_task(self._read(handler))

    async def _read(self, handler: Handler) -> None:
        down = False
        while True:
            try:
                message = await self._pubsub.get_message(ignore_subscribe_messages=True,
                                                         timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not down:
                    log.warning("reading notices failed (%s); retrying", exc)
                down = True
                await asyncio.sleep(0.5)
                continue
            down = False
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
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await self.client.aclose()
