"""Qwirkle's actions, state, turn sequence, outcome and legal actions (see the package)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Literal, get_args

from rules.base import (
    GameOver,
    IllegalMove,
    NotYourTurn,
    Outcome,
    PlayerId,
    UnknownThing,
    rank,
    rng,
)
from rules.qwirkle.moves import fits_somewhere, opening_moves, windows
from rules.qwirkle.tiles import (
    CENTRE,
    COPIES,
    END_BONUS,
    HAND_SIZE,
    KIND_SET,
    KINDS,
    LONGEST_LINE,
    STEPS,
    Square,
    first_player,
    is_line,
    largest_set,
    line_points,
    line_through,
)

# --- options and how a game ends -------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """Qwirkle has no variants: the rulebook's game is the one played."""


#: Why a game ends: a player emptied their hand with the bag empty, or nobody can place.
Reason = Literal["hand_emptied", "stalemate"]
REASONS: tuple[Reason, ...] = get_args(Reason)


# --- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tile:
    """One tile of a placement: which tile, and the square it goes on."""

    tile: str
    row: int
    col: int


@dataclass(frozen=True)
class Place:
    """Lay one or more tiles from your hand in one line, then refill."""

    tiles: tuple[Tile, ...]
    kind: Literal["place"] = "place"


@dataclass(frozen=True)
class Trade:
    """Swap some or all of your tiles with tiles from the bag."""

    tiles: tuple[str, ...]
    kind: Literal["trade"] = "trade"


@dataclass(frozen=True)
class Pass:
    """Do nothing: only when the bag is empty and none of your tiles fits."""

    kind: Literal["pass"] = "pass"


Action = Place | Trade | Pass


# --- state -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LastMove:
    """What the previous turn did, for everyone to see (traded tiles stay hidden)."""

    player: PlayerId
    kind: str
    tiles: tuple[Tile, ...] = ()
    traded: int = 0
    score: int = 0
    qwirkles: int = 0


@dataclass(frozen=True)
class State:
    players: tuple[PlayerId, ...]
    seed: int
    bag: tuple[str, ...]  # drawn from the end
    hands: tuple[tuple[str, ...], ...]  # by seat
    grid: tuple[Tile, ...]  # in the order played
    scores: tuple[int, ...]
    turn: int  # seat index of the player to move
    shuffles: int  # how many random events have happened (the rng counter)
    last: LastMove | None = None
    finished: Reason | None = None
    emptied_by: PlayerId | None = None

    @cached_property
    def cells(self) -> dict[Square, str]:
        """The grid as a lookup from square to tile (derived, never stored; :func:`_next`
        hands a new state the lookup its move already built)."""
        return {(t.row, t.col): t.tile for t in self.grid}

    @cached_property
    def public(self) -> tuple[dict[PlayerId, int], dict[PlayerId, int]]:
        """Everyone's score and hand size: the same for every viewer, so built once."""
        return (dict(zip(self.players, self.scores, strict=True)),
                {p: len(h) for p, h in zip(self.players, self.hands, strict=True)})

    def seat(self, player: PlayerId) -> int:
        return self.players.index(player)


def _next(state: State, cells: dict[Square, str], **changes: Any) -> State:
    """``replace(state, **changes)`` for a state whose grid lookup is ``cells``: the lookup is
    handed over instead of being rebuilt from the grid (it is what ``cells`` would derive).
    Nobody mutates it, so a state whose grid did not change shares its predecessor's."""
    new = replace(state, **changes)
    new.__dict__["cells"] = cells
    return new


def can_place(state: State, seat: int) -> bool:
    """Whether the player in ``seat`` could lay at least one tile now.

    Any legal multi-tile move contains a tile that would be legal alone (the one touching the
    grid: its lines are sub-runs of valid lines), so checking single tiles suffices.
    """
    if not state.grid:
        return bool(state.hands[seat])
    return fits_somewhere(state.cells, state.hands[seat])


# --- setup and queries -----------------------------------------------------------------------

def setup(players: Sequence[PlayerId], seed: int, options: Options) -> State:
    """Deal 6 tiles to each player from a seeded shuffle; the largest opening set starts."""
    bag = [k for k in KINDS for _ in range(COPIES)]
    rng(seed, 0).shuffle(bag)
    hands = []
    for _ in players:
        hands.append(tuple(bag[-HAND_SIZE:]))
        del bag[-HAND_SIZE:]
    return State(
        players=tuple(players), seed=seed, bag=tuple(bag), hands=tuple(hands), grid=(),
        scores=(0,) * len(players), turn=first_player(hands), shuffles=1,
    )



def current_player(state: State) -> PlayerId | None:
    return None if state.finished else state.players[state.turn]


def to_act(state: State) -> frozenset[PlayerId]:
    player = current_player(state)
    return frozenset() if player is None else frozenset({player})


