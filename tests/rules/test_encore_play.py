"""Encore! whole games: views and hidden choices, legal actions, bots, determinism, purity.

Passive players choose at the same time, so a pending choice is the one secret of the game:
the leak tests change other players' pending choices and check that no view (and no bot
decision) of anybody else changes.
"""

from __future__ import annotations

import copy
import json
import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from rules.base import jsonable
from rules.encore import game
from rules.encore.engine import Action, Mark, Pass, Roll, State, phase, waiting_for
from rules.encore.marking import PASSED, Choice
from rules.encore.sheet import printed_sheet

CLASSIC = printed_sheet("classic")
Chooser = Callable[[State, str, random.Random], Action]


def random_player(state: State, player: str, chooser: random.Random) -> Action:
    return chooser.choice(game.legal_actions(state, player))


def bot_player(state: State, player: str, chooser: random.Random) -> Action:
    return game.bot_action(state, player)


def playout(players: int, seed: int, kinds: list[Chooser] | None = None
            ) -> Iterator[tuple[State, str, Action]]:
    """Yield (state, actor, action) for a whole game, actors picked at random among those due."""
    names = [f"p{i + 1}" for i in range(players)]
    kinds = kinds or [random_player] * players
    chooser = random.Random(seed)
    state = game.start(names, seed)
    while game.outcome(state) is None:
        actor = chooser.choice(sorted(game.to_act(state)))
        action = kinds[names.index(actor)](state, actor, chooser)
        yield state, actor, action
        state = game.apply(state, actor, action)


def final(players: int, seed: int, kinds: list[Chooser] | None = None) -> State:
    (state, actor, action), = deque(playout(players, seed, kinds), maxlen=1)
    return game.apply(state, actor, action)


def views(state: State) -> dict[str | None, object]:
    return {v: jsonable(game.view(state, v)) for v in (None, *state.players)}


# --- hidden choices --------------------------------------------------------------------------

def pending_states(players: int, seed: int) -> list[State]:
    """States of a random game in which some passive player has a pending choice."""
    return [s for s, _, _ in playout(players, seed)
            if phase(s) == "passive"
            and any(c is not None for i, c in enumerate(s.choices) if i != s.active)]


ALTERNATIVES = (PASSED, Choice(2, 5, 0b111 << 20, 2), Choice(0, 3, 1 << 104, 0))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (6, 4)])
def test_changing_anothers_pending_choice_changes_no_other_view(players: int, seed: int) -> None:
    states = pending_states(players, seed)
    assert states
    for state in states[:40]:
        for owner, choice in enumerate(state.choices):
            if owner == state.active or choice is None:
                continue
            others = [None, *(p for i, p in enumerate(state.players) if i != owner)]
            before = {v: jsonable(game.view(state, v)) for v in others}
            for alternative in ALTERNATIVES:
                choices = list(state.choices)
                choices[owner] = alternative
                changed = replace(state, choices=tuple(choices))
                for viewer in others:
                    assert jsonable(game.view(changed, viewer)) == before[viewer], viewer


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6)])
def test_a_bot_never_reads_anothers_pending_choice(players: int, seed: int) -> None:
    for state in pending_states(players, seed)[:30]:
        for seat in waiting_for(state):
            me = state.players[seat]
            decided = game.bot_action(state, me)
            for owner, choice in enumerate(state.choices):
                if owner == state.active or choice is None:
                    continue
                for alternative in ALTERNATIVES:
                    choices = list(state.choices)
                    choices[owner] = alternative
                    changed = replace(state, choices=tuple(choices))
                    assert game.bot_action(changed, me) == decided


def test_a_pending_choice_is_seen_by_its_owner_and_revealed_at_settlement() -> None:
    state = game.apply(game.start(["p1", "p2", "p3"], 8), "p1", Roll())
    state = game.apply(state, "p1", Pass())
    action = next(a for a in game.legal_actions(state, "p2") if isinstance(a, Mark))
    state = game.apply(state, "p2", action)
    mine = game.view(state, "p2")
    assert mine.your_choice is not None and mine.your_choice.boxes == action.boxes
    assert mine.sheets[1].crossed == ()  # the public sheet waits for settlement
    for viewer in (None, "p1", "p3"):
        theirs = game.view(state, viewer)
        assert theirs.sheets[1].crossed == ()
        assert theirs.sheets[1].status == "chosen"
        assert action.boxes[0] not in json.dumps(jsonable(theirs.sheets))
    assert game.view(state, "p3").your_choice is None
    assert game.view(state, None).your_choice is None
    own = game.view(state, "p1").your_choice  # the active player's own (public) pass
    assert own is not None and own.passed
    settled = game.apply(state, "p3", Pass())
    public = game.view(settled, None)
    assert public.sheets[1].crossed == tuple(sorted(action.boxes, key=CLASSIC.box_index))
    assert public.last_roll is not None
    assert public.last_roll.choices["p2"].boxes == public.sheets[1].crossed
    assert public.last_roll.choices["p3"].passed


# --- views for the phone ---------------------------------------------------------------------

