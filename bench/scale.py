"""Scale-out benchmark: the same clients against 1, 2 and 3 instances behind HAProxy, with Redis.

For each instance count it starts a cluster (``app/cluster.py``: a durable redis-server, the
instances, HAProxy hashing on the room code), then drives it with the Qwirkle clients of
``bench/load.py`` (``--rooms`` rooms of ``--players``, moves chosen from each mover's own view,
in ``--clients`` processes) through HAProxy: a saturation phase (each room acts again as soon as
its last action reached all its players) and a short paced phase. It reads the CPU time of every
instance (and of Redis and HAProxy, reported apart) over the saturation phase. Then it fills a
fresh Redis with ``--stored`` rooms and times the start-up of one more instance, and reads the
memory of that instance, which holds none of them.

Printed, from one run: moves per second and server CPU per move (all instances together) for
each count, and the ratios to one instance (targets: CPU per move N/1 <= 1.2, saturated rate
3/1 >= 0.9), the start-up time with the stored rooms (target < 1 s) and the idle instance's
memory. Usage::

    .venv/bin/python bench/scale.py                       # 300 rooms x 4, 20 s saturated
    .venv/bin/python bench/scale.py --rooms 60 --saturate 8 --stored 2000   # a quick look
    .venv/bin/python bench/scale.py --profile /tmp/spy   # py-spy raw profiles, per instance
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import load  # noqa: E402  (bench/load.py: the clients)

from app.cluster import Cluster, Instance, Redis  # noqa: E402
from app.decisions import new_room  # noqa: E402
from app.redis_backend import RedisStore  # noqa: E402
from rules import GAMES  # noqa: E402

ENV = {"GAMENIGHT_BOT_DELAY": "0", "GAMENIGHT_LOG_LEVEL": "warning",
       "GAMENIGHT_ROOMS_PER_ADDRESS": "1000000", "GAMENIGHT_JOIN_MISSES": "1000000",
       "GAMENIGHT_WS_PING_SECONDS": "0", "GAMENIGHT_MESSAGES_PER_SECOND": "1000"}


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process, all its threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def _pid(process: Any) -> int:
    assert process is not None
    pid: int = process.pid
    return pid


def run(instances: int, args: argparse.Namespace) -> dict[str, Any]:
    """One cluster of ``instances`` under the clients; its figures."""
    workdir = Path(tempfile.mkdtemp(prefix=f"gamenight-scale-{instances}-"))
    cluster = Cluster(workdir, instances, env=ENV).start()
    try:
        apps = [_pid(app.process) for app in cluster.apps]
        others = {"redis": _pid(cluster.redis.process if cluster.redis else None),
                  "haproxy": _pid(cluster.haproxy)}
        ctx = multiprocessing.get_context("spawn")
        barrier = ctx.Barrier(args.clients + 1)
        results = ctx.Queue()
        shares = [args.rooms // args.clients + (i < args.rooms % args.clients)
                  for i in range(args.clients)]
        clients = [ctx.Process(target=load.client_process,
                               args=("gamenight", args, cluster.port, i, shares, "", barrier,
                                     results)) for i in range(args.clients)]
        for client in clients:
            client.start()

        def step() -> None:  # a client that died would leave the others waiting for ever
            barrier.wait(timeout=600)

        step()  # rooms made
        step()  # connected
        step()  # saturation starts
        spies = [subprocess.Popen(
            [str(Path(sys.executable).with_name("py-spy")), "record", "-p", str(pid), "-d",
             str(max(1, int(args.saturate) - 1)), "-f", "raw", "--nonblocking", "-o",
             str(args.profile / f"instances-{instances}-app{n}.txt")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for n, pid in enumerate(apps, 1)] if args.profile else []
        before = {pid: cpu_seconds(pid) for pid in [*apps, *others.values()]}
        started = time.perf_counter()
        step()  # saturation over
        elapsed = time.perf_counter() - started
        after = {pid: cpu_seconds(pid) for pid in before}
        for spy in spies:
            spy.wait(60)
        step()  # paced phase over
        parts = [results.get(timeout=120) for _ in clients]
        for client in clients:
            client.join(60)
        done = sum(p["done"] for p in parts)
        server = sum(after[pid] - before[pid] for pid in apps)
        rooms_held = [httpx.get(f"http://127.0.0.1:{app.port}/api/health").json()["rooms"]
                      for app in cluster.apps]
        return {
            "instances": instances, "moves": done, "seconds": elapsed,
            "rate": done / elapsed, "cpu_per_move_ms": 1000 * server / max(done, 1),
            "server_cores": server / elapsed,
            "redis_cores": (after[others["redis"]] - before[others["redis"]]) / elapsed,
            "haproxy_cores": (after[others["haproxy"]] - before[others["haproxy"]]) / elapsed,
            "lost": sum(p["lost"] for p in parts), "errors": sum(p["errors"] for p in parts),
            "rooms_held": rooms_held,
            "p99_ms": 1000 * load.quantile([x for p in parts for x in p["latencies"]], 0.99),
        }
    finally:
        cluster.stop()
        shutil.rmtree(workdir, ignore_errors=True)


async def fill(url: str, count: int) -> None:
    """``count`` lobby rooms straight into Redis, as many instances would have made them."""
    store = RedisStore(url)
    game = GAMES["qwirkle"]
    try:
        now = time.time()
        for start in range(0, count, 500):
            await asyncio.gather(*(store.create(new_room(
                code=f"{i:06d}", game=game, options={}, name="Ann",
                host_token_hash="0" * 64, address=f"10.0.{i // 250}.{i % 250}", epoch="e",
                now=now)) for i in range(start, min(count, start + 500))))
    finally:
        await store.close()


def start_up(args: argparse.Namespace) -> dict[str, float]:
    """Start-up time and memory of an instance with ``args.stored`` rooms in Redis, and of one
    with none (the same process otherwise)."""
    workdir = Path(tempfile.mkdtemp(prefix="gamenight-startup-"))
    redis_server = Redis(workdir / "redis").start()
    figures: dict[str, float] = {}
    try:
        env = {**ENV, "GAMENIGHT_REDIS_URL": redis_server.url}
        for label in ("empty", "full"):
            if label == "full":
                asyncio.run(fill(redis_server.url, args.stored))
            began = time.perf_counter()
            instance = Instance(label, env, log=workdir / f"{label}.log").start()
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{instance.port}/api/health",
                                 timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.01)
            figures[f"{label}_seconds"] = time.perf_counter() - began
            time.sleep(1)
            figures[f"{label}_rss_mib"] = rss_mib(_pid(instance.process))
            instance.stop()
    finally:
        redis_server.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--saturate", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--duration", type=float, default=4.0)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--counts", default="1,2,3")
    parser.add_argument("--profile", type=Path, default=None,
                        help="a folder: py-spy records every instance while saturated")
    args = parser.parse_args()
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    args.deflate = False
    rows = [run(int(n), args) for n in args.counts.split(",")]
    base = rows[0]
    print(f"{args.rooms} rooms x {args.players} players, Qwirkle, through HAProxy (hash on the "
          f"room code), Redis AOF always; {args.saturate:g} s saturated; one run")
    print(f"{'instances':>9} {'moves/s':>8} {'ratio':>6} {'CPU/move':>9} {'ratio':>6} "
          f"{'server cores':>12} {'redis':>6} {'haproxy':>8} {'p99 ms':>7} {'lost':>5} "
          f"rooms held")
    for row in rows:
        print(f"{row['instances']:>9} {row['rate']:>8.0f} {row['rate'] / base['rate']:>6.2f} "
              f"{row['cpu_per_move_ms']:>7.3f}ms "
              f"{row['cpu_per_move_ms'] / base['cpu_per_move_ms']:>6.2f} "
              f"{row['server_cores']:>12.2f} {row['redis_cores']:>6.2f} "
              f"{row['haproxy_cores']:>8.2f} {row['p99_ms']:>7.1f} {row['lost']:>5} "
              f"{row['rooms_held']}")
    figures = start_up(args)
    print(f"start-up with {args.stored:,} rooms in Redis: {figures['full_seconds']:.2f} s "
          f"(with none: {figures['empty_seconds']:.2f} s); memory of an instance holding none "
          f"of them: {figures['full_rss_mib']:.1f} MiB (with none in Redis: "
          f"{figures['empty_rss_mib']:.1f} MiB)")


if __name__ == "__main__":
    main()
