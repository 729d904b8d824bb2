"""Encore! scoring: column and colour values (first or later), unused "!", missing stars.

A **first** is a column or colour completed before anyone else: everybody who completes it in
the same roll scores the upper value, anybody later the lower one. Firsts are recorded per
column and colour as the seats that took them (empty while still open); a column completed
during the roll being played, before settlement, counts as first while it is still open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.encore.sheet import Sheet


@dataclass(frozen=True)
class Score:
    """One player's points, part by part; ``stars`` is the (negative) star penalty."""

    columns: int
    colours: int
    jokers: int
    stars: int
    total: int


@dataclass(frozen=True)
class Rating:
    """The solo verdict: ``level`` 0 (``poor``, 0 or less) to 11 (``superb``, over 40).

    Levels 1–10 are the bands 1–4, 5–8, …, 37–40 (``band``); ``low``/``high`` bound the band
    (None where open-ended), so the browser can print it in any language.
    """

    level: int
    code: str
    low: int | None
    high: int | None


def complete_columns(sheet: Sheet, marked: int) -> tuple[int, ...]:
    return tuple(i for i, m in enumerate(sheet.column_masks) if m & marked == m)


def complete_colours(sheet: Sheet, marked: int) -> tuple[int, ...]:
    return tuple(i for i, m in enumerate(sheet.colour_masks) if m & marked == m)


def takes_first(seat: int, firsts: Sequence[int]) -> bool:
    """Whether a completion by ``seat`` scores the upper value, given who took the first."""
    return not firsts or seat in firsts


def score(sheet: Sheet, marked: int, jokers_used: int, seat: int,
          column_firsts: Sequence[Sequence[int]], colour_firsts: Sequence[Sequence[int]]
          ) -> Score:
    """The points of ``seat`` with crosses ``marked`` as things stand."""
    columns = sum(
        sheet.column_points_first[i] if takes_first(seat, column_firsts[i])
        else sheet.column_points_later[i]
        for i in complete_columns(sheet, marked))
    colours = sum(
        sheet.colour_bonus_first if takes_first(seat, colour_firsts[i])
        else sheet.colour_bonus_later
        for i in complete_colours(sheet, marked))
    jokers = sheet.jokers - jokers_used
    stars = -sheet.star_penalty * (sheet.star_mask & ~marked).bit_count()
    return Score(columns, colours, jokers, stars, columns + colours + jokers + stars)


#: Solo bands: a level per 4 points from 1–4 up to 37–40, "superb" above, "poor" at 0 or less.
BAND = 4
TOP_BAND = 10


def rating(total: int) -> Rating:
    """The solo rating for a final score of ``total``."""
    if total <= 0:
        return Rating(0, "poor", None, 0)
    level = (total - 1) // BAND + 1
    if level > TOP_BAND:
        return Rating(TOP_BAND + 1, "superb", TOP_BAND * BAND + 1, None)
    return Rating(level, "band", (level - 1) * BAND + 1, level * BAND)
