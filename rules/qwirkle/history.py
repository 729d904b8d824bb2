"""Qwirkle's move history: what everyone sees happen at the table.

A lay is public (the tiles go on the grid, the score is written down); a trade shows only how
many tiles went back to the bag, never which.
"""

from __future__ import annotations

from rules.base import Entry, PlayerId
from rules.qwirkle.engine import Action, Pass, Place, State, Trade


def history(before: State, player: PlayerId, action: Action, after: State,
            viewer: PlayerId | None) -> Entry | None:
    """The same line for every viewer: nothing in it is anyone's secret."""
    if isinstance(action, Place):
        last = after.last
        points = last.score if last is not None else 0
        qwirkles = last.qwirkles if last is not None else 0
        key = "placed_qwirkle" if qwirkles else "placed"
        return Entry(key, {"player": player, "n": len(action.tiles), "points": points})
    if isinstance(action, Trade):
        return Entry("traded", {"player": player, "n": len(action.tiles)})
    if isinstance(action, Pass):
        return Entry("passed", {"player": player})
    return None