def allowed_kinds(state: State, seat: int) -> tuple[str, ...]:
    """The action kinds the player in ``seat`` may take now (empty when not their turn)."""
    if state.finished or seat != state.turn:
        return ()
    if not state.grid:
        return ("place",)
    placeable = can_place(state, seat)
    kinds = ["place"] if placeable else []
    if state.bag:
        kinds.append("trade")
    elif not placeable:
        kinds.append("pass")
    return tuple(kinds)


# --- apply -----------------------------------------------------------------------------------

def apply(state: State, player: PlayerId, action: Action) -> State:
    """Return the state after ``player`` takes ``action``; raise a RuleError if it is illegal."""
    if state.finished:
        raise GameOver(f"The game is over ({state.finished.replace('_', ' ')}).")
    if player not in state.players:
        raise NotYourTurn(f"{player!r} is not playing this game.", "not_a_player")
    if state.players[state.turn] != player:
        raise NotYourTurn(f"It is {state.players[state.turn]}'s turn, not {player}'s.")
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Trade):
        return _trade(state, action)
    if isinstance(action, Pass):
        return _pass(state)
    raise UnknownThing(f"Qwirkle has no action {action!r}.", "unknown_action")


def _take_from_hand(hand: Sequence[str], tiles: Sequence[str]) -> list[str]:
    """Return ``hand`` without ``tiles``; refuse unknown tiles and tiles the hand lacks."""
    for tile in tiles:
        if tile not in KIND_SET:
            raise UnknownThing(f"There is no tile {tile!r}.", "unknown_tile")
    rest = list(hand)
    for tile in tiles:
        if tile not in rest:
            raise IllegalMove(f"Tile {tile} is not in your hand (or not that many times).",
                              "tile_not_in_hand")
        rest.remove(tile)
    return rest


def _place(state: State, action: Place) -> State:
    seat = state.turn
    placed = action.tiles
    if not placed:
        raise IllegalMove("Place at least one tile.", "no_tiles")
    rest = _take_from_hand(state.hands[seat], [t.tile for t in placed])
    cells = state.cells
    squares = [(t.row, t.col) for t in placed]
    if len(set(squares)) != len(squares):
        raise IllegalMove("Two tiles cannot go on the same square.", "square_taken")
    for t in placed:
        if (t.row, t.col) in cells:
            raise IllegalMove(f"Square ({t.row}, {t.col}) already holds {cells[t.row, t.col]}.",
                              "square_taken")
    rows = {r for r, _ in squares}
    cols = {c for _, c in squares}
    if len(rows) > 1 and len(cols) > 1:
        raise IllegalMove("All tiles placed in one turn must lie in one row or one column.",
                          "not_in_one_line")
    names = [t.tile for t in placed]
    if len(placed) > 1 and not (len({n[0] for n in names}) == 1 or len({n[1] for n in names}) == 1):
        raise IllegalMove(
            f"Tiles placed together must share a colour or a shape: {', '.join(names)}.",
            "no_shared_attribute")
    if not cells:
        opening = len(largest_set(state.hands[seat]))
        if len(placed) != opening:
            raise IllegalMove(
                f"The opening move must lay your largest set of {opening} tiles sharing a colour "
                f"or shape, not {len(placed)}.", "must_open_with_largest_set")
        if CENTRE not in squares:
            raise IllegalMove("The opening move must cover the centre square (0, 0).",
                              "must_cover_centre")
    step = (0, 1) if len(rows) == 1 else (1, 0)
    new_cells = dict(cells)
    new_cells.update(zip(squares, names, strict=True))
    if len(placed) > 1:
        index = 1 if step == (0, 1) else 0
        line_at = squares[0][1 - index]
        span = sorted(s[index] for s in squares)
        for k in range(span[0], span[-1] + 1):
            square = (line_at, k) if index == 1 else (k, line_at)
            if square not in new_cells:
                raise IllegalMove(
                    f"The tiles must form one unbroken line; square {square} is empty.",
                    "gap_in_line")
    if cells and not any((r + dr, c + dc) in cells for r, c in squares for dr, dc in STEPS):
        raise IllegalMove("At least one tile must touch a tile already on the table.",
                          "not_connected")
    score, qwirkles = _score_and_check(new_cells, squares, step, len(placed) == 1)
    hand = rest
    bag = list(state.bag)
    draw = min(HAND_SIZE - len(hand), len(bag))
    if draw:
        hand += bag[-draw:]
        del bag[-draw:]
    scores = list(state.scores)
    scores[seat] += score
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    new = _next(
        state, new_cells, bag=tuple(bag), hands=tuple(hands), grid=state.grid + placed,
        scores=tuple(scores), turn=(seat + 1) % len(state.players),
        last=LastMove(state.players[seat], "place", placed, score=score, qwirkles=qwirkles),
    )
    return _check_end(new, seat)


