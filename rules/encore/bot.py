"""The Encore! bot: it weighs every legal mark of this roll against its sheet and takes the best.

It decides from what its player may know: the public sheets and firsts, the dice, the active
player's (public) choice and its own sheet. It never reads another player's pending choice.

A mark is worth how much better the bot's sheet looks after it (:class:`Weights` holds the
constants, tuned over seeded solo games and checked head to head in 2–4 player games):

- **stars** it crosses, at the full star penalty they save;
- **columns** it brings closer: a column's value (first if still open, later if taken) times
  a likelihood of completing it that falls steeply with the boxes still open in it and with
  the **pieces** they form (a piece is a connected run of open boxes of one block, and each
  needs a mark of its own), so the bot finishes columns rather than starting many;
- its **colour** brought closer the same way (open boxes, and the marks its pieces need);
- **reach**: open boxes the sheet can grow into next (next to a cross, or in the start column);
- **pieces**: each piece a mark leaves behind costs, and each it finishes pays, about as much
  as a star: marks that cross a whole piece use the dice fully, while splitting a block leaves
  leftovers that each take a later roll with a fitting die (tuning found every size alike);
- a price per joker die, well above the point an unused "!" scores.

In solo, whatever is not yet scored fades as the 30 rolls run out, so late marks cash in what
they can (stars, completions). A mark that would end the game (a second colour) is wanted
only when the bot would lead.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.base import NotYourTurn, PlayerId
from rules.encore.engine import (
    COLOURS_TO_END,
    SOLO_ROLLS,
    Action,
    Mark,
    Pass,
    Roll,
    State,
    distinct_pairs,
    is_solo,
    phase,
    sheet_of,
    waiting_for,
)
from rules.encore.marking import joker_cost, pair_groups
from rules.encore.scoring import complete_colours, score, takes_first
from rules.encore.sheet import MOST_PER_MARK, Sheet, bits, sheet_named


@dataclass(frozen=True)
class Weights:
    """The bot's constants (defaults tuned over seeded games; see bench/encore_strength.py)."""

    #: Likelihood of completing a column with k open boxes: ``column[k - 1]`` (k = 1 … 7) ...
    column: tuple[float, ...] = (0.642, 0.412, 0.265, 0.170, 0.109, 0.070, 0.045)
    #: ... times this per piece its open boxes form.
    column_piece: float = 0.81855
    #: Likelihood of completing a colour: this per open box, times ``colour_mark`` per mark its
    #: open pieces still need; the colour's part is scaled by ``colour_share``.
    colour_box: float = 0.99
    colour_mark: float = 0.9095
    colour_share: float = 0.8
    #: Per open box the sheet can grow into next.
    reach: float = 0.2
    #: Per piece a mark leaves behind (negative: per piece it finishes).
    fragment: float = 2.34
    #: Per crossed box on its own.
    per_box: float = 0.0125
    #: Price of one joker die.
    joker: float = 2.5
    #: Solo: what is not yet scored counts ``1 - exp(-rolls left / horizon)``.
    horizon: float = 5.0
    #: Completing a second colour (which ends the game) while ahead / while not ahead.
    end_ahead: float = 8.0
    end_behind: float = -25.0


WEIGHTS = Weights()


@dataclass(frozen=True)
class _Geometry:
    """The sheet's blocks, for quick lookups: which block a box is in, its columns and colour,
    and for every subset of a block's boxes, the connected pieces it falls into."""

    block_of: tuple[int, ...]  # by box
    columns: tuple[tuple[int, ...], ...]  # by block
    colour: tuple[int, ...]  # by block
    pieces: tuple[Mapping[int, tuple[int, ...]], ...]  # by block: open boxes -> pieces


def _split(sheet: Sheet, mask: int) -> tuple[int, ...]:
    """The orthogonally connected pieces of ``mask``."""
    found = []
    while mask:
        piece = mask & -mask
        while True:
            grown = (piece | sheet.neighbours(piece)) & mask
            if grown == piece:
                break
            piece = grown
        mask &= ~piece
        found.append(piece)
    return tuple(found)


@lru_cache(maxsize=256)
def _geometry(name: str) -> _Geometry:
    sheet = sheet_named(name)
    block_of = [0] * len(sheet.box_names)
    tables = []
    for b, block in enumerate(sheet.blocks):
        boxes = list(bits(block))
        for i in boxes:
            block_of[i] = b
        subsets = (sum(1 << box for j, box in enumerate(boxes) if chosen >> j & 1)
                   for chosen in range(1 << len(boxes)))
        tables.append({mask: _split(sheet, mask) for mask in subsets})
    return _Geometry(
        block_of=tuple(block_of),
        columns=tuple(tuple(c for c, m in enumerate(sheet.column_masks) if m & block)
                      for block in sheet.blocks),
        colour=tuple(sheet.colour_codes.index(sheet.box_colours[(block & -block).bit_length() - 1])
                     for block in sheet.blocks),
        pieces=tuple(tables),
    )


