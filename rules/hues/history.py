"""Hues and Cues' move history: cues, cones and the host's rulings.

The cue giver's pick is the one secret: the history says a colour was picked, never which
square, until the round is scored (then the target is on the table for all).
"""

from __future__ import annotations

from rules.base import Entry, PlayerId
from rules.hues.engine import Action, EndNow, GiveCue, Guess, Pick, RejectCue, Skip, State


def history(before: State, player: PlayerId, action: Action, after: State,
            viewer: PlayerId | None) -> Entry | None:
    """The same line for every viewer."""
    if isinstance(action, Pick):
        return Entry("picked", {"player": player})
    if isinstance(action, GiveCue):
        return Entry("cue", {"player": player, "cue": after.cues[-1]})
    scored = after.history[-1] if len(after.history) > len(before.history) else None
    if isinstance(action, Skip):  # skipping the second cue scores the round at once
        if scored is not None:
            return Entry("skipped_last", {"player": player, "target": scored.target})
        return Entry("skipped", {"player": player})
    if isinstance(action, Guess):
        if scored is not None:  # this cone closed the round: the target is on the table
            return Entry("guessed_last", {"player": player, "square": action.square,
                                          "target": scored.target})
        return Entry("guessed", {"player": player, "square": action.square})
    if isinstance(action, RejectCue):
        return Entry("cue_rejected", {"cue": before.cues[-1]})
    if isinstance(action, EndNow):
        return Entry("ended_now")
    return None
