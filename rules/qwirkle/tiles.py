"""Qwirkle's tiles and the arithmetic of lines: what may stand together and what it scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

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


def run_from(cells: Mapping[Square, str], square: Square, step: Square) -> list[str]:
    """Tiles met walking from ``square`` (exclusive) along ``step`` until a gap."""
    out = []
    r, c = square[0] + step[0], square[1] + step[1]
    while (r, c) in cells:
        out.append(cells[r, c])
        r, c = r + step[0], c + step[1]
    return out


def line_through(cells: Mapping[Square, str], square: Square, step: Square) -> list[str]:
    back = (-step[0], -step[1])
    return [*reversed(run_from(cells, square, back)), cells[square], *run_from(cells, square, step)]


def line_points(length: int) -> tuple[int, int]:
    """Points and Qwirkles scored by a line of ``length`` (single tiles are not lines)."""
    if length < 2:
        return 0, 0
    return (length + QWIRKLE_BONUS, 1) if length == LONGEST_LINE else (length, 0)


def first_player(hands: Sequence[Sequence[str]]) -> int:
    """The seat holding the largest one-attribute set; ties go to the earliest seat."""
    sizes = [len(largest_set(h)) for h in hands]
    return sizes.index(max(sizes))
