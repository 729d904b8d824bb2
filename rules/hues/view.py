"""What one Hues and Cues viewer may know, built field by field (deny by default).

- The cue giver's card and target are in the cue giver's own view only, and only until the
  round is scored; then everyone sees the target, its frame and ring in ``last_result``.
- Everything else (cues, cones, used and rejected cues, scores) is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rules.base import PlayerId
from rules.hues import board
from rules.hues.engine import (
    Cone,
    Phase,
    Reason,
    Scored,
    State,
    allowed_kinds,
    barred,
    card,
    cone_points,
    guess_order,
    guess_phase,
    host_kinds,
    planned_rounds,
    round_number,
    to_act,
)


@dataclass(frozen=True)
class Result:
    """A scored round for the browser: target, its colour, frame and ring, cues, cones, what
    each cone earned its guesser (``cone_points``, in the order of ``cones``) and the round's
    points by player."""

    number: int
    cue_giver: PlayerId
    target: str
    colour: str
    frame: tuple[str, ...]
    ring: tuple[str, ...]
    cues: tuple[str, ...]
    cones: tuple[Cone, ...]
    cone_points: tuple[int, ...]
    points: Mapping[PlayerId, int]
    extra: bool


@dataclass(frozen=True)
class View:
    """One viewer's table. In "results" the previous round is in ``last_result`` and
    ``cue_giver``/``round`` already name the round about to start (the next cue giver sees
    their new card); ``last_result`` stays until the next scoring, so a screen may keep it."""

    players: tuple[PlayerId, ...]
    you: PlayerId | None
    phase: Phase | Literal["over"]
    round: int  # the round being played (in "results": the one about to start)
    rounds: int  # planned rounds before any extra round
    extra_round: bool
    cue_giver: PlayerId | None
    turn: PlayerId | None
    your_turn: bool
    allowed: tuple[str, ...]
    host_allowed: tuple[str, ...]  # what the room host may send now ("reject_cue",
    # "end_now"); public
    guess_order: tuple[PlayerId, ...]  # who places, in order, in the current guessing phase
    card: tuple[str, ...]  # only the cue giver's own view, before scoring
    target: str | None  # only the cue giver's own view, before scoring
    free_pick: bool
    cues: tuple[str, ...]
    cones: tuple[Cone, ...]
    used_cues: tuple[str, ...]
    rejected_cues: tuple[str, ...]
    scores: Mapping[PlayerId, int]
    barred: tuple[PlayerId, ...]  # in extra rounds: the tied leaders, who give no cues
    last_result: Result | None
    finished: Reason | None


def _result(state: State, scored: Scored) -> Result:
    frame = board.around(scored.target, 1)
    return Result(
        number=scored.number, cue_giver=scored.cue_giver, target=scored.target,
        colour=board.colour(scored.target), frame=frame,
        ring=tuple(s for s in board.around(scored.target, 2) if s not in frame),
        cues=scored.cues, cones=scored.cones,
        cone_points=tuple(cone_points(scored.target, c.square) for c in scored.cones),
        points=dict(zip(state.players, scored.points, strict=True)), extra=scored.extra)


def view(state: State, viewer: PlayerId | None) -> View:
    """What ``viewer`` may know: the card and target only for the cue giver, before scoring."""
    you = viewer if viewer in state.players else None
    giving = you is not None and not state.finished and state.players[state.giver] == you
    guess = guess_phase(state)
    allowed = allowed_kinds(state, you)
    turn = None if state.finished else min(to_act(state))
    number = len(state.history) if state.finished else round_number(state)
    return View(
        players=state.players,
        you=you,
        phase="over" if state.finished else state.phase,
        round=number,
        rounds=planned_rounds(len(state.players)),
        extra_round=number > planned_rounds(len(state.players)),
        cue_giver=None if state.finished else state.players[state.giver],
        turn=turn,
        your_turn=bool(allowed),
        allowed=allowed,
        host_allowed=host_kinds(state),
        guess_order=guess_order(state, guess) if guess else (),
        card=card(state) if giving else (),
        target=state.target if giving else None,
        free_pick=state.free_pick,
        cues=state.cues,
        cones=state.cones,
        used_cues=state.used,
        rejected_cues=state.rejected,
        scores=dict(zip(state.players, state.scores, strict=True)),
        barred=barred(state),
        last_result=_result(state, state.history[-1]) if state.history else None,
        finished=state.finished,
    )
