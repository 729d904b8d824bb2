"""Load benchmark: many rooms of Qwirkle players over real WebSockets, against the real server
and against a bare broadcast server doing the same fan-out (``bench/bare_broadcast.py``).

For each server it
1. starts it as a subprocess (``python -m app`` with a temporary SQLite file; the bare server),
2. opens ``--rooms`` rooms of ``--players`` players (HTTP create and join, then one WebSocket
   per player) and starts the games,
3. **saturation**: every room acts again as soon as its previous action reached all its
   players, for ``--saturate`` seconds: the most actions per second the server sustains,
4. **paced**: every room acts once per ``--interval`` seconds (rooms staggered evenly) for
   ``--duration`` seconds: the latency from sending an action to the moment the *last* of the
   room's sockets has the resulting state (p50, p99, max),
and reads the server's resident memory (``/proc/<pid>/status``) before any room, after the
HTTP set-up, after the sockets connected and at the end, and its CPU time (all threads, and
the event-loop thread alone) in each phase.

Actions are real game moves chosen from the mover's own view: the opening, then a single tile
that fits next to recent tiles when the client finds one cheaply, else a one-tile trade (and a
rematch when a game ends).

Like with like: against the bare server the clients do exactly the same work per action. It
sends every socket a real state message that a mover received from gamenight (of about
gamenight's mean size, its version written in), and the clients parse it and choose a move
from its view just as they do against gamenight. The clients run in ``--clients`` processes
(default 2, one per core) so that they are never the bottleneck of one run and not the other
(one process cannot keep up with the bare server). Every figure is "server and clients
sharing this machine's cores": each run prints how many cores the server (and its event-loop
thread, which cannot use more than one) and the clients used. Usage::

    .venv/bin/python bench/load.py                      # 1,000 rooms x 6 players, 2 s pace
    .venv/bin/python bench/load.py --rooms 100 --duration 10 --saturate 10   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import uvloop
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.cluster import Local  # noqa: E402
from rules.qwirkle import is_line, opening_moves, windows  # noqa: E402

STATE_PREFIX = '{"type":"state","version":'
ERROR_PREFIX = '{"type":"error"'


# --- the server under test -------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server(Local):
    """A server subprocess: its port, pid, memory and CPU time."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], port: int,
                 workdir: Path) -> None:
        self.name, self.port = name, port
        self.log = workdir / f"{name}.log"
        with self.log.open("wb") as log:  # a file, not a pipe: a full pipe would block it
            self.proc = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env},
                                         stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{name} exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start")
            time.sleep(0.1)

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def main_thread_cpu_seconds(self) -> float:
        """CPU time of the thread running the event loop (the one a server cannot spread)."""
        path = f"/proc/{self.proc.pid}/task/{self.proc.pid}/stat"
        fields = Path(path).read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def own_cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


# --- the client ------------------------------------------------------------------------------

class Sock:
    __slots__ = ("ws", "room", "index", "version", "last", "reader")

    def __init__(self, ws: ClientConnection, room: Room, index: int) -> None:
        self.ws, self.room, self.index = ws, room, index
        self.version = 0
        self.last = ""
        self.reader: asyncio.Task[None] | None = None


