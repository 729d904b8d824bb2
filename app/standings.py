"""The night's standings: what every finished game of the evening adds up to.

Vocabulary:
- **place**: a player's place in one game, from its outcome: 1 + the number of players
  ahead of them, where ahead means a higher score, or the same score and a win the other did
  not get (a tie-break the game decided). Equal players share a place ("1, 2, 2, 4"), as on
  the results screen (``static/js/places.js``).
- **points**: what a place earns for the night: in a game of ``n`` players, place ``p``
  earns ``n - p + 1`` (4 players: 4, 3, 2, 1; a solo game: 1). Players sharing a place share
  its points (two tied winners of four both get 4, the next gets 2).
- **won**: a game in which the player took place 1.
- **night winner**: once the host ends the night, whoever has the most points (then the most
  games won); players still equal share it.

The standings are derived, never stored: the record keeps each finished game
(:class:`~app.store.FinishedGame`) and the table is summed from them. A seat that joins
later simply has no games yet (0 points); a seat that left is still listed by the name it had.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.store import FinishedGame, RoomRecord
from rules.base import Outcome


def places(outcome: Outcome[Any]) -> dict[str, int]:
    """Each player's place in a finished game (ties share; a winner is never placed below a
    non-winner with the same score)."""
    won = set(outcome.winners)

    def key(player: str) -> tuple[int, bool]:
        return outcome.scores[player], player in won

    return {p: 1 + sum(1 for q in outcome.scores if key(q) > key(p)) for p in outcome.scores}


def finished(record: RoomRecord, outcome: Outcome[Any]) -> FinishedGame:
    """The current game of ``record`` as it joins the night, with its places and points."""
    placed = places(outcome)
    n = len(placed)
    names = {s.id: s.name for s in record.seats}
    assert record.seed is not None
    return FinishedGame(
        game=record.game, started_at=record.started_at, options=dict(record.options),
        seed=record.seed, players=record.players,
        names={p: names.get(p, p) for p in record.players},
        places=placed, points={p: n - place + 1 for p, place in placed.items()})


def table(record: RoomRecord) -> list[dict[str, Any]]:
    """The night's table, best first: every seat of the room (0 until it finishes a game) and
    every player who scored and left; ``place`` shared by equal points and wins."""
    rows: dict[str, dict[str, Any]] = {
        s.id: {"player": s.id, "name": s.name, "points": 0, "wins": 0, "games": 0, "seated": True}
        for s in record.seats}
    for game in record.night:
        for player in game.players:
            row = rows.setdefault(player, {"player": player, "name": game.names[player],
                                           "points": 0, "wins": 0, "games": 0, "seated": False})
            row["points"] += game.points[player]
            row["wins"] += game.places[player] == 1
            row["games"] += 1

    def key(row: Mapping[str, Any]) -> tuple[int, int]:
        return row["points"], row["wins"]

    ranked = sorted(rows.values(), key=key, reverse=True)  # stable: seat order among equals
    for row in ranked:
        row["place"] = 1 + sum(1 for other in ranked if key(other) > key(row))
    return ranked


def summary(record: RoomRecord) -> dict[str, Any]:
    """The ``night`` of the room summary: games finished, the table, whether the host ended
    the night and then its winners, and the finished games a replay can show."""
    rows = table(record)
    winners = [r["player"] for r in rows if r["place"] == 1] \
        if record.night_over and record.night else []
    return {
        "games": len(record.night), "over": record.night_over, "winners": winners,
        "standings": rows,
        "finished": [{"id": g.started_at, "game": g.game} for g in record.night],
    }