def _score_and_check(cells: Mapping[Square, str], squares: list[Square], step: Square,
                     single: bool) -> tuple[int, int]:
    """Validate every line the placed squares touch and return (points, Qwirkles)."""
    directions = [(0, 1), (1, 0)] if single else [step]
    across = (step[1], step[0])
    lines = [line_through(cells, squares[0], d) for d in directions]
    if not single:
        lines += [line_through(cells, s, across) for s in squares]
    score = qwirkles = 0
    for line in lines:
        if len(line) < 2:
            continue
        _check_line(line)
        points, q = line_points(len(line))
        score += points
        qwirkles += q
    return (score or 1), qwirkles


def _check_line(line: Sequence[str]) -> None:
    if len(line) > LONGEST_LINE:
        raise IllegalMove(f"A line may hold at most 6 tiles; this one would hold {len(line)}.",
                          "line_too_long")
    if len(set(line)) != len(line):
        twice = [t for t, n in Counter(line).items() if n > 1]
        raise IllegalMove(f"A line may not hold the same tile twice: {twice[0]} would repeat.",
                          "duplicate_in_line")
    if not is_line(line):
        raise IllegalMove(
            f"A line must be one colour with different shapes or one shape with different "
            f"colours: {' '.join(line)} is neither.", "mixed_line")


def _check_end(state: State, seat: int) -> State:
    """After a placement, end the game when the hand empties (bonus) or, with an empty bag,
    when nobody can place."""
    if state.bag:
        return state
    if not state.hands[seat]:
        scores = list(state.scores)
        scores[seat] += END_BONUS
        return _next(state, state.cells, scores=tuple(scores), finished="hand_emptied",
                     emptied_by=state.players[seat])
    if not fits_somewhere(state.cells, (t for hand in state.hands for t in hand)):
        return _next(state, state.cells, finished="stalemate")
    return state


def _trade(state: State, action: Trade) -> State:
    seat = state.turn
    if not state.grid:
        raise IllegalMove("The opening player must play, not trade.", "must_open")
    if not action.tiles:
        raise IllegalMove("Choose at least one tile to trade.", "no_tiles")
    rest = _take_from_hand(state.hands[seat], action.tiles)
    if len(action.tiles) > len(state.bag):
        raise IllegalMove(
            f"You cannot trade {len(action.tiles)} tiles: the bag holds only {len(state.bag)}.",
            "trade_too_many")
    bag = list(state.bag)
    n = len(action.tiles)
    hand = rest + bag[-n:]
    del bag[-n:]
    bag += action.tiles
    rng(state.seed, state.shuffles).shuffle(bag)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return _next(
        state, state.cells, bag=tuple(bag), hands=tuple(hands), shuffles=state.shuffles + 1,
        turn=(seat + 1) % len(state.players),
        last=LastMove(state.players[seat], "trade", traded=n),
    )


def _pass(state: State) -> State:
    seat = state.turn
    if state.bag:
        raise IllegalMove("You may only pass when the bag is empty; trade instead.",
                          "cannot_pass")
    if can_place(state, seat):
        raise IllegalMove("You can still place a tile, so you may not pass.", "cannot_pass")
    return _next(state, state.cells, turn=(seat + 1) % len(state.players),
                 last=LastMove(state.players[seat], "pass"))


# --- outcome ------------------------------------------------------------------------

def outcome(state: State) -> Outcome[Reason] | None:
    if not state.finished:
        return None
    scores = dict(zip(state.players, state.scores, strict=True))
    detail = {"emptied_by": state.emptied_by} if state.emptied_by else {}
    return Outcome(scores=scores, winners=rank(scores), reason=state.finished, detail=detail)


# --- legal actions and the bot ---------------------------------------------------------------

def legal_actions(state: State, player: PlayerId) -> list[Action]:
    """Every legal action for ``player`` in a fixed order: placements, then trades or a pass.

    Trades are listed as each single distinct tile plus the whole hand, not every subset
    (2^6 near-identical trades add nothing for bots or tests).
    """
    if state.finished or player not in state.players or state.players[state.turn] != player:
        return []
    hand = state.hands[state.turn]
    if not state.grid:
        return [placement(squares, tiles) for squares, tiles in opening_moves(hand)]
    actions: list[Action] = [
        placement(window.empty, tiles)
        for window in windows(state.cells, hand) for tiles in window.fillings()
    ]
    if state.bag:
        actions += [Trade((t,)) for t in sorted(set(hand), key=KINDS.index)]
        if 1 < len(hand) <= len(state.bag):
            actions.append(Trade(tuple(hand)))
    elif not actions:
        actions.append(Pass())
    return actions


def placement(squares: Sequence[Square], tiles: Sequence[str]) -> Place:
    return Place(tuple(Tile(t, r, c) for (r, c), t in zip(squares, tiles, strict=True)))


def clock(state: State) -> str | None:
    """The turn clock running now: one per turn, until the game ends."""
    return None if state.finished else "turn"
