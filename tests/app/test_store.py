"""The Store protocol, run against SQLite and a real Redis server alike: compare-and-set
appends, one game per log, whole-room loads, conditional deletes, and no raw token at rest."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
import redis

from app.redis_backend import RedisStore
from app.store import (
    Conflict,
    LogEntry,
    RoomRecord,
    Seat,
    SQLiteStore,
    Store,
    StoredRoom,
    evolve,
    record_to_json,
)
from tests.app.conftest import http, open_table

T = TypeVar("T")


def _record(code: str = "ABCD", version: int = 1, **changes: Any) -> RoomRecord:
    base = RoomRecord(
        code=code, game="qwirkle", options={}, seats=(Seat("p1", "Ann", "h" * 64, False),),
        host="p1", table_token_hash=None, phase="lobby", version=version, seed=None,
        players=(), started_at=0, next_seat=1, created_by="1.2.3.4", created_at=1.0,
        updated_at=1.0)
    return replace(base, **changes)


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A factory of stores sharing one backing database (a file or a Redis server)."""
    if request.param == "sqlite":
        def sqlite_store() -> Store:
            return SQLiteStore(tmp_path / "store.sqlite3")
        yield sqlite_store
    else:
        url = request.getfixturevalue("redis_url")

        def redis_store() -> Store:
            return RedisStore(url)
        yield redis_store


def run(make: Callable[[], Store], body: Callable[[Store], Awaitable[T]]) -> T:
    async def go() -> T:
        store = make()
        try:
            return await body(store)
        finally:
            await store.close()
    return asyncio.run(go())


