"""A game's log read back move by move: each viewer's move history, and replays.

Both replay a log from its seed through the game, keeping each state before and after an
action; they never look inside a state, an action or a view (the game's ``history`` and
``view`` do), so they hold for any game.

Vocabulary:
- **line**: one move of the history as a viewer may read it: ``{n, actor, key, params}``
  (``n`` counts the game's moves from 1; ``actor`` is a seat or ``"@host"``; ``timed_out``:
  the turn clock ran out and the game's bot made the move), from
  :attr:`rules.base.Game.history`; moves the viewer may read nothing about have no line.
- **frame**: one moment of a replay: the view of the table (or of one seat, once the game
  has ended) after the first ``n`` moves, with the table's line about the last of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.actions import AnyGame, State, parse_action
from app.store import LogEntry
from rules.base import Picture, jsonable


@dataclass(frozen=True)
class Log:
    """A game as its log replays it: which game, its roster, seed and options, its moves."""

    game: AnyGame
    players: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    entries: Sequence[LogEntry]
    #: The host's pictures the options name (a game dealt from its own deck), else none.
    pictures: tuple[Picture, ...] = ()


def steps(played: Log) -> Iterator[tuple[str, Any, State, State]]:
    """(actor, action, state before, state after) for every move of the log, in order."""
    game = played.game
    state = game.start(played.players, played.seed, played.options, played.pictures)
    for entry in played.entries:
        action = parse_action(game, entry.action)
        after = game.apply(state, entry.player, action)
        yield entry.player, action, state, after
        state = after


def lines(played: Log, viewer: str | None) -> list[dict[str, Any]]:
    """The move history ``viewer`` (None: the table) may read, oldest first."""
    found = []
    for n, ((actor, action, before, after), logged) in enumerate(
            zip(steps(played), played.entries, strict=True), 1):
        entry = played.game.history(before, actor, action, after, viewer)
        if entry is not None:
            found.append(_line(n, actor, entry, logged.timed_out))
    return found


def frames(played: Log, viewer: str | None) -> tuple[list[dict[str, Any]], State]:
    """The replay as ``viewer`` saw it (None: the table): the start, then one frame per move,
    each with the table's history line about that move (or None); and the final state."""
    game = played.game
    state = game.start(played.players, played.seed, played.options, played.pictures)
    shown = [{"n": 0, "actor": None, "line": None, "view": jsonable(game.view(state, viewer))}]
    for n, ((actor, action, before, state), logged) in enumerate(
            zip(steps(played), played.entries, strict=True), 1):
        entry = game.history(before, actor, action, state, None)
        shown.append({"n": n, "actor": actor,
                      "line": None if entry is None else _line(n, actor, entry,
                                                                logged.timed_out),
                      "view": jsonable(game.view(state, viewer))})
    return shown, state


def _line(n: int, actor: str, entry: Any, timed_out: bool) -> dict[str, Any]:
    """``timed_out``: the turn clock ran out and the game's bot made this move for the seat."""
    return {"n": n, "actor": actor, "key": entry.key, "params": jsonable(dict(entry.params)),
            "timed_out": timed_out}
