"""The garbage-collector policy applies only when the app owns its process, is undone when the
app stops, and lets closed sockets go."""

from __future__ import annotations

import gc
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from app.config import Settings
from app.gc_policy import YOUNG_COLLECTION_THRESHOLD, SocketTally
from app.main import create_app
from tests.app.conftest import AppProcess, Phone


def test_an_app_owning_its_process_collects_young_objects_on_growth_and_restores_python_defaults(
        tmp_path: Path) -> None:
    before = gc.get_threshold()
    assert before[0] != YOUNG_COLLECTION_THRESHOLD
    with TestClient(create_app(Settings(db=tmp_path / "db.sqlite3"), own_process=True)) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before


def test_an_embedded_app_leaves_the_collector_alone(tmp_path: Path) -> None:
    before = gc.get_threshold()
    with TestClient(create_app(Settings(db=tmp_path / "db.sqlite3"))) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == before


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_closed_sockets_leave_next_to_no_memory_behind(tmp_path: Path) -> None:
    """Issue 12: with objects frozen every second, each socket opened, pinged and closed left
    its reference cycles frozen until the next complete collection (30 KiB per socket in
    bench/gc_sockets.py). A loose bound: a few KiB."""
    server = AppProcess(tmp_path / "gc.sqlite3", GAMENIGHT_WS_PING_SECONDS="0",
                        GAMENIGHT_MESSAGES_PER_SECOND="1000").start()
    try:
        reply = httpx.post(f"{server.url}/api/rooms", json={"game": "qwirkle", "name": None})
        code = reply.json()["code"]

        def churn(n: int) -> None:
            for _ in range(n):
                phone = Phone(server, code)
                phone.recv()
                phone.sync()
                phone.close()

        churn(400)  # warm up: caches, the allocator's arenas
        time.sleep(2.5)
        assert server.proc is not None
        before = _rss_kib(server.proc.pid)
        cycles = 2000
        churn(cycles)
        time.sleep(2.5)  # a freeze tick or two
        grown = _rss_kib(server.proc.pid) - before
        assert grown / cycles < 4, f"{grown / cycles:.1f} KiB per socket"
    finally:
        server.kill()


def test_a_complete_collection_is_due_once_as_many_long_lived_sockets_closed_as_are_open(
) -> None:
    tally = SocketTally()
    for _ in range(3000):
        tally.opened()
    for _ in range(999):
        tally.closed(lived=0.2)  # short-lived: collected before any freeze, not counted
    for _ in range(1000):
        tally.closed(lived=30.0)
    assert tally.open == 1001 and tally.closed_frozen == 1000 and not tally.due()
    tally.closed(lived=30.0)
    assert tally.due()  # 1,001 closed, 1,000 open
