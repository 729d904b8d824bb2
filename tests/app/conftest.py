"""Helpers for the room-server tests: phones (real WebSocket clients), rooms, fingerprints."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from app.cluster import Local
from rules import GAMES
from rules.base import jsonable
from tests.app.patching import read, rebuilt
from tests.app.scaled import clusters  # noqa: F401  (a fixture for tests/app)
from tests.conftest import LiveServer, free_port

WAIT = 10.0  # seconds: only a bound for a hung test, never a speed claim
ROOT = Path(__file__).resolve().parents[2]


class Reachable(Protocol):
    """A running server a phone can connect to (in-process or a subprocess)."""

    @property
    def ws_url(self) -> str: ...




class Phone:
    """One real WebSocket client; keeps every raw message it received (for leak checks).

    Like ``static/js/client.js`` it asks for patches (unless ``patches=False``) and rebuilds
    each patch into the whole state message, which :meth:`recv` returns; one that does not
    follow the state it holds fails the test."""

    def __init__(self, server: Reachable, code: str, token: str | None = None,
                 patches: bool = True) -> None:
        query = "&".join([*(["patches=1"] if patches else []),
                          *([f"token={token}"] if token is not None else [])])
        url = f"{server.ws_url}/ws/{code}" + (f"?{query}" if query else "")
        self.ws: ClientConnection = connect(url, open_timeout=WAIT, close_timeout=2,
                                            max_size=None, legacy=True)
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        #: The last whole state this socket was sent (patches apply to it).
        self.held: dict[str, Any] | None = None
        #: Every state message received, whole (patches rebuilt), in order.
        self.states: list[dict[str, Any]] = []
        self.patches = 0

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        text = self.ws.recv(timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message = read(text)
        if message["type"] == "patch":
            message = rebuilt(self.held, message)
            self.patches += 1
        if message["type"] == "state":
            self.state = self.held = message
            self.states.append(message)
        return message

    def wait(self, match: Callable[[dict[str, Any]], bool], timeout: float = WAIT
             ) -> dict[str, Any]:
        """Receive until a message matches; return it."""
        while True:
            message = self.recv(timeout)
            if match(message):
                return message

    def wait_state(self, match: Callable[[dict[str, Any]], bool] = lambda m: True
                   ) -> dict[str, Any]:
        if self.state is not None and match(self.state):
            return self.state
        return self.wait(lambda m: m["type"] == "state" and match(m))

    def wait_version(self, version: int) -> dict[str, Any]:
        return self.wait_state(lambda m: m["version"] >= version)

    def error(self, code: str | None = None) -> dict[str, Any]:
        message = self.wait(lambda m: m["type"] == "error")
        if code is not None:
            assert message["code"] == code, message
        return message

    def sync(self) -> list[dict[str, Any]]:
        """Ping and wait for the pong: everything the server sent this socket before answering
        is then received. Returns what came before the pong."""
        self.send({"type": "ping"})
        before = []
        while True:
            message = self.recv()
            if message["type"] == "pong":
                return before
            before.append(message)

    def closed(self) -> tuple[int | None, str | None]:
        """Wait for the server to close this socket; return (close code, reason)."""
        try:
            while True:
                self.recv()
        except ConnectionClosed:
            pass
        return self.ws.close_code, self.ws.close_reason

    def act(self, action: Any, action_id: str) -> None:
        self.send({"type": "action", "id": action_id, "action": jsonable(action)})

    def close(self) -> None:
        self.ws.close()


class AppProcess(Local):
    """``python -m app`` on a free port with its own database, like ``make run``."""

    def __init__(self, db: Path, **env: str) -> None:
        self.db = db
        self.env = env  # more GAMENIGHT_* settings
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    def start(self) -> AppProcess:
        for _ in range(3):
            self.port = free_port()
            env = {**os.environ, "GAMENIGHT_HOST": "127.0.0.1", "GAMENIGHT_PORT": str(self.port),
                   "GAMENIGHT_DB": str(self.db), "GAMENIGHT_BOT_DELAY": "0",
                   "GAMENIGHT_LOG_LEVEL": "warning", "GAMENIGHT_REDIS_URL": "", **self.env}
            self.proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if self._ready():
                return self
            self.kill()
        raise RuntimeError("the server did not start")

    def _ready(self) -> bool:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                return False
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return True
            except httpx.HTTPError:
                time.sleep(0.05)
        return False

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


class Table:
    """A room as the tests see it: the server, the code, tokens by player id, open phones."""

    def __init__(self, server: LiveServer, code: str, host_token: str) -> None:
        self.server = server
        self.code = code
        self.host_token = host_token
        self.tokens: dict[str, str] = {}
        self.phones: list[Phone] = []

    def phone(self, token: str | None = None) -> Phone:
        phone = Phone(self.server, self.code, token)
        self.phones.append(phone)
        phone.wait_state()
        return phone

    def seat(self, player: str) -> Phone:
        return self.phone(self.tokens[player])

    def join(self, name: str) -> str:
        reply = http(self.server).post(f"/api/rooms/{self.code}/join", json={"name": name})
        assert reply.status_code == 200, reply.text
        body = reply.json()
        self.tokens[body["player_id"]] = body["token"]
        return str(body["player_id"])

    def summary(self) -> dict[str, Any]:
        reply = http(self.server).get(f"/api/rooms/{self.code}")
        assert reply.status_code == 200, reply.text
        body: dict[str, Any] = reply.json()
        return body

    def room(self) -> Any:
        return self.server.app.state.rooms.rooms[self.code]

    def fingerprint(self) -> Any:
        """Everything that matters about the room, read under its lock: the record (but its
        clock), the game state and every viewer's view."""
        async def look() -> Any:
            room = self.room()
            async with room.lock:
                record = replace(room.record, updated_at=0.0)
                views = None
                if room.state is not None:
                    views = {p: jsonable(room.game.view(room.state, p))
                             for p in (None, *room.record.players)}
                return record, room.state, views
        return self.server.call(look)

    def truth(self) -> Any:
        """The room's current game state (read on the server's loop)."""
        async def look() -> Any:
            return self.room().state
        return self.server.call(look)

    def close(self) -> None:
        for phone in self.phones:
            phone.close()


