"""Hosts' own picture decks, for any game that declares it takes one (``Game.picture_deck``).

A host adds pictures one upload at a time; each is processed (:mod:`app.pictures`), stored,
and added to the deck as a new immutable **snapshot** (:mod:`app.deck_store`). The room's
option named by the game's :class:`~rules.base.PictureDeck` then holds that snapshot's id,
through the room's one change path, so everyone's lobby sees the count and the game is
dealt from exactly that snapshot — a game replayed after a restart, on any instance, finds
the same pictures. The **deck code** (``K7PM-3QXD``) is the host's key to bring the deck to
another room or another night; it is never shown to anyone but the room's host.

:class:`PictureDecks` is also what rooms ask for a game's pictures: :meth:`ensure` loads a
snapshot (awaited before a room is replayed or changed), :meth:`pictures` then answers at
once, so the pure decisions and replays never wait on the store.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from app.actions import AnyGame
from app.config import Settings
from app.deck_store import DeckStore
from app.pictures import Processed, process
from app.protocol import AppError
from app.text import clean_name
from rules.base import Picture

log = logging.getLogger(__name__)

#: Deck codes: 8 letters and digits that cannot be mistaken for one another, in two groups.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Snapshots kept in memory (a few KB each; a room holds one).
CACHED = 512
#: How often one deck's last use is written down at most (seconds).
TOUCH_EVERY = 3600.0
#: Uploads decoded at once in this process (each may take a few hundred MB while it lasts).
DECODERS = 2


class PictureSource(Protocol):
    """What a room asks of the decks: load what a game's options name, then read it."""

    async def ensure(self, game: AnyGame, options: Mapping[str, object]) -> None: ...
    def pictures(self, game: AnyGame, options: Mapping[str, object]) -> tuple[Picture, ...]: ...


class NoPictures:
    """The source of a server without decks (tests building rooms by hand)."""

    async def ensure(self, game: AnyGame, options: Mapping[str, object]) -> None:
        return None

    def pictures(self, game: AnyGame, options: Mapping[str, object]) -> tuple[Picture, ...]:
        return ()


@dataclass(frozen=True)
class DeckState:
    """A deck as its host sees it: its code, its snapshot id and its pictures in order."""

    code: str
    snapshot: str
    pictures: tuple[Picture, ...]


def normal_code(code: str) -> str:
    """A deck code as typed (any case, with or without the dash) in its one spelling."""
    plain = "".join(ch for ch in code.upper() if ch.isalnum())
    return f"{plain[:4]}-{plain[4:]}" if len(plain) == CODE_LENGTH else plain


def snapshot_body(pictures: tuple[Picture, ...]) -> str:
    return json.dumps({"pictures": [{"id": p.id, "features": [list(f) for f in p.features],
                                     "caption": p.caption} for p in pictures]},
                      separators=(",", ":"), sort_keys=True)


