"""What each Encore! viewer sees: every sheet is public, this roll's passive choices are not.

A passive player's choice stays with its owner until settlement; everyone else sees only that
they have chosen. The viewer who may mark gets everything the phone needs to highlight boxes
without knowing a rule: the pairs of dice they may use, and for each pair the legal groups
(indices into one shared list of groups, so a group allowed by several pairs is sent once).
The phone keeps the groups containing the boxes tapped so far, highlights the other boxes of
those groups, and lets the player confirm when the tapped boxes are exactly one group.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.base import PlayerId
from rules.encore import dice as dice_rules
from rules.encore.engine import (
    SOLO_ROLLS,
    Reason,
    State,
    all_dice_open,
    allowed_kinds,
    allowed_pairs,
    available_dice,
    is_solo,
    jokers_left,
    phase,
    scores,
    sheet_of,
    waiting_for,
)
from rules.encore.marking import Choice, joker_cost, pair_groups
from rules.encore.scoring import Rating, Score, complete_colours, complete_columns, rating
from rules.encore.sheet import Sheet


@dataclass(frozen=True)
class SheetLayout:
    """The printed sheet, for drawing: ``grid`` is one string of colour codes per row."""

    name: str
    columns: str
    rows: int
    start_column: str
    colours: Mapping[str, str]  # code -> name
    grid: tuple[str, ...]
    stars: tuple[str, ...]
    column_points_first: tuple[int, ...]
    column_points_later: tuple[int, ...]
    colour_bonus_first: int
    colour_bonus_later: int
    jokers: int
    star_penalty: int


@dataclass(frozen=True)
class Die:
    """One die of the roll; ``taken`` once the active player has chosen it."""

    index: int
    kind: str  # "colour" or "number"
    face: str  # a colour code or X (joker); 1–5 or ? (joker)
    joker: bool
    taken: bool


@dataclass(frozen=True)
class ChoiceView:
    colour_die: int | None
    number_die: int | None
    boxes: tuple[str, ...]
    jokers: int
    passed: bool


@dataclass(frozen=True)
class PlayerSheet:
    """One player's public sheet: settled crosses only (pending ones show after settlement)."""

    player: PlayerId
    crossed: tuple[str, ...]
    jokers_left: int
    score: Score
    columns: tuple[str, ...]  # completed column letters
    colours: tuple[str, ...]  # completed colour codes
    stars_open: int
    status: str  # "rolling", "choosing", "chosen", "waiting" or "" when the game is over


@dataclass(frozen=True)
class DiceChoice:
    """A pair of dice the viewer may use now, its cost in "!" and its legal groups."""

    colour_die: int
    number_die: int
    jokers: int
    groups: tuple[int, ...]  # indices into View.groups


@dataclass(frozen=True)
class RollView:
    """The last settled roll: its dice, every choice, and the firsts it took."""

    number: int
    active: PlayerId
    dice: tuple[str, ...]
    choices: Mapping[PlayerId, ChoiceView]
    columns: tuple[str, ...]
    colours: tuple[str, ...]


@dataclass(frozen=True)
class View:
    players: tuple[PlayerId, ...]
    you: PlayerId | None
    solo: bool
    sheet: SheetLayout
    roll: int  # the current roll's number while dice are out, else how many rolls were made
    rolls_total: int | None  # 30 in solo, else None (the game ends on a second colour)
    active: PlayerId | None
    phase: str  # "roll", "active", "passive" or "over"
    dice: tuple[Die, ...]
    all_dice_open: bool  # the others choose from all dice this roll
    active_choice: ChoiceView | None
    sheets: tuple[PlayerSheet, ...]
    column_firsts: Mapping[str, tuple[PlayerId, ...]]  # claimed columns only
    colour_firsts: Mapping[str, tuple[PlayerId, ...]]  # claimed colours only
    waiting_for: tuple[PlayerId, ...]
    last_roll: RollView | None
    your_turn: bool
    allowed: tuple[str, ...]
    your_choice: ChoiceView | None  # your own choice this roll, pending until settlement
    your_dice: tuple[int, ...]  # the dice you may choose from now
    choices: tuple[DiceChoice, ...]
    groups: tuple[tuple[str, ...], ...]
    finished: Reason | None
    rating: Rating | None


