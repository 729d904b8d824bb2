"""The FastAPI application: ``create_app(settings)`` wires the store, the fan-out, the rooms and
the routers; the lifespan restores rooms before the first request and closes them last.

Pages are a plug-in: if ``app/routes/pages.py`` exists, its ``router`` is included (and its
``install(app)`` called, when it has one), and ``static/`` is served at ``/static``.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import logging
import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from app.actions import AnyGame
from app.config import Settings
from app.deck_store import DeckStore, RedisDecks, SQLiteDecks
from app.decks import PictureDecks
from app.errors import install_error_handlers
from app.feed import ChangeFeed, NoFeed
from app.gc_policy import collector_tuned
from app.guesses import GuessBook
from app.leases import Holders, Leases, LocalLeases, NoHolders
from app.metrics import Metrics
from app.pubsub import LocalPubSub, PubSub
from app.registry import Rooms, _every
from app.routes import api, assets, decks, night, ops, ws
from app.store import SQLiteStore, Store

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Backends:
    """What the rooms are kept in and how instances hear each other."""

    store: Store
    pubsub: PubSub
    feed: ChangeFeed
    leases: Leases
    holders: Holders
    decks: DeckStore
    guess_book: GuessBook | None = None


def open_backends(settings: Settings, instance: str) -> Backends:
    """SQLite and nothing shared by default; Redis for all of it when ``redis_url`` is set."""
    if not settings.redis_url:
        return Backends(SQLiteStore(settings.db), LocalPubSub(), NoFeed(), LocalLeases(),
                        NoHolders(), SQLiteDecks(settings.db))
    from app import redis_backend as rb  # imported only when used

    url, timeout, retries = settings.redis_url, settings.redis_timeout, settings.redis_retries
    hold = 3 * settings.presence_seconds  # claims are repeated every presence period
    store = rb.RedisStore(url, timeout, retries, instance, hold)
    return Backends(store, rb.RedisPubSub(url, timeout, retries),
                    rb.RedisChanges(url, instance, timeout, retries),
                    rb.RedisLeases(store.client, instance, settings.lease_seconds),
                    rb.RedisHolders(store.client, instance, hold),
                    RedisDecks(store.client, settings.deck_expiry_days * 86400),
                    rb.RedisGuessBook(store.client, settings.join_window_seconds))


async def check_backends(settings: Settings, backends: Backends) -> None:
    """Refuse to start on a Redis that may lose acknowledged moves, unless told to."""
    if not settings.redis_url:
        return
    from app import redis_backend as rb

    assert isinstance(backends.store, rb.RedisStore)
    problem = await rb.check_durability(backends.store.client)
    if problem is None:
        return
    if settings.redis_durability == "relaxed":
        log.warning("Redis may lose the last moves on a crash: %s (GAMENIGHT_REDIS_DURABILITY="
                    "relaxed)", problem)
        return
    raise RuntimeError(
        f"Refusing to start: Redis may lose acknowledged moves, because {problem}. Run Redis "
        "with `appendonly yes` and `appendfsync always`, or set "
        "GAMENIGHT_REDIS_DURABILITY=relaxed to accept the risk.")


class GamenightApp(FastAPI):
    """FastAPI, with WebSocket sessions handed straight to :func:`app.routes.ws.session`,
    past the HTTP middleware and the router (each layer stays suspended in a session for as
    long as its socket is open; see that module)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope["app"] = self
            await ws.session(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


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
        instance = secrets.token_hex(6)
        backends = open_backends(settings, instance)
        await check_backends(settings, backends)
        app.state.decks = picture_decks = PictureDecks(backends.decks, settings)
        rooms = Rooms(settings, backends.store, backends.pubsub, games, feed=backends.feed,
                      leases=backends.leases, holders=backends.holders, metrics=Metrics(),
                      instance=instance, guess_book=backends.guess_book,
                      pictures=picture_decks)
        await rooms.start()
        app.state.rooms = rooms
        expiry = asyncio.get_running_loop().create_task(
            _every(settings.sweep_seconds, picture_decks.expire, "deck expiry"))
        try:
            async with collector_tuned(settings.gc_full_minutes if own_process else 0):
                yield
        finally:
            expiry.cancel()
            await rooms.close()
            await backends.decks.close()

    app = GamenightApp(
        title="gamenight",
        summary="Party table games in one room: each player on a phone, one table screen.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings

    install_error_handlers(app)
    app.include_router(api.router)
    app.include_router(night.router)
    app.include_router(assets.router)
    app.include_router(decks.router)
    app.include_router(ops.router)
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
