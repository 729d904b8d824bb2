"""Scaled out, for real: redis-server, several ``python -m app`` instances and HAProxy, all
started (and killed, and paused) by the test itself. Each test is a failure seen when scaling
out, reproduced; see tests/app/scaled.py for the players and the oracle."""

from __future__ import annotations

import asyncio
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from app.cluster import Cluster, Instance
from app.redis_backend import RedisStore
from rules import GAMES
from tests.app.scaled import (
    Oracle,
    Player,
    Table,
    instance_url,
    instance_ws,
    start_cluster,
    tracebacks,
    versions_agree,
)

pytestmark = [pytest.mark.redis, pytest.mark.cluster]

SHORT = {"dixit": {"end": "turns", "turns_each": 1}}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_players_spread_by_a_round_robin_balancer_play_a_whole_game(
        clusters: list[Cluster], tmp_path: Path, game: str) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=3, balance="roundrobin")
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    names = ("Ann", "Bob", "Cy") if GAMES[game].min_players > 2 else ("Ann", "Bob")
    table = Table.open(cluster.url, game, names, SHORT.get(game)).seat_all(cluster.ws_url)
    try:
        table.start()
        table.play(oracle)
        for player in table.players.values():
            player.wait_for(lambda m: m["room"]["phase"] == "finished")
        versions_agree(list(table.players.values()))
        assert oracle.replays(table.code)
        assert tracebacks(cluster) == []
    finally:
        table.close()
        oracle.close()


def _redis_process(cluster: Cluster) -> Any:
    assert cluster.redis is not None and cluster.redis.process is not None
    return cluster.redis.process


def _health(url: str) -> dict[str, Any]:
    reply = httpx.get(f"{url}/api/health", timeout=10)
    body: dict[str, Any] = reply.json()
    return body


def _spread(cluster: Cluster, game: str = "qwirkle", names: tuple[str, ...] = ("Ann", "Bob"),
            options: dict[str, Any] | None = None) -> Table:
    """A room whose seats sit on different instances (p1 on the first, p2 on the second…)."""
    apps = cluster.apps
    table = Table.open(instance_url(apps[0]), game, names, options)
    return table.seat_all({p: instance_ws(apps[i % len(apps)])
                           for i, p in enumerate(sorted(table.tokens))})


def test_an_instance_starts_holding_no_room_and_holds_only_those_it_serves(
        clusters: list[Cluster], tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=1,
                            GAMENIGHT_ROOMS_PER_ADDRESS="1000")
    url = instance_url(cluster.apps[0])
    codes = [Table.open(url, "qwirkle", ("Ann",)).code for _ in range(40)]
    late = Instance("late", dict(cluster.apps[0].env), log=tmp_path / "late.log").start()
    try:
        assert _health(instance_url(late))["rooms"] == 0  # nothing read at start-up
        assert httpx.get(f"{instance_url(late)}/api/rooms/{codes[7]}").status_code == 200
        assert _health(instance_url(late))["rooms"] == 1
        deadline = time.monotonic() + 10  # unused for the linger (2 s): dropped again
        while _health(instance_url(late))["rooms"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _health(instance_url(late))["rooms"] == 0
    finally:
        late.stop()


def test_a_store_that_comes_back_with_older_data_is_rebased_never_built_upon(
        clusters: list[Cluster], tmp_path: Path) -> None:
    """Redis hands back an older copy of a room (a snapshot, a lagging replica): the instances
    find the store behind them, reload it, and carry on under a new epoch that every phone
    accepts; no two states share a version, and the log still replays."""
    cluster = start_cluster(clusters, tmp_path, instances=2)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster)
    try:
        table.start()
        table.play(oracle, moves=3)
        keys = [f"gamenight:room:{table.code}", f"gamenight:log:{table.code}"]
        snapshot = {key: oracle.client.dump(key) for key in keys}
        table.play(oracle, moves=3)
        epoch = next(iter(table.players.values())).states[-1].get("epoch")
        # at once, as a snapshot or a replica comes back (an instance's version check between
        # two separate restores could rebase on the older record beside the newer log)
        with oracle.client.pipeline(transaction=True) as pipe:
            for key, value in snapshot.items():
                pipe.restore(key, 0, value, replace=True)
            pipe.execute()
        # Each instance finds the store behind it (at its next version check, within
        # GAMENIGHT_CHECK_SECONDS, or its next save) and rebases; until then its memory still
        # says whose turn it was in the newer line and refuses the older copy's mover with
        # not_your_turn, as it would any move it believes out of turn. So: the new epoch
        # first, at every phone; then the oracle plays on from the older copy.
        for phone in table.players.values():
            phone.wait_for(lambda m, old=epoch: m.get("epoch") != old)
        table.play(oracle)
        for phone in table.players.values():
            phone.wait_for(lambda m: m["room"]["phase"] == "finished")
        versions_agree(list(table.players.values()))
        assert oracle.replays(table.code)
        for phone in table.players.values():  # one rebase: every phone took the new epoch
            assert len({state.get("epoch") for state in phone.states}) == 2
    finally:
        table.close()
        oracle.close()


