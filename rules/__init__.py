"""Pure game engines and the registry the room server reads: nothing registers itself."""

from __future__ import annotations

from typing import Any

from rules import dixit, encore, hues, qwirkle
from rules.base import Game

GAMES: dict[str, Game[Any]] = {
    qwirkle.game.id: qwirkle.game,
    encore.game.id: encore.game,
    dixit.game.id: dixit.game,
    hues.game.id: hues.game,
}
