"""Hues and Cues: describe a colour in a word or two and score when the table finds it.

Vocabulary (rulebook terms; see ``../shared/rules/hues.md``):
- **cue giver**: the player describing this round's colour; the first seat starts and the
  role passes to the next seat each round. Everyone else is a **guesser**.
- **card**: four board squares the cue giver draws; they **pick** one as the **target**
  (with the ``free_pick`` option: any square of the board).
- **cue**: first a one-word cue, then a second cue of one or two words or a **skip**.
- **cone**: a guesser's marker on a square; each guesser places one after each cue (first
  guesses in seat order after the cue giver, second guesses in the reverse order), at most
  one cone per square.
- **frame**: the 3×3 squares round the target (cut off at the edges); the **ring** is the
  squares touching the frame from outside. Guessers score 3 on the target, 2 in the frame,
  1 in the ring; the cue giver scores 1 per cone in the frame (2 in a 3-player game).
- **results**: the phase after a round is scored; everyone sees the target, the frame and
  the points while the next cue giver looks at their new card. Their **pick** starts the
  next round (there is no separate "next" step: the pick is the first act of a round).
- **extra round**: after the planned rounds (each player gives cues twice with 3–6 players,
  once with 7+), a tie for the lead is settled by extra rounds in which the players sharing
  the lead give no cues, until one player leads alone. If every player shares the lead,
  everyone takes turns as usual; if the 100-card deck runs out, the tied leaders share the win.
  The room host may also **end the tie-break now** (``end_now``): the round under way is not
  scored and the tied leaders share the win.
- **rejection**: the room host (``HOST``) may reject the latest cue (a thing a program cannot
  judge, such as pointing at an object in the room). The cones placed after that cue go back
  to their owners, the cue does not count as used, and the cue giver gives another cue (or,
  for a rejected second cue, may skip); the same cue is then refused with ``cue_rejected``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from rules.base import (
    HOST,
    GameOver,
    IllegalMove,
    NotYourTurn,
    Outcome,
    PlayerId,
    UnknownThing,
    option,
    rank,
    rng,
)
from rules.hues import board, lexicon
from rules.hues.cues import check_cue, key

MIN_PLAYERS = 3
MAX_PLAYERS = 10
POINTS_ON_TARGET = 3
POINTS_IN_FRAME = 2
POINTS_IN_RING = 1
#: How many second cues the sample holds beside a skip, and first cues in all.
SAMPLE = 6


@dataclass(frozen=True)
class Options:
    """The variants a host may choose."""

    free_pick: bool = option(
        False, "The cue giver picks any square of the board instead of one of the four on a "
               "card (the rulebook's variant for younger players).")


#: Why a game ended: after the planned rounds, after extra rounds, or with the deck spent.
Reason = Literal["rounds_played", "tie_broken", "tie_unbroken", "tie_ended"]
REASONS: tuple[Reason, ...] = get_args(Reason)

Phase = Literal["pick", "cue", "guess1", "cue2", "guess2", "results"]


# --- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pick:
    """Cue giver: choose the target among the card's squares (any square with free_pick)."""

    square: str
    kind: Literal["pick"] = "pick"


@dataclass(frozen=True)
class GiveCue:
    """Cue giver: say the first cue (one word) or the second (one or two words)."""

    text: str
    kind: Literal["cue"] = "cue"


@dataclass(frozen=True)
class Skip:
    """Cue giver: give no second cue; the round is scored at once."""

    kind: Literal["skip"] = "skip"


@dataclass(frozen=True)
class Guess:
    """Guesser: place a cone on an empty square."""

    square: str
    kind: Literal["guess"] = "guess"


@dataclass(frozen=True)
class RejectCue:
    """Room host: reject the latest cue; its cones go back and the cue giver cues again."""

    kind: Literal["reject_cue"] = "reject_cue"


@dataclass(frozen=True)
class EndNow:
    """Room host, during extra rounds: stop the tie-break; the tied leaders share the win."""

    kind: Literal["end_now"] = "end_now"


Action = Pick | GiveCue | Skip | Guess | RejectCue | EndNow


