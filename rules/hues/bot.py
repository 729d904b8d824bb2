"""Bots that speak colour, deciding only from their own view (never the state).

Vocabulary:
- **place** of a name: the square nearest its colour (``lexicon.place``).
- A bot **cue giver** says the lexicon name whose place lies nearest its target (then the
  nearest colour), among names that pass the cue check; it gives a second cue only when
  fewer than half of the first cones landed in the frame, otherwise it skips. It picks the
  card square that its best name points at most exactly.
- A bot **guesser** reads the cue (``lexicon.read``) and takes the free square nearest that
  colour; for the second guess it reads the second cue, falling back on the first. When it
  knows no word of a cue it joins the crowd: the free square touching the most cones placed
  this round, or with no cone yet, a square chosen from the cue's letters.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.base import PlayerId
from rules.hues import board, lexicon
from rules.hues.cues import cue_problem, key
from rules.hues.engine import Action, GiveCue, Guess, Pick, Skip, State
from rules.hues.lexicon import Entry
from rules.hues.view import View, view


def bot_action(state: State, player: PlayerId) -> Action:
    """A sensible move decided only from ``player``'s own view."""
    return decide(view(state, player))


def decide(seen: View) -> Action:
    """The bot's action from what this player sees; the view must allow it something."""
    assert seen.allowed, "the bot was asked to act out of turn"
    if "pick" in seen.allowed:
        return Pick(choose_target(seen))
    if "guess" in seen.allowed:
        return Guess(choose_square(seen))
    second = "skip" in seen.allowed
    if second and not needs_second_cue(seen):
        return Skip()
    cues = good_cues(seen, 1)
    if cues:
        return GiveCue(cues[0])
    return Skip()


# --- cue giver -------------------------------------------------------------------------------

def choose_target(seen: View) -> str:
    """The card square (any square with free_pick) that some unused name points at best."""
    names = _usable(seen, 1)
    if seen.free_pick:
        if not names:
            return board.SQUARES[len(board.SQUARES) // 2]
        best = min(names, key=lambda e: lexicon.closeness(e, lexicon.place(e.name)))
        return lexicon.place(best.name)
    return min(seen.card, key=lambda square: min(
        (lexicon.closeness(e, square) for e in names), default=(99, 9.0)))


def _usable(seen: View, max_words: int) -> list[Entry]:
    """Lexicon names this viewer may still say as a cue of at most ``max_words`` words."""
    used = {key(t) for t in seen.used_cues}
    rejected = {key(t) for t in seen.rejected_cues}
    return [e for e in lexicon.sayable(max_words)
            if cue_problem(e.name, max_words == 2, used, rejected) is None]


def good_cues(seen: View, count: int) -> list[str]:
    """The ``count`` best cues for this viewer's target (:func:`lexicon.good_cues`)."""
    assert seen.target is not None
    return lexicon.good_cues(seen.target, "skip" in seen.allowed, seen.cues, seen.used_cues,
                             seen.rejected_cues, count)


def needs_second_cue(seen: View) -> bool:
    """Whether fewer than half of the first cones landed in the target's frame."""
    assert seen.target is not None
    first = [c for c in seen.cones if c.guess == 1]
    near = sum(1 for c in first if board.distance(c.square, seen.target) <= 1)
    return near * 2 < len(first)


# --- guesser ---------------------------------------------------------------------------------

def choose_square(seen: View) -> str:
    """The free square nearest the colour the cues name (or next to the crowd)."""
    taken = {c.square for c in seen.cones}
    free = [s for s in board.SQUARES if s not in taken]
    readings = [lexicon.read(cue) for cue in reversed(seen.cues)]
    for lab in readings:
        if lab is not None:
            return lexicon.nearest_free(lab, free)
    if seen.cones:
        return crowded(free, [c.square for c in seen.cones])
    letters = sum(ord(ch) for ch in "".join(seen.cues))
    return free[letters % len(free)]


def crowded(free: Sequence[str], cones: Sequence[str]) -> str:
    """The free square with the most cones within one step, then the nearest to them all."""
    spots = [board.position(c) for c in cones]

    def crowding(square: str) -> tuple[int, int]:
        row, col = board.position(square)
        near = sum(1 for r, c in spots if max(abs(r - row), abs(c - col)) <= 1)
        return -near, sum((r - row) ** 2 + (c - col) ** 2 for r, c in spots)

    return min(free, key=crowding)