def test_redis_paused_mid_move_loses_no_change_and_closes_no_socket(
        clusters: list[Cluster], tmp_path: Path) -> None:
    """A save sent while Redis is stopped times out here but commits when Redis resumes; the
    mover is told ``unavailable`` and resends, nobody's socket is closed, and the other
    instance's phone learns of the move: no room is left stuck."""
    cluster = start_cluster(clusters, tmp_path, instances=2)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    tables = [_spread(cluster) for _ in range(3)]
    redis_process = _redis_process(cluster)
    try:
        for table in tables:
            table.start()
            table.play(oracle, moves=2)
        moves = []
        for table in tables:
            _, player, action = oracle.due(table.code)
            assert player is not None and action is not None
            moves.append((table, player, action))
        redis_process.send_signal(signal.SIGSTOP)
        try:
            for table, player, action in moves:
                table.players[player].send({"type": "action", "id": f"paused-{table.code}",
                                            "action": action})
            time.sleep(6)
        finally:
            redis_process.send_signal(signal.SIGCONT)
        for table, player, action in moves:
            table.players[player].act(action, f"paused-{table.code}")  # settled, or resent
            settled = table.players[player].last["version"]
            for phone in table.players.values():
                phone.wait_for(lambda m, v=settled: m["version"] >= v, timeout=5)
        for table in tables:
            table.play(oracle)
            for phone in table.players.values():
                assert all(code != 1011 for code, _ in phone.closes), phone.closes
            versions_agree(list(table.players.values()))
            assert oracle.replays(table.code)
            stored = oracle.stored(table.code)
            assert stored is not None
            refs = {e.ref for e in stored.entries}
            assert f"paused-{table.code}" in refs
    finally:
        for table in tables:
            table.close()
        oracle.close()


def _owner(cluster: Cluster, oracle: Oracle, code: str) -> Instance:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        holder = oracle.client.get(f"gamenight:lease:{code}")
        if holder is not None:
            for app in cluster.apps:
                if _health(instance_url(app))["instance"] == holder.decode():
                    return app
        time.sleep(0.05)
    raise AssertionError("no instance took the room's lease")


def test_a_bots_turn_is_played_when_the_instance_driving_it_dies(
        clusters: list[Cluster], tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=2, GAMENIGHT_BOT_DELAY="3")
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster, names=("Ann",))
    try:
        host = table.players["p1"]
        host.command({"type": "add_bot"})
        host.wait_for(lambda m: len(m["room"]["players"]) == 2)
        table.start()
        others = [Player(instance_ws(app), table.code, None).connect() for app in cluster.apps]
        for _ in range(20):  # until the bot's turn comes (Ann's moves are quick)
            _, player, action = oracle.due(table.code)
            if player == "p2":
                break
            assert player == "p1" and action is not None
            host.act(action)
        else:
            pytest.fail("the bot's turn never came")
        owner = _owner(cluster, oracle, table.code)
        version = oracle.stored(table.code).record.version  # type: ignore[union-attr]
        assert owner.process is not None
        owner.process.send_signal(signal.SIGKILL)  # before the bot's 3 s are up
        survivor = next(p for p, app in zip(others, cluster.apps, strict=True)
                        if app is not owner)
        survivor.wait_for(lambda m: m["version"] > version, timeout=3 + 1 + 5)
        assert oracle.stored(table.code).entries[-1].player == "p2"  # type: ignore[union-attr]
    finally:
        table.close()
        oracle.close()


