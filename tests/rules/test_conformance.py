"""One conformance test over every registered game: seeded playouts to the end.

Random players (a random legal action of a random player the game waits for) and bot players
play whole games for every allowed player count. At every step every viewer's view (and the
public view) is rendered and JSON-encoded and is a :class:`~rules.base.PlayerView` (what the
browser shell reads: ``your_turn``, ``allowed``), ``to_act`` agrees with ``legal_actions`` and
with each view's ``allowed``, every action chosen is one the view allows and survives the JSON
round trip the server makes, nothing mutates its input, the outcome's reason is one the game
declares, and replaying the actions from the seed reproduces the final state.

Every step's move history line (``game.history``) is checked for every viewer too (in every
bot playout, and in random playouts with the fewest players): it is
plain data, every text in it is one that viewer's views show, and it tells a viewer nothing
their views do not: another legal action of the same player that leaves the viewer's view
the same must give the same line (so no hand, pending choice, vote or hidden card leaks).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import operator
import random
from typing import Annotated, Any

import pytest
from pydantic import Field, TypeAdapter

from rules import GAMES
from rules.base import HOST, AnyGame, Entry, PlayerView, RuleError, jsonable

MAX_STEPS = 20_000


def _action_adapter(game: AnyGame) -> TypeAdapter[Any]:
    if len(game.actions) == 1:
        return TypeAdapter(game.actions[0])
    union = functools.reduce(operator.or_, game.actions)
    return TypeAdapter(Annotated[union, Field(discriminator="kind")])


def _player_counts(game: AnyGame) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


CASES = [(gid, n) for gid, game in GAMES.items() for n in _player_counts(game)]


def _check_view(game: AnyGame, view: object) -> None:
    """``view`` is a :class:`PlayerView` in fact, not only in name: the types are right too."""
    assert isinstance(view, PlayerView), f"{type(view).__name__} lacks your_turn or allowed"
    assert type(view.your_turn) is bool, view.your_turn
    assert type(view.allowed) is tuple and all(type(k) is str for k in view.allowed)
    assert set(view.allowed) <= set(game.kinds) - game.host_actions, view.allowed


def _check_views(game: AnyGame, state: Any, players: list[str], waiting: frozenset[str]) -> None:
    for viewer in [None, *players]:
        view = game.view(state, viewer)
        json.dumps(jsonable(view))
        _check_view(game, view)
        if viewer is None:
            assert not view.allowed and not view.your_turn, "the public view may do nothing"
        else:
            assert bool(view.allowed) == (viewer in waiting), (viewer, view.allowed, waiting)
            assert view.your_turn == (viewer in waiting), (viewer, view.your_turn, waiting)
    for ruling in game.legal_actions(state, HOST):
        assert ruling.kind in game.host_actions, ruling


def _texts(data: object) -> set[str]:
    """Every string inside plain JSON data (keys included)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set(data) | {t for v in data.values() for t in _texts(v)}
    if isinstance(data, list):
        return {t for v in data for t in _texts(v)}
    return set()


def _check_history(game: AnyGame, before: Any, actor: str, action: Any, after: Any,
                   players: list[str], chooser: random.Random) -> None:
    """The history line of ``actor``'s ``action`` for every viewer: plain data, texts only from
    the viewer's views, and the same line for any other action the viewer cannot tell apart."""
    options = [a for a in game.legal_actions(before, actor) if a != action]
    other = chooser.choice(options) if options else None
    other_after = game.apply(before, actor, other) if other is not None else None
    for viewer in [None, *players]:
        entry = game.history(before, actor, action, after, viewer)
        if entry is None:
            continue
        assert isinstance(entry, Entry), entry
        line = jsonable(entry)
        json.dumps(line)
        shown = _texts(jsonable(game.view(before, viewer))) | _texts(
            jsonable(game.view(after, viewer))) | set(players)
        said = _texts(jsonable(list(entry.params.values())))
        assert said <= shown, (f"{game.id}: {viewer}'s history line names what their views "
                               f"do not show: {said - shown}", line)
        if other_after is not None and viewer != actor and \
                game.view(other_after, viewer) == game.view(after, viewer):
            assert game.history(before, actor, other, other_after, viewer) == entry, (
                f"{game.id}: {viewer}'s history line tells {action} from {other} although "
                f"their view does not", line)


