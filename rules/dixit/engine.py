"""Dixit's rules: telling, submitting, revealing, voting, scoring, refilling and ending.

A round goes through phases: ``tell`` (only at the start of the game) or ``scored`` (the
previous round's results are on show) → the storyteller's Tell → ``submit`` (everyone else,
in any order) → the reveal → ``vote`` (everyone but the storyteller, in any order) → scoring
and refills → ``scored`` again, or ``over``. There is no separate "next round" step: the
next storyteller telling their phrase is what starts the next round, so the results stay on
show while they think (and stay in the view as ``last_round`` during the next round).

A vote is final once cast, as a token laid face down would be: a player who has voted is not
awaited any more, so the room never waits on, or races with, a change of mind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal, get_args

from rules.base import (
    BadSetup,
    GameOver,
    IllegalMove,
    NotYourTurn,
    OptionValue,
    Outcome,
    Picture,
    PlayerId,
    UnknownThing,
    option,
    pictures_field,
    rank,
    rng,
)
from rules.dixit.custom import custom_deck, needed
from rules.dixit.deck import Deck
from rules.dixit.decks import DAYDREAMS
from rules.dixit.words import clues

HAND_SIZE = 6
THREE_PLAYER_HAND = 7
LARGE_TABLE = 7  # from this many players on, the large-table rules apply
BONUS_CAP = 3  # large table: most points a player scores from votes on their cards
PHRASE_MAX = 200

# --- options and how a game ends -------------------------------------------------------------

#: When the game ends: the pile runs out, someone reaches the target, or after some turns each.
End = Literal["pile", "points", "turns"]
ENDS: tuple[End, ...] = get_args(End)


@dataclass(frozen=True)
class Options:
    """The variants a host may choose."""

    end: End = option(
        "pile",
        "When the game ends: when the draw pile runs out (pile; with 7 or more players the "
        "discards are reshuffled, so it ends once everyone has told once), when someone "
        "reaches the target score (points), or after a number of storyteller turns each "
        "(turns).", choices=ENDS)
    target: int = option(30, "The score that ends the game, when it ends on points.",
                         minimum=10, maximum=100)
    turns_each: int = option(2, "Storyteller turns each, when the game ends after turns.",
                             minimum=1, maximum=6)
    four_points: bool = option(
        False,
        "With 3 players: the storyteller and the finder score 4 instead of 3 when exactly "
        "one voter finds the storyteller's card.")
    pictures: str = option(
        "", "The host's own deck of pictures, set by uploading them in the lobby (empty: only "
            "ours).")
    mix: bool = option(True, "With the host's own pictures: mix ours in too (off: only "
                             "theirs, and the game needs enough of them).")
    #: The host's pictures, filled in by the app from the deck ``pictures`` names.
    deck_pictures: tuple[Picture, ...] = pictures_field()


#: Why a game ended, one per way of ending (the pile ran out, the target, the turns).
Reason = Literal["pile_empty", "target_reached", "turns_done"]
REASONS: tuple[Reason, ...] = get_args(Reason)


# --- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tell:
    """The storyteller picks a card from their hand and says a phrase about it."""

    card: str
    phrase: str
    kind: Literal["tell"] = "tell"


@dataclass(frozen=True)
class Submit:
    """Give the storyteller your card(s) for the phrase, face down (two with 3 players)."""

    cards: tuple[str, ...]
    kind: Literal["submit"] = "submit"


@dataclass(frozen=True)
class Vote:
    """Vote for the card you think is the storyteller's (a second vote with 7+ players)."""

    cards: tuple[str, ...]
    kind: Literal["vote"] = "vote"


Action = Tell | Submit | Vote


# --- state -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """The options and player count turned into the numbers the rules use."""

    hand: int
    submit: int  # cards each other player submits
    votes: int  # most votes a voter may place
    bonus_cap: int | None  # most points from votes on your cards, if capped
    single_vote_bonus: bool  # a voter who used one vote and found the card scores 1 more
    four_points: bool
    reshuffle: bool  # refill from the shuffled discards when the pile runs dry
    end: End
    target: int | None  # the score that ends the game
    rounds: int | None  # the number of rounds that ends the game


