"""Turn clocks: the decisions (pure, on real games' states), then the real server: a timed-out
turn played by the bot and marked in the log, a simultaneous phase timed out for every seat
still due, a paused clock that does not fire and resumes with what it had left, and a real
server process restarted with a deadline pending."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from app import decisions
from app.decisions import Current, NoChange, Sender
from app.encode import plain
from app.store import (
    SCHEMA,
    Clock,
    LogEntry,
    SQLiteStore,
    Store,
    StoredRoom,
    record_to_json,
)
from rules import GAMES
from tests.app.conftest import WAIT, AppProcess, Phone, Table, http, open_table
from tests.app.test_decisions import HOST_SEAT, NOW, lobby, refused
from tests.app.test_store import _record, make_store, run  # noqa: F401  (a fixture)
from tests.conftest import LiveServer

QWIRKLE, DIXIT = GAMES["qwirkle"], GAMES["dixit"]


def timed(game_id: str, *names: str, timers: dict[str, int] | None = None) -> Current:
    """A game of ``game_id`` started at NOW with its turn clocks on."""
    game = GAMES[game_id]
    current = Current(lobby(*names, game=game_id), None, game)
    change = decisions.set_timers(current, sender=HOST_SEAT, timers=timers or {}, minimum=1,
                                  now=NOW)
    change = decisions.start(Current(change.record, None, game), sender=HOST_SEAT, seed=3,
                             now=NOW)
    return Current(change.record, change.state, game)


def then(current: Current, change: decisions.Change) -> Current:
    return Current(change.record, change.state, current.game)


# --- decisions --------------------------------------------------------------------------------

def test_clocks_are_off_by_default_and_the_game_declares_their_lengths() -> None:
    current = Current(lobby("Ann", "Bob", game="qwirkle"), None, QWIRKLE)
    started = decisions.start(current, sender=HOST_SEAT, seed=1, now=NOW)
    assert started.record.timers is None and started.record.clock is None
    assert {c.name: c.seconds for c in DIXIT.clocks} == {"tell": 90, "play": 60}
    assert timed("qwirkle", "Ann", "Bob").record.clock == Clock("turn", 60, NOW + 60)


def test_a_host_sets_lengths_within_bounds_and_only_for_clocks_the_game_has() -> None:
    current = Current(lobby("Ann", "Bob", "Cy", game="dixit"), None, DIXIT)
    change = decisions.set_timers(current, sender=HOST_SEAT, timers={"tell": 30}, minimum=10,
                                  now=NOW)
    assert change.record.timers == {"tell": 30, "play": 60}
    refused("bad_timer", decisions.set_timers, current, sender=HOST_SEAT, timers={"tell": 5},
            minimum=10, now=NOW)
    refused("bad_timer", decisions.set_timers, current, sender=HOST_SEAT,
            timers={"tell": 3601}, minimum=10, now=NOW)
    refused("unknown_timer", decisions.set_timers, current, sender=HOST_SEAT,
            timers={"turn": 30}, minimum=10, now=NOW)
    refused("not_host", decisions.set_timers, current, sender=Sender("p2"), timers={},
            minimum=10, now=NOW)
    off = decisions.set_timers(then(current, change), sender=HOST_SEAT, timers=None,
                               minimum=10, now=NOW)
    assert off.record.timers is None


def test_switching_game_keeps_clocks_on_with_the_other_games_defaults() -> None:
    current = Current(lobby("Ann", "Bob", "Cy", game="dixit"), None, DIXIT)
    on = then(current, decisions.set_timers(current, sender=HOST_SEAT, timers={"tell": 30},
                                            minimum=1, now=NOW))
    moved = decisions.set_game(on, sender=HOST_SEAT, game=GAMES["hues"], now=NOW)
    assert moved.record.timers == {"cue": 60, "guess": 30}


def test_a_timed_out_turn_is_the_bots_move_marked_in_the_log_and_the_next_turn_is_timed() -> None:
    current = timed("qwirkle", "Ann", "Bob", timers={"turn": 20})
    with pytest.raises(NoChange):
        decisions.time_out(current, now=NOW + 19.9)
    due = sorted(QWIRKLE.to_act(current.state))
    change = decisions.time_out(current, now=NOW + 20)
    assert change.entry is not None and change.entry.timed_out and change.entry.player == due[0]
    assert change.entry.action == plain(QWIRKLE.bot_action(current.state, due[0]))
    assert change.record.clock == Clock("turn", 20, NOW + 40)
    assert QWIRKLE.to_act(change.state) != frozenset(due)


def test_a_person_moving_in_time_restarts_the_clock_for_the_next_turn() -> None:
    current = timed("qwirkle", "Ann", "Bob", timers={"turn": 20})
    player = next(iter(QWIRKLE.to_act(current.state)))
    action = plain(QWIRKLE.bot_action(current.state, player))
    change = decisions.act(current, sender=Sender(player), raw=action, ref="x", now=NOW + 5)
    assert change.entry is not None and not change.entry.timed_out
    assert change.record.clock == Clock("turn", 20, NOW + 25)


def dixit_giving() -> Current:
    """A Dixit game with clocks on, the story told at NOW: everyone but the storyteller due."""
    current = timed("dixit", "Ann", "Bob", "Cy", "Dee", timers={"tell": 40, "play": 20})
    teller = next(iter(DIXIT.to_act(current.state)))
    told = decisions.act(current, sender=Sender(teller),
                         raw=plain(DIXIT.bot_action(current.state, teller)), ref="t",
                         now=NOW)
    return then(current, told)


def test_a_simultaneous_phase_keeps_its_deadline_and_times_out_every_seat_still_due() -> None:
    current = dixit_giving()
    assert current.record.clock == Clock("play", 20, NOW + 20)
    givers = sorted(DIXIT.to_act(current.state))
    early = decisions.act(current, sender=Sender(givers[0]),
                          raw=plain(DIXIT.bot_action(current.state, givers[0])),
                          ref="g", now=NOW + 3)
    current = then(current, early)
    assert current.record.clock == Clock("play", 20, NOW + 20)  # the others keep their time
    forced: list[str] = []
    while DIXIT.to_act(current.state) == frozenset(givers[1:]) - set(forced):
        change = decisions.time_out(current, now=NOW + 21)
        assert change.entry is not None and change.entry.timed_out
        forced.append(change.entry.player)
        current = then(current, change)
        if len(forced) == len(givers) - 1:
            break
    assert forced == givers[1:]
    # everyone gave: voting starts with a fresh clock
    assert current.record.clock == Clock("play", 20, NOW + 21 + 20)


def test_a_paused_clock_does_not_run_out_and_resumes_with_what_it_had_left() -> None:
    current = timed("qwirkle", "Ann", "Bob", timers={"turn": 20})
    stopped = then(current, decisions.pause_clock(current, sender=HOST_SEAT, paused=True,
                                                  now=NOW + 5))
    assert stopped.record.clock == Clock("turn", 20, None, 15)
    with pytest.raises(NoChange):
        decisions.time_out(stopped, now=NOW + 500)
    with pytest.raises(NoChange):
        decisions.pause_clock(stopped, sender=HOST_SEAT, paused=True, now=NOW + 6)
    refused("not_host", decisions.pause_clock, stopped, sender=Sender("p2"), paused=False,
            now=NOW + 6)
    going = decisions.pause_clock(stopped, sender=HOST_SEAT, paused=False, now=NOW + 100)
    assert going.record.clock == Clock("turn", 20, NOW + 115)


def test_a_turn_taken_while_paused_leaves_the_next_turn_paused_at_its_full_length() -> None:
    current = timed("qwirkle", "Ann", "Bob", timers={"turn": 20})
    stopped = then(current, decisions.pause_clock(current, sender=HOST_SEAT, paused=True,
                                                  now=NOW + 5))
    player = next(iter(QWIRKLE.to_act(stopped.state)))
    moved = decisions.act(stopped, sender=Sender(player),
                          raw=plain(QWIRKLE.bot_action(stopped.state, player)),
                          ref="m", now=NOW + 9)
    assert moved.record.clock == Clock("turn", 20, None, 20)


def test_pausing_needs_a_running_clock() -> None:
    current = Current(lobby("Ann", "Bob", game="qwirkle"), None, QWIRKLE)
    refused("no_clock", decisions.pause_clock, current, sender=HOST_SEAT, paused=True, now=NOW)
    plain = then(current, decisions.start(current, sender=HOST_SEAT, seed=1, now=NOW))
    refused("no_clock", decisions.pause_clock, plain, sender=HOST_SEAT, paused=True, now=NOW)


def test_ending_the_game_stops_its_clock() -> None:
    current = timed("qwirkle", "Ann", "Bob")
    ended = decisions.end_game(current, sender=HOST_SEAT, now=NOW)
    assert ended.record.clock is None and ended.record.timers == {"turn": 60}


# --- the real server --------------------------------------------------------------------------

def timed_room(server: LiveServer | AppProcess, game: str, names: tuple[str, ...],
               timers: dict[str, int]) -> tuple[Table, dict[str, Phone]]:
    """A room of ``game`` with ``names`` seated (the first hosts), clocks set to ``timers``
    and started; one phone each."""
    table = open_table(server, game, names[0])  # type: ignore[arg-type]
    for name in names[1:]:
        table.join(name)
    phones = {player: table.seat(player) for player in table.tokens}
    host = phones["p1"]
    host.send({"type": "set_timers", "timers": timers})
    host.wait_state(lambda m: m["room"]["timers"] is not None)
    host.send({"type": "start"})
    for phone in phones.values():
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    return table, phones


def wait_for(check: Callable[[], Any], timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("never happened")


def log_of(db: Path, code: str) -> list[tuple[str, bool]]:
    """(player, timed out) of every logged action of the room's current game, read from the
    server's SQLite file."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT player, timed_out FROM actions WHERE code = ? "
                            "ORDER BY version", (code,)).fetchall()
    return [(player, bool(timed_out)) for player, timed_out in rows]