class Room:
    """One room as the client drives it: one action in flight at a time."""

    def __init__(self, code: str, players: list[str], tokens: list[str | None],
                 stats: Stats) -> None:
        self.code, self.players, self.tokens, self.stats = code, players, tokens, stats
        self.socks: list[Sock] = []
        self.index_of = {p: i for i, p in enumerate(players)}
        self.pending: set[int] = set()
        self.target = 0
        self.sent_at = 0.0
        self.mover = -1
        self.done = asyncio.Event()
        self.done.set()
        self.count = 0
        self.failed = False
        self.no_place_at = -1

    def begin(self, mover: int) -> None:
        self.target = max(s.version for s in self.socks) + 1
        self.pending = set(range(len(self.socks)))
        self.mover = mover
        self.failed = False
        self.done.clear()
        self.sent_at = time.perf_counter()

    def arrived(self, sock: Sock, version: int) -> None:
        if self.target and version >= self.target and sock.index in self.pending:
            self.pending.discard(sock.index)
            if not self.pending:
                self.stats.finish(time.perf_counter() - self.sent_at)
                self.target = 0
                self.done.set()

    def refused(self, sock: Sock, text: str) -> None:
        if self.target and sock.index == self.mover:
            self.stats.errors += 1
            code = json.loads(text)["code"]
            self.stats.error_codes[code] = self.stats.error_codes.get(code, 0) + 1
            self.no_place_at = max(s.version for s in self.socks)
            self.failed = True
            self.target = 0
            self.pending.clear()
            self.done.set()


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.lost = 0
        self.error_codes: dict[str, int] = {}
        self.messages = 0
        self.bytes = 0
        self.recording = False

    def finish(self, seconds: float) -> None:
        if self.recording:
            self.latencies.append(seconds)


async def read(sock: Sock) -> None:
    room, stats = sock.room, sock.room.stats
    try:
        async for text in sock.ws:
            assert isinstance(text, str)
            if text.startswith(STATE_PREFIX):
                end = text.index(",", 26)
                version = int(text[26:end])
                sock.last = text
                stats.messages += 1
                stats.bytes += len(text)
                if version > sock.version:
                    sock.version = version
                    room.arrived(sock, version)
            elif text.startswith(ERROR_PREFIX):
                room.refused(sock, text)
    except Exception:  # the server went away at the end of a run
        pass


def choose_move(view: dict[str, Any], may_place: bool) -> dict[str, Any]:
    """A legal-looking Qwirkle move from the mover's own view, found cheaply."""
    hand: list[str] = view["hand"]
    grid = view["grid"]
    allowed = view["allowed"]
    if not grid:
        squares, tiles = next(opening_moves(tuple(hand)))
        return {"kind": "place", "tiles": [{"tile": t, "row": r, "col": c}
                                           for (r, c), t in zip(squares, tiles, strict=True)]}
    if may_place and "place" in allowed:
        cells = {(t["row"], t["col"]): t["tile"] for t in grid}
        tried = 0
        for placed in reversed(grid[-8:]):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                square = (placed["row"] + dr, placed["col"] + dc)
                if square in cells:
                    continue
                for tile in set(hand):
                    tried += 1
                    if _fits(cells, square, tile):
                        return {"kind": "place",
                                "tiles": [{"tile": tile, "row": square[0], "col": square[1]}]}
                if tried > 48:
                    break
    if "trade" in allowed:
        return {"kind": "trade", "tiles": [hand[0]]}
    if "place" in allowed:  # the bag is empty: search properly (rare, near the end)
        cells = {(t["row"], t["col"]): t["tile"] for t in grid}
        for window in windows(cells, tuple(hand)):
            for tiles in window.fillings():
                return {"kind": "place", "tiles": [
                    {"tile": t, "row": r, "col": c}
                    for (r, c), t in zip(window.empty, tiles, strict=True)]}
    return {"kind": "pass"}


def _fits(cells: dict[tuple[int, int], str], square: tuple[int, int], tile: str) -> bool:
    for step in ((0, 1), (1, 0)):
        line = [tile]
        for sign in (1, -1):
            r, c = square[0] + sign * step[0], square[1] + sign * step[1]
            while (r, c) in cells:
                line.append(cells[r, c])
                r, c = r + sign * step[0], c + sign * step[1]
        if len(line) > 1 and not is_line(line):
            return False
    return True


def gamenight_message(room: Room) -> tuple[int, str]:
    """Which socket acts next and what it sends, from the sockets' own latest views."""
    room.count += 1
    table = json.loads(room.socks[0].last)
    if table["room"]["phase"] == "finished":
        return 0, '{"type":"rematch"}'
    mover = room.index_of[table["view"]["turn"]]
    view = json.loads(room.socks[mover].last)["view"]
    may_place = max(s.version for s in room.socks) != room.no_place_at
    action = choose_move(view, may_place)
    return mover, json.dumps({"type": "action", "id": f"a{room.count}", "action": action})


