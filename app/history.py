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
    return Lines().read(played, None, viewer)


class Lines:
    """One room's move history of its current game, every viewer's, kept as its log grows.

    A phone with the history open asks again after every move; replaying the whole log for
    each ask cost up to 10 ms a request at the end of an Encore! game (170 moves), for every
    such phone and move. :meth:`read` replays only the moves it has not read yet, and starts
    over when the log is not the one it read (another game, another epoch, a log that does
    not go on from the last move it read)."""

    __slots__ = ("_game", "_state", "_count", "_last", "_lines")

    def __init__(self) -> None:
        self._game: Any = None  # what names the game read: the caller's key
        self._state: State | None = None  # after the moves read
        self._count = 0  # moves read
        self._last: LogEntry | None = None  # the last of them
        self._lines: dict[str | None, list[dict[str, Any]]] = {}

    def read(self, played: Log, game_key: Any, viewer: str | None) -> list[dict[str, Any]]:
        """``lines(played, viewer)``; ``game_key`` names the game ``played`` is (a log that
        grew from the one read last has the same key; None: read from the start)."""
        entries = played.entries
        known = self._count
        if (game_key is None or game_key != self._game or self._state is None
                or viewer not in self._lines or len(entries) < known
                or (known and entries[known - 1] != self._last)):
            self._game = game_key
            self._state = played.game.start(played.players, played.seed, played.options,
                                            played.pictures)
            self._count, self._last = 0, None
            self._lines = {v: [] for v in (*played.players, None, viewer)}
        game, state = played.game, self._state
        for logged in entries[self._count:]:
            action = parse_action(game, logged.action)
            after = game.apply(state, logged.player, action)
            n = self._count + 1
            new = {}  # every viewer's line of this move, kept only once all are made
            for shown_to in self._lines:
                entry = game.history(state, logged.player, action, after, shown_to)
                if entry is not None:
                    new[shown_to] = _line(n, logged.player, entry, logged.timed_out)
            for shown_to, line in new.items():
                self._lines[shown_to].append(line)
            self._count, self._last = n, logged
            self._state = state = after
        return list(self._lines.get(viewer, ()))


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
