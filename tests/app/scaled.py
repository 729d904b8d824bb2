"""Helpers for the scale-out tests: real redis-server, ``python -m app`` instances and HAProxy
(app/cluster.py), and players that behave like the browser client (reconnect, resend an
unacknowledged action with the same id, retry ``unavailable``).

The players choose their moves with an **oracle**: the test reads the room's record and log
straight from Redis, replays the game with the rules, and asks the game's bot what the seat due
should play. So whole games of every game are played by people's sockets, and every move a
player was told was applied can be looked for in the stored log afterwards.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from app.actions import parse_action, replay
from app.cluster import Cluster, Instance, Redis
from app.store import StoredRoom, entry_from_json, record_from_json
from rules import GAMES
from rules.base import jsonable
from tests.app.patching import read, rebuilt

WAIT = 20.0
#: Settings that make the faults quick to provoke and to heal in a test.
FAST = {"GAMENIGHT_BOT_DELAY": "0", "GAMENIGHT_LOG_LEVEL": "info",
        "GAMENIGHT_REDIS_TIMEOUT": "0.5", "GAMENIGHT_REDIS_RETRIES": "2",
        "GAMENIGHT_LEASE_SECONDS": "1", "GAMENIGHT_CHECK_SECONDS": "1",
        "GAMENIGHT_PRESENCE_SECONDS": "1", "GAMENIGHT_ROOM_LINGER_SECONDS": "2",
        "GAMENIGHT_WS_PING_SECONDS": "0"}


class Refused(Exception):
    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message['code']}: {message['message']}")
        self.code = message["code"]


@dataclass
class Player:
    """One seat's socket through ``url`` (the balancer, or one instance)."""

    url: str
    code: str
    token: str | None
    ws: ClientConnection | None = None
    states: list[dict[str, Any]] = field(default_factory=list)
    closes: list[tuple[int | None, str | None]] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)
    #: The last whole state this socket was sent (patches apply to it).
    held: dict[str, Any] | None = None
    _next: int = 0

    def connect(self) -> Player:
        query = f"?patches=1&token={self.token}" if self.token else "?patches=1"
        self.held = None
        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.ws = connect(f"{self.url}/ws/{self.code}{query}", open_timeout=5,
                                  close_timeout=1, max_size=None, legacy=True)
                self._recv_until(lambda m: m["type"] == "state", 5)
                return self
            except (OSError, InvalidHandshake, InvalidStatus, ConnectionClosed, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    @property
    def last(self) -> dict[str, Any]:
        return self.states[-1]

    def _recv(self, timeout: float) -> dict[str, Any]:
        assert self.ws is not None
        try:
            text = self.ws.recv(timeout)
        except ConnectionClosed:
            self.closes.append((self.ws.close_code, self.ws.close_reason))
            raise
        message = read(text)
        if message["type"] == "patch":
            message = rebuilt(self.held, message)
        if message["type"] == "state":
            self.held = message
            self.states.append(message)
        return message

    def _recv_until(self, match: Any, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self._recv(max(0.01, deadline - time.monotonic()))
            if match(message):
                return message

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))

    def act(self, action: dict[str, Any], action_id: str | None = None,
            timeout: float = WAIT) -> dict[str, Any]:
        """Send ``action`` until the server says it is applied (the state carrying its id):
        after a dropped socket, reconnect and resend; after ``unavailable``, ``busy`` or
        ``rate_limited`` (a scripted player can outrun the per-socket limit that no person
        reaches), resend a little later. Another refusal raises :class:`Refused`."""
        if action_id is None:
            self._next += 1
            action_id = f"{self.token and self.token[:6]}-{self._next}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.send({"type": "action", "id": action_id, "action": action})
                reply = self._recv_until(
                    lambda m: m.get("ref") == action_id
                    or (m["type"] == "error" and m.get("ref") == action_id), 5)
                if reply["type"] == "state":
                    self.acked.append(action_id)
                    return reply
                if reply["code"] not in ("unavailable", "busy", "rate_limited") \
                        or time.monotonic() > deadline:
                    raise Refused(reply)
                time.sleep(0.2)
            except (ConnectionClosed, TimeoutError, OSError):
                if time.monotonic() > deadline:
                    raise
                self.reconnect()

    def command(self, message: dict[str, Any]) -> None:
        self.send(message)

    def reconnect(self) -> None:
        with _quiet():
            if self.ws is not None:
                self.ws.close()
        self.connect()

    def drain(self, seconds: float = 0.2) -> None:
        """Take in what arrived."""
        deadline = time.monotonic() + seconds
        with _quiet():
            while time.monotonic() < deadline:
                self._recv(max(0.01, deadline - time.monotonic()))

    def wait_for(self, match: Any, timeout: float = WAIT) -> dict[str, Any]:
        """The first state (already received or coming) that matches; reconnects on drops."""
        deadline = time.monotonic() + timeout
        while True:
            if self.states and match(self.states[-1]):
                return self.states[-1]
            try:
                self._recv_until(lambda m: m["type"] == "state" and match(m),
                                 max(0.05, deadline - time.monotonic()))
                return self.states[-1]
            except (ConnectionClosed, OSError):
                if time.monotonic() > deadline:
                    raise
                self.reconnect()
            except TimeoutError:
                raise AssertionError(f"no matching state within {timeout} s; last: "
                                     f"{self.states[-1] if self.states else None}") from None

    def close(self) -> None:
        with _quiet():
            if self.ws is not None:
                self.ws.close()


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return exc[0] is not None and issubclass(exc[0], (ConnectionClosed, TimeoutError,
                                                          OSError))  # type: ignore[arg-type]