async def act(room: Room, choose: Callable[[Room], tuple[int, str]]) -> None:
    mover, text = choose(room)
    room.begin(mover)
    await room.socks[mover].ws.send(text)


async def gather_limited(jobs: list[Callable[[], Awaitable[Any]]], limit: int) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def run(job: Callable[[], Awaitable[Any]]) -> Any:
        async with gate:
            return await job()
    return await asyncio.gather(*(run(job) for job in jobs))


# --- one run against one server --------------------------------------------------------------

async def set_up_gamenight(url: str, rooms: int, players: int, stats: Stats) -> list[Room]:
    names = [f"P{i}" for i in range(players)]
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        async def make_room() -> Room:
            reply = (await client.post("/api/rooms", json={"game": "qwirkle",
                                                           "name": names[0]})).json()
            tokens: list[str | None] = [reply["token"]]
            ids = [reply["player_id"]]
            for name in names[1:]:
                joined = (await client.post(f"/api/rooms/{reply['code']}/join",
                                            json={"name": name})).json()
                tokens.append(joined["token"])
                ids.append(joined["player_id"])
            return Room(reply["code"], ids, tokens, stats)
        return list(await gather_limited([make_room] * rooms, 32))


def set_up_bare(process: int, rooms: int, players: int, stats: Stats) -> list[Room]:
    return [Room(f"R{process}-{i}", [f"p{j + 1}" for j in range(players)], [None] * players,
                 stats) for i in range(rooms)]


async def connect_all(ws_url: str, rooms: list[Room], deflate: bool) -> None:
    async def open_room_socket(room: Room, index: int) -> None:
        token = room.tokens[index]
        url = f"{ws_url}/ws/{room.code}" + (f"?token={token}" if token else "")
        ws = await connect(url, compression="deflate" if deflate else None,
                           ping_interval=None, max_size=None, open_timeout=60)
        sock = Sock(ws, room, index)
        room.socks.append(sock)
        sock.reader = asyncio.get_running_loop().create_task(read(sock))

    jobs: list[Callable[[], Awaitable[Any]]] = []
    for room in rooms:
        for index in range(len(room.players)):
            jobs.append(lambda r=room, i=index: open_room_socket(r, i))  # type: ignore[misc]
    await gather_limited(jobs, 100)
    for room in rooms:
        room.socks.sort(key=lambda s: s.index)


async def settle(rooms: list[Room]) -> None:
    """Wait until every room's action in flight has landed, failed or been given up."""
    await asyncio.gather(*(landed(r) for r in rooms))


async def landed(room: Room, timeout: float = 10) -> bool:
    """Wait for the room's action in flight; a lost one is counted and given up."""
    try:
        await asyncio.wait_for(room.done.wait(), timeout)
    except TimeoutError:
        room.stats.lost += 1
        room.target = 0
        room.pending.clear()
        room.done.set()
        return False
    return not room.failed


async def saturate(rooms: list[Room], choose: Callable[[Room], tuple[int, str]],
                   seconds: float) -> tuple[int, float]:
    """Closed loop: each room acts again as soon as its last action landed."""
    stop = time.perf_counter() + seconds
    done = 0

    async def loop(room: Room) -> None:
        nonlocal done
        while time.perf_counter() < stop:
            await act(room, choose)
            if await landed(room):
                done += 1

    start = time.perf_counter()
    await asyncio.gather(*(loop(r) for r in rooms))
    return done, time.perf_counter() - start


