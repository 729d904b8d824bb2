"""A greedy Encore! bot: it weighs every legal mark of this roll and takes the best, or passes.

It decides from what its player may know: the public sheets and firsts, the dice, the active
player's (public) choice and its own sheet. It never reads another player's pending choice.

A mark is worth: the stars it crosses (each saves the star penalty), progress towards
completing its columns and its colour (convex, so nearly full columns and colours pull hardest,
at the value still on offer: first if open, later if taken), a little per box, minus a price
per joker. A mark that would end the game (a second colour) is wanted only when the bot leads.
"""

from __future__ import annotations

from rules.base import NotYourTurn, PlayerId
from rules.encore.engine import (
    COLOURS_TO_END,
    Action,
    Mark,
    Pass,
    Roll,
    State,
    allowed_pairs,
    is_solo,
    phase,
    sheet_of,
    waiting_for,
)
from rules.encore.marking import joker_cost, pair_groups
from rules.encore.scoring import complete_colours, score, takes_first
from rules.encore.sheet import Sheet, bits

#: Value of one crossed box on its own (more crosses open more of the sheet).
PER_BOX = 0.1
#: Price of one joker: the point it would score unused, plus keeping options open.
PER_JOKER = 2.0
#: How sharply progress pays off near completion (1 = linear).
COLUMN_POWER = 6.0
COLOUR_POWER = 2.0
#: Ending the game while ahead / behind.
END_AHEAD = 8.0
END_BEHIND = -25.0


def _progress(worth: int, before: int, after: int, size: int, power: float) -> float:
    """Convex progress value: the full ``worth`` once all ``size`` boxes are crossed."""
    gained: float = (after / size) ** power - (before / size) ** power
    return worth * gained


def value(state: State, seat: int, group: int) -> float:
    """How much the bot in ``seat`` likes crossing ``group`` (jokers not included)."""
    sheet: Sheet = sheet_of(state)
    before = state.marks[seat]
    after = before | group
    worth = sheet.star_penalty * (group & sheet.star_mask).bit_count() + PER_BOX * group.bit_count()
    for column in {i % sheet.width for i in bits(group)}:
        mask = sheet.column_masks[column]
        points = (sheet.column_points_first[column]
                  if takes_first(seat, state.column_firsts[column])
                  else sheet.column_points_later[column])
        worth += _progress(points, (before & mask).bit_count(), (after & mask).bit_count(),
                           mask.bit_count(), COLUMN_POWER)
    colour = sheet.colour_codes.index(sheet.box_colours[(group & -group).bit_length() - 1])
    mask = sheet.colour_masks[colour]
    points = (sheet.colour_bonus_first if takes_first(seat, state.colour_firsts[colour])
              else sheet.colour_bonus_later)
    worth += _progress(points, (before & mask).bit_count(), (after & mask).bit_count(),
                       mask.bit_count(), COLOUR_POWER)
    if (not is_solo(state) and after & mask == mask
            and len(complete_colours(sheet, after)) >= COLOURS_TO_END):
        worth += END_AHEAD if _leads(state, seat, after) else END_BEHIND
    return worth


def _leads(state: State, seat: int, after: int) -> bool:
    """Whether ``seat`` would lead on the public sheets with crosses ``after``."""
    sheet = sheet_of(state)

    def total(s: int, marks: int) -> int:
        return score(sheet, marks, state.jokers_used[s], s, state.column_firsts,
                     state.colour_firsts).total

    mine = total(seat, after)
    return all(mine > total(s, m) for s, m in enumerate(state.marks) if s != seat)


def bot_action(state: State, player: PlayerId) -> Action:
    """Roll when it is time; otherwise the best-valued mark, or a pass if none is worth it."""
    seat = state.seat(player)
    if seat not in waiting_for(state):
        raise NotYourTurn(f"The game is not waiting for {player}.")
    if phase(state) == "roll":
        return Roll()
    sheet = sheet_of(state)
    best: tuple[float, Action] = (0.0, Pass())
    seen: set[tuple[str, str]] = set()
    for c, n in allowed_pairs(state, seat):
        faces = (state.dice[c], state.dice[n])
        if faces in seen:
            continue
        seen.add(faces)
        price = PER_JOKER * joker_cost(state.dice, c, n)
        for group in pair_groups(sheet, state.dice, state.marks[seat], c, n):
            worth = value(state, seat, group) - price
            if worth > best[0]:
                best = (worth, Mark(c, n, sheet.names(group)))
    return best[1]
