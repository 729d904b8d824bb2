"""A host's own picture deck over HTTP, and the pictures themselves.

- ``GET /deck/{room}``: the deck the room's host builds (its code, its pictures, how many
  each player count needs); host only (``Authorization: Bearer <host or seat token>``).
- ``POST /deck/{room}/pictures?caption=…``: one picture, the request body being the file
  itself (so a phone shows each file's progress, and a refusal names that file only). The
  first one makes the deck. ``picture_too_big`` (413), ``not_a_picture``,
  ``picture_too_large``, ``deck_full``; the room and the deck stay as they were.
- ``DELETE /deck/{room}/pictures/{id}``: take one out (before the game starts);
  ``PUT /deck/{room}/pictures/{id}?caption=…``: change its caption.
- ``POST /deck/{room}/use?deck=K7PM-3QXD``: bring a deck made in another room or night
  (``unknown_deck``; a wrong code counts against the caller's address as a wrong room code
  does, :mod:`app.guesses`, so deck codes cannot be tried at random either: beyond the
  budget each lookup waits, a flood is ``too_many_attempts``);
  ``DELETE /deck/{room}``: play with ours again (the deck is kept, under its code).
- ``GET /pictures/{id}.webp``: a picture, public and immutable (its name is its hash).

Every change to a deck sets the room's deck option through the room's change path
(:func:`app.decisions.set_options`), so it is host-only and lobby-only there too, and every
phone's lobby sees the new count. These routes live outside ``/api/``: their bodies are
files, not the JSON the API's bounded reader checks.
"""

from __future__ import annotations

import contextlib
import time
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response
from pydantic import BaseModel

from app import decisions
from app.decisions import NoChange, Sender, is_host, seat_for_token
from app.decks import DeckState, PictureDecks, option_of, room_key
from app.deps import AddressDep, RoomDep, RoomsDep
from app.pictures import is_picture_id
from app.protocol import AppError, ErrorBody
from app.rooms import Room
from app.tokens import hash_token

router = APIRouter(tags=["decks"])

CACHE_CONTROL = "public, max-age=31536000, immutable"
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (403, 404, 409, 413, 422, 429)}


class PictureInfo(BaseModel):
    id: str
    caption: str
    url: str


class DeckInfo(BaseModel):
    """A deck as its host sees it. ``code`` is the host's key to the deck (None before the
    first picture); ``needed`` maps each player count to the pictures a game needs without
    ours mixed in; ``in_use``: the room's game would be dealt from this deck now."""

    code: str | None
    pictures: list[PictureInfo]
    needed: dict[str, int]
    max_pictures: int
    max_bytes: int
    in_use: bool


async def get_decks(request: Request) -> PictureDecks:
    decks: PictureDecks = request.app.state.decks
    return decks


DecksDep = Annotated[PictureDecks, Depends(get_decks)]


async def _own_deck(room: Room, decks: PictureDecks) -> DeckState:
    deck = await decks.room_deck(_key(room))
    if deck is None:
        raise AppError("unknown_picture", "This room has no deck of its own.")
    return deck


def _key(room: Room) -> str:
    return room_key(room.code, room.record.created_at)


def _host(room: Room, authorization: str | None) -> Sender:
    """The sender the bearer token makes, if they host ``room``; else not_host/bad_token."""
    option_of(room.game)
    scheme, _, token = (authorization or "").partition(" ")
    sender = seat_for_token(room.record, hash_token(token)) if scheme == "Bearer" else None
    if sender is None:
        raise AppError("bad_token", "This token names no seat of this room.")
    if not is_host(room.record, sender):
        raise AppError("not_host", "Only the host can change the pictures.")
    return sender


def _info(room: Room, decks: PictureDecks, deck: DeckState | None) -> DeckInfo:
    game = room.game
    spec = game.picture_deck
    assert spec is not None
    options = {**room.record.options, "mix": False}
    needed = {str(n): spec.needed(n, options)
              for n in range(game.min_players, game.max_players + 1)}
    pictures = deck.pictures if deck else ()
    current = room.record.options.get(spec.option, "")
    settings = decks.settings
    return DeckInfo(
        code=deck.code if deck else None,
        pictures=[PictureInfo(id=p.id, caption=p.caption, url=f"/pictures/{p.id}.webp")
                  for p in pictures],
        needed=needed, max_pictures=settings.deck_max_pictures,
        max_bytes=settings.picture_max_bytes,
        in_use=deck is not None and bool(deck.snapshot) and current == deck.snapshot)


async def _play_from(room: Room, sender: Sender, decks: PictureDecks, snapshot: str,
                     deck: DeckState | None) -> DeckInfo:
    """Set the room's deck option to ``snapshot`` (host and lobby checked there too), and
    answer with ``deck``."""
    option = option_of(room.game)
    with contextlib.suppress(NoChange):
        await room.mutate(partial(decisions.set_options, sender=sender,
                                  options={option: snapshot}, now=time.time()))
    return _info(room, decks, deck)