async def paced(rooms: list[Room], choose: Callable[[Room], tuple[int, str]],
                interval: float, seconds: float, offsets: list[float]) -> tuple[int, int, float]:
    """Each room acts every ``interval`` s, room ``i`` at ``offsets[i]`` of the interval
    (spread evenly over every client process's rooms); skip a beat if late."""
    start = time.perf_counter() + 0.5
    stop = start + seconds
    sent = skipped = 0

    async def loop(room: Room, offset: float) -> None:
        nonlocal sent, skipped
        due = start + offset
        while due < stop:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            if not room.done.is_set() and time.perf_counter() - room.sent_at > 10:
                room.stats.lost += 1  # given up: it will never land
                room.target = 0
                room.pending.clear()
                room.done.set()
            if room.done.is_set():
                await act(room, choose)
                sent += 1
            else:
                skipped += 1
            due += interval

    await asyncio.gather(*(loop(r, interval * offset) for r, offset in zip(rooms, offsets,
                                                                             strict=True)))
    return sent, skipped, time.perf_counter() - start


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def mover_messages(rooms: list[Room], limit: int = 20) -> list[str]:
    """Some state messages that a mover received in a running game (what the bare server will
    send: a real view, with a hand, a board and allowed moves to choose from)."""
    found = []
    for room in rooms:
        for sock in room.socks:
            if '"your_turn":true' in sock.last and '"phase":"playing"' in sock.last:
                found.append(sock.last)
                break
        if len(found) >= limit:
            break
    return found


# --- one client process ----------------------------------------------------------------------

async def drive(kind: str, args: argparse.Namespace, port: int, index: int, shares: list[int],
                message: str, barrier: Any, results: Any) -> None:
    """This process's share of the rooms, through every phase in step with the others (the
    parent measures the server between the phases)."""
    stats = Stats()
    server_url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    mine = shares[index]
    if kind == "gamenight":
        rooms = await set_up_gamenight(server_url, mine, args.players, stats)
    else:
        rooms = set_up_bare(index, mine, args.players, stats)
    await asyncio.to_thread(barrier.wait)  # 1: rooms made
    await connect_all(ws_url, rooms, args.deflate)
    while any(not s.last for r in rooms for s in r.socks):
        if kind == "bare":  # the bare server sends nothing on connect: the same first state
            for r in rooms:
                for s in r.socks:
                    s.last = s.last or message
        await asyncio.sleep(0.05)
    await asyncio.to_thread(barrier.wait)  # 2: connected
    if kind == "gamenight":
        for room in rooms:
            room.begin(0)
            await room.socks[0].ws.send('{"type":"start"}')
        await settle(rooms)
    await asyncio.to_thread(barrier.wait)  # 3: saturation starts
    own0 = own_cpu_seconds()
    done, elapsed = await saturate(rooms, gamenight_message, args.saturate)
    await settle(rooms)
    own1 = own_cpu_seconds()
    await asyncio.to_thread(barrier.wait)  # 4: saturation over
    stats.recording = True
    stats.messages = stats.bytes = 0
    # Rooms of all processes together are staggered evenly over the interval.
    offsets = [(k * len(shares) + index) / max(sum(shares), 1) for k in range(len(rooms))]
    sent, skipped, paced_seconds = await paced(rooms, gamenight_message, args.interval,
                                               args.duration, offsets)
    await settle(rooms)
    own2 = own_cpu_seconds()
    await asyncio.to_thread(barrier.wait)  # 5: paced phase over
    results.put({
        "done": done, "elapsed": elapsed, "sent": sent, "skipped": skipped,
        "paced_seconds": paced_seconds, "latencies": stats.latencies, "errors": stats.errors,
        "error_codes": stats.error_codes, "lost": stats.lost, "messages": stats.messages,
        "bytes": stats.bytes, "client_cpu_saturated": own1 - own0,
        "client_cpu_paced": own2 - own1,
        "samples": mover_messages(rooms) if kind == "gamenight" else [],
    })
    for room in rooms:
        for sock in room.socks:
            await sock.ws.close()


def client_process(kind: str, args: argparse.Namespace, port: int, index: int,
                   shares: list[int], message: str, barrier: Any, results: Any) -> None:
    uvloop.run(drive(kind, args, port, index, shares, message, barrier, results))