def test_a_bots_move_that_met_an_unreachable_redis_is_played_when_it_is_back(
        clusters: list[Cluster], tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=1, GAMENIGHT_BOT_DELAY="0.5")
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster, names=("Ann",))
    redis_process = _redis_process(cluster)
    try:
        host = table.players["p1"]
        host.command({"type": "add_bot"})
        host.wait_for(lambda m: len(m["room"]["players"]) == 2)
        table.start()
        action = None
        for _ in range(20):
            _, player, action = oracle.due(table.code)
            if player == "p1":
                break
            time.sleep(0.1)
        assert action is not None and cluster.redis is not None
        host.act(action)  # now the bot is due in 0.5 s…
        redis_process.send_signal(signal.SIGKILL)  # …and Redis is gone (its AOF is kept)
        redis_process.wait(10)
        time.sleep(2)
        cluster.redis.start()  # on the same port, from the same directory
        acted = host.last["version"]
        host.wait_for(lambda m: m["version"] > acted, timeout=5)
        stored = oracle.stored(table.code)
        assert stored is not None and stored.entries[-1].player == "p2"
    finally:
        table.close()
        oracle.close()


def test_a_paused_instance_resumes_without_closing_sockets_or_losing_moves(
        clusters: list[Cluster], tmp_path: Path) -> None:
    """SIGSTOP for 10 s of the instance whose save of a move is in flight (Redis was held for
    a moment, so the call is waiting for its reply): on waking, its timers have all run out;
    it learns what its calls did instead of failing them."""
    cluster = start_cluster(clusters, tmp_path, instances=2)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster)
    paused = cluster.apps[0].process
    assert paused is not None
    try:
        table.start()
        table.play(oracle, moves=2)
        _, player, action = oracle.due(table.code)
        if player != "p1":  # make it Ann's turn: she is on the instance that will sleep
            assert player is not None and action is not None
            table.players[player].act(action)
            _, player, action = oracle.due(table.code)
        assert player == "p1" and action is not None
        ann = table.players["p1"]
        redis_process = _redis_process(cluster)
        redis_process.send_signal(signal.SIGSTOP)
        try:
            ann.send({"type": "action", "id": "asleep", "action": action})
            time.sleep(0.2)  # the instance sent its save and waits for Redis…
            paused.send_signal(signal.SIGSTOP)  # …and sleeps
        finally:
            redis_process.send_signal(signal.SIGCONT)  # the reply arrives while it sleeps
        try:
            time.sleep(10)
        finally:
            paused.send_signal(signal.SIGCONT)
        ann.act(action, "asleep")  # answered (applied once), whatever the sleep did to it
        settled = ann.last["version"]
        table.players["p2"].wait_for(lambda m: m["version"] >= settled, timeout=5)
        table.play(oracle)
        for phone in table.players.values():
            assert all(code != 1011 for code, _ in phone.closes), phone.closes
        versions_agree(list(table.players.values()))
        stored = oracle.stored(table.code)
        assert stored is not None and [e.ref for e in stored.entries].count("asleep") == 1
        assert oracle.replays(table.code)
    finally:
        table.close()
        oracle.close()


