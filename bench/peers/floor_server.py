"""The floor of the stack: the bench game on uvicorn with nothing of gamenight's room around it.

What any server built on gamenight's stack pays per move at least, measured the same way as
the others: uvicorn started with ``app/__main__.py``'s options (h11, websockets' Sans-I/O
protocol, gamenight's ``SpreadPings`` with its frames written straight to the transport),
a bare ASGI app (no FastAPI, no Starlette, no middleware), rooms in a dict, and per move only
what the clients need: ``orjson.loads`` of the frame, the bench game's ``apply`` (the one in
``gamenight_server.py``), one patch per player built by hand for this game's view, and six
frame writes. No validation, no lock, no history, no rate limit, no versions per
connection, no error messages: a wrong move is dropped. No storage either, unless ``FLOOR_DB``
names a file (``py-floor-sqlite``): then each move is one SQLite transaction (WAL,
``synchronous=FULL``, one INSERT of the move), committed on the event loop before the move's
pushes: the least a durable server can do per move, with no thread hop and no group commit.

It speaks the subset of gamenight's protocol that ``client.js`` uses: ``POST /api/rooms``
and ``POST /api/rooms/{code}/join`` (``{"code", "player_id", "token"}``), ``GET /api/health``,
``/ws/{code}?token=…``: a full state message on connect and on ``start``, then
``["patch", base, version, patch]`` per move (the table as gamenight patches it: ``shift``
and the new card; the mover's new hand whole).

Run: ``GAMENIGHT_ROOT=/path/to/gamenight PYTHONPATH=$GAMENIGHT_ROOT python floor_server.py``
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sqlite3
import sys
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.environ.get("GAMENIGHT_ROOT", os.getcwd()))

import orjson  # noqa: E402
import uvicorn  # noqa: E402
from gamenight_server import Play, State, apply, setup, view  # noqa: E402

from app.config import Settings  # noqa: E402
from app.serving import TEXT_FRAMES, uvicorn_options  # noqa: E402
from rules.base import RuleError  # noqa: E402


@dataclass
class Seat:
    player: str
    token: str


@dataclass
class Sock:
    player: str | None
    write: Any  # the TEXT_FRAMES callable
    send: Any  # the ASGI send, when write declines


@dataclass
class FloorRoom:
    code: str
    seats: list[Seat] = field(default_factory=list)
    socks: list[Sock] = field(default_factory=list)
    state: State | None = None
    version: int = 0


ROOMS: dict[str, FloorRoom] = {}


def open_log(path: str) -> sqlite3.Connection | None:
    """The durable move log of ``py-floor-sqlite`` (autocommit: one transaction per INSERT)."""
    if not path:
        return None
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA wal_autocheckpoint=0")  # no checkpoint inside a commit, for a bench run
    db.execute("CREATE TABLE IF NOT EXISTS moves (room TEXT, version INTEGER, player TEXT,"
               " card INTEGER, PRIMARY KEY (room, version)) WITHOUT ROWID")
    return db


LOG = open_log(os.environ.get("FLOOR_DB", ""))


def full_state(room: FloorRoom, player: str | None) -> bytes:
    shown = None if room.state is None else view(room.state, player)
    phase = "lobby" if room.state is None else "playing"
    return orjson.dumps({"type": "state", "version": room.version,
                         "room": {"phase": phase, "version": room.version}, "view": shown})


def table_patch(old: tuple[int, ...], new: tuple[int, ...]) -> Any:
    if len(new) == len(old) and new[:-1] == old[1:]:
        return {"shift": 1, str(len(new) - 1): [new[-1]]}
    if new[:-1] == old:
        return {str(len(old)): [new[-1]]}
    return [list(new)]


def send_all(room: FloorRoom, texts: dict[str | None, bytes]) -> None:
    for sock in room.socks:
        data = texts[sock.player]
        if not sock.write(data):
            asyncio.ensure_future(sock.send({"type": "websocket.send", "text": data.decode()}))


def move(room: FloorRoom, player: str, card: int) -> None:
    before = room.state
    if before is None:
        return
    try:
        after = apply(before, player, Play(card))
    except RuleError:
        return
    room.state = after
    base = room.version
    room.version = version = base + 1
    if LOG is not None:  # durable before it is pushed
        LOG.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (room.code, version, player, card))
    shared: dict[str, Any] = {"table": table_patch(before.public[1], after.public[1]),
                              "turn": after.players[after.turn], "deck": len(after.deck)}
    mover, nxt = before.players[before.turn], after.players[after.turn]
    texts: dict[str | None, bytes] = {}
    head = b'["patch",%d,%d,' % (base, version)
    for viewer in (*after.players, None):
        change = dict(shared)
        if viewer == mover:
            change["hand"] = [list(after.hands[before.turn])]
            change["your_turn"] = False
        elif viewer == nxt:
            change["your_turn"] = True
        texts[viewer] = head + orjson.dumps({"view": change}) + b"]"
    send_all(room, texts)


async def read_body(receive: Any) -> bytes:
    body = b""
    while True:
        message = await receive()
        body += bytes(message.get("body", b""))
        if not message.get("more_body"):
            return body


async def respond(send: Any, status: int, payload: Any) -> None:
    body = orjson.dumps(payload)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def new_seat(room: FloorRoom) -> Seat:
    seat = Seat(f"p{len(room.seats)}", secrets.token_urlsafe(12))
    room.seats.append(seat)
    return seat


async def http(scope: dict[str, Any], receive: Any, send: Any) -> None:
    path, method = scope["path"], scope["method"]
    await read_body(receive)
    if method == "GET" and path == "/api/health":
        await respond(send, 200, {"ok": True})
    elif method == "POST" and path == "/api/rooms":
        code = secrets.token_hex(3).upper()
        room = ROOMS[code] = FloorRoom(code)
        seat = new_seat(room)
        await respond(send, 200, {"code": code, "player_id": seat.player, "token": seat.token})
    elif method == "POST" and path.startswith("/api/rooms/") and path.endswith("/join"):
        room = ROOMS[path.split("/")[3]]
        seat = new_seat(room)
        await respond(send, 200, {"player_id": seat.player, "token": seat.token})
    else:
        await respond(send, 404, {"error": "not_found"})


async def websocket(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await receive()  # websocket.connect
    room = ROOMS.get(scope["path"].rsplit("/", 1)[-1])
    if room is None:
        await send({"type": "websocket.close", "code": 4404})
        return
    token = parse_qs(scope["query_string"].decode()).get("token", [""])[0]
    player = next((s.player for s in room.seats if s.token == token), None)
    await send({"type": "websocket.accept"})
    sock = Sock(player, scope["extensions"][TEXT_FRAMES], send)
    room.socks.append(sock)
    await send({"type": "websocket.send", "text": full_state(room, player).decode()})
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            data = orjson.loads(message["text"])
            if data["type"] == "action" and player is not None:
                move(room, player, data["action"]["card"])
            elif data["type"] == "start" and room.state is None:
                room.state = setup([s.player for s in room.seats], 1, None)  # type: ignore[arg-type]
                room.version += 1
                send_all(room, {p: full_state(room, p) for p in (*room.state.players, None)})
    finally:
        room.socks.remove(sock)


async def floor_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http":
        await http(scope, receive, send)
    elif scope["type"] == "websocket":
        await websocket(scope, receive, send)
    elif scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


def main() -> None:
    settings = Settings()
    uvicorn.run(floor_app, host=settings.host, port=settings.port,
                log_level=settings.log_level, **uvicorn_options(settings))


if __name__ == "__main__":
    main()
