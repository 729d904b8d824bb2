"""What one viewer may know of a Dixit game, built field by field (deny by default).

- Your hand is yours alone; the public view (``None``) has none.
- Before the reveal nobody sees a played card but their own (the storyteller sees theirs).
- After the reveal the cards are laid out by position in the drawn order (independent of who
  played what, or when); ``yours`` is set only in your own view. Owners stay hidden.
- Until the last vote only *who* has voted is shown (and, to you, your own vote); once
  everyone has voted the round is scored and owners, votes and points are shown, in
  ``table`` and ``last_round``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.base import PlayerId
from rules.dixit.engine import (
    PHRASE_MAX,
    End,
    Reason,
    Round,
    State,
    allowed_kinds,
    storyteller,
    to_act,
    voters,
)


@dataclass(frozen=True)
class TableCard:
    """A revealed card as this viewer sees it; owner, story and voters only once scored."""

    position: int  # 1, 2, … from the left
    card: str
    yours: bool
    votable: bool  # this viewer may vote for it now
    owner: PlayerId | None = None
    story: bool | None = None
    voters: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class View:
    players: tuple[PlayerId, ...]
    you: PlayerId | None
    deck: str
    phase: str  # "tell", "submit", "vote", "scored" or "over"
    round: int
    storyteller: PlayerId | None  # who tells this round (between rounds: the next one)
    phrase: str | None
    phrase_max: int
    hand: tuple[str, ...]
    told: str | None  # your card as storyteller this round
    submitted_cards: tuple[str, ...]  # the card(s) you submitted this round
    submit_count: int
    submitted: tuple[PlayerId, ...]  # who has played a card this round, in seat order
    table: tuple[TableCard, ...]
    votes_allowed: int
    voted: tuple[PlayerId, ...]  # who has voted, in seat order
    your_votes: tuple[str, ...]
    scores: Mapping[PlayerId, int]
    last_round: Round | None
    pile: int
    discards: int
    end: End
    target: int | None
    rounds: int | None
    your_turn: bool
    allowed: tuple[str, ...]
    finished: Reason | None


def view(state: State, viewer: PlayerId | None) -> View:
    """What ``viewer`` may know (``None``, or anyone not seated, sees the public view)."""
    you = viewer if viewer in state.players else None
    seat = state.seat(you) if you is not None else None
    phase = state.phase
    in_round = phase in ("submit", "vote", "scored", "over") and bool(state.played)
    teller = storyteller(state)
    round_teller = state.last.storyteller if phase in ("scored", "over") and state.last else teller
    mine = state.played[seat] if in_round and seat is not None else ()
    allowed = allowed_kinds(state, you)
    scored = phase in ("scored", "over") and state.last is not None
    table: tuple[TableCard, ...] = ()
    if scored and state.last is not None:
        table = tuple(TableCard(p.position, p.card, p.card in mine, False, p.owner, p.story,
                                p.voters) for p in state.last.table)
    elif phase == "vote":
        can_vote = "vote" in allowed
        table = tuple(TableCard(i + 1, card, card in mine, can_vote and card not in mine)
                      for i, card in enumerate(state.table))
    in_play = phase in ("submit", "vote")
    return View(
        players=state.players,
        you=you,
        deck=state.deck.name,
        phase=phase,
        round=state.round,
        storyteller=teller if phase != "over" else None,
        phrase=state.phrase if in_play or scored else None,
        phrase_max=PHRASE_MAX,
        hand=state.hands[seat] if seat is not None else (),
        told=mine[0] if mine and you == round_teller else None,
        submitted_cards=mine if you != round_teller else (),
        submit_count=state.rules.submit,
        submitted=tuple(p for i, p in enumerate(state.players)
                        if in_play and state.played[i] and p != teller),
        table=table,
        votes_allowed=state.rules.votes,
        voted=tuple(p for p in voters(state) if phase == "vote" and state.votes[state.seat(p)]),
        your_votes=state.votes[seat] if phase == "vote" and seat is not None else (),
        scores=dict(zip(state.players, state.scores, strict=True)),
        last_round=state.last,
        pile=len(state.pile),
        discards=len(state.discards),
        end=state.rules.end,
        target=state.rules.target,
        rounds=state.rules.rounds,
        your_turn=you is not None and you in to_act(state),
        allowed=allowed,
        finished=state.finished,
    )