@dataclass(frozen=True)
class Played:
    """A card on the table once the round is scored: whose it was and who voted for it."""

    position: int
    card: str
    owner: PlayerId
    story: bool
    voters: tuple[PlayerId, ...]


@dataclass(frozen=True)
class Round:
    """A scored round, public to everyone."""

    number: int
    storyteller: PlayerId
    phrase: str
    card: str  # the storyteller's
    table: tuple[Played, ...]
    votes: Mapping[PlayerId, tuple[str, ...]]
    found: tuple[PlayerId, ...]  # voters who found the storyteller's card, in seat order
    case: str  # "all_found", "none_found" or "some_found"
    points: Mapping[PlayerId, int]


@dataclass(frozen=True)
class State:
    players: tuple[PlayerId, ...]
    seed: int
    rules: Rules
    deck: Deck
    pile: tuple[str, ...]  # drawn from the end
    discards: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]  # by seat
    scores: tuple[int, ...]
    round: int  # the round being played, or just scored (from 1)
    phase: str  # "tell", "submit", "vote", "scored" or "over"
    draws: int  # random events so far (the rng counter)
    phrase: str = ""
    played: tuple[tuple[str, ...], ...] = ()  # by seat: the card(s) told or submitted
    table: tuple[str, ...] = ()  # the revealed cards, in their drawn order
    votes: tuple[tuple[str, ...], ...] = ()  # by seat
    last: Round | None = None
    finished: Reason | None = None

    def seat(self, player: PlayerId) -> int:
        return self.players.index(player)


# --- set-up and derived queries --------------------------------------------------------------

def make_rules(n: int, options: Options) -> Rules:
    """The rules for ``n`` players under ``options`` (3 players and 7+ have their variants)."""
    large = n >= LARGE_TABLE
    end = options.end
    rounds = None
    if end == "turns":
        rounds = options.turns_each * n
    elif end == "pile" and large:
        rounds = n  # the reshuffled discards never run out: everyone tells once
    return Rules(
        hand=THREE_PLAYER_HAND if n == 3 else HAND_SIZE,
        submit=2 if n == 3 else 1,
        votes=2 if large else 1,
        bonus_cap=BONUS_CAP if large else None,
        single_vote_bonus=large,
        four_points=n == 3 and options.four_points,
        reshuffle=large or end == "turns",
        end=end,
        target=options.target if end == "points" else None,
        rounds=rounds,
    )


def pictures_needed(players: int, options: Mapping[str, OptionValue]) -> int:
    """How many of the host's own pictures a game of ``players`` needs (0 when ours are
    mixed in: then any number will do)."""
    if options.get("mix", True):
        return 0
    n = min(max(players, 3), 12)
    rules = make_rules(n, Options())
    return needed(n, rules.hand, 1 + (n - 1) * rules.submit)


def deck_for(options: Options) -> Deck:
    """The built-in deck, or the host's pictures (with ours mixed in, if chosen)."""
    if not options.pictures:
        return DAYDREAMS
    if not options.deck_pictures:
        raise BadSetup("The pictures of this deck are not available any more.",
                       "deck_unavailable")
    return custom_deck(options.deck_pictures, options.mix)


def setup(players: Sequence[PlayerId], seed: int, options: Options) -> State:
    """Shuffle the deck and deal a hand to each player; the first seat tells first."""
    rules = make_rules(len(players), options)
    deck = deck_for(options)
    need = pictures_needed(len(players), {"mix": options.mix})
    if options.pictures and len(options.deck_pictures) < need:
        raise BadSetup(f"{len(players)} players need at least {need} pictures; this deck has "
                       f"{len(options.deck_pictures)}.", "not_enough_pictures")
    pile = list(deck.ids)
    rng(seed, 0).shuffle(pile)
    hands = []
    for _ in players:
        hands.append(tuple(pile[-rules.hand:]))
        del pile[-rules.hand:]
    return State(
        players=tuple(players), seed=seed, rules=rules, deck=deck, pile=tuple(pile),
        discards=(), hands=tuple(hands), scores=(0,) * len(players), round=1, phase="tell",
        draws=1,
    )


def storyteller(state: State) -> PlayerId:
    """Who tells this round, or, between rounds, who tells the next one."""
    n = len(state.players)
    return state.players[(state.round if state.phase == "scored" else state.round - 1) % n]