def test_while_redis_is_down_requests_are_refused_cleanly_and_work_again_after(
        clusters: list[Cluster], tmp_path: Path) -> None:
    """An outage answers 503 ``unavailable`` (JSON) over HTTP and an ``unavailable`` error on
    an open socket; health says so; when Redis is back, the first call on every pooled
    connection works, and the move resent with its id is applied once."""
    cluster = start_cluster(clusters, tmp_path, instances=1)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    app = instance_url(cluster.apps[0])
    table = _spread(cluster)
    try:
        table.start()
        _, player, action = oracle.due(table.code)
        assert player is not None and action is not None
        process = _redis_process(cluster)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        for reply in (httpx.post(f"{app}/api/rooms", json={"game": "qwirkle"}, timeout=20),
                      httpx.post(f"{app}/api/rooms/ZZZZ/join", json={"name": "Di"}, timeout=20),
                      httpx.get(f"{app}/api/rooms/YYYY", timeout=20),
                      httpx.get(f"{app}/api/health", timeout=20)):
            assert reply.status_code == 503, reply.text
            assert reply.json()["code"] == "unavailable"
        mover = table.players[player]
        mover.send({"type": "action", "id": "outage", "action": action})
        refusal = mover._recv_until(lambda m: m["type"] == "error", 20)
        assert refusal["code"] == "unavailable" and refusal["ref"] == "outage"
        assert cluster.redis is not None
        cluster.redis.start()  # same port, same directory: the AOF brings everything back
        assert httpx.get(f"{app}/api/health", timeout=20).status_code == 200
        assert httpx.get(f"{app}/api/rooms/{table.code}", timeout=20).status_code == 200
        assert httpx.post(f"{app}/api/rooms", json={"game": "qwirkle"},
                          timeout=20).status_code == 201
        mover.act(action, "outage")
        stored = oracle.stored(table.code)
        assert stored is not None and [e.ref for e in stored.entries].count("outage") == 1
        assert all(code is None or code < 1011 for code, _ in mover.closes)
    finally:
        table.close()
        oracle.close()


def test_a_room_removed_from_the_store_leaves_every_instance(
        clusters: list[Cluster], tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=2)
    table = _spread(cluster)
    try:
        async def remove() -> bool:
            store = RedisStore(cluster.redis.url if cluster.redis else "")
            try:
                return await store.delete(table.code)
            finally:
                await store.close()
        assert asyncio.run(remove())
        for phone in table.players.values():
            with pytest.raises(ConnectionClosed):
                phone._recv_until(lambda m: False, 5)
            assert phone.closes == [(1001, "room_closed")]
        for app in cluster.apps:
            reply = httpx.get(f"{instance_url(app)}/api/rooms/{table.code}", timeout=10)
            assert reply.status_code == 404
    finally:
        table.close()


def test_per_address_limits_count_across_instances(clusters: list[Cluster],
                                                    tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=2, GAMENIGHT_ROOMS_PER_ADDRESS="2",
                            GAMENIGHT_JOIN_MISSES="2", GAMENIGHT_JOIN_MISS_DELAY_SECONDS="64")
    first, second = (instance_url(app) for app in cluster.apps)
    live = httpx.post(f"{first}/api/rooms", json={"game": "qwirkle"}).json()["code"]
    # Two unknown codes on the first instance and a third on the second: beyond the budget
    # of two across both, so the next lookup (of a live room, even) waits 64/32 = 2 s.
    for url, code in ((first, "XXXA"), (first, "XXXB"), (second, "XXXC")):
        assert httpx.get(f"{url}/api/rooms/{code}").status_code == 404
    time.sleep(0.2)  # the miss reaches Redis in the background
    began = time.monotonic()
    assert httpx.get(f"{first}/api/rooms/{live}", timeout=10).status_code == 200
    assert time.monotonic() - began >= 1.5
    asyncio.run(_delete(cluster, live))  # it would count as one of the address's two rooms
    assert httpx.post(f"{first}/api/rooms", json={"game": "qwirkle"}).status_code == 201
    assert httpx.post(f"{second}/api/rooms", json={"game": "qwirkle"}).status_code == 201
    third = httpx.post(f"{first}/api/rooms", json={"game": "qwirkle"})
    assert third.status_code == 429 and third.json()["code"] == "too_many_rooms"
    # Through the balancer the address is the client's own, whatever header it sends.
    spoofed = httpx.post(f"{cluster.url}/api/rooms", json={"game": "qwirkle"},
                         headers={"X-Forwarded-For": "203.0.113.9"})
    assert spoofed.status_code == 429


