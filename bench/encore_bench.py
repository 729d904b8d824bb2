"""Encore! engine speed: legal_actions (target ≤ 1 ms typical), the phone's view, the bot.

Positions are every choice point of seeded 4-player bot games (plus solo games), so early,
middle and late game all count. Prints medians, quartiles and the 95th percentile per call
(the machine is shared and noisy: read the medians). Run with
``.venv/bin/python bench/encore_bench.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from rules.encore import game
from rules.encore.engine import State, phase


def choice_points(players: int, seeds: Sequence[int]) -> list[tuple[State, str]]:
    """Every (state, player) where a player chooses dice, in bot games with these seeds."""
    found = []
    for seed in seeds:
        names = [f"p{i + 1}" for i in range(players)]
        state = game.start(names, seed)
        while game.outcome(state) is None:
            actor = min(game.to_act(state))
            if phase(state) in ("active", "passive"):
                found.append((state, actor))
            state = game.apply(state, actor, game.bot_action(state, actor))
    return found


def timed(label: str, call: Callable[[State, str], Any], points: list[tuple[State, str]],
          repeats: int) -> None:
    per_call = []
    for state, player in points:
        start = time.perf_counter()
        for _ in range(repeats):
            call(state, player)
        per_call.append((time.perf_counter() - start) * 1000 / repeats)
    q = statistics.quantiles(per_call, n=20)
    print(f"  {label:30} median {statistics.median(per_call):.3f} ms  "
          f"[{q[4]:.3f}–{q[14]:.3f}]  p95 {q[18]:.3f}  max {max(per_call):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    seeds = range(args.games)
    for players in (4, 1):
        points = choice_points(players, seeds)
        sizes = [len(game.legal_actions(s, p)) for s, p in points]
        print(f"{players} player(s): {len(points)} choice points, legal actions per point "
              f"median {statistics.median(sizes):.0f}, max {max(sizes)}")
        timed("legal_actions", game.legal_actions, points, args.repeats)
        timed("view (own, with groups)", game.view, points, args.repeats)
        timed("view (table screen)", lambda s, _p: game.view(s, None), points, args.repeats)
        timed("bot_action", game.bot_action, points, max(1, args.repeats // 4))
    for players in (1, 2, 4, 6):
        times = []
        for seed in seeds:
            start = time.perf_counter()
            names = [f"p{i + 1}" for i in range(players)]
            state = game.start(names, seed)
            while game.outcome(state) is None:
                actor = min(game.to_act(state))
                state = game.apply(state, actor, game.bot_action(state, actor))
            times.append((time.perf_counter() - start) * 1000)
        print(f"whole bot game, {players} player(s): median {statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
