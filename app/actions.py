"""A game's actions between JSON and the engine, and a stored room's state rebuilt from its log.

The app knows games only through :class:`rules.base.Game`; :data:`AnyGame` is that contract
with the game's own types left open (the app never looks inside a state, an action or a view).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from functools import cache, reduce
from typing import Annotated, Any, Protocol

from pydantic import Field, TypeAdapter, ValidationError

from app.protocol import AppError
from app.store import RoomRecord, StoredRoom
from rules.base import AnyGame, Picture

__all__ = ["AnyGame", "Played", "State", "action_adapter", "parse_action", "replay"]

#: A game state, opaque to the app (None before the first game starts).
State = Any


class Played(Protocol):
    """A room as what is played in it: its record, the game it names, the game's state."""

    @property
    def record(self) -> RoomRecord: ...

    @property
    def state(self) -> State: ...

    @property
    def game(self) -> AnyGame: ...


@cache
def action_adapter(game: AnyGame) -> TypeAdapter[Any]:
    """Parses a game's action JSON into its action dataclasses (discriminated on ``kind``)."""
    if len(game.actions) == 1:
        return TypeAdapter(game.actions[0])
    union = reduce(operator.or_, game.actions)
    return TypeAdapter(Annotated[union, Field(discriminator="kind")])  # type: ignore[arg-type]


def parse_action(game: AnyGame, raw: Mapping[str, Any]) -> Any:
    """The action ``raw`` describes; ``bad_action`` naming the first problem if none."""
    try:
        return action_adapter(game).validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "action"
        raise AppError("bad_action",
                       f"{game.title} has no such action: {where}: {first['msg']}.") from None


def replay(game: AnyGame, stored: StoredRoom, pictures: tuple[Picture, ...] = ()) -> State:
    """The game state of a stored room, rebuilt from its seed, options (with the host's
    ``pictures`` they name), roster and log."""
    record = stored.record
    if record.phase == "lobby" or record.seed is None:
        return None
    return game.replay(record.players, record.seed, record.options,
                       ((e.player, parse_action(game, e.action)) for e in stored.entries),
                       pictures)
