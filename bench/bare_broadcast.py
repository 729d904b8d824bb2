"""The yardstick for ``bench/load.py``: a bare FastAPI WebSocket broadcast server.

It does the same fan-out as gamenight with none of the work: every message a socket sends is
parsed as JSON and answered by sending one message of a fixed size (``--message-bytes``, set by
the benchmark to gamenight's mean state message) to every socket of the same room. No rules, no
views, no store. Same stack and uvicorn settings as ``python -m app`` (uvloop, httptools, the
websockets sans-I/O protocol).

Run: ``.venv/bin/python bench/bare_broadcast.py --port 8001 --message-bytes 2500``.
"""

from __future__ import annotations

import argparse
import json

import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect


def create_app(message_bytes: int) -> FastAPI:
    app = FastAPI()
    rooms: dict[str, set[WebSocket]] = {}
    versions: dict[str, int] = {}
    pad = "x" * max(0, message_bytes - 60)

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
                        f'"pad":"{pad}"}}')
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
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on")
    args = parser.parse_args()
    uvicorn.run(create_app(args.message_bytes), host=args.host, port=args.port,
                log_level="warning", ws_max_size=16 * 1024, ws_per_message_deflate=args.deflate,
                ws_ping_interval=20,
                ws_ping_timeout=20)


if __name__ == "__main__":
    main()