def test_operators_get_metrics_and_readable_logs(clusters: list[Cluster],
                                                 tmp_path: Path) -> None:
    cluster = start_cluster(clusters, tmp_path, instances=1)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    table = _spread(cluster)
    try:
        table.start()
        table.play(oracle, moves=3)
        text = httpx.get(f"{instance_url(cluster.apps[0])}/metrics").text
        figures = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
                   if line and not line.startswith("#")}
        assert figures["gamenight_moves_total"] == 3
        assert figures["gamenight_saves_total"] >= 5  # a join, a start, three moves
        assert figures["gamenight_rooms_in_memory"] == 1 and figures["gamenight_sockets"] == 2
        for name in ("gamenight_conflicts_total", "gamenight_busy_total",
                     "gamenight_repaired_total", "gamenight_lease_takeovers_total",
                     "gamenight_follower_lag_seconds_count"):
            assert name in figures
        log = (tmp_path / "app1.log").read_text()
        line = next(line for line in log.splitlines() if "Application startup" in line)
        assert line.split(" ")[2:4] == ["INFO", "uvicorn.error:"]  # time, level, logger
    finally:
        table.close()
        oracle.close()


async def _delete(cluster: Cluster, code: str) -> None:
    store = RedisStore(cluster.redis.url if cluster.redis else "")
    try:
        await store.delete(code)
    finally:
        await store.close()


def _one_move_each(tables: list[Table], oracle: Oracle, since: float) -> list[float]:
    """Each room makes its next move at the same time; how long after ``since`` each landed."""
    def move(table: Table) -> float:
        table.play(oracle, moves=1, timeout=30)
        return time.monotonic() - since
    with ThreadPoolExecutor(len(tables)) as pool:
        return list(pool.map(move, tables))


def test_killing_an_instance_and_then_redis_mid_game_loses_no_acknowledged_move(
        clusters: list[Cluster], tmp_path: Path) -> None:
    """Five rooms behind HAProxy (room affinity): SIGKILL the busiest instance, then SIGKILL
    Redis (AOF always) and start it again. Every room is playable again within 5 s of each
    fault, every move a phone was told was applied is in the log, no two states share a
    version, and every log still replays."""
    cluster = start_cluster(clusters, tmp_path, instances=3)
    oracle = Oracle(cluster.redis.url if cluster.redis else "")
    tables = [Table.open(cluster.url, "qwirkle", ("Ann", "Bob")).seat_all(cluster.ws_url)
              for _ in range(5)]
    try:
        for table in tables:
            table.start()
        for _ in range(3):
            _one_move_each(tables, oracle, time.monotonic())
        busiest = max(cluster.apps, key=lambda app: _health(instance_url(app))["rooms"])
        assert busiest.process is not None
        busiest.process.send_signal(signal.SIGKILL)
        after_instance = _one_move_each(tables, oracle, time.monotonic())
        assert max(after_instance) < 5, after_instance
        _one_move_each(tables, oracle, time.monotonic())
        process = _redis_process(cluster)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        assert cluster.redis is not None
        cluster.redis.start()
        after_redis = _one_move_each(tables, oracle, time.monotonic())
        assert max(after_redis) < 5, after_redis
        for _ in range(3):
            _one_move_each(tables, oracle, time.monotonic())
        for table in tables:
            stored = oracle.stored(table.code)
            assert stored is not None
            logged = {entry.ref for entry in stored.entries}
            for phone in table.players.values():
                assert set(phone.acked) <= logged, set(phone.acked) - logged
                assert all(code != 1011 for code, _ in phone.closes), phone.closes
            versions_agree(list(table.players.values()))
            assert oracle.replays(table.code)
    finally:
        for table in tables:
            table.close()
        oracle.close()