# --- state -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cone:
    """A guess on the board: whose cone, which square, after which cue (1 or 2)."""

    player: PlayerId
    square: str
    guess: int


@dataclass(frozen=True)
class Scored:
    """A finished round as everyone saw it at scoring (points by seat)."""

    number: int
    cue_giver: PlayerId
    target: str
    cues: tuple[str, ...]
    cones: tuple[Cone, ...]
    points: tuple[int, ...]
    extra: bool


@dataclass(frozen=True)
class State:
    players: tuple[PlayerId, ...]
    seed: int
    free_pick: bool
    deck: tuple[tuple[str, ...], ...]  # hidden; card k is drawn for round k + 1
    giver: int  # seat of this round's cue giver (in "results": the next round's)
    phase: Phase
    target: str | None = None  # hidden until scoring
    cues: tuple[str, ...] = ()  # this round's cues
    cones: tuple[Cone, ...] = ()  # this round's cones, in the order placed
    used: tuple[str, ...] = ()  # every cue given in the game, in order
    rejected: tuple[str, ...] = ()  # every cue the host rejected, in order
    scores: tuple[int, ...] = ()
    history: tuple[Scored, ...] = ()
    finished: Reason | None = None

    def seat(self, player: PlayerId) -> int:
        return self.players.index(player)


# --- setup and derived queries ---------------------------------------------------------------

def planned_rounds(players: int) -> int:
    """Rounds before any tie-break: everyone cues twice with 3–6 players, once with 7+."""
    return players * 2 if players <= 6 else players


def setup(players: Sequence[PlayerId], seed: int, options: Options) -> State:
    """Deal the deck from the seed; the first seat is the first cue giver."""
    deck = board.deal(rng(seed, 0).shuffle)
    return State(players=tuple(players), seed=seed, free_pick=options.free_pick,
                 deck=deck, giver=0, phase="pick", scores=(0,) * len(players))


def round_number(state: State) -> int:
    return len(state.history) + 1


def card(state: State) -> tuple[str, ...]:
    """The cue giver's card this round (none with free_pick or once the game is over)."""
    if state.free_pick or state.finished:
        return ()
    return state.deck[len(state.history)]


def guess_order(state: State, guess: int) -> tuple[PlayerId, ...]:
    """Guessers in placing order: seat order after the cue giver, reversed for second guesses."""
    n = len(state.players)
    order = tuple(state.players[(state.giver + k) % n] for k in range(1, n))
    return order if guess == 1 else order[::-1]


def guess_phase(state: State) -> int:
    return {"guess1": 1, "guess2": 2}.get(state.phase, 0)


def current_guesser(state: State) -> PlayerId | None:
    guess = guess_phase(state)
    if not guess:
        return None
    placed = sum(1 for c in state.cones if c.guess == guess)
    return guess_order(state, guess)[placed]


def to_act(state: State) -> frozenset[PlayerId]:
    if state.finished:
        return frozenset()
    guesser = current_guesser(state)
    return frozenset({guesser if guesser is not None else state.players[state.giver]})


def allowed_kinds(state: State, player: PlayerId | None) -> tuple[str, ...]:
    """The action kinds ``player`` may send now (empty when the game waits for someone else)."""
    if state.finished or player is None or player not in to_act(state):
        return ()
    return {"pick": ("pick",), "results": ("pick",), "cue": ("cue",), "cue2": ("cue", "skip"),
            "guess1": ("guess",), "guess2": ("guess",)}[state.phase]


def leaders(state: State) -> tuple[PlayerId, ...]:
    best = max(state.scores)
    return tuple(p for p, s in zip(state.players, state.scores, strict=True) if s == best)


def barred(state: State) -> tuple[PlayerId, ...]:
    """Players who may not give cues now: the tied leaders, once the planned rounds are over."""
    if len(state.history) < planned_rounds(len(state.players)):
        return ()
    tied = leaders(state)
    return tied if 1 < len(tied) < len(state.players) else ()


# --- scoring ---------------------------------------------------------------------------------

