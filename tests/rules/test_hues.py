"""Hues and Cues rule tables from constructed positions, plus whole-game properties.

Squares are named row letter (A–P, top to bottom) then column (1–30).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import replace

import pytest

from rules.base import HOST, RuleError, jsonable
from rules.hues import board, engine, game
from rules.hues.engine import (
    Cone,
    EndNow,
    GiveCue,
    Guess,
    Pick,
    RejectCue,
    Scored,
    Skip,
    State,
    cone_points,
    planned_rounds,
    round_points,
)

CARD = ("C3", "D20", "K5", "M25")


def players(n: int) -> tuple[str, ...]:
    return tuple(f"p{i + 1}" for i in range(n))


def dummy_history(n_players: int, rounds: int) -> tuple[Scored, ...]:
    """Scored rounds that added nothing, to stand for rounds already played."""
    return tuple(Scored(number=k + 1, cue_giver=f"p{k % n_players + 1}", target="A1", cues=("x",),
                        cones=(), points=(0,) * n_players, extra=False) for k in range(rounds))


def position(n: int = 4, giver: int = 0, phase: engine.Phase = "pick", target: str | None = None,
             cues: Sequence[str] = (), cones: Sequence[tuple[str, str, int]] = (),
             scores: Sequence[int] | None = None, played: int | None = None,
             free_pick: bool = False, used: Sequence[str] = ()) -> State:
    """A constructed position: ``played`` rounds behind us (by default as many as make
    ``giver`` this round's cue giver), the card of this round is CARD."""
    played = giver if played is None else played
    deck = tuple(board.deal(lambda squares: None))
    deck = deck[:played] + (CARD,) + deck[played + 1:]
    return State(
        players=players(n), seed=1, free_pick=free_pick, deck=deck, giver=giver, phase=phase,
        target=target, cues=tuple(cues), cones=tuple(Cone(p, s, g) for p, s, g in cones),
        used=tuple(used) + tuple(cues), scores=tuple(scores or (0,) * n),
        history=dummy_history(n, played),
    )


def refusal(state: State, player: str, action: object) -> str:
    with pytest.raises(RuleError) as error:
        game.apply(state, player, action)
    assert str(error.value), "every refusal carries a sentence"
    return error.value.code


def act(state: State, *steps: tuple[str, object]) -> State:
    for player, action in steps:
        state = game.apply(state, player, action)
    return state


# --- scoring ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("target", "square", "points"), [
    ("H15", "H15", 3), ("H15", "G14", 2), ("H15", "I16", 2), ("H15", "H16", 2),
    ("H15", "F13", 1), ("H15", "J17", 1), ("H15", "H17", 1), ("H15", "E15", 0),
    ("H15", "H18", 0), ("A15", "A14", 2), ("A15", "B16", 2), ("A15", "C15", 1),
    ("A15", "D15", 0), ("A1", "B2", 2), ("A1", "C3", 1), ("A1", "A3", 1), ("A1", "D1", 0),
    ("P30", "O29", 2), ("P30", "N28", 1), ("P30", "M30", 0),
])
def test_a_guessers_cone_scores_3_on_target_2_in_frame_1_in_ring(
        target: str, square: str, points: int) -> None:
    assert cone_points(target, square) == points


def test_cue_giver_scores_one_per_cone_in_the_frame_target_included() -> None:
    cones = [Cone("p2", "H15", 1), Cone("p3", "G14", 1), Cone("p4", "F13", 1),
             Cone("p2", "I16", 2), Cone("p3", "A1", 2), Cone("p4", "H16", 2)]
    points = round_points(players(4), 0, "H15", cones)
    assert points == (4, 3 + 2, 2 + 0, 1 + 2)


def test_cue_giver_scores_two_per_cone_in_a_three_player_game() -> None:
    cones = [Cone("p2", "B2", 1), Cone("p3", "A2", 1), Cone("p2", "C3", 2), Cone("p3", "P30", 2)]
    assert round_points(players(3), 0, "A1", cones) == (4, 2 + 1, 2 + 0)


def test_a_guesser_scores_both_cones_at_most_five() -> None:
    cones = [Cone("p2", "H15", 1), Cone("p2", "H16", 2), Cone("p3", "A1", 1), Cone("p3", "A2", 2)]
    assert round_points(players(3), 0, "H15", cones) == (4, 5, 0)


