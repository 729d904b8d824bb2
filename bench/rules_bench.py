"""Engine speed: whole bot-vs-bot games per registered game, and Qwirkle move generation.

Prints medians over repeated runs (the machine is shared and noisy: read the medians and the
ratios, not single runs). Run with ``make bench`` or ``.venv/bin/python bench/rules_bench.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rules import GAMES
from rules import qwirkle as q
from rules.base import AnyGame

#: A typical table for each game when benchmarking whole games.
TYPICAL_PLAYERS = {"qwirkle": 4, "dixit": 5, "hues": 5, "encore": 4}


def bot_game(game: AnyGame, players: int, seed: int) -> int:
    """Play one whole game with bots in every seat; return the number of actions."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = game.start(seats, seed)
    actions = 0
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        state = game.apply(state, actor, game.bot_action(state, actor))
        actions += 1
    return actions


def median_ms(run: Callable[[int], Any], repeats: int) -> tuple[float, float, float]:
    """Median, lower and upper quartile of ``run(i)`` in milliseconds."""
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        run(i)
        times.append((time.perf_counter() - start) * 1000)
    quartiles = statistics.quantiles(times, n=4)
    return statistics.median(times), quartiles[0], quartiles[2]


def mid_game_positions(count: int) -> list[q.State]:
    """Qwirkle positions 10–30 bot moves into 4-player games."""
    out = []
    for seed in range(count):
        state = q.game.start(["a", "b", "c", "d"], 10_000 + seed)
        for _ in range(random.Random(seed).randint(10, 30)):
            if state.finished:
                break
            player = state.players[state.turn]
            state = q.game.apply(state, player, q.game.bot_action(state, player))
        out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()

    print("Whole bot games (median [quartiles] per game)")
    for game_id, game in GAMES.items():
        players = TYPICAL_PLAYERS.get(game_id, game.min_players)
        actions = bot_game(game, players, 0)
        med, low, high = median_ms(lambda i, g=game, n=players: bot_game(g, n, i), args.repeats)
        print(f"  {game_id:8} {players} players  {med:8.1f} ms  [{low:.1f}–{high:.1f}]  "
              f"(~{actions} actions)")

    positions = mid_game_positions(40)
    counts = [len(q.game.legal_actions(s, s.players[s.turn])) for s in positions]
    med, low, high = median_ms(
        lambda i: q.game.legal_actions(positions[i % 40], positions[i % 40].players[
            positions[i % 40].turn]), 200)
    print(f"Qwirkle legal_actions, mid-game: {med:.3f} ms [{low:.3f}–{high:.3f}], "
          f"median {statistics.median(counts):.0f} actions listed")
    med, low, high = median_ms(
        lambda i: q.game.bot_action(positions[i % 40], positions[i % 40].players[
            positions[i % 40].turn]), 200)
    print(f"Qwirkle bot_action, mid-game:    {med:.3f} ms [{low:.3f}–{high:.3f}]")


if __name__ == "__main__":
    main()
