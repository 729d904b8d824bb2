"""Patches on the wire: a screen that asked for them and rebuilds each one (with the Python
twin of the client's function and with ``applyPatch`` of ``static/js/client.js`` itself, run
in Node) holds, after every change of whole games of every game, exactly the state message a
screen taking full states is sent; and everything a patch cannot follow gets a full state."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rules import GAMES
from tests.app.conftest import ROOT, Phone, Table, open_table, play_to_the_end

CLIENT_JS = ROOT / "static" / "js" / "client.js"

#: Rebuilds the state messages of a recorded socket as client.js does (its own functions: the
#: RoomClient's receive, which applies patches with applyPatch), printing them as JSON lines.
REPLAY_JS = """
import { RoomClient, readMessage } from %s;
import { readFileSync } from "node:fs";
const states = [];
const sent = [];
const client = new RoomClient("ABCD", null, { onState: (m) => states.push(m) });
client.raw = (m) => { sent.push(m); return true; };
client.held = null;
for (const line of readFileSync(process.argv[2], "utf8").split("\\n")) {
  if (line) client.receive(readMessage(line));
}
console.log(JSON.stringify({ states, sent }));
"""


def node_replay(raw: list[str], tmp: Path) -> dict[str, Any]:
    """What client.js makes of the messages ``raw`` (its states, and what it sent)."""
    node = shutil.which("node")
    assert node is not None, "Node is needed to run static/js/client.js"
    messages = tmp / "messages.jsonl"
    messages.write_text("\n".join(raw) + "\n")
    script = tmp / "replay.mjs"
    script.write_text(REPLAY_JS % json.dumps(CLIENT_JS.as_uri()))
    done = subprocess.run([node, str(script), str(messages)], capture_output=True, text=True,
                          timeout=60, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def without_ref(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in m.items() if k != "ref"} for m in states]


def since_playing(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    first = next(i for i, m in enumerate(states) if m["room"]["phase"] == "playing")
    return without_ref(states[first:])


def twins(table: Table, seats: list[str]) -> tuple[dict[str | None, Phone],
                                                    dict[str | None, Phone]]:
    """For every seat and a spectator, a screen taking patches and one taking full states
    (a second socket of a seat or a spectator changes nobody's presence)."""
    patched: dict[str | None, Phone] = {p: table.seat(p) for p in seats}
    patched[None] = table.phone()
    full: dict[str | None, Phone] = {}
    for p in seats:
        full[p] = Phone(table.server, table.code, table.tokens[p], patches=False)
        table.phones.append(full[p])
        full[p].wait_state()
    full[None] = Phone(table.server, table.code, None, patches=False)
    table.phones.append(full[None])
    full[None].wait_state()
    return patched, full


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_viewer_rebuilds_from_patches_the_full_state_of_every_step_of_a_whole_game(
        serve: Any, tables: list[Table], game_id: str, tmp_path: Path) -> None:
    table = open_table(serve(messages_per_second=1000), game=game_id, name="Ann")  # no limit
    tables.append(table)
    table.join("Bob")
    patched, full = twins(table, ["p1", "p2"])
    patched["p1"].send({"type": "add_bot"})
    patched["p1"].send({"type": "start"})
    for phone in (*patched.values(), *full.values()):
        phone.wait_state(lambda m: m["room"]["phase"] == "playing")
    play_to_the_end(table, {p: patched[p] for p in ("p1", "p2")}, game_id)
    for phone in (*patched.values(), *full.values()):
        phone.sync()
    for viewer, phone in patched.items():
        expected = since_playing(full[viewer].states)
        assert since_playing(phone.states) == expected, viewer
        assert len(expected) > 10
        # After the start (a full state), every change came as a patch: the resend's answer
        # is the one other full state.
        assert sum(r.startswith('{"type":"state"') for r in phone.raw
                   if '"phase":"playing"' in r or '"phase":"finished"' in r) <= 2, viewer
        assert phone.patches >= len(expected) - 2
        replayed = node_replay(phone.raw, tmp_path)
        assert replayed["sent"] == []  # every patch followed: no sync asked for
        assert since_playing(replayed["states"]) == since_playing(phone.states), viewer
        patch_bytes = [len(r.encode()) for r in phone.raw if r.startswith('["patch",')]
        full_bytes = [len(r.encode()) for r in full[viewer].raw
                      if r.startswith('{"type":"state"')]
        assert sum(patch_bytes) / len(patch_bytes) < sum(full_bytes) / len(full_bytes) / 2


def test_a_rematch_a_game_switch_and_a_reconnect_start_from_a_full_state(
        serve: Any, tables: list[Table]) -> None:
    table = open_table(serve(), game="hues", name="Ann")
    tables.append(table)
    table.join("Bob")
    table.join("Cy")
    patched, full = twins(table, ["p1", "p2", "p3"])
    ann = patched["p1"]
    ann.send({"type": "seat_bot", "player": "p2", "bot": True})
    ann.send({"type": "seat_bot", "player": "p3", "bot": True})
    ann.send({"type": "start"})
    ann.wait_state(lambda m: m["room"]["phase"] == "playing")
    ann.send({"type": "end_game"})  # back to the lobby: a patch (the same game's line)
    ann.wait_state(lambda m: m["room"]["phase"] == "lobby" and m["version"] > 3)
    ann.sync()
    count = len(ann.raw)
    ann.send({"type": "set_game", "game": "dixit"})  # another game: a full state
    switched = ann.wait_state(lambda m: m["room"]["game"] == "dixit")
    assert ann.raw[count].startswith('{"type":"state"')
    ann.send({"type": "start"})
    started = ann.wait_state(lambda m: m["room"]["phase"] == "playing")
    assert started["version"] > switched["version"]
    assert ann.raw[-1].startswith('{"type":"state"')  # a new game: full
    ann.send({"type": "end_game"})
    ann.wait_state(lambda m: m["room"]["phase"] == "lobby")
    ann.close()
    again = table.seat("p1")  # a reconnect: full first, then patches
    assert again.raw[0].startswith('{"type":"state"')
    again.send({"type": "set_options", "options": {}})
    again.sync()
    again.send({"type": "add_bot"})
    again.wait_state(lambda m: len(m["room"]["players"]) == 4)
    assert again.raw[-1].startswith('["patch",')
    again.send({"type": "sync"})  # asked for (a client that lost track): the full state
    synced = again.wait(lambda m: True)
    assert again.raw[-1].startswith('{"type":"state"') and synced == again.states[-1]
    again.send({"type": "add_bot"})  # and patches follow from it
    again.wait_state(lambda m: len(m["room"]["players"]) == 5)
    assert again.raw[-1].startswith('["patch",')
    for phone in (again, *full.values()):
        phone.sync()
    assert without_ref(again.states[-1:]) == without_ref(full["p1"].states[-1:])


def test_a_patch_that_does_not_follow_is_dropped_and_the_full_state_asked_for(
        tmp_path: Path) -> None:
    state = {"type": "state", "version": 4, "epoch": "e1", "room": {"version": 4}, "you": None,
             "is_host": False, "view": {"a": [1, 2, 3], "b": None}, "outcome": None}
    good = ["patch", 4, 5, {"room": {"version": 5}, "view": {"a": {"shift": 1, "2": 4},
                                                            "b": [None], "c": [[]],
                                                            "d": "x", "e": False}}, "m1"]
    gap = ["patch", 6, 7, good[3]]
    replayed = node_replay([json.dumps(m) for m in (state, good, gap)], tmp_path)
    assert [m["version"] for m in replayed["states"]] == [4, 5]
    assert replayed["states"][1]["view"] == {"a": [2, 3, 4], "b": None, "c": [], "d": "x",
                                             "e": False}
    assert replayed["states"][1]["ref"] == "m1"
    assert replayed["sent"] == [{"type": "sync"}]  # once, until a full state comes
