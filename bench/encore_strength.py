"""Encore! bot strength: solo scores, head to head against the old greedy bot, decision time.

The old greedy bot lives in tests/rules/test_encore_bot.py (the yardstick of the strength
tests); this script imports it from there. Prints the solo mean, median and quartiles of the
bot and of the old greedy bot over seeded games, the bot's share of wins and mean lead in a
rotating seat against old greedy bots for 2–4 players, and bot_action's time per decision.
The bot's weights were tuned on solo seeds 1000–1199; the figures here use seeds from 0, so
they are not flattered by the tuning.
Run from the repository root: ``.venv/bin/python bench/encore_strength.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.encore import game  # noqa: E402
from rules.encore.engine import phase  # noqa: E402
from tests.rules.test_encore_bot import (  # noqa: E402
    greedy_action,
    head_to_head,
    play,
    solo_scores,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--solo", type=int, default=200, help="solo games per bot")
    parser.add_argument("--games", type=int, default=100, help="head-to-head games per size")
    args = parser.parse_args()
    seeds = range(args.solo)
    for label, player in (("bot", game.bot_action), ("old greedy", greedy_action)):
        scores = solo_scores(player, seeds)
        q = statistics.quantiles(scores, n=4)
        print(f"solo, {label:10}: mean {statistics.mean(scores):.2f}  median "
              f"{statistics.median(scores):.1f}  quartiles {q[0]:.0f}–{q[2]:.0f}  "
              f"({len(scores)} games)")
    for players in (2, 3, 4):
        won, lead = head_to_head(players, range(args.games))
        print(f"{players} players, bot vs old greedy: wins {won:.0%}, mean lead {lead:+.1f} "
              f"({args.games} games)")
    per_call = []
    for players, seed in ((1, 0), (1, 1), (2, 2), (4, 3)):
        play([game.bot_action] * players, seed)  # warm up the sheet tables
        names = [f"p{i + 1}" for i in range(players)]
        state = game.start(names, seed)
        while game.outcome(state) is None:
            actor = names[min(i for i, p in enumerate(names) if p in game.to_act(state))]
            start = time.perf_counter()
            action = game.bot_action(state, actor)
            if phase(state) != "roll":
                per_call.append((time.perf_counter() - start) * 1000)
            state = game.apply(state, actor, action)
    q = statistics.quantiles(per_call, n=20)
    print(f"bot_action: median {statistics.median(per_call):.3f} ms  p95 {q[18]:.3f}  "
          f"max {max(per_call):.3f}  ({len(per_call)} decisions)")


if __name__ == "__main__":
    main()