def marking_states(players: int, seed: int) -> Iterator[tuple[State, str]]:
    for state, actor, _ in playout(players, seed):
        if phase(state) in ("active", "passive"):
            yield state, actor


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (4, 3)])
def test_the_view_lists_exactly_the_legal_groups_for_each_pair_of_dice(players: int,
                                                                        seed: int) -> None:
    checked = 0
    for state, actor in list(marking_states(players, seed))[::7]:
        view = game.view(state, actor)
        legal = {(a.colour_die, a.number_die, frozenset(a.boxes))
                 for a in game.legal_actions(state, actor) if isinstance(a, Mark)}
        assert ("mark" in view.allowed) == bool(legal)
        for choice in view.choices:
            for g in choice.groups:
                boxes = view.groups[g]
                game.apply(state, actor, Mark(choice.colour_die, choice.number_die, boxes))
                checked += 1
            listed = {frozenset(view.groups[g]) for g in choice.groups}
            from_actions = {b for c, n, b in legal
                            if (c, n) == (choice.colour_die, choice.number_die)}
            if from_actions:  # pairs with repeated faces are listed once among the actions
                assert listed == from_actions
        assert len(set(view.groups)) == len(view.groups)
    assert checked


def test_the_public_view_offers_nothing_to_do() -> None:
    for state, _ in list(marking_states(3, 9))[:30]:
        view = game.view(state, None)
        assert view.allowed == () and view.choices == () and view.groups == ()
        assert view.your_choice is None and not view.your_turn


def test_views_show_who_is_still_choosing() -> None:
    state = game.apply(game.apply(game.start(["p1", "p2", "p3"], 4), "p1", Roll()), "p1", Pass())
    state = game.apply(state, "p3", Pass())
    view = game.view(state, None)
    assert [s.status for s in view.sheets] == ["chosen", "choosing", "chosen"]
    assert view.waiting_for == ("p2",)


# --- legal actions ---------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed"), [(1, 11), (2, 12), (5, 13)])
def test_every_listed_action_is_legal_and_the_list_is_stable(players: int, seed: int) -> None:
    for state, actor, _ in list(playout(players, seed))[::5]:
        actions = game.legal_actions(state, actor)
        assert actions == game.legal_actions(state, actor)
        if phase(state) == "roll":
            assert actions == [Roll()]
            continue
        assert actions[-1] == Pass()
        for action in actions[:: max(1, len(actions) // 12)]:
            game.apply(state, actor, action)
        for other in state.players:
            if other not in game.to_act(state):
                assert game.legal_actions(state, other) == []


# --- bots and whole games --------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_bots_finish_a_game(players: int) -> None:
    state = final(players, 30 + players, [bot_player] * players)
    outcome = game.outcome(state)
    assert outcome is not None
    if players == 1:
        assert outcome.reason == "all_rolls" and state.rolls == 30
        assert "rating" in outcome.detail
    else:
        assert outcome.reason == "two_colours"
        assert any(len(s.colours) >= 2 for s in game.view(state, None).sheets)


def test_the_bot_beats_a_random_player_clearly() -> None:
    wins = 0
    margin = 0
    for seed in range(10):
        kinds = [bot_player, random_player] if seed % 2 == 0 else [random_player, bot_player]
        bot = "p1" if seed % 2 == 0 else "p2"
        rival = "p2" if bot == "p1" else "p1"
        outcome = game.outcome(final(2, seed, kinds))
        assert outcome is not None
        wins += outcome.winners == (bot,)
        margin += outcome.scores[bot] - outcome.scores[rival]
    assert wins >= 9
    assert margin / 10 >= 15


def test_the_bot_keeps_its_jokers_when_plain_dice_do_as_well() -> None:
    state = game.apply(game.start(["p1", "p2"], 1), "p1", Roll())
    state = replace(state, dice=("B", "X", "G", "1", "?", "4"))
    action = game.bot_action(state, "p1")
    assert isinstance(action, Mark)
    assert state.dice[action.colour_die] != "X" and state.dice[action.number_die] != "?"


def test_the_bot_takes_a_star_when_it_can() -> None:
    state = game.apply(game.start(["p1", "p2"], 1), "p1", Roll())
    state = replace(state, dice=("G", "G", "G", "1", "1", "1"))
    action = game.bot_action(state, "p1")
    assert action == Mark(0, 3, ("H1",))  # H1 is a lone green star in column H


def test_the_bot_rolls_when_it_is_its_roll() -> None:
    assert game.bot_action(game.start(["p1", "p2"], 1), "p1") == Roll()


def test_the_same_seed_and_actions_replay_the_same_game() -> None:
    log = [(actor, action) for _, actor, action in playout(3, 21)]
    end = final(3, 21)
    assert game.replay(["p1", "p2", "p3"], 21, {}, log) == end
    assert final(3, 21) == end
    rolls = {game.apply(game.start(["p1", "p2", "p3"], s), "p1", Roll()).dice
             for s in range(20)}
    assert len(rolls) > 10  # the seed, not a constant, decides the dice


def test_nothing_mutates_its_input() -> None:
    for state, actor, action in list(playout(3, 17))[::4]:
        snapshot = copy.deepcopy(state)
        game.view(state, actor)
        game.view(state, None)
        game.legal_actions(state, actor)
        game.bot_action(state, actor)
        game.apply(state, actor, action)
        game.outcome(state)
        assert state == snapshot


def test_actions_and_views_are_plain_json() -> None:
    assert jsonable(Mark(1, 3, ("H4",))) == {"colour_die": 1, "number_die": 3,
                                              "boxes": ["H4"], "kind": "mark"}
    assert jsonable(Roll()) == {"kind": "roll"} and jsonable(Pass()) == {"kind": "pass"}
    for state, _, _ in list(playout(2, 5))[:20]:
        for data in views(state).values():
            json.dumps(data)
