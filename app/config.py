"""Settings, read once at start-up from ``GAMENIGHT_*`` environment variables and validated.

Every limit the server enforces lives here, so a deployment can tune it without code changes
and the tests can shrink it (``bot_delay=0``, a tiny join-attempt budget).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """The server's settings; each field ``x`` is read from ``GAMENIGHT_X``."""

    model_config = SettingsConfigDict(env_prefix="GAMENIGHT_", extra="ignore", frozen=True)

    host: str = Field(default="0.0.0.0",
                      description="Address to listen on (0.0.0.0 = every interface).")
    port: int = Field(default=8000, ge=0, le=65535, description="TCP port to listen on.")
    db: Path = Field(default=Path("data/gamenight.sqlite3"),
                     description="SQLite file holding every room's action log.")
    redis_url: str = Field(default="",
                           description="redis://… to share rooms between instances; empty = "
                                       "embedded SQLite store and in-process fan-out.")
    bot_delay: float = Field(default=1.2, ge=0, le=60,
                             description="Seconds a bot waits before moving, so people can follow.")
    timer_minimum: int = Field(default=10, ge=1, le=3600,
                               description="Shortest turn clock a host may set, in seconds "
                                           "(tests use 1).")
    idle_hours: float = Field(default=24, gt=0,
                              description="Rooms unchanged this long (and unwatched) are removed.")
    sweep_seconds: float = Field(default=300, gt=0,
                                 description="How often idle rooms are looked for.")
    max_message_bytes: int = Field(default=16 * 1024, ge=256,
                                   description="Largest WebSocket message accepted (close 1009).")
    messages_per_second: float = Field(default=20, gt=0,
                                       description="Messages a connection may send per second.")
    max_text: int = Field(default=280, ge=1,
                          description="Longest text inside an action (phrase, cue).")
    max_name: int = Field(default=24, ge=1, le=100, description="Longest player name.")
    rooms_per_address: int = Field(default=20, ge=1,
                                   description="Live rooms one client address may have created.")
    join_misses: int = Field(default=20, ge=1,
                             description="Lookups of unknown room or deck codes one address may "
                                         "make per window at full speed; beyond, each miss makes "
                                         "its next lookup wait (a live room's code is never "
                                         "refused).")
    join_window_seconds: float = Field(default=600, gt=0, description="Window for join_misses.")
    join_miss_delay_seconds: float = Field(default=30, gt=0,
                                           description="Longest wait after a miss beyond "
                                                       "join_misses (the first waits 1/32 of "
                                                       "it, doubling with each miss).")
    connections_per_room: int = Field(default=64, ge=1,
                                      description="Sockets one room accepts at once.")
    ws_deflate: bool = Field(default=False,
                             description="Compress WebSocket messages (permessage-deflate): "
                                         "less traffic, more CPU and ~tens of KiB per socket.")
    ws_ping_seconds: float = Field(default=20, ge=0,
                                   description="WebSocket keep-alive ping interval (0 = none).")
    presence_seconds: float = Field(default=10, gt=0,
                                    description="With several instances: how often each tells "
                                                "the others who is connected to it; one silent "
                                                "for three times this long is taken for gone.")
    gc_full_minutes: float = Field(default=10, ge=0,
                                   description="Minutes between complete garbage collections; "
                                               "in between, long-lived objects are frozen so "
                                               "collections stay short (0: Python's default).")
    log_level: str = Field(default="info", description="uvicorn and app log level.")
    redis_timeout: float = Field(default=2, gt=0,
                                 description="Seconds a Redis call may take before it fails "
                                             "(and is retried).")
    redis_retries: int = Field(default=3, ge=0,
                               description="Retries of a Redis call that failed to connect or "
                                           "timed out, with exponential backoff; a stale pooled "
                                           "connection after a Redis restart is replaced so.")
    redis_durability: Literal["strict", "relaxed"] = Field(
        default="strict",
        description="strict: refuse to start unless Redis has appendonly yes and appendfsync "
                    "always (every acknowledged move is on disk); relaxed: start anyway, and "
                    "risk losing the last moves on a Redis crash (the rooms are then rebased).")
    lease_seconds: float = Field(default=2, gt=0,
                                 description="With several instances: how long an instance's "
                                             "claim to drive a room's bots (and timers) lasts "
                                             "unless renewed; another instance takes over "
                                             "within about this long after it dies.")
    check_seconds: float = Field(default=5, gt=0,
                                 description="With several instances: how often the versions "
                                             "of rooms with sockets here are checked against "
                                             "the store, so that a change notice that was "
                                             "lost is repaired.")
    room_linger_seconds: float = Field(default=30, ge=0,
                                       description="How long a room with no socket and nothing "
                                                   "due stays in memory before it is dropped "
                                                   "(it is loaded again when needed).")
    trusted_proxies: str = Field(default="127.0.0.1",
                                 description="Comma-separated addresses (or *) of the proxies "
                                             "whose X-Forwarded-For header names the client "
                                             "address used for per-address limits.")
    picture_max_bytes: int = Field(default=10 * 1024 * 1024, ge=1024,
                                   description="Largest picture file a host may upload "
                                               "(picture_too_big).")
    picture_max_pixels: int = Field(default=50_000_000, ge=1,
                                    description="Most pixels an uploaded picture may have, "
                                                "read from its header before decoding "
                                                "(picture_too_large: decompression bombs).")
    picture_long_side: int = Field(default=1024, ge=64, le=4096,
                                   description="Long side, in pixels, pictures are resized to "
                                               "(and re-encoded as WebP).")
    deck_max_pictures: int = Field(default=200, ge=1,
                                   description="Most pictures in a host's own deck (deck_full).")
    max_caption: int = Field(default=80, ge=1, le=280,
                             description="Longest caption of an uploaded picture.")
    deck_expiry_days: float = Field(default=30, gt=0,
                                    description="A deck nobody used for this many days is "
                                                "removed with its pictures (keep it above "
                                                "idle_hours).")
