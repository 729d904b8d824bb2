"""The yardstick for ``bench/load.py``: a bare FastAPI WebSocket broadcast server.

It does the same fan-out as gamenight with none of the work: every message a socket sends is
parsed as JSON and answered by sending one state message to every socket of the same room. The
message is a real one (``--message-file``: the benchmark passes a state message that a mover
received from gamenight, of about gamenight's mean size) with the room's version written in,
so the clients parse and choose moves from the same kind of view as against gamenight. Without
a file, a padded message of ``--message-bytes``. No rules, no views, no store. Same stack and
uvicorn settings as ``python -m app`` (uvloop, httptools, the websockets sans-I/O protocol).

Run: ``.venv/bin/python bench/bare_broadcast.py --port 8001 --message-bytes 2500``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect


def create_app(message_bytes: int, sample: str | None = None) -> FastAPI:
    app = FastAPI()
    rooms: dict[str, set[WebSocket]] = {}
    versions: dict[str, int] = {}
    if sample is not None:  # everything after '{"type":"state","version":N,'
        rest = sample[sample.index(",", len('{"type":"state","version":')) + 1:]
    else:
        rest = f'"pad":"{"x" * max(0, message_bytes - 60)}"}}'

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.websocket("/ws/{room}")
    async def broadcast(websocket: WebSocket, room: str) -> None:
        await websocket.accept()
        members = rooms.setdefault(room, set())
        members.add(websocket)
        try:
            while True:
                data = json.loads(await websocket.receive_text())
                version = versions[room] = versions.get(room, 0) + 1
                text = (f'{{"type":"state","version":{version},"ref":{json.dumps(data.get("id"))},'
                        f'{rest}')
                for member in list(members):
                    await member.send_text(text)
        except WebSocketDisconnect:
            pass
        finally:
            members.discard(websocket)

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--message-bytes", type=int, default=2500)
    parser.add_argument("--message-file", help="a state message to send (its version replaced)")
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on")
    args = parser.parse_args()
    sample = Path(args.message_file).read_text() if args.message_file else None
    uvicorn.run(create_app(args.message_bytes, sample), host=args.host, port=args.port,
                log_level="warning", ws_max_size=16 * 1024, ws_per_message_deflate=args.deflate,
                ws_ping_interval=20,
                ws_ping_timeout=20)


if __name__ == "__main__":
    main()