def test_a_timed_out_turn_is_played_by_the_bot_on_the_server_and_logged_so(
        serve: Callable[..., LiveServer], tables: list[Table]) -> None:
    server = serve(timer_minimum=1)
    table, phones = timed_room(server, "qwirkle", ("Ann", "Bob"), {"turn": 1})
    tables.append(table)
    started = phones["p1"].state
    assert started is not None
    clock = started["room"]["clock"]
    assert clock["name"] == "turn" and clock["seconds"] == 1 and not clock["paused"]
    assert abs(clock["due"] - (time.time() + 1)) < 0.5
    first = started["version"]
    moved = phones["p2"].wait_state(lambda m: m["version"] > first)
    assert time.time() >= clock["due"]  # not before its time
    assert moved["room"]["clock"]["due"] >= clock["due"] + 1 - 0.05
    assert log_of(server.settings.db, table.code)[0][1] is True
    history = http(server).get(f"/api/rooms/{table.code}/history").json()["entries"]
    assert history[0]["timed_out"] is True, "the history says whose time ran out"


def test_a_simultaneous_phase_times_out_every_seat_still_due(
        serve: Callable[..., LiveServer], tables: list[Table]) -> None:
    server = serve(timer_minimum=1)
    table, phones = timed_room(server, "dixit", ("Ann", "Bob", "Cy", "Dee"),
                               {"tell": 60, "play": 1})
    tables.append(table)
    state = phones["p1"].state
    assert state is not None
    teller = next(p for p, phone in phones.items()
                  if phone.wait_state()["view"]["your_turn"])
    view = phones[teller].wait_state()["view"]
    phones[teller].send({"type": "action", "id": "tell",
                         "action": {"kind": "tell", "card": view["hand"][0],
                                    "phrase": "a quiet morning"}})
    giving = phones["p1"].wait_state(lambda m: m["view"]["phase"] == "submit")
    voting = phones["p1"].wait_state(lambda m: m["view"]["phase"] == "vote")
    assert time.time() >= giving["room"]["clock"]["due"]
    entries = log_of(server.settings.db, table.code)
    givers = sorted(set(phones) - {teller})
    assert entries[0] == (teller, False)
    assert sorted(entries[1:4]) == [(p, True) for p in givers]
    assert voting["room"]["clock"]["name"] == "play"


