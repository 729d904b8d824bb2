"""The classic Encore! sheet carried as data: its invariants and the geometry built on it.

The classic sheet, rows 1–7 top to bottom, columns A–O (G green, Y yellow, B blue, P pink,
O orange)::

    GGGYYYYGBBBOYYY
    OGYGYYOOPBBOOGG
    BGPGGGGPPPYYOGG
    BPPGOOBBGGYYOPB
    POOOOPBBOOOPPPP
    PBBPPPPYYOPBBBO
    YYBBBBPYYYGGGOO
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.encore.sheet import build_sheet, printed_sheet, problems

CLASSIC = printed_sheet("classic")


def _data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "copy", "columns": CLASSIC.columns, "rows": CLASSIC.rows,
        "start_column": CLASSIC.start_column, "colours": dict(CLASSIC.colours),
        "grid": list(CLASSIC.grid), "stars": list(CLASSIC.stars),
        "column_points_first": list(CLASSIC.column_points_first),
        "column_points_later": list(CLASSIC.column_points_later),
        "colour_bonus_first": 5, "colour_bonus_later": 3, "jokers": 8, "star_penalty": 2,
    }
    data.update(changes)
    return data


def test_classic_sheet_has_no_problems() -> None:
    assert problems(CLASSIC) == []


def test_classic_sheet_is_fifteen_columns_by_seven_rows_in_five_colours() -> None:
    assert CLASSIC.columns == "ABCDEFGHIJKLMNO"
    assert CLASSIC.rows == 7
    assert [name for _, name in CLASSIC.colours] == ["green", "yellow", "blue", "pink", "orange"]
    assert CLASSIC.grid[0] == "GGGYYYYGBBBOYYY"
    assert CLASSIC.grid[6] == "YYBBBBPYYYGGGOO"


def test_every_colour_has_21_boxes_in_blocks_of_sizes_one_to_six() -> None:
    assert Counter(CLASSIC.box_colours) == {c: 21 for c in "GYBPO"}
    for code, mask in zip(CLASSIC.colour_codes, CLASSIC.colour_masks, strict=True):
        sizes = sorted(b.bit_count() for b in CLASSIC.blocks if b & mask)
        assert sizes == [1, 2, 3, 4, 5, 6], code
    assert len(CLASSIC.blocks) == 30


def test_blocks_are_connected_single_colour_areas_covering_the_sheet() -> None:
    covered = 0
    for block in CLASSIC.blocks:
        assert CLASSIC.connected(block)
        assert len({CLASSIC.box_colours[i] for i in range(105) if block >> i & 1}) == 1
        assert not covered & block
        covered |= block
        # maximal: no neighbour of the block has its colour
        colour = next(CLASSIC.colour_masks[k] for k in range(5) if CLASSIC.colour_masks[k] & block)
        assert not CLASSIC.neighbours(block) & colour
    assert covered == CLASSIC.full_mask


def test_fifteen_stars_one_per_column_three_per_colour() -> None:
    stars = CLASSIC.stars
    assert len(stars) == 15 == len(set(stars))
    assert sorted(s[0] for s in stars) == list(CLASSIC.columns)
    colours = Counter(CLASSIC.box_colours[CLASSIC.box_index(s) or 0] for s in stars)
    assert colours == {c: 3 for c in "GYBPO"}
    assert CLASSIC.star_mask.bit_count() == 15


def test_column_h_is_the_start_column() -> None:
    assert CLASSIC.start_column == "H"
    assert CLASSIC.names(CLASSIC.start_mask) == tuple(f"H{r}" for r in range(1, 8))


def test_column_and_colour_values_are_as_printed() -> None:
    assert CLASSIC.column_points_first == (5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5)
    assert CLASSIC.column_points_later == (3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3)
    assert (CLASSIC.colour_bonus_first, CLASSIC.colour_bonus_later) == (5, 3)
    assert CLASSIC.jokers == 8
    assert CLASSIC.star_penalty == 2


def test_box_names_are_column_letter_and_row_from_the_top() -> None:
    assert CLASSIC.box_index("A1") == 0
    assert CLASSIC.box_index("O1") == 14
    assert CLASSIC.box_index("H3") == 2 * 15 + 7
    assert CLASSIC.box_colours[CLASSIC.box_index("H3") or 0] == "P"
    for bad in ("P1", "A0", "A8", "h3", "", "H"):
        assert CLASSIC.box_index(bad) is None


def test_neighbours_do_not_wrap_around_the_edges() -> None:
    mask = 1 << (CLASSIC.box_index("O1") or 0)
    assert set(CLASSIC.names(CLASSIC.neighbours(mask))) == {"N1", "O2"}
    mask = 1 << (CLASSIC.box_index("A4") or 0)
    assert set(CLASSIC.names(CLASSIC.neighbours(mask))) == {"A3", "A5", "B4"}


def test_groups_are_every_connected_part_of_a_block_up_to_five_boxes() -> None:
    total = 0
    for ci, by_size in enumerate(CLASSIC.groups):
        for size, groups in enumerate(by_size, start=1):
            for g in groups:
                assert g.bit_count() == size
                assert CLASSIC.connected(g)
                assert g & CLASSIC.colour_masks[ci] == g
            total += len(groups)
    # a block of 1..6 boxes of this shape has this many connected parts of 1..5 boxes
    assert total == 321


@pytest.mark.parametrize(("change", "complaint"), [
    ({"stars": [*CLASSIC.stars[:-1], "N6"]}, "column N has 2 stars"),
    ({"grid": ["GGGGYYYGBBBOYYY", *CLASSIC.grid[1:]]}, "colour G has blocks of sizes"),
    ({"column_points_later": [6, *CLASSIC.column_points_later[1:]]}, "later value exceeds"),
])
def test_problems_names_each_broken_invariant(change: dict[str, object], complaint: str) -> None:
    found = problems(build_sheet(_data(**change)))
    assert any(complaint in p for p in found), found


def test_a_ragged_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="grid"):
        build_sheet(_data(grid=["GGG", *CLASSIC.grid[1:]]))
