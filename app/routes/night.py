"""The night's reading rooms: a viewer's move history of the game being played, and the
replays of the night's finished games (``/api/rooms/{code}/history``,
``/api/rooms/{code}/replays/{game}``).

A history is read as a seat or as the table: the seat's token comes in the ``Authorization``
header (``Bearer <token>``); without one the history is the table's. A replay exists only for
a game of this night that has ended (the current game while it is played answers 409
``game_in_progress``; any other id 404 ``unknown_replay``): the table's views move by move,
or, with ``?seat=<id>``, that seat's (its hand), which is no secret any more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from app import history
from app.actions import AnyGame
from app.decisions import seat_for_token
from app.deps import RoomDep
from app.protocol import AppError, ErrorBody
from app.registry import unavailable
from app.rooms import Room
from app.store import LogEntry, StoredRoom, StoreUnavailable
from app.tokens import hash_token
from rules.base import Picture, jsonable

router = APIRouter(prefix="/api/rooms/{code}", tags=["night"])

RESPONSES: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody}, 404: {"model": ErrorBody}, 409: {"model": ErrorBody},
    503: {"model": ErrorBody}}
Authorization = Annotated[str | None, Header()]


async def _stored(room: Room) -> StoredRoom:
    try:
        stored = await room.services.store.load(room.code)
    except StoreUnavailable as exc:
        raise unavailable(exc) from None
    if stored is None:
        raise AppError("unknown_room", f"Room {room.code} no longer exists.")
    return stored


async def _pictures(room: Room, game: AnyGame, options: Mapping[str, object]
                    ) -> tuple[Picture, ...]:
    """The host's pictures a game was dealt from (none for a game of built-in cards)."""
    try:
        await room.services.pictures.ensure(game, options)
    except StoreUnavailable as exc:
        raise unavailable(exc) from None
    return room.services.pictures.pictures(game, options)


@router.get("/history", responses=RESPONSES)
async def get_history(room: RoomDep, authorization: Authorization = None) -> dict[str, Any]:
    """The move history of the game being played (or just finished) as this viewer may read
    it: ``{version, game, entries: [{n, actor, key, params}]}``; ``entries`` is empty in the
    lobby. A token naming no seat of this room: 403 ``bad_token``."""
    stored = await _stored(room)
    record = stored.record
    viewer: str | None = None
    if authorization:
        token = authorization.removeprefix("Bearer ").strip()
        sender = seat_for_token(record, hash_token(token))
        if sender is None:
            raise AppError("bad_token", "This token is not valid for this room.")
        viewer = sender.player if sender.player in record.players else None
    game = room.services.games[record.game]
    entries: list[dict[str, Any]] = []
    if record.phase != "lobby" and record.seed is not None:
        pictures = await _pictures(room, game, record.options)
        played = history.Log(game, record.players, record.seed, record.options, stored.entries,
                             pictures)
        # The game's identity: a log of the same key grew from the one the room read last.
        entries = room.history_lines.read(
            played, (record.epoch, record.game, record.started_at, record.seed), viewer)
    return {"version": record.version, "game": record.game, "entries": entries}


@router.get("/replays/{game_id}", responses=RESPONSES)
async def get_replay(room: RoomDep, game_id: int,
                     seat: Annotated[str | None, Query(max_length=16)] = None
                     ) -> dict[str, Any]:
    """A finished game of this night, move by move: ``{id, game, title, players, names,
    viewer, frames: [{n, actor, line, view}], outcome}`` (``seat``: that seat's views)."""
    stored = await _stored(room)
    record = stored.record
    if game_id == record.started_at and record.phase == "playing":
        raise AppError("game_in_progress", "This game is still being played; its replay "
                                           "opens when it ends.")
    finished = next((g for g in record.night if g.started_at == game_id), None)
    if finished is None:
        raise AppError("unknown_replay", f"No finished game of tonight has the id {game_id}.")
    if seat is not None and seat not in finished.players:
        raise AppError("unknown_player", f"{seat!r} did not play that game.")
    entries: tuple[LogEntry, ...] | None
    if game_id == record.started_at and record.phase == "finished":
        entries = stored.entries
    else:
        try:
            entries = await room.services.store.archived(room.code, game_id)
        except StoreUnavailable as exc:
            raise unavailable(exc) from None
    if entries is None:
        raise AppError("unknown_replay", f"The log of game {game_id} is gone.")
    game = room.services.games[finished.game]
    pictures = await _pictures(room, game, finished.options)
    played = history.Log(game, finished.players, finished.seed, finished.options, entries,
                         pictures)
    shown, final = history.frames(played, seat)
    outcome = game.outcome(final)
    return {"id": game_id, "game": game.id, "title": game.title,
            "players": list(finished.players), "names": dict(finished.names), "viewer": seat,
            "frames": shown, "outcome": None if outcome is None else jsonable(outcome)}