def cone_points(target: str, square: str) -> int:
    """A guesser's points for one cone: 3 on the target, 2 in the frame, 1 in the ring."""
    return {0: POINTS_ON_TARGET, 1: POINTS_IN_FRAME, 2: POINTS_IN_RING}.get(
        board.distance(target, square), 0)


def round_points(players: Sequence[PlayerId], giver: int, target: str,
                 cones: Sequence[Cone]) -> tuple[int, ...]:
    """Points by seat for a round: each cone for its guesser, the frame count for the giver."""
    points = [0] * len(players)
    per_cone = 2 if len(players) == 3 else 1
    for cone in cones:
        points[players.index(cone.player)] += cone_points(target, cone.square)
        if board.distance(target, cone.square) <= 1:
            points[giver] += per_cone
    return tuple(points)


# --- apply -----------------------------------------------------------------------------------

def apply(state: State, player: PlayerId, action: Action) -> State:
    """Return the state after ``player`` acts; raise a RuleError if the rules forbid it."""
    if state.finished:
        raise GameOver(f"The game is over ({state.finished.replace('_', ' ')}).")
    if isinstance(action, RejectCue):
        if player != HOST:
            raise NotYourTurn("Only the room host may reject a cue.", "host_only")
        return _reject(state)
    if isinstance(action, EndNow):
        if player != HOST:
            raise NotYourTurn("Only the room host may end the tie-break.", "host_only")
        return _end_now(state)
    if player not in state.players:
        raise NotYourTurn(f"{player!r} is not playing this game.", "not_a_player")
    waiting = to_act(state)
    if player not in waiting:
        raise NotYourTurn(f"It is {min(waiting)}'s turn, not {player}'s.")
    if not isinstance(action, Pick | GiveCue | Skip | Guess):
        raise UnknownThing(f"Hues and Cues has no action {action!r}.", "unknown_action")
    if action.kind not in allowed_kinds(state, player):
        raise IllegalMove(
            f"You cannot {action.kind.replace('_', ' ')} now; the game waits for "
            f"{' or '.join(allowed_kinds(state, player))}.", "wrong_phase")
    if isinstance(action, Pick):
        return _pick(state, action.square)
    if isinstance(action, GiveCue):
        return _cue(state, action.text)
    if isinstance(action, Skip):
        return _score(state)
    return _guess(state, player, action.square)


def _pick(state: State, square: str) -> State:
    if not board.is_square(square):
        raise UnknownThing(f"There is no square {square!r} (rows A–P, columns 1–30).",
                           "unknown_square")
    if not state.free_pick and square not in card(state):
        raise IllegalMove(f"{square} is not on your card ({', '.join(card(state))}).",
                          "not_on_card")
    return replace(state, phase="cue", target=square)


def _cue(state: State, text: object) -> State:
    if not isinstance(text, str):
        raise IllegalMove(f"A cue is text, not {text!r}.", "empty_cue")
    second = state.phase == "cue2"
    shown = check_cue(text, second, {key(t) for t in state.used},
                      {key(t) for t in state.rejected})
    return replace(state, cues=state.cues + (shown,), used=state.used + (shown,),
                   phase="guess2" if second else "guess1")


def _guess(state: State, player: PlayerId, square: str) -> State:
    if not board.is_square(square):
        raise UnknownThing(f"There is no square {square!r} (rows A–P, columns 1–30).",
                           "unknown_square")
    for cone in state.cones:
        if cone.square == square:
            raise IllegalMove(f"{square} already holds {cone.player}'s cone.", "square_taken")
    guess = guess_phase(state)
    cones = state.cones + (Cone(player, square, guess),)
    new = replace(state, cones=cones)
    if sum(1 for c in cones if c.guess == guess) < len(state.players) - 1:
        return new
    return replace(new, phase="cue2") if guess == 1 else _score(new)


def _reject(state: State) -> State:
    """The host rejects the latest cue: its cones go back, it is not used, cue again."""
    if "reject_cue" not in host_kinds(state):
        raise IllegalMove("There is no cue to reject now.", "nothing_to_reject")
    second = state.phase == "guess2"
    cue = state.cues[-1]
    used = list(state.used)
    used.reverse()
    used.remove(cue)  # the latest use of it: this round's
    used.reverse()
    keep_guess = 1 if second else 0
    return replace(
        state, phase="cue2" if second else "cue", cues=state.cues[:-1],
        cones=tuple(c for c in state.cones if c.guess <= keep_guess),
        used=tuple(used), rejected=state.rejected + (cue,))


