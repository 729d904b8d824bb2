"""Encore!'s move history: rolls, the active player's crosses, and settled rolls.

A passive player's choice is pending, seen only by its owner, until the roll settles: until
then the others read only that they have chosen; their owner reads what they did.
"""

from __future__ import annotations

from rules.base import Entry, PlayerId
from rules.encore.engine import Action, Mark, Pass, Roll, State


def history(before: State, player: PlayerId, action: Action, after: State,
            viewer: PlayerId | None) -> Entry | None:
    """What ``viewer`` may read: the active player's choice at once, a passive one's only
    by its owner, and how many crossed once the roll is settled."""
    if isinstance(action, Roll):
        return Entry("rolled", {"player": player, "dice": after.dice})
    if not isinstance(action, Mark | Pass):
        return None
    if after.last is not None and after.last != before.last:  # this choice settled the roll
        crossed = sum(1 for c in after.last.choices if c.boxes)
        return Entry("settled", {"player": player, "n": crossed})
    if before.seat(player) == before.active or viewer == player:
        if isinstance(action, Mark):
            return Entry("marked", {"player": player, "n": len(action.boxes)})
        return Entry("passed", {"player": player})
    return Entry("chose", {"player": player})
