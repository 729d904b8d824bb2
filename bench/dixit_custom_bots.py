"""Do Dixit's bots still read a host's own pictures? How often bot voters find the
storyteller's card in whole bot games dealt from uploaded pictures, against chance.

The pictures are made here with Pillow (skies, grounds, suns and blocks in colours drawn
from the seed, like photos of very different scenes), then go through the server's own
upload path (:func:`app.pictures.process`: checked, re-encoded, measured), so the bots see
exactly the features an upload gives them. Run once without captions (the pixels only) and
once with a one-line caption per picture (two words from a small list, as a host might
type). **Chance** is what a voter picking uniformly among the cards it may vote for would
score; the **ratio** is found / chance, from one run. The built-in deck (descriptors written
by hand) is measured the same way, for comparison.

Run with ``.venv/bin/python bench/dixit_custom_bots.py`` (``make bench-deck``).
"""

from __future__ import annotations

import argparse
import io
import random
import time

from PIL import Image, ImageDraw

from app.pictures import process
from rules.base import Picture
from rules.dixit import game

THINGS = ("cat", "boat", "tree", "house", "moon", "bird", "bridge", "flower", "mountain",
          "door", "clock", "key", "whale", "lantern", "castle", "umbrella")


def sample(seed: int, size: tuple[int, int] = (240, 180)) -> bytes:
    """One picture: a sky, a ground, a sun or moon, and a few blocks, colours from ``seed``."""
    gen = random.Random(seed)
    w, h = size

    def colour() -> tuple[int, int, int]:
        return (gen.randrange(256), gen.randrange(256), gen.randrange(256))

    img = Image.new("RGB", size, colour())
    draw = ImageDraw.Draw(img)
    horizon = gen.randrange(h // 3, h * 4 // 5)
    draw.rectangle((0, horizon, w, h), fill=colour())
    r = gen.randrange(10, 40)
    x, y = gen.randrange(w), gen.randrange(horizon)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour())
    for _ in range(gen.randrange(0, 5)):
        bx, by = gen.randrange(w), gen.randrange(h)
        draw.rectangle((bx, by, bx + gen.randrange(10, 60), by + gen.randrange(10, 60)),
                       fill=colour())
    out = io.BytesIO()
    img.save(out, "JPEG", quality=85)
    return out.getvalue()


def deck(count: int, captions: bool, seed: int = 0) -> tuple[Picture, ...]:
    """``count`` uploaded pictures as the engine receives them."""
    gen = random.Random(seed)
    pictures = []
    for i in range(count):
        done = process(sample(seed * 10_000 + i), max_pixels=10**7, long_side=1024)
        caption = " and ".join(gen.sample(THINGS, 2)) if captions else ""
        pictures.append(Picture(done.id, done.features, caption))
    return tuple(pictures)


def play(pictures: tuple[Picture, ...], players: int, seed: int) -> tuple[int, int, float]:
    """One whole bot game: (votes placed, votes that found the story, chance of finding)."""
    ids = [f"p{i + 1}" for i in range(players)]
    options = {"mix": False, "pictures": "bench"} if pictures else {}
    state = game.start(ids, seed, options, pictures)
    placed = found = 0
    chance = 0.0
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        action = game.bot_action(state, actor)
        if action.kind == "vote":
            v = game.view(state, actor)
            votable = [c.card for c in v.table if c.votable]
            teller = v.storyteller
            assert teller is not None
            teller_card = state.played[state.seat(teller)][0]
            placed += 1
            found += teller_card in action.cards
            chance += len(action.cards) / len(votable)
        state = game.apply(state, actor, action)
    return placed, found, chance


def measure(pictures: tuple[Picture, ...], games: int, players: int) -> tuple[float, float]:
    placed = found = 0
    chance = 0.0
    for seed in range(games):
        p, f, c = play(pictures, players, seed)
        placed, found, chance = placed + p, found + f, chance + c
    return found / placed, chance / placed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--pictures", type=int, default=60)
    args = parser.parse_args()
    for label, captions in (("pixels only", False), ("pixels + captions", True),
                            ("our 84 drawn pictures", None)):
        started = time.perf_counter()
        pictures = deck(args.pictures, captions) if captions is not None else ()
        rate, chance = measure(pictures, args.games, args.players)
        took = time.perf_counter() - started
        print(f"{label:21}: bot voters found the storyteller's card {rate:6.1%} of the time; "
              f"chance {chance:6.1%}; ratio {rate / chance:.2f} "
              f"({args.games} games of {args.players}, {took:.1f} s)")


if __name__ == "__main__":
    main()