def _changer(room: Room, authorization: str | None) -> Sender:
    """The host, before the game starts: who may change the room's pictures."""
    sender = _host(room, authorization)
    if room.record.phase == "playing":
        raise AppError("not_in_lobby", "The pictures can change only before the game starts.")
    return sender


@router.get("/deck/{code}", responses=ERRORS)
async def get_deck(room: RoomDep, decks: DecksDep,
                   authorization: Annotated[str | None, Header()] = None) -> DeckInfo:
    """The deck the room's host builds (host only)."""
    _host(room, authorization)
    return _info(room, decks, await decks.room_deck(_key(room)))


@router.post("/deck/{code}/pictures", status_code=201, responses=ERRORS)
async def add_picture(room: RoomDep, decks: DecksDep, request: Request, caption: str = "",
                      authorization: Annotated[str | None, Header()] = None) -> DeckInfo:
    """Add one picture (the body is the file); the first one makes the room's deck."""
    sender = _changer(room, authorization)
    text = decks.caption(caption)
    data = await _read_file(request, decks.settings.picture_max_bytes)
    picture = await decks.process(data)
    code = await decks.room_deck_made(_key(room))
    deck = await decks.add(code, picture, text)
    return await _play_from(room, sender, decks, deck.snapshot, deck)


@router.delete("/deck/{code}/pictures/{picture}", responses=ERRORS)
async def remove_picture(room: RoomDep, decks: DecksDep, picture: str,
                         authorization: Annotated[str | None, Header()] = None) -> DeckInfo:
    """Take a picture out of the room's deck (before the game starts)."""
    sender = _changer(room, authorization)
    deck = await _own_deck(room, decks)
    deck = await decks.remove(deck.code, picture)
    return await _play_from(room, sender, decks, deck.snapshot, deck)


@router.put("/deck/{code}/pictures/{picture}", responses=ERRORS)
async def caption_picture(room: RoomDep, decks: DecksDep, picture: str, caption: str = "",
                          authorization: Annotated[str | None, Header()] = None) -> DeckInfo:
    """Set a picture's caption (one line; empty for none), before the game starts."""
    sender = _changer(room, authorization)
    text = decks.caption(caption)
    deck = await _own_deck(room, decks)
    deck = await decks.recaption(deck.code, picture, text)
    return await _play_from(room, sender, decks, deck.snapshot, deck)


@router.post("/deck/{code}/use", responses=ERRORS)
async def use_deck(room: RoomDep, decks: DecksDep, rooms: RoomsDep, address: AddressDep,
                   deck: str, authorization: Annotated[str | None, Header()] = None
                   ) -> DeckInfo:
    """Bring the deck with code ``deck`` (made in another room or on another night). A code
    that names no deck counts as a wrong guess of the caller's address."""
    sender = _changer(room, authorization)
    found = await rooms.guesses.attempt(address, partial(decks.deck, deck), "unknown_deck")
    await decks.bind(_key(room), found.code)
    return await _play_from(room, sender, decks, found.snapshot, found)


@router.delete("/deck/{code}", responses=ERRORS)
async def leave_deck(room: RoomDep, decks: DecksDep,
                     authorization: Annotated[str | None, Header()] = None) -> DeckInfo:
    """Play with the built-in pictures again (the deck itself is kept under its code)."""
    sender = _changer(room, authorization)
    return await _play_from(room, sender, decks, "", await decks.room_deck(_key(room)))


@router.get("/pictures/{name}", responses={404: {"model": ErrorBody}})
async def picture(name: str, request: Request, decks: DecksDep) -> Response:
    """A deck's picture (WebP, no metadata), cached for a year: its name is its hash."""
    stem, dot, ext = name.partition(".")
    if ext != "webp" or not is_picture_id(stem):
        raise AppError("unknown_picture", "There is no such picture.")
    etag = f'"{stem}"'
    headers = {"Cache-Control": CACHE_CONTROL, "ETag": etag,
               "X-Content-Type-Options": "nosniff"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    body = await decks.store.picture(stem)
    if body is None:
        raise AppError("unknown_picture", "There is no such picture (or it expired).")
    return Response(body, media_type="image/webp", headers=headers)


async def _read_file(request: Request, limit: int) -> bytes:
    """The request body, refused as ``picture_too_big`` once it passes ``limit`` bytes (the
    rest is never read)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise AppError("picture_too_big", f"A picture may be at most {limit // 1048576} MB.")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise AppError("picture_too_big", f"A picture may be at most {limit // 1048576} MB.")
        chunks.append(chunk)
    if not size:
        raise AppError("not_a_picture", "The upload was empty.")
    return b"".join(chunks)
