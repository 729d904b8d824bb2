"""Shared fixtures: free ports, the real app served by uvicorn in a thread, a real redis-server.

Everything binds to port 0 or a freshly found free port and writes under ``tmp_path``, so
parallel runs never collide.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

import pytest
import uvicorn

from app.config import Settings
from app.main import create_app
from app.serving import uvicorn_options
from rules.base import AnyGame

T = TypeVar("T")


def free_port() -> int:
    """A TCP port nobody listens on right now (for servers we cannot hand a socket to)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """The real app under uvicorn on 127.0.0.1, on its own event loop in a thread."""

    def __init__(self, settings: Settings, games: Mapping[str, AnyGame] | None = None,
                 port: int = 0) -> None:
        """``port`` 0: a free one; another: that one (a server restarted where it was)."""
        self.settings = settings
        self.app = create_app(settings, games)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.port: int = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        options = uvicorn_options(settings)  # python -m app's, h11 included
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on",
                                timeout_graceful_shutdown=2, **options)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._serve, name=f"server-{self.port}",
                                       daemon=True)

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[self.sock]))

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def call(self, make: Callable[[], Coroutine[Any, Any, T]], timeout: float = 10) -> T:
        """Run a coroutine on the server's loop (to look inside or nudge its rooms)."""
        return asyncio.run_coroutine_threadsafe(make(), self.loop).result(timeout)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.should_exit = True
            self.thread.join(15)
        self.sock.close()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start live servers: ``serve(**settings)``; each gets its own SQLite file unless given
    one, bots move at once, and all are stopped after the test."""
    started: list[LiveServer] = []

    def start(games: Mapping[str, AnyGame] | None = None, **overrides: Any) -> LiveServer:
        values: dict[str, Any] = {"db": tmp_path / f"rooms-{len(started)}.sqlite3",
                                  "bot_delay": 0, "ws_ping_seconds": 0, "log_level": "warning"}
        values.update(overrides)
        server = LiveServer(Settings(**values), games)
        started.append(server)
        return server.start()

    yield start
    for server in reversed(started):
        server.stop()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real redis-server on a free port in a temp dir; its URL. Fails (never skips) when
    redis-server is missing: ``make test`` installs it."""
    binary = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
    if binary is None:
        pytest.fail("redis-server is not installed; run `make test` (it installs it) or "
                    "`apt-get install redis-server`.")
    directory = tmp_path_factory.mktemp("redis")
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory),
             "--save", "", "--appendonly", "yes", "--appendfsync", "always",
             "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        if _wait_for_redis(port, process):
            break
        process.kill()
        process.wait()
    else:
        pytest.fail("redis-server did not start")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


def _wait_for_redis(port: int, process: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return True
        except OSError:
            time.sleep(0.05)
    return False


@pytest.fixture
def redis_url(redis_server: str) -> str:
    """The session's redis-server, emptied for this test."""
    import redis

    client = redis.Redis.from_url(redis_server)
    client.flushall()
    client.close()
    return redis_server
