"""Encore! (Noch mal!): roll, pick a colour die and a number die, cross boxes on your own sheet.

Vocabulary:
- **sheet**: 15 columns A–O by 7 rows of coloured boxes (:mod:`rules.encore.sheet`); boxes
  are named column letter + row from the top (``"H3"``). **Column H** is the start column.
- **block**: a connected area of one colour; **group**: the boxes one mark crosses.
- **dice**: colour dice (``G Y B P O`` or the joker ``X``) then number dice (``1``–``5`` or
  the joker ``?``), referred to by index in the roll (:mod:`rules.encore.dice`).
- **roll**: the rulebook's turn: the **active** player rolls, chooses and marks (or passes),
  then the **passive** players choose from the dice left, all at once
  (:mod:`rules.encore.engine`). **Settlement** closes the roll.
- **mark** (cross boxes), **pass**; **"!"**: the 8 joker boxes, one spent per joker die used.
- **first**: completing a column or colour before anyone else (same roll: shared), scoring
  the upper value (:mod:`rules.encore.scoring`). **Stars** cost 2 each when left open.
- **pending**: a passive player's choice, seen only by its owner until settlement.
- **solo**: one player, 2 + 2 dice, 30 rolls, upper values always, a **rating** at the end.
"""

from __future__ import annotations

from rules.base import Game, TurnClock
from rules.encore.bot import bot_action
from rules.encore.engine import (
    REASONS,
    Action,
    Mark,
    Options,
    Pass,
    Reason,
    Roll,
    State,
    apply,
    clock,
    legal_actions,
    outcome,
    setup,
    to_act,
)
from rules.encore.history import history
from rules.encore.view import View, view

__all__ = ["REASONS", "Action", "Mark", "Options", "Pass", "Reason", "Roll", "State", "View",
           "game"]

game: Game[State, Action, View, Options, Reason] = Game(
    id="encore",
    title="Encore!",
    blurb="Roll, pick a colour and a number, cross boxes: be first to fill columns and colours.",
    min_players=1,
    max_players=6,
    options_type=Options,
    actions=(Roll, Mark, Pass),
    reasons=REASONS,
    setup=setup,
    apply=apply,
    view=view,
    outcome=outcome,
    legal_actions=legal_actions,
    bot_action=bot_action,
    to_act=to_act,
    history=history,
    clocks=(TurnClock("roll", 45, "Seconds for a roll: to roll, and for each choice."),),
    clock=clock,
)
