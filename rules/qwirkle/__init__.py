"""Qwirkle: lay tiles in lines that share a colour or a shape, and score every line you touch.

Vocabulary:
- **tile**: a two-letter code, colour letter then shape letter (``"Ro"`` = red circle); there are
  36 kinds and 3 copies of each, 108 tiles in all.
- **grid**: the tiles on the table, at integer ``(row, col)`` squares; the first move covers
  the centre square ``(0, 0)`` (the rulebook has no centre: the app needs a place to start).
- **line**: a maximal run of two or more orthogonally adjacent tiles in a row or column; it is
  all one colour with different shapes, or all one shape with different colours.
- **hand**: a player's hidden tiles (6 while the bag lasts). **bag**: the hidden draw pile.
- **place** (play tiles), **trade** (swap tiles with the bag), **pass** (only with an empty bag
  and nothing placeable).
- **opening**: the first move, which must lay the largest one-attribute set in the starting
  player's hand (the rulebook's "who starts" rule).
- **Qwirkle**: a line of 6, worth 6 more.
"""

from __future__ import annotations

from rules.base import Game, TurnClock
from rules.qwirkle.bot import OPEN_LINE_PENALTY, bot_action, opens_a_qwirkle
from rules.qwirkle.engine import (
    REASONS,
    Action,
    LastMove,
    Options,
    Pass,
    Place,
    Reason,
    State,
    Tile,
    Trade,
    allowed_kinds,
    apply,
    can_place,
    clock,
    current_player,
    legal_actions,
    outcome,
    setup,
    to_act,
)
from rules.qwirkle.history import history
from rules.qwirkle.moves import fits_somewhere, opening_moves, windows
from rules.qwirkle.tiles import (
    CENTRE,
    COLOURS,
    COPIES,
    END_BONUS,
    HAND_SIZE,
    KIND_SET,
    KINDS,
    LONGEST_LINE,
    QWIRKLE_BONUS,
    SHAPES,
    first_player,
    fitting,
    is_line,
    largest_set,
    line_points,
    line_through,
)
from rules.qwirkle.view import View, view

game: Game[State, Action, View, Options, Reason] = Game(
    id="qwirkle",
    title="Qwirkle",
    blurb="Lay tiles in rows that share a colour or a shape; complete a line of six for a Qwirkle.",
    min_players=2,
    max_players=6,
    options_type=Options,
    actions=(Place, Trade, Pass),
    reasons=REASONS,
    setup=setup,
    apply=apply,
    view=view,
    outcome=outcome,
    legal_actions=legal_actions,
    bot_action=bot_action,
    to_act=to_act,
    history=history,
    clocks=(TurnClock("turn", 60, "Seconds a player has for a turn."),),
    clock=clock,
)

__all__ = [
    "CENTRE", "COLOURS", "COPIES", "END_BONUS", "HAND_SIZE", "KINDS", "KIND_SET", "LONGEST_LINE",
    "OPEN_LINE_PENALTY", "QWIRKLE_BONUS", "REASONS", "SHAPES", "Action", "LastMove", "Options",
    "Pass", "Place", "Reason", "State", "Tile", "Trade", "View", "allowed_kinds", "apply",
    "bot_action", "can_place", "current_player", "first_player", "fits_somewhere", "fitting",
    "game", "is_line", "largest_set", "legal_actions", "line_points", "line_through",
    "opening_moves", "opens_a_qwirkle", "outcome", "setup", "to_act", "view", "windows"
]