def _play(game: AnyGame, n: int, seed: int, bots: bool) -> None:
    players = [f"p{i + 1}" for i in range(n)]
    chooser = random.Random(seed)
    state = game.start(players, seed)
    log: list[tuple[str, Any]] = []
    adapter = _action_adapter(game)
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        waiting = game.to_act(state)
        assert waiting, "an unfinished game must wait for someone"
        assert waiting <= set(players)
        _check_views(game, state, players, waiting)
        idle = [p for p in players if p not in waiting]
        for player in idle:
            assert game.legal_actions(state, player) == []
        actor = chooser.choice(sorted(waiting))
        allowed = game.view(state, actor).allowed
        if bots:
            action = game.bot_action(state, actor)
        else:
            options = game.legal_actions(state, actor)
            assert options, f"{actor} is awaited but has no legal action"
            assert {a.kind for a in options} <= set(allowed), (allowed, options)
            action = chooser.choice(options)
        assert action.kind in allowed, (action, allowed)
        wire = json.loads(json.dumps(jsonable(action)))
        assert adapter.validate_python(wire) == action, "the action must survive JSON"
        if idle:
            with pytest.raises(RuleError):
                game.apply(state, chooser.choice(idle), action)
        snapshot = copy.deepcopy(state)
        following = game.apply(state, actor, action)
        assert state == snapshot, "apply must not mutate its input"
        if bots or n == game.min_players:  # every bot game; random ones at one size (time)
            _check_history(game, state, actor, action, following, players, chooser)
        state = following
        log.append((actor, action))
    else:
        pytest.fail(f"{game.id} with {n} players did not end in {MAX_STEPS} steps")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.reason in game.reasons, outcome.reason
    assert set(outcome.scores) == set(players)
    assert outcome.winners and set(outcome.winners) <= set(players)
    best = max(outcome.scores.values())
    assert all(outcome.scores[w] == best for w in outcome.winners)
    json.dumps(jsonable(outcome))
    _check_views(game, state, players, frozenset())
    assert game.to_act(state) == frozenset()
    assert game.replay(players, seed, {}, log) == state, "replay must reproduce the game"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_playout_reaches_an_outcome(game_id: str, players: int) -> None:
    _play(GAMES[game_id], players, seed=1000 + players, bots=False)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_bot_playout_reaches_an_outcome(game_id: str, players: int) -> None:
    _play(GAMES[game_id], players, seed=2000 + players, bots=True)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_declares_a_sound_contract(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game_id
    assert game.title and game.blurb
    assert 1 <= game.min_players <= game.max_players
    assert game.kinds and game.host_actions <= set(game.kinds)
    assert game.reasons and all(type(r) is str for r in game.reasons)
    for option in game.options:
        assert option.check(option.default) == option.default
    defaults = {o.name: o.default for o in game.options}
    assert game.resolve_options({}) == defaults
    typed = dataclasses.asdict(game.typed_options({}))
    # Besides its options, only the field receiving a host's pictures (empty by default).
    assert {k: v for k, v in typed.items() if k in defaults} == defaults
    assert all(v == () for k, v in typed.items() if k not in defaults)
    assert len(typed) - len(defaults) == (game.picture_deck is not None)
    with pytest.raises(RuleError) as error:
        game.start([f"p{i}" for i in range(game.max_players + 1)], 1)
    assert error.value.code == "bad_player_count"
    with pytest.raises(RuleError) as error:
        game.start([f"p{i}" for i in range(game.min_players)], 1, {"no_such_option": 1})
    assert error.value.code == "unknown_option"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_seed_gives_the_same_start(game_id: str) -> None:
    game = GAMES[game_id]
    players = [f"p{i + 1}" for i in range(game.min_players)]
    assert game.start(players, 7) == game.start(players, 7)
