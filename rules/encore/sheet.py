"""The Encore! score sheet as data, and the box arithmetic every other part builds on.

A sheet is read from JSON (``rules/data/encore_<name>.json``) and turned into bit masks once:
box ``i`` is bit ``i`` with ``i = row * width + column`` (row 0 at the top). A set of boxes
(a player's crosses, a colour, a column, a group) is one ``int``, so "all unmarked",
"touches a cross" and "column complete" are single bit operations.

Vocabulary: **box** (one square, named by column letter and row number from 1, ``"H3"``),
**block** (a maximal orthogonally connected area of one colour), **group** (boxes one mark may
cross: 1–5 connected boxes of one block), **star**, **start column** (H on the classic sheet).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from itertools import combinations
from typing import Any

#: The most boxes one mark may cross (a number die shows 1–5; its joker never counts as 6).
MOST_PER_MARK = 5
#: The sizes a block must have, per colour: one block of each.
BLOCK_SIZES = (1, 2, 3, 4, 5, 6)
STARS_PER_COLOUR = 3


@dataclass(frozen=True)
class Sheet:
    """One printed score sheet, with the masks derived from it.

    Only ``name`` … ``star_penalty`` come from the data file; the rest is derived once by
    :func:`build_sheet` and kept here so engine code never recomputes geometry.
    """

    name: str
    columns: str  # one letter per column, left to right
    rows: int
    start_column: str
    colours: tuple[tuple[str, str], ...]  # (code, name) in sheet order
    grid: tuple[str, ...]  # one string of colour codes per row, top to bottom
    stars: tuple[str, ...]
    column_points_first: tuple[int, ...]
    column_points_later: tuple[int, ...]
    colour_bonus_first: int
    colour_bonus_later: int
    jokers: int
    star_penalty: int
    # --- derived ---
    box_names: tuple[str, ...]
    box_colours: tuple[str, ...]
    colour_masks: tuple[int, ...]  # in the order of ``colours``
    column_masks: tuple[int, ...]
    start_mask: int
    star_mask: int
    full_mask: int
    blocks: tuple[int, ...]
    #: Every group of the sheet: ``groups[colour index][size - 1]`` lists masks in sheet order.
    groups: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def width(self) -> int:
        return len(self.columns)

    @property
    def colour_codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.colours)

    def box_index(self, name: str) -> int | None:
        """The index of the box called ``name`` (``"H3"``), or None if there is no such box."""
        return self._index.get(name) if isinstance(name, str) else None

    @cached_property
    def _index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.box_names)}

    def names(self, mask: int) -> tuple[str, ...]:
        """The names of the boxes in ``mask``, in sheet order (row by row)."""
        return tuple(self.box_names[i] for i in bits(mask))

    def neighbours(self, mask: int) -> int:
        """Boxes orthogonally next to some box of ``mask`` (not including ``mask`` itself)."""
        w = self.width
        left_col, right_col = self.column_masks[0], self.column_masks[-1]
        grown = (((mask << 1) & ~left_col) | ((mask >> 1) & ~right_col)
                 | (mask << w) | (mask >> w))
        return grown & self.full_mask & ~mask

    def connected(self, mask: int) -> bool:
        """Whether the boxes of ``mask`` are orthogonally connected among themselves."""
        if not mask:
            return False
        reached = mask & -mask
        while True:
            grown = (reached | self.neighbours(reached)) & mask
            if grown == reached:
                return reached == mask
            reached = grown


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def build_sheet(data: Mapping[str, Any]) -> Sheet:
    """Return the sheet described by ``data`` (the JSON shape), with its masks derived.

    Refuses data whose shape is broken (ragged grid, unknown colour, star off the sheet); the
    game's own invariants (block sizes, stars per colour) are checked by :func:`problems`.
    """
    columns = str(data["columns"])
    rows = int(data["rows"])
    colours = tuple((str(code), str(name)) for code, name in dict(data["colours"]).items())
    codes = [code for code, _ in colours]
    grid = tuple(str(row) for row in data["grid"])
    width = len(columns)
    if len(grid) != rows or any(len(row) != width for row in grid):
        raise ValueError(f"Sheet {data.get('name')!r}: the grid is not {rows} rows of {width}.")
    unknown = {c for row in grid for c in row} - set(codes)
    if unknown:
        raise ValueError(f"Sheet {data.get('name')!r}: unknown colour codes {sorted(unknown)}.")
    box_names = tuple(f"{columns[i % width]}{i // width + 1}" for i in range(rows * width))
    box_colours = tuple(grid[i // width][i % width] for i in range(rows * width))
    index = {name: i for i, name in enumerate(box_names)}
    stars = tuple(str(s) for s in data["stars"])
    if any(s not in index for s in stars):
        raise ValueError(f"Sheet {data.get('name')!r}: a star lies off the sheet: {stars}.")
    start_column = str(data["start_column"])
    if start_column not in columns:
        raise ValueError(f"Sheet {data.get('name')!r}: no start column {start_column!r}.")
    colour_masks = tuple(sum(1 << i for i, c in enumerate(box_colours) if c == code)
                         for code in codes)
    column_masks = tuple(sum(1 << (r * width + c) for r in range(rows)) for c in range(width))
    full = (1 << (rows * width)) - 1
    sheet = Sheet(
        name=str(data["name"]), columns=columns, rows=rows, start_column=start_column,
        colours=colours, grid=grid, stars=stars,
        column_points_first=tuple(int(v) for v in data["column_points_first"]),
        column_points_later=tuple(int(v) for v in data["column_points_later"]),
        colour_bonus_first=int(data["colour_bonus_first"]),
        colour_bonus_later=int(data["colour_bonus_later"]),
        jokers=int(data["jokers"]), star_penalty=int(data["star_penalty"]),
        box_names=box_names, box_colours=box_colours, colour_masks=colour_masks,
        column_masks=column_masks, start_mask=column_masks[columns.index(start_column)],
        star_mask=sum(1 << index[s] for s in stars), full_mask=full, blocks=(), groups=(),
    )
    blocks = _blocks(sheet)
    groups = tuple(
        tuple(tuple(g for b in blocks if b & colour_masks[ci] for g in _subgroups(sheet, b, n))
              for n in range(1, MOST_PER_MARK + 1))
        for ci in range(len(codes))
    )
    return replace(sheet, blocks=blocks, groups=groups)


def _blocks(sheet: Sheet) -> tuple[int, ...]:
    """The blocks of ``sheet``, ordered by their first box."""
    found: list[int] = []
    covered = 0
    for i in range(len(sheet.box_names)):
        if covered >> i & 1:
            continue
        colour = sheet.colour_masks[sheet.colour_codes.index(sheet.box_colours[i])]
        block = 1 << i
        while True:
            grown = (block | sheet.neighbours(block)) & colour
            if grown == block:
                break
            block = grown
        found.append(block)
        covered |= block
    return tuple(found)


def _subgroups(sheet: Sheet, block: int, size: int) -> Iterator[int]:
    """Every connected set of ``size`` boxes inside ``block``, in a fixed order."""
    for chosen in combinations(bits(block), size):
        mask = sum(1 << i for i in chosen)
        if sheet.connected(mask):
            yield mask


def problems(sheet: Sheet) -> list[str]:
    """Every way ``sheet`` breaks the invariants of an Encore! sheet (empty when sound).

    Per colour: 21 boxes in blocks of sizes 1–6 (one of each) and three stars; one star per
    column; column values for every column with the first value at least the later one.
    """
    found = []
    codes = sheet.colour_codes
    for code, mask in zip(codes, sheet.colour_masks, strict=True):
        sizes = sorted(m.bit_count() for m in sheet.blocks if m & mask)
        if sizes != list(BLOCK_SIZES):
            found.append(f"colour {code} has blocks of sizes {sizes}, not 1–6")
        stars = (sheet.star_mask & mask).bit_count()
        if stars != STARS_PER_COLOUR:
            found.append(f"colour {code} has {stars} stars, not {STARS_PER_COLOUR}")
    for letter, mask in zip(sheet.columns, sheet.column_masks, strict=True):
        stars = (sheet.star_mask & mask).bit_count()
        if stars != 1:
            found.append(f"column {letter} has {stars} stars, not 1")
    if len(sheet.stars) != len(set(sheet.stars)):
        found.append("a star is listed twice")
    for name, values in (("first", sheet.column_points_first),
                         ("later", sheet.column_points_later)):
        if len(values) != sheet.width:
            found.append(f"{len(values)} {name} column values for {sheet.width} columns")
    if any(f < later for f, later in zip(sheet.column_points_first, sheet.column_points_later,
                                         strict=False)):
        found.append("a column's later value exceeds its first value")
    return found


def _data(file: str) -> Any:
    return json.loads((resources.files("rules") / "data" / file).read_text("utf-8"))


@lru_cache(maxsize=8)
def printed_sheet(name: str) -> Sheet:
    """The printed sheet called ``name``, read from the package data (``classic``)."""
    if name not in PRINTED:
        raise KeyError(name)
    return build_sheet(_data(f"encore_{name}.json"))


@lru_cache(maxsize=1)
def random_layouts() -> tuple[Mapping[str, Any], ...]:
    """Layouts (a grid and stars) for the classic sheet's shape and scoring, made by
    ``bench/encore_sheets.py`` (finding one is a search too slow to run as a game starts)."""
    return tuple(_data("encore_random.json")["layouts"])


def random_sheet_name(index: int) -> str:
    return f"{RANDOM}-{index}"


@lru_cache(maxsize=256)
def sheet_named(name: str) -> Sheet:
    """A printed sheet, or ``random-<n>``: the n-th random layout on the classic sheet."""
    if name.startswith(f"{RANDOM}-"):
        layout = random_layouts()[int(name.removeprefix(f"{RANDOM}-"))]
        return build_sheet({**_data("encore_classic.json"), "name": name,
                            "grid": layout["grid"], "stars": layout["stars"]})
    return printed_sheet(name)


#: The sheets shipped as data; each is ``rules/data/encore_<name>.json``.
PRINTED: tuple[str, ...] = ("classic",)
#: The sheet option's value for "a new layout each game" (one of :func:`random_layouts`).
RANDOM = "random"
