"""Pure game engines and the registry the room server reads: nothing registers itself."""

from __future__ import annotations

from rules.base import AnyGame
from rules.dixit import game as dixit_game
from rules.encore import game as encore_game
from rules.hues import game as hues_game
from rules.qwirkle import game as qwirkle_game

#: Every game, in the order hosts see them. A game adds its import and its line (no line of
#: another game changes, so two games added at once touch different lines).
GAMES: dict[str, AnyGame] = {
    qwirkle_game.id: qwirkle_game,
    encore_game.id: encore_game,
    dixit_game.id: dixit_game,
    hues_game.id: hues_game,
}
