"""Garbage-collector policies against sockets: memory per closed socket, and the longest pause.

For each policy it starts the real app in a subprocess (this file with ``--serve``: the app as
``python -m app`` builds it, owning its process, plus ``/bench/gc``, which reports every
collection's pause timed by ``gc.callbacks``) and measures

1. **churn**: RSS growth per socket over ``--cycles`` short-lived sockets (open, state, ping,
   pong, close; 8 at a time), read a few seconds after the last closed, and the growth in
   objects the collector tracks (frozen or not), which the allocator's habits do not blur;
2. **long-lived**: RSS growth per socket over rounds of ``--held`` sockets kept open for three
   seconds (long enough to be frozen by the old policy) and then closed, after one such round
   to warm up (memory freed stays with the process, so only growth past that counts);
3. **pause**: with ``--open`` sockets open (60 per room) and a trickle of pings, every
   collection's pause over ``--hold`` seconds, and then one complete collection timed on
   demand (``/bench/complete``: what the policy runs every ``GAMENIGHT_GC_FULL_MINUTES``,
   set to ``--full-seconds`` / 60 for every policy, ten minutes as in the app).

Pauses are reported by kind: ``young`` (generations 0 and 1), ``unfrozen`` (generation 2 while
objects are frozen: only what is not) and ``complete`` (every object: nothing frozen).

Policies: ``old`` (freeze every second, unfreeze and collect everything every full period;
httptools), ``new`` (app/gc_policy.py as it is; h11, as ``python -m app`` runs now),
``python`` (Python's defaults; h11). Usage::

    .venv/bin/python bench/gc_sockets.py                  # old and new, 5,000 / 6,000 sockets
    .venv/bin/python bench/gc_sockets.py --policy python --cycles 1000 --open 1000
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def _old_short_gc_pauses(full_every: float, freeze_every: float = 1.0) -> None:
    """The policy issue 12 found leaking: what survived a second is frozen, garbage too."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()