def snapshot_id(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()[:24]


def parse_snapshot(body: str) -> tuple[Picture, ...]:
    data = json.loads(body)
    return tuple(Picture(p["id"], tuple((str(k), float(v)) for k, v in p["features"]),
                         p["caption"]) for p in data["pictures"])


def _known(pictures: tuple[Picture, ...], picture_id: str) -> None:
    if all(p.id != picture_id for p in pictures):
        raise AppError("unknown_picture", "This deck has no such picture.")


def room_key(code: str, created_at: float) -> str:
    """What a room's deck is kept under: its code and when it was made (a code is given to a
    new room once the old one is gone, and must not bring the old host's deck with it)."""
    return f"{code}@{created_at!r}"


def option_of(game: AnyGame) -> str:
    """The option holding a game's deck; ``no_picture_deck`` for a game that takes none."""
    if game.picture_deck is None:
        raise AppError("no_picture_deck", f"{game.title} is not played with your own pictures.")
    return game.picture_deck.option


def refuse_deck_option(game: AnyGame, options: Mapping[str, object]) -> None:
    """A client never sets the deck option itself: it is the snapshot its uploads made."""
    if game.picture_deck is not None and game.picture_deck.option in options:
        raise AppError("bad_option", f"Option {game.picture_deck.option!r} is set by adding "
                                     "pictures, not directly.")


class PictureDecks:
    """Decks in their store, and the snapshots rooms play from, cached."""

    def __init__(self, store: DeckStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._cache: OrderedDict[str, tuple[Picture, ...]] = OrderedDict()
        self._touched: dict[str, float] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._decoders = asyncio.Semaphore(DECODERS)

    # --- what rooms ask -----------------------------------------------------------------

    async def ensure(self, game: AnyGame, options: Mapping[str, object]) -> None:
        if game.picture_deck is None:
            return
        wanted = options.get(game.picture_deck.option)
        if isinstance(wanted, str) and wanted:
            await self.load(wanted)

    def pictures(self, game: AnyGame, options: Mapping[str, object]) -> tuple[Picture, ...]:
        if game.picture_deck is None:
            return ()
        wanted = options.get(game.picture_deck.option)
        return self._cache.get(wanted, ()) if isinstance(wanted, str) else ()

    async def load(self, snapshot: str, deck: str | None = None) -> tuple[Picture, ...]:
        """The pictures of ``snapshot`` ("" is the empty deck; a missing one is empty)."""
        if not snapshot:
            return ()
        found = self._cache.get(snapshot)
        if found is None:
            body = await self.store.snapshot(snapshot)
            if body is None:
                return ()
            found = parse_snapshot(body)
            self._remember(snapshot, found)
        else:
            self._cache.move_to_end(snapshot)
        await self._touch(deck, snapshot, found)
        return found

    def _remember(self, snapshot: str, pictures: tuple[Picture, ...]) -> None:
        self._cache[snapshot] = pictures
        while len(self._cache) > CACHED:
            self._cache.popitem(last=False)

    async def _touch(self, deck: str | None, snapshot: str, pictures: tuple[Picture, ...],
                     force: bool = False) -> None:
        now = time.time()
        key = f"{deck}/{snapshot}"
        if not force and now - self._touched.get(key, 0.0) < TOUCH_EVERY:
            return
        if len(self._touched) > CACHED * 8:
            self._touched.clear()
        self._touched[key] = now
        await self.store.touch(deck, snapshot, [p.id for p in pictures], now)

    # --- what hosts do ------------------------------------------------------------------

    async def deck(self, code: str) -> DeckState:
        """The deck ``code`` names; ``unknown_deck`` if none (or it expired)."""
        code = normal_code(code)
        snapshot = await self.store.deck(code)
        if snapshot is None:
            raise AppError("unknown_deck", f"There is no deck {code!r} (unused decks are "
                                           f"removed after {self.settings.deck_expiry_days:g} "
                                           f"days).")
        return DeckState(code, snapshot, await self.load(snapshot, code))

    async def new_deck(self) -> str:
        while True:
            raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            code = normal_code(raw)
            if await self.store.create_deck(code, time.time()):
                return code

    async def room_deck(self, room: str) -> DeckState | None:
        """The deck the host of ``room`` builds (None before the first picture); ``room`` is
        :func:`room_key`, never the bare code (codes are reused once a room is gone)."""
        code = await self.store.room_deck(room)
        if code is None:
            return None
        try:
            return await self.deck(code)
        except AppError:
            return None  # expired

    async def bind(self, room: str, code: str) -> None:
        await self.store.set_room_deck(room, code, time.time())

    async def room_deck_made(self, room: str) -> str:
        """The code of ``room``'s deck, made now if it has none (two first uploads at once
        agree on one)."""
        found = await self.store.room_deck(room)
        if found is not None and await self.store.deck(found) is not None:
            return found
        made = await self.new_deck()
        if found is not None:  # its deck expired: start afresh
            await self.bind(room, made)
            return made
        return await self.store.claim_room_deck(room, made, time.time())

    def caption(self, raw: str) -> str:
        """A caption as kept: one line of at most ``max_caption`` characters; ``bad_caption``."""
        if not raw.strip():
            return ""
        try:
            return clean_name(raw, self.settings.max_caption)
        except AppError:
            raise AppError("bad_caption", f"A caption is one line of at most "
                                          f"{self.settings.max_caption} characters.") from None

    async def process(self, data: bytes) -> Processed:
        """``data`` checked and made safe, in a worker thread (a few at a time)."""
        async with self._decoders:
            return await asyncio.to_thread(
                process, data, max_pixels=self.settings.picture_max_pixels,
                long_side=self.settings.picture_long_side)

    async def add(self, code: str, picture: Processed, caption: str) -> DeckState:
        """``picture`` added to deck ``code`` (a picture already in it stays once)."""
        await self.store.put_picture(picture.id, picture.body, time.time())
        entry = Picture(picture.id, picture.features, caption)

        def added(pictures: tuple[Picture, ...]) -> tuple[Picture, ...]:
            if any(p.id == entry.id for p in pictures):
                return pictures
            if len(pictures) >= self.settings.deck_max_pictures:
                raise AppError("deck_full", f"A deck holds at most "
                                            f"{self.settings.deck_max_pictures} pictures.")
            return (*pictures, entry)

        return await self._change(code, added)

    async def recaption(self, code: str, picture_id: str, caption: str) -> DeckState:
        """Give a picture of the deck a new caption (what the bots read besides its pixels)."""
        def changed(pictures: tuple[Picture, ...]) -> tuple[Picture, ...]:
            _known(pictures, picture_id)
            return tuple(Picture(p.id, p.features, caption) if p.id == picture_id else p
                         for p in pictures)

        return await self._change(code, changed)

    async def remove(self, code: str, picture_id: str) -> DeckState:
        def removed(pictures: tuple[Picture, ...]) -> tuple[Picture, ...]:
            _known(pictures, picture_id)
            return tuple(p for p in pictures if p.id != picture_id)

        return await self._change(code, removed)

    async def _change(self, code: str, edit: Any) -> DeckState:
        """Apply ``edit`` to the deck's pictures as a new snapshot, compare-and-set (another
        upload, here or on another instance, may land first: then edit again)."""
        # One change at a time per deck here (a lock per deck used: a few bytes each).
        async with self._locks.setdefault(code, asyncio.Lock()):
            while True:
                current = await self.deck(code)
                pictures = edit(current.pictures)
                if pictures == current.pictures:
                    return current
                now = time.time()
                body = snapshot_body(pictures)
                made = snapshot_id(body) if pictures else ""
                if made:
                    await self.store.put_snapshot(made, body, [p.id for p in pictures], now)
                    self._remember(made, pictures)
                if await self.store.swap_deck(current.code, current.snapshot, made, now):
                    if made:
                        await self._touch(current.code, made, pictures, force=True)
                    return DeckState(current.code, made, pictures)

    async def expire(self) -> int:
        """Remove the decks (and pictures) unused for ``deck_expiry_days``."""
        cutoff = time.time() - self.settings.deck_expiry_days * 86400
        gone = await self.store.expire(cutoff)
        if gone:
            log.info("%d unused decks removed", gone)
        return gone
