"""Idle rooms go away: the sweep removes rooms unchanged for ``idle_hours`` that nobody is
watching, from memory and from the store; a restart does not bring back idle rooms."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.app.conftest import Table, http, open_table


def test_the_sweep_removes_idle_unwatched_rooms_and_keeps_the_rest(
        serve: Any, tables: list[Table]) -> None:
    server = serve(idle_hours=24)
    idle = open_table(server)
    watched = open_table(server)
    tables.append(watched)
    watched.seat("p1")
    rooms = server.app.state.rooms

    async def sweep_soon() -> list[str]:
        return await rooms.sweep(now=time.time() + 3600)

    async def sweep_later() -> list[str]:
        return await rooms.sweep(now=time.time() + 25 * 3600)

    assert server.call(sweep_soon) == []
    assert server.call(sweep_later) == [idle.code]
    assert http(server).get(f"/api/rooms/{idle.code}").status_code == 404
    assert http(server).get(f"/api/rooms/{watched.code}").status_code == 200

    async def stored(code: str) -> Any:
        return await rooms.store.load(code)

    assert server.call(lambda: stored(idle.code)) is None
    assert server.call(lambda: stored(watched.code)) is not None


def test_a_restart_does_not_restore_rooms_idle_for_too_long(serve: Any,
                                                            tmp_path: Path) -> None:
    db = tmp_path / "idle.sqlite3"
    first = serve(db=db)
    table = open_table(first)
    first.stop()
    again = serve(db=db, idle_hours=24)
    assert http(again).get(f"/api/rooms/{table.code}").status_code == 200
    again.stop()
    time.sleep(0.01)
    later = serve(db=db, idle_hours=1e-6)  # everything older than 3.6 ms is idle
    assert http(later).get(f"/api/rooms/{table.code}").status_code == 404
