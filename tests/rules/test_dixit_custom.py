"""Dixit dealt from a host's own pictures, as the engine sees them: plain Picture data."""

from __future__ import annotations

import pytest

from rules.base import BadSetup, Picture, jsonable
from rules.dixit import DAYDREAMS, game
from rules.dixit.custom import card_of
from rules.dixit.words import tags


def pictures(n: int) -> tuple[Picture, ...]:
    colours = ("red", "blue", "green", "yellow", "black", "white")
    return tuple(Picture(f"{i:032x}", (("brightness", (i % 10) / 10), ("saturation", 0.5),
                                       (colours[i % 6], 0.6), ("focus_x", (i % 3) / 2)),
                         "a cat" if i % 2 else "") for i in range(n))


def players(n: int) -> list[str]:
    return [f"p{i + 1}" for i in range(n)]


def play_out(state: object) -> object:
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        state = game.apply(state, actor, game.bot_action(state, actor))
    return state


def test_only_the_hosts_pictures_are_dealt_and_a_whole_game_replays() -> None:
    deck = pictures(26)
    options = {"pictures": "snap", "mix": False}
    state = game.start(players(3), 5, options, deck)
    ids = {p.id for p in deck}
    assert set(state.deck.ids) == ids
    assert all(set(hand) <= ids for hand in state.hands)
    log = []
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        action = game.bot_action(state, actor)
        log.append((actor, action))
        state = game.apply(state, actor, action)
    assert game.replay(players(3), 5, options, log, deck) == state


def test_mixed_with_ours_any_number_will_do() -> None:
    state = game.start(players(5), 1, {"pictures": "snap"}, pictures(3))
    assert len(state.deck.ids) == len(DAYDREAMS.ids) + 3
    assert game.outcome(play_out(state)) is not None


@pytest.mark.parametrize(("n", "need"), [(3, 26), (6, 42), (7, 49), (12, 84)])
def test_too_few_pictures_of_ones_own_refuse_to_start(n: int, need: int) -> None:
    assert game.picture_deck is not None
    assert game.picture_deck.needed(n, {"mix": False}) == need
    assert game.picture_deck.needed(n, {"mix": True}) == 0
    with pytest.raises(BadSetup) as refused:
        game.start(players(n), 1, {"pictures": "snap", "mix": False}, pictures(need - 1))
    assert refused.value.code == "not_enough_pictures"
    game.start(players(n), 1, {"pictures": "snap", "mix": False}, pictures(need))


def test_a_deck_whose_pictures_are_gone_cannot_start() -> None:
    with pytest.raises(BadSetup) as refused:
        game.start(players(3), 1, {"pictures": "snap"})
    assert refused.value.code == "deck_unavailable"


def test_no_view_holds_another_players_hand() -> None:
    state = game.start(players(4), 9, {"pictures": "snap", "mix": False}, pictures(40))
    for viewer in (None, *players(4)):
        seen = str(jsonable(game.view(state, viewer)))
        for seat, hand in enumerate(state.hands):
            if f"p{seat + 1}" != viewer:
                assert not any(card in seen for card in hand)


def test_a_picture_is_read_from_its_caption_colours_and_light() -> None:
    dark_blue = Picture("a" * 32, (("brightness", 0.1), ("blue", 0.7), ("saturation", 0.5)),
                        "lighthouse in the storm")
    card = card_of(dark_blue)
    assert card.things[:2] == ("lighthouse", "storm") and "blue" in card.things
    assert card.light == "night" and "dark" in card.mood
    words = tags(card)
    assert words["lighthouse"] > words["blue"] > 0 and "dark" in words
    assert card_of(dark_blue) == card  # the same data, the same reading
