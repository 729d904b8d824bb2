"""Scaled out: two app instances share one real Redis (store + pub/sub). A phone on instance A
and a phone on instance B play one room; moves, presence and kicks cross at once; an instance
that missed news is refused by compare-and-set, catches up and still does the right thing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from app import commands
from app.config import Settings
from app.connection import Connection
from app.decisions import Sender
from app.protocol import ActionMessage, StartMessage
from app.pubsub import LocalPubSub
from app.redis_backend import RedisStore
from app.registry import Rooms
from rules import GAMES
from tests.app.conftest import WAIT, AppProcess, Phone, Table, http, open_table
from tests.app.fakegames import FAKE_GAMES

ALL_GAMES = {**GAMES, **FAKE_GAMES}


def _on(server: Any, table: Table) -> Table:
    """The same room seen through another instance."""
    other = Table(server, table.code, table.host_token)
    other.tokens = table.tokens
    return other


def _ann_on_a_bob_on_b(serve: Any, redis_url: str, tables: list[Table], game: str
                       ) -> tuple[Table, Table, Phone, Phone]:
    """Two instances on one Redis; a room of ``game`` made on A, Ann's phone on A and Bob's
    on B."""
    a = serve(redis_url=redis_url, games=ALL_GAMES)
    b = serve(redis_url=redis_url, games=ALL_GAMES)
    table_a = open_table(a, game=game, name="Ann")
    tables.append(table_a)
    table_a.join("Bob")
    table_b = _on(b, table_a)
    tables.append(table_b)
    return table_a, table_b, table_a.seat("p1"), table_b.seat("p2")


def test_a_move_on_instance_a_reaches_a_phone_on_instance_b_at_once(
        serve: Any, redis_url: str, tables: list[Table]) -> None:
    a = serve(redis_url=redis_url, games=ALL_GAMES)
    b = serve(redis_url=redis_url, games=ALL_GAMES)
    table_a = open_table(a, game="tally", name="Ann")
    tables.append(table_a)
    joined = http(b).post(f"/api/rooms/{table_a.code}/join", json={"name": "Bob"})
    assert joined.status_code == 200  # B found the room A created, in Redis
    table_a.tokens["p2"] = joined.json()["token"]
    table_b = _on(b, table_a)
    tables.append(table_b)
    ann = table_a.seat("p1")
    bob = table_b.seat("p2")
    assert ann.wait_state(lambda m: [p["connected"] for p in m["room"]["players"]]
                          == [True, True])  # Bob's join and presence crossed from B to A
    ann.send({"type": "set_options", "options": {"target": 20}})
    ann.send({"type": "start"})
    bob.wait_state(lambda m: m["room"]["phase"] == "playing")
    ann.send({"type": "action", "id": "1", "action": {"kind": "add", "n": 3}})
    seen = bob.wait_state(lambda m: m["view"] is not None and m["view"]["total"] == 3)
    assert seen["view"]["your_turn"] is True and seen["view"]["secret"] == 4
    bob.send({"type": "action", "id": "2", "action": {"kind": "add", "n": 2}})
    back = ann.wait_state(lambda m: m["view"] is not None and m["view"]["total"] == 5)
    assert back["version"] == seen["version"] + 1
    assert table_a.summary() == table_b.summary()
    # A refusal decided on B is checked against the latest version, and goes to Bob only.
    bob.send({"type": "action", "id": "3", "action": {"kind": "add", "n": 1}})
    bob.error("not_your_turn")


def test_a_game_switched_on_instance_a_is_played_on_instance_b(
        serve: Any, redis_url: str, tables: list[Table]) -> None:
    table_a, table_b, ann, bob = _ann_on_a_bob_on_b(serve, redis_url, tables, "tally")
    ann.send({"type": "set_game", "game": "qwirkle"})
    bob.wait_state(lambda m: m["room"]["game"] == "qwirkle" and m["room"]["title"] == "Qwirkle")
    ann.send({"type": "start"})
    playing = bob.wait_state(lambda m: m["room"]["phase"] == "playing")
    assert len(playing["view"]["hand"]) == 6 and "total" not in playing["view"]
    on_a, on_b = table_a.summary(), table_b.summary()
    assert [on_b[k] for k in ("game", "title", "phase", "version", "max_players")] == [
        on_a[k] for k in ("game", "title", "phase", "version", "max_players")]


def test_a_kick_on_instance_a_closes_the_socket_on_instance_b(
        serve: Any, redis_url: str, tables: list[Table]) -> None:
    table_a, table_b, ann, bob = _ann_on_a_bob_on_b(serve, redis_url, tables, "qwirkle")
    ann.send({"type": "kick", "player": "p2"})
    assert bob.closed() == (1008, "kicked")
    assert (Phone(table_b.server, table_a.code, table_a.tokens["p2"]).closed()
            == (1008, "bad_token"))


def test_an_instance_that_crashed_has_its_players_shown_disconnected(
        serve: Any, redis_url: str, tables: list[Table], tmp_path: Path) -> None:
    """Instance A is a real ``python -m app`` killed with SIGKILL: it says nothing on its way
    out, so B hears of Ann's socket there by A's heartbeat and stops believing it when A falls
    silent. B also learns of Ann without any presence change (it loaded the room after she
    connected)."""
    a = AppProcess(tmp_path / "a.sqlite3", GAMENIGHT_REDIS_URL=redis_url,
                   GAMENIGHT_PRESENCE_SECONDS="0.2").start()
    try:
        made = httpx.post(f"{a.url}/api/rooms", json={"game": "qwirkle", "name": "Ann"},
                          timeout=WAIT).json()
        ann = Phone(a, made["code"], made["token"])
        ann.wait_state(lambda m: m["room"]["players"][0]["connected"])
        b = serve(redis_url=redis_url, presence_seconds=0.2)
        table_b = Table(b, made["code"], made["host_token"])
        tables.append(table_b)
        bob = table_b.seat(table_b.join("Bob"))
        assert bob.wait_state(lambda m: [p["connected"] for p in m["room"]["players"]]
                              == [True, True])  # Ann on A, though A announced no change
        a.kill()
        gone = bob.wait_state(lambda m: [p["connected"] for p in m["room"]["players"]]
                              == [False, True])
        assert gone["room"]["players"][0]["name"] == "Ann"
        assert [p["connected"] for p in table_b.summary()["players"]] == [False, True]
    finally:
        a.kill()


class _Socket:
    """Where a connection's messages go in the in-process test below (no network needed)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.scope: dict[str, Any] = {"type": "websocket", "extensions": {}}

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def test_instances_that_missed_each_others_news_never_apply_twice(
        redis_url: str, tmp_path: Any) -> None:
    """Two registries on one Redis, deaf to each other (no pub/sub between them): every write
    from a stale one is refused by compare-and-set, and it catches up and decides again."""
    settings = Settings(db=tmp_path / "unused.sqlite3", bot_delay=0, redis_url=redis_url)

    async def body() -> None:
        one = Rooms(settings, RedisStore(redis_url), LocalPubSub(), ALL_GAMES)
        two = Rooms(settings, RedisStore(redis_url), LocalPubSub(), ALL_GAMES)
        await one.start()
        await two.start()
        try:
            room1, _, _, _ = await one.create("tally", {"target": 30}, "Ann", "a")
            room2 = await two.get(room1.code.lower())
            assert room2 is not None and room2.version == 1
            bob, _ = await commands.join(room1, "Bob")
            assert bob == "p2" and room1.version == 2
            # room2 still thinks version 1: its join is refused by the store, it catches up
            # and seats Cy as p3 (not a second p2).
            player, _ = await commands.join(room2, "Cy")
            assert player == "p3" and room2.version == 3
            assert [s.name for s in room2.record.seats] == ["Ann", "Bob", "Cy"]
            host = Connection(_Socket(), Sender("p1"), 100)  # type: ignore[arg-type]
            room1.connections.add(host)
            # on one: the game starts at version 4
            await commands.start(room1, host, StartMessage(type="start"))
            ann2 = Connection(_Socket(), Sender("p1"), 100)  # type: ignore[arg-type]
            room2.connections.add(ann2)
            # two still sees the lobby at version 3; Ann's move through two would be refused
            # (not playing) — unless it checks the store first, catches up and applies it.
            move = ActionMessage(type="action", id="m1", action={"kind": "add", "n": 2})
            await commands.act(room2, ann2, move)
            assert room2.version == 5 and room2.state.total == 2
            await commands.act(room2, ann2, move)  # resent: applied once
            assert room2.version == 5
            await room1.sync()
            assert room1.state == room2.state and room1.record == room2.record
            stored = await one.store.load(room1.code)
            assert stored is not None and [e.ref for e in stored.entries] == ["m1"]
            for conn in (host, ann2):
                await conn.stop()
        finally:
            await one.close()
            await two.close()

    asyncio.run(body())
