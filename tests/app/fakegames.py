"""Two tiny games that exercise corners of the contract Qwirkle does not: an option, a host
action, an asset, and a game with a single action class (its parser is not a union).

Tally: players take turns adding 1–3 to a shared total; whoever reaches the target wins. Each
player also holds a private ``secret`` (their seat number squared) that only they may see. The
host may ``reset`` the total (a table ruling, sent as ``HOST``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from rules.base import (
    HOST,
    AnyGame,
    Asset,
    Game,
    GameOver,
    IllegalMove,
    NotYourTurn,
    Outcome,
    PlayerId,
    option,
)


@dataclass(frozen=True)
class Add:
    n: int
    kind: Literal["add"] = "add"


@dataclass(frozen=True)
class Reset:
    kind: Literal["reset"] = "reset"


@dataclass(frozen=True)
class Crash:
    """A bug on demand: applying it raises what no rule raises (tests of the crash path)."""

    note: str = ""
    kind: Literal["crash"] = "crash"


@dataclass(frozen=True)
class Garble:
    """A bug on demand: the state's text becomes a lone surrogate, which no socket can send."""

    kind: Literal["garble"] = "garble"


@dataclass(frozen=True)
class Options:
    target: int = option(10, "The total that wins.", minimum=2, maximum=50)


@dataclass(frozen=True)
class ClickerOptions:
    target: int = option(3, "The total that wins.", minimum=1, maximum=9)


Reason = Literal["target_reached"]


@dataclass(frozen=True)
class State:
    players: tuple[PlayerId, ...]
    total: int
    turn: int
    target: int
    winner: PlayerId | None = None
    said: str = ""


@dataclass(frozen=True)
class View:
    total: int
    target: int
    turn: PlayerId | None
    secret: int | None
    your_turn: bool
    allowed: tuple[str, ...]
    said: str = ""


def setup(players: Sequence[PlayerId], seed: int, options: Options | ClickerOptions) -> State:
    return State(tuple(players), 0, 0, options.target)


TallyAction = Add | Reset | Crash | Garble


def apply(state: State, player: PlayerId, action: TallyAction) -> State:
    if isinstance(action, Crash):
        raise ZeroDivisionError("a bug in the game")
    if isinstance(action, Garble):
        return replace(state, said="\ud800")
    if state.winner is not None:
        raise GameOver("The game is over.")
    if isinstance(action, Reset):
        if player != HOST:
            raise NotYourTurn("Only the host may reset the total.", "host_only")
        return replace(state, total=0)
    if player not in state.players or state.players[state.turn] != player:
        raise NotYourTurn(f"It is not {player}'s turn.")
    if not 1 <= action.n <= 3:
        raise IllegalMove(f"Add 1, 2 or 3, not {action.n}.", "bad_amount")
    total = state.total + action.n
    winner = player if total >= state.target else None
    return replace(state, total=total, turn=(state.turn + 1) % len(state.players),
                   winner=winner)


def view(state: State, viewer: PlayerId | None) -> View:
    seat = state.players.index(viewer) if viewer in state.players else None
    mine = seat is not None and state.winner is None and seat == state.turn
    return View(state.total, state.target,
                None if state.winner else state.players[state.turn],
                (seat + 1) ** 2 if seat is not None else None, mine, ("add",) if mine else (),
                state.said)


def outcome(state: State) -> Outcome[Reason] | None:
    if state.winner is None:
        return None
    return Outcome({p: int(p == state.winner) for p in state.players}, (state.winner,),
                   "target_reached")


def legal_actions(state: State, player: PlayerId) -> list[Add]:
    if state.winner or state.players[state.turn] != player:
        return []
    return [Add(1), Add(2), Add(3)]


def to_act(state: State) -> frozenset[PlayerId]:
    return frozenset() if state.winner else frozenset({state.players[state.turn]})


def asset(name: str) -> Asset | None:
    if name == "board.svg":
        return Asset("image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"/>')
    return None


tally: Game[State, TallyAction, View, Options, Reason] = Game(
    id="tally", title="Tally", blurb="Add up to three; reach the target first.",
    min_players=1, max_players=3, options_type=Options,
    actions=(Add, Reset, Crash, Garble),
    reasons=get_args(Reason), setup=setup, apply=apply, view=view, outcome=outcome,
    legal_actions=legal_actions, bot_action=lambda state, player: Add(1), to_act=to_act,
    host_actions=frozenset({"reset"}), asset=asset,
)


def _apply_add_only(state: State, player: PlayerId, action: Add) -> State:
    if not isinstance(action, Add):
        raise IllegalMove("Only adding.", "bad_action")
    return apply(state, player, action)


clicker: Game[State, Add, View, ClickerOptions, Reason] = Game(
    id="clicker", title="Clicker", blurb="Tally with one action type.",
    min_players=1, max_players=2, options_type=ClickerOptions, actions=(Add,),
    reasons=get_args(Reason), setup=setup, apply=_apply_add_only, view=view, outcome=outcome,
    legal_actions=legal_actions, bot_action=lambda state, player: Add(1), to_act=to_act,
)

FAKE_GAMES: dict[str, AnyGame] = {"tally": tally, "clicker": clicker}
