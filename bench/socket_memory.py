"""What one open WebSocket costs the server in Python memory, and where it goes.

Starts the real app under uvicorn with ``python -m app``'s options on a thread of this
process, opens ``--sockets`` sockets to one room from a client subprocess (this file with
``--clients``: websockets' own client, each socket waits for its first state), and compares
two ``tracemalloc`` snapshots of the server taken before and after, grouped by the file that
allocated (``--by lineno`` for lines). Only Python allocations are traced: uvloop's and the
kernel's buffers are not in these figures (the peer benchmark's RSS per player has them).

    .venv/bin/python bench/socket_memory.py [--sockets 300] [--by filename] [--top 15]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def _clients(url: str, n: int) -> None:
    """Open ``n`` sockets, say "ready", hold them until stdin has a line, close them."""
    from websockets.asyncio.client import connect

    sockets = []
    for _ in range(n):
        sockets.append(await connect(url, compression=None))
        await sockets[-1].recv()
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for ws in sockets:
        await ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--by", choices=("filename", "lineno"), default="filename")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--clients", nargs=2, metavar=("URL", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.clients:
        asyncio.run(_clients(args.clients[0], int(args.clients[1])))
        return

    import socket

    import httpx
    import uvicorn

    from app.config import Settings
    from app.main import create_app
    from app.serving import uvicorn_options

    settings = Settings(db=Path(tempfile.mkdtemp()) / "rooms.sqlite3", log_level="warning",
                        connections_per_room=10 ** 6)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning",
                                           **uvicorn_options(settings)))
    loop = asyncio.new_event_loop()
    threading.Thread(target=lambda: loop.run_until_complete(server.serve(sockets=[sock])),
                     daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    code = httpx.post(f"http://127.0.0.1:{port}/api/rooms", json={"game": "qwirkle"}).json()
    url = f"ws://127.0.0.1:{port}/ws/{code['code']}?patches=1"

    def open_sockets(n: int) -> subprocess.Popen[str]:
        clients = subprocess.Popen([sys.executable, __file__, "--clients", url, str(n)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert clients.stdout is not None and clients.stdout.readline().strip() == "ready"
        return clients

    async def snapshot() -> tracemalloc.Snapshot:
        gc.collect()
        return tracemalloc.take_snapshot()

    def on_server() -> tracemalloc.Snapshot:
        return asyncio.run_coroutine_threadsafe(snapshot(), loop).result(60)

    warm = open_sockets(20)  # the first sockets' one-off costs (imports, caches) left out
    tracemalloc.start()
    before = on_server()
    held = open_sockets(args.sockets)
    after = on_server()
    stats = after.compare_to(before, args.by)
    total = sum(s.size_diff for s in stats)
    print(f"{total / args.sockets / 1024:.1f} KiB of traced Python memory per open socket "
          f"({args.sockets} sockets)")
    for stat in stats[:args.top]:
        where = str(stat.traceback[0]).split("site-packages/")[-1].replace(str(ROOT) + "/", "")
        print(f"{stat.size_diff / args.sockets:8.0f} B {stat.count_diff / args.sockets:6.1f} "
              f"blocks  {where}")
    for clients in (held, warm):
        assert clients.stdin is not None
        clients.stdin.write("\n")
        clients.stdin.flush()
        clients.wait(60)
    server.should_exit = True


if __name__ == "__main__":
    main()
