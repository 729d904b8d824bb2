"""Turn clocks, decided as pure functions of the room: which clock runs and when it runs out.

A host switches the clocks on in the lobby (``record.timers``: the length of each of the
game's clocks, :class:`~rules.base.TurnClock`; None while they are off). With every change of a
game being played, :func:`next_clock` decides the room's :class:`~app.store.Clock`: the clock
the game names for the new state (``game.clock``), running from the change for its full
length, unless the same clock runs on over fewer seats due than before (someone acted in a
simultaneous phase: the others keep their deadline). The deadline is an absolute
``time.time()`` stored with the record, so it survives a restart and reads the same on every
instance and every phone; when it passes, the room's owner plays the game's bot for the seats
still due (:func:`app.decisions.time_out`, run by :class:`app.bots.BotRunner`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.actions import AnyGame, State
from app.protocol import AppError
from app.store import Clock, RoomRecord

#: The longest turn clock a host may set, in seconds (the shortest is a setting).
MAXIMUM_SECONDS = 3600


def default_timers(game: AnyGame) -> dict[str, int]:
    """Every clock of ``game`` at its default length."""
    return {c.name: c.seconds for c in game.clocks}


def resolve_timers(game: AnyGame, given: Mapping[str, Any] | None,
                   held: Mapping[str, int] | None, minimum: int) -> dict[str, int] | None:
    """The timers a host asks for: None (off), or ``given`` lengths over those ``held`` (or
    the game's defaults), each a whole number of seconds from ``minimum`` to an hour."""
    if given is None:
        return None
    if not game.clocks:
        raise AppError("bad_timer", f"{game.title} has no turn clocks.")
    timers = dict(held) if held is not None else default_timers(game)
    for name, seconds in given.items():
        if name not in timers:
            raise AppError("unknown_timer", f"{game.title} has no clock {name!r}; it has "
                                            f"{', '.join(timers)}.")
        if isinstance(seconds, bool) or not isinstance(seconds, int) \
                or not minimum <= seconds <= MAXIMUM_SECONDS:
            raise AppError("bad_timer", f"Clock {name!r} takes a whole number of seconds from "
                                        f"{minimum} to {MAXIMUM_SECONDS}, not {seconds!r}.")
        timers[name] = seconds
    return timers


def timers_for(game: AnyGame, record: RoomRecord) -> dict[str, int] | None:
    """The timers of a room switching to ``game``: off stays off; on, the same game keeps its
    lengths and another game starts from its defaults."""
    if record.timers is None or not game.clocks:
        return None
    return dict(record.timers) if game.id == record.game else default_timers(game)


def next_clock(game: AnyGame, before: RoomRecord, state_before: State, state_after: State, *,
               phase: str, now: float, same_game: bool = True) -> Clock | None:
    """The clock of a room after a change from ``before`` to ``state_after`` in ``phase``
    (``same_game``: the change went on with the game being played, rather than starting one)."""
    timers = before.timers
    if timers is None or phase != "playing" or state_after is None:
        return None
    name = game.clock(state_after)
    if name is None or name not in timers:
        return None
    held = before.clock if same_game and before.phase == "playing" else None
    if held is not None and held.name == name and state_before is not None \
            and game.to_act(state_after) < game.to_act(state_before):
        return held
    seconds = timers[name]
    if held is not None and held.left is not None:  # paused: the next turn waits too
        return Clock(name, seconds, None, seconds)
    return Clock(name, seconds, now + seconds)


def paused(clock: Clock, now: float) -> Clock:
    """``clock`` stopped, keeping what it had left."""
    assert clock.due is not None
    return Clock(clock.name, clock.seconds, None, max(0.0, clock.due - now))


def resumed(clock: Clock, now: float) -> Clock:
    """``clock`` running again with what it had left when it was paused."""
    assert clock.left is not None
    return Clock(clock.name, clock.seconds, now + clock.left)


def clock_json(record: RoomRecord) -> dict[str, Any] | None:
    """The clock as the room summary shows it: ``due`` a server ``time.time()`` (clients
    correct for their offset from the server's clock, which ``pong`` carries)."""
    clock = record.clock
    if clock is None:
        return None
    return {"name": clock.name, "seconds": clock.seconds, "due": clock.due,
            "left": clock.left, "paused": clock.left is not None}
