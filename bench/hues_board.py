"""Generate the Hues and Cues board (rules/hues/board_data.py) and print its figures.

The board is computed once from the formulas below, in OKLCH, and stored as data so the game
never depends on floating-point details at run time. Rerun after changing a formula:

    .venv/bin/python bench/hues_board.py --write          # regenerate rules/hues/board_data.py
    .venv/bin/python bench/hues_board.py --html board.html  # a grid to look at in a browser

Layout: each square is placed on a ring round the board's centre; the hue follows the ring
once round (red and pink along the top, violet and blue down the right, green along the
bottom, yellow up the left), the chroma fades towards the centre and the lightness rises
from the top rows to the bottom and towards the centre.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.hues.colour import (  # noqa: E402
    Lab,
    delta_e,
    hex_to_lab,
    in_gamut,
    lab_to_rgb,
    lch_to_lab,
    max_chroma,
    rgb_to_hex,
)

ROWS, COLS = 16, 30
#: How the edge position blends the ray's meeting point with the edge (spreads the hue evenly
#: along each side) and its angle (no kinks along the diagonals).
MIX = 0.5
#: Weight of each hue's own best lightness against the row's (top dark, bottom light).
CUSP_WEIGHT = 0.45
ROW_L = (0.38, 0.82)
CENTRE_L = 0.90
FADE = 1.2
SAT_FLOOR = 0.30
SAT_POWER = 1.2
#: The relaxation's aim for neighbouring squares' ΔE (the stored board ends a little under it).
SPREAD = 0.013
DATA = ROOT / "rules" / "hues" / "board_data.py"

#: Hue (OKLCH degrees) at points round the edge, clockwise from the top-left corner; the
#: position runs 0–4 (one unit per side: top, right, bottom, left). Unwrapped, so the hue
#: falls by exactly one turn.
HUE_STOPS: tuple[tuple[float, float], ...] = (
    (0.00, 58.0),    # top-left corner: orange
    (0.30, 30.0),    # red
    (0.60, 5.0),     # crimson
    (0.80, -18.0),   # pink
    (1.00, -42.0),   # magenta at the top-right corner
    (1.30, -68.0),   # violet
    (1.70, -100.0),  # blue
    (2.00, -128.0),  # azure at the bottom-right corner
    (2.25, -160.0),  # cyan
    (2.50, -188.0),  # teal
    (2.75, -215.0),  # green
    (3.00, -232.0),  # lime at the bottom-left corner
    (3.40, -255.0),  # yellow
    (3.75, -280.0),  # amber
    (4.00, -302.0),  # back to orange (+360)
)


def _interp(stops: tuple[tuple[float, float], ...], t: float) -> float:
    for (t0, v0), (t1, v1) in itertools.pairwise(stops):
        if t0 <= t <= t1:
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    raise ValueError(t)


def ring_position(row: int, col: int) -> tuple[float, float]:
    """(edge position 0–4 clockwise from the top-left corner, radius 0–1) of a square.

    Coordinates are scaled so the board is a square from -1 to 1; the edge position is the
    angle round the centre (a quarter turn per side, so the hue has no kinks along the
    diagonals), the radius the larger coordinate (every edge square is on the outer ring).
    """
    x = (col - (COLS - 1) / 2) / ((COLS - 1) / 2)
    y = (row - (ROWS - 1) / 2) / ((ROWS - 1) / 2)
    radius = max(abs(x), abs(y))
    angle = math.degrees(math.atan2(y, x))  # y grows downwards: -90 is straight up
    by_angle = ((angle + 135) / 90) % 4
    ex, ey = x / radius, y / radius  # where the ray from the centre meets the edge
    if ey <= -1 + 1e-9:
        along = (ex + 1) / 2
    elif ex >= 1 - 1e-9:
        along = 1 + (ey + 1) / 2
    elif ey >= 1 - 1e-9:
        along = 2 + (1 - ex) / 2
    else:
        along = 3 + (1 - ey) / 2
    if abs(along - by_angle) > 2:
        along += 4 if along < by_angle else -4
    return (MIX * along + (1 - MIX) * by_angle) % 4, radius


def cusp_lightness(hue: float) -> float:
    """The lightness at which this hue reaches its greatest chroma inside sRGB."""
    return max((max_chroma(k / 100, hue), k / 100) for k in range(20, 100))[1]


def square_lch(row: int, col: int) -> tuple[float, float, float]:
    """The OKLCH colour the formulas give a square (chroma kept inside sRGB)."""
    t, radius = ring_position(row, col)
    hue = _interp(HUE_STOPS + ((4.0 + 1e-9, HUE_STOPS[-1][1]),), t) % 360
    depth = row / (ROWS - 1)  # 0 top, 1 bottom
    row_l = ROW_L[0] + (ROW_L[1] - ROW_L[0]) * depth
    edge_l = (1 - CUSP_WEIGHT) * row_l + CUSP_WEIGHT * cusp_lightness(hue)
    fade = (1 - radius) ** FADE
    lightness = edge_l + (CENTRE_L - edge_l) * fade
    saturation = SAT_FLOOR + (1 - SAT_FLOOR) * radius ** SAT_POWER
    chroma = max_chroma(lightness, hue) * saturation * 0.96
    return lightness, chroma, hue


def generate() -> tuple[str, ...]:
    """The 480 hex colours, row by row from A1 to P30."""
    labs = [lch_to_lab(square_lch(row, col)) for row in range(ROWS) for col in range(COLS)]
    labs = spread(labs)
    out = []
    for lab in labs:
        assert in_gamut(lab, 1e-6), lab
        out.append(rgb_to_hex(lab_to_rgb(lab)))
    return tuple(out)


def spread(labs: list[Lab], target: float = SPREAD, rounds: int = 600) -> list[Lab]:
    """Nudge apart neighbouring squares closer than ``target`` (a gentle relaxation).

    Where the hue turns slowly (far from the centre, along the long rows) the formulas put
    horizontal neighbours only ~0.008 apart; pushing each such pair apart along its own
    difference, a little per round and never out of sRGB, lifts the floor without visibly
    changing the picture.
    """
    labs = list(labs)
    pairs = [(r * COLS + c, (r + dr) * COLS + c + dc)
             for r in range(ROWS) for c in range(COLS)
             for dr in range(3) for dc in range(-2, 3) if (dr, dc) > (0, 0)
             if 0 <= r + dr < ROWS and 0 <= c + dc < COLS]
    for _ in range(rounds):
        moved = False
        for i, j in pairs:
            d = delta_e(labs[i], labs[j])
            if d >= target or d == 0:
                continue
            step = (target - d) * 0.3 / d
            diff = [p - q for p, q in zip(labs[i], labs[j], strict=True)]
            for k, sign in ((i, 1), (j, -1)):
                candidate = tuple(v + sign * step * dv for v, dv in zip(labs[k], diff, strict=True))
                if in_gamut(candidate, 0):
                    labs[k] = candidate  # type: ignore[assignment]
                    moved = True
        if not moved:
            break
    return labs


def figures(colours: tuple[str, ...]) -> dict[str, float]:
    labs = [hex_to_lab(c) for c in colours]
    pairs = [delta_e(labs[i], labs[j]) for i in range(len(labs)) for j in range(i)]
    neighbours = []
    for row in range(ROWS):
        for col in range(COLS):
            i = row * COLS + col
            if col + 1 < COLS:
                neighbours.append(delta_e(labs[i], labs[i + 1]))
            if row + 1 < ROWS:
                neighbours.append(delta_e(labs[i], labs[i + COLS]))
    return {
        "distinct": len(set(colours)),
        "min_pair_de": min(pairs),
        "neighbour_de_min": min(neighbours),
        "neighbour_de_median": statistics.median(neighbours),
        "neighbour_de_max": max(neighbours),
    }


def html(colours: tuple[str, ...]) -> str:
    """A page showing the board with its row letters and column numbers."""
    label = "color:#ccc;font:14px sans-serif;display:flex;align-items:center;justify-content:center"
    cells = [f'<div style="{label}"></div>']
    cells += [f'<div style="{label}">{col + 1}</div>' for col in range(COLS)]
    for row in range(ROWS):
        cells.append(f'<div style="{label}">{chr(ord("A") + row)}</div>')
        for col in range(COLS):
            cells.append(f'<div style="background:{colours[row * COLS + col]}"></div>')
    return (
        "<!doctype html><html><body style='margin:0;background:#1d1d1d'>"
        "<div style='display:grid;grid-template-columns:repeat(31,40px);"
        "grid-auto-rows:40px;gap:2px;padding:8px'>" + "".join(cells) + "</div></body></html>"
    )


def write(colours: tuple[str, ...]) -> None:
    lines = [
        '"""The Hues and Cues board: 480 sRGB colours, row by row from A1 to P30.',
        "",
        "Generated by bench/hues_board.py from OKLCH formulas; do not edit by hand.",
        '"""',
        "",
        "COLOURS: tuple[str, ...] = (",
    ]
    for row in range(ROWS):
        chunk = colours[row * COLS:(row + 1) * COLS]
        lines.append(f"    # row {chr(ord('A') + row)}")
        for i in range(0, COLS, 6):
            lines.append("    " + " ".join(f'"{c}",' for c in chunk[i:i + 6]))
    lines.append(")")
    DATA.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite rules/hues/board_data.py")
    parser.add_argument("--html", type=Path, help="write an HTML grid of the board here")
    args = parser.parse_args()
    colours = generate()
    for name, value in figures(colours).items():
        print(f"{name:22} {value:.4f}" if isinstance(value, float) else f"{name:22} {value}")
    if args.html:
        args.html.write_text(html(colours), encoding="utf-8")
    if args.write:
        write(colours)
        print(f"wrote {DATA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