def test_frame_is_cut_off_at_a_corner_and_the_giver_counts_only_real_squares() -> None:
    cones = [Cone("p2", "A1", 1), Cone("p3", "A2", 1), Cone("p4", "B1", 1), Cone("p5", "B2", 1),
             Cone("p2", "C3", 2), Cone("p3", "A3", 2), Cone("p4", "C1", 2), Cone("p5", "P30", 2)]
    assert round_points(players(5), 0, "A1", cones) == (4, 3 + 1, 2 + 1, 2 + 1, 2 + 0)


def test_scoring_a_played_round_adds_points_and_shows_the_results() -> None:
    state = position(n=4, giver=1, phase="cue2", target="H15", cues=("lavender",),
                     cones=[("p3", "H15", 1), ("p4", "G16", 1), ("p1", "K20", 1)])
    state = game.apply(state, "p2", Skip())
    assert state.scores == (0, 2, 3, 2)
    assert state.phase == "results" and state.giver == 2
    seen = game.view(state, "p1")
    result = seen.last_result
    assert result is not None
    assert (result.target, result.colour) == ("H15", board.colour("H15"))
    assert set(result.frame) == set(board.around("H15", 1))
    assert result.points == {"p1": 0, "p2": 2, "p3": 3, "p4": 2}
    assert result.cues == ("lavender",) and len(result.cones) == 3
    assert seen.cones == () and seen.cues == ()


def test_the_result_names_the_ring_and_what_each_cone_earned() -> None:
    state = position(n=4, giver=1, phase="cue2", target="A2", cues=("lavender",),
                     cones=[("p3", "A2", 1), ("p4", "C4", 1), ("p1", "K20", 1)])
    result = game.view(game.apply(state, "p2", Skip()), None).last_result
    assert result is not None
    assert result.cone_points == (3, 1, 0)
    assert set(result.ring) == {"A4", "B4", "C1", "C2", "C3", "C4"}
    assert not set(result.ring) & set(result.frame)
    assert all(board.distance("A2", s) == 2 for s in result.ring)


# --- a round in order ------------------------------------------------------------------------

def test_a_round_runs_pick_cue_first_guesses_second_cue_second_guesses_in_reverse() -> None:
    state = position(n=4, giver=1)
    assert game.to_act(state) == {"p2"}
    state = act(state, ("p2", Pick("D20")), ("p2", GiveCue("lavender")))
    order = []
    while state.phase == "guess1":
        (player,) = game.to_act(state)
        order.append(player)
        state = game.apply(state, player, game.legal_actions(state, player)[0])
    assert order == ["p3", "p4", "p1"]
    assert state.phase == "cue2" and game.to_act(state) == {"p2"}
    state = game.apply(state, "p2", GiveCue("cotton candy"))
    order = []
    while state.phase == "guess2":
        (player,) = game.to_act(state)
        order.append(player)
        state = game.apply(state, player, game.legal_actions(state, player)[0])
    assert order == ["p1", "p4", "p3"]
    assert state.phase == "results" and len(state.history[-1].cones) == 6
    assert state.history[-1].cues == ("lavender", "cotton candy")


def test_guessing_out_of_order_is_refused() -> None:
    state = position(n=4, giver=1, phase="guess1", target="D20", cues=("lavender",))
    assert refusal(state, "p4", Guess("A1")) == "not_your_turn"
    assert refusal(state, "p2", Guess("A1")) == "not_your_turn"
    assert refusal(state, "zed", Guess("A1")) == "not_a_player"


def test_one_cone_per_square() -> None:
    state = position(n=4, phase="guess1", target="D20", cues=("lavender",),
                     cones=[("p2", "E5", 1)])
    assert refusal(state, "p3", Guess("E5")) == "square_taken"
    assert refusal(state, "p3", Guess("Q1")) == "unknown_square"
    assert refusal(state, "p3", Guess("A31")) == "unknown_square"


def test_second_cones_may_not_go_on_first_cones_either() -> None:
    state = position(n=3, phase="guess2", target="D20", cues=("lavender", "dusk"),
                     cones=[("p2", "E5", 1), ("p3", "E6", 1)])
    assert refusal(state, "p3", Guess("E5")) == "square_taken"
    assert refusal(state, "p3", Guess("E6")) == "square_taken"


