"""Qwirkle: lay tiles in lines that share a colour or a shape, and score every line you touch.

Vocabulary:
- **tile**: a two-letter code, colour letter then shape letter (``"Ro"`` = red circle); there are
  36 kinds and 3 copies of each, 108 tiles in all.
- **grid**: the tiles on the table, at integer ``(row, col)`` squares; the first move covers
  the centre square ``(0, 0)`` (the rulebook has no centre: the app needs a place to start).
- **line**: a maximal run of two or more orthogonally adjacent tiles in a row or column; it is
  all one colour with different shapes, or all one shape with different colours.
- **hand**: a player's hidden tiles (6 while the bag lasts). **bag**: the hidden draw pile.
- **place** (play tiles), **trade** (swap tiles with the bag), **pass** (only with an empty bag
  and nothing placeable).
- **opening**: the first move, which must lay the largest one-attribute set in the starting
  player's hand (the rulebook's "who starts" rule).
- **Qwirkle**: a line of 6, worth 6 more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import permutations
from typing import Literal

from rules.base import (
    Game,
    GameOver,
    IllegalMove,
    NotYourTurn,
    OptionValue,
    Outcome,
    PlayerId,
    UnknownThing,
    rank,
    rng,
)

COLOURS: tuple[tuple[str, str], ...] = (
    ("R", "red"), ("O", "orange"), ("Y", "yellow"), ("G", "green"), ("B", "blue"), ("P", "purple"),
)
SHAPES: tuple[tuple[str, str], ...] = (
    ("o", "circle"), ("s", "square"), ("d", "diamond"), ("c", "clover"), ("4", "star4"),
    ("8", "star8"),
)
KINDS: tuple[str, ...] = tuple(c + s for c, _ in COLOURS for s, _ in SHAPES)
KIND_SET: frozenset[str] = frozenset(KINDS)
COPIES = 3
HAND_SIZE = 6
LONGEST_LINE = 6
QWIRKLE_BONUS = 6
END_BONUS = 6
CENTRE = (0, 0)

Square = tuple[int, int]
STEPS: tuple[Square, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


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
    finished: str | None = None  # "hand_emptied" or "stalemate"
    emptied_by: PlayerId | None = None

    @cached_property
    def cells(self) -> dict[Square, str]:
        """The grid as a lookup from square to tile (derived, never stored)."""
        return {(t.row, t.col): t.tile for t in self.grid}

    def seat(self, player: PlayerId) -> int:
        return self.players.index(player)


# --- views -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    players: tuple[PlayerId, ...]
    you: PlayerId | None
    hand: tuple[str, ...]
    grid: tuple[Tile, ...]
    scores: Mapping[PlayerId, int]
    hand_sizes: Mapping[PlayerId, int]
    bag: int
    turn: PlayerId | None
    your_turn: bool
    allowed: tuple[str, ...]
    opening_size: int | None
    last_move: LastMove | None
    finished: str | None


# --- line arithmetic -------------------------------------------------------------------------

def is_line(tiles: Sequence[str]) -> bool:
    """Whether ``tiles`` may stand together in one line: distinct, ≤ 6, one shared attribute."""
    n = len(tiles)
    if n > LONGEST_LINE or len(set(tiles)) != n:
        return False
    return len({t[0] for t in tiles}) == 1 or len({t[1] for t in tiles}) == 1


def fitting(run: Sequence[str]) -> frozenset[str]:
    """Return the tile kinds that may join the tiles ``run`` to make one line."""
    return _fitting(tuple(sorted(run)))


@lru_cache(maxsize=8192)
def _fitting(run: tuple[str, ...]) -> frozenset[str]:
    # Memoised because move generation asks the same question thousands of times a game; the
    # answer depends on nothing but the argument, so the cache is invisible to callers.
    if not run:
        return KIND_SET
    if len(run) >= LONGEST_LINE or not is_line(run):
        return frozenset()
    colours = {t[0] for t in run}
    shapes = {t[1] for t in run}
    fits: set[str] = set()
    if len(colours) == 1:
        (colour,) = colours
        fits.update(colour + s for s, _ in SHAPES if s not in shapes)
    if len(shapes) == 1:
        (shape,) = shapes
        fits.update(c + shape for c, _ in COLOURS if c not in colours)
    return frozenset(fits)


def largest_set(hand: Sequence[str]) -> tuple[str, ...]:
    """Return the largest set of distinct tiles in ``hand`` sharing one attribute."""
    kinds = sorted(set(hand), key=KINDS.index)
    groups = [tuple(t for t in kinds if t[0] == c) for c, _ in COLOURS]
    groups += [tuple(t for t in kinds if t[1] == s) for s, _ in SHAPES]
    return max(groups, key=len)


def _run(cells: Mapping[Square, str], square: Square, step: Square) -> list[str]:
    """Tiles met walking from ``square`` (exclusive) along ``step`` until a gap."""
    out = []
    r, c = square[0] + step[0], square[1] + step[1]
    while (r, c) in cells:
        out.append(cells[r, c])
        r, c = r + step[0], c + step[1]
    return out


def _line_through(cells: Mapping[Square, str], square: Square, step: Square) -> list[str]:
    back = (-step[0], -step[1])
    return [*reversed(_run(cells, square, back)), cells[square], *_run(cells, square, step)]


def _line_points(length: int) -> tuple[int, int]:
    """Points and Qwirkles scored by a line of ``length`` (single tiles are not lines)."""
    if length < 2:
        return 0, 0
    return (length + QWIRKLE_BONUS, 1) if length == LONGEST_LINE else (length, 0)


# --- move generation -------------------------------------------------------------------------

@dataclass(frozen=True)
class _Window:
    """Squares that a placement could turn into one whole line, and what may fill them.

    The score depends only on the squares, so it is known before any tile is chosen; which
    tiles fit (``fits`` per empty square, ``groups`` per attribute the line could share) is
    only combined when someone asks for the fillings.
    """

    empty: tuple[Square, ...]
    score: int
    qwirkles: int
    fits: tuple[frozenset[str], ...]
    groups: tuple[frozenset[str], ...]

    def fillings(self) -> Iterator[tuple[str, ...]]:
        """Yield every choice of distinct tiles, one per empty square, in a fixed order."""
        for group in self.groups:
            allowed = tuple(tuple(sorted(f & group, key=KINDS.index)) for f in self.fits)
            if all(allowed):
                yield from _distinct_picks(allowed)


def _distinct_picks(allowed: tuple[tuple[str, ...], ...]) -> Iterator[tuple[str, ...]]:
    n = len(allowed)
    chosen: list[str] = []

    def extend(i: int) -> Iterator[tuple[str, ...]]:
        if i == n:
            yield tuple(chosen)
            return
        for tile in allowed[i]:
            if tile not in chosen:
                chosen.append(tile)
                yield from extend(i + 1)
                chosen.pop()

    return extend(0)


def _windows(cells: Mapping[Square, str], hand: Sequence[str]) -> Iterator[_Window]:
    """Yield every window where tiles from ``hand`` can be placed on a non-empty grid.

    A placement fills a *window*: a stretch of at most 6 squares along a row or column that
    becomes one whole line, so the squares just outside it are empty. Windows grow from anchors
    (empty squares next to the grid) over tiles and over empty squares where some hand tile
    passes the cross-check, holding no more empty squares than the hand's largest set. One-tile
    moves come only from row windows, so none is listed twice.
    """
    kinds = frozenset(hand)
    if not kinds:
        return
    by_colour = {c: frozenset(t for t in kinds if t[0] == c) for c, _ in COLOURS}
    by_shape = {s: frozenset(t for t in kinds if t[1] == s) for s, _ in SHAPES}
    most = max(len(g) for g in (*by_colour.values(), *by_shape.values()))
    anchors = sorted({
        (r + dr, c + dc) for (r, c) in cells for dr, dc in STEPS if (r + dr, c + dc) not in cells
    })
    groups_cache: dict[tuple[tuple[str, ...], int], list[frozenset[str]]] = {}
    alone = (kinds, 1)  # a square with no neighbour across: any tile fits, no line is made

    for along, across in (((0, 1), (1, 0)), ((1, 0), (0, 1))):
        dr, dc = along
        back = (-across[0], -across[1])
        # For each anchor: the hand tiles fitting the line across it, and that line's length.
        crossing: dict[Square, tuple[frozenset[str], int]] = {}
        for square in anchors:
            existing = _run(cells, square, back) + _run(cells, square, across)
            crossing[square] = (fitting(existing) & kinds, len(existing) + 1) if existing else alone
        fewest = 1 if along == (0, 1) else 2  # one-tile moves are found along rows only

        def reach(ar: int, ac: int, sr: int, sc: int) -> list[int]:
            """Walking from an anchor by (sr, sc): the empty squares passed after each step."""
            empties = [0]
            for k in range(1, LONGEST_LINE):
                square = (ar + sr * k, ac + sc * k)
                if square in cells:
                    empties.append(empties[-1])
                elif empties[-1] + 1 < most and crossing.get(square, alone)[0]:
                    empties.append(empties[-1] + 1)
                else:
                    break
            return empties

        windows: set[tuple[Square, int, int]] = set()
        for ar, ac in anchors:
            if not crossing[ar, ac][0]:
                continue
            behind = reach(ar, ac, -dr, -dc)
            ahead = reach(ar, ac, dr, dc)
            for b, empties_behind in enumerate(behind):
                start = (ar - dr * b, ac - dc * b)
                if (start[0] - dr, start[1] - dc) in cells:
                    continue
                for a in range(min(len(ahead), LONGEST_LINE - b)):
                    empties = 1 + empties_behind + ahead[a]
                    if fewest <= empties <= most and (
                            ar + dr * (a + 1), ac + dc * (a + 1)) not in cells:
                        windows.add((start, b + a + 1, empties))

        for (sr, sc), length, empties in sorted(windows):
            empty = []
            existing = []
            for i in range(length):
                square = (sr + dr * i, sc + dc * i)
                tile = cells.get(square)
                if tile is None:
                    empty.append(square)
                else:
                    existing.append(tile)
            across_lines = [crossing.get(s, alone) for s in empty]
            fits = tuple(f for f, _ in across_lines)
            if length == 1:
                groups: Sequence[frozenset[str]] = fits
            else:
                key = (tuple(existing), empties)
                groups = groups_cache.get(key)  # type: ignore[assignment]
                if groups is None:
                    groups = groups_cache[key] = _line_groups(existing, by_colour, by_shape,
                                                              empties)
                if not groups:
                    continue
            score, qwirkles = _line_points(length)
            for _, n in across_lines:
                points, q = _line_points(n)
                score += points
                qwirkles += q
            yield _Window(tuple(empty), score, qwirkles, fits, tuple(groups))


def _line_groups(existing: Sequence[str], by_colour: Mapping[str, frozenset[str]],
                 by_shape: Mapping[str, frozenset[str]], needed: int) -> list[frozenset[str]]:
    """Hand tiles that may join ``existing`` in one line, one group per attribute the line
    could share, keeping only groups of at least ``needed`` tiles."""
    if len(set(existing)) != len(existing):
        return []
    colours = {t[0] for t in existing}
    shapes = {t[1] for t in existing}
    groups = []
    if len(colours) <= 1:
        for colour in colours or by_colour:
            group = by_colour[colour]
            if shapes:
                group = frozenset(t for t in group if t[1] not in shapes)
            if len(group) >= needed:
                groups.append(group)
    if len(shapes) <= 1:
        for shape in shapes or by_shape:
            group = by_shape[shape]
            if colours:
                group = frozenset(t for t in group if t[0] not in colours)
            if len(group) >= needed:
                groups.append(group)
    return groups


def _opening_moves(hand: Sequence[str]) -> Iterator[tuple[tuple[Square, ...], tuple[str, ...]]]:
    """Yield every opening: a largest set, in any order, in a line covering the centre."""
    size = len(largest_set(hand))
    kinds = sorted(set(hand), key=KINDS.index)
    groups = {tuple(t for t in kinds if t[0] == c) for c, _ in COLOURS}
    groups |= {tuple(t for t in kinds if t[1] == s) for s, _ in SHAPES}
    directions = ((0, 1),) if size == 1 else ((0, 1), (1, 0))
    for group in sorted(g for g in groups if len(g) == size):
        for order in permutations(group):
            for dr, dc in directions:
                for offset in range(size):
                    squares = tuple((dr * (i - offset), dc * (i - offset)) for i in range(size))
                    yield squares, order


def _fits_somewhere(cells: Mapping[Square, str], tiles: Iterable[str]) -> bool:
    """Whether any of ``tiles`` fits on its own somewhere on a non-empty grid."""
    wanted = frozenset(tiles)
    if not wanted:
        return False
    done: set[Square] = set()
    for r, c in cells:
        for dr, dc in STEPS:
            square = (r + dr, c + dc)
            if square in cells or square in done:
                continue
            done.add(square)
            row = _run(cells, square, (0, -1)) + _run(cells, square, (0, 1))
            fits = fitting(row) & wanted
            if fits:
                col = _run(cells, square, (-1, 0)) + _run(cells, square, (1, 0))
                if not fits.isdisjoint(fitting(col)):
                    return True
    return False


def can_place(state: State, seat: int) -> bool:
    """Whether the player in ``seat`` could lay at least one tile now.

    Any legal multi-tile move contains a tile that would be legal alone (the one touching the
    grid: its lines are sub-runs of valid lines), so checking single tiles suffices.
    """
    if not state.grid:
        return bool(state.hands[seat])
    return _fits_somewhere(state.cells, state.hands[seat])


# --- setup and queries -----------------------------------------------------------------------

def setup(players: Sequence[PlayerId], seed: int, options: Mapping[str, OptionValue]) -> State:
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


def first_player(hands: Sequence[Sequence[str]]) -> int:
    """The seat holding the largest one-attribute set; ties go to the earliest seat."""
    sizes = [len(largest_set(h)) for h in hands]
    return sizes.index(max(sizes))


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
    new = replace(
        state, bag=tuple(bag), hands=tuple(hands), grid=state.grid + placed,
        scores=tuple(scores), turn=(seat + 1) % len(state.players),
        last=LastMove(state.players[seat], "place", placed, score=score, qwirkles=qwirkles),
    )
    return _check_end(new, seat)


def _score_and_check(cells: Mapping[Square, str], squares: list[Square], step: Square,
                     single: bool) -> tuple[int, int]:
    """Validate every line the placed squares touch and return (points, Qwirkles)."""
    directions = [(0, 1), (1, 0)] if single else [step]
    across = (step[1], step[0])
    lines = [_line_through(cells, squares[0], d) for d in directions]
    if not single:
        lines += [_line_through(cells, s, across) for s in squares]
    score = qwirkles = 0
    for line in lines:
        if len(line) < 2:
            continue
        _check_line(line)
        points, q = _line_points(len(line))
        score += points
        qwirkles += q
    return (score or 1), qwirkles


def _check_line(line: Sequence[str]) -> None:
    if len(line) > LONGEST_LINE:
        raise IllegalMove(f"A line may hold at most 6 tiles; this one would hold {len(line)}.",
                          "line_too_long")
    seen = Counter(line)
    twice = [t for t, n in seen.items() if n > 1]
    if twice:
        raise IllegalMove(f"A line may not hold the same tile twice: {twice[0]} would repeat.",
                          "duplicate_in_line")
    if not is_line(line):
        raise IllegalMove(
            f"A line must be one colour with different shapes or one shape with different "
            f"colours: {' '.join(line)} is neither.", "mixed_line")


def _check_end(state: State, seat: int) -> State:
    """After a placement: end when the hand empties (bonus) or the bag is empty and nobody can place."""
    if state.bag:
        return state
    if not state.hands[seat]:
        scores = list(state.scores)
        scores[seat] += END_BONUS
        return replace(state, scores=tuple(scores), finished="hand_emptied",
                       emptied_by=state.players[seat])
    if not _fits_somewhere(state.cells, (t for hand in state.hands for t in hand)):
        return replace(state, finished="stalemate")
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
    return replace(
        state, bag=tuple(bag), hands=tuple(hands), shuffles=state.shuffles + 1,
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
    return replace(state, turn=(seat + 1) % len(state.players),
                   last=LastMove(state.players[seat], "pass"))


# --- view and outcome ------------------------------------------------------------------------

def view(state: State, viewer: PlayerId | None) -> View:
    """What ``viewer`` may know: their own hand, and everything public (no hand for None)."""
    seat = state.players.index(viewer) if viewer in state.players else None
    turn = current_player(state)
    hand = tuple(sorted(state.hands[seat], key=KINDS.index)) if seat is not None else ()
    allowed = allowed_kinds(state, seat) if seat is not None else ()
    return View(
        players=state.players,
        you=viewer if seat is not None else None,
        hand=hand,
        grid=state.grid,
        scores=dict(zip(state.players, state.scores, strict=True)),
        hand_sizes={p: len(h) for p, h in zip(state.players, state.hands, strict=True)},
        bag=len(state.bag),
        turn=turn,
        your_turn=bool(allowed),
        allowed=allowed,
        opening_size=len(largest_set(hand)) if allowed and not state.grid else None,
        last_move=state.last,
        finished=state.finished,
    )


def outcome(state: State) -> Outcome | None:
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
        return [_placement(squares, tiles) for squares, tiles in _opening_moves(hand)]
    actions: list[Action] = [
        _placement(window.empty, tiles)
        for window in _windows(state.cells, hand) for tiles in window.fillings()
    ]
    if state.bag:
        actions += [Trade((t,)) for t in sorted(set(hand), key=KINDS.index)]
        if 1 < len(hand) <= len(state.bag):
            actions.append(Trade(tuple(hand)))
    elif not actions:
        actions.append(Pass())
    return actions


def _placement(squares: Sequence[Square], tiles: Sequence[str]) -> Place:
    return Place(tuple(Tile(t, r, c) for (r, c), t in zip(squares, tiles, strict=True)))


#: What the bot gives up to avoid handing the next player a Qwirkle.
OPEN_LINE_PENALTY = 4.5


def bot_action(state: State, player: PlayerId) -> Action:
    """A greedy move: the best score, preferring Qwirkles, wary of leaving a line of 5 open.

    Windows are visited best score first; a window's tiles are only chosen while it can still
    beat the best move found, so most of the (many) fillings are never generated.
    """
    seat = state.players.index(player)
    hand = state.hands[seat]
    if not state.grid:
        return _placement(*next(_opening_moves(hand)))
    cells = state.cells
    seen = Counter(cells.values())
    windows = sorted(_windows(cells, hand), key=lambda w: (-w.score, -len(w.empty)))
    best: tuple[float, tuple[Square, ...], tuple[str, ...]] | None = None
    for window in windows:
        ceiling = window.score + 0.1 * len(window.empty)
        if best is not None and ceiling <= best[0]:
            break
        for tiles in window.fillings():
            value = ceiling
            if _opens_a_qwirkle(cells, window.empty, tiles, hand, seen):
                value -= OPEN_LINE_PENALTY
            if best is None or value > best[0]:
                best = (value, window.empty, tiles)
            if value == ceiling:
                break
    if best is not None:
        return _placement(best[1], best[2])
    if not state.bag:
        return Pass()
    keep = set(largest_set(hand))
    trade = []
    for tile in hand:
        if tile in keep:
            keep.discard(tile)
        else:
            trade.append(tile)
    return Trade(tuple((trade or list(hand))[: len(state.bag)]))


def _opens_a_qwirkle(cells: Mapping[Square, str], squares: Sequence[Square],
                     tiles: Sequence[str], hand: Sequence[str], seen: Counter[str]) -> bool:
    """Whether the move leaves a line of 5 whose missing tile another player may still hold."""
    after = dict(cells)
    after.update(zip(squares, tiles, strict=True))
    accounted = seen + Counter(hand)  # the board before the move, plus every tile we held
    for square in squares:
        for step in ((0, 1), (1, 0)):
            line = _line_through(after, square, step)
            if len(line) == LONGEST_LINE - 1 and any(
                accounted[missing] < COPIES for missing in fitting(line)
            ):
                return True
    return False


game: Game[State] = Game(
    id="qwirkle",
    title="Qwirkle",
    blurb="Lay tiles in rows that share a colour or a shape; complete a line of six for a Qwirkle.",
    min_players=2,
    max_players=6,
    options=(),
    action_type=Action,
    setup=setup,
    apply=apply,
    view=view,
    outcome=outcome,
    legal_actions=legal_actions,
    bot_action=bot_action,
    to_act=to_act,
)
