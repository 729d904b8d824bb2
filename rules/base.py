"""The contract every game engine fulfils, so one generic room server can run any of them.

Vocabulary:
- **player**: a seat's stable id (a short string chosen by the room, e.g. ``"p1"``); engines
  never see names or tokens.
- **state**: a frozen value holding only what cannot be derived; the seed and any hidden order
  (deck, bag) live in it and never leave it except through ``view``.
- **action**: a small frozen dataclass with a ``kind`` tag, mapping 1:1 to JSON
  (:class:`Tagged`); a game lists its action classes and the server parses JSON into them.
- **view**: what one viewer may know, built field by field (deny by default). ``viewer=None``
  is the public table screen; :data:`HOST` is never a viewer. Every view is a
  :class:`PlayerView`: it says whether the game waits for the viewer and what they may send.
- **options**: the variants a host sets in the lobby: one frozen dataclass per game whose
  fields are declared with :func:`option`. Rooms keep them as a plain JSON object; the engine
  receives the dataclass, checked and complete.
- **picture deck**: a game may be dealt from pictures a host uploads (:class:`PictureDeck`):
  the app checks, stores and serves the files and hands the engine each picture as plain data
  (:class:`Picture`: its id, features measured from its pixels, its caption) in the options
  field made by :func:`pictures_field`; the engine never sees a file.
- **outcome**: the final scores, the winners and why the game ended (a **reason** from a
  closed set per game, a ``Literal`` of snake_case strings the catalogues translate).
- **history entry**: one line of the move history as one viewer may read it (:class:`Entry`):
  a key the game's catalogue translates and its parameters; like a view, deny by default.

Errors (all ``ValueError``s, each carrying a stable snake_case ``code`` and a sentence that names
the offending value):

- :class:`RuleError` — base of every refusal.
  - :class:`NotYourTurn` — the game is not waiting for this player (``not_your_turn``).
  - :class:`GameOver` — the game has ended (``game_over``).
  - :class:`IllegalMove` — well-formed, but the rules forbid it now (``line_too_long``, …).
  - :class:`UnknownThing` — names a tile, card, square or option that does not exist.
  - :class:`BadSetup` — options or player count that ``setup`` cannot start with.

A game declared against the contract's shape (an action class without a ``kind``, a field of
its options dataclass not made by :func:`option`…) fails with a ``TypeError`` when its
:class:`Game` is made, that is when ``rules`` is imported.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

PlayerId = str
OptionValue = bool | int | str
#: Plain JSON data, as :func:`jsonable` returns it.
JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"

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


# --- what generic code reads from actions and views ------------------------------------------

class Tagged(Protocol):
    """An action: a frozen dataclass whose ``kind`` names it on the wire (``{"kind": "pass"}``)."""

    @property
    def kind(self) -> str: ...


@runtime_checkable
class PlayerView(Protocol):
    """What generic code (the browser shell, the conformance test) reads from every view:
    whether the game waits for this viewer, and the action kinds they may send now, so the
    browser never re-derives a rule. The public view waits for nothing and allows nothing."""

    @property
    def your_turn(self) -> bool: ...

    @property
    def allowed(self) -> tuple[str, ...]: ...


def action_kind(action_type: type[Tagged]) -> str:
    """The ``kind`` tag of an action class (its ``kind`` field's default)."""
    kind = getattr(action_type, "kind", None)
    if not dataclasses.is_dataclass(action_type) or not isinstance(kind, str):
        raise TypeError(f"{action_type!r} is not an action: a dataclass with a kind tag.")
    return kind


# --- options ---------------------------------------------------------------------------------

class DataclassInstance(Protocol):
    """A dataclass (what :func:`dataclasses.fields` reads), such as a game's options."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[object]]]


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


Value = TypeVar("Value", bound=OptionValue)

#: The key under which :func:`option` leaves its :class:`Option` in a field's metadata.
_OPTION = "rules.option"


def option(default: Value, description: str, *, choices: Sequence[str] = (),
           minimum: int | None = None, maximum: int | None = None) -> Value:
    """A field of a game's options dataclass: its default, and what hosts are told about it.

    The field's name is the option's name; a choice option's field is typed with a
    ``Literal`` of its ``choices`` (or ``str`` when they come from data).
    """
    declared = Option("", default, description, tuple(choices), minimum, maximum)
    return field(default=default, metadata={_OPTION: declared})


#: The key under which :func:`pictures_field` marks the field receiving a custom deck.
_PICTURES = "rules.pictures"


@dataclass(frozen=True)
class Picture:
    """One picture of a host's own deck, as the engine sees it: ``id`` is the name its file is
    served under (a hash of its content, saying nothing about who uploaded it), ``features``
    are numbers the app measured from its pixels (``("brightness", 0.4)``, colour shares…),
    ``caption`` the uploader's optional line about it."""

    id: str
    features: tuple[tuple[str, float], ...] = ()
    caption: str = ""

    def feature(self, name: str, default: float = 0.0) -> float:
        return next((v for k, v in self.features if k == name), default)


def pictures_field() -> tuple[Picture, ...]:
    """The field of a game's options dataclass that receives the host's pictures (never an
    option a host sets: the app fills it from the deck the option :attr:`PictureDeck.option`
    names)."""
    return field(default=(), metadata={_PICTURES: True})


@dataclass(frozen=True)
class PictureDeck:
    """A game's declaration that it can be dealt from a host's own pictures.

    ``option`` is the name of its string option holding the chosen deck (set by the app, ""
    for none); ``needed(players, options)`` is how many of the host's pictures the game needs
    with that many players and those options (0 when the built-in pictures are mixed in, so
    any number will do)."""

    option: str
    needed: Callable[[int, Mapping[str, OptionValue]], int]


@cache
def options_of(options_type: type[DataclassInstance]) -> tuple[Option, ...]:
    """The options an options dataclass declares, in field order."""
    declared = []
    for f in dataclasses.fields(options_type):
        if f.metadata.get(_PICTURES):
            continue
        spec = f.metadata.get(_OPTION)
        if not isinstance(spec, Option):
            raise TypeError(f"{options_type.__name__}.{f.name} is not declared with option().")
        declared.append(dataclasses.replace(spec, name=f.name))
    return tuple(declared)


# --- outcomes and assets ---------------------------------------------------------------------

R = TypeVar("R", bound=str)


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """How a finished game ended: everyone's final score, the winner(s) and why it stopped."""

    scores: Mapping[PlayerId, int]
    winners: tuple[PlayerId, ...]
    reason: R
    detail: Mapping[str, object] = field(default_factory=dict)


HistoryParam = int | str | tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One line of a game's move history, as one viewer may read it: ``key`` is translated by
    the game's catalogue (``<game>.history.<key>``) with ``params``. A parameter named
    ``player`` (or ``players``) holds seat ids, which the page shows as names. Built from what
    that viewer may know: never a card, tile, vote or square the viewer's views do not show."""

    key: str
    params: Mapping[str, HistoryParam] = field(default_factory=dict)


def no_history(before: object, player: PlayerId, action: object, after: object,
               viewer: PlayerId | None) -> Entry | None:
    """The history of a game that tells none: nothing (deny by default)."""
    return None


@dataclass(frozen=True)
class Asset:
    """A file a game serves to browsers (card pictures, board colours), made from data."""

    media_type: str
    body: str


def no_assets(name: str) -> Asset | None:
    """The asset lookup of a game that serves none."""
    return None


# --- turn clocks -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnClock:
    """A clock a host may run on one kind of turn (``"turn"``, ``"tell"``, ``"guess"``…): its
    default length; when it runs out, the room plays ``bot_action`` for every seat still due."""

    name: str
    seconds: int
    description: str


def no_clock(state: object) -> str | None:
    """The clock lookup of a game without turn clocks."""
    return None


# --- the game --------------------------------------------------------------------------------

S = TypeVar("S")
A = TypeVar("A", bound=Tagged)
V = TypeVar("V", bound=PlayerView)
Opts = TypeVar("Opts", bound=DataclassInstance)


@dataclass(frozen=True)
class Game(Generic[S, A, V, Opts, R]):
    """A game as plain data and pure functions; the room server needs nothing else.

    Type parameters: ``S`` the state, ``A`` the action (the union of ``actions``), ``V`` the
    view, ``Opts`` the options dataclass (``options_type``), ``R`` the outcome reasons (a
    ``Literal``; ``reasons`` lists them). ``to_act`` says whose action the game awaits now
    (several players in simultaneous phases), so the server knows when a bot seat should
    move. ``host_actions`` lists the action kinds the room host may send as :data:`HOST`
    (table rulings such as rejecting a cue). ``asset`` returns a named file
    (``"cards/07.svg"``) that the server publishes with long-lived caching, or None.
    ``history(before, player, action, after, viewer)`` is the :class:`Entry` ``viewer``
    (None: the table) may read about ``player``'s ``action`` that led from ``before`` to
    ``after``, or None; a game without one tells nothing.
    ``clocks`` are the turn clocks a host may switch on, and ``clock`` names the one that runs
    in a state (None: none, e.g. the game is over); a clock starts afresh with every action,
    except while the same clock runs and the seats due are fewer than before (a simultaneous
    phase, one seat done).
    """

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    options_type: type[Opts]
    actions: tuple[type[A], ...]
    reasons: tuple[R, ...]
    setup: Callable[[Sequence[PlayerId], int, Opts], S]
    apply: Callable[[S, PlayerId, A], S]
    view: Callable[[S, PlayerId | None], V]
    outcome: Callable[[S], Outcome[R] | None]
    legal_actions: Callable[[S, PlayerId], Sequence[A]]
    bot_action: Callable[[S, PlayerId], A]
    to_act: Callable[[S], frozenset[PlayerId]]
    clocks: tuple[TurnClock, ...] = ()
    clock: Callable[[S], str | None] = no_clock
    host_actions: frozenset[str] = frozenset()
    asset: Callable[[str], Asset | None] = no_assets
    #: Set when the game can be dealt from a host's own pictures (:class:`PictureDeck`).
    picture_deck: PictureDeck | None = None
    history: Callable[[S, PlayerId, A, S, PlayerId | None], Entry | None] = no_history

    def __post_init__(self) -> None:
        kinds = self.kinds
        if not kinds or len(set(kinds)) != len(kinds):
            raise TypeError(f"{self.id}: action kinds must be distinct, not {kinds}.")
        if not self.host_actions <= set(kinds):
            raise TypeError(f"{self.id}: host actions {sorted(self.host_actions)} must be "
                            f"among its action kinds {kinds}.")
        names = [c.name for c in self.clocks]
        if len(set(names)) != len(names) or any(c.seconds < 1 for c in self.clocks):
            raise TypeError(f"{self.id}: turn clocks need distinct names and a length of at "
                            f"least a second, not {self.clocks}.")
        if not self.reasons:
            raise TypeError(f"{self.id}: a game must name the reasons it can end for.")
        for declared in self.options:
            declared.check(declared.default)
        if self.picture_deck is not None:
            named = next((o for o in self.options if o.name == self.picture_deck.option), None)
            if named is None or not isinstance(named.default, str) or named.choices:
                raise TypeError(f"{self.id}: the picture deck's option "
                                f"{self.picture_deck.option!r} must be a free string option.")
            if not any(f.metadata.get(_PICTURES) for f in dataclasses.fields(self.options_type)):
                raise TypeError(f"{self.id}: a game taking a picture deck needs a field made "
                                f"by pictures_field() in its options.")

    @property
    def kinds(self) -> tuple[str, ...]:
        """The ``kind`` tags of ``actions``, in their order."""
        return tuple(action_kind(a) for a in self.actions)

    @property
    def options(self) -> tuple[Option, ...]:
        """The options hosts may set, as declared by ``options_type``."""
        return options_of(self.options_type)

    def resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        """Every option with ``given`` values checked and defaults filled in, as plain data
        (what a room records); ``unknown_option`` or ``bad_option`` otherwise."""
        declared = self.options
        known = {o.name for o in declared}
        for name in given:
            if name not in known:
                raise BadSetup(f"There is no option called {name!r}.", "unknown_option")
        return {o.name: o.check(given[o.name]) if o.name in given else o.default
                for o in declared}

    def typed_options(self, given: Mapping[str, object],
                      pictures: Sequence[Picture] = ()) -> Opts:
        """``given`` checked and completed (:meth:`resolve_options`) as the options value,
        with ``pictures`` (the host's own deck) in the field :func:`pictures_field` made."""
        values: dict[str, object] = dict(self.resolve_options(given))
        if pictures:
            target = next((f.name for f in dataclasses.fields(self.options_type)
                           if f.metadata.get(_PICTURES)), None)
            if target is None:
                raise BadSetup(f"{self.title} cannot be dealt from your own pictures.",
                               "no_picture_deck")
            values[target] = tuple(pictures)
        return dataclasses.replace(self.options_type(), **values)

    def start(self, players: Sequence[PlayerId], seed: int,
              options: Mapping[str, object] | None = None,
              pictures: Sequence[Picture] = ()) -> S:
        """Check the player count and options, then return the first state."""
        if not self.min_players <= len(players) <= self.max_players:
            raise BadSetup(
                f"{self.title} needs {self.min_players}–{self.max_players} players, "
                f"not {len(players)}.", "bad_player_count")
        if len(set(players)) != len(players):
            raise BadSetup(f"Player ids must be distinct: {list(players)!r}.", "bad_players")
        return self.setup(tuple(players), seed, self.typed_options(options or {}, pictures))

    def replay(self, players: Sequence[PlayerId], seed: int, options: Mapping[str, object],
               actions: Iterable[tuple[PlayerId, A]], pictures: Sequence[Picture] = ()) -> S:
        """Return the state reached by applying ``actions`` from a fresh start."""
        state = self.start(players, seed, options, pictures)
        for player, action in actions:
            state = self.apply(state, player, action)
        return state


#: A game whatever its types: what a registry of several games holds.
AnyGame: TypeAlias = "Game[Any, Any, Any, Any, Any]"


#: The generator type engines receive from :func:`rng` (engines never import ``random``).
Rng = random.Random


def rng(seed: int, counter: int) -> Rng:
    """Return the generator for the ``counter``-th random event of the game seeded ``seed``.

    Deriving a fresh generator per event keeps the state small (seed + counter) and makes any
    prefix of a game replayable without storing a generator's internal state.
    """
    return random.Random(f"{seed}/{counter}")


def jsonable(value: object) -> JSON:
    """Return ``value`` (views, outcomes, actions) as plain JSON data.

    Frozensets become sorted lists, so a set's iteration order (which depends on the hash seed)
    can never leak anything or make two identical views differ.
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((jsonable(v) for v in value), key=_sort_key)
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    raise TypeError(f"{type(value).__name__} is not view data: {value!r}")


def _sort_key(value: JSON) -> tuple[str, str]:
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