def _layout(sheet: Sheet) -> SheetLayout:
    return SheetLayout(
        name=sheet.name, columns=sheet.columns, rows=sheet.rows,
        start_column=sheet.start_column, colours=dict(sheet.colours), grid=sheet.grid,
        stars=sheet.stars, column_points_first=sheet.column_points_first,
        column_points_later=sheet.column_points_later,
        colour_bonus_first=sheet.colour_bonus_first, colour_bonus_later=sheet.colour_bonus_later,
        jokers=sheet.jokers, star_penalty=sheet.star_penalty,
    )


def _choice(sheet: Sheet, choice: Choice) -> ChoiceView:
    return ChoiceView(choice.colour_die, choice.number_die, sheet.names(choice.boxes),
                      choice.jokers, choice.passed)


def _status(state: State, seat: int) -> str:
    now = phase(state)
    if now == "over":
        return ""
    if now == "roll":
        return "rolling" if seat == state.active else "waiting"
    if now == "active" and seat != state.active:
        return "waiting"
    return "choosing" if state.choices[seat] is None else "chosen"


def view(state: State, viewer: PlayerId | None) -> View:
    """What ``viewer`` may know (None: the table screen); others' pending choices never."""
    sheet = sheet_of(state)
    seat = state.seat(viewer) if viewer in state.players else None
    now = phase(state)
    active_choice = state.choices[state.active] if now != "over" else None
    taken = ((active_choice.colour_die, active_choice.number_die)
             if active_choice is not None else ())
    points = scores(state)
    sheets = tuple(
        PlayerSheet(
            player=p, crossed=sheet.names(state.marks[s]), jokers_left=jokers_left(state, s),
            score=points[s],
            columns=tuple(sheet.columns[i] for i in complete_columns(sheet, state.marks[s])),
            colours=tuple(sheet.colour_codes[i]
                          for i in complete_colours(sheet, state.marks[s])),
            stars_open=(sheet.star_mask & ~state.marks[s]).bit_count(),
            status=_status(state, s),
        ) for s, p in enumerate(state.players))
    allowed = allowed_kinds(state, seat) if seat is not None else ()
    own = state.choices[seat] if seat is not None and now != "over" else None
    groups: list[int] = []
    pairs: list[DiceChoice] = []
    if "mark" in allowed and seat is not None:
        where: dict[int, int] = {}
        for c, n in allowed_pairs(state, seat):
            found = pair_groups(sheet, state.dice, state.marks[seat], c, n)
            for g in found:
                if g not in where:
                    where[g] = len(groups)
                    groups.append(g)
            pairs.append(DiceChoice(c, n, joker_cost(state.dice, c, n),
                                    tuple(where[g] for g in found)))
    last = state.last
    return View(
        players=state.players,
        you=viewer if seat is not None else None,
        solo=is_solo(state),
        sheet=_layout(sheet),
        roll=state.rolls,
        rolls_total=SOLO_ROLLS if is_solo(state) else None,
        active=state.players[state.active] if now != "over" else None,
        phase=now,
        dice=tuple(Die(i, "number" if dice_rules.is_number(f) else "colour", f,
                       dice_rules.is_joker(f), i in taken)
                   for i, f in enumerate(state.dice)),
        all_dice_open=bool(state.dice) and all_dice_open(state),
        active_choice=_choice(sheet, active_choice) if active_choice is not None else None,
        sheets=sheets,
        column_firsts={sheet.columns[i]: tuple(state.players[s] for s in who)
                       for i, who in enumerate(state.column_firsts) if who},
        colour_firsts={sheet.colour_codes[i]: tuple(state.players[s] for s in who)
                       for i, who in enumerate(state.colour_firsts) if who},
        waiting_for=tuple(state.players[s] for s in waiting_for(state)),
        last_roll=None if last is None else RollView(
            number=last.number, active=state.players[last.active], dice=last.dice,
            choices={p: _choice(sheet, last.choices[s]) for s, p in enumerate(state.players)},
            columns=tuple(sheet.columns[i] for i in last.columns),
            colours=tuple(sheet.colour_codes[i] for i in last.colours)),
        your_turn=bool(allowed),
        allowed=allowed,
        your_choice=_choice(sheet, own) if own is not None else None,
        your_dice=available_dice(state, seat) if seat is not None and allowed else (),
        choices=tuple(pairs),
        groups=tuple(sheet.names(g) for g in groups),
        finished=state.finished,
        rating=rating(points[0].total) if state.finished and is_solo(state) else None,
    )