def test_a_paused_clock_does_not_fire_and_resumes_with_the_time_it_had_left(
        serve: Callable[..., LiveServer], tables: list[Table]) -> None:
    server = serve(timer_minimum=1)
    table, phones = timed_room(server, "qwirkle", ("Ann", "Bob"), {"turn": 2})
    tables.append(table)
    host = phones["p1"]
    host.send({"type": "pause_clock", "paused": True})
    paused = host.wait_state(lambda m: m["room"]["clock"]["paused"])
    left = paused["room"]["clock"]["left"]
    assert 1 < left <= 2
    time.sleep(2.5)
    host.sync()
    assert host.state is not None and host.state["version"] == paused["version"]
    assert log_of(server.settings.db, table.code) == []
    phones["p2"].send({"type": "pause_clock", "paused": False})
    phones["p2"].error("not_host")
    host.send({"type": "pause_clock", "paused": False})
    resumed_at = time.time()
    going = host.wait_state(lambda m: not m["room"]["clock"]["paused"])
    assert abs(going["room"]["clock"]["due"] - (resumed_at + left)) < 0.3
    host.wait_state(lambda m: m["version"] > going["version"])
    assert time.time() >= going["room"]["clock"]["due"]
    assert log_of(server.settings.db, table.code)[0][1] is True


