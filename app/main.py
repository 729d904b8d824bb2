"""The FastAPI application: ``create_app(settings)`` wires the store, the fan-out, the rooms and
the routers; the lifespan restores rooms before the first request and closes them last.

Pages are a plug-in: if ``app/routes/pages.py`` exists, its ``router`` is included (and its
``install(app)`` called, when it has one), and ``static/`` is served at ``/static``.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app.actions import AnyGame
from app.config import Settings
from app.errors import install_error_handlers
from app.gc_policy import collector_tuned
from app.pubsub import LocalPubSub, PubSub
from app.registry import Rooms
from app.routes import api, assets, ws
from app.store import SQLiteStore, Store

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent


def open_backends(settings: Settings) -> tuple[Store, PubSub]:
    """SQLite + in-process fan-out by default; Redis for both when ``redis_url`` is set."""
    if settings.redis_url:
        from app.redis_backend import RedisPubSub, RedisStore  # imported only when used

        return RedisStore(settings.redis_url), RedisPubSub(settings.redis_url)
    return SQLiteStore(settings.db), LocalPubSub()


def create_app(settings: Settings | None = None,
               games: Mapping[str, AnyGame] | None = None, *,
               own_process: bool = False) -> FastAPI:
    """The whole server as an ASGI app (settings default to the environment's, games to
    ``rules.GAMES``). ``own_process``: the app is the whole process (``python -m app``), so it
    may tune process-wide things such as the garbage collector; apps embedded in tests do not.
    """
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store, pubsub = open_backends(settings)
        rooms = Rooms(settings, store, pubsub, games)
        await rooms.start()
        app.state.rooms = rooms
        try:
            async with collector_tuned(settings.gc_full_minutes if own_process else 0):
                yield
        finally:
            await rooms.close()

    app = FastAPI(
        title="gamenight",
        summary="Party table games in one room: each player on a phone, one table screen.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings

    install_error_handlers(app)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(assets.router)
    _plug_in_pages(app)
    return app


def _plug_in_pages(app: FastAPI) -> None:
    static = ROOT / "static"
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    if importlib.util.find_spec("app.routes.pages") is None:
        return
    pages = importlib.import_module("app.routes.pages")
    install = getattr(pages, "install", None)
    if install is not None:
        install(app)
    if hasattr(pages, "router"):
        app.include_router(pages.router)
