"""How long a move waits for its own durability before it is pushed, by how busy the store is.

A move is pushed only once its save has committed, and with a file that means once SQLite's
fsync of the log has returned. This times ``SQLiteStore.save`` (the production store: its
writer thread, group commit, WAL, ``synchronous=FULL``, the off-commit checkpointer) from the
call to the resolved future, one save at a time with a pause between them, on a file in
``--dir`` and on ``:memory:`` (the same code and thread, no file). The difference is what
durability adds to a push; the pauses are the gaps between moves a server sees at the peer
benchmark's fixed load (50 rooms: 40 ms, 200 rooms: 10 ms, 500 rooms: 4 ms) and when busy.

On a virtual machine a lone fsync after an idle moment is several times slower than one of a
stream (the device and the vCPU wake up for it), so a lightly loaded durable server pays more
per push than a busy one: that is the floor under gamenight's p99 at low load in
``bench/peers`` (in-memory peers pay nothing of it).

    .venv/bin/python bench/durable_push.py [--saves 300] [--dir /tmp]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.store import LogEntry, RoomRecord, Seat, SQLiteStore, evolve  # noqa: E402

PAUSES = (0.040, 0.010, 0.004, 0.0)
ROOMS = 50


def _record(code: str) -> RoomRecord:
    seats = tuple(Seat(f"p{i}", f"Player {i}", "h" * 64, False) for i in range(1, 7))
    return RoomRecord(
        code=code, game="bench", options={}, seats=seats, host="p1", table_token_hash=None,
        phase="playing", version=1, seed=1, players=tuple(s.id for s in seats), started_at=1,
        next_seat=7, created_by="127.0.0.1", created_at=1.0, updated_at=1.0)


async def _waits(store: SQLiteStore, prefix: str, saves: int, pause: float) -> list[float]:
    """Milliseconds each of ``saves`` moves (round-robin over new rooms named ``prefix``…)
    waited for its save, ``pause`` seconds apart."""
    records = [_record(f"{prefix}{i:03d}") for i in range(ROOMS)]
    for record in records:
        assert await store.create(record)
    waits = []
    for n in range(saves):
        old = records[n % ROOMS]
        new = evolve(old, version=old.version + 1, updated_at=time.time())
        entry = LogEntry(new.version, "p1", {"kind": "play", "card": n % 104})
        started = time.perf_counter()
        await store.save(new, old.version, entry)
        waits.append((time.perf_counter() - started) * 1000)
        records[n % ROOMS] = new
        if pause:
            await asyncio.sleep(pause)
    return waits


def _run(path: str, saves: int, pause: float) -> list[float]:
    async def go() -> list[float]:
        store = SQLiteStore(path)
        try:
            await _waits(store, "W", 20, pause)  # warm up
            return await _waits(store, "R", saves, pause)
        finally:
            await store.close()

    return asyncio.run(go())


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--dir", default=tempfile.gettempdir(),
                        help="where the database file goes (the disk being measured)")
    args = parser.parse_args()
    print(f"{args.saves} saves each, one at a time, {ROOMS} rooms; ms from save() to its "
          "resolved future")
    print("| pause between moves | file p50 | file p99 | :memory: p50 | :memory: p99 "
          "| durability adds (p50) |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(dir=args.dir) as scratch:
        for pause in PAUSES:
            disk = _run(str(Path(scratch) / f"push-{pause}.sqlite3"), args.saves, pause)
            memory = _run(":memory:", args.saves, pause)
            added = statistics.median(disk) - statistics.median(memory)
            print(f"| {pause * 1000:g} ms | {statistics.median(disk):.3f} | "
                  f"{_p99(disk):.3f} | {statistics.median(memory):.3f} | "
                  f"{_p99(memory):.3f} | {added:.3f} |", flush=True)


if __name__ == "__main__":
    main()
