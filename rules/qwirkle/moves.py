"""Finding placements fast: every legal move, the openings, and whether anything fits at all.

Bots, end-of-game detection and ``legal_actions`` all ask these questions every turn, so they
are answered from anchors (empty squares next to the grid) and cross-checks, not by trying
placements one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations

from rules.qwirkle.tiles import (
    COLOURS,
    KINDS,
    LONGEST_LINE,
    SHAPES,
    STEPS,
    Square,
    fitting,
    largest_set,
    line_points,
    run_from,
)


@dataclass(frozen=True)
class Window:
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
                yield from distinct_picks(allowed)


def distinct_picks(allowed: tuple[tuple[str, ...], ...]) -> Iterator[tuple[str, ...]]:
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


def windows(cells: Mapping[Square, str], hand: Sequence[str]) -> Iterator[Window]:
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
            existing = run_from(cells, square, back) + run_from(cells, square, across)
            crossing[square] = (fitting(existing) & kinds, len(existing) + 1) if existing else alone
        fewest = 1 if along == (0, 1) else 2  # one-tile moves are found along rows only

        def reach(ar: int, ac: int, sr: int, sc: int,
                  crossing: dict[Square, tuple[frozenset[str], int]] = crossing) -> list[int]:
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
                    groups = groups_cache[key] = line_groups(existing, by_colour, by_shape,
                                                              empties)
                if not groups:
                    continue
            score, qwirkles = line_points(length)
            for _, n in across_lines:
                points, q = line_points(n)
                score += points
                qwirkles += q
            yield Window(tuple(empty), score, qwirkles, fits, tuple(groups))


def line_groups(existing: Sequence[str], by_colour: Mapping[str, frozenset[str]],
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


def opening_moves(hand: Sequence[str]) -> Iterator[tuple[tuple[Square, ...], tuple[str, ...]]]:
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


def single_fits(cells: Mapping[Square, str], tiles: Iterable[str]
                ) -> dict[str, tuple[Square, ...]]:
    """For each kind among ``tiles``, the empty squares of a non-empty grid where that tile
    alone may be laid (both its lines stay lines), in a fixed order: what the phone lights."""
    wanted = frozenset(tiles)
    found: dict[str, list[Square]] = {kind: [] for kind in sorted(wanted)}
    done: set[Square] = set()
    for r, c in sorted(cells):
        for dr, dc in STEPS:
            square = (r + dr, c + dc)
            if square in cells or square in done:
                continue
            done.add(square)
            row = run_from(cells, square, (0, -1)) + run_from(cells, square, (0, 1))
            col = run_from(cells, square, (-1, 0)) + run_from(cells, square, (1, 0))
            for kind in fitting(row) & fitting(col) & wanted:
                found[kind].append(square)
    return {kind: tuple(squares) for kind, squares in found.items()}


def fits_somewhere(cells: Mapping[Square, str], tiles: Iterable[str]) -> bool:
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
            row = run_from(cells, square, (0, -1)) + run_from(cells, square, (0, 1))
            fits = fitting(row) & wanted
            if fits:
                col = run_from(cells, square, (-1, 0)) + run_from(cells, square, (1, 0))
                if not fits.isdisjoint(fitting(col)):
                    return True
    return False