def test_skipping_the_second_cue_scores_at_once_with_no_second_guesses() -> None:
    state = position(n=3, phase="cue2", target="D20", cues=("lavender",),
                     cones=[("p2", "D21", 1), ("p3", "E5", 1)])
    state = game.apply(state, "p1", Skip())
    assert state.phase == "results"
    assert [c.guess for c in state.history[-1].cones] == [1, 1]
    assert state.scores == (2, 2, 0)


def test_pick_must_be_on_the_card_unless_free_pick() -> None:
    state = position()
    assert refusal(state, "p1", Pick("A1")) == "not_on_card"
    assert refusal(state, "p1", Pick("Z9")) == "unknown_square"
    assert game.apply(state, "p1", Pick("K5")).target == "K5"
    free = position(free_pick=True)
    assert game.apply(free, "p1", Pick("A1")).target == "A1"
    assert game.view(free, "p1").card == ()
    assert len(game.legal_actions(free, "p1")) == 480


def test_free_pick_is_an_option() -> None:
    state = game.start(players(3), 3, {"free_pick": True})
    assert state.free_pick and game.view(state, "p1").free_pick
    assert not game.start(players(3), 3).free_pick


def test_actions_out_of_phase_are_refused() -> None:
    state = position(phase="cue", target="C3")
    assert refusal(state, "p1", Skip()) == "wrong_phase"
    assert refusal(state, "p1", Pick("C3")) == "wrong_phase"
    assert refusal(state, "p1", Guess("A1")) == "wrong_phase"
    assert refusal(state, "p2", GiveCue("lavender")) == "not_your_turn"


# --- cues in play ----------------------------------------------------------------------------

def test_cue_refusals_reach_the_cue_giver_with_their_codes() -> None:
    state = position(phase="cue", target="C3", used=("moss",))
    assert refusal(state, "p1", GiveCue("red")) == "basic_colour_word"
    assert refusal(state, "p1", GiveCue("Moss")) == "cue_already_used"
    assert refusal(state, "p1", GiveCue("cotton candy")) == "wrong_word_count"
    assert refusal(state, "p1", GiveCue("C3")) == "board_coordinate"
    second = position(phase="cue2", target="C3", cues=("lavender",),
                      cones=[("p2", "A1", 1), ("p3", "A2", 1), ("p4", "A3", 1)])
    assert refusal(second, "p1", GiveCue("lighter")) == "pointer_cue"
    assert refusal(second, "p1", GiveCue("lavender")) == "cue_already_used"
    assert game.apply(second, "p1", GiveCue("  cotton   candy ")).cues == ("lavender",
                                                                            "cotton candy")


def test_cues_stay_used_across_rounds() -> None:
    state = position(n=3, phase="cue2", target="C3", cues=("lavender",),
                     cones=[("p2", "A1", 1), ("p3", "A2", 1)])
    state = game.apply(state, "p1", Skip())
    state = game.apply(state, "p2", Pick(game.view(state, "p2").card[0]))
    assert refusal(state, "p2", GiveCue("LAVENDER")) == "cue_already_used"
    assert game.view(state, "p3").used_cues == ("lavender",)


# --- host rejection --------------------------------------------------------------------------

def test_host_rejects_the_first_cue_cones_go_back_and_the_giver_cues_again() -> None:
    state = position(n=4, phase="guess1", target="C3", cues=("lamp",), cones=[("p2", "B2", 1)])
    state = game.apply(state, HOST, RejectCue())
    assert state.phase == "cue" and state.cues == () and state.cones == ()
    assert state.used == () and state.rejected == ("lamp",)
    assert game.to_act(state) == {"p1"}
    assert refusal(state, "p1", GiveCue("Lamp")) == "cue_rejected"
    state = game.apply(state, "p1", GiveCue("brick"))
    assert game.to_act(state) == {"p2"}, "first guesses start again from the first guesser"
    seen = game.view(state, None)
    assert seen.rejected_cues == ("lamp",) and seen.cues == ("brick",)


def test_host_rejects_the_second_cue_only_second_cones_go_back() -> None:
    first = [("p2", "B2", 1), ("p3", "B3", 1)]
    state = position(n=3, phase="guess2", target="C3", cues=("brick", "sofa cushion"),
                     cones=[*first, ("p3", "D4", 2)])
    state = game.apply(state, HOST, RejectCue())
    assert state.phase == "cue2" and state.cues == ("brick",)
    assert [(c.player, c.square, c.guess) for c in state.cones] == first
    assert state.used == ("brick",)
    state = game.apply(state, "p1", Skip())
    assert state.phase == "results"


