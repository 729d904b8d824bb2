"""The room's decisions as pure functions: built from constructed records and states, with no
socket, no store and no event loop. Each test states the rule it checks."""

from __future__ import annotations

import ast
import inspect
from dataclasses import replace

import pytest

from app import decisions
from app.decisions import Change, Current, NoChange, Sender
from app.protocol import AppError
from app.store import LogEntry, RoomRecord, Seat
from rules import GAMES
from rules.base import HOST, NotYourTurn
from tests.app.fakegames import tally

NOW = 1_000.0
HOST_SEAT = Sender("p1")
TABLE = Sender(None, table=True)


def lobby(*names: str, game: str = "tally", table: bool = False) -> RoomRecord:
    """A lobby with ``names`` seated (people), hosted by the first seat or the table."""
    seats = tuple(Seat(f"p{i}", name, f"hash-{name}", bot=False)
                  for i, name in enumerate(names, 1))
    return RoomRecord(
        code="ABCD", game=game, options={"target": 5} if game == "tally" else {},
        seats=seats, host=None if table else "p1", table_token_hash="table" if table else None,
        phase="lobby", version=7, seed=None, players=(), started_at=0, next_seat=len(seats),
        created_by="addr", created_at=0.0, updated_at=0.0)


def playing(*names: str) -> Current:
    record = lobby(*names)
    change = decisions.start(Current(record, None, tally), sender=HOST_SEAT, seed=1, now=NOW)
    return Current(change.record, change.state, tally)


def refused(code: str, decide: object, *args: object, **kwargs: object) -> None:
    with pytest.raises(AppError) as caught:
        decide(*args, **kwargs)  # type: ignore[operator]
    assert caught.value.code == code, caught.value.message


def test_every_decision_adds_exactly_one_version_and_stamps_the_clock_it_was_given() -> None:
    change = decisions.join(Current(lobby("Ann"), None, tally), name="Bob", token_hash="h",
                            now=NOW)
    assert change.record.version == 8 and change.record.updated_at == NOW
    assert change.result == "p2" and change.record.next_seat == 2


def test_decisions_read_nothing_but_their_arguments() -> None:
    """No clock, randomness, I/O or event loop in the module: inputs come as arguments."""
    tree = ast.parse(inspect.getsource(decisions))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in (node.names if isinstance(node, ast.Import)
                              else [ast.alias(node.module or "")])}
    assert not imported & {"time", "secrets", "random", "asyncio", "os", "socket", "sqlite3"}


def test_a_decision_leaves_the_room_it_was_given_as_it_was() -> None:
    current = playing("Ann", "Bob")
    before = (current.record, current.state)
    decisions.act(current, sender=Sender("p1"), raw={"kind": "add", "n": 2}, ref="a", now=NOW)
    decisions.kick(current, sender=HOST_SEAT, player="p2", now=NOW)
    assert (current.record, current.state) == before


# --- joining --------------------------------------------------------------------------------

def test_join_seats_people_with_new_ids_that_are_never_reused() -> None:
    record = replace(lobby("Ann", "Bob"), next_seat=5)  # p3..p5 were taken and left
    change = decisions.join(Current(record, None, tally), name="Cy", token_hash="h", now=NOW)
    assert change.result == "p6" and change.record.seats[-1] == Seat("p6", "Cy", "h", False)


def test_join_refuses_a_full_room_a_taken_name_and_a_game_in_play() -> None:
    full = Current(lobby("Ann", "Bob", "Cy"), None, tally)  # tally takes 3
    refused("room_full", decisions.join, full, name="Di", token_hash="h", now=NOW)
    two = Current(lobby("Ann", "Bob"), None, tally)
    refused("name_taken", decisions.join, two, name="ann", token_hash="h", now=NOW)
    refused("already_playing", decisions.join, playing("Ann"), name="Di", token_hash="h",
            now=NOW)


