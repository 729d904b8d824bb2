"""What each client message does: one handler per message model of :data:`ClientMessage`.

Each handler binds the message's inputs to its pure decision (:mod:`app.decisions`) and hands
it to the room; the table :data:`COMMANDS` is keyed by the message models themselves, and an
import-time check keeps it and the protocol in step (a model without a handler, or a handler
for no model, fails at start-up, not at the first message of that type).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TypeVar, cast

from app import decisions
from app.connection import Connection
from app.decisions import NoChange
from app.decks import refuse_deck_option
from app.protocol import (
    CLIENT_MESSAGES,
    ActionMessage,
    AddBotMessage,
    EndGameMessage,
    EndNightMessage,
    Envelope,
    KickMessage,
    MakeHostMessage,
    PauseClockMessage,
    PingMessage,
    RematchMessage,
    SeatBotMessage,
    SetGameMessage,
    SetOptionsMessage,
    SetTimersMessage,
    StartMessage,
    SyncMessage,
    pong,
)
from app.rooms import Room
from app.text import clean_name
from app.tokens import hash_token, new_seed, new_token

M = TypeVar("M", bound=Envelope)
Command = Callable[[Room, Connection, M], Awaitable[None]]
#: The handler of every client message model. Refusals raise (AppError, RuleError).
COMMANDS: dict[type[Envelope], Command[Envelope]] = {}


def handles(model: type[M]) -> Callable[[Command[M]], Command[M]]:
    def register(command: Command[M]) -> Command[M]:
        assert model not in COMMANDS, model
        COMMANDS[model] = cast(Command[Envelope], command)
        return command
    return register


async def run(room: Room, conn: Connection, message: Envelope) -> None:
    """Do what ``message`` asks, for ``conn``."""
    await COMMANDS[type(message)](room, conn, message)


@handles(ActionMessage)
async def act(room: Room, conn: Connection, message: ActionMessage) -> None:
    decide = partial(decisions.act, sender=conn.sender, raw=message.action, ref=message.id,
                     now=time.time())
    try:
        await room.mutate(decide, ack=(conn, message.id))
    except NoChange:  # a resend of an action already applied: answer it again
        room.snapshot(conn, message.id)


async def _quietly(room: Room, conn: Connection, decide: decisions.Decide) -> None:
    """Change the room; when there is nothing to change, answer with the room as it is (every
    message gets an answer)."""
    try:
        await room.mutate(decide)
    except NoChange:
        room.snapshot(conn)


@handles(StartMessage)
async def start(room: Room, conn: Connection, message: StartMessage) -> None:
    await room.mutate(partial(decisions.start, sender=conn.sender, seed=new_seed(),
                              now=time.time()))


@handles(RematchMessage)
async def rematch(room: Room, conn: Connection, message: RematchMessage) -> None:
    await room.mutate(partial(decisions.rematch, sender=conn.sender, seed=new_seed(),
                              now=time.time()))


@handles(KickMessage)
async def kick(room: Room, conn: Connection, message: KickMessage) -> None:
    await room.mutate(partial(decisions.kick, sender=conn.sender, player=message.player,
                              now=time.time()))


@handles(AddBotMessage)
async def add_bot(room: Room, conn: Connection, message: AddBotMessage) -> None:
    await room.mutate(partial(decisions.add_bot, sender=conn.sender, now=time.time()))


@handles(MakeHostMessage)
async def make_host(room: Room, conn: Connection, message: MakeHostMessage) -> None:
    await room.mutate(partial(decisions.make_host, sender=conn.sender, player=message.player,
                              now=time.time()))


@handles(SetOptionsMessage)
async def set_options(room: Room, conn: Connection, message: SetOptionsMessage) -> None:
    refuse_deck_option(room.game, message.options)
    await room.mutate(partial(decisions.set_options, sender=conn.sender,
                              options=message.options, now=time.time()))


@handles(SetGameMessage)
async def set_game(room: Room, conn: Connection, message: SetGameMessage) -> None:
    game = room.services.game_named(message.game)
    await _quietly(room, conn, partial(decisions.set_game, sender=conn.sender, game=game,
                                       now=time.time()))


@handles(EndGameMessage)
async def end_game(room: Room, conn: Connection, message: EndGameMessage) -> None:
    await room.mutate(partial(decisions.end_game, sender=conn.sender, now=time.time()))


@handles(EndNightMessage)
async def end_night(room: Room, conn: Connection, message: EndNightMessage) -> None:
    await _quietly(room, conn, partial(decisions.end_night, sender=conn.sender,
                                       now=time.time()))


@handles(SeatBotMessage)
async def seat_bot(room: Room, conn: Connection, message: SeatBotMessage) -> None:
    await _quietly(room, conn, partial(decisions.seat_bot, sender=conn.sender,
                                       player=message.player, bot=message.bot, now=time.time()))


@handles(PingMessage)
async def ping(room: Room, conn: Connection, message: PingMessage) -> None:
    conn.push(pong(time.time()))


@handles(SetTimersMessage)
async def set_timers(room: Room, conn: Connection, message: SetTimersMessage) -> None:
    await _quietly(room, conn, partial(decisions.set_timers, sender=conn.sender,
                                       timers=message.timers,
                                       minimum=room.services.settings.timer_minimum,
                                       now=time.time()))


@handles(PauseClockMessage)
async def pause_clock(room: Room, conn: Connection, message: PauseClockMessage) -> None:
    await _quietly(room, conn, partial(decisions.pause_clock, sender=conn.sender,
                                       paused=message.paused, now=time.time()))


@handles(SyncMessage)
async def sync(room: Room, conn: Connection, message: SyncMessage) -> None:
    room.snapshot(conn)


async def join(room: Room, raw_name: str) -> tuple[str, str]:
    """Seat a person (POST /api/rooms/{code}/join); return (player id, seat token)."""
    name = clean_name(raw_name, room.services.settings.max_name)
    token = new_token()
    change = await room.mutate(partial(decisions.join, name=name, token_hash=hash_token(token),
                                       now=time.time()))
    assert change.result is not None
    return change.result, token


_missing = set(CLIENT_MESSAGES) ^ set(COMMANDS)
assert not _missing, f"protocol and commands differ on {_missing}"