def _marks_needed(pieces: Sequence[int]) -> int:
    return sum(-(-p.bit_count() // MOST_PER_MARK) for p in pieces)


class _Judge:
    """Values marks for one seat in one state (what the sheet looks like now is worked out once)."""

    def __init__(self, state: State, seat: int, weights: Weights) -> None:
        self.state, self.seat, self.w = state, seat, weights
        sheet = self.sheet = sheet_of(state)
        geometry = self.geometry = _geometry(sheet.name)
        marked = self.marked = state.marks[seat]
        self.pieces = [geometry.pieces[b][block & ~marked] for b, block in enumerate(sheet.blocks)]
        self.column_pieces = [0] * sheet.width
        self.colour_marks = [0] * len(sheet.colours)
        for b, pieces in enumerate(self.pieces):
            for c in geometry.columns[b]:
                self.column_pieces[c] += sum(1 for p in pieces if p & sheet.column_masks[c])
            self.colour_marks[geometry.colour[b]] += _marks_needed(pieces)
        self.column_points = [
            sheet.column_points_first[c] if takes_first(seat, state.column_firsts[c])
            else sheet.column_points_later[c] for c in range(sheet.width)]
        self.colour_points = [
            sheet.colour_bonus_first if takes_first(seat, state.colour_firsts[c])
            else sheet.colour_bonus_later for c in range(len(sheet.colours))]
        self.future = 1.0
        if is_solo(state):
            left = SOLO_ROLLS - state.rolls
            self.future = 1.0 - math.exp(-(left + 0.5) / weights.horizon)
        self.reach = self._reach(marked)

    def _reach(self, marked: int) -> int:
        sheet = self.sheet
        return ((sheet.start_mask | sheet.neighbours(marked)) & ~marked).bit_count()

    def _column(self, open_boxes: int, pieces: int) -> float:
        if not open_boxes:
            return 1.0
        return self.future * self.w.column[open_boxes - 1] * self.w.column_piece ** pieces

    def _colour(self, open_boxes: int, marks: int) -> float:
        if not open_boxes:
            return 1.0
        w = self.w
        return self.future * w.colour_box ** open_boxes * w.colour_mark ** marks

    def value(self, group: int) -> float:
        """How much better the sheet is with ``group`` crossed (jokers not included)."""
        sheet, w, before = self.sheet, self.w, self.marked
        after = before | group
        b = self.geometry.block_of[(group & -group).bit_length() - 1]
        old = self.pieces[b]
        new = self.geometry.pieces[b][sheet.blocks[b] & ~after]
        worth = (sheet.star_penalty * (group & sheet.star_mask).bit_count()
                 + w.per_box * group.bit_count())
        for c in self.geometry.columns[b]:
            mask = sheet.column_masks[c]
            open_before = (mask & ~before).bit_count()
            open_after = (mask & ~after).bit_count()
            pieces_before = self.column_pieces[c]
            pieces_after = (pieces_before - sum(1 for p in old if p & mask)
                            + sum(1 for p in new if p & mask))
            if open_after != open_before or pieces_after != pieces_before:
                worth += self.column_points[c] * (self._column(open_after, pieces_after)
                                                  - self._column(open_before, pieces_before))
        colour = self.geometry.colour[b]
        mask = sheet.colour_masks[colour]
        marks_before = self.colour_marks[colour]
        marks_after = marks_before - _marks_needed(old) + _marks_needed(new)
        worth += w.colour_share * self.colour_points[colour] * (
            self._colour((mask & ~after).bit_count(), marks_after)
            - self._colour((mask & ~before).bit_count(), marks_before))
        worth += w.reach * (self._reach(after) - self.reach)
        worth -= w.fragment * (len(new) - len(old))
        if (not is_solo(self.state) and after & mask == mask
                and len(complete_colours(sheet, after)) >= COLOURS_TO_END):
            worth += w.end_ahead if self._leads(after) else w.end_behind
        return worth

    def _leads(self, after: int) -> bool:
        """Whether the bot would lead on the public sheets with crosses ``after``."""
        state, sheet = self.state, self.sheet

        def total(s: int, marks: int) -> int:
            return score(sheet, marks, state.jokers_used[s], s, state.column_firsts,
                         state.colour_firsts).total

        mine = total(self.seat, after)
        return all(mine > total(s, m) for s, m in enumerate(state.marks) if s != self.seat)


def choose(state: State, seat: int, weights: Weights = WEIGHTS) -> Action:
    """The best-valued mark for ``seat`` now, or a pass if none is worth anything."""
    sheet = sheet_of(state)
    judge = _Judge(state, seat, weights)
    best: tuple[float, Action] = (0.0, Pass())
    for c, n in distinct_pairs(state, seat):
        price = weights.joker * joker_cost(state.dice, c, n)
        for group in pair_groups(sheet, state.dice, state.marks[seat], c, n):
            worth = judge.value(group) - price
            if worth > best[0]:
                best = (worth, Mark(c, n, sheet.names(group)))
    return best[1]


def bot_action(state: State, player: PlayerId) -> Action:
    """Roll when it is time; otherwise the best-valued mark, or a pass if none is worth it."""
    seat = state.seat(player)
    if seat not in waiting_for(state):
        raise NotYourTurn(f"The game is not waiting for {player}.")
    if phase(state) == "roll":
        return Roll()
    return choose(state, seat)
