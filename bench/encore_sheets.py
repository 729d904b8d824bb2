"""Generate the Encore! "new sheet each game" layouts (rules/data/encore_random.json).

The rule reference suggests an option for a random valid sheet. Finding one is a search
(a few tenths of a second, now and then seconds), too slow and too uneven to run when a
game starts, so layouts are found here once and stored as data; the game picks one by its
seed. Rerun to make more or different ones:

    .venv/bin/python bench/encore_sheets.py --count 120 --write

A layout keeps the classic sheet's shape and scoring (15 columns of 7 boxes, column values,
colour bonuses, jokers) and its invariants: five colours of 21 boxes, each in blocks of sizes
1 to 6 (one of each; blocks of one colour never touch side by side, or they would be one
block), every colour in every column (so each can start in column H), one star per column
and three per colour. The search tiles the grid column by column: the first empty box (down
the column, columns left to right) is covered by a block still to place, in a shape that
lies in empty boxes after it and touches no block of its colour. It prunes when a column can
no longer get the colours it lacks (each must fit a free box with no neighbour of that
colour: a matching), or an empty area cannot be made up from the blocks left; it favours the
colours with the most boxes left and larger blocks, keeping small ones for the last holes.
A search that runs long starts again with the generator's next draws.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.encore.sheet import (  # noqa: E402
    BLOCK_SIZES,
    STARS_PER_COLOUR,
    build_sheet,
    printed_sheet,
    problems,
)

OUT = ROOT / "rules" / "data" / "encore_random.json"
#: Search steps before a search starts afresh.
STEPS = 400


class Tiling:
    """One search: the colour (index) on each box so far, and the blocks still to place."""

    def __init__(self, width: int, rows: int, colours: int, draw: random.Random) -> None:
        self.width, self.rows, self.colours, self.draw = width, rows, colours, draw
        size = width * rows
        self.around = [[n for n, ok in ((b - width, b >= width), (b + width, b < size - width),
                                        (b - 1, b % width > 0), (b + 1, b % width < width - 1))
                        if ok] for b in range(size)]
        self.order = [r * width + c for c in range(width) for r in range(rows)]
        self.rank = [0] * size
        for n, box in enumerate(self.order):
            self.rank[box] = n
        self.cells: list[int | None] = [None] * size
        self.left = {(c, s) for c in range(colours) for s in BLOCK_SIZES}
        self.steps = 0

    def shapes(self, start: int, size: int) -> list[frozenset[int]]:
        """Connected sets of ``size`` empty boxes whose first box in filling order is
        ``start``, in a fixed order (so only the draws decide)."""
        first = self.rank[start]
        frontier = {frozenset({start})}
        for _ in range(size - 1):
            frontier = {shape | {n} for shape in frontier for box in shape
                        for n in self.around[box]
                        if n not in shape and self.cells[n] is None and self.rank[n] > first}
        return sorted(frontier, key=sorted)

    def touches(self, shape: frozenset[int], colour: int) -> bool:
        return any(self.cells[n] == colour for box in shape for n in self.around[box]
                   if n not in shape)

    def column_can_finish(self, column: int) -> bool:
        """The colours a column lacks can each still go in a different free box of it that
        has no neighbour of that colour."""
        boxes = [r * self.width + column for r in range(self.rows)]
        present = {self.cells[b] for b in boxes}
        missing = [c for c in range(self.colours) if c not in present]
        free = [b for b in boxes if self.cells[b] is None]
        if len(missing) > len(free):
            return False
        fits = {b: {c for c in missing if all(self.cells[n] != c for n in self.around[b])}
                for b in free}
        taken: dict[int, int] = {}

        def place(colour: int, seen: set[int]) -> bool:
            for box in free:
                if colour in fits[box] and box not in seen:
                    seen.add(box)
                    if box not in taken or place(taken[box], seen):
                        taken[box] = colour
                        return True
            return False
        return all(place(colour, set()) for colour in missing)

    def areas_fillable(self) -> bool:
        """Each empty area has a size the blocks left can add up to."""
        sums = 1  # bit n: some of the blocks left add up to n boxes
        for _, size in self.left:
            sums |= sums << size
        seen: set[int] = set()
        for box, colour in enumerate(self.cells):
            if colour is not None or box in seen:
                continue
            area, todo = 0, [box]
            seen.add(box)
            while todo:
                here = todo.pop()
                area += 1
                for n in self.around[here]:
                    if self.cells[n] is None and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if not sums >> area & 1:
                return False
        return True

    def blocks_in_order(self) -> list[tuple[int, int]]:
        """The blocks left in a random order favouring colours with more boxes left and
        larger blocks."""
        boxes_left = [0] * self.colours
        for colour, size in self.left:
            boxes_left[colour] += size
        keyed = [(self.draw.random() ** (1 / (boxes_left[c] ** 2 * s)), (c, s))
                 for c, s in sorted(self.left)]
        return [block for _, block in sorted(keyed, reverse=True)]

    def solve(self) -> bool:
        self.steps += 1
        if self.steps > STEPS:
            return False
        start = next((b for b in self.order if self.cells[b] is None), None)
        if start is None:
            return True
        beside = {self.cells[n] for n in self.around[start]}
        shapes_of: dict[int, list[frozenset[int]]] = {}
        for colour, size in self.blocks_in_order():
            if colour in beside:
                continue
            if size not in shapes_of:
                shapes_of[size] = self.shapes(start, size)
            shapes = list(shapes_of[size])
            self.draw.shuffle(shapes)
            for shape in shapes:
                if self.touches(shape, colour):
                    continue
                for box in shape:
                    self.cells[box] = colour
                self.left.discard((colour, size))
                columns = {b % self.width for b in shape} | {start % self.width}
                columns |= {c + 1 for c in columns if c + 1 < self.width}
                if (all(self.column_can_finish(c) for c in columns) and self.areas_fillable()
                        and self.solve()):
                    return True
                self.left.add((colour, size))
                for box in shape:
                    self.cells[box] = None
                if self.steps > STEPS:
                    return False
        return False


def layout(draw: random.Random) -> dict[str, list[str]]:
    """One layout: the grid (a string of colour codes per row) and the stars."""
    classic = printed_sheet("classic")
    codes = classic.colour_codes
    while True:
        tiling = Tiling(classic.width, classic.rows, len(codes), draw)
        if tiling.solve():
            break
    cells = [codes[c] for c in tiling.cells if c is not None]
    grid = ["".join(cells[r * classic.width:(r + 1) * classic.width])
            for r in range(classic.rows)]
    # One star per column, three per colour: every colour is in every column, so any
    # assignment of three columns to each colour will do.
    star_colours = [code for code in codes for _ in range(STARS_PER_COLOUR)]
    draw.shuffle(star_colours)
    stars = []
    for c, code in enumerate(star_colours):
        row = draw.choice([r for r in range(classic.rows) if grid[r][c] == code])
        stars.append(f"{classic.columns[c]}{row + 1}")
    return {"grid": grid, "stars": stars}


def check(entry: dict[str, list[str]]) -> list[str]:
    """The invariants a layout breaks (empty when sound)."""
    classic = printed_sheet("classic")
    sheet = build_sheet({
        "name": "check", "columns": classic.columns, "rows": classic.rows,
        "start_column": classic.start_column, "colours": dict(classic.colours),
        "grid": entry["grid"], "stars": entry["stars"],
        "column_points_first": classic.column_points_first,
        "column_points_later": classic.column_points_later,
        "colour_bonus_first": classic.colour_bonus_first,
        "colour_bonus_later": classic.colour_bonus_later,
        "jokers": classic.jokers, "star_penalty": classic.star_penalty})
    found = problems(sheet)
    for c, letter in enumerate(classic.columns):
        if len({row[c] for row in entry["grid"]}) != len(classic.colours):
            found.append(f"column {letter} lacks a colour")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--seed", default="encore-sheets-1")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    args = parser.parse_args()
    draw = random.Random(args.seed)
    classic = printed_sheet("classic")
    entries: list[dict[str, list[str]]] = []
    seconds = []
    while len(entries) < args.count:
        t0 = time.perf_counter()
        entry = layout(draw)
        seconds.append(time.perf_counter() - t0)
        assert not check(entry), check(entry)
        known = [list(classic.grid), *(e["grid"] for e in entries)]
        if entry["grid"] not in known:
            entries.append(entry)
    print(f"{len(entries)} layouts; search time per layout: median "
          f"{statistics.median(seconds) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms")
    print("\n".join(entries[0]["grid"]))
    if args.write:
        OUT.write_text(json.dumps({"source": "bench/encore_sheets.py", "seed": args.seed,
                                   "layouts": entries}, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