def test_host_may_reject_the_first_cue_while_the_giver_ponders_the_second() -> None:
    state = position(n=3, phase="cue2", target="C3", cues=("lamp",),
                     cones=[("p2", "B2", 1), ("p3", "B3", 1)])
    state = game.apply(state, HOST, RejectCue())
    assert state.phase == "cue" and state.cones == ()


def test_only_the_host_may_reject_and_only_a_standing_cue() -> None:
    state = position(n=3, phase="guess1", target="C3", cues=("lamp",))
    assert refusal(state, "p2", RejectCue()) == "host_only"
    assert refusal(state, "p1", RejectCue()) == "host_only"
    assert refusal(position(phase="cue", target="C3"), HOST, RejectCue()) == "nothing_to_reject"
    assert refusal(position(), HOST, RejectCue()) == "nothing_to_reject"
    assert game.legal_actions(state, HOST) == [RejectCue()]
    assert game.legal_actions(position(), HOST) == []


@pytest.mark.parametrize(("phase", "cues", "rejectable"), [
    ("pick", (), False), ("cue", (), False), ("guess1", ("lamp",), True),
    ("cue2", ("lamp",), True), ("guess2", ("lamp", "sofa"), True)])
def test_every_view_says_when_the_host_may_reject_a_cue(
        phase: engine.Phase, cues: tuple[str, ...], rejectable: bool) -> None:
    state = position(n=3, phase=phase, target=None if phase == "pick" else "C3", cues=cues)
    for viewer in (None, "p1", "p2"):
        assert game.view(state, viewer).host_allowed == (("reject_cue",) if rejectable else ())
    assert bool(game.legal_actions(state, HOST)) == rejectable
    assert game.host_actions == frozenset({"reject_cue", "end_now"})


# --- rounds and the end ----------------------------------------------------------------------

@pytest.mark.parametrize(("n", "rounds"), [(3, 6), (4, 8), (6, 12), (7, 7), (8, 8), (10, 10)])
def test_each_player_cues_twice_with_3_to_6_players_once_with_7_or_more(n: int,
                                                                        rounds: int) -> None:
    assert planned_rounds(n) == rounds
    state = game.start(players(n), 11)
    givers = []
    while game.outcome(state) is None and len(state.history) < rounds:
        if state.phase in ("pick", "results"):
            givers.append(state.players[state.giver])
        (actor,) = game.to_act(state)
        state = game.apply(state, actor, game.bot_action(state, actor))
    assert givers == [f"p{k % n + 1}" for k in range(rounds)]


def _last_round(scores: Sequence[int], giver: int, n: int = 3) -> State:
    """The last planned round, cue given, no cones near the target yet."""
    return position(n=n, giver=giver, phase="cue2", target="P30", cues=("dusk",),
                    cones=[(f"p{(giver + k) % n + 1}", f"A{k}", 1) for k in range(1, n)],
                    scores=scores, played=planned_rounds(n) - 1)


def test_the_game_ends_after_the_planned_rounds_with_a_single_leader() -> None:
    state = game.apply(_last_round((9, 4, 4), giver=2), "p3", Skip())
    assert state.finished == "rounds_played"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == ("p1",)
    assert outcome.reason == "rounds_played" and outcome.detail["extra_rounds"] == 0
    assert game.to_act(state) == frozenset()
    assert refusal(state, "p1", Pick("C3")) == "game_over"
    assert game.view(state, "p1").phase == "over"


def test_a_tie_brings_extra_rounds_in_which_the_tied_players_give_no_cues() -> None:
    state = game.apply(_last_round((7, 7, 4), giver=2, n=3), "p3", Skip())
    assert state.finished is None and state.phase == "results"
    assert engine.barred(state) == ("p1", "p2")
    assert state.players[state.giver] == "p3", "only the untied player may give cues"
    seen = game.view(state, "p1")
    assert seen.extra_round and seen.barred == ("p1", "p2") and seen.cue_giver == "p3"
    # the extra round: p1 lands on the target and now leads alone
    target = state.deck[len(state.history)][0]
    state = act(state, ("p3", Pick(target)), ("p3", GiveCue("anything")),
                ("p1", Guess(target)), ("p2", Guess("A1" if target != "A1" else "A2")),
                ("p3", Skip()))
    assert state.finished == "tie_broken"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == ("p1",)
    assert outcome.detail["extra_rounds"] == 1 and state.history[-1].extra