class Oracle:
    """The truth about rooms, read from Redis and replayed with the rules."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)

    def stored(self, code: str) -> StoredRoom | None:
        record = self.client.hget(f"gamenight:room:{code}", "record")
        if record is None:
            return None
        entries = self.client.lrange(f"gamenight:log:{code}", 0, -1)
        return StoredRoom(record_from_json(record),  # type: ignore[arg-type]
                          tuple(entry_from_json(e) for e in entries))  # type: ignore[union-attr]

    def state(self, code: str) -> tuple[StoredRoom, Any]:
        stored = self.stored(code)
        assert stored is not None, f"room {code} is not in Redis"
        return stored, replay(GAMES[stored.record.game], stored)

    def due(self, code: str) -> tuple[StoredRoom, str | None, dict[str, Any] | None]:
        """The room, the first seat the game waits for, and the move its bot would make."""
        stored, state = self.state(code)
        if stored.record.phase != "playing":
            return stored, None, None
        game = GAMES[stored.record.game]
        waiting = sorted(game.to_act(state))
        if not waiting:
            return stored, None, None
        player = waiting[0]
        action = jsonable(game.bot_action(state, player))
        assert isinstance(action, dict)
        return stored, player, action

    def replays(self, code: str) -> bool:
        stored = self.stored(code)
        if stored is None:
            return False
        game = GAMES[stored.record.game]
        for entry in stored.entries:
            parse_action(game, entry.action)
        replay(game, stored)
        return True

    def close(self) -> None:
        self.client.close()


@dataclass
class Table:
    """A room made through ``url``, its seats' tokens, and a player per seat."""

    url: str
    code: str
    tokens: dict[str, str]
    players: dict[str, Player] = field(default_factory=dict)

    @classmethod
    def open(cls, url: str, game: str, names: tuple[str, ...],
             options: dict[str, Any] | None = None) -> Table:
        client = httpx.Client(base_url=url, timeout=WAIT)
        reply = client.post("/api/rooms", json={"game": game, "name": names[0],
                                                "options": options or {}})
        assert reply.status_code == 201, reply.text
        body = reply.json()
        table = cls(url, body["code"], {body["player_id"]: body["token"]})
        for name in names[1:]:
            joined = client.post(f"/api/rooms/{table.code}/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            table.tokens[joined.json()["player_id"]] = joined.json()["token"]
        return table

    def seat_all(self, ws_url: str | dict[str, str]) -> Table:
        for player, token in self.tokens.items():
            url = ws_url if isinstance(ws_url, str) else ws_url[player]
            self.players[player] = Player(url, self.code, token).connect()
        return self

    def start(self) -> None:
        host = self.players["p1"]
        host.command({"type": "start"})
        for player in self.players.values():
            player.wait_for(lambda m: m["room"]["phase"] == "playing")

    def play(self, oracle: Oracle, moves: int | None = None, timeout: float = 120) -> int:
        """Play the moves the oracle says are due, through the due seat's socket, until the game
        ends (or ``moves`` were made); return how many were made."""
        made = 0
        deadline = time.monotonic() + timeout
        while moves is None or made < moves:
            assert time.monotonic() < deadline, f"room {self.code} did not finish in time"
            stored, player, action = oracle.due(self.code)
            if stored.record.phase == "finished":
                break
            if player is None or action is None or player not in self.players:
                time.sleep(0.05)  # a bot's turn, or a lobby: wait for it
                continue
            self.players[player].act(action)
            made += 1
        return made

    def close(self) -> None:
        for player in self.players.values():
            player.close()


def versions_agree(players: list[Player]) -> None:
    """No two different states carry the same (epoch, version) for the same viewer."""
    seen: dict[tuple[str, int, str | None], str] = {}
    for player in players:
        for state in player.states:
            key = (state.get("epoch", ""), state["version"], state["you"])  # epoch: see app.store
            body = json.dumps({k: state[k] for k in ("view", "outcome")}, sort_keys=True)
            body += json.dumps([(p["id"], p["name"], p["bot"]) for p in state["room"]["players"]])
            assert seen.setdefault(key, body) == body, f"two states at {key}"


@pytest.fixture
def clusters(tmp_path: Path) -> Iterator[list[Cluster]]:
    """Clusters started in a test are stopped after it (every process the test started)."""
    started: list[Cluster] = []
    yield started
    for cluster in started:
        cluster.stop()


def start_cluster(clusters: list[Cluster], directory: Path, instances: int = 2,
                  balance: str = "room", redis_server: Redis | None = None,
                  **env: str) -> Cluster:
    cluster = Cluster(directory, instances, balance=balance, env={**FAST, **env},
                      redis=redis_server)
    clusters.append(cluster)
    return cluster.start()


def instance_url(instance: Instance) -> str:
    return f"http://127.0.0.1:{instance.port}"


def instance_ws(instance: Instance) -> str:
    return f"ws://127.0.0.1:{instance.port}"


def tracebacks(cluster: Cluster) -> list[str]:
    """Every traceback the instances logged."""
    found = []
    for app in cluster.apps:
        if app.log is not None and app.log.exists():
            text = app.log.read_text(errors="replace")
            found += [chunk for chunk in text.split("Traceback (most recent call last)")[1:]]
    return found
