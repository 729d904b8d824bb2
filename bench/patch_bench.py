"""Patches against full states on whole bot games of every game (and the peer bench's game):
how many bytes a viewer gets per change, what building them costs, and what the
identity-caching encoder (``app/encode.py``) still pays once views go out as patches.

For each game one seeded bot game is recorded; then, for every change and every viewer
(each seat and the public view), the full view is encoded and the patch from the previous
view is built, once with :class:`app.encode.Encoder` and once with a plain encoder
(``orjson.dumps(jsonable(value))``, what one would write without it). Times are medians of
``--repeats`` passes over the recorded game, in CPU time of this process (the machine is
shared: read the ratios).

    .venv/bin/python bench/patch_bench.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import orjson

from app.encode import Encoder
from app.patch import Differ
from rules import GAMES
from rules.base import AnyGame, jsonable

PLAYERS = {"qwirkle": 4, "dixit": 5, "hues": 5, "encore": 4, "handbench": 6}
HANDBENCH_MOVES = 600


class Plain:
    """The encoder one would write without app/encode.py."""

    def rotate(self) -> None:
        pass

    def encode(self, value: Any) -> str:
        return orjson.dumps(jsonable(value)).decode()


def handbench() -> AnyGame:
    path = Path(__file__).parent / "peers" / "gamenight_server.py"
    spec = importlib.util.spec_from_file_location("gamenight_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gamenight_server"] = module
    spec.loader.exec_module(module)
    game: AnyGame = module.handbench
    return game


def record(game: AnyGame, players: int, seed: int = 7) -> list[Any]:
    """The states of one bot game (the endless bench game: its first moves)."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = game.start(seats, seed)
    states = [state]
    while game.outcome(state) is None and len(states) <= HANDBENCH_MOVES:
        actor = min(game.to_act(state))
        state = game.apply(state, actor, game.bot_action(state, actor))
        states.append(state)
    return states


def one_pass(game: AnyGame, states: list[Any], viewers: list[str | None], encoder: Any,
             patches: bool) -> tuple[float, int, int]:
    """Seconds per change for every viewer's full view (or patch), and the bytes of both."""
    differ = Differ(encoder)
    before: dict[str | None, Any] = {}
    full_bytes = patch_bytes = 0
    start = time.process_time()
    for state in states:
        encoder.rotate()
        differ.forget()
        for viewer in viewers:
            view = game.view(state, viewer)
            if patches and viewer in before:
                patch_bytes += len(differ.diff(before[viewer], view) or "")
            else:
                full_bytes += len(encoder.encode(view))
            before[viewer] = view
    return (time.process_time() - start) / len(states), full_bytes, patch_bytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    games = {**GAMES, "handbench": handbench()}
    print("| game | changes | full view B | patch B | full µs/change: Encoder / plain "
          "| patches µs/change: Encoder / plain | full view B (all) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id, game in games.items():
        states = record(game, PLAYERS[game_id])
        viewers: list[str | None] = [None, *states[0].players] if hasattr(
            states[0], "players") else [None, *[f"p{i + 1}" for i in range(PLAYERS[game_id])]]
        n = len(states) * len(viewers)
        times: dict[tuple[str, bool], float] = {}
        sizes: dict[bool, tuple[int, int]] = {}
        for patches in (False, True):
            for name, make in (("encoder", Encoder), ("plain", Plain)):
                runs = [one_pass(game, states, viewers, make(), patches)
                        for _ in range(args.repeats)]
                times[name, patches] = statistics.median(r[0] for r in runs) * 1e6
                sizes[patches] = runs[0][1:]
        full = sizes[False][0] / n
        patch = sizes[True][1] / (n - len(viewers))
        print(f"| {game_id} | {len(states) - 1} | {full:,.0f} | {patch:,.0f} "
              f"| {times['encoder', False]:.0f} / {times['plain', False]:.0f} "
              f"({times['plain', False] / times['encoder', False]:.1f}×) "
              f"| {times['encoder', True]:.0f} / {times['plain', True]:.0f} "
              f"({times['plain', True] / times['encoder', True]:.1f}×) | {full:,.0f} |")


if __name__ == "__main__":
    main()