def test_extra_rounds_skip_tied_players_in_seat_order() -> None:
    state = game.apply(_last_round((5, 9, 2, 9, 1), giver=4, n=5), "p5", Skip())
    assert engine.barred(state) == ("p2", "p4")
    assert state.players[state.giver] == "p1"
    later = replace(state, giver=0, phase="cue2", target="P30", cues=("dusk",),
                    cones=tuple(Cone(p, f"A{k}", 1) for k, p in enumerate(("p2", "p3", "p4",
                                                                            "p5"), 1)))
    later = game.apply(later, "p1", Skip())
    assert later.players[later.giver] == "p3", "p2 is tied for the lead, so p3 is next"


def test_when_everyone_is_tied_everyone_takes_turns() -> None:
    state = game.apply(_last_round((3, 3, 3), giver=2), "p3", Skip())
    assert state.finished is None and engine.barred(state) == ()
    assert state.players[state.giver] == "p1"


def test_a_tie_still_standing_when_the_deck_runs_out_is_shared() -> None:
    state = position(n=3, giver=2, phase="cue2", target="P30", cues=("dusk",),
                     cones=[("p1", "A1", 1), ("p2", "A2", 1)], scores=(7, 7, 4), played=99)
    state = game.apply(state, "p3", Skip())
    assert state.finished == "tie_unbroken"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == ("p1", "p2")


@pytest.mark.parametrize("phase", ["results", "pick", "cue", "guess1", "cue2", "guess2"])
def test_the_host_may_end_a_tie_break_at_any_point_and_the_tied_leaders_share_the_win(
        phase: engine.Phase) -> None:
    tied = game.apply(_last_round((7, 7, 4), giver=2, n=3), "p3", Skip())
    target = tied.deck[len(tied.history)][0]
    steps: dict[str, list[tuple[str, object]]] = {
        "results": [], "pick": [], "cue": [("p3", Pick(target))],
        "guess1": [("p3", Pick(target)), ("p3", GiveCue("anything"))],
        "cue2": [("p3", Pick(target)), ("p3", GiveCue("anything")), ("p1", Guess("A1")),
                 ("p2", Guess("A2"))],
        "guess2": [("p3", Pick(target)), ("p3", GiveCue("anything")), ("p1", Guess("A1")),
                   ("p2", Guess("A2")), ("p3", GiveCue("whatever"))],
    }
    state = act(tied, *steps[phase])
    if phase == "pick":
        state = replace(state, phase="pick")
    for viewer in (None, "p1", "p3"):
        assert "end_now" in game.view(state, viewer).host_allowed
    assert EndNow() in game.legal_actions(state, HOST)
    assert refusal(state, "p1", EndNow()) == "host_only"
    ended = game.apply(state, HOST, EndNow())
    assert ended.finished == "tie_ended" and ended.scores == (7, 7, 4)
    assert ended.history == state.history, "the round under way is not scored"
    outcome = game.outcome(ended)
    assert outcome is not None and outcome.winners == ("p1", "p2")
    assert outcome.reason == "tie_ended"
    assert game.to_act(ended) == frozenset() and game.view(ended, "p1").phase == "over"
    assert game.view(ended, None).host_allowed == ()
    assert refusal(ended, HOST, EndNow()) == "game_over"


def test_there_is_no_tie_break_to_end_before_the_planned_rounds_or_with_a_single_leader(
        ) -> None:
    early = position(n=3, scores=(5, 5, 0))
    assert "end_now" not in game.view(early, None).host_allowed
    assert refusal(early, HOST, EndNow()) == "no_tie_break"
    led = game.apply(_last_round((9, 4, 4), giver=2), "p3", Skip())
    assert refusal(led, HOST, EndNow()) == "game_over"
    everyone = game.apply(_last_round((3, 3, 3), giver=2), "p3", Skip())
    assert game.apply(everyone, HOST, EndNow()).finished == "tie_ended"


# --- views and leaks -------------------------------------------------------------------------

def test_only_the_cue_giver_sees_the_card_and_the_target() -> None:
    state = position(n=3, giver=0, phase="guess1", target="D20", cues=("moss",))
    giver = game.view(state, "p1")
    assert giver.card == CARD and giver.target == "D20"
    for viewer in ("p2", "p3", None):
        seen = game.view(state, viewer)
        assert seen.card == () and seen.target is None
        assert "D20" not in json.dumps(jsonable(seen))
    assert game.view(position(), "p1").card == CARD