def voters(state: State) -> tuple[PlayerId, ...]:
    teller = storyteller(state)
    return tuple(p for p in state.players if p != teller)


def to_act(state: State) -> frozenset[PlayerId]:
    """Who the game waits for: the storyteller, then every submitter, then every voter."""
    if state.phase in ("tell", "scored"):
        return frozenset({storyteller(state)})
    if state.phase == "submit":
        return frozenset(p for p in voters(state) if not state.played[state.seat(p)])
    if state.phase == "vote":
        return frozenset(p for p in voters(state) if not state.votes[state.seat(p)])
    return frozenset()


def allowed_kinds(state: State, player: PlayerId | None) -> tuple[str, ...]:
    """The action kinds ``player`` may send now."""
    if player is None or player not in to_act(state):
        return ()
    return {"tell": ("tell",), "scored": ("tell",), "submit": ("submit",),
            "vote": ("vote",)}[state.phase]


def owner_of(state: State) -> dict[str, PlayerId]:
    """Who played each card this round."""
    return {card: state.players[seat] for seat, cards in enumerate(state.played)
            for card in cards}


# --- apply -----------------------------------------------------------------------------------

def apply(state: State, player: PlayerId, action: Action) -> State:
    """Return the state after ``player`` acts; raise a RuleError if the rules forbid it."""
    if state.finished:
        raise GameOver(f"The game is over ({state.finished.replace('_', ' ')}).")
    if player not in state.players:
        raise NotYourTurn(f"{player!r} is not playing this game.", "not_a_player")
    known = state.deck.by_id
    if isinstance(action, Tell):
        return _tell(state, player, action, known)
    if isinstance(action, Submit):
        return _submit(state, player, action, known)
    if isinstance(action, Vote):
        return _vote(state, player, action, known)
    raise UnknownThing(f"Dixit has no action {action!r}.", "unknown_action")


def _check_cards(cards: Sequence[str], known: Mapping[str, object]) -> None:
    for card in cards:
        if card not in known:
            raise UnknownThing(f"There is no card {card!r} in this deck.", "unknown_card")


def normal_phrase(phrase: str) -> str:
    """The phrase as it is kept and shown: trimmed, with runs of white space made one space."""
    return " ".join(phrase.split())


def _tell(state: State, player: PlayerId, action: Tell, known: Mapping[str, object]) -> State:
    if state.phase not in ("tell", "scored"):
        raise IllegalMove(f"The phrase for round {state.round} has already been told.",
                          "wrong_phase")
    teller = storyteller(state)
    if player != teller:
        raise NotYourTurn(f"It is {teller}'s turn to tell, not {player}'s.")
    _check_cards([action.card], known)
    seat = state.seat(player)
    if action.card not in state.hands[seat]:
        raise IllegalMove(f"Card {action.card} is not in your hand.", "card_not_in_hand")
    phrase = normal_phrase(action.phrase)
    if not phrase:
        raise IllegalMove("Say something: the phrase cannot be empty.", "empty_phrase")
    if len(phrase) > PHRASE_MAX:
        raise IllegalMove(f"A phrase may have at most {PHRASE_MAX} characters, not "
                          f"{len(phrase)}.", "phrase_too_long")
    n = len(state.players)
    played: list[tuple[str, ...]] = [()] * n
    played[seat] = (action.card,)
    return replace(
        state, phase="submit", round=state.round + (state.phase == "scored"), phrase=phrase,
        hands=_without(state.hands, seat, [action.card]), played=tuple(played), table=(),
        votes=((),) * n,
    )


def _without(hands: tuple[tuple[str, ...], ...], seat: int, cards: Sequence[str]
             ) -> tuple[tuple[str, ...], ...]:
    new = list(hands)
    new[seat] = tuple(c for c in hands[seat] if c not in cards)
    return tuple(new)