def test_create_refuses_a_taken_code(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> tuple[bool, bool, StoredRoom | None]:
        first = await store.create(_record())
        second = await store.create(_record(game="encore"))
        return first, second, await store.load("ABCD")
    first, second, loaded = run(make_store, body)
    assert (first, second) == (True, False)
    assert loaded == StoredRoom(_record(), ())


def test_save_is_compare_and_set_on_the_version(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> StoredRoom | None:
        await store.create(_record())
        playing = _record(version=2, phase="playing", seed=7, players=("p1",), started_at=2)
        await store.save(playing, 1, new_game=True)
        move = LogEntry(3, "p1", {"kind": "pass"}, "id-1")
        await store.save(replace(playing, version=3), 2, move)
        with pytest.raises(Conflict):  # someone else saves on version 2 too: refused
            await store.save(replace(playing, version=3, host=None), 2,
                             LogEntry(3, "p1", {"kind": "trade"}, "id-2"))
        with pytest.raises(Conflict):  # a room that does not exist cannot be saved
            await store.save(_record("ZZZZ", 2), 1)
        return await store.load("ABCD")
    loaded = run(make_store, body)
    assert loaded is not None
    assert loaded.record.version == 3 and loaded.record.host == "p1"
    assert loaded.entries == (LogEntry(3, "p1", {"kind": "pass"}, "id-1"),)


def test_two_stores_racing_on_one_version_both_cannot_win(
        make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> tuple[list[Any], StoredRoom | None]:
        other = make_store()
        try:
            await store.create(_record())
            results = await asyncio.gather(
                store.save(_record(version=2, host="a"), 1, LogEntry(2, "p1", {"n": 1})),
                other.save(_record(version=2, host="b"), 1, LogEntry(2, "p1", {"n": 2})),
                return_exceptions=True)
            return results, await other.load("ABCD")
        finally:
            await other.close()
    results, loaded = run(make_store, body)
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "NoneType"]
    assert loaded is not None and len(loaded.entries) == 1
    winner = "a" if results[0] is None else "b"
    assert loaded.record.host == winner
    assert loaded.entries[0].action == {"n": 1 if winner == "a" else 2}


def test_a_new_game_starts_a_new_log(make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> StoredRoom | None:
        await store.create(_record())
        await store.save(_record(version=2), 1, LogEntry(2, "p1", {"n": 1}))
        await store.save(_record(version=3), 2, LogEntry(3, "p2", {"n": 2}))
        await store.save(_record(version=4, started_at=4), 3, new_game=True)
        await store.save(_record(version=5), 4, LogEntry(5, "p1", {"n": 3}))
        return await store.load("ABCD")
    loaded = run(make_store, body)
    assert loaded is not None and [e.version for e in loaded.entries] == [5]


async def _load_all(store: Store, codes: list[str]) -> list[StoredRoom]:
    loaded = [await store.load(code) for code in sorted(codes)]
    return [room for room in loaded if room is not None]


def test_load_returns_each_room_with_its_ordered_log(
        make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> list[StoredRoom]:
        for code in ("BBBB", "AAAA", "CCCC"):
            await store.create(_record(code))
        for version in range(2, 7):
            await store.save(_record("BBBB", version), version - 1,
                             LogEntry(version, f"p{version}", {"v": version}, str(version)))
        return await _load_all(store, ["BBBB", "AAAA", "CCCC"])
    rooms = run(make_store, body)
    assert [r.record.code for r in rooms] == ["AAAA", "BBBB", "CCCC"]
    assert [e.version for e in rooms[1].entries] == [2, 3, 4, 5, 6]
    assert rooms[1].entries[-1] == LogEntry(6, "p6", {"v": 6}, "6")
    assert rooms[0].entries == () and rooms[1].record.version == 6


def test_delete_is_conditional_on_the_version_when_asked(
        make_store: Callable[[], Store]) -> None:
    async def body(store: Store) -> tuple[bool, bool, bool, StoredRoom | None, int | None]:
        await store.create(_record())
        await store.save(_record(version=2), 1, LogEntry(2, "p1", {}))
        stale = await store.delete("ABCD", 1)
        kept = await store.version("ABCD")
        fresh = await store.delete("ABCD", 2)
        again = await store.delete("ABCD")
        return stale, fresh, again, await store.load("ABCD"), kept
    stale, fresh, again, loaded, kept = run(make_store, body)
    assert (stale, fresh, again, loaded, kept) == (False, True, False, None, 2)


def test_the_sqlite_writer_commits_concurrent_saves_in_groups(tmp_path: Path) -> None:
    async def body() -> tuple[int, int, list[StoredRoom]]:
        store = SQLiteStore(tmp_path / "group.sqlite3")
        codes = [f"A{chr(65 + i // 24)}{chr(65 + i % 24)}A" for i in range(200)]
        await asyncio.gather(*(store.create(_record(code)) for code in codes))
        await asyncio.gather(*(store.save(_record(code, 2), 1, LogEntry(2, "p1", {}))
                               for code in codes))
        rooms = await _load_all(store, codes)
        await store.close()
        return store.commits, store.ops, rooms
    commits, ops, rooms = asyncio.run(body())
    assert len(rooms) == 200 and all(r.record.version == 2 for r in rooms)
    assert ops == 200 + 200 + 200 and commits < ops  # fewer fsyncs than saves


def test_a_conflict_in_a_group_commit_undoes_nothing_of_the_other_saves(tmp_path: Path
                                                                          ) -> None:
    async def body() -> tuple[list[BaseException | None], list[StoredRoom]]:
        store = SQLiteStore(tmp_path / "conflict.sqlite3")
        codes = [f"B{chr(65 + i // 24)}{chr(65 + i % 24)}B" for i in range(50)]
        await asyncio.gather(*(store.create(_record(code)) for code in codes))
        # One batch: every save but the 26th expects the stored version 1; that one is stale.
        saves = [store.save(_record(code, 3 if i == 25 else 2), 2 if i == 25 else 1,
                            LogEntry(3 if i == 25 else 2, "p1", {"n": i}))
                 for i, code in enumerate(codes)]
        outcomes = await asyncio.gather(*saves, return_exceptions=True)
        rooms = await _load_all(store, codes)
        await store.close()
        return [o if isinstance(o, BaseException) else None for o in outcomes], rooms
    outcomes, rooms = asyncio.run(body())
    assert isinstance(outcomes[25], Conflict)
    assert all(o is None for i, o in enumerate(outcomes) if i != 25)
    versions = {r.record.code: (r.record.version, [e.action for e in r.entries]) for r in rooms}
    assert versions["BBBB"] == (1, [])  # the 26th code: untouched
    assert all(versions[code] == (2, [{"n": i}]) for i, code in enumerate(sorted(versions))
               if code != "BBBB")


def test_sqlite_runs_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    path = tmp_path / "mode.sqlite3"

    async def body() -> tuple[str, int]:
        store = SQLiteStore(path)

        def look(db: sqlite3.Connection) -> tuple[str, int]:
            mode = db.execute("PRAGMA journal_mode").fetchone()[0]
            sync = db.execute("PRAGMA synchronous").fetchone()[0]
            return mode, sync
        result = await store._call(look)
        await store.close()
        return result
    assert asyncio.run(body()) == ("wal", 2)  # 2 = FULL


def test_raw_tokens_never_reach_the_sqlite_file(serve: Any, tmp_path: Path) -> None:
    db = tmp_path / "tokens.sqlite3"
    server = serve(db=db)
    table = open_table(server)
    table.join("Bob")
    tv = http(server).post("/api/rooms", json={"game": "qwirkle"}).json()
    secrets = [*table.tokens.values(), tv["host_token"]]
    server.stop()
    data = b"".join(p.read_bytes() for p in tmp_path.glob("tokens.sqlite3*"))
    assert table.code.encode() in data  # the rooms are there…
    for secret in secrets:  # …but no token in any form
        assert secret.encode() not in data


def test_raw_tokens_never_reach_redis(serve: Any, redis_url: str) -> None:
    server = serve(redis_url=redis_url)
    table = open_table(server)
    table.join("Bob")
    client = redis.Redis.from_url(redis_url)
    dump = b"".join(client.dump(key) or b"" for key in client.keys("*"))
    dump += b"".join(str(client.hgetall(k)).encode() for k in client.keys("gamenight:room:*"))
    client.close()
    assert table.code.encode() in dump
    for secret in table.tokens.values():
        assert secret.encode() not in dump


def test_a_finished_games_log_is_archived_for_its_replay_and_goes_with_the_room(
        make_store: Callable[[], Store]) -> None:
    from app.store import FinishedGame

    night = (FinishedGame("qwirkle", 2, {}, 7, ("p1",), {"p1": "Ann"}, {"p1": 1}, {"p1": 1}),)

    async def body(store: Store) -> tuple[Any, ...]:
        await store.create(_record())
        await store.save(_record(version=2, phase="playing", seed=7, players=("p1",),
                                 started_at=2), 1, new_game=True)
        await store.save(_record(version=3, phase="finished", seed=7, players=("p1",),
                                 started_at=2, night=night), 2, LogEntry(3, "p1", {"n": 1}, "r"))
        await store.save(_record(version=4, phase="playing", seed=8, players=("p1",),
                                 started_at=4, night=night), 3, new_game=True, archive=2)
        loaded = await store.load("ABCD")
        archived = await store.archived("ABCD", 2), await store.archived("ABCD", 4)
        await store.delete("ABCD")
        return loaded, archived, await store.archived("ABCD", 2)
    loaded, archived, gone = run(make_store, body)
    assert loaded.record.night == night and loaded.entries == ()
    assert archived == ((LogEntry(3, "p1", {"n": 1}, "r"),), None)
    assert gone is None


def test_evolve_makes_the_record_replace_would_and_leaves_the_old_one_as_it_was() -> None:
    old = _record(version=4, phase="playing", players=("p1",))
    kept = record_to_json(old)
    changes: dict[str, Any] = {"version": 5, "updated_at": 9.5, "phase": "finished",
                               "timers": {"turn": 30}}
    new = evolve(old, **changes)
    assert new == replace(old, **changes) and type(new) is RoomRecord
    assert record_to_json(old) == kept and new.seats is old.seats
    assert evolve(old) == old and evolve(old) is not old
    with pytest.raises(TypeError, match="no field colour"):
        evolve(old, colour="red")
    with pytest.raises(AttributeError):  # still frozen
        new.version = 6  # type: ignore[misc]
