"""The move history read as a log grows (app.history.Lines): the same lines as a replay from
the start for every viewer at every move, each move applied once, and a fresh start whenever
the log is not the one read before."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from app.history import Lines, Log, _line, steps
from app.store import LogEntry
from rules import GAMES
from rules.base import AnyGame, jsonable

PLAYERS = {"qwirkle": 3, "dixit": 4, "hues": 4, "encore": 3}


def _counting(game: AnyGame) -> tuple[AnyGame, list[int]]:
    """``game`` with its ``apply`` counted (the rules themselves run as they are)."""
    calls = [0]

    def apply(state: Any, player: str, action: Any) -> Any:
        calls[0] += 1
        return game.apply(state, player, action)

    return dataclasses.replace(game, apply=apply), calls


def _bot_log(game: AnyGame, seed: int) -> Log:
    seats = tuple(f"p{i + 1}" for i in range(PLAYERS[game.id]))
    state = game.start(seats, seed)
    entries = []
    while game.outcome(state) is None:
        actor = min(game.to_act(state))
        action = game.bot_action(state, actor)
        state = game.apply(state, actor, action)
        entries.append(LogEntry(len(entries) + 1, actor, jsonable(action)))
    return Log(game, seats, seed, {}, tuple(entries))


def _replayed(played: Log, viewer: str | None) -> list[dict[str, Any]]:
    """The lines ``viewer`` may read, from one replay of the whole log (the reference)."""
    found = []
    for n, ((actor, action, before, after), logged) in enumerate(
            zip(steps(played), played.entries, strict=True), 1):
        entry = played.game.history(before, actor, action, after, viewer)
        if entry is not None:
            found.append(_line(n, actor, entry, logged.timed_out))
    return found


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_growing_log_reads_like_a_replay_for_every_viewer_applying_each_move_once(
        game_id: str) -> None:
    game, applied = _counting(GAMES[game_id])
    whole = _bot_log(GAMES[game_id], seed=11)
    whole = dataclasses.replace(whole, game=game)
    viewers = (*whole.players, None)
    expected = {v: _replayed(whole, v) for v in viewers}
    applied[0] = 0
    reader = Lines()
    for moves in range(len(whole.entries) + 1):
        grown = dataclasses.replace(whole, entries=whole.entries[:moves])
        for viewer in viewers:
            assert reader.read(grown, "game 1", viewer) == [
                line for line in expected[viewer] if line["n"] <= moves], (moves, viewer)
    assert applied[0] == len(whole.entries)  # every move once, not once per read
    # What a reader hands back is a copy: changing it changes nothing kept.
    reader.read(whole, "game 1", None).clear()
    assert reader.read(whole, "game 1", None) == expected[None]
    assert applied[0] == len(whole.entries)


def test_another_game_or_a_log_that_does_not_go_on_is_read_from_the_start() -> None:
    game = GAMES["qwirkle"]
    first, second = _bot_log(game, seed=3), _bot_log(game, seed=4)
    reader = Lines()
    assert reader.read(first, "a", "p1") == _replayed(first, "p1")
    # Another game under another key (a rematch).
    assert reader.read(second, "b", "p1") == _replayed(second, "p1")
    # The same key, but the log's moves differ from those read (another epoch's line).
    assert reader.read(first, "b", "p2") == _replayed(first, "p2")
    # A shorter log under the same key (restored from an older copy).
    shorter = dataclasses.replace(first, entries=first.entries[:5])
    assert reader.read(shorter, "b", None) == _replayed(shorter, None)
    # A viewer not among the players (read before under no line of its own).
    assert reader.read(shorter, "b", "p9") == _replayed(shorter, "p9")
    # No key: always from the start.
    assert reader.read(first, None, "p1") == _replayed(first, "p1")
