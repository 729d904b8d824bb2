"""The FastAPI application: ``create_app(settings)`` wires the store, the fan-out, the rooms and
the routers; the lifespan restores rooms before the first request and closes them last.

Pages are a plug-in: if ``app/routes/pages.py`` exists, its ``router`` is included (and its
``install(app)`` called, when it has one), and ``static/`` is served at ``/static``.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import importlib.util
import logging
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from app.config import Settings
from app.protocol import AppError
from app.pubsub import LocalPubSub, PubSub
from app.registry import Rooms
from app.routes import api, assets, ws
from app.store import SQLiteStore, Store
from rules.base import AnyGame

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent


def open_backends(settings: Settings) -> tuple[Store, PubSub]:
    """SQLite + in-process fan-out by default; Redis for both when ``redis_url`` is set."""
    if settings.redis_url:
        from app.redis_backend import RedisPubSub, RedisStore  # imported only when used

        return RedisStore(settings.redis_url), RedisPubSub(settings.redis_url)
    return SQLiteStore(settings.db), LocalPubSub()


#: New container objects (net of those freed) between two young-generation collections, in
#: place of Python's 700. See :func:`short_gc_pauses`.
YOUNG_COLLECTION_THRESHOLD = 50_000


async def short_gc_pauses(full_every: float, freeze_every: float = 1.0) -> None:
    """Keep Python's garbage collections from stalling every socket at once, and from costing
    CPU on every action.

    A full collection walks every tracked object: with thousands of sockets that is over a
    second, during which no message moves. So every ``freeze_every`` seconds the objects alive
    are moved out of the collector's sight (``gc.freeze``), and full collections only walk
    what is newer. Cyclic garbage among frozen objects is only found by the complete
    collection run every ``full_every`` seconds (one longer pause, rarely).

    Young collections are triggered by growth, not churn (:data:`YOUNG_COLLECTION_THRESHOLD`):
    an action replaces a room's state, views and log entry, all freed by reference counting,
    but at Python's threshold of 700 the collector ran every few actions and walked every one
    of them while they were alive (measured at 1,000 busy rooms: ~75 us of CPU per action, and
    pauses up to 90 ms in second-generation runs). The hot path makes next to no cyclic garbage
    (a complete collection after 16,000 actions found a few hundred objects), so collecting
    it less often costs no memory to speak of.
    """
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(freeze_every)
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()


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
        gc_task = None
        thresholds = gc.get_threshold()
        if own_process and settings.gc_full_minutes > 0:
            gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *thresholds[1:])
            gc_task = asyncio.get_running_loop().create_task(
                short_gc_pauses(settings.gc_full_minutes * 60))
        try:
            yield
        finally:
            if gc_task is not None:
                gc_task.cancel()
                gc.set_threshold(*thresholds)
                gc.unfreeze()
            await rooms.close()

    app = FastAPI(
        title="gamenight",
        summary="Party table games in one room: each player on a phone, one table screen.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings

    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError) -> JSONResponse:
        return JSONResponse({"code": exc.code, "message": exc.message, "detail": exc.message},
                            status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        names = all(tuple(e.get("loc", ()))[-1:] == ("name",) for e in errors)
        first = errors[0] if errors else {"msg": "invalid request", "loc": ()}
        where = ".".join(str(p) for p in first.get("loc", ())[1:])
        return JSONResponse(
            {"code": "bad_name" if names else "invalid_request",
             "message": f"{where}: {first.get('msg')}" if where else str(first.get("msg")),
             "detail": jsonable_errors(errors)},
            status_code=422)

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(assets.router)
    _plug_in_pages(app)
    return app


def jsonable_errors(errors: object) -> object:
    from fastapi.encoders import jsonable_encoder

    return jsonable_encoder(errors)


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
