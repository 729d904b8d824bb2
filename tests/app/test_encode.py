"""The broadcast encoder writes exactly the JSON of ``rules.base.jsonable`` for every view of
every registered game, even while it reuses remembered parts across consecutive states."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest

from app.encode import Encoder, plain
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


@dataclass(frozen=True)
class Board:
    tiles: tuple[Part, ...]


def test_a_board_that_grows_shrinks_or_changes_in_place_is_encoded_exactly() -> None:
    parts = [Part(str(i), frozenset({str(i)}), Colour.RED, i / 2) for i in range(20)]
    boards = [
        Board(tuple(parts[:10])),
        Board(tuple(parts[:12])),  # grew: the same objects, then two more
        Board(tuple(parts[:12]) + (Part("x", frozenset(), Colour.RED, 0.0),)),
        Board(tuple(parts[:9])),  # shrank
        # An equal but different object in the middle (1 == 1.0, but it is written "1").
        Board((*parts[:2], Part("2", frozenset({"2"}), Colour.RED, 1), *parts[3:15])),
        Board(tuple(parts[:15]) + tuple(parts[:5])),
    ]
    encoder = Encoder()
    for board in boards:
        encoder.rotate()
        expected = json.dumps(jsonable(board), separators=(",", ":"), ensure_ascii=False)
        assert encoder.encode(board) == expected


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_plain_equals_jsonable_for_every_action_of_whole_games(game_id: str) -> None:
    game = GAMES[game_id]
    players = [f"p{i}" for i in range(1, game.min_players + 2)][:game.max_players]
    rng = random.Random(3)
    state = game.start(players, 777, {})
    for _ in range(300):
        if game.outcome(state) is not None:
            break
        player = rng.choice(sorted(game.to_act(state)))
        action = game.bot_action(state, player)
        assert plain(action) == jsonable(action)
        assert json.dumps(plain(action)) == json.dumps(jsonable(action))  # same key order
        state = game.apply(state, player, action)


def test_plain_equals_jsonable_for_every_kind_of_value() -> None:
    value: Any = {
        "parts": (Part("a", frozenset({"z", "b"}), Colour.RED, 1.5),) * 2,
        "loose": Loose([1, 2]),
        "nested": {1: [None, True, False], "ü": "naïve"},
        "board": Board(()),
    }
    assert json.dumps(plain(value)) == json.dumps(jsonable(value))
    with pytest.raises(TypeError):
        plain(Part)  # a class is not data
