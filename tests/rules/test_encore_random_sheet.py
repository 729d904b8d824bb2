"""The "random" sheet option: a layout per game from ``rules/data/encore_random.json`` (made
by ``bench/encore_sheets.py``), each on the classic sheet's shape and scoring and keeping
every invariant of a sheet; the game's seed picks it, and bots play on any of them."""

from __future__ import annotations

import pytest

from rules.encore import Options, game
from rules.encore.engine import sheet_of
from rules.encore.sheet import (
    BLOCK_SIZES,
    STARS_PER_COLOUR,
    printed_sheet,
    problems,
    random_layouts,
    random_sheet_name,
    sheet_named,
)

CLASSIC = printed_sheet("classic")
LAYOUTS = random_layouts()


def test_there_are_many_layouts_all_different_and_none_the_classic_one() -> None:
    grids = {tuple(layout["grid"]) for layout in LAYOUTS}
    assert len(LAYOUTS) >= 100 and len(grids) == len(LAYOUTS)
    assert CLASSIC.grid not in grids


@pytest.mark.parametrize("index", range(len(LAYOUTS)))
def test_every_layout_keeps_every_invariant_of_a_sheet(index: int) -> None:
    sheet = sheet_named(random_sheet_name(index))
    assert problems(sheet) == []  # 21 boxes per colour in blocks 1-6, 3 stars each, 1 per column
    for code, mask in zip(sheet.colour_codes, sheet.colour_masks, strict=True):
        assert sorted(b.bit_count() for b in sheet.blocks if b & mask) == list(BLOCK_SIZES)
        assert (sheet.star_mask & mask).bit_count() == STARS_PER_COLOUR, code
    for letter, mask in zip(sheet.columns, sheet.column_masks, strict=True):
        colours = {sheet.box_colours[i] for i in range(len(sheet.box_names)) if mask >> i & 1}
        assert colours == set(sheet.colour_codes), f"column {letter} lacks a colour"
    assert (sheet.columns, sheet.rows, sheet.start_column) == (
        CLASSIC.columns, CLASSIC.rows, CLASSIC.start_column)
    assert (sheet.column_points_first, sheet.column_points_later, sheet.jokers) == (
        CLASSIC.column_points_first, CLASSIC.column_points_later, CLASSIC.jokers)


def test_the_seed_picks_the_layout_the_same_seed_the_same_one() -> None:
    players = ("ann", "bob")
    names = [game.setup(players, seed, Options(sheet="random")).sheet for seed in range(40)]
    assert names == [game.setup(players, seed, Options(sheet="random")).sheet for seed in range(40)]
    assert len(set(names)) >= 30  # 40 games, 120 layouts: nearly all different
    assert all(name.startswith("random-") for name in names)
    assert game.setup(players, 0, Options()).sheet == "classic"


def test_the_view_draws_the_random_layout() -> None:
    state = game.setup(("ann",), 7, Options(sheet="random"))
    view = game.view(state, "ann")
    assert tuple(view.sheet.grid) == sheet_of(state).grid != CLASSIC.grid
    assert tuple(view.sheet.stars) == sheet_of(state).stars


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_bots_finish_games_on_random_sheets(players: int) -> None:
    for seed in range(3):
        state = game.start(tuple(f"p{i}" for i in range(players)), seed, {"sheet": "random"})
        for _ in range(2000):
            if game.outcome(state) is not None:
                break
            player = sorted(game.to_act(state))[0]
            state = game.apply(state, player, game.bot_action(state, player))
        outcome = game.outcome(state)
        assert outcome is not None and len(outcome.scores) == players
