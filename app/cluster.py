"""Several instances on one machine: redis-server, N ``python -m app`` and HAProxy in front.

``python -m app.cluster --instances 3`` (what ``make cluster`` runs) starts a durable
redis-server (``appendonly yes``, ``appendfsync always``) in ``data/cluster/``, the instances
on free ports, and HAProxy on ``GAMENIGHT_PORT`` (8000), and stops them all on Ctrl-C. The
tests and ``bench/scale.py`` start the same pieces through :class:`Cluster`.

Why HAProxy (Debian's ``haproxy`` package): it hashes on an expression, so the room code is
taken from ``/ws/{code}``, ``/j/{code}``, ``/room/{code}``, ``/table/{code}`` and
``/api/rooms/{code}…`` and upper-cased (codes are typed in any case) before a consistent hash
picks the instance, and it checks its servers actively, so a dead instance is out of rotation
within a second and its rooms move to the others while the rest stay where they are. Requests
with no code (the home page, creating a room) go round-robin. Affinity only saves work: with
``balance="roundrobin"`` everything still works, each instance following the others.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

UNAVAILABLE = (b"HTTP/1.0 503 Service Unavailable\r\nCache-Control: no-cache\r\n"
               b"Connection: close\r\nContent-Type: application/json\r\n\r\n"
               b'{"code":"unavailable","message":"No game server is answering just now; try '
               b'again in a moment.","detail":null}\n')


def haproxy_config(port: int, servers: Mapping[str, int], errors: Path,
                   balance: str = "room", host: str = "127.0.0.1") -> str:
    """HAProxy's configuration: ``balance`` "room" (a consistent hash of the room code) or
    "roundrobin" (every request anywhere)."""
    lines = "\n".join(
        f"    server {name} 127.0.0.1:{server_port} check inter 1s fall 3 rise 2 "
        "on-marked-down shutdown-sessions"
        for name, server_port in servers.items())
    rooms = "balance hash var(txn.room)\n    hash-type consistent" if balance == "room" \
        else "balance roundrobin"
    return f"""global
    maxconn 8000

defaults
    mode http
    option redispatch
    retries 2
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout http-keep-alive 10s
    # A busy instance may take a while to answer a check; one that does not answer in 3 s,
    # three times running (or refuses the connection: dead), is out of rotation.
    timeout check 3s
    errorfile 503 {errors}

frontend gamenight
    bind {host}:{port}
    # The client's own address, replacing any X-Forwarded-For it sent (it could lie).
    http-request set-header X-Forwarded-For %[src]
    acl page path_reg -i ^/(ws|j|room|table)/[a-z]{{4}}(/|$)
    acl api path_reg -i ^/api/rooms/[a-z]{{4}}(/|$)
    http-request set-var(txn.room) path,field(3,/),upper if page
    http-request set-var(txn.room) path,field(4,/),upper if api
    use_backend rooms if {{ var(txn.room) -m found }}
    default_backend anywhere

backend rooms
    {rooms}
    option httpchk GET /api/health
    http-check expect rstatus ^(200|503)$
{lines}

backend anywhere
    balance roundrobin
    option httpchk GET /api/health
    http-check expect rstatus ^(200|503)$
{lines}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {seconds} s")


def binary(name: str) -> str:
    found = shutil.which(name) or next(
        (str(p) for p in (Path("/usr/sbin") / name, Path("/usr/bin") / name) if p.exists()),
        None)
    if found is None:
        raise RuntimeError(f"{name} is not installed (make test installs it from Debian's "
                           "packages)")
    return found


class Local:
    """A server listening on 127.0.0.1 at ``port``: its HTTP and WebSocket addresses."""

    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@dataclass
class Redis:
    """A redis-server in ``directory``, durable unless told otherwise."""

    directory: Path
    port: int = 0
    appendfsync: str = "always"
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = self.port or free_port()
        self.process = subprocess.Popen(
            [binary("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.directory), "--save", "", "--appendonly", "yes",
             "--appendfsync", self.appendfsync, "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.process)
        self._wait_loaded()
        return self

    def _wait_loaded(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not answer")

    def stop(self) -> None:
        _stop(self.process)


@dataclass
class Instance:
    """One ``python -m app`` on its own port."""

    name: str
    env: dict[str, str]
    port: int = 0
    log: Path | None = None
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> Instance:
        self.port = self.port or free_port()
        env = {**os.environ, "GAMENIGHT_HOST": "127.0.0.1", "GAMENIGHT_PORT": str(self.port),
               **self.env}
        out = self.log.open("ab") if self.log is not None else subprocess.DEVNULL
        self.process = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env,
                                        stdout=out, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.process)
        return self

    def stop(self) -> None:
        _stop(self.process)


@dataclass
class Cluster(Local):
    """Redis, ``instances`` app instances and HAProxy in ``directory``."""

    directory: Path
    instances: int = 3
    port: int = 0
    balance: str = "room"
    host: str = "127.0.0.1"
    env: dict[str, str] = field(default_factory=dict)
    redis: Redis | None = None
    apps: list[Instance] = field(default_factory=list)
    haproxy: subprocess.Popen[bytes] | None = None


    def start(self) -> Cluster:
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.redis is None:
            self.redis = Redis(self.directory / "redis").start()
        env = {"GAMENIGHT_REDIS_URL": self.redis.url, "GAMENIGHT_TRUSTED_PROXIES": "127.0.0.1",
               "GAMENIGHT_DB": str(self.directory / "unused.sqlite3"), **self.env}
        for n in range(1, self.instances + 1):
            self.apps.append(Instance(f"app{n}", env, log=self.directory / f"app{n}.log").start())
        self.port = self.port or free_port()
        self.start_balancer()
        return self

    def start_balancer(self) -> None:
        errors = self.directory / "503.http"
        errors.write_bytes(UNAVAILABLE)
        config = self.directory / "haproxy.cfg"
        config.write_text(haproxy_config(self.port, {a.name: a.port for a in self.apps}, errors,
                                         self.balance, self.host))
        self.haproxy = subprocess.Popen([binary("haproxy"), "-db", "-f", str(config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.haproxy)

    def stop(self) -> None:
        _stop(self.haproxy)
        for app in self.apps:
            app.stop()
        if self.redis is not None:
            self.redis.stop()


def _stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGCONT)  # a paused process cannot stop
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description="Run gamenight as several instances on one "
                                                 "machine: Redis, the instances, HAProxy.")
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--port", type=int, default=int(os.environ.get("GAMENIGHT_PORT", 8000)))
    parser.add_argument("--balance", choices=("room", "roundrobin"), default="room")
    parser.add_argument("--data", type=Path, default=ROOT / "data" / "cluster")
    args = parser.parse_args()
    cluster = Cluster(args.data, args.instances, args.port, args.balance, host="0.0.0.0")
    cluster.start()
    print(f"gamenight: {args.instances} instances behind HAProxy at {cluster.url}/ "
          f"(Redis at {cluster.redis.url if cluster.redis else '?'}, logs in {args.data})",
          flush=True)
    try:
        signal.sigwait({signal.SIGINT, signal.SIGTERM})
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