def _submit(state: State, player: PlayerId, action: Submit, known: Mapping[str, object]) -> State:
    if state.phase != "submit":
        raise IllegalMove(f"Cards are submitted after the phrase and before the vote; the "
                          f"table is at the {state.phase} step now.", "wrong_phase")
    seat = state.seat(player)
    if player == storyteller(state):
        raise NotYourTurn("The storyteller has already played their card.",
                          "storyteller_cannot_submit")
    if state.played[seat]:
        raise NotYourTurn(f"You have already submitted {' and '.join(state.played[seat])}.",
                          "already_submitted")
    cards = action.cards
    need = state.rules.submit
    if len(cards) != need:
        raise IllegalMove(f"Submit exactly {need} card{'s' if need > 1 else ''}, not "
                          f"{len(cards)}.", "wrong_card_count")
    if len(set(cards)) != len(cards):
        raise IllegalMove(f"Submit two different cards, not {cards[0]} twice.", "duplicate_card")
    _check_cards(cards, known)
    for card in cards:
        if card not in state.hands[seat]:
            raise IllegalMove(f"Card {card} is not in your hand.", "card_not_in_hand")
    played = list(state.played)
    played[seat] = tuple(cards)
    new = replace(state, played=tuple(played), hands=_without(state.hands, seat, cards))
    if all(new.played[new.seat(p)] for p in voters(new)):
        return _reveal(new)
    return new


def _reveal(state: State) -> State:
    """Lay the cards out in an order drawn from the seed (never submission or seat order)."""
    cards = sorted(c for cards in state.played for c in cards)
    rng(state.seed, state.draws).shuffle(cards)
    return replace(state, table=tuple(cards), phase="vote", draws=state.draws + 1)


def _vote(state: State, player: PlayerId, action: Vote, known: Mapping[str, object]) -> State:
    if state.phase != "vote":
        raise IllegalMove(f"Votes are cast once the cards are revealed; the table is at the "
                          f"{state.phase} step now.", "wrong_phase")
    seat = state.seat(player)
    if player == storyteller(state):
        raise NotYourTurn("The storyteller does not vote.", "storyteller_cannot_vote")
    if state.votes[seat]:
        raise NotYourTurn(f"You have already voted for {' and '.join(state.votes[seat])}.",
                          "already_voted")
    cards = action.cards
    most = state.rules.votes
    if not cards:
        raise IllegalMove("Vote for a card.", "no_vote")
    if len(cards) > most:
        raise IllegalMove(f"You may place at most {most} vote{'s' if most > 1 else ''}, not "
                          f"{len(cards)}.", "too_many_votes")
    if len(set(cards)) != len(cards):
        raise IllegalMove(f"Your second vote must go on a different card, not {cards[0]} "
                          f"again.", "duplicate_vote")
    _check_cards(cards, known)
    for card in cards:
        if card not in state.table:
            raise IllegalMove(f"Card {card} is not on the table.", "card_not_on_table")
        if card in state.played[seat]:
            raise IllegalMove(f"You cannot vote for your own card ({card}).", "own_card")
    votes = list(state.votes)
    votes[seat] = tuple(cards)
    new = replace(state, votes=tuple(votes))
    if all(new.votes[new.seat(p)] for p in voters(new)):
        return _score(new)
    return new


# --- scoring, refills and the end ------------------------------------------------------------

def score_round(rules: Rules, teller: PlayerId, owners: Mapping[str, PlayerId],
                votes: Mapping[PlayerId, Sequence[str]]) -> tuple[dict[PlayerId, int], str]:
    """Points each player scores this round, and which case it was.

    ``owners`` maps every card on the table to its player; ``votes`` maps every voter to the
    cards they voted for. All or none found: the storyteller 0, the others 2. Otherwise the
    storyteller and each finder 3 (4 under the 3-player option). Then everyone but the
    storyteller scores 1 per vote on their cards (capped with 7+ players, where a finder who
    used a single vote also scores 1 more).
    """
    story = next(card for card, owner in owners.items() if owner == teller)
    players = list(dict.fromkeys([teller, *owners.values(), *votes]))
    points = dict.fromkeys(players, 0)
    found = [v for v, cards in votes.items() if story in cards]
    if len(found) in (0, len(votes)):
        case = "all_found" if found else "none_found"
        for player in players:
            if player != teller:
                points[player] += 2
    else:
        case = "some_found"
        reward = 4 if rules.four_points and len(found) == 1 else 3
        points[teller] += reward
        for player in found:
            points[player] += reward
    bonus = dict.fromkeys(players, 0)
    for cards in votes.values():
        for card in cards:
            owner = owners[card]
            if owner != teller:
                bonus[owner] += 1
    for player, extra in bonus.items():
        points[player] += extra if rules.bonus_cap is None else min(extra, rules.bonus_cap)
    if rules.single_vote_bonus:
        for player in found:
            if len(votes[player]) == 1:
                points[player] += 1
    return points, case


