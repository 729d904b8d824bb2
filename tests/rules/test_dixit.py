"""Dixit's rules as tables: scoring cases, turn order, refusals, refills, endings and views.

States are built from a seeded start and then set by hand (hands, pile, scores), so each test
shows the position it checks. The leak tests change a hidden part of a state and check that
no viewer who may not see it gets a different view.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from rules.base import RuleError, jsonable
from rules.dixit import (
    DAYDREAMS,
    State,
    Submit,
    Tell,
    Vote,
    apply,
    game,
    legal_actions,
    outcome,
    score_round,
    storyteller,
    to_act,
    view,
)
from rules.dixit.engine import PHRASE_MAX, Rules, make_rules


def players(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def start(n: int = 4, seed: int = 1, **options: Any) -> State:
    return game.start(players(n), seed, options)


def rules(n: int, **options: Any) -> Rules:
    return make_rules(n, game.typed_options(options))


def hand(state: State, player: str) -> tuple[str, ...]:
    return state.hands[state.seat(player)]


def told(state: State, phrase: str = "a quiet night", card: str | None = None) -> State:
    teller = storyteller(state)
    return apply(state, teller, Tell(card or hand(state, teller)[0], phrase))


def submitted(state: State) -> State:
    for p in sorted(to_act(state)):
        state = apply(state, p, Submit(hand(state, p)[:state.rules.submit]))
    return state


def card_of(state: State, player: str) -> str:
    return state.played[state.seat(player)][0]


def voted(state: State, picks: dict[str, str | tuple[str, ...]]) -> State:
    """Each voter in ``picks`` votes for the card(s) played by the named player(s)."""
    for voter, whose in picks.items():
        owners = (whose,) if isinstance(whose, str) else whose
        state = apply(state, voter, Vote(tuple(card_of(state, o) for o in owners)))
    return state


def code_of(state: State, player: str, action: Any) -> str:
    with pytest.raises(RuleError) as error:
        apply(state, player, action)
    return error.value.code


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON-encoded value (keys included)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return set()


def seen_cards(state: State, viewer: str | None) -> set[str]:
    return strings(jsonable(view(state, viewer))) & set(DAYDREAMS.ids)


# --- scoring tables --------------------------------------------------------------------------

OWNERS4 = {"S": "st", "A": "a", "B": "b", "C": "c"}


@pytest.mark.parametrize(("votes", "expected", "case"), [
    # every voter finds the storyteller's card: storyteller 0, others 2
    ({"a": ("S",), "b": ("S",), "c": ("S",)}, {"st": 0, "a": 2, "b": 2, "c": 2}, "all_found"),
    # nobody finds it: storyteller 0, others 2, plus 1 per vote on their card
    ({"a": ("B",), "b": ("C",), "c": ("B",)}, {"st": 0, "a": 2, "b": 4, "c": 3}, "none_found"),
    # some find it: storyteller and finders 3, plus vote bonuses
    ({"a": ("S",), "b": ("C",), "c": ("B",)}, {"st": 3, "a": 3, "b": 1, "c": 1}, "some_found"),
    ({"a": ("S",), "b": ("S",), "c": ("A",)}, {"st": 3, "a": 4, "b": 3, "c": 0}, "some_found"),
])
def test_scoring_cases_for_four_players(votes: dict[str, tuple[str, ...]],
                                        expected: dict[str, int], case: str) -> None:
    points, got_case = score_round(rules(4), "st", {c: o for c, o in OWNERS4.items()},
                                   {v: cards for v, cards in votes.items()})
    assert (points, got_case) == (expected, case)


def test_votes_on_the_storytellers_card_give_the_storyteller_no_bonus() -> None:
    points, _ = score_round(rules(4), "st", OWNERS4, {"a": ("S",), "b": ("S",), "c": ("A",)})
    assert points["st"] == 3  # two votes found the card, but no +1 per vote for the storyteller


THREE = {"S": "st", "A1": "a", "A2": "a", "B1": "b", "B2": "b"}


@pytest.mark.parametrize(("four", "votes", "expected"), [
    (False, {"a": ("S",), "b": ("A2",)}, {"st": 3, "a": 4, "b": 0}),
    (True, {"a": ("S",), "b": ("A2",)}, {"st": 4, "a": 5, "b": 0}),
    (True, {"a": ("S",), "b": ("S",)}, {"st": 0, "a": 2, "b": 2}),
    (True, {"a": ("B1",), "b": ("A1",)}, {"st": 0, "a": 3, "b": 3}),
])
def test_three_players_score_both_submissions_and_the_four_point_option(
        four: bool, votes: dict[str, tuple[str, ...]], expected: dict[str, int]) -> None:
    points, _ = score_round(rules(3, four_points=four), "st", THREE, votes)
    assert points == expected


LARGE = {"S": "st", **{f"C{i}": f"v{i}" for i in range(1, 8)}}


def test_large_table_finds_with_either_vote_and_rewards_a_single_correct_vote() -> None:
    votes = {"v1": ("S",), "v2": ("S", "C3"), "v3": ("C4",), "v4": ("C3", "C5"),
             "v5": ("C3",), "v6": ("C7",), "v7": ("C6",)}
    points, case = score_round(rules(8), "st", LARGE, votes)
    assert case == "some_found"
    assert points == {
        "st": 3,
        "v1": 3 + 1,  # found with a single vote: 1 more
        "v2": 3,  # found, but with two votes: no single-vote point
        "v3": 3,  # three votes on C3, one of them a second vote
        "v4": 1, "v5": 1, "v6": 1, "v7": 1,
    }


def test_large_table_caps_the_vote_bonus_at_three() -> None:
    votes = {f"v{i}": ("C1",) for i in range(2, 8)} | {"v1": ("S",)}
    points, _ = score_round(rules(8), "st", LARGE, votes)
    assert points["v1"] == 3 + 1 + 3  # finder, single vote, and six votes capped at three
    six = {k: v for k, v in LARGE.items() if k in ("S", "C1", "C2", "C3", "C4", "C5")}
    uncapped, _ = score_round(rules(6), "st", six,
                              {f"v{i}": ("C1",) for i in range(2, 6)} | {"v1": ("S",)})
    assert uncapped["v1"] == 3 + 4  # 3-6 players: no cap, no single-vote point


def test_large_table_all_found_still_scores_the_single_vote_point() -> None:
    votes = {f"v{i}": ("S",) for i in range(1, 7)} | {"v7": ("S", "C2")}
    points, case = score_round(rules(8), "st", LARGE, votes)
    assert case == "all_found"
    assert points["st"] == 0
    assert points["v1"] == 2 + 1  # found with a single vote
    assert points["v2"] == 2 + 1 + 1  # single vote, and v7's second vote on C2
    assert points["v7"] == 2  # two votes: no single-vote point


# --- a round through apply -------------------------------------------------------------------

def test_a_round_scores_through_apply_as_the_table_says() -> None:
    state = submitted(told(start(4)))
    state = voted(state, {"p2": "p1", "p3": "p2", "p4": "p2"})
    last = state.last
    assert last is not None and state.phase == "scored"
    assert last.case == "some_found" and last.found == ("p2",)
    assert dict(last.points) == {"p1": 3, "p2": 5, "p3": 0, "p4": 0}
    assert dict(zip(state.players, state.scores, strict=True)) == last.points
    assert {p.owner for p in last.table} == {"p1", "p2", "p3", "p4"}
    story = next(p for p in last.table if p.story)
    assert story.owner == "p1" and story.voters == ("p2",)


def test_storytellers_rotate_from_the_first_seat() -> None:
    state = start(4)
    tellers = []
    for _ in range(6):
        tellers.append(storyteller(state))
        state = submitted(told(state))
        others = [p for p in state.players if p != storyteller(state)]
        state = voted(state, {p: storyteller(state) for p in others})
    assert tellers == ["p1", "p2", "p3", "p4", "p1", "p2"]


def test_the_phrase_is_trimmed_and_spaces_are_collapsed() -> None:
    state = told(start(), "  the   last\n lantern  ")
    assert state.phrase == "the last lantern"
    assert state.phase == "submit"
    assert told(start(), "x" * PHRASE_MAX).phrase == "x" * PHRASE_MAX


def test_everyone_else_submits_in_any_order_then_the_cards_are_revealed() -> None:
    state = told(start(5))
    assert to_act(state) == {"p2", "p3", "p4", "p5"}
    for p in ("p4", "p2", "p5"):
        state = apply(state, p, Submit((hand(state, p)[0],)))
        assert p not in to_act(state) and state.phase == "submit"
    state = apply(state, "p3", Submit((hand(state, "p3")[0],)))
    assert state.phase == "vote" and len(state.table) == 5
    assert to_act(state) == {"p2", "p3", "p4", "p5"}


def test_three_players_hold_seven_and_submit_two_so_five_cards_are_shown() -> None:
    state = start(3)
    assert all(len(h) == 7 for h in state.hands)
    state = submitted(told(state))
    assert len(state.table) == 5
    for p in ("p2", "p3"):
        own = state.played[state.seat(p)]
        assert len(own) == 2
        assert code_of(state, p, Vote((own[1],))) == "own_card"


def test_the_reveal_order_comes_from_the_seed_not_from_submission_order() -> None:
    base = told(start(6, seed=9))
    forward = submitted(base)
    backward = base
    for p in sorted(to_act(base), reverse=True):
        backward = apply(backward, p, Submit((hand(backward, p)[0],)))
    assert forward.table == backward.table
    orders = set()
    for seed in range(12):
        state = submitted(told(start(6, seed=seed)))
        by_seat = tuple(c for cards in state.played for c in cards)
        orders.add(tuple(by_seat.index(c) for c in state.table))
    assert len(orders) > 6, "the seat order must not decide the layout"


def test_who_submitted_which_card_does_not_change_the_layout() -> None:
    state = told(start(4, seed=3))
    a, b = hand(state, "p2")[0], hand(state, "p3")[0]
    swapped_hands = list(state.hands)
    swapped_hands[1] = (b, *hand(state, "p2")[1:])
    swapped_hands[2] = (a, *hand(state, "p3")[1:])
    other = replace(state, hands=tuple(swapped_hands))
    one = submitted(state)
    two = submitted(other)
    assert one.table == two.table
    assert card_of(one, "p2") == card_of(two, "p3")


def test_hands_are_refilled_after_scoring() -> None:
    state = submitted(told(start(4)))
    pile = len(state.pile)
    state = voted(state, {"p2": "p1", "p3": "p1", "p4": "p2"})
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert len(state.pile) == pile - 4
    assert len(state.discards) == 4


# --- refusals --------------------------------------------------------------------------------

def test_telling_is_refused_with_clear_codes() -> None:
    state = start(4)
    mine = hand(state, "p1")
    theirs = hand(state, "p2")[0]
    assert code_of(state, "p2", Tell(theirs, "hi")) == "not_your_turn"
    assert code_of(state, "p1", Tell(theirs, "hi")) == "card_not_in_hand"
    assert code_of(state, "p1", Tell("99", "hi")) == "unknown_card"
    assert code_of(state, "p1", Tell(mine[0], "   ")) == "empty_phrase"
    assert code_of(state, "p1", Tell(mine[0], "x" * (PHRASE_MAX + 1))) == "phrase_too_long"
    assert code_of(state, "p9", Tell(mine[0], "hi")) == "not_a_player"
    assert code_of(told(state), "p1", Tell(mine[1], "again")) == "wrong_phase"
    assert code_of(state, "p1", "tell") == "unknown_action"


def test_submitting_is_refused_with_clear_codes() -> None:
    state = told(start(4))
    card = hand(state, "p2")[0]
    assert code_of(start(4), "p2", Submit((hand(start(4), "p2")[0],))) == "wrong_phase"
    assert code_of(state, "p1", Submit((hand(state, "p1")[0],))) == "storyteller_cannot_submit"
    assert code_of(state, "p2", Submit(())) == "wrong_card_count"
    assert code_of(state, "p2", Submit(hand(state, "p2")[:2])) == "wrong_card_count"
    assert code_of(state, "p2", Submit((hand(state, "p3")[0],))) == "card_not_in_hand"
    assert code_of(state, "p2", Submit(("00",))) == "unknown_card"
    after = apply(state, "p2", Submit((card,)))
    assert code_of(after, "p2", Submit((hand(after, "p2")[0],))) == "already_submitted"
    three = told(start(3))
    assert code_of(three, "p2", Submit((hand(three, "p2")[0],) * 2)) == "duplicate_card"


def test_voting_is_refused_with_clear_codes() -> None:
    state = submitted(told(start(4)))
    story = card_of(state, "p1")
    assert code_of(told(start(4)), "p2", Vote((story,))) == "wrong_phase"
    assert code_of(state, "p1", Vote((card_of(state, "p2"),))) == "storyteller_cannot_vote"
    assert code_of(state, "p2", Vote((card_of(state, "p2"),))) == "own_card"
    assert code_of(state, "p2", Vote(())) == "no_vote"
    assert code_of(state, "p2", Vote((story, card_of(state, "p3")))) == "too_many_votes"
    assert code_of(state, "p2", Vote((hand(state, "p2")[0],))) == "card_not_on_table"
    assert code_of(state, "p2", Vote(("xx",))) == "unknown_card"
    after = apply(state, "p2", Vote((story,)))
    assert code_of(after, "p2", Vote((card_of(state, "p3"),))) == "already_voted"
    large = submitted(told(start(8)))
    twice = card_of(large, "p3")
    assert code_of(large, "p2", Vote((twice, twice))) == "duplicate_vote"
    assert code_of(large, "p2", Vote(tuple(card_of(large, p) for p in ("p1", "p3", "p4")))) \
        == "too_many_votes"


def test_bad_options_are_refused() -> None:
    with pytest.raises(RuleError) as error:
        start(4, end="sometimes")
    assert error.value.code == "bad_option"
    with pytest.raises(RuleError) as error:
        game.start(players(2), 1)
    assert error.value.code == "bad_player_count"


def test_a_finished_game_refuses_every_action() -> None:
    state = replace(start(4), finished="pile_empty", phase="over")
    assert code_of(state, "p1", Tell(hand(state, "p1")[0], "hi")) == "game_over"
    assert to_act(state) == frozenset() and legal_actions(state, "p1") == []


# --- the end of the game ---------------------------------------------------------------------

def play_round(state: State) -> State:
    state = submitted(told(state))
    teller = storyteller(state)
    others = [p for p in state.players if p != teller]
    picks: dict[str, str | tuple[str, ...]] = {p: teller for p in others[:1]}
    picks |= {p: others[0] if p != others[0] else teller for p in others[1:]}
    return voted(state, picks)


def test_by_default_the_game_ends_when_the_last_card_is_drawn() -> None:
    state = start(6)  # 84 - 36 = 48 cards in the pile, 6 drawn a round: 8 rounds
    rounds = 0
    while state.finished is None:
        state = play_round(state)
        rounds += 1
    assert rounds == 8 and state.finished == "pile_empty" and state.phase == "over"
    assert state.pile == ()
    result = outcome(state)
    assert result is not None and result.reason == "pile_empty"
    assert set(result.winners) == {p for p, s in result.scores.items()
                                   if s == max(result.scores.values())}


def test_a_pile_that_cannot_refill_every_hand_ends_the_game() -> None:
    state = submitted(told(start(4)))
    short = replace(state, pile=state.pile[:3])
    ended = voted(short, {"p2": "p1", "p3": "p2", "p4": "p2"})
    assert ended.finished == "pile_empty"
    going = voted(replace(state, pile=state.pile[:5]), {"p2": "p1", "p3": "p2", "p4": "p2"})
    assert going.finished is None and going.phase == "scored" and len(going.pile) == 1


def test_the_points_option_ends_the_game_at_the_end_of_the_round_reaching_the_target() -> None:
    state = submitted(told(start(4, end="points", target=30)))
    state = replace(state, scores=(20, 28, 10, 10))
    ended = voted(state, {"p2": "p1", "p3": "p2", "p4": "p2"})  # p2 scores 3 + 2
    assert ended.finished == "target_reached" and ended.scores[1] >= 30
    result = outcome(ended)
    assert result is not None and result.winners == ("p2",)


def test_the_turns_option_ends_after_that_many_storyteller_turns_each() -> None:
    state = start(4, end="turns", turns_each=2)
    rounds = 0
    while state.finished is None:
        state = play_round(state)
        rounds += 1
    assert rounds == 8 and state.finished == "turns_done"


def test_a_game_over_turns_reshuffles_the_discards_when_the_pile_runs_dry() -> None:
    state = submitted(told(start(4, end="turns", turns_each=6)))
    dry = replace(state, pile=(), discards=("80", "81", "82"))
    after = voted(dry, {"p2": "p1", "p3": "p2", "p4": "p2"})
    assert after.finished is None
    assert all(len(h) == 6 for h in after.hands)
    assert after.draws == state.draws + 1
    assert len(after.pile) + len(after.discards) == 3 + 4 - 4


def test_large_tables_reshuffle_and_by_default_end_once_everyone_has_told() -> None:
    state = start(12)
    assert len(state.pile) == 12
    rounds = 0
    while state.finished is None:
        state = play_round(state)
        rounds += 1
        assert all(len(h) == 6 for h in state.hands)
    assert rounds == 12 and state.finished == "turns_done"


# --- views -----------------------------------------------------------------------------------

def test_a_player_sees_only_their_own_hand_and_the_public_view_none() -> None:
    state = start(4)
    for p in state.players:
        assert view(state, p).hand == hand(state, p)
        assert seen_cards(state, p) == set(hand(state, p))
    assert view(state, None).hand == ()
    assert seen_cards(state, None) == set()
    assert seen_cards(state, "someone-else") == set()


def test_before_the_reveal_nobody_sees_a_played_card_but_their_own() -> None:
    state = told(start(4))
    state = apply(state, "p2", Submit((hand(state, "p2")[0],)))
    story = card_of(state, "p1")
    mine = card_of(state, "p2")
    assert view(state, "p1").told == story
    assert story in seen_cards(state, "p1") and mine not in seen_cards(state, "p1")
    assert view(state, "p2").submitted_cards == (mine,) and view(state, "p2").told is None
    assert story not in seen_cards(state, "p2")
    for p in ("p3", "p4", None):
        assert not {story, mine} & seen_cards(state, p)
    assert view(state, None).submitted == ("p2",)


def test_after_the_reveal_cards_show_by_position_without_owners() -> None:
    state = submitted(told(start(4)))
    for viewer in (None, "p1", "p2", "p3", "p4"):
        table = view(state, viewer).table
        assert [c.card for c in table] == list(state.table)
        assert [c.position for c in table] == [1, 2, 3, 4]
        assert all(c.owner is None and c.story is None and c.voters == () for c in table)
        own = set(state.played[state.seat(viewer)]) if viewer else set()
        assert {c.card for c in table if c.yours} == own
    assert not any(c.votable for c in view(state, "p1").table)
    assert [c.votable for c in view(state, "p2").table] == [
        c != card_of(state, "p2") for c in state.table]


def test_votes_stay_secret_until_everyone_has_voted() -> None:
    state = submitted(told(start(4)))
    state = voted(state, {"p2": "p1", "p3": "p2"})
    for viewer in (None, "p1", "p2", "p3", "p4"):
        v = view(state, viewer)
        assert v.voted == ("p2", "p3")
        assert all(c.voters == () and c.owner is None for c in v.table)
    assert view(state, "p2").your_votes == (card_of(state, "p1"),)
    assert view(state, "p4").your_votes == () and view(state, None).your_votes == ()
    scored = voted(state, {"p4": "p3"})
    v = view(scored, None)
    assert v.phase == "scored" and v.last_round is not None
    assert {c.card: c.owner for c in v.table} == {card_of(scored, p): p for p in scored.players}
    assert {c.card: c.voters for c in v.table}[card_of(scored, "p1")] == ("p2",)
    assert dict(v.last_round.points) == {"p1": 3, "p2": 4, "p3": 1, "p4": 0}


def test_views_say_who_may_act_and_what() -> None:
    state = start(4)
    assert view(state, "p1").allowed == ("tell",) and view(state, "p1").your_turn
    assert view(state, "p2").allowed == () and view(state, None).allowed == ()
    state = told(state)
    assert view(state, "p1").allowed == () and view(state, "p2").allowed == ("submit",)
    state = submitted(state)
    assert view(state, "p2").allowed == ("vote",) and view(state, "p1").allowed == ()
    state = voted(state, {"p2": "p1", "p3": "p1", "p4": "p1"})
    assert view(state, "p2").allowed == ("tell",) and view(state, "p2").storyteller == "p2"
    assert view(state, "p1").told is not None  # last round's card stays marked as yours


@pytest.mark.parametrize("phase", ["tell", "submit", "vote", "scored"])
def test_every_view_is_json(phase: str) -> None:
    state = start(5)
    steps = {"tell": 0, "submit": 1, "vote": 2, "scored": 3}[phase]
    if steps >= 1:
        state = told(state)
    if steps >= 2:
        state = submitted(state)
    if steps >= 3:
        state = voted(state, {p: "p1" for p in ("p2", "p3", "p4", "p5")})
    assert state.phase == phase
    for viewer in (None, *state.players):
        json.dumps(jsonable(view(state, viewer)))


# --- leak invariance -------------------------------------------------------------------------

def swap_hands(state: State, a: str, b: str) -> State:
    hands = list(state.hands)
    hands[state.seat(a)], hands[state.seat(b)] = hands[state.seat(b)], hands[state.seat(a)]
    return replace(state, hands=tuple(hands))


def phases(n: int = 5, seed: int = 4) -> list[State]:
    tell = start(n, seed)
    submit = told(tell)
    for p in ("p2", "p3", "p4"):  # p5 has still to submit
        submit = apply(submit, p, Submit((hand(submit, p)[0],)))
    vote = voted(submitted(told(tell)), {"p2": "p1"})
    scored = voted(vote, {"p3": "p1", "p4": "p2", "p5": "p3"})
    return [tell, submit, vote, scored]


@pytest.mark.parametrize("index", range(4))
def test_other_players_hands_never_change_a_view(index: int) -> None:
    state = phases()[index]
    changed = swap_hands(state, "p4", "p5")
    for viewer in (None, "p1", "p2", "p3"):
        assert view(state, viewer) == view(changed, viewer)


@pytest.mark.parametrize("index", range(4))
def test_the_pile_order_the_seed_and_the_draw_count_never_change_a_view(index: int) -> None:
    state = phases()[index]
    changed = replace(state, pile=tuple(reversed(state.pile)), seed=state.seed + 1,
                      draws=state.draws + 5)
    for viewer in (None, *state.players):
        assert view(state, viewer) == view(changed, viewer)


def test_who_submitted_which_card_never_changes_another_players_view() -> None:
    for state in phases()[1:3]:
        played = list(state.played)
        played[2], played[3] = played[3], played[2]
        changed = replace(state, played=tuple(played))
        for viewer in (None, "p1", "p2", "p5"):
            assert view(state, viewer) == view(changed, viewer)


def test_the_storytellers_card_never_shows_before_the_reveal() -> None:
    state = phases()[1]
    other = list(state.played)
    other[0] = (hand(state, "p1")[0],)
    changed = replace(state, played=tuple(other))
    for viewer in (None, "p2", "p3", "p4", "p5"):
        assert view(state, viewer) == view(changed, viewer)


def test_other_votes_never_change_a_view_before_everyone_has_voted() -> None:
    state = phases()[2]  # p2 has voted for the storyteller's card; p3–p5 have not
    votes = list(state.votes)
    votes[1] = (card_of(state, "p3"),)
    changed = replace(state, votes=tuple(votes))
    for viewer in (None, "p1", "p3", "p4", "p5"):
        assert view(state, viewer) == view(changed, viewer)
    assert view(state, "p2") != view(changed, "p2")


# --- determinism and purity ------------------------------------------------------------------

def test_the_same_seed_and_actions_replay_the_same_game() -> None:
    log = []
    state = start(5, seed=11)
    for _ in range(40):
        if state.finished:
            break
        actor = sorted(to_act(state))[0]
        action = legal_actions(state, actor)[-1]
        log.append((actor, action))
        state = apply(state, actor, action)
    assert game.replay(players(5), 11, {}, log) == state
    assert start(5, seed=11).hands != start(5, seed=12).hands


def test_apply_never_mutates_its_input() -> None:
    for state in phases():
        if state.phase == "scored":
            action: Any = Tell(hand(state, storyteller(state))[0], "again")
            actor = storyteller(state)
        else:
            actor = sorted(to_act(state))[0]
            action = legal_actions(state, actor)[0]
        snapshot = copy.deepcopy(state)
        apply(state, actor, action)
        assert state == snapshot


def test_legal_actions_offer_a_phrase_sample_every_submission_and_every_vote() -> None:
    state = start(4)
    tells = legal_actions(state, "p1")
    assert {a.card for a in tells if isinstance(a, Tell)} == set(hand(state, "p1"))
    assert all(isinstance(a, Tell) and 0 < len(a.phrase) <= PHRASE_MAX for a in tells)
    assert legal_actions(state, "p2") == []
    three = told(start(3))
    assert len(legal_actions(three, "p2")) == 21  # every pair of 7 cards
    large = submitted(told(start(8)))
    assert len(legal_actions(large, "p2")) == 7 + 21  # one vote on 7 cards, or two of them
