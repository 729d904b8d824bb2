"""Dixit's move history: the phrases told, who has played and voted, and how each round went.

The cards stay secret: which card a storyteller told, which a player submitted and which one
a voter chose are never named (the reveal on the table shows them, the history does not).
"""

from __future__ import annotations

from rules.base import Entry, PlayerId
from rules.dixit.engine import Action, State, Submit, Tell, Vote


def history(before: State, player: PlayerId, action: Action, after: State,
            viewer: PlayerId | None) -> Entry | None:
    """The same line for every viewer; the vote that closes a round says how it went."""
    if isinstance(action, Tell):
        return Entry("told", {"player": player, "phrase": after.phrase})
    if isinstance(action, Submit):
        return Entry("submitted", {"player": player})
    if isinstance(action, Vote):
        if after.phase in ("scored", "over") and after.last is not None:
            return Entry(f"everyone_voted_{after.last.case}",
                         {"player": after.last.storyteller, "n": len(after.last.found)})
        return Entry("voted", {"player": player})
    return None
