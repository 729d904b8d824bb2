"""A host's own pictures as Dixit cards: the measured features and caption put into words.

The app measures every uploaded picture (:class:`rules.base.Picture`: colour shares,
brightness, contrast, warmth, where its detail lies) and may carry the uploader's one-line
caption. Here each becomes a :class:`~rules.dixit.deck.Card` descriptor, so the bots read a
custom card with the very same tags, fits and clues (:mod:`rules.dixit.words`) as a drawn
one: the caption's words are its motifs (the first is the hero), its two strongest colours
follow, and brightness, saturation and warmth give its mood, light and ideas. Nothing here
is guessed from anything but the pixels and the caption.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from rules.base import Picture
from rules.dixit.deck import Card, Deck
from rules.dixit.decks import DAYDREAMS
from rules.dixit.words import words

#: The colour shares the app measures (``Picture.feature("blue")``…), as their words.
COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "teal", "blue", "purple",
                            "pink", "brown", "black", "white", "grey")
#: How many caption words become motifs (the rest still count through the title).
CAPTION_MOTIFS = 4


def _colours(picture: Picture) -> list[str]:
    """The picture's colours by share, strongest first (those covering at least a tenth)."""
    shares = sorted(((picture.feature(c), c) for c in COLOURS), reverse=True)
    return [c for share, c in shares if share >= 0.1][:2] or [shares[0][1]]


def _mood(picture: Picture) -> tuple[str, ...]:
    bright = picture.feature("brightness", 0.5)
    vivid = picture.feature("saturation", 0.3)
    contrast = picture.feature("contrast", 0.2)
    mood = ["dark" if bright < 0.3 else "bright" if bright > 0.65 else "soft"]
    mood.append("vivid" if vivid > 0.45 else "faded" if vivid < 0.15 else "calm")
    if contrast > 0.28:
        mood.append("dramatic")
    return tuple(mood)


def _light(picture: Picture) -> str:
    bright = picture.feature("brightness", 0.5)
    warm = picture.feature("warmth")
    if bright < 0.25:
        return "night"
    if bright < 0.45:
        return "dusk" if warm > 0.05 else "fog"
    return "glow" if warm > 0.12 else "day"


def _setting(picture: Picture) -> str:
    """A ground the colours suggest, from the lower half's brightness and the colours."""
    colours = _colours(picture)
    if "blue" in colours or "teal" in colours:
        return "sea" if picture.feature("bottom_brightness") < picture.feature(
            "top_brightness") else "clouds"
    if "green" in colours:
        return "forest"
    if "white" in colours and picture.feature("saturation") < 0.2:
        return "snow"
    if "orange" in colours or "yellow" in colours or "brown" in colours:
        return "desert"
    return "void" if picture.feature("brightness", 0.5) < 0.3 else "city"


def _focus(picture: Picture) -> str:
    x = picture.feature("focus_x", 0.5)
    return "left" if x < 0.4 else "right" if x > 0.6 else "centre"


def card_of(picture: Picture) -> Card:
    """The descriptor the bots read a host's picture by."""
    said = list(dict.fromkeys(words(picture.caption)))[:CAPTION_MOTIFS]
    colours = _colours(picture)
    warm = picture.feature("warmth")
    ideas = ("warmth",) if warm > 0.08 else ("cold",) if warm < -0.08 else ("balance",)
    return Card(
        id=picture.id, title=picture.caption, motifs=tuple(said + colours),
        mood=_mood(picture), ideas=ideas, palette="custom", light=_light(picture),
        setting=_setting(picture), focus=_focus(picture))


@lru_cache(maxsize=16)
def custom_deck(pictures: tuple[Picture, ...], mix: bool) -> Deck:
    """The deck of a game dealt from ``pictures`` (after the built-in ones when ``mix``)."""
    cards = tuple(card_of(p) for p in pictures)
    digest = hashlib.blake2b("|".join(p.id for p in pictures).encode(), digest_size=6)
    name = f"{'mixed' if mix else 'own'}-{digest.hexdigest()}"
    return Deck(name, DAYDREAMS.cards + cards if mix else cards)


def needed(players: int, hand: int, played: int) -> int:
    """Pictures a game needs: a hand each and one round's refills (what 12 players take of
    the 84 drawn ones)."""
    return players * hand + played