# --- one run against one server --------------------------------------------------------------

def run(kind: str, args: argparse.Namespace, message: str) -> dict[str, Any]:
    """Start the server, drive it with ``args.clients`` client processes, measure it."""
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="gamenight-load-"))  # log and database
    if kind == "gamenight":
        server = Server("gamenight", [sys.executable, "-m", "app"], {
            "GAMENIGHT_HOST": "127.0.0.1", "GAMENIGHT_PORT": str(port),
            "GAMENIGHT_DB": f"{workdir}/load.sqlite3", "GAMENIGHT_LOG_LEVEL": "warning",
            "GAMENIGHT_ROOMS_PER_ADDRESS": "1000000", "GAMENIGHT_JOIN_MISSES": "1000000",
            "GAMENIGHT_REDIS_URL": "", "GAMENIGHT_WS_DEFLATE": str(args.deflate).lower()}, port,
            workdir)
    else:
        sample = workdir / "state.json"
        sample.write_text(message)
        server = Server("bare", [sys.executable, str(ROOT / "bench" / "bare_broadcast.py"),
                                 "--port", str(port), "--message-file", str(sample),
                                 *(["--deflate"] if args.deflate else [])],
                        {}, port, workdir)
    clients = max(1, min(args.clients, args.rooms))
    shares = [args.rooms // clients + (1 if i < args.rooms % clients else 0)
              for i in range(clients)]
    context = multiprocessing.get_context("fork")  # nothing runs in this process yet
    barrier = context.Barrier(clients + 1, timeout=600)
    results = context.Queue()
    result: dict[str, Any] = {"server": kind}
    try:
        rss_idle = server.rss_kib()
        t0 = time.perf_counter()
        procs = [context.Process(target=client_process,
                                 args=(kind, args, port, i, shares, message, barrier, results))
                 for i in range(clients)]
        for proc in procs:
            proc.start()
        barrier.wait()  # 1: rooms made
        rss_rooms = server.rss_kib()
        barrier.wait()  # 2: connected
        rss_connected = server.rss_kib()
        set_up_seconds = time.perf_counter() - t0
        barrier.wait()  # 3: saturation starts
        cpu0, main0, w0 = server.cpu_seconds(), server.main_thread_cpu_seconds(), time.time()
        barrier.wait()  # 4: saturation over
        cpu1, main1, w1 = server.cpu_seconds(), server.main_thread_cpu_seconds(), time.time()
        rss_saturated = server.rss_kib()
        barrier.wait()  # 5: paced phase over
        cpu2, w2 = server.cpu_seconds(), time.time()
        rss_end = server.rss_kib()
        parts = [results.get(timeout=120) for _ in procs]
        for proc in procs:
            proc.join(30)
    except BaseException:
        server.stop()
        print(f"{kind} server log and database kept in {workdir}", file=sys.stderr)
        raise
    server.stop()
    shutil.rmtree(workdir)
    done = sum(p["done"] for p in parts)
    elapsed = max(p["elapsed"] for p in parts)
    paced_seconds = max(p["paced_seconds"] for p in parts)
    latencies = [x for p in parts for x in p["latencies"]]
    client_saturated = sum(p["client_cpu_saturated"] for p in parts)
    client_paced = sum(p["client_cpu_paced"] for p in parts)
    messages = sum(p["messages"] for p in parts)
    error_codes: dict[str, int] = {}
    for p in parts:
        for code, n in p["error_codes"].items():
            error_codes[code] = error_codes.get(code, 0) + n
    connections = args.rooms * args.players
    result.update({
        "rooms": args.rooms, "connections": connections, "client_processes": clients,
        "set_up_seconds": round(set_up_seconds, 1),
        "saturated_actions_per_s": round(done / elapsed, 1),
        "saturated_server_cpu_ms_per_action": round((cpu1 - cpu0) / max(done, 1) * 1000, 3),
        "saturated_client_cpu_ms_per_action": round(client_saturated / max(done, 1) * 1000, 3),
        "saturated_server_cores": round((cpu1 - cpu0) / (w1 - w0), 2),
        "saturated_server_main_thread_cores": round((main1 - main0) / (w1 - w0), 2),
        "saturated_client_cores": round(client_saturated / (w1 - w0), 2),
        "paced_actions_per_s": round(len(latencies) / paced_seconds, 1),
        "paced_sent": sum(p["sent"] for p in parts),
        "paced_skipped_beats": sum(p["skipped"] for p in parts),
        "errors": sum(p["errors"] for p in parts), "error_codes": error_codes,
        "lost": sum(p["lost"] for p in parts),
        "paced_server_cores": round((cpu2 - cpu1) / (w2 - w1), 2),
        "paced_client_cores": round(client_paced / (w2 - w1), 2),
        "p50_ms": round(quantile(latencies, 0.50) * 1000, 2),
        "p99_ms": round(quantile(latencies, 0.99) * 1000, 2),
        "max_ms": round(max(latencies, default=float("nan")) * 1000, 2),
        "mean_message_bytes": round(sum(p["bytes"] for p in parts) / max(messages, 1)),
        "rss_idle_mib": round(rss_idle / 1024, 1),
        "rss_connected_mib": round(rss_connected / 1024, 1),
        "rss_after_saturation_mib": round(rss_saturated / 1024, 1),
        "rss_end_mib": round(rss_end / 1024, 1),
        "kib_per_connection": round((rss_connected - rss_rooms) / connections, 1),
        "kib_per_player_all_in": round((rss_end - rss_idle) / connections, 1),
    })
    samples = [s for p in parts for s in p["samples"]]
    if samples:  # the mover's message closest to the mean size, for the bare server
        mean = result["mean_message_bytes"]
        result["sample_message"] = min(samples, key=lambda s: abs(len(s) - mean))
    return result


