"""The contract every game engine fulfils, so one generic room server can run any of them.

Vocabulary:
- **player**: a seat's stable id (a short string chosen by the room, e.g. ``"p1"``); engines
  never see names or tokens.
- **state**: a frozen value holding only what cannot be derived; the seed and any hidden order
  (deck, bag) live in it and never leave it except through ``view``.
- **action**: a small frozen dataclass with a ``kind`` tag, mapping 1:1 to JSON.
- **view**: what one viewer may know, built field by field (deny by default). ``viewer=None``
  is the public table screen; :data:`HOST` is never a viewer.
- **outcome**: the final scores, the winners and why the game ended.

Errors (all ``ValueError``s, each carrying a stable snake_case ``code`` and a sentence that names
the offending value):

- :class:`RuleError` — base of every refusal.
  - :class:`NotYourTurn` — the game is not waiting for this player (``not_your_turn``).
  - :class:`GameOver` — the game has ended (``game_over``).
  - :class:`IllegalMove` — well-formed, but the rules forbid it now (``line_too_long``, …).
  - :class:`UnknownThing` — names a tile, card, square or option that does not exist.
  - :class:`BadSetup` — options or player count that ``setup`` cannot start with.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

PlayerId = str
OptionValue = bool | int | str

#: The actor for actions the room host makes on behalf of the table (e.g. rejecting a cue).
HOST: PlayerId = "@host"


class RuleError(ValueError):
    """A refusal: the action, options or setup break a rule. Nothing changes."""

    default_code: ClassVar[str] = "rule_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.message: str = message


class NotYourTurn(RuleError):
    default_code = "not_your_turn"


class GameOver(RuleError):
    default_code = "game_over"


class IllegalMove(RuleError):
    default_code = "illegal_move"


class UnknownThing(RuleError):
    default_code = "unknown"


class BadSetup(RuleError):
    default_code = "bad_setup"


@dataclass(frozen=True)
class Option:
    """One variant a host may set in the lobby: a bool, a bounded int or one of some choices."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it suits this option; raise :class:`BadSetup` otherwise."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise BadSetup(f"Option {self.name!r} must be true or false, not {value!r}.",
                               "bad_option")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadSetup(f"Option {self.name!r} must be a whole number, not {value!r}.",
                               "bad_option")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise BadSetup(
                    f"Option {self.name!r} must be between {self.minimum} and {self.maximum}, "
                    f"not {value}.", "bad_option")
            return value
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            raise BadSetup(
                f"Option {self.name!r} must be one of {', '.join(self.choices)}, not {value!r}.",
                "bad_option")
        return value


def resolve_options(declared: Sequence[Option], given: Mapping[str, object]
                    ) -> dict[str, OptionValue]:
    """Return every declared option with ``given`` values checked and defaults filled in."""
    known = {option.name for option in declared}
    for name in given:
        if name not in known:
            raise BadSetup(f"There is no option called {name!r}.", "unknown_option")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in declared}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: everyone's final score, the winner(s) and why it stopped."""

    scores: Mapping[PlayerId, int]
    winners: tuple[PlayerId, ...]
    reason: str
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Asset:
    """A file a game serves to browsers (card pictures, board colours), made from data."""

    media_type: str
    body: str


def no_assets(name: str) -> Asset | None:
    """The asset lookup of a game that serves none."""
    return None


S = TypeVar("S")


@dataclass(frozen=True)
class Game(Generic[S]):
    """A game as plain data and pure functions; the room server needs nothing else.

    ``to_act`` says whose action the game awaits now (several players in simultaneous phases),
    so the server knows when a bot seat should move. ``host_actions`` lists the action kinds
    the room host may send as :data:`HOST` (table rulings such as rejecting a cue). ``asset``
    returns a named file (``"cards/07.svg"``) that the server publishes with long-lived
    caching, or None.
    """

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    action_type: Any
    setup: Callable[[Sequence[PlayerId], int, Mapping[str, OptionValue]], S]
    apply: Callable[[S, PlayerId, Any], S]
    view: Callable[[S, PlayerId | None], Any]
    outcome: Callable[[S], Outcome | None]
    legal_actions: Callable[[S, PlayerId], Sequence[Any]]
    bot_action: Callable[[S, PlayerId], Any]
    to_act: Callable[[S], frozenset[PlayerId]]
    host_actions: frozenset[str] = frozenset()
    asset: Callable[[str], Asset | None] = no_assets

    def start(self, players: Sequence[PlayerId], seed: int,
              options: Mapping[str, object] | None = None) -> S:
        """Check the player count and options, then return the first state."""
        if not self.min_players <= len(players) <= self.max_players:
            raise BadSetup(
                f"{self.title} needs {self.min_players}–{self.max_players} players, "
                f"not {len(players)}.", "bad_player_count")
        if len(set(players)) != len(players):
            raise BadSetup(f"Player ids must be distinct: {list(players)!r}.", "bad_players")
        return self.setup(tuple(players), seed, resolve_options(self.options, options or {}))

    def replay(self, players: Sequence[PlayerId], seed: int, options: Mapping[str, object],
               actions: Iterable[tuple[PlayerId, Any]]) -> S:
        """Return the state reached by applying ``actions`` from a fresh start."""
        state = self.start(players, seed, options)
        for player, action in actions:
            state = self.apply(state, player, action)
        return state


#: The generator type engines receive from :func:`rng` (engines never import ``random``).
Rng = random.Random


def rng(seed: int, counter: int) -> Rng:
    """Return the generator for the ``counter``-th random event of the game seeded ``seed``.

    Deriving a fresh generator per event keeps the state small (seed + counter) and makes any
    prefix of a game replayable without storing a generator's internal state.
    """
    return random.Random(f"{seed}/{counter}")


def jsonable(value: Any) -> Any:
    """Return ``value`` (views, outcomes, actions) as plain JSON data.

    Frozensets become sorted lists, so a set's iteration order (which depends on the hash seed)
    can never leak anything or make two identical views differ.
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((jsonable(v) for v in value), key=_sort_key)
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    raise TypeError(f"{type(value).__name__} is not view data: {value!r}")


def _sort_key(value: Any) -> tuple[str, str]:
    return (type(value).__name__, repr(value))


def rank(scores: Mapping[PlayerId, int], tiebreak: Mapping[PlayerId, int] | None = None
         ) -> tuple[PlayerId, ...]:
    """Return the players with the best score (then the best ``tiebreak``); ties share the win."""
    if not scores:
        return ()

    def key(player: PlayerId) -> tuple[int, int]:
        return scores[player], (tiebreak or {}).get(player, 0)

    best = max(key(p) for p in scores)
    return tuple(p for p in scores if key(p) == best)