def http(server: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=WAIT)


def open_table(server: LiveServer, game: str = "qwirkle", name: str | None = "Ann",
               options: dict[str, Any] | None = None) -> Table:
    reply = http(server).post("/api/rooms",
                              json={"game": game, "name": name, "options": options or {}})
    assert reply.status_code == 201, reply.text
    body = reply.json()
    table = Table(server, body["code"], body["host_token"])
    if body["player_id"] is not None:
        table.tokens[body["player_id"]] = body["token"]
    return table


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    """Tables opened in a test are closed after it (sockets first, then the server)."""
    opened: list[Table] = []
    yield opened
    for table in opened:
        table.close()


def play_to_the_end(table: Table, phones: dict[str, Phone], game_id: str) -> None:
    """People (``phones``) play the bot's moves over their sockets, bots the rest; the last
    move is resent once (answered with the current state carrying its ref)."""
    game = GAMES[game_id]
    ids = itertools.count()

    async def look() -> tuple[str, Any, int]:
        room = table.room()
        return room.record.phase, room.state, room.version

    last: tuple[str, str] | None = None
    first = next(iter(phones.values()))
    for _ in range(5000):
        phase, state, version = table.server.call(look)
        if phase == "finished":
            break
        due = sorted(set(phones) & game.to_act(state))
        if not due:  # the bot's turn: wait for it
            first.wait_version(version + 1)
            continue
        player = due[0]
        action_id = f"a{next(ids)}"
        phones[player].act(game.bot_action(state, player), action_id)
        phones[player].wait_version(version + 1)
        last = (player, action_id)
    else:
        pytest.fail("the game did not end")
    assert last is not None
    player, action_id = last
    phones[player].send({"type": "action", "id": action_id, "action": {"kind": "nothing"}})


def started_game(server: LiveServer, names: Sequence[str] = ("Ann", "Bob", "Cy"),
                 tables: list[Table] | None = None) -> tuple[Table, dict[str, Phone]]:
    """A Qwirkle room with ``names`` seated (the first is the host), started; one phone each."""
    table = open_table(server, name=names[0])
    if tables is not None:
        tables.append(table)
    for name in names[1:]:
        table.join(name)
    phones = {player: table.seat(player) for player in table.tokens}
    phones["p1"].send({"type": "start"})
    for phone in phones.values():
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    return table, phones
