"""State messages of one room to sockets that take data at once and to a slow one: patches
follow exactly what each socket was sent, and whatever a patch cannot follow (a send still
waiting, a host role that changed, another epoch) gets a full state. Real decisions and a real
game; the sockets are the gates of test_connection (a phone whose buffer fills)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any

from app import decisions
from app.connection import Connection
from app.decisions import Current, Sender
from app.fanout import StateMessages
from app.store import LogEntry, RoomRecord
from rules.base import AnyGame
from tests.app.fakegames import tally
from tests.app.patching import read, rebuilt
from tests.app.test_connection import Gate
from tests.app.test_decisions import NOW, playing


@dataclass
class Stage:
    """A room as the fan-out reads it."""

    record: RoomRecord
    state: Any
    game: AnyGame = tally
    last_entry: LogEntry | None = None

    def online(self) -> frozenset[str]:
        return frozenset(self.record.players)

    def play(self, player: str) -> None:
        change = decisions.act(Current(self.record, self.state, self.game),
                               sender=Sender(player), raw={"kind": "add", "n": 1},
                               ref=f"r{self.record.version}", now=NOW)
        self.record, self.state, self.last_entry = change.record, change.state, change.entry


def states(sent: list[str]) -> list[dict[str, Any]]:
    """The whole state messages a client makes of what a socket was sent."""
    held: dict[str, Any] | None = None
    out = []
    for text in sent:
        message = read(text)
        held = rebuilt(held, message) if message["type"] == "patch" else message
        out.append(held)
    return out


def kinds(sent: list[str]) -> list[str]:
    return [read(text)["type"] for text in sent]


def test_a_slow_socket_gets_the_newest_full_state_then_patches_from_it() -> None:
    async def body() -> None:
        current = playing("Ann", "Bob")
        room = Stage(current.record, current.state)
        messages = StateMessages()
        quick, slow, plain = Gate(), Gate(), Gate()
        conns = [Connection(quick, Sender("p1"), 100, patches=True),  # type: ignore[arg-type]
                 Connection(slow, Sender("p2"), 100, patches=True),  # type: ignore[arg-type]
                 Connection(plain, Sender("p2"), 100)]  # type: ignore[arg-type]
        for conn in conns:
            messages.snapshot(room, conn)
        slow.open.clear()
        for player in ("p1", "p2", "p1"):
            room.play(player)
            messages.broadcast(room, conns)
        assert kinds(quick.sent) == ["state", "patch", "patch", "patch"]
        assert kinds(slow.sent) == ["state"] and conns[1].writer is not None
        slow.open.set()
        writer = conns[1].writer
        assert writer is not None
        await writer
        # The patch it was sending first, then the newest full state (which replaced another).
        assert kinds(slow.sent) == ["state", "patch", "state"]
        room.play("p2")
        messages.broadcast(room, conns)
        assert kinds(slow.sent)[-1] == "patch"
        assert states(slow.sent)[-1] == states(plain.sent)[-1]
        assert states(quick.sent)[-1]["view"]["total"] == 4
        assert [m["version"] for m in states(slow.sent)] == [
            m["version"] for m in states(plain.sent) if m["version"] != 10]
    asyncio.run(body())


def test_a_new_host_role_and_another_epoch_get_full_states() -> None:
    async def body() -> None:
        current = playing("Ann", "Bob", "Cy")
        room = Stage(current.record, current.state)
        messages = StateMessages()
        ann, bob, cy = Gate(), Gate(), Gate()
        conns = [Connection(ann, Sender("p1"), 100, patches=True),  # type: ignore[arg-type]
                 Connection(bob, Sender("p2"), 100, patches=True),  # type: ignore[arg-type]
                 Connection(cy, Sender("p3"), 100, patches=True)]  # type: ignore[arg-type]
        for conn in conns:
            messages.snapshot(room, conn)
        change = decisions.make_host(Current(room.record, room.state, tally),
                                     sender=Sender("p1"), player="p2", now=NOW)
        room.record = change.record
        messages.broadcast(room, conns)
        assert kinds(cy.sent) == ["state", "patch"]  # not the host before or after: a patch
        assert kinds(ann.sent) == kinds(bob.sent) == ["state", "state"]  # roles changed
        assert states(bob.sent)[-1]["is_host"] is True
        assert states(cy.sent)[-1]["room"]["host"] == "p2"
        room.record = replace(room.record, version=room.record.version + 5, epoch="other")
        messages.broadcast(room, conns)
        assert kinds(ann.sent)[-1] == kinds(bob.sent)[-1] == "state"
        room.play("p1")
        messages.broadcast(room, conns)
        assert kinds(ann.sent)[-1] == "patch" and states(ann.sent)[-1]["epoch"] == "other"
    asyncio.run(body())