def test_join_after_a_game_is_allowed() -> None:
    current = playing("Ann", "Bob")
    finished = replace(current, record=replace(current.record, phase="finished"))
    assert decisions.join(finished, name="Cy", token_hash="h", now=NOW).result == "p3"


# --- actions --------------------------------------------------------------------------------

def test_an_action_is_logged_with_its_actor_and_id_and_applied_by_the_game() -> None:
    current = playing("Ann", "Bob")
    change = decisions.act(current, sender=Sender("p1"), raw={"kind": "add", "n": 2}, ref="a1",
                           now=NOW)
    assert change.entry == LogEntry(current.record.version + 1, "p1", {"n": 2, "kind": "add"},
                                    "a1")
    assert change.state.total == 2 and change.record.phase == "playing"


def test_the_winning_action_finishes_the_game() -> None:
    current = playing("Ann")
    for n in (3, 2):
        change = decisions.act(current, sender=Sender("p1"), raw={"kind": "add", "n": n},
                               ref=f"m{n}", now=NOW)
        current = Current(change.record, change.state, tally)
    assert current.record.phase == "finished"


def test_an_action_already_in_the_log_is_no_change_naming_its_id() -> None:
    current = replace(playing("Ann", "Bob"), applied=frozenset({("p1", "a1")}))
    with pytest.raises(NoChange) as caught:
        decisions.act(current, sender=Sender("p1"), raw={"kind": "add", "n": 1}, ref="a1",
                      now=NOW)
    assert caught.value.ref == "a1"


def test_actions_are_refused_to_spectators_in_the_lobby_and_from_seats_a_bot_plays() -> None:
    add = {"kind": "add", "n": 1}
    refused("spectator", decisions.act, playing("Ann"), sender=Sender(None), raw=add, ref="x",
            now=NOW)
    refused("not_playing", decisions.act, Current(lobby("Ann"), None, tally),
            sender=Sender("p1"), raw=add, ref="x", now=NOW)
    current = playing("Ann", "Bob")
    botted = replace(current, record=replace(current.record, seats=tuple(
        replace(s, bot=True) if s.id == "p1" else s for s in current.record.seats)))
    refused("seat_played_by_bot", decisions.act, botted, sender=Sender("p1"), raw=add, ref="x",
            now=NOW)
    refused("bad_action", decisions.act, current, sender=Sender("p1"),
            raw={"kind": "explode"}, ref="x", now=NOW)


def test_a_rule_refusal_is_the_games_own_error() -> None:
    with pytest.raises(NotYourTurn):
        decisions.act(playing("Ann", "Bob"), sender=Sender("p2"), raw={"kind": "add", "n": 1},
                      ref="x", now=NOW)


def test_the_hosts_host_action_is_the_tables_and_a_seats_is_its_own() -> None:
    current = playing("Ann", "Bob")
    reset = {"kind": "reset"}
    change = decisions.act(current, sender=HOST_SEAT, raw=reset, ref="r", now=NOW)
    assert change.entry is not None and change.entry.player == HOST
    with pytest.raises(NotYourTurn):  # Bob is no host: his reset is his, and the game says no
        decisions.act(current, sender=Sender("p2"), raw=reset, ref="r", now=NOW)


def test_a_bot_moves_only_when_due() -> None:
    current = playing("Ann", "Bob")
    record = replace(current.record, seats=tuple(replace(s, bot=True) for s in
                                                 current.record.seats))
    change = decisions.bot_move(replace(current, record=record), player="p1", now=NOW)
    assert change.entry is not None and change.entry.player == "p1" and change.entry.ref is None
    with pytest.raises(NoChange):  # p2's turn has not come
        decisions.bot_move(replace(current, record=record), player="p2", now=NOW)
    with pytest.raises(NoChange):  # p1 is a person
        decisions.bot_move(current, player="p1", now=NOW)


