"""WAL checkpoints come from their own thread: committed changes reach the database file
itself (not only the ``-wal`` log) at a quiet moment, or after enough rows when the writer
is never quiet, without a commit doing the copying (SQLite's automatic checkpoint is left
only as a far backstop).

What is in the database file is read from a copy of that file alone, as a reader would find
it if the log were gone: changes only in the log are not in it.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import time
from pathlib import Path

from app.checkpoints import BACKSTOP_PAGES, Checkpointer
from app.store import SQLiteStore
from tests.app.test_store import _record


def rooms_in_the_file(path: Path, scratch: Path) -> set[str]:
    """The room codes the database file holds by itself (its log left behind)."""
    shutil.copyfile(path, scratch)
    with sqlite3.connect(scratch) as db:
        return {code for (code,) in db.execute("SELECT code FROM rooms")}


def wal_writer(path: Path) -> sqlite3.Connection:
    """A writer on a new WAL database of room codes, checkpointing as the store's does."""
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
    writer.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY)")
    return writer


def until(condition: object, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.02)
    return False


def test_commits_reach_the_database_file_at_a_quiet_moment(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"

    async def body() -> None:
        store = SQLiteStore(path)
        try:
            assert store.checkpoints is not None
            for code in ("ABCD", "EFGH", "JKLM"):
                assert await store.create(_record(code))
            assert until(lambda: store.checkpoints is not None and store.checkpoints.runs >= 1)
            assert rooms_in_the_file(path, tmp_path / "copy.sqlite3") == {"ABCD", "EFGH", "JKLM"}
            # ... and the writer's own automatic checkpoint is only the far backstop
            (pages,) = await store._call(
                lambda db: db.execute("PRAGMA wal_autocheckpoint").fetchone())
            assert pages == BACKSTOP_PAGES
        finally:
            await store.close()
    asyncio.run(body())


def test_a_writer_that_is_never_quiet_is_checkpointed_after_enough_rows(
        tmp_path: Path) -> None:
    path = tmp_path / "busy.sqlite3"
    writer = wal_writer(path)
    checkpoints = Checkpointer(path, quiet=30, rows=40)  # never quiet for that long here
    try:
        for n in range(60):  # a commit every 20 ms: no quiet moment
            writer.execute("INSERT INTO rooms VALUES (?)", (f"R{n:03}",))
            checkpoints.committed(writer.total_changes)
            time.sleep(0.02)
        assert until(lambda: checkpoints.runs >= 1)  # by rows: the quiet moment is 30 s away
        assert len(rooms_in_the_file(path, tmp_path / "copy.sqlite3")) >= 40
    finally:
        checkpoints.close()
        writer.close()


def test_a_burst_of_commits_is_checkpointed_once_a_quiet_moment_after_its_last(
        tmp_path: Path) -> None:
    path = tmp_path / "burst.sqlite3"
    writer = wal_writer(path)
    checkpoints = Checkpointer(path, quiet=0.3, rows=10_000, look=0.05)
    try:
        for n in range(40):  # 0.8 s of a commit every 20 ms: never quiet for 0.3 s
            writer.execute("INSERT INTO rooms VALUES (?)", (f"R{n:03}",))
            checkpoints.committed(writer.total_changes)
            last = time.monotonic()
            time.sleep(0.02)
        assert checkpoints.runs == 0
        assert until(lambda: checkpoints.runs >= 1)
        assert time.monotonic() - last >= 0.3
        assert len(rooms_in_the_file(path, tmp_path / "copy.sqlite3")) == 40
        time.sleep(0.5)  # idle: nothing more to do
        assert checkpoints.runs == 1
        writer.execute("INSERT INTO rooms VALUES ('LAST')")  # the next commit wakes it again
        checkpoints.committed(writer.total_changes)
        assert until(lambda: checkpoints.runs == 2)
    finally:
        started = time.monotonic()
        checkpoints.close()
        assert time.monotonic() - started < 1  # a sleeping thread stops at once
        writer.close()


def test_an_in_memory_store_has_no_checkpoints() -> None:
    async def body() -> None:
        store = SQLiteStore(":memory:")
        try:
            assert store.checkpoints is None
            assert await store.create(_record())
        finally:
            await store.close()
    asyncio.run(body())
