"""The decks a game can be dealt from, by name: for now the built-in Daydreams deck.

A deck is data (descriptors) plus a picture source; a host's own deck would register here the
same way, with its own descriptors and uploaded pictures instead of :func:`render`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rules.base import Asset
from rules.dixit.deck import Deck, load_cards
from rules.dixit.pictures import render

DAYDREAMS = Deck("daydreams", load_cards("daydreams"), render)
DECKS: Mapping[str, Deck] = MappingProxyType({DAYDREAMS.name: DAYDREAMS})
DEFAULT_DECK = DAYDREAMS.name


def asset(name: str) -> Asset | None:
    """The picture ``cards/<id>.svg`` of the built-in deck, or None for any other name."""
    folder, _, file = name.partition("/")
    card_id, dot, ext = file.rpartition(".")
    card = DAYDREAMS.by_id.get(card_id)
    if folder != "cards" or not dot or ext != "svg" or card is None or DAYDREAMS.picture is None:
        return None
    return Asset("image/svg+xml", DAYDREAMS.picture(card))
