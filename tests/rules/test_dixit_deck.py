"""The Daydreams deck: 84 distinct descriptors, and a picture for each that is well-formed,
small, distinct and the same on every run."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from rules.base import Asset
from rules.dixit import DAYDREAMS, game
from rules.dixit.deck import FOCUSES, HORIZONS, PLACEMENTS, SCALES, load_cards
from rules.dixit.pictures import LIGHTS, MOTIFS, PALETTES, SETTINGS, render
from rules.dixit.words import tags

CARDS = DAYDREAMS.cards
SVGS = {card.id: render(card) for card in CARDS}
MAX_BYTES = 8000


def test_the_deck_has_84_cards_numbered_01_to_84() -> None:
    assert [c.id for c in CARDS] == [f"{i:02d}" for i in range(1, 85)]
    assert load_cards("daydreams") == CARDS


def test_every_descriptor_is_distinct_and_titles_are_unique() -> None:
    described = {(c.motifs, c.mood, c.ideas, c.palette, c.light, c.setting, c.focus, c.horizon,
                  c.scale) for c in CARDS}
    assert len(described) == 84
    assert len({c.title for c in CARDS}) == 84


def test_no_two_cards_share_their_main_motif_and_palette() -> None:
    # A phone player tells cards apart by what is in the middle and by its colours.
    pairs = Counter((c.things[0], c.palette) for c in CARDS)
    assert max(pairs.values()) == 1
    assert len({c.things[0] for c in CARDS}) >= 55


def test_every_descriptor_uses_known_words() -> None:
    for card in CARDS:
        for entry in card.motifs:
            name, _, where = entry.partition("@")
            assert name in MOTIFS, (card.id, name)
            assert not where or where in PLACEMENTS, (card.id, where)
        assert card.palette in PALETTES and card.light in LIGHTS and card.setting in SETTINGS
        assert card.focus in FOCUSES and card.horizon in HORIZONS and card.scale in SCALES
        assert card.mood and card.ideas


def test_every_motif_and_palette_appears_in_the_deck() -> None:
    used = {t for c in CARDS for t in c.things}
    assert used == set(MOTIFS)
    assert {c.palette for c in CARDS} == set(PALETTES)


def test_a_cards_main_motif_is_its_strongest_tag() -> None:
    for card in CARDS:
        weights = tags(card)
        assert weights[card.things[0]] == max(weights.values())


@pytest.mark.parametrize("card_id", sorted(SVGS))
def test_each_picture_is_a_small_well_formed_svg(card_id: str) -> None:
    svg = SVGS[card_id]
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 200 300"
    assert len(svg.encode()) < MAX_BYTES
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == DAYDREAMS.by_id[card_id].title
    assert "<script" not in svg and "href" not in svg and "<image" not in svg
    assert svg.count("http") == 1  # the namespace, nothing fetched from elsewhere


def test_pictures_are_distinct() -> None:
    assert len(set(SVGS.values())) == 84


def test_pictures_are_the_same_on_every_run() -> None:
    assert all(render(card) == SVGS[card.id] for card in CARDS)
    code = ("import hashlib; from rules.dixit import DAYDREAMS; from rules.dixit.pictures import "
            "render; print(hashlib.sha256(''.join(render(c) for c in DAYDREAMS.cards)"
            ".encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env={"PYTHONHASHSEED": seed}).stdout
               for seed in ("1", "2")}
    assert len(digests) == 1


def test_pictures_are_published_through_the_asset_hook() -> None:
    asset = game.asset("cards/07.svg")
    assert asset == Asset("image/svg+xml", SVGS["07"])
    for name in ("cards/85.svg", "cards/07.png", "cards/07", "07.svg", "other/07.svg",
                 "cards/../07.svg", ""):
        assert game.asset(name) is None, name