# --- the host -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, inputs", [
    ("start", {"seed": 1}), ("rematch", {"seed": 1}), ("kick", {"player": "p2"}),
    ("add_bot", {}), ("make_host", {"player": "p2"}), ("set_options", {"options": {}}),
    ("set_game", {"game": tally}), ("seat_bot", {"player": "p2", "bot": True}),
    ("end_game", {}),
])
def test_host_commands_are_refused_to_everyone_but_the_host(name: str, inputs: dict[str, object]
                                                            ) -> None:
    decide = getattr(decisions, name)
    for sender in (Sender("p2"), Sender(None), TABLE):
        refused("not_host", decide, Current(lobby("Ann", "Bob"), None, tally), sender=sender,
                now=NOW, **inputs)


def test_the_table_screen_hosts_while_no_seat_does() -> None:
    change = decisions.add_bot(Current(lobby(table=True), None, tally), sender=TABLE, now=NOW)
    assert [s.name for s in change.record.seats] == ["Bot 1"]


def test_start_deals_a_game_with_the_seed_given_and_a_fresh_log() -> None:
    change = decisions.start(Current(lobby("Ann", "Bob"), None, tally), sender=HOST_SEAT,
                             seed=42, now=NOW)
    assert change.new_game and change.record.seed == 42 and change.record.players == ("p1", "p2")
    assert change.record.started_at == change.record.version and change.state.target == 5
    refused("not_in_lobby", decisions.start, playing("Ann"), sender=HOST_SEAT, seed=1, now=NOW)
    refused("not_finished", decisions.rematch, playing("Ann"), sender=HOST_SEAT, seed=1, now=NOW)


def test_kick_removes_a_seat_between_games_and_hands_it_to_a_bot_during_play() -> None:
    change = decisions.kick(Current(lobby("Ann", "Bob"), None, tally), sender=HOST_SEAT,
                            player="p2", now=NOW)
    assert [s.id for s in change.record.seats] == ["p1"]
    change = decisions.kick(playing("Ann", "Bob"), sender=HOST_SEAT, player="p2", now=NOW)
    assert change.record.seats[1] == Seat("p2", "Bob", None, bot=True)
    refused("cannot_kick_host", decisions.kick, playing("Ann"), sender=HOST_SEAT, player="p1",
            now=NOW)
    refused("unknown_player", decisions.kick, playing("Ann"), sender=HOST_SEAT, player="p9",
            now=NOW)


def test_bots_get_the_first_free_bot_name_and_join_only_between_games() -> None:
    current = Current(lobby("Ann"), None, tally)
    first = decisions.add_bot(current, sender=HOST_SEAT, now=NOW)
    second = decisions.add_bot(Current(first.record, None, tally), sender=HOST_SEAT, now=NOW)
    assert [s.name for s in second.record.seats] == ["Ann", "Bot 1", "Bot 2"]
    assert second.record.seats[-1].token_hash is None and second.record.seats[-1].bot
    refused("room_full", decisions.add_bot, Current(lobby("A", "B", "C"), None, tally),
            sender=HOST_SEAT, now=NOW)
    refused("already_playing", decisions.add_bot, playing("Ann"), sender=HOST_SEAT, now=NOW)


def test_the_host_role_goes_to_a_person_or_back_to_a_table_that_exists() -> None:
    current = Current(lobby("Ann", "Bob"), None, tally)
    assert decisions.make_host(current, sender=HOST_SEAT, player="p2", now=NOW).record.host == "p2"
    refused("no_table_host", decisions.make_host, current, sender=HOST_SEAT, player=None, now=NOW)
    bot = decisions.add_bot(current, sender=HOST_SEAT, now=NOW).record
    refused("not_a_human", decisions.make_host, Current(bot, None, tally), sender=HOST_SEAT,
            player="p3", now=NOW)
    tabled = replace(lobby("Ann", table=True), host="p1")
    assert decisions.make_host(Current(tabled, None, tally), sender=HOST_SEAT, player=None,
                               now=NOW).record.host is None


