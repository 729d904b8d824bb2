"""State messages: each connection's own view of a room, built once per distinct viewer and
written straight to JSON text.

A broadcast after a change sends every connection a full state message
(:class:`~app.protocol.StateMessage` is its model; a test checks every message the server
sends against it). Each distinct view is built and encoded once, connections with the same
viewer (two tabs, spectators) share the very string, and the room summary, which changes far
less often than the version, is encoded once per change of what it shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from app import standings
from app.actions import Played
from app.clock import clock_json
from app.connection import Connection
from app.decisions import is_host
from app.encode import Encoder, dumps, json_string
from app.store import LogEntry, RoomRecord


class Shown(Played, Protocol):
    """What a room shows: what is played in it, its latest logged action, and who is
    connected."""

    @property
    def last_entry(self) -> LogEntry | None: ...

    def online(self) -> frozenset[str]: ...


def timed_out(room: Shown) -> str | None:
    """The seat whose move the turn clock forced, if that is what made the current version."""
    entry = room.last_entry
    if entry is None or not entry.timed_out or entry.version != room.record.version:
        return None
    return entry.player


def summary(room: Shown) -> dict[str, Any]:
    """The public room summary: the ``room`` of every state message and GET /api/rooms."""
    r = room.record
    online = room.online()
    game = room.game
    return {
        "code": r.code, "game": r.game, "title": game.title, "phase": r.phase,
        "version": r.version, "options": dict(r.options), "host": r.host,
        "players": [
            {"id": s.id, "name": s.name, "bot": s.bot, "human": s.token_hash is not None,
             "connected": s.id in online, "is_host": s.id == r.host}
            for s in r.seats
        ],
        "min_players": game.min_players, "max_players": game.max_players,
        "night": standings.summary(r),
        "timers": None if r.timers is None else dict(r.timers), "clock": clock_json(r),
        "timed_out": timed_out(room),
    }


class StateMessages:
    """Writes one room's state messages; remembers what it encoded for the next broadcast."""

    __slots__ = ("encoder", "_summary")

    def __init__(self) -> None:
        self.encoder = Encoder()
        self._summary: tuple[tuple[Any, ...], str, str] | None = None

    def summary_json(self, room: Shown) -> str:
        """The summary as JSON. Only the version changes with every action, so the rest is
        encoded once per change of what it shows and the version is written between the two
        halves."""
        r = room.record
        key = (r.game, r.phase, r.options, r.seats, r.host, room.online(), r.night,
               r.night_over, r.timers, r.clock, timed_out(room))
        cached = self._summary
        if cached is None or cached[0] != key:
            rest = summary(room)
            del rest["version"]
            first = {k: rest.pop(k) for k in ("code", "game", "title", "phase")}
            cached = self._summary = (key, dumps(first)[:-1] + ',"version":',
                                      "," + dumps(rest)[1:])
        return f"{cached[1]}{r.version}{cached[2]}"

    def broadcast(self, room: Shown, connections: Iterable[Connection],
                  ack: tuple[Connection, str] | None = None) -> None:
        """Queue every connection its own state message; ``ack``: the connection whose action
        made this version, and that action's id (its copy carries it as ``ref``)."""
        self.encoder.rotate()
        head = (f'{{"type":"state","version":{room.record.version},'
                f'"epoch":{json_string(room.record.epoch)},"room":{self.summary_json(room)}')
        tail = f',"outcome":{self._outcome(room)}}}'
        views: dict[str | None, str] = {}
        messages: dict[tuple[str | None, bool], str] = {}
        record = room.record
        for conn in connections:
            host = is_host(record, conn.sender)
            key = (conn.player, host)
            text = messages.get(key)
            if text is None:
                viewer = _viewer(record, conn.player)
                view = views.get(viewer)
                if view is None:
                    view = views[viewer] = self._view(room, viewer)
                text = messages[key] = (
                    f'{head},"you":{json_string(conn.player)},'
                    f'"is_host":{"true" if host else "false"},"view":{view}{tail}')
            if ack is not None and conn is ack[0]:
                conn.push_state(f'{text[:-1]},"ref":{json_string(ack[1])}}}', replaceable=False)
            else:
                conn.push_state(text)

    def snapshot(self, room: Shown, conn: Connection, ref: str | None = None) -> None:
        """Queue one connection the full current state (on connect, or for a stale client);
        ``ref``: the id of an action of theirs already applied (a resend), so that the client
        stops waiting for its answer."""
        host = "true" if is_host(room.record, conn.sender) else "false"
        view = self._view(room, _viewer(room.record, conn.player))
        acked = "" if ref is None else f',"ref":{json_string(ref)}'
        conn.push_state(
            f'{{"type":"state","version":{room.record.version},'
            f'"epoch":{json_string(room.record.epoch)},"room":{self.summary_json(room)},'
            f'"you":{json_string(conn.player)},"is_host":{host},"view":{view},'
            f'"outcome":{self._outcome(room)}{acked}}}', replaceable=ref is None)

    def _view(self, room: Shown, viewer: str | None) -> str:
        if room.state is None:
            return "null"
        return self.encoder.encode(room.game.view(room.state, viewer))

    def _outcome(self, room: Shown) -> str:
        if room.state is None:
            return "null"
        outcome = room.game.outcome(room.state)
        return "null" if outcome is None else self.encoder.encode(outcome)


def _viewer(record: RoomRecord, player: str | None) -> str | None:
    """Whose view a connection gets: its seat's if that seat plays this game, else the public
    one (a seat that joined after the start watches until the next game)."""
    return player if player is not None and player in record.players else None
