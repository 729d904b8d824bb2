"""What one viewer may know of a Qwirkle game, built field by field (deny by default).

- Your hand is yours alone, sorted in tile order (never in the order drawn); the public view
  (``None``) has none. Everyone sees every hand's size, the grid, the scores and the bag's size.
- A trade shows how many tiles were traded, never which.
- ``fits`` is a hint for the mover alone, from their own hand: where each tile of it could be
  laid on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.base import PlayerId
from rules.qwirkle.engine import LastMove, Reason, State, Tile, allowed_kinds, current_player
from rules.qwirkle.moves import single_fits
from rules.qwirkle.tiles import KINDS, Square, largest_set


@dataclass(frozen=True)
class View:
    players: tuple[PlayerId, ...]
    you: PlayerId | None
    hand: tuple[str, ...]
    grid: tuple[Tile, ...]
    scores: Mapping[PlayerId, int]
    hand_sizes: Mapping[PlayerId, int]
    bag: int
    turn: PlayerId | None
    your_turn: bool
    allowed: tuple[str, ...]
    opening_size: int | None
    last_move: LastMove | None
    finished: Reason | None
    # On your turn, for each kind in your hand, the empty squares where that tile alone may
    # be laid (a hint for the phone; empty before the opening and when it is not your turn).
    fits: Mapping[str, tuple[Square, ...]]


#: Each tile kind's place in :data:`KINDS` (hands are shown in that order).
_RANK = {kind: i for i, kind in enumerate(KINDS)}


def view(state: State, viewer: PlayerId | None) -> View:
    """What ``viewer`` may know: their own hand, and everything public (no hand for None)."""
    seat = state.players.index(viewer) if viewer in state.players else None
    turn = current_player(state)
    hand = tuple(sorted(state.hands[seat], key=_RANK.__getitem__)) if seat is not None else ()
    allowed = allowed_kinds(state, seat) if seat is not None else ()
    scores, hand_sizes = state.public
    return View(
        players=state.players,
        you=viewer if seat is not None else None,
        hand=hand,
        grid=state.grid,
        scores=scores,
        hand_sizes=hand_sizes,
        bag=len(state.bag),
        turn=turn,
        your_turn=bool(allowed),
        allowed=allowed,
        opening_size=len(largest_set(hand)) if allowed and not state.grid else None,
        last_move=state.last,
        finished=state.finished,
        fits=single_fits(state.cells, hand) if "place" in allowed and state.grid else {},
    )
