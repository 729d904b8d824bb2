"""Every change to a room, decided as a pure function of what the room is now and what was asked.

A decision reads nothing but its arguments: the room as it stands (:class:`Current`: its
record, the game state, the game, which action ids are already in the log) and the inputs of
the request (who sent it, the seed or clock reading it should use). It either raises a refusal
(:class:`~app.protocol.AppError`, or the game's :class:`~rules.base.RuleError`), raises
:class:`NoChange` (nothing to do, and no error: a resent action, a bot no longer due), or
returns the :class:`Change` to store. :class:`~app.rooms.Room` runs decisions under its lock,
stores what they return compare-and-set, and only then installs and pushes it; when the store
says another instance moved first, the same decision simply runs again on the newer room.

Vocabulary:
- **sender**: who asked (:class:`Sender`): a seat, the seatless table screen, or a spectator.
- **host**: the seat named by ``record.host``, or the table screen while ``host`` is None.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, replace
from typing import Any

from app import clock
from app.actions import AnyGame, State, parse_action
from app.encode import plain
from app.protocol import AppError
from app.standings import finished
from app.store import LogEntry, RoomRecord, Seat, evolve
from rules.base import HOST, Picture


@dataclass(frozen=True)
class Sender:
    """Who sent a request: ``player`` is their seat (None for the table screen or a
    spectator); ``table`` is True for the screen holding the seatless table token."""

    player: str | None
    table: bool = False


@dataclass(frozen=True)
class Current:
    """The room a decision is made on."""

    record: RoomRecord
    state: State
    game: AnyGame
    #: (actor, action id) of every action of the current game in the log.
    applied: Container[tuple[str, str]] = frozenset()
    #: The host's own pictures the room's options name, for a game that takes them.
    pictures: tuple[Picture, ...] = ()


@dataclass(frozen=True)
class Change:
    """What a decision wants stored: the next record (``version + 1``) and game state, the log
    entry of an action, whether a new game starts (its log begins afresh; ``archive``: the
    log being dropped is a finished game's, kept for its replay under this id), and a result
    for the caller (a new seat's id)."""

    record: RoomRecord
    state: State
    entry: LogEntry | None = None
    new_game: bool = False
    result: str | None = None
    archive: int | None = None


#: A decision waiting for the room it is made on: the request's inputs are bound already.
Decide = Callable[[Current], Change]


class NoChange(Exception):
    """Nothing to store, and no error; ``ref`` is an action id that was applied before (the
    sender should be told its resend is settled)."""

    def __init__(self, ref: str | None = None) -> None:
        super().__init__(ref)
        self.ref = ref


# --- reading a record -----------------------------------------------------------------------

def is_host(record: RoomRecord, sender: Sender) -> bool:
    host = record.host
    return (sender.player is not None and sender.player == host) or (sender.table and host is None)


def seat_of(record: RoomRecord, player: str) -> Seat | None:
    return next((s for s in record.seats if s.id == player), None)


def seat_for_token(record: RoomRecord, token_hash: str) -> Sender | None:
    """The sender a token makes: its seat, the table screen, or None for no such token."""
    for seat in record.seats:
        if seat.token_hash == token_hash:
            return Sender(seat.id)
    if record.table_token_hash is not None and record.table_token_hash == token_hash:
        return Sender(None, table=True)
    return None


def bots_due(record: RoomRecord, state: State, game: AnyGame) -> list[str]:
    """The bot seats the game is waiting for, in seat order."""
    if record.phase != "playing" or state is None:
        return []
    bots = {s.id for s in record.seats if s.bot}
    if not bots:  # the usual case, checked after every action: no need to ask the game
        return []
    return sorted(bots & game.to_act(state))


def _host_only(record: RoomRecord, sender: Sender) -> None:
    if not is_host(record, sender):
        raise AppError("not_host", "Only the host can do that.")


def _named(record: RoomRecord, player: str) -> Seat:
    seat = seat_of(record, player)
    if seat is None:
        raise AppError("unknown_player", f"There is no player {player!r} in this room.")
    return seat


def _next(record: RoomRecord, now: float, **changes: Any) -> RoomRecord:
    return evolve(record, version=record.version + 1, updated_at=now, **changes)


# --- a new room -----------------------------------------------------------------------------

def new_room(*, code: str, game: AnyGame, options: Mapping[str, bool | int | str],
             name: str | None, host_token_hash: str, address: str, epoch: str,
             now: float) -> RoomRecord:
    """The first record of a room: the creator hosts it, from a seat when they gave a name
    (the host token is then their seat token), else from the table screen."""
    seats = (Seat("p1", name, host_token_hash, bot=False),) if name is not None else ()
    return RoomRecord(
        code=code, game=game.id, options=dict(options), seats=seats,
        host="p1" if seats else None, table_token_hash=None if seats else host_token_hash,
        phase="lobby", version=1, seed=None, players=(), started_at=0, next_seat=len(seats),
        created_by=address, created_at=now, updated_at=now, epoch=epoch)


# --- people ---------------------------------------------------------------------------------

def join(current: Current, *, name: str, token_hash: str, now: float) -> Change:
    """Seat a person (``name`` already cleaned) in the lobby or after a game."""
    record = current.record
    if record.phase == "playing":
        raise AppError("already_playing", f"Room {record.code} is already playing.")
    if len(record.seats) >= current.game.max_players:
        raise AppError("room_full", f"Room {record.code} is full "
                                    f"({current.game.max_players} players).")
    if any(s.name.casefold() == name.casefold() for s in record.seats):
        raise AppError("name_taken", f"Someone here is already called {name!r}.")
    seat = Seat(f"p{record.next_seat + 1}", name, token_hash, bot=False)
    return Change(_next(record, now, seats=(*record.seats, seat), next_seat=record.next_seat + 1),
                  current.state, result=seat.id)


def act(current: Current, *, sender: Sender, raw: Mapping[str, Any], ref: str,
        now: float) -> Change:
    """A game action. The host's actions of a kind in ``game.host_actions`` are the table's
    (:data:`~rules.base.HOST`)."""
    record, game = current.record, current.game
    actor = HOST if is_host(record, sender) and raw.get("kind") in game.host_actions \
        else sender.player
    if actor is None:
        raise AppError("spectator", "A screen without a seat cannot play.")
    action = parse_action(game, raw)
    if (actor, ref) in current.applied:
        raise NoChange(ref)
    if record.phase == "lobby":
        raise AppError("not_playing", "The game has not started yet.")
    seat = seat_of(record, actor) if actor != HOST else None
    if seat is not None and seat.bot:
        raise AppError("seat_played_by_bot",
                       f"A bot is playing {seat.name}'s seat; ask the host to give it back.")
    return _played(current, game.apply(current.state, actor, action), actor, plain(action), ref,
                   now)


def bot_move(current: Current, *, player: str, now: float) -> Change:
    """The move of a bot seat the game is waiting for; NoChange once it is not due."""
    record, game, state = current.record, current.game, current.state
    if player not in bots_due(record, state, game):
        raise NoChange
    action = game.bot_action(state, player)
    return _played(current, game.apply(state, player, action), player, plain(action), None, now)


def _played(current: Current, state: State, actor: str, payload: Any, ref: str | None,
            now: float, timed_out: bool = False) -> Change:
    outcome = current.game.outcome(state)
    record = current.record
    phase = "finished" if outcome is not None else "playing"
    # a finished game joins the night's standings
    night = {} if outcome is None else {"night": (*record.night, finished(record, outcome))}
    new = _next(record, now, phase=phase, clock=clock.next_clock(
        current.game, record, current.state, state, phase=phase, now=now), **night)
    return Change(new, state, LogEntry(new.version, actor, payload, ref, timed_out))


# --- turn clocks (app/clock.py) -------------------------------------------------------------

def time_out(current: Current, *, now: float) -> Change:
    """The turn clock ran out: the game's bot moves for the first seat still due (the runner
    comes back for the others of a simultaneous phase, whose deadline stays), marked
    ``timed_out`` in the log; NoChange while the clock has time left, is paused or is gone."""
    record, game, state = current.record, current.game, current.state
    running = record.clock
    if record.phase != "playing" or running is None or running.due is None \
            or now < running.due or state is None:
        raise NoChange
    due = sorted(game.to_act(state))
    if not due:
        raise NoChange
    action = game.bot_action(state, due[0])
    return _played(current, game.apply(state, due[0], action), due[0], plain(action), None,
                   now, timed_out=True)


def set_timers(current: Current, *, sender: Sender, timers: Mapping[str, Any] | None,
               minimum: int, now: float) -> Change:
    """Switch the turn clocks on (``timers``: lengths to change, merged with the others) or
    off (None), between games."""
    record = current.record
    _host_only(record, sender)
    if record.phase == "playing":
        raise AppError("not_in_lobby", "Turn clocks can change only between games.")
    resolved = clock.resolve_timers(current.game, timers, record.timers, minimum)
    if resolved == record.timers:
        raise NoChange
    return Change(_next(record, now, timers=resolved), current.state)


def pause_clock(current: Current, *, sender: Sender, paused: bool, now: float) -> Change:
    """The host stops the turn clock, or starts it again with the time it had left."""
    record = current.record
    _host_only(record, sender)
    running = record.clock
    if record.phase != "playing" or running is None:
        raise AppError("no_clock", "No turn clock is running.")
    if (running.left is not None) == paused:
        raise NoChange
    held = clock.paused(running, now) if paused else clock.resumed(running, now)
    return Change(_next(record, now, clock=held), current.state)


# --- the host -------------------------------------------------------------------------------

def start(current: Current, *, sender: Sender, seed: int, now: float) -> Change:
    _host_only(current.record, sender)
    if current.record.phase != "lobby":
        raise AppError("not_in_lobby", "The game has already started.")
    return _new_game(current, seed, now)


def rematch(current: Current, *, sender: Sender, seed: int, now: float) -> Change:
    _host_only(current.record, sender)
    if current.record.phase != "finished":
        raise AppError("not_finished", "A rematch can start only after the game ends.")
    return _new_game(current, seed, now)


def _new_game(current: Current, seed: int, now: float) -> Change:
    """A game starts; after the host ended the night, it begins a new night."""
    record = current.record
    players = tuple(s.id for s in record.seats)
    state = current.game.start(players, seed, record.options,
                               current.pictures)  # BadSetup: a refusal
    night = {"night": (), "night_over": False} if record.night_over else {}
    new = _next(record, now, phase="playing", seed=seed, players=players,
                started_at=record.version + 1, **night,
                clock=clock.next_clock(current.game, record, None, state, phase="playing",
                                       now=now, same_game=False))
    return Change(new, state, new_game=True, archive=_archived(record))


def _archived(record: RoomRecord) -> int | None:
    """The id under which the log being dropped is kept for its replay: a finished game's."""
    return record.started_at if record.phase == "finished" else None


def kick(current: Current, *, sender: Sender, player: str, now: float) -> Change:
    """Lobby/finished: the seat goes. Playing: a bot takes it. Either way its token dies."""
    record = current.record
    _host_only(record, sender)
    seat = _named(record, player)
    if seat.id == record.host:
        raise AppError("cannot_kick_host", "The host cannot kick themselves; pass the host "
                                           "role first.")
    if record.phase == "playing" and seat.id in record.players:
        seats = tuple(replace(s, token_hash=None, bot=True) if s.id == seat.id else s
                      for s in record.seats)
    else:
        seats = tuple(s for s in record.seats if s.id != seat.id)
    return Change(_next(record, now, seats=seats), current.state)


def add_bot(current: Current, *, sender: Sender, now: float) -> Change:
    record = current.record
    _host_only(record, sender)
    if record.phase == "playing":
        raise AppError("already_playing", "Bots can join only between games.")
    if len(record.seats) >= current.game.max_players:
        raise AppError("room_full", f"Room {record.code} is full.")
    names = {s.name.casefold() for s in record.seats}
    n = 1
    while f"bot {n}" in names:
        n += 1
    seat = Seat(f"p{record.next_seat + 1}", f"Bot {n}", None, bot=True)
    return Change(_next(record, now, seats=(*record.seats, seat), next_seat=record.next_seat + 1),
                  current.state)


def make_host(current: Current, *, sender: Sender, player: str | None, now: float) -> Change:
    """Pass the host role to a person's seat, or (``player`` None) back to the table screen."""
    record = current.record
    _host_only(record, sender)
    if player is None:
        if record.table_token_hash is None:
            raise AppError("no_table_host", "This room has no table screen host.")
    else:
        seat = _named(record, player)
        if seat.token_hash is None:
            raise AppError("not_a_human", f"{seat.name} is a bot and cannot host.")
    return Change(_next(record, now, host=player), current.state)


def set_options(current: Current, *, sender: Sender, options: Mapping[str, Any],
                now: float) -> Change:
    """Change some options (merged with the others and checked) between games."""
    record = current.record
    _host_only(record, sender)
    if record.phase == "playing":
        raise AppError("not_in_lobby", "Options can change only between games.")
    merged = current.game.resolve_options({**record.options, **options})
    return Change(_next(record, now, options=merged), current.state)


def set_game(current: Current, *, sender: Sender, game: AnyGame, now: float) -> Change:
    """Go to the lobby of ``game`` with the same seats (its default options; the same game
    keeps its options): what to play next, without everyone joining a new room."""
    record = current.record
    _host_only(record, sender)
    if record.phase == "playing":
        raise AppError("not_in_lobby", "Finish this game before choosing another.")
    if len(record.seats) > game.max_players:
        raise AppError("too_many_players",
                       f"{game.title} takes at most {game.max_players} players; this room has "
                       f"{len(record.seats)}.")
    if record.game == game.id and record.phase == "lobby":
        raise NoChange
    options = record.options if record.game == game.id else game.resolve_options({})
    return Change(_next(record, now, game=game.id, options=options, phase="lobby", seed=None,
                        players=(), timers=clock.timers_for(game, record), clock=None), None,
                  new_game=True, archive=_archived(record))


def end_night(current: Current, *, sender: Sender, now: float) -> Change:
    """Close the night's standings and name its winner (between games, once a game has
    finished); the next game starts a new night. Seats, game and options stay."""
    record = current.record
    _host_only(record, sender)
    if record.phase == "playing":
        raise AppError("not_in_lobby", "Finish this game before ending the night.")
    if not record.night:
        raise AppError("no_games_yet", "No game has finished tonight yet.")
    if record.night_over:
        raise NoChange
    return Change(_next(record, now, night_over=True), current.state)


def end_game(current: Current, *, sender: Sender, now: float) -> Change:
    """Stop the game being played: back to the lobby with the same seats and options (no
    outcome; the host starts again, or picks another game)."""
    record = current.record
    _host_only(record, sender)
    if record.phase != "playing":
        raise AppError("not_playing", "No game is being played.")
    return Change(_next(record, now, phase="lobby", seed=None, players=(), clock=None), None,
                  new_game=True)


def seat_bot(current: Current, *, sender: Sender, player: str, bot: bool, now: float) -> Change:
    """Hand a seat to a bot (an absent player) or back to its person."""
    record = current.record
    _host_only(record, sender)
    seat = _named(record, player)
    if not bot and seat.token_hash is None:
        raise AppError("not_a_human", f"{seat.name} has no person to hand back to.")
    if seat.bot == bot:
        raise NoChange
    seats = tuple(replace(s, bot=bot) if s.id == seat.id else s for s in record.seats)
    return Change(_next(record, now, seats=seats), current.state)