def serve(policy: str, port: int) -> None:
    """The app in this process, as ``python -m app`` runs it, with ``/bench/gc``."""
    import uvicorn

    import app.gc_policy
    from app.config import Settings
    from app.main import create_app

    if policy == "old":
        app.gc_policy.short_gc_pauses = _old_short_gc_pauses  # type: ignore[assignment]
    settings = Settings()
    if policy == "python":
        settings = settings.model_copy(update={"gc_full_minutes": 0})
    server = create_app(settings, own_process=True)
    #: Pauses by kind: young (generation 0 or 1), older (generation 2 with objects frozen:
    #: only what is not), complete (generation 2 with nothing frozen: every object).
    pauses: dict[str, list[float]] = {"young": [], "unfrozen": [], "complete": []}
    started = [0.0, ""]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            kind = "young" if info["generation"] < 2 else (
                "unfrozen" if gc.get_freeze_count() else "complete")
            started[:] = [time.perf_counter(), kind]
        else:
            pauses[str(started[1])].append(time.perf_counter() - float(started[0]))

    gc.callbacks.append(timed)

    @server.get("/bench/gc")
    async def report(reset: bool = False) -> dict[str, Any]:
        body: dict[str, Any] = {
            kind: {"count": len(p), "max_ms": round(max(p, default=0) * 1000, 1),
                   "median_ms": round(sorted(p)[len(p) // 2] * 1000, 1) if p else 0}
            for kind, p in pauses.items()}
        body["frozen"] = gc.get_freeze_count()
        body["objects"] = len(gc.get_objects()) + gc.get_freeze_count()
        if reset:
            for p in pauses.values():
                p.clear()
        return body

    @server.get("/bench/complete")
    async def complete() -> dict[str, float]:
        """One complete collection, as the policy runs it every GAMENIGHT_GC_FULL_MINUTES."""
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        if policy != "python":
            gc.freeze()
        return {"ms": round((time.perf_counter() - started) * 1000, 1)}

    @server.get("/bench/census")
    async def census() -> dict[str, int]:
        """Every object the collector tracks, by type (after a complete collection)."""
        gc.unfreeze()
        gc.collect()
        found = Counter(f"{type(o).__module__}.{type(o).__qualname__}"
                        for o in gc.get_objects())
        if policy != "python":
            gc.freeze()
        return dict(found)

    @server.get("/bench/garbage")
    async def garbage() -> dict[str, int]:
        """What a complete collection finds unreachable now, by type (then it runs one)."""
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
        gc.garbage.clear()
        gc.set_debug(0)
        gc.freeze()
        return dict(found.most_common(12))

    # The HTTP parser is part of the policy: python -m app uses h11 (app/__main__.py), whose
    # protocol leaves no cycle per socket; it used httptools, whose protocol does.
    uvicorn.run(server, host="127.0.0.1", port=port, log_level="warning",
                ws_ping_interval=None, http="httptools" if policy == "old" else "h11")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    def __init__(self, policy: str, full_seconds: float, db: Path) -> None:
        self.port = _free_port()
        env = {**os.environ, "GAMENIGHT_DB": str(db), "GAMENIGHT_LOG_LEVEL": "warning",
               "GAMENIGHT_ROOMS_PER_ADDRESS": "1000", "GAMENIGHT_WS_PING_SECONDS": "0",
               "GAMENIGHT_GC_FULL_MINUTES": str(full_seconds / 60), "GAMENIGHT_REDIS_URL": ""}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", policy, "--port", str(self.port)],
            cwd=ROOT, env=env)
        self.url = f"http://127.0.0.1:{self.port}"

    def rss(self) -> int:
        return _rss_kib(self.proc.pid)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)


async def _wait_up(server: Server) -> None:
    import httpx

    async with httpx.AsyncClient() as client:
        for _ in range(300):
            try:
                if (await client.get(f"{server.url}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("server did not start")


async def _rooms(server: Server, n: int) -> list[str]:
    import httpx

    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        codes = []
        for _ in range(n):
            reply = await client.post("/api/rooms", json={"game": "qwirkle", "name": None})
            codes.append(reply.json()["code"])
        return codes


async def _open(server: Server, code: str) -> Any:
    from websockets.asyncio.client import connect

    ws = await connect(f"ws://127.0.0.1:{server.port}/ws/{code}", max_size=None,
                       open_timeout=60, ping_interval=None)
    await ws.recv()  # the state
    return ws


async def _ping(ws: Any) -> None:
    await ws.send('{"type":"ping"}')
    while json.loads(await ws.recv())["type"] != "pong":
        pass


async def churn(server: Server, code: str, cycles: int, parallel: int = 8) -> None:
    left = [cycles]

    async def worker() -> None:
        while left[0] > 0:
            left[0] -= 1
            ws = await _open(server, code)
            await _ping(ws)
            await ws.close()

    await asyncio.gather(*(worker() for _ in range(parallel)))


async def hold(server: Server, codes: list[str], per_room: int, seconds: float) -> list[Any]:
    sockets = []
    for code in codes:
        sockets += await asyncio.gather(*(_open(server, code) for _ in range(per_room)))
    await asyncio.sleep(seconds)
    return sockets


async def trickle(sockets: list[Any], seconds: float, every: float = 0.002) -> None:
    """Pings round the open sockets (each well under its rate limit) for ``seconds``."""
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        await _ping(sockets[i % len(sockets)])
        i += 1
        await asyncio.sleep(every)


async def _get(server: Server, path: str) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        body: dict[str, Any] = (await client.get(path)).json()
        return body


async def _gc_report(server: Server, reset: bool = False) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        body: dict[str, Any] = (await client.get("/bench/gc", params={"reset": reset})).json()
        return body


def _say(text: str) -> None:
    print(f"  {time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


async def measure(policy: str, args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(policy, args.full_seconds, Path(tmp) / "gc.sqlite3")
        try:
            await _wait_up(server)
            (code,) = await _rooms(server, 1)
            await churn(server, code, 300)  # warm up: imports, caches, allocator arenas
            await asyncio.sleep(3)
            before, objects = server.rss(), (await _gc_report(server))["objects"]
            _say(f"{policy}: churn of {args.cycles} sockets")
            await churn(server, code, args.cycles)
            await asyncio.sleep(3)
            after, churn_objects = server.rss(), (await _gc_report(server))["objects"] - objects
            churned = (after - before) / args.cycles
            rooms = await _rooms(server, -(-args.held // 60))
            _say(f"{policy}: 1 + {args.rounds} rounds of {len(rooms) * 60} sockets held 3 s")
            for ws in await hold(server, rooms, 60, 3.0):  # warm up: the allocator's high
                await ws.close()                          # water mark for this many sockets
            await asyncio.sleep(3)
            long_before, objects = server.rss(), (await _gc_report(server))["objects"]
            by_round = []
            last: Counter[str] = Counter()
            for _ in range(args.rounds):
                for ws in await hold(server, rooms, 60, 3.0):
                    await ws.close()
                await asyncio.sleep(3)
                by_round.append(round(server.rss() / 1024, 1))
                if args.verbose:
                    report = await _gc_report(server)
                    _say(f"round: rss {by_round[-1]} MB, frozen {report['frozen']}, "
                         f"objects {report['objects']}")
                    now = Counter(await _get(server, "/bench/census"))
                    if by_round[1:]:
                        _say(f"grown: {(now - last).most_common(15)}")
                    last = now
            long_after = server.rss()
            if args.verbose:
                _say(f"unreachable now: {await _get(server, '/bench/garbage')}")
            held_objects = (await _gc_report(server))["objects"] - objects
            held = (long_after - long_before) / (args.rounds * len(rooms) * 60)
            rooms = await _rooms(server, -(-args.open // 60))
            _say(f"{policy}: opening {len(rooms) * 60} sockets")
            sockets = await hold(server, rooms, 60, 1.0)
            _say(f"{policy}: {len(sockets)} open, pings for {args.hold} s")
            await _gc_report(server, reset=True)
            await trickle(sockets, args.hold)
            report = await _gc_report(server)
            report["complete_ms"] = (await _get(server, "/bench/complete"))["ms"]
            for ws in sockets:
                await ws.close()
            sockets_held = args.rounds * len(rooms) * 60
            return {"policy": policy, "churn_kib_per_socket": round(churned, 2),
                    "churn_objects_per_socket": round(churn_objects / args.cycles, 2),
                    "long_lived_objects_per_socket": round(held_objects / sockets_held, 2),
                    "churn_rss_mb": (round(before / 1024, 1), round(after / 1024, 1)),
                    "long_lived_kib_per_socket": round(held, 2),
                    "long_lived_rss_mb": (round(long_before / 1024, 1), *by_round),
                    "open_sockets": len(sockets), "pauses": report}
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--policy", nargs="+", default=["old", "new"],
                        choices=["old", "new", "python"])
    parser.add_argument("--cycles", type=int, default=5000)
    parser.add_argument("--held", type=int, default=1200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--open", type=int, default=6000)
    parser.add_argument("--hold", type=float, default=25.0)
    parser.add_argument("--full-seconds", type=float, default=600.0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port)
        return
    for policy in args.policy:
        print(json.dumps(asyncio.run(measure(policy, args))), flush=True)


if __name__ == "__main__":
    main()
