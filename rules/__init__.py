"""Pure game engines and the registry the room server reads: nothing registers itself."""

from __future__ import annotations

from typing import Any

from rules import encore, qwirkle
from rules.base import Game

GAMES: dict[str, Game[Any]] = {
    qwirkle.game.id: qwirkle.game,
    encore.game.id: encore.game,
}