def in_tie_break(state: State) -> bool:
    """Whether extra rounds are being played: the planned rounds are over, the lead shared."""
    return (not state.finished and len(state.history) >= planned_rounds(len(state.players))
            and len(leaders(state)) > 1)


def _end_now(state: State) -> State:
    """The host ends the tie-break: the round under way is dropped, the leaders share."""
    if not in_tie_break(state):
        raise IllegalMove("There is no tie-break to end: the planned rounds are still on, or "
                          "one player leads alone.", "no_tie_break")
    return replace(state, finished="tie_ended", phase="results", target=None, cues=(),
                   cones=())


def _score(state: State) -> State:
    """Score the round; then end the game, or pass the cues on and show the results."""
    assert state.target is not None
    number = round_number(state)
    points = round_points(state.players, state.giver, state.target, state.cones)
    scored = Scored(number=number, cue_giver=state.players[state.giver], target=state.target,
                    cues=state.cues, cones=state.cones, points=points,
                    extra=number > planned_rounds(len(state.players)))
    scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    new = replace(state, history=state.history + (scored,), scores=scores, target=None,
                  cues=(), cones=(), phase="results")
    n = len(state.players)
    if len(new.history) < planned_rounds(n):
        return replace(new, giver=len(new.history) % n)
    if len(leaders(new)) == 1:
        return replace(new, finished="tie_broken" if scored.extra else "rounds_played")
    if len(new.history) >= board.DECK_SIZE:
        return replace(new, finished="tie_unbroken")
    barred_now = barred(new)
    giver = next(s for k in range(1, n + 1)
                 if state.players[s := (state.giver + k) % n] not in barred_now)
    return replace(new, giver=giver)


# --- the host and the outcome -------------------------------------------------------------------

def host_kinds(state: State) -> tuple[str, ...]:
    """What the room host may do now: reject the latest cue while it stands, end the
    tie-break while extra rounds are played."""
    if state.finished:
        return ()
    kinds = ("reject_cue",) if state.phase in ("guess1", "cue2", "guess2") else ()
    return (*kinds, "end_now") if in_tie_break(state) else kinds


def outcome(state: State) -> Outcome[Reason] | None:
    if not state.finished:
        return None
    scores = dict(zip(state.players, state.scores, strict=True))
    planned = planned_rounds(len(state.players))
    return Outcome(scores=scores, winners=rank(scores), reason=state.finished,
                   detail={"rounds": len(state.history),
                           "extra_rounds": max(0, len(state.history) - planned)})


# --- legal actions ---------------------------------------------------------------------------

def legal_actions(state: State, player: PlayerId) -> list[Action]:
    """Legal actions in a fixed order; cues are a sample (the lexicon's best names, all legal).

    The host may reject the latest cue and end a tie-break; ``legal_actions(state, HOST)``
    lists those it can do now.
    """
    if player == HOST:
        host: dict[str, Action] = {"reject_cue": RejectCue(), "end_now": EndNow()}
        return [host[kind] for kind in host_kinds(state)]
    allowed = allowed_kinds(state, player)
    if not allowed:
        return []
    if "pick" in allowed:
        squares = board.SQUARES if state.free_pick else card(state)
        return [Pick(s) for s in squares]
    if "guess" in allowed:
        taken = {c.square for c in state.cones}
        return [Guess(s) for s in board.SQUARES if s not in taken]
    assert state.target is not None
    actions: list[Action] = [GiveCue(c) for c in lexicon.good_cues(
        state.target, "skip" in allowed, state.cues, state.used, state.rejected, SAMPLE)]
    if "skip" in allowed:
        actions.append(Skip())
    return actions


def clock(state: State) -> str | None:
    """The turn clock running now: the cue giver's (picking and cueing), or a guesser's."""
    if state.finished:
        return None
    return "guess" if guess_phase(state) else "cue"
