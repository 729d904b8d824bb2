"""The Hues and Cues board and deck: the stored colours keep the properties we designed for.

Hues are OKLCH degrees: red ≈ 20–40, pink/magenta ≈ 320–360, violet ≈ 280–320,
blue ≈ 240–280, green ≈ 125–160, yellow ≈ 85–115.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import statistics
import sys
from pathlib import Path

import pytest

from rules.hues import board, game
from rules.hues.board_data import COLOURS
from rules.hues.colour import (
    delta_e,
    hex_to_lab,
    hex_to_rgb,
    in_gamut,
    lab_to_lch,
    lab_to_rgb,
    lch_to_lab,
    rgb_to_hex,
    rgb_to_lab,
)

ROOT = Path(__file__).resolve().parents[2]


def lch(square: str) -> tuple[float, float, float]:
    return lab_to_lch(board.LABS[board.INDEX[square]])


def edge_clockwise() -> list[str]:
    """The edge squares clockwise from A1: along the top, down the right, back, up the left."""
    top = [f"A{c}" for c in range(1, 31)]
    right = [f"{r}30" for r in board.ROW_LETTERS[1:]]
    bottom = [f"P{c}" for c in range(29, 0, -1)]
    left = [f"{r}1" for r in reversed(board.ROW_LETTERS[1:-1])]
    return top + right + bottom + left


def test_board_has_480_distinct_colours_named_a1_to_p30() -> None:
    assert len(COLOURS) == len(board.SQUARES) == 480
    assert len(set(COLOURS)) == 480
    assert board.SQUARES[0] == "A1" and board.SQUARES[29] == "A30" and board.SQUARES[-1] == "P30"
    assert all(len(c) == 7 and c.startswith("#") for c in COLOURS)


def test_no_two_squares_are_closer_than_a_small_delta_e() -> None:
    labs = board.LABS
    closest = min(delta_e(a, b) for a, b in itertools.combinations(labs, 2))
    assert closest >= 0.010


def test_neighbours_are_close() -> None:
    steps = []
    for square in board.SQUARES:
        row, col = board.position(square)
        for dr, dc in ((0, 1), (1, 0)):
            if row + dr < board.ROWS and col + dc < board.COLUMNS:
                other = board.SQUARES[(row + dr) * board.COLUMNS + col + dc]
                here, there = board.LABS[board.INDEX[square]], board.LABS[board.INDEX[other]]
                steps.append(delta_e(here, there))
    assert max(steps) < 0.10
    assert statistics.median(steps) < 0.03
    # far squares are far: opposite corners differ a lot
    assert delta_e(board.LABS[board.INDEX["A1"]], board.LABS[board.INDEX["P30"]]) > 0.3


def test_hue_turns_once_round_the_edge_clockwise() -> None:
    hues = [lch(s)[2] for s in edge_clockwise()]
    turned = 0.0
    for before, after in itertools.pairwise([*hues, hues[0]]):
        step = (after - before + 180) % 360 - 180
        assert step < 0, "the hue must keep falling clockwise round the edge"
        turned += step
    assert turned == pytest.approx(-360, abs=1)


def _has(squares: list[str], low: float, high: float) -> bool:
    return any(low <= lch(s)[2] <= high for s in squares)


def test_edges_carry_the_agreed_hues() -> None:
    top = [f"A{c}" for c in range(1, 31)]
    right = [f"{r}30" for r in board.ROW_LETTERS]
    bottom = [f"P{c}" for c in range(1, 31)]
    left = [f"{r}1" for r in board.ROW_LETTERS]
    assert _has(top, 20, 40) and _has(top, 330, 360), "red and pink along the top"
    assert _has(left, 85, 115), "yellow at the left"
    assert _has(bottom, 125, 160), "green at the bottom"
    assert _has(right, 240, 280) and _has(right, 285, 315), "blue and violet at the right"
    assert not _has(right, 60, 180) and not _has(left, 200, 330)


def test_top_rows_are_darker_and_the_centre_is_paler() -> None:
    def mean(squares: list[str], index: int) -> float:
        return statistics.mean(lch(s)[index] for s in squares)

    rows = [[f"{r}{c}" for c in range(1, 31)] for r in board.ROW_LETTERS]
    lightness = [mean(row, 0) for row in rows]
    assert lightness == sorted(lightness), "each row lighter than the one above"
    centre = [f"{r}{c}" for r in "GHIJ" for c in range(13, 19)]
    rim = [s for s in board.SQUARES if s in set(edge_clockwise())]
    assert mean(centre, 1) < 0.5 * mean(rim, 1), "chroma fades towards the centre"
    assert mean(centre, 0) > mean(rim, 0), "and the centre is light"


def test_every_colour_is_inside_srgb_and_round_trips() -> None:
    for hex_ in COLOURS:
        lab = hex_to_lab(hex_)
        assert in_gamut(lab, 1e-7)
        assert rgb_to_hex(lab_to_rgb(lab)) == hex_


def test_colour_formulas_agree_with_coloraide() -> None:
    coloraide = pytest.importorskip("coloraide")
    for hex_ in ("#ff0000", "#00ff00", "#0000ff", "#ffffff", "#808080", *COLOURS[::37]):
        ours = hex_to_lab(hex_)
        theirs = coloraide.Color(hex_).convert("oklab").coords()
        assert ours == pytest.approx(theirs, abs=2e-4), hex_
        back = lab_to_rgb(lch_to_lab(lab_to_lch(ours)))
        assert back == pytest.approx(hex_to_rgb(hex_), abs=1e-5)
    assert rgb_to_lab((1.0, 1.0, 1.0)) == pytest.approx((1.0, 0.0, 0.0), abs=1e-4)


def test_generator_reproduces_the_stored_board() -> None:
    path = ROOT / "bench" / "hues_board.py"
    spec = importlib.util.spec_from_file_location("hues_board_generator", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
        assert module.generate() == COLOURS, "rerun bench/hues_board.py --write"
    finally:
        del sys.modules[spec.name]


def test_frame_and_ring_are_cut_off_at_the_edges() -> None:
    assert len(board.around("H15", 1)) == 9 and len(board.around("H15", 2)) == 25
    assert set(board.around("A1", 1)) == {"A1", "A2", "B1", "B2"}
    assert len(board.around("A1", 2)) == 9
    assert len(board.around("A15", 1)) == 6 and len(board.around("P30", 2)) == 9
    assert board.distance("A1", "C3") == 2 and board.distance("C12", "D12") == 1


def test_deck_is_100_cards_of_4_distinct_squares_from_the_seed() -> None:
    state = game.start(["a", "b", "c"], 5)
    deck = state.deck
    assert len(deck) == 100 and all(len(card) == 4 for card in deck)
    squares = [s for card in deck for s in card]
    assert len(set(squares)) == 400 and set(squares) <= set(board.SQUARES)
    for card in deck:  # one square from each quarter of the board
        quarters = {(board.position(s)[0] >= 8, board.position(s)[1] >= 15) for s in card}
        assert len(quarters) == 4
    assert game.start(["a", "b", "c"], 5).deck == deck
    assert game.start(["a", "b", "c"], 6).deck != deck


def test_board_asset_publishes_the_480_colours() -> None:
    asset = game.asset("board.json")
    assert asset is not None and asset.media_type == "application/json"
    data = json.loads(asset.body)
    assert (data["rows"], data["columns"]) == (16, 30)
    assert data["row_letters"] == "ABCDEFGHIJKLMNOP"
    assert data["colours"] == list(COLOURS)
    assert game.asset("nothing.json") is None