@pytest.fixture
def process(tmp_path: Path) -> Iterator[AppProcess]:
    proc = AppProcess(tmp_path / "rooms.sqlite3", GAMENIGHT_TIMER_MINIMUM="1")
    yield proc
    proc.kill()


def test_a_deadline_pending_at_a_restart_is_kept_by_the_restarted_server(
        process: AppProcess) -> None:
    process.start()
    table, phones = timed_room(process, "qwirkle", ("Ann", "Bob"), {"turn": 4})
    state = phones["p1"].state
    assert state is not None
    due = state["room"]["clock"]["due"]
    for phone in phones.values():
        phone.close()
    process.kill()
    process.start()
    phone = Phone(process, table.code, table.tokens["p1"])  # the phone reconnects
    came_back = phone.wait_state()
    assert came_back["room"]["clock"]["due"] == due and came_back["version"] == state["version"]
    moved = phone.wait_state(lambda m: m["version"] > state["version"])
    assert time.time() >= due - 0.05
    assert time.time() < due + 2  # at its time, not a fresh turn's length after the restart
    assert moved["room"]["clock"]["due"] >= due + 4 - 0.05
    phone.close()
    process.kill()
    assert log_of(process.db, table.code)[0][1] is True


def test_the_timers_a_game_offers_are_published(serve: Callable[..., LiveServer]) -> None:
    server = serve()
    games = {g["id"]: g for g in httpx.get(server.url + "/api/games", timeout=WAIT).json()}
    assert [(c["name"], c["seconds"]) for c in games["hues"]["clocks"]] == [("cue", 60),
                                                                         ("guess", 30)]
    assert [(c["name"], c["seconds"]) for c in games["encore"]["clocks"]] == [("roll", 45)]


# --- the stored record ------------------------------------------------------------------------

def test_the_clock_timers_and_timed_out_entries_are_stored_by_every_store(
        make_store: Callable[[], Store]) -> None:  # noqa: F811  (the fixture, imported)
    record = replace(_record(version=2), phase="playing", timers={"turn": 20},
                     clock=Clock("turn", 20, NOW + 20))
    paused = replace(record, version=3, clock=Clock("turn", 20, None, 12.5))

    async def body(store: Store) -> StoredRoom | None:
        await store.create(_record())
        await store.save(record, 1)
        await store.save(paused, 2, LogEntry(3, "p1", {"kind": "pass"}, None, timed_out=True))
        return await store.load(record.code)
    stored = run(make_store, body)
    assert stored is not None and stored.record == paused
    assert stored.entries == (LogEntry(3, "p1", {"kind": "pass"}, None, timed_out=True),)


def test_a_database_from_before_timers_gains_the_column_and_reads_its_entries(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # the schema as it was, with one room and one action
        db.executescript(SCHEMA.replace(
            "    timed_out INTEGER NOT NULL DEFAULT 0,  -- played by the bot when the turn "
            "clock ran out\n", ""))
        text = record_to_json(_record(version=2))
        old = json.loads(text)
        del old["timers"], old["clock"]
        db.execute("INSERT INTO rooms VALUES ('ABCD', 'qwirkle', 'lobby', 2, 1.0, ?, '1.2.3.4')",
                   (json.dumps(old),))
        db.execute("INSERT INTO actions VALUES ('ABCD', 2, 'p1', '{\"kind\":\"pass\"}', 'a')")

    async def body(store: Store) -> StoredRoom | None:
        return await store.load("ABCD")
    stored = run(lambda: SQLiteStore(path), body)
    assert stored is not None and stored.record.timers is None and stored.record.clock is None
    assert stored.entries == (LogEntry(2, "p1", {"kind": "pass"}, "a"),)
