"""The contract's own machinery (rules/base.py): typed options, action kinds, and the checks a
Game makes of its declaration when it is made."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

import pytest

from rules.base import BadSetup, Game, Option, Outcome, PlayerId, option, options_of


@dataclass(frozen=True)
class Options:
    speed: Literal["slow", "fast"] = option("slow", "How fast.", choices=("slow", "fast"))
    rounds: int = option(3, "How many rounds.", minimum=1, maximum=9)
    hints: bool = option(False, "Whether hints are shown.")


@dataclass(frozen=True)
class Go:
    kind: Literal["go"] = "go"


@dataclass(frozen=True)
class Stop:
    kind: Literal["stop"] = "stop"


@dataclass(frozen=True)
class View:
    your_turn: bool
    allowed: tuple[str, ...]


def _game(**changes: Any) -> Game[Options, Go | Stop, View, Options, Literal["done"]]:
    def outcome(state: Options) -> Outcome[Literal["done"]] | None:
        return None

    def legal(state: Options, player: PlayerId) -> list[Go | Stop]:
        return [Go()]

    game: Game[Options, Go | Stop, View, Options, Literal["done"]] = Game(
        id="toy", title="Toy", blurb="A toy.", min_players=1, max_players=2,
        options_type=Options, actions=(Go, Stop), reasons=("done",),
        setup=lambda players, seed, options: options, apply=lambda state, player, a: state,
        view=lambda state, viewer: View(False, ()), outcome=outcome, legal_actions=legal,
        bot_action=lambda state, player: Go(), to_act=lambda state: frozenset(),
        host_actions=frozenset({"stop"}))
    return replace(game, **changes) if changes else game


def test_options_are_declared_by_the_dataclass_fields_in_order() -> None:
    assert options_of(Options) == (
        Option("speed", "slow", "How fast.", choices=("slow", "fast")),
        Option("rounds", 3, "How many rounds.", minimum=1, maximum=9),
        Option("hints", False, "Whether hints are shown."),
    )
    assert _game().options == options_of(Options)


def test_the_engine_gets_the_options_checked_and_complete() -> None:
    game = _game()
    assert game.start(["p1"], 1, {"rounds": 5}) == Options("slow", 5, False)
    assert game.typed_options({"speed": "fast", "hints": True}) == Options("fast", 3, True)
    assert game.resolve_options({"rounds": 9}) == {"speed": "slow", "rounds": 9, "hints": False}


@pytest.mark.parametrize(("given", "code", "message"), [
    ({"pace": "fast"}, "unknown_option", "There is no option called 'pace'."),
    ({"speed": "warp"}, "bad_option", "Option 'speed' must be one of slow, fast, not 'warp'."),
    ({"rounds": 10}, "bad_option", "Option 'rounds' must be between 1 and 9, not 10."),
    ({"rounds": True}, "bad_option", "Option 'rounds' must be a whole number, not True."),
    ({"hints": 1}, "bad_option", "Option 'hints' must be true or false, not 1."),
])
def test_bad_options_are_refused_with_their_code(given: dict[str, object], code: str,
                                                 message: str) -> None:
    with pytest.raises(BadSetup) as error:
        _game().resolve_options(given)
    assert (error.value.code, error.value.message) == (code, message)
    with pytest.raises(BadSetup):
        _game().start(["p1"], 1, given)


def test_a_game_knows_its_action_kinds() -> None:
    assert _game().kinds == ("go", "stop")


def test_a_misdeclared_game_fails_when_it_is_made() -> None:
    with pytest.raises(TypeError, match="distinct"):
        _game(actions=(Go, Go))
    with pytest.raises(TypeError, match="host actions"):
        _game(host_actions=frozenset({"reset"}))
    with pytest.raises(TypeError, match="reasons"):
        _game(reasons=())
    with pytest.raises(TypeError, match="kind tag"):
        _game(actions=(Go, int))

    @dataclass(frozen=True)
    class Loose:
        speed: str = "slow"

    with pytest.raises(TypeError, match="option()"):
        _game(options_type=Loose)