def test_options_are_merged_checked_and_fixed_during_play() -> None:
    current = Current(lobby("Ann"), None, tally)
    change = decisions.set_options(current, sender=HOST_SEAT, options={"target": 9}, now=NOW)
    assert change.record.options == {"target": 9}
    with pytest.raises(Exception) as caught:
        decisions.set_options(current, sender=HOST_SEAT, options={"target": 99}, now=NOW)
    assert getattr(caught.value, "code", None) == "bad_option"
    refused("not_in_lobby", decisions.set_options, playing("Ann"), sender=HOST_SEAT,
            options={}, now=NOW)


def test_another_game_keeps_the_seats_and_takes_its_defaults_or_keeps_the_same_games() -> None:
    qwirkle = GAMES["qwirkle"]
    current = playing("Ann", "Bob")
    done = replace(current, record=replace(current.record, phase="finished"))
    change = decisions.set_game(done, sender=HOST_SEAT, game=qwirkle, now=NOW)
    assert change.record.game == "qwirkle" and change.record.phase == "lobby"
    assert change.state is None and change.new_game and change.record.seats == done.record.seats
    again = decisions.set_game(done, sender=HOST_SEAT, game=tally, now=NOW)
    assert again.record.options == {"target": 5} and again.record.phase == "lobby"
    with pytest.raises(NoChange):
        decisions.set_game(Current(lobby("Ann"), None, tally), sender=HOST_SEAT, game=tally,
                           now=NOW)
    refused("not_in_lobby", decisions.set_game, current, sender=HOST_SEAT, game=qwirkle, now=NOW)
    crowd = Current(lobby("A", "B", "C"), None, tally)
    refused("too_many_players", decisions.set_game, crowd, sender=HOST_SEAT,
            game=replace(GAMES["qwirkle"], max_players=2), now=NOW)


def test_a_seat_goes_to_a_bot_and_back_only_to_its_person() -> None:
    current = playing("Ann", "Bob")
    change = decisions.seat_bot(current, sender=HOST_SEAT, player="p2", bot=True, now=NOW)
    assert change.record.seats[1].bot and change.record.seats[1].token_hash == "hash-Bob"
    with pytest.raises(NoChange):
        decisions.seat_bot(current, sender=HOST_SEAT, player="p2", bot=False, now=NOW)
    kicked = decisions.kick(current, sender=HOST_SEAT, player="p2", now=NOW)
    refused("not_a_human", decisions.seat_bot, Current(kicked.record, current.state, tally),
            sender=HOST_SEAT, player="p2", bot=False, now=NOW)


def test_a_new_room_is_hosted_by_its_seated_creator_or_its_table() -> None:
    seated = decisions.new_room(code="ABCD", game=tally, options={"target": 5}, name="Ann",
                                host_token_hash="h", address="a", epoch="e", now=NOW)
    assert seated.host == "p1" and seated.seats[0].token_hash == "h"
    assert seated.table_token_hash is None and seated.version == 1
    table = decisions.new_room(code="ABCD", game=tally, options={"target": 5}, name=None,
                               host_token_hash="h", address="a", epoch="e", now=NOW)
    assert table.host is None and table.table_token_hash == "h" and table.seats == ()


def test_change_is_a_frozen_value() -> None:
    change = Change(lobby("Ann"), None)
    with pytest.raises(AttributeError):
        change.state = 1  # type: ignore[misc]


def test_ending_a_game_goes_back_to_the_lobby_with_the_seats_and_options() -> None:
    current = playing("Ann", "Bob")
    change = decisions.end_game(current, sender=HOST_SEAT, now=NOW)
    assert change.record.phase == "lobby" and change.state is None and change.new_game
    assert change.record.seats == current.record.seats
    assert change.record.options == current.record.options and change.record.seed is None
    refused("not_playing", decisions.end_game, Current(lobby("Ann"), None, tally),
            sender=HOST_SEAT, now=NOW)
    refused("not_host", decisions.end_game, current, sender=Sender("p2"), now=NOW)
