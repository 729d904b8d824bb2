"""Encore! rule tables from constructed positions: marking, dice, turns, firsts, end, scoring.

Boxes are named column letter + row from the top ("H4"); see test_encore_sheet.py for the
sheet. Dice strings list the faces of one roll, colour dice first: ``G Y B P O`` or ``X``
(joker) for colour dice, ``1``–``5`` or ``?`` (joker) for number dice. Boxes used below:
H1 green (alone), H3 pink, G4 H4 G5 H5 blue (one block), I4 J4 green, A3 blue, column A is
A1 green, A2 orange, A3 A4 blue, A5 A6 pink, A7 yellow.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.base import RuleError
from rules.encore import game
from rules.encore.engine import (
    Mark,
    Pass,
    Roll,
    State,
    allowed_pairs,
    available_dice,
    phase,
    to_act,
)
from rules.encore.marking import Choice
from rules.encore.scoring import rating
from rules.encore.sheet import printed_sheet

CLASSIC = printed_sheet("classic")
GREEN = " ".join(n for n, c in zip(CLASSIC.box_names, CLASSIC.box_colours, strict=True)
                 if c == "G")
ORANGE = " ".join(n for n, c in zip(CLASSIC.box_names, CLASSIC.box_colours, strict=True)
                  if c == "O")
COLUMN_A = "A1 A2 A3 A4 A5 A6 A7"


def boxes(names: str) -> int:
    mask = 0
    for name in names.split():
        index = CLASSIC.box_index(name)
        assert index is not None, name
        mask |= 1 << index
    return mask


def position(players: int = 2, marks: Sequence[str] = (), dice: str = "GBX13?",
             rolls: int = 5, active: int = 0, jokers_used: Sequence[int] = (),
             column_firsts: dict[str, tuple[int, ...]] | None = None,
             colour_firsts: dict[str, tuple[int, ...]] | None = None) -> State:
    """A constructed position; the active player has the dice and has not chosen yet."""
    marks = [*marks, *[""] * (players - len(marks))]
    used = [*jokers_used, *[0] * (players - len(jokers_used))]
    columns = [tuple[int, ...]()] * 15
    for letter, seats in (column_firsts or {}).items():
        columns[CLASSIC.columns.index(letter)] = seats
    colours = [tuple[int, ...]()] * 5
    for code, seats in (colour_firsts or {}).items():
        colours[CLASSIC.colour_codes.index(code)] = seats
    return State(
        players=tuple(f"p{i + 1}" for i in range(players)), seed=1, sheet="classic",
        marks=tuple(boxes(m) for m in marks), jokers_used=tuple(used), rolls=rolls,
        active=active, dice=tuple(dice), choices=(None,) * players,
        column_firsts=tuple(columns), colour_firsts=tuple(colours),
    )


def mark(colour_die: int, number_die: int, names: str) -> Mark:
    return Mark(colour_die, number_die, tuple(names.split()))


def refusal(state: State, action: object, player: str = "p1") -> str:
    with pytest.raises(RuleError) as error:
        game.apply(state, player, action)
    assert str(error.value), "every refusal carries a sentence"
    return error.value.code


def crossed(state: State, seat: int) -> set[str]:
    return set(CLASSIC.names(state.marks[seat]))


# --- marking rules ---------------------------------------------------------------------------

def test_a_first_group_needs_only_one_box_in_column_h() -> None:
    state = game.apply(position(dice="GBX2??"), "p1", mark(1, 3, "G4 H4"))
    assert crossed(state, 0) == {"G4", "H4"}


def test_the_active_players_crosses_go_on_the_public_sheet_at_once() -> None:
    state = game.apply(position(), "p1", mark(1, 3, "H4"))
    assert phase(state) == "passive"
    assert game.view(state, None).sheets[0].crossed == ("H4",)


def test_a_group_may_start_next_to_a_cross_of_any_colour() -> None:
    state = game.apply(position(marks=["H4"], dice="GBX2??"), "p1", mark(0, 3, "I4 J4"))
    assert crossed(state, 0) == {"H4", "I4", "J4"}


def test_column_h_stays_a_starting_point_all_game() -> None:
    state = game.apply(position(marks=["I4 J4"], dice="GBX1??"), "p1", mark(0, 3, "H1"))
    assert "H1" in crossed(state, 0)


@pytest.mark.parametrize(("dice", "action", "marks", "code"), [
    ("GBX13?", mark(1, 4, "H4"), "", "wrong_count"),  # a 3 needs exactly three boxes
    ("GBX13?", mark(1, 5, "A1 A2 A3 A4 A5 A6"), "", "wrong_count"),  # a joker is never 6
    ("GBX13?", mark(1, 3, ""), "", "wrong_count"),
    ("GBX13?", mark(0, 3, "H4"), "", "wrong_colour"),  # H4 is blue, the die green
    ("GBX13?", mark(2, 5, "H3 H4"), "", "wrong_colour"),  # a joker is one colour only
    ("GBX13?", mark(1, 3, "H4"), "H4", "box_taken"),
    ("GBX23?", mark(1, 3, "G4 H5"), "", "not_connected"),  # diagonal only
    ("GBX23?", mark(1, 3, "G4 H5"), "H4", "not_connected"),  # not through an earlier cross
    ("GBX13?", mark(1, 3, "A3"), "", "not_anchored"),
    ("GBX23?", mark(0, 3, "I4 J4"), "", "not_anchored"),
    ("GBX13?", mark(1, 3, "Z1"), "", "unknown_box"),
    ("GBX13?", mark(1, 3, "H8"), "", "unknown_box"),
    ("GBX13?", Mark(1, 3, (4,)), "", "unknown_box"),  # type: ignore[arg-type]
    ("GBX23?", mark(1, 3, "H4 H4"), "", "duplicate_box"),
    ("GBX13?", mark(9, 3, "H4"), "", "unknown_die"),
    ("GBX13?", mark(-1, 3, "H4"), "", "unknown_die"),
    ("GBX13?", mark(3, 3, "H4"), "", "wrong_die_kind"),  # die 3 is a number die
    ("GBX13?", mark(1, 0, "H4"), "", "wrong_die_kind"),  # die 0 is a colour die
])
def test_each_marking_rule_refuses_with_its_code(dice: str, action: Mark, marks: str,
                                                 code: str) -> None:
    state = position(marks=[marks], dice=dice)
    assert refusal(state, action) == code
    assert game.apply(state, "p1", Pass()) is not None  # the position itself is playable


def test_a_refused_mark_changes_nothing() -> None:
    state = position()
    before = state
    refusal(state, mark(0, 3, "H4"))
    assert state == before


def test_a_joker_number_counts_as_any_of_one_to_five() -> None:
    for names in ("H4", "G4 H4", "G4 H4 H5", "G4 H4 G5 H5"):
        state = game.apply(position(dice="GBX13?"), "p1", mark(1, 5, names))
        assert crossed(state, 0) == set(names.split())
    five = game.apply(position(dice="GYX13?"), "p1", mark(1, 5, "H6 I6 H7 I7 J7"))
    assert len(crossed(five, 0)) == 5


def test_a_joker_colour_counts_as_any_one_colour() -> None:
    for names in ("H3", "H4", "H1", "H2"):
        state = game.apply(position(dice="GBX13?"), "p1", mark(2, 3, names))
        assert crossed(state, 0) == {names}


# --- jokers ----------------------------------------------------------------------------------

def test_each_joker_used_costs_one_exclamation_mark() -> None:
    one = game.apply(position(), "p1", mark(2, 3, "H4"))
    assert one.jokers_used == (1, 0)
    two = game.apply(position(), "p1", mark(2, 5, "G4 H4"))
    assert two.jokers_used == (2, 0)
    none = game.apply(position(), "p1", mark(1, 3, "H4"))
    assert none.jokers_used == (0, 0)


def test_no_joker_without_an_exclamation_mark_left() -> None:
    broke = position(jokers_used=[8])
    assert refusal(broke, mark(2, 3, "H4")) == "no_jokers_left"
    assert refusal(broke, mark(1, 5, "H4")) == "no_jokers_left"
    assert game.apply(broke, "p1", mark(1, 3, "H4")).jokers_used[0] == 8
    last = position(jokers_used=[7])
    assert refusal(last, mark(2, 5, "H4")) == "no_jokers_left"
    assert game.apply(last, "p1", mark(2, 3, "H4")).jokers_used[0] == 8


def test_pairs_a_player_cannot_afford_are_not_offered() -> None:
    assert (2, 5) not in allowed_pairs(position(jokers_used=[7]), 0)
    assert (2, 4) in allowed_pairs(position(jokers_used=[7]), 0)
    assert all(p[0] != 2 and p[1] != 5 for p in allowed_pairs(position(jokers_used=[8]), 0))


def test_a_passive_players_jokers_are_spent_at_settlement() -> None:
    state = game.apply(position(), "p1", mark(1, 3, "H4"))
    state = game.apply(state, "p2", mark(2, 5, "G4 H4"))  # joker colour, joker number
    assert state.jokers_used == (0, 2)
    assert CLASSIC.names(state.marks[1]) == ("G4", "H4")


# --- dice and whose turn ---------------------------------------------------------------------

def test_roll_shows_three_colour_and_three_number_dice() -> None:
    state = game.start(["p1", "p2"], 5)
    assert phase(state) == "roll" and state.dice == ()
    rolled = game.apply(state, "p1", Roll())
    assert len(rolled.dice) == 6
    assert all(f in "GYBPOX" for f in rolled.dice[:3])
    assert all(f in "12345?" for f in rolled.dice[3:])
    assert rolled.rolls == 1
    assert game.apply(state, "p1", Roll()) == rolled  # the seed decides


def test_turn_codes() -> None:
    fresh = game.start(["p1", "p2"], 5)
    assert refusal(fresh, mark(1, 3, "H4")) == "roll_first"
    assert refusal(fresh, Pass()) == "roll_first"
    assert refusal(fresh, Roll(), "p2") == "not_your_turn"
    assert refusal(fresh, Pass(), "p2") == "not_your_turn"
    assert refusal(fresh, Roll(), "p9") == "not_a_player"
    assert refusal(fresh, "roll") == "unknown_action"
    rolled = position()
    assert refusal(rolled, Roll()) == "already_rolled"
    assert refusal(rolled, Pass(), "p2") == "not_your_turn"  # the active player goes first
    passive = game.apply(rolled, "p1", Pass())
    assert refusal(passive, Pass()) == "already_chosen"
    three = game.apply(position(players=3), "p1", Pass())
    twice = game.apply(three, "p2", Pass())
    assert refusal(twice, Pass(), "p2") == "already_chosen"


def test_to_act_is_the_active_player_then_every_passive_player_still_choosing() -> None:
    state = game.start(["p1", "p2", "p3"], 5)
    assert to_act(state) == {"p1"}
    state = game.apply(state, "p1", Roll())
    assert to_act(state) == {"p1"}
    state = game.apply(state, "p1", Pass())
    assert to_act(state) == {"p2", "p3"}
    state = game.apply(state, "p3", Pass())
    assert to_act(state) == {"p2"}
    state = game.apply(state, "p2", Pass())
    assert to_act(state) == {"p2"} and phase(state) == "roll"  # p2 is the next active player


def test_passive_players_may_choose_in_any_order() -> None:
    start = game.apply(position(players=3), "p1", mark(1, 3, "H4"))
    a = game.apply(game.apply(start, "p2", mark(0, 5, "H1")), "p3", mark(2, 5, "H3 I3"))
    b = game.apply(game.apply(start, "p3", mark(2, 5, "H3 I3")), "p2", mark(0, 5, "H1"))
    assert a == b
    assert crossed(a, 1) == {"H1"} and crossed(a, 2) == {"H3", "I3"}


# --- which dice the passive players choose from ------------------------------------------------

def test_after_the_third_roll_passive_players_choose_from_the_four_dice_left() -> None:
    state = game.apply(position(rolls=4, dice="GBX13?"), "p1", mark(1, 3, "H4"))
    assert available_dice(state, 1) == (0, 2, 4, 5)
    assert refusal(state, mark(1, 4, "H4"), "p2") == "die_not_available"
    assert refusal(state, mark(0, 3, "H1"), "p2") == "die_not_available"
    assert crossed(game.apply(state, "p2", mark(0, 5, "H1")), 1) == {"H1"}


@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_in_the_first_three_rolls_everyone_chooses_from_all_six_dice(rolls: int) -> None:
    state = game.apply(position(rolls=rolls), "p1", mark(1, 3, "H4"))
    assert available_dice(state, 1) == (0, 1, 2, 3, 4, 5)
    after = game.apply(state, "p2", mark(1, 3, "H4"))  # the very pair p1 took
    assert crossed(after, 1) == {"H4"}
    assert game.view(state, "p2").all_dice_open


def test_the_first_three_rolls_are_counted_over_the_whole_game() -> None:
    state = game.start(["p1", "p2"], 11)
    for roll in range(1, 6):
        state = game.apply(state, state.players[state.active], Roll())
        assert state.rolls == roll
        state = game.apply(state, state.players[state.active], _any_mark(state))
        passive = 1 - state.active
        open_dice = available_dice(state, passive)
        assert len(open_dice) == (6 if roll <= 3 else 4), roll
        state = game.apply(state, state.players[passive], Pass())


def _any_mark(state: State) -> Mark:
    action = game.legal_actions(state, state.players[state.active])[0]
    assert isinstance(action, Mark)
    return action


def test_when_the_active_player_passes_the_others_choose_from_all_six_dice() -> None:
    state = game.apply(position(rolls=9), "p1", Pass())
    assert available_dice(state, 1) == (0, 1, 2, 3, 4, 5)
    assert crossed(game.apply(state, "p2", mark(1, 3, "H4")), 1) == {"H4"}
    view = game.view(state, None)
    assert view.active_choice is not None and view.active_choice.passed
    assert view.all_dice_open and not any(d.taken for d in view.dice)


def test_the_dice_the_active_player_took_are_shown_as_taken() -> None:
    state = game.apply(position(rolls=9), "p1", mark(1, 3, "H4"))
    view = game.view(state, "p2")
    assert [d.index for d in view.dice if d.taken] == [1, 3]
    assert view.your_dice == (0, 2, 4, 5)
    assert not view.all_dice_open


# --- firsts ----------------------------------------------------------------------------------

def test_everyone_completing_a_column_in_the_same_roll_scores_the_upper_value() -> None:
    rest = "A2 A3 A4 A5 A6 A7"
    state = position(players=3, marks=[rest, rest, rest], dice="GGB11?")
    state = game.apply(state, "p1", mark(0, 3, "A1"))
    assert state.column_firsts[0] == ()  # not settled while the others choose
    state = game.apply(state, "p2", mark(1, 4, "A1"))
    state = game.apply(state, "p3", Pass())
    assert state.column_firsts[0] == (0, 1)
    view = game.view(state, None)
    assert view.column_firsts == {"A": ("p1", "p2")}
    assert view.last_roll is not None and view.last_roll.columns == ("A",)
    assert [s.score.columns for s in view.sheets] == [5, 5, 0]


def test_a_column_completed_in_a_later_roll_scores_the_lower_value() -> None:
    state = position(players=3, marks=[COLUMN_A, COLUMN_A, "A2 A3 A4 A5 A6 A7"], active=2,
                     dice="GGB11?", column_firsts={"A": (0, 1)})
    state = game.apply(state, "p3", mark(0, 3, "A1"))
    assert state.column_firsts[0] == (0, 1)
    assert game.view(state, None).sheets[2].score.columns == 3


def test_everyone_completing_a_colour_in_the_same_roll_scores_five_later_ones_three() -> None:
    almost = GREEN.replace("H1", "")
    state = position(players=3, marks=[almost, almost, almost], dice="GGB11?")
    state = game.apply(state, "p1", mark(0, 3, "H1"))
    state = game.apply(state, "p2", mark(1, 4, "H1"))
    state = game.apply(state, "p3", Pass())
    assert game.view(state, None).colour_firsts == {"G": ("p1", "p2")}
    assert [s.score.colours for s in game.view(state, None).sheets] == [5, 5, 0]
    later = position(players=3, marks=[GREEN, GREEN, almost], active=2, dice="GGB11?",
                     colour_firsts={"G": (0, 1)})
    later = game.apply(later, "p3", mark(0, 3, "H1"))
    assert [s.score.colours for s in game.view(later, None).sheets] == [5, 5, 3]


def test_firsts_taken_are_in_every_view() -> None:
    state = position(players=2, column_firsts={"O": (1,)}, colour_firsts={"P": (0, 1)})
    for viewer in (None, "p1", "p2"):
        view = game.view(state, viewer)
        assert view.column_firsts == {"O": ("p2",)}
        assert view.colour_firsts == {"P": ("p1", "p2")}


# --- the end ---------------------------------------------------------------------------------

def test_the_game_ends_after_the_roll_in_which_someone_completes_a_second_colour() -> None:
    two = ORANGE + " " + GREEN.replace("H1", "")
    state = position(players=3, marks=[two], dice="GGB11?")
    state = game.apply(state, "p1", mark(0, 3, "H1"))
    assert state.finished is None and game.outcome(state) is None
    assert to_act(state) == {"p2", "p3"}
    state = game.apply(state, "p2", mark(2, 4, "H4"))  # the passive players still mark
    state = game.apply(state, "p3", Pass())
    assert state.finished == "two_colours"
    assert crossed(state, 1) == {"H4"}
    assert to_act(state) == frozenset()
    assert refusal(state, Roll(), "p2") == "game_over"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "two_colours"


def test_one_colour_does_not_end_the_game() -> None:
    state = position(players=2, marks=[GREEN.replace("H1", "")], dice="GGB11?")
    state = game.apply(game.apply(state, "p1", mark(0, 3, "H1")), "p2", Pass())
    assert state.finished is None


def test_a_passive_player_completing_a_second_colour_ends_the_game_too() -> None:
    two = ORANGE + " " + GREEN.replace("H1", "")
    state = position(players=2, marks=["", two], dice="GGB11?")
    state = game.apply(game.apply(state, "p1", Pass()), "p2", mark(0, 3, "H1"))
    assert state.finished == "two_colours"


# --- scoring ---------------------------------------------------------------------------------

def finished(state: State) -> State:
    from dataclasses import replace

    return replace(state, dice=(), finished="two_colours")


def test_score_is_colours_plus_columns_plus_unused_jokers_minus_two_per_open_star() -> None:
    # p1: column A first (5) with star A3, green later (3) with stars G3 H1 in it, 3 jokers used
    state = finished(position(
        players=2, marks=[COLUMN_A + " " + GREEN, ""], jokers_used=[3, 0],
        column_firsts={"A": (0,)}, colour_firsts={"G": (1,)}))
    outcome = game.outcome(state)
    assert outcome is not None
    stars_crossed = (boxes(COLUMN_A + " " + GREEN) & CLASSIC.star_mask).bit_count()
    expected = 5 + 3 + (8 - 3) - 2 * (15 - stars_crossed)
    assert outcome.scores["p1"] == expected
    assert outcome.scores["p2"] == 8 - 30
    part = outcome.detail["scores"]["p1"]
    assert (part.columns, part.colours, part.jokers) == (5, 3, 5)
    assert part.stars == -2 * (15 - stars_crossed)


def test_a_tie_goes_to_more_unused_jokers() -> None:
    state = finished(position(players=2, marks=["H1", ""], jokers_used=[2, 0]))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == {"p1": -22, "p2": -22}
    assert outcome.winners == ("p2",)


def test_a_tie_in_score_and_jokers_is_shared() -> None:
    state = finished(position(players=3, marks=["H1", "I6", ""], jokers_used=[0, 0, 1]))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == ("p1", "p2")


# --- solo ------------------------------------------------------------------------------------

def test_solo_rolls_two_colour_and_two_number_dice() -> None:
    state = game.apply(game.start(["p1"], 3), "p1", Roll())
    assert len(state.dice) == 4
    assert all(f in "GYBPOX" for f in state.dice[:2])
    assert all(f in "12345?" for f in state.dice[2:])
    view = game.view(state, "p1")
    assert [d.kind for d in view.dice] == ["colour", "colour", "number", "number"]
    assert view.solo and view.rolls_total == 30


def test_solo_lasts_exactly_thirty_rolls() -> None:
    state = game.start(["p1"], 3)
    for roll in range(1, 31):
        assert state.finished is None, roll
        state = game.apply(game.apply(state, "p1", Roll()), "p1", Pass())
    assert state.finished == "all_rolls" and state.rolls == 30
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "all_rolls"


def test_solo_does_not_end_on_a_second_colour() -> None:
    state = position(players=1, marks=[ORANGE + " " + GREEN.replace("H1", "")], dice="GB1?")
    state = game.apply(state, "p1", mark(0, 2, "H1"))
    assert state.finished is None


def test_solo_always_scores_the_upper_values() -> None:
    state = position(players=1, marks=["A2 A3 A4 A5 A6 A7 " + GREEN.replace("A1", "")],
                     dice="GB1?")
    state = game.apply(state, "p1", mark(0, 2, "A1"))
    sheet = game.view(state, "p1").sheets[0]
    assert (sheet.score.columns, sheet.score.colours) == (5, 5)


@pytest.mark.parametrize(("total", "level", "code", "low", "high"), [
    (60, 11, "superb", 41, None), (41, 11, "superb", 41, None), (40, 10, "band", 37, 40),
    (37, 10, "band", 37, 40), (36, 9, "band", 33, 36), (5, 2, "band", 5, 8),
    (4, 1, "band", 1, 4), (1, 1, "band", 1, 4), (0, 0, "poor", None, 0),
    (-12, 0, "poor", None, 0),
])
def test_solo_rating_bands(total: int, level: int, code: str, low: int | None,
                           high: int | None) -> None:
    r = rating(total)
    assert (r.level, r.code, r.low, r.high) == (level, code, low, high)


def test_the_solo_rating_is_in_the_outcome_and_the_view_at_the_end() -> None:
    state = game.start(["p1"], 3)
    assert game.view(state, "p1").rating is None
    for _ in range(30):
        state = game.apply(game.apply(state, "p1", Roll()), "p1", Pass())
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == {"p1": 8 - 30}
    assert outcome.detail["rating"] == rating(-22)
    assert game.view(state, "p1").rating == rating(-22)
    assert game.view(state, None).rating == rating(-22)
    assert outcome.winners == ("p1",)


def test_multiplayer_outcomes_carry_no_rating() -> None:
    outcome = game.outcome(finished(position(players=2)))
    assert outcome is not None and "rating" not in outcome.detail


def test_choice_value_reports_a_pass() -> None:
    assert Choice().passed and not Choice(0, 3, boxes("H4")).passed
