"""Hues and Cues bots and the colour lexicon: reading cues, giving cues, scoring well."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.hues import board, engine, game, lexicon
from rules.hues.bot import choose_square, decide, good_cues
from rules.hues.colour import delta_e
from rules.hues.cues import cue_problem, key
from rules.hues.engine import Cone, GiveCue, Guess, Skip, State
from rules.hues.lexicon_data import ALIASES, NAMES
from rules.hues.view import view


def players(n: int) -> tuple[str, ...]:
    return tuple(f"p{i + 1}" for i in range(n))


def at(phase: engine.Phase, target: str = "H15", cues: tuple[str, ...] = (),
       cones: tuple[tuple[str, str, int], ...] = (), n: int = 4) -> State:
    state = game.start(players(n), 5)
    return replace(state, phase=phase, target=target, cues=cues, used=cues,
                   cones=tuple(Cone(p, s, g) for p, s, g in cones))


# --- the lexicon -----------------------------------------------------------------------------

def test_lexicon_holds_the_survey_names_and_every_alias_names_one_of_them() -> None:
    names = {name for name, _ in NAMES}
    assert len(NAMES) > 900 and {"lavender", "teal", "dusty rose", "burnt sienna"} <= names
    assert set(ALIASES.values()) <= names


@pytest.mark.parametrize(("cue", "same_as"), [
    ("Lavender", "lavender"), ("lavenders", "lavender"), ("minty", "mint"), ("rusty", "rust"),
    ("Sea-Foam", "sea foam"), ("seafoam", "sea foam"), ("cherries", "cherry"),
    ("бирюзовый", "turquoise"), ("бирюзовая", "turquoise"), ("Бирюзовое", "turquoise"),
    ("лаванда", "lavender"), ("лавандой", "lavender"), ("бирюзу", "turquoise"),
    ("փիրուզագույն", "turquoise"), ("Փիրուզագույնը", "turquoise"),
    ("նարդոս", "lavender"), ("ফিরোজা", "turquoise"), ("ল্যাভেন্ডার", "lavender"),
    ("lavenderish", "lavender"),
])
def test_cues_are_read_as_the_colour_of_the_name_they_mean(cue: str, same_as: str) -> None:
    assert lexicon.read(cue) == lexicon.read(same_as) is not None


def test_modifiers_shift_a_colour() -> None:
    teal = lexicon.read("teal")
    dark, pale = lexicon.read("deep teal"), lexicon.read("pale mint")
    assert teal and dark and pale
    assert dark[0] < teal[0]
    mint = lexicon.read("mint")
    assert mint and pale[0] > mint[0]
    assert lexicon.read("тёмная бирюза") == lexicon.shift(lexicon.read("turquoise") or (0, 0, 0),
                                                          "dark")


def test_two_known_words_mix() -> None:
    mixed, a, b = lexicon.read("lemon lavender"), lexicon.read("lemon"), lexicon.read("lavender")
    assert mixed and a and b
    assert delta_e(mixed, a) < delta_e(a, b) and delta_e(mixed, b) < delta_e(a, b)


def test_unknown_words_read_as_nothing() -> None:
    assert lexicon.read("qwxz") is None and lexicon.read("") is None


def test_names_land_where_their_colours_are() -> None:
    assert board.position(lexicon.place("lavender"))[1] >= 15, "lavender is on the violet side"
    assert board.position(lexicon.place("lemon"))[1] <= 5, "lemon is on the yellow side"
    assert board.position(lexicon.place("crimson"))[0] <= 2, "crimson is along the top"
    assert board.position(lexicon.place("grass"))[0] >= 12, "grass is near the bottom"


# --- the bot cue giver -----------------------------------------------------------------------

def test_bot_first_cue_is_one_unused_word_that_passes_the_check() -> None:
    state = at("cue", target="P5")
    action = game.bot_action(state, "p1")
    assert isinstance(action, GiveCue) and len(action.text.split()) == 1
    assert cue_problem(action.text, False) is None
    later = replace(state, used=(action.text,))
    again = game.bot_action(later, "p1")
    assert isinstance(again, GiveCue) and key(again.text) != key(action.text)


def test_bot_first_cue_points_near_its_target() -> None:
    gaps = []
    for target in board.SQUARES[::7]:
        action = game.bot_action(at("cue", target=target), "p1")
        assert isinstance(action, GiveCue)
        gaps.append(board.distance(lexicon.place(action.text), target))
    assert max(gaps) <= 3
    assert sum(1 for g in gaps if g <= 1) >= 0.8 * len(gaps)


def test_bot_skips_the_second_cue_when_the_first_guesses_landed_near() -> None:
    near = at("cue2", target="H15", cues=("dusk",),
              cones=(("p2", "H16", 1), ("p3", "G14", 1), ("p4", "A1", 1)))
    assert game.bot_action(near, "p1") == Skip()
    far = at("cue2", target="H15", cues=("dusk",),
             cones=(("p2", "A1", 1), ("p3", "P30", 1), ("p4", "H16", 1)))
    action = game.bot_action(far, "p1")
    assert isinstance(action, GiveCue) and 1 <= len(action.text.split()) <= 2
    assert cue_problem(action.text, True, {key("dusk")}) is None


def test_bot_picks_a_square_from_its_card() -> None:
    state = game.start(players(3), 8)
    action = game.bot_action(state, "p1")
    assert action.kind == "pick" and action.square in engine.card(state)


def test_cue_samples_are_all_legal_and_distinct() -> None:
    state = at("cue2", target="C7", cues=("dusk",),
               cones=(("p2", "A1", 1), ("p3", "P30", 1), ("p4", "H16", 1)))
    actions = game.legal_actions(state, "p1")
    assert actions[-1] == Skip() and len(actions) >= 5
    cues = [a.text for a in actions if isinstance(a, GiveCue)]
    assert len({key(c) for c in cues}) == len(cues)
    for action in actions:
        game.apply(state, "p1", action)


def test_a_bot_always_finds_something_to_say() -> None:
    spoken = tuple(e.name for e in lexicon.sayable(1))
    state = replace(at("cue", target="H15"), used=spoken)
    cues = good_cues(view(state, "p1"), 3)
    assert len(cues) == 3
    for cue in cues:
        assert cue_problem(cue, False, {key(t) for t in spoken}) is None


# --- the bot guesser -------------------------------------------------------------------------

def test_bot_guesser_takes_the_free_square_nearest_the_cue() -> None:
    state = at("guess1", cues=("lavender",))
    assert game.bot_action(state, "p2") == Guess(lexicon.place("lavender"))
    taken = at("guess1", cues=("lavender",), cones=(("p2", lexicon.place("lavender"), 1),))
    square = game.bot_action(taken, "p3")
    assert isinstance(square, Guess) and square.square != lexicon.place("lavender")
    assert board.distance(square.square, lexicon.place("lavender")) <= 2


def test_bot_second_guess_follows_the_second_cue() -> None:
    cones = (("p2", "A1", 1), ("p3", "A2", 1), ("p4", "A3", 1))
    state = at("guess2", cues=("dusk", "lemon"), cones=cones)
    (guesser,) = game.to_act(state)
    action = game.bot_action(state, guesser)
    assert isinstance(action, Guess)
    assert board.distance(action.square, lexicon.place("lemon")) <= 1


def test_bot_guesser_joins_the_crowd_when_it_knows_no_word() -> None:
    state = at("guess1", cues=("qwxz",), cones=(("p2", "K10", 1), ("p3", "K12", 1)))
    action = game.bot_action(state, "p4")
    assert action == Guess("K11")
    alone = game.bot_action(at("guess1", cues=("qwxz",)), "p2")
    assert alone == game.bot_action(at("guess1", cues=("qwxz",)), "p2")


def test_bot_guess_does_not_depend_on_the_target() -> None:
    one = at("guess1", target="A1", cues=("lavender",))
    other = at("guess1", target="P30", cues=("lavender",))
    assert game.bot_action(one, "p2") == game.bot_action(other, "p2")
    assert choose_square(view(one, "p2")) == choose_square(view(other, "p2"))


def test_decide_refuses_to_act_out_of_turn() -> None:
    with pytest.raises(AssertionError):
        decide(view(at("guess1", cues=("lavender",)), "p1"))


# --- bots as a team --------------------------------------------------------------------------

def _points_per_cone(seed: int, random_guessers: bool) -> tuple[int, int]:
    chooser = random.Random(seed)
    state = game.start(players(4), seed)
    while game.outcome(state) is None:
        (actor,) = game.to_act(state)
        if random_guessers and state.phase in ("guess1", "guess2"):
            action = chooser.choice(game.legal_actions(state, actor))
        else:
            action = game.bot_action(state, actor)
        state = game.apply(state, actor, action)
    cones = [(h.target, c.square) for h in state.history for c in h.cones]
    return sum(engine.cone_points(t, s) for t, s in cones), len(cones)


def test_bot_guessers_score_far_above_random_against_a_bot_cue_giver() -> None:
    bots = [_points_per_cone(seed, False) for seed in range(4)]
    randoms = [_points_per_cone(seed, True) for seed in range(4)]
    bot_rate = sum(p for p, _ in bots) / sum(c for _, c in bots)
    random_rate = sum(p for p, _ in randoms) / sum(c for _, c in randoms)
    assert bot_rate > 1.0, "bots average more than a frame square per cone"
    assert bot_rate > 8 * max(random_rate, 0.05)


def test_bots_never_repeat_a_cue_in_a_game() -> None:
    state = game.start(players(10), 4)
    while game.outcome(state) is None:
        (actor,) = game.to_act(state)
        state = game.apply(state, actor, game.bot_action(state, actor))
    keys = [key(c) for c in state.used]
    assert len(keys) == len(set(keys)) >= 10
