"""Files a game makes from its data (``Game.asset``), served with long-lived caching.

A game's assets never change while the server runs, so each is built once, kept in memory
with its ETag, and marked immutable for a year. Names that are not assets are not remembered,
so asking for random names costs no memory.
"""

from __future__ import annotations

import hashlib

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.deps import RoomsDep
from app.protocol import AppError

router = APIRouter(tags=["assets"])

CACHE_CONTROL = "public, max-age=31536000, immutable"

_built: dict[tuple[str, str], tuple[str, bytes, str]] = {}


@router.get("/assets/{game}/{name:path}")
async def asset(game: str, name: str, request: Request, rooms: RoomsDep) -> Response:
    """A game's file (card picture, board colours…), or 404 unknown_asset."""
    built = _built.get((game, name))
    if built is None:
        found = rooms.games.get(game)
        made = found.asset(name) if found is not None else None
        if made is None:
            raise AppError("unknown_asset", f"No asset {name!r} for game {game!r}.")
        body = made.body.encode()
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        built = _built[game, name] = (made.media_type, body, etag)
    media_type, body, etag = built
    headers = {"Cache-Control": CACHE_CONTROL, "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)
