"""Dixit bots: they finish games, read the pictures' descriptors better than chance, beat
random players, and decide only from what their player may know."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.dixit import DAYDREAMS, State, Submit, Tell, Vote, bot_action, game, storyteller
from rules.dixit.bot import deck_tags
from rules.dixit.words import clues, fit, words


def players(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def play(n: int, seed: int, bots: set[str], **options: object) -> tuple[State, list[State]]:
    """Play a whole game; bots move for ``bots``, random legal moves for everyone else.

    Returns the final state and every round's scored state.
    """
    chooser = random.Random(seed)
    state = game.start(players(n), seed, options)
    rounds = []
    while game.outcome(state) is None:
        actor = sorted(game.to_act(state))[0]
        if actor in bots:
            action = bot_action(state, actor)
        else:
            action = chooser.choice(game.legal_actions(state, actor))
        state = game.apply(state, actor, action)
        if state.phase in ("scored", "over"):
            rounds.append(state)
    return state, rounds


@pytest.mark.parametrize("n", [3, 4, 6, 12])
def test_bots_finish_a_game(n: int) -> None:
    state, rounds = play(n, seed=n, bots=set(players(n)))
    result = game.outcome(state)
    assert result is not None and result.winners
    assert len(rounds) == state.round
    assert sum(result.scores.values()) > 0


def test_bots_finish_a_game_to_thirty_points() -> None:
    state, _ = play(5, seed=1, bots=set(players(5)), end="points")
    assert state.finished in ("target_reached", "pile_empty")


@pytest.mark.parametrize(("n", "margin"), [(4, 1.6), (8, 3.0)])
def test_bot_voters_find_the_storytellers_card_far_more_often_than_chance(n: int,
                                                                          margin: float) -> None:
    # Bot storytellers aim for about half the voters finding their card (all or none scores
    # them nothing), so with 4 players (chance: 1 in 3) the margin over chance is smaller.
    found = votes = 0
    chance = 0.0
    for seed in range(5):
        _, rounds = play(n, seed, set(players(n)))
        for state in rounds:
            last = state.last
            assert last is not None
            votes += len(last.votes)
            found += len(last.found)
            chance += len(last.votes) / (len(last.table) - state.rules.submit)
    assert found / votes > margin * chance / votes


def test_bot_storytellers_give_clues_that_some_but_not_all_find() -> None:
    cases = [s.last.case for seed in range(4) for s in play(6, seed, set(players(6)))[1]
             if s.last is not None]
    assert cases.count("some_found") > 0.7 * len(cases)


def test_bots_outscore_random_players() -> None:
    bots_total = random_total = 0
    for seed in range(8):
        state, _ = play(4, seed, {"p1", "p3"} if seed % 2 else {"p2", "p4"})
        for p, score in zip(state.players, state.scores, strict=True):
            if p in ({"p1", "p3"} if seed % 2 else {"p2", "p4"}):
                bots_total += score
            else:
                random_total += score
    assert bots_total > 1.3 * random_total


def test_a_bot_storyteller_tells_about_its_card_and_not_always_the_obvious_way() -> None:
    kinds = []
    tags = deck_tags(DAYDREAMS)
    for seed in range(30):
        state = game.start(players(5), seed)
        action = bot_action(state, "p1")
        assert isinstance(action, Tell) and action.card in state.hands[0]
        assert fit(tags[action.card], words(action.phrase)) > 0
        kinds.append(next(c.kind for c in clues(DAYDREAMS.by_id[action.card])
                          if c.text == action.phrase))
    assert len(set(kinds)) >= 3
    assert kinds.count("motif") < len(kinds) / 2


def _told(state: State, card: str, phrase: str) -> State:
    hands = list(state.hands)
    hands[0] = (card, *hands[0][1:])
    return game.apply(replace(state, hands=tuple(hands)), "p1", Tell(card, phrase))


def test_a_bot_submits_the_hand_card_that_best_fits_the_phrase() -> None:
    state = game.start(players(4), 3)
    lighthouses = [c.id for c in DAYDREAMS.cards if c.things[0] == "lighthouse"]
    state = _told(state, lighthouses[0], "the lighthouse")
    hands = list(state.hands)
    hands[1] = (*[c for c in hands[1] if c not in lighthouses][:5], lighthouses[1])
    state = replace(state, hands=tuple(hands))
    assert bot_action(state, "p2") == Submit((lighthouses[1],))


def test_a_bot_voter_never_votes_for_its_own_card_and_favours_the_best_fit() -> None:
    best = 0
    for seed in range(20):
        state = game.start(players(4), seed)
        story = state.hands[0][0]
        phrase = clues(DAYDREAMS.by_id[story])[0].text  # its hero motif: an easy clue
        state = _told(state, story, phrase)
        for p in ("p2", "p3", "p4"):
            state = game.apply(state, p, bot_action(state, p))
        action = bot_action(state, "p2")
        assert isinstance(action, Vote)
        assert state.played[1][0] not in action.cards
        tags = deck_tags(DAYDREAMS)
        fits = {c: fit(tags[c], words(phrase)) for c in state.table if c not in state.played[1]}
        best += fits[action.cards[0]] == max(fits.values())
    assert best >= 14


def test_large_table_bots_use_one_or_two_votes() -> None:
    sizes = set()
    for seed in range(3):
        state = game.start(players(9), seed)
        state = game.apply(state, "p1", bot_action(state, "p1"))
        for p in players(9)[1:]:
            state = game.apply(state, p, bot_action(state, p))
        for p in players(9)[1:]:
            action = bot_action(state, p)
            assert isinstance(action, Vote)
            sizes.add(len(action.cards))
    assert sizes == {1, 2}


def _hidden_changes(state: State, player: str) -> list[State]:
    """The state with things ``player`` may not know changed."""
    seat = state.seat(player)
    others = [i for i in range(len(state.players)) if i != seat]
    hands = list(state.hands)
    a, b = others[-2], others[-1]
    hands[a], hands[b] = hands[b], hands[a]
    changes = [
        replace(state, hands=tuple(hands)),
        replace(state, pile=tuple(reversed(state.pile))),
        replace(state, seed=state.seed + 99, draws=state.draws + 3),
    ]
    if state.phase == "submit":
        played = list(state.played)
        played[a], played[b] = played[b], played[a]
        changes.append(replace(state, played=tuple(played)))
    if state.phase == "vote":
        votes = list(state.votes)
        if votes[a]:
            votes[a] = (state.table[-1],) if votes[a] != (state.table[-1],) else (state.table[0],)
            changes.append(replace(state, votes=tuple(votes)))
    return changes


def test_bots_decide_only_from_what_their_player_may_know() -> None:
    state = game.start(players(5), 21)
    checked = 0
    while game.outcome(state) is None and checked < 60:
        for actor in sorted(game.to_act(state)):
            action = bot_action(state, actor)
            for changed in _hidden_changes(state, actor):
                assert bot_action(changed, actor) == action
            checked += 1
        actor = sorted(game.to_act(state))[0]
        state = game.apply(state, actor, bot_action(state, actor))
    assert checked >= 60
    assert storyteller(state) in state.players
