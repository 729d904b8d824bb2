"""The broadcast encoder writes exactly the JSON of ``rules.base.jsonable`` for every view of
every registered game, even while it reuses remembered parts across consecutive states."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest

from app.encode import Encoder
from rules import GAMES
from rules.base import jsonable


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_encoded_views_equal_jsonable_views_through_whole_games(game_id: str) -> None:
    game = GAMES[game_id]
    players = [f"p{i}" for i in range(1, min(game.max_players, 4) + 1)]
    if len(players) < game.min_players:
        players = [f"p{i}" for i in range(1, game.min_players + 1)]
    encoder = Encoder()
    rng = random.Random(7)
    state = game.start(players, 12345, {})
    for _ in range(400):
        encoder.rotate()
        for viewer in (None, *players):
            view = game.view(state, viewer)
            assert json.loads(encoder.encode(view)) == jsonable(view)
        outcome = game.outcome(state)
        if outcome is not None:
            assert json.loads(encoder.encode(outcome)) == jsonable(outcome)
            break
        player = rng.choice(sorted(game.to_act(state)))
        state = game.apply(state, player, game.bot_action(state, player))


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Part:
    name: str
    tags: frozenset[str]
    colour: Colour
    score: float


@dataclass
class Loose:
    items: list[int]


def test_the_encoder_handles_every_kind_of_view_data() -> None:
    value: Any = {
        "parts": (Part("a", frozenset({"z", "b"}), Colour.RED, 1.5),) * 2,
        "loose": Loose([1, 2]),
        "nested": {1: [None, True, False], "ü": "naïve \"quoted\"\n"},
    }
    encoder = Encoder()
    assert json.loads(encoder.encode(value)) == jsonable(value)
    value["loose"].items.append(3)  # mutable parts are never remembered
    assert json.loads(encoder.encode(value)) == jsonable(value)
    with pytest.raises(TypeError):
        encoder.encode(object())
