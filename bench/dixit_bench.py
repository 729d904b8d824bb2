"""Dixit speed: whole bot games at 3, 6 and 12 players, one bot decision per phase, every
view of a 12-player round, and drawing the deck's 84 pictures.

Prints medians (and quartiles) in milliseconds over repeated runs; the machine is shared, so
read the medians. Run with ``.venv/bin/python bench/dixit_bench.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from rules.dixit import DAYDREAMS, game, view
from rules.dixit.pictures import render


def bot_game(players: int, seed: int) -> int:
    """Play one whole game with bots in every seat; return the number of actions."""
    state = game.start([f"p{i + 1}" for i in range(players)], seed)
    actions = 0
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        state = game.apply(state, actor, game.bot_action(state, actor))
        actions += 1
    return actions


def timed(run: Callable[[int], Any], repeats: int) -> str:
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        run(i)
        times.append((time.perf_counter() - start) * 1000)
    low, _, high = statistics.quantiles(times, n=4)
    return f"{statistics.median(times):8.2f} ms  (quartiles {low:.2f}–{high:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    repeats = parser.parse_args().repeats
    for n in (3, 6, 12):
        print(f"bot game, {n:2d} players ({bot_game(n, 0):3d} actions): "
              f"{timed(lambda i, n=n: bot_game(n, i), repeats)}")
    players = [f"p{i + 1}" for i in range(12)]
    tell = game.start(players, 1)
    print(f"bot tells (12 players):    {timed(lambda i: game.bot_action(tell, 'p1'), repeats)}")
    submit = game.apply(tell, "p1", game.bot_action(tell, "p1"))
    print(f"bot submits:               {timed(lambda i: game.bot_action(submit, 'p2'), repeats)}")
    vote = submit
    for p in players[1:]:
        vote = game.apply(vote, p, game.bot_action(vote, p))
    print(f"bot votes (12 cards):      {timed(lambda i: game.bot_action(vote, 'p2'), repeats)}")
    print(f"13 views, 12-player vote:  "
          f"{timed(lambda i: [view(vote, v) for v in (None, *players)], repeats)}")
    sizes = [len(render(c).encode()) for c in DAYDREAMS.cards]
    drawing = timed(lambda i: [render(c) for c in DAYDREAMS.cards], repeats)
    print(f"draw all 84 pictures:      {drawing}")
    print(f"picture sizes: median {statistics.median(sizes):.0f} B, largest {max(sizes)} B, "
          f"all 84 {sum(sizes) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
