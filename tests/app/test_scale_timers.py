"""Turn clocks on several instances, for real (redis-server, two ``python -m app`` and the
test's own SIGKILL): exactly one instance drives a room's clock, and when it dies another
takes over and forces the move at the stored deadline, give or take a lease."""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

import httpx
import pytest

from app.cluster import Cluster, Instance
from tests.app.scaled import Oracle, instance_url, instance_ws, start_cluster
from tests.app.test_scale import _owner, _spread

pytestmark = [pytest.mark.redis, pytest.mark.cluster]

TURN = 2  # seconds a turn
LEASE = 2  # GAMENIGHT_LEASE_SECONDS


def _moves(app: Instance) -> float:
    text = httpx.get(f"{instance_url(app)}/metrics", timeout=10).text
    found = re.search(r"^gamenight_moves_total (\S+)$", text, re.MULTILINE)
    assert found is not None
    return float(found.group(1))


def test_one_instance_drives_the_clock_and_another_takes_over_when_it_is_killed(
        clusters: list[Cluster], tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=2, GAMENIGHT_TIMER_MINIMUM="1",
                            GAMENIGHT_LEASE_SECONDS=str(LEASE))
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster)  # Ann's phone on one instance, Bob's on the other
    try:
        host = table.players["p1"]
        host.command({"type": "set_timers", "timers": {"turn": TURN}})
        host.wait_for(lambda m: m["room"]["timers"] == {"turn": TURN})
        table.start()
        # Nobody moves: two turns run out, each forced once, all by the same instance.
        stored = oracle.stored(table.code)
        assert stored is not None
        start = stored.record.version
        host.wait_for(lambda m: m["version"] >= start + 2, timeout=2 * TURN + 5)
        stored = oracle.stored(table.code)
        assert stored is not None
        assert [e.timed_out for e in stored.entries[:2]] == [True, True]
        owner = _owner(cluster, oracle, table.code)
        counts = {app.name: _moves(app) for app in cluster.apps}
        assert counts[owner.name] >= 2 and sum(counts.values()) == counts[owner.name]
        # Kill the owner just after a turn began: the survivor forces it at its deadline.
        version = stored.record.version
        host.wait_for(lambda m: m["version"] > version, timeout=TURN + 5)
        stored = oracle.stored(table.code)
        assert stored is not None and stored.record.clock is not None
        due, version = stored.record.clock.due, stored.record.version
        assert due is not None
        assert owner.process is not None
        owner.process.send_signal(signal.SIGKILL)
        survivor = next(app for app in cluster.apps if app is not owner)
        watcher = next(p for p in table.players.values()
                       if p.url == instance_ws(survivor))
        watcher.wait_for(lambda m: m["version"] > version, timeout=TURN + LEASE + 5)
        moved_at = time.time()
        assert due <= moved_at < due + LEASE + 1.5
        stored = oracle.stored(table.code)
        assert stored is not None and stored.entries[-1].timed_out
        assert _moves(survivor) >= 1
    finally:
        table.close()
        oracle.close()