def _score(state: State) -> State:
    teller = storyteller(state)
    owners = owner_of(state)
    seats = {p: i for i, p in enumerate(state.players)}
    votes = {p: state.votes[seats[p]] for p in voters(state)}
    points, case = score_round(state.rules, teller, owners, votes)
    story = state.played[seats[teller]][0]
    table = tuple(
        Played(i + 1, card, owners[card], card == story,
               tuple(p for p in state.players if card in votes.get(p, ())))
        for i, card in enumerate(state.table))
    result = Round(
        number=state.round, storyteller=teller, phrase=state.phrase, card=story, table=table,
        votes=votes,
        found=tuple(p for p in state.players if story in votes.get(p, ())), case=case,
        points={p: points.get(p, 0) for p in state.players},
    )
    scores = tuple(s + points.get(p, 0) for p, s in zip(state.players, state.scores, strict=True))
    new = replace(state, scores=scores, last=result, discards=state.discards + state.table,
                  phase="scored")
    new, ran_out = _refill(new)
    rules = new.rules
    finished: Reason | None = None
    if ran_out:
        finished = "pile_empty"
    elif rules.target is not None and max(scores) >= rules.target:
        finished = "target_reached"
    elif rules.rounds is not None and new.round >= rules.rounds:
        finished = "turns_done"
    if finished:
        return replace(new, phase="over", finished=finished)
    return new


def _refill(state: State) -> tuple[State, bool]:
    """Draw everyone back up to a full hand, in seat order.

    Without reshuffling, the game ends on the refill that draws the pile's last card or finds
    it short (the seed's rule: it ends when someone takes the last card). With reshuffling
    (7+ players, or a game played over a number of turns) the discards become a new pile.
    """
    rules = state.rules
    need = sum(rules.hand - len(h) for h in state.hands)
    pile = list(state.pile)
    discards = list(state.discards)
    draws = state.draws
    ran_out = not rules.reshuffle and need >= len(pile)
    hands = []
    for hand in state.hands:
        cards = list(hand)
        while len(cards) < rules.hand:
            if not pile:
                if not rules.reshuffle or not discards:
                    break
                pile = sorted(discards)
                rng(state.seed, draws).shuffle(pile)
                draws += 1
                discards = []
            cards.append(pile.pop())
        hands.append(tuple(cards))
    return replace(state, hands=tuple(hands), pile=tuple(pile), discards=tuple(discards),
                   draws=draws), ran_out


def outcome(state: State) -> Outcome[Reason] | None:
    if not state.finished:
        return None
    scores = dict(zip(state.players, state.scores, strict=True))
    return Outcome(scores=scores, winners=rank(scores), reason=state.finished,
                   detail={"rounds": state.round})


# --- legal actions ---------------------------------------------------------------------------

def legal_actions(state: State, player: PlayerId) -> list[Action]:
    """Every legal submission and vote, in a fixed order; for the free-text phrase a sample:
    for each card in hand, two clues about it (its main motif and a mood)."""
    if player not in to_act(state):
        return []
    seat = state.seat(player)
    hand = state.hands[seat]
    if state.phase in ("tell", "scored"):
        deck = state.deck
        actions: list[Action] = []
        for card in hand:
            ideas = clues(deck.by_id[card])
            chosen = [ideas[0], next((c for c in ideas if c.kind == "mood"), ideas[-1])]
            actions += [Tell(card, clue.text) for clue in dict.fromkeys(chosen)]
        return actions
    if state.phase == "submit":
        return [Submit(cards) for cards in combinations(hand, state.rules.submit)]
    own = state.played[seat]
    choices = [c for c in state.table if c not in own]
    votes: list[Action] = [Vote((c,)) for c in choices]
    if state.rules.votes == 2:
        votes += [Vote(pair) for pair in combinations(choices, 2)]
    return votes


def clock(state: State) -> str | None:
    """The turn clock running now: the storyteller's, or the one of giving and voting."""
    if state.phase in ("tell", "scored"):
        return "tell"
    return "play" if state.phase in ("submit", "vote") else None