def test_views_say_whose_turn_it_is_and_what_each_may_do() -> None:
    state = position(n=3, giver=0, phase="guess1", target="D20", cues=("moss",))
    assert game.view(state, "p2").allowed == ("guess",) and game.view(state, "p2").your_turn
    assert game.view(state, "p1").allowed == () and not game.view(state, "p3").your_turn
    public = game.view(state, None)
    assert public.allowed == () and public.you is None and public.turn == "p2"
    assert public.guess_order == ("p2", "p3")
    second = position(n=3, phase="cue2", target="D20", cues=("moss",),
                      cones=[("p2", "A1", 1), ("p3", "A2", 1)])
    assert game.view(second, "p1").allowed == ("cue", "skip")
    assert game.view(position(), "p1").allowed == ("pick",)


def _hide_differently(state: State) -> State:
    """The same table with another deck, so another card and another target."""
    other_deck = tuple(reversed(state.deck))
    index = len(state.history)
    other_deck = other_deck[:index] + (("A1", "A30", "P1", "P30"),) + other_deck[index + 1:]
    target = None if state.target is None else ("P30" if state.target != "P30" else "P1")
    return replace(state, deck=other_deck, target=target)


@pytest.mark.parametrize("n", [3, 5])
def test_hidden_card_deck_and_target_never_change_other_views_or_bot_guesses(n: int) -> None:
    state = game.start(players(n), 21)
    checked = 0
    while game.outcome(state) is None:
        other = _hide_differently(state)
        giver = state.players[state.giver]
        for viewer in (None, *state.players):
            if viewer == giver:  # (in "results", the next giver already holds their card)
                continue
            assert jsonable(game.view(other, viewer)) == jsonable(game.view(state, viewer))
            checked += 1
        (actor,) = game.to_act(state)
        if actor != giver:
            assert game.bot_action(other, actor) == game.bot_action(state, actor)
        state = game.apply(state, actor, game.bot_action(state, actor))
    assert checked > 100


def test_the_target_is_public_from_scoring_on() -> None:
    state = position(n=3, phase="cue2", target="D20", cues=("moss",),
                     cones=[("p2", "A1", 1), ("p3", "A2", 1)])
    state = game.apply(state, "p1", Skip())
    for viewer in ("p2", "p3", None):
        result = game.view(state, viewer).last_result
        assert result is not None and result.target == "D20"
        assert result.colour == board.colour("D20")


def test_views_are_json() -> None:
    state = position(n=3, phase="cue2", target="D20", cues=("moss",),
                     cones=[("p2", "D21", 1), ("p3", "A2", 1)])
    state = game.apply(state, "p1", Skip())
    for viewer in (None, "p1", "p2"):
        data = json.loads(json.dumps(jsonable(game.view(state, viewer))))
        assert data["last_result"]["points"] == {"p1": 2, "p2": 2, "p3": 0}


# --- determinism and purity ------------------------------------------------------------------

def _bot_game(n: int, seed: int, options: dict[str, object] | None = None
              ) -> tuple[State, list[tuple[str, object]]]:
    state = game.start(players(n), seed, options)
    log: list[tuple[str, object]] = []
    while game.outcome(state) is None:
        (actor,) = game.to_act(state)
        action = game.bot_action(state, actor)
        before = copy.deepcopy(state)
        following = game.apply(state, actor, action)
        assert state == before, "apply must not mutate its input"
        log.append((actor, action))
        state = following
    return state, log


@pytest.mark.parametrize("n", [3, 5, 10])
def test_bots_finish_whole_games(n: int) -> None:
    state, log = _bot_game(n, 100 + n)
    outcome = game.outcome(state)
    assert outcome is not None and set(outcome.scores) == set(players(n))
    assert len(state.history) >= planned_rounds(n)
    assert sum(outcome.scores.values()) > 0
    assert game.replay(players(n), 100 + n, {}, log) == state


def test_bots_finish_a_free_pick_game() -> None:
    state, _ = _bot_game(4, 9, {"free_pick": True})
    assert state.finished and all(h.target for h in state.history)


def test_same_seed_and_actions_replay_to_the_same_game() -> None:
    first, log = _bot_game(4, 77)
    second, log_again = _bot_game(4, 77)
    assert first == second and log == log_again
    assert game.start(players(4), 77) != game.start(players(4), 78)
