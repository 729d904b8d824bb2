"""State messages: each connection's own view of a room, built once per distinct viewer and
written straight to JSON text; after the first, only what changed, as a patch.

A connection that asked for patches (``?patches=1``, as ``static/js/client.js`` does) gets a
full state message (:class:`~app.protocol.StateMessage`) on connect and from then on a
:data:`~app.protocol.PatchMessage`, ``["patch", base, version, patch, ref?]``: what changed in
its own state message since the one it last received (:mod:`app.patch`), with that one's
version as ``base``. It gets a full state
again whenever a patch could not follow what it holds: a resend's answer or a ``sync``
request (:meth:`StateMessages.snapshot`), another game or a rematch, another epoch, a change
of its host role, a socket whose last send is still waiting (a slow phone: its outbox keeps
only the newest full state), or a connection that missed a broadcast.

Each distinct view is built and encoded once per change, connections with the same viewer
(two tabs, spectators) share the very string, and the room summary, which changes far less
often than the version, is encoded once per change of what it shows.
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
from app.patch import Differ
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


class _Shown:
    """One generation of what a room's state messages show: the record, state and presence
    they were made from, and what was built of them (views by viewer, the outcome, the room
    summary but its version). A connection is patched from the generation it was last sent."""

    __slots__ = ("gen", "record", "state", "online", "key", "rest", "head", "tail", "views",
                 "texts", "outcome")

    rest: dict[str, Any]
    head: str
    tail: str

    def __init__(self, gen: int, room: Shown, online: frozenset[str],
                 before: _Shown | None) -> None:
        self.gen = gen
        self.record = r = room.record
        self.state = room.state
        self.online = online
        self.key = (r.game, r.phase, r.options, r.seats, r.host, online, r.night,
                    r.night_over, r.timers, r.clock, timed_out(room))
        if before is not None and before.key == self.key:
            self.rest, self.head, self.tail = before.rest, before.head, before.tail
        else:
            rest = summary(room)
            del rest["version"]
            first = {k: rest[k] for k in ("code", "game", "title", "phase")}
            after = {k: v for k, v in rest.items() if k not in first}
            self.rest = rest
            self.head = dumps(first)[:-1] + ',"version":'
            self.tail = "," + dumps(after)[1:]
        #: Views built so far, by viewer, and the JSON text of those a full state needed
        #: (a patch needs only the view).
        self.views: dict[str | None, Any] = {}
        self.texts: dict[str | None, str] = {}
        self.outcome: Any = None if room.state is None else room.game.outcome(room.state)

    def shows(self, room: Shown, online: frozenset[str]) -> bool:
        return self.record is room.record and self.state is room.state and self.online == online

    def continues(self, before: _Shown) -> bool:
        """Whether a patch may take a client from ``before`` to this (the same game and line
        of versions)."""
        a, b = before.record, self.record
        return a.epoch == b.epoch and a.game == b.game and a.started_at == b.started_at


class StateMessages:
    """Writes one room's state and patch messages; remembers what it showed last (and what
    it showed before that) for the next broadcast."""

    __slots__ = ("encoder", "differ", "_now", "_before")

    def __init__(self) -> None:
        self.encoder = Encoder()
        self.differ = Differ(self.encoder)
        self._now: _Shown | None = None
        self._before: _Shown | None = None

    def _shown(self, room: Shown) -> _Shown:
        """What the room shows now: the last generation if nothing changed, else a new one."""
        online = room.online()
        now = self._now
        if now is not None and now.shows(room, online):
            return now
        self._before = now
        self._now = now = _Shown(0 if now is None else now.gen + 1, room, online, now)
        return now

    def _view(self, room: Shown, shown: _Shown, viewer: str | None) -> Any:
        if viewer in shown.views:
            return shown.views[viewer]
        view = shown.views[viewer] = (None if shown.state is None
                                      else room.game.view(shown.state, viewer))
        return view

    def _view_json(self, room: Shown, shown: _Shown, viewer: str | None) -> str:
        text = shown.texts.get(viewer)
        if text is None:
            view = self._view(room, shown, viewer)
            text = shown.texts[viewer] = "null" if view is None else self.encoder.encode(view)
        return text

    def broadcast(self, room: Shown, connections: Iterable[Connection],
                  ack: tuple[Connection, str] | None = None) -> None:
        """Queue every connection its own state or patch message; ``ack``: the connection
        whose action made this version, and that action's id (its copy carries it as
        ``ref``)."""
        self.encoder.rotate()
        self.differ.forget()
        now = self._shown(room)
        before = self._before
        record = now.record
        head = tail = ""  # of full state messages: made when the first one is needed
        follows = before if before is not None and now.continues(before) else None
        patch_head = ""
        shared: list[str] = []
        if follows is not None:
            patch_head = f'["patch",{follows.record.version},{record.version},{{'
            shared = self._shared_patch(follows, now)
        messages: dict[tuple[str | None, bool], str] = {}
        patches: dict[tuple[str | None, bool], str] = {}
        for conn in connections:
            host = is_host(record, conn.sender)
            key = (conn.player, host)
            viewer = _viewer(record, conn.player)
            if (follows is not None and conn.seen == follows.gen and conn.seen_host == host
                    and conn.writer is None and viewer in follows.views):
                text = patches.get(key)
                if text is None:
                    text = patches[key] = self._patch(room, follows, now, viewer, patch_head,
                                                      shared)
                patched = True
            else:
                text = messages.get(key)
                if text is None:
                    if not head:
                        head, tail = self._envelope(now)
                        tail += "}"
                    text = messages[key] = (
                        f'{head},"you":{json_string(conn.player)},'
                        f'"is_host":{"true" if host else "false"},'
                        f'"view":{self._view_json(room, now, viewer)}{tail}')
                patched = False
            if conn.patches:
                conn.seen = now.gen
                conn.seen_host = host
            if ack is not None and conn is ack[0]:
                ref = json_string(ack[1])
                conn.push_state(f'{text[:-1]},{ref}]' if patched
                                else f'{text[:-1]},"ref":{ref}}}', replaceable=False)
            else:  # a slow phone's outbox may drop a full state for a newer one, not a patch
                conn.push_state(text, replaceable=not patched)

    def _shared_patch(self, before: _Shown, now: _Shown) -> list[str]:
        """The members of every viewer's patch but the view: the room (but its version, which
        is the message's) and the outcome."""
        parts = []
        if before.rest is not now.rest:
            change = self.differ.diff(before.rest, now.rest)
            if change is not None:
                parts.append(f'"room":{change}')
        change = self.differ.diff(before.outcome, now.outcome)
        if change is not None:
            parts.append(f'"outcome":{change}')
        return parts

    def _patch(self, room: Shown, before: _Shown, now: _Shown, viewer: str | None,
               head: str, shared: list[str]) -> str:
        parts = list(shared)
        change = self.differ.diff(before.views[viewer], self._view(room, now, viewer))
        if change is not None:
            parts.append(f'"view":{change}')
        return head + ",".join(parts) + "}]"

    def snapshot(self, room: Shown, conn: Connection, ref: str | None = None) -> None:
        """Queue one connection the full current state (on connect, a ``sync`` request, a
        resend); ``ref``: the id of an action of theirs already applied (a resend), so that
        the client stops waiting for its answer."""
        now = self._shown(room)
        record = now.record
        host = is_host(record, conn.sender)
        view = self._view_json(room, now, _viewer(record, conn.player))
        acked = "" if ref is None else f',"ref":{json_string(ref)}'
        if conn.patches:
            conn.seen = now.gen
            conn.seen_host = host
        head, tail = self._envelope(now)
        conn.push_state(
            f'{head},"you":{json_string(conn.player)},"is_host":{"true" if host else "false"},'
            f'"view":{view}{tail}{acked}}}', replaceable=ref is None)

    def _envelope(self, shown: _Shown) -> tuple[str, str]:
        """What every full state message of ``shown`` holds before its viewer's members (up
        to the room) and after them (the outcome), the closing brace left to the caller."""
        record = shown.record
        outcome = "null" if shown.outcome is None else self.encoder.encode(shown.outcome)
        return (f'{{"type":"state","version":{record.version},'
                f'"epoch":{json_string(record.epoch)},'
                f'"room":{shown.head}{record.version}{shown.tail}', f',"outcome":{outcome}')


def _viewer(record: RoomRecord, player: str | None) -> str | None:
    """Whose view a connection gets: its seat's if that seat plays this game, else the public
    one (a seat that joined after the start watches until the next game)."""
    return player if player is not None and player in record.players else None
