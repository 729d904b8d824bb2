"""A game's actions between JSON and the engine, and a stored room's state rebuilt from its log.

The app knows games only through :class:`rules.base.Game`; :data:`AnyGame` is that contract
with the game's own types left open (the app never looks inside a state, an action or a view).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from app.protocol import AppError
from app.store import StoredRoom
from rules.base import Game

#: Any game, as the generic room server sees it.
AnyGame = Game[Any]
#: A game state, opaque to the app (None before the first game starts).
State = Any


@cache
def action_adapter(game: AnyGame) -> TypeAdapter[Any]:
    """Parses a game's action JSON into its action dataclasses (discriminated on ``kind``)."""
    kind = game.action_type
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return TypeAdapter(Annotated[kind, Field(discriminator="kind")])  # type: ignore[arg-type]
    return TypeAdapter(kind)


def parse_action(game: AnyGame, raw: Mapping[str, Any]) -> Any:
    """The action ``raw`` describes; ``bad_action`` naming the first problem if none."""
    try:
        return action_adapter(game).validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "action"
        raise AppError("bad_action",
                       f"{game.title} has no such action: {where}: {first['msg']}.") from None


def replay(game: AnyGame, stored: StoredRoom) -> State:
    """The game state of a stored room, rebuilt from its seed, options, roster and log."""
    record = stored.record
    if record.phase == "lobby" or record.seed is None:
        return None
    return game.replay(record.players, record.seed, record.options,
                       ((e.player, parse_action(game, e.action)) for e in stored.entries))