def show(result: dict[str, Any]) -> None:
    print(f"\n== {result['server']} ==")
    for key, value in result.items():
        if key not in ("server", "sample_message"):
            print(f"  {key:38} {value}")


def main_run(args: argparse.Namespace) -> None:
    results = [run("gamenight", args, "")]
    show(results[0])
    if not args.skip_bare:
        message = results[0].get("sample_message")
        if message is None:
            raise SystemExit("no mover's state message was seen; nothing to give the bare server")
        results.append(run("bare", args, message))
        show(results[1])
        ours, bare = results
        ratio = {
            "saturated_ratio": round(ours["saturated_actions_per_s"]
                                     / bare["saturated_actions_per_s"], 3),
            "paced_ratio": round(ours["paced_actions_per_s"] / bare["paced_actions_per_s"], 3),
            "server_cpu_per_action_ratio": round(
                bare["saturated_server_cpu_ms_per_action"]
                / ours["saturated_server_cpu_ms_per_action"], 3),
        }
        print("\n== gamenight / bare ==")
        for key, value in ratio.items():
            print(f"  {key:38} {value}")
        results.append(ratio)
    print(f"\n(machine: {os.cpu_count()} cores, shared by the server and {args.clients} client "
          "processes)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--interval", type=float, default=2.0,
                        help="seconds between a room's actions in the paced phase")
    parser.add_argument("--duration", type=float, default=30.0, help="paced phase, seconds")
    parser.add_argument("--saturate", type=float, default=20.0,
                        help="saturation phase, seconds")
    parser.add_argument("--clients", type=int, default=2,
                        help="client processes sharing the rooms (one per core: a single one "
                             "would be the bottleneck against the bare server, and the "
                             "comparison would measure the client)")
    parser.add_argument("--skip-bare", action="store_true")
    parser.add_argument("--deflate", action="store_true",
                        help="clients offer and servers accept permessage-deflate, as browsers "
                             "and uvicorn do by default (gamenight turns it off)")
    parser.add_argument("--json", help="also write the figures to this file")
    main_run(parser.parse_args())


if __name__ == "__main__":
    main()
