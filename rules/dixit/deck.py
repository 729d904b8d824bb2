"""The Dixit deck as data: one descriptor per card, plus where its picture comes from.

A **descriptor** says what a picture shows, in words a renderer and a bot can both use:

- ``motifs``: the things in the scene, the main one (the **hero**) first. An entry may name a
  placement after ``@`` (``"moon@top"``: the moon sits on top of the hero; see
  :data:`PLACEMENTS`).
- ``mood`` and ``ideas``: what the picture feels like and what it could stand for.
- ``palette``, ``light``, ``setting``: colours, lighting and the ground the scene stands on.
- ``focus``, ``horizon``, ``scale``: composition (where the hero stands, where the horizon
  lies, how big the hero is).

A **deck** is those descriptors plus a source of pictures, so a host's own deck can later be
added as data (descriptors with tags) and a picture source (uploaded images) without touching
the engine, which only ever sees card ids.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType

#: Where a secondary motif may stand relative to the hero (no ``@``: chosen by its kind).
PLACEMENTS: frozenset[str] = frozenset(
    {"top", "in", "base", "left", "right", "far", "sky", "float", "water"})
FOCUSES: tuple[str, ...] = ("left", "centre", "right")
HORIZONS: tuple[str, ...] = ("low", "mid", "high")
SCALES: tuple[str, ...] = ("small", "medium", "large", "giant")


@dataclass(frozen=True)
class Card:
    """One picture's descriptor (see the module docstring for the fields)."""

    id: str
    title: str
    motifs: tuple[str, ...]
    mood: tuple[str, ...]
    ideas: tuple[str, ...]
    palette: str
    light: str
    setting: str
    focus: str = "centre"
    horizon: str = "mid"
    scale: str = "large"

    @property
    def things(self) -> tuple[str, ...]:
        """The motif names without placements, hero first."""
        return tuple(m.split("@")[0] for m in self.motifs)


@dataclass(frozen=True)
class Deck:
    """A named set of cards and the function that draws a card's picture as SVG text."""

    name: str
    cards: tuple[Card, ...]
    picture: Callable[[Card], str] | None = None
    by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", MappingProxyType({c.id: c for c in self.cards}))

    def __hash__(self) -> int:
        # A deck's name names its cards (a custom deck's carries a digest of them), so the
        # caches keyed by deck never hash hundreds of cards on every lookup.
        return hash(self.name)

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        return self  # immutable: a copy is the deck itself

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)


def card_from_data(data: Mapping[str, object]) -> Card:
    """Return the card a JSON object describes (lists become tuples)."""
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return Card(**fields)  # type: ignore[arg-type]


def load_cards(name: str) -> tuple[Card, ...]:
    """Read the descriptors shipped as ``rules/data/dixit_<name>.json`` (once, at import)."""
    text = (resources.files("rules") / "data" / f"dixit_{name}.json").read_text("utf-8")
    return tuple(card_from_data(c) for c in json.loads(text)["cards"])
