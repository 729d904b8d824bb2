"""Pure game engines and the registry the room server reads: nothing registers itself."""

from __future__ import annotations

from rules import dixit, encore, hues, qwirkle
from rules.base import AnyGame

GAMES: dict[str, AnyGame] = {
    qwirkle.game.id: qwirkle.game,
    encore.game.id: encore.game,
    dixit.game.id: dixit.game,
    hues.game.id: hues.game,
}
