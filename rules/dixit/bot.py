"""Bots that play Dixit from what their player may know: their own view and the deck's data.

- **storyteller**: for every card in hand and every clue about it (:func:`words.clues`), the
  bot estimates how likely one voter is to find the card: the card's fit against the best fit
  each other player could hold among the cards it has not seen. It aims between "everyone
  finds it" and "nobody does", and picks among the best few clues at random, so it is not
  always the obvious one.
- **submitter**: the hand card(s) that best fit the phrase.
- **voter**: a revealed card other than its own, drawn with a preference for the best fit (a
  voter is not a perfect reader); with 7+ players it adds a second vote when that pays.

A bot's randomness is seeded from its own view, so it never depends on hidden state.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb

from rules.base import NotYourTurn, PlayerId, rng
from rules.dixit.deck import Deck
from rules.dixit.engine import Action, State, Submit, Tell, Vote
from rules.dixit.view import View, view
from rules.dixit.words import clues, fit, tags, words

#: How sharply a voter prefers the best-fitting card (lower: sharper).
TEMPERATURE = 2.5
#: How many of the storyteller's best clues it chooses among.
SHORTLIST = 4
#: A second vote goes on a card at least 1 / SECOND_VOTE as likely as the first one.
SECOND_VOTE = 3


class _Gen:
    """The seeded generator's two draws the bots use (typed without importing ``random``)."""

    def __init__(self, seed: int) -> None:
        self._rng = rng(seed, 0)

    def random(self) -> float:
        return self._rng.random()

    def choice_weighted(self, items: Sequence[int], weights: Sequence[float]) -> int:
        total = sum(weights)
        pick = self._rng.random() * total
        for item, weight in zip(items, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return item
        return items[-1]


@lru_cache(maxsize=8)
def deck_tags(deck: Deck) -> Mapping[str, Mapping[str, int]]:
    """Every card's tags, computed once per deck (the deck is immutable data)."""
    return {card.id: tags(card) for card in deck.cards}


@lru_cache(maxsize=4096)
def deck_fits(deck: Deck, phrase: str) -> Mapping[str, int]:
    """How well ``phrase`` fits every card of ``deck`` (clues repeat, so this is cached)."""
    said = words(phrase)
    return {card: fit(card_tags, said) for card, card_tags in deck_tags(deck).items()}


def _seed(v: View) -> int:
    known = "|".join([str(v.you), str(v.round), ",".join(v.hand), v.phrase or "",
                      ",".join(c.card for c in v.table)])
    return int.from_bytes(hashlib.blake2b(known.encode(), digest_size=8).digest(), "big")


def bot_action(state: State, player: PlayerId) -> Action:
    """A sensible move for ``player``, decided from ``player``'s view and the deck (which
    pictures exist is public) only."""
    return decide(view(state, player), state.deck)


def decide(v: View, deck: Deck) -> Action:
    """The bot's move given only what its player sees."""
    gen = _Gen(_seed(v))
    if "tell" in v.allowed:
        return _tell(v, deck, gen)
    if "submit" in v.allowed:
        return _submit(v, deck, gen)
    if "vote" in v.allowed:
        return _vote(v, deck, gen)
    raise NotYourTurn(f"The game is not waiting for {v.you}.")


def find_chance(story_fit: int, decoys: int, decoy_fits: Sequence[int], hand: int) -> float:
    """The chance one voter picks the story card among ``decoys`` other cards.

    Each decoy is taken as the best of ``hand`` cards drawn from ``decoy_fits`` (the fits of
    the cards the storyteller has not seen); a voter picks a card with weight
    ``exp(fit / TEMPERATURE)``.
    """
    unseen = len(decoy_fits)
    if decoys <= 0:
        return 1.0
    if unseen == 0:
        return 1.0
    hand = min(hand, unseen)
    total = comb(unseen, hand)
    expected = 0.0
    counts = Counter(decoy_fits)
    below = 0  # cards with a fit below the current value
    for value in sorted(counts):
        at_most = below + counts[value]
        p_max = (comb(at_most, hand) - comb(below, hand)) / total
        expected += p_max * math.exp(value / TEMPERATURE)
        below = at_most
    mine = math.exp(story_fit / TEMPERATURE)
    return mine / (mine + decoys * expected)


def _tell(v: View, deck: Deck, gen: _Gen) -> Tell:
    unseen = [c for c in deck.ids if c not in v.hand]
    voter_count = len(v.players) - 1
    decoys = (voter_count - 1) * v.submit_count  # the others' cards a voter can vote for
    options: list[tuple[float, str, str]] = []
    for card in v.hand:
        for clue in clues(deck.by_id[card]):
            fits = deck_fits(deck, clue.text)
            mine = fits[card]
            if mine <= 0:
                continue
            p = find_chance(mine, decoys, [fits[c] for c in unseen], len(v.hand))
            if v.votes_allowed > 1:
                p = 1 - (1 - p) ** 2  # a voter may place a second vote
            expected = 3 * (1 - p ** voter_count - (1 - p) ** voter_count)
            options.append((expected, card, clue.text))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    shortlist = options[:SHORTLIST]
    index = gen.choice_weighted(list(range(len(shortlist))),
                                [max(o[0], 0.01) for o in shortlist])
    _, card, text = shortlist[index]
    return Tell(card, text)


def _ranked(cards: Sequence[str], phrase: str, deck: Deck, gen: _Gen) -> list[str]:
    """``cards`` from the best fit for ``phrase`` to the worst (ties in a random order)."""
    said = words(phrase)
    all_tags = deck_tags(deck)
    keyed = [(-fit(all_tags[c], said), gen.random(), c) for c in cards]
    return [c for _, _, c in sorted(keyed)]


def _submit(v: View, deck: Deck, gen: _Gen) -> Submit:
    best = _ranked(v.hand, v.phrase or "", deck, gen)
    return Submit(tuple(best[:v.submit_count]))


def _vote(v: View, deck: Deck, gen: _Gen) -> Vote:
    said = words(v.phrase or "")
    all_tags = deck_tags(deck)
    choices = [c.card for c in v.table if c.votable]
    weights = [math.exp(fit(all_tags[c], said) / TEMPERATURE) for c in choices]
    first = gen.choice_weighted(list(range(len(choices))), weights)
    picked = [choices[first]]
    if v.votes_allowed > 1 and len(choices) > 1:
        rest = [i for i in range(len(choices)) if i != first]
        second = gen.choice_weighted(rest, [weights[i] for i in rest])
        # One vote that finds the card scores 1 more, so a second vote pays only when the
        # second card is at least a third as likely as the first to be the storyteller's.
        if weights[second] * SECOND_VOTE >= weights[first]:
            picked.append(choices[second])
    return Vote(tuple(picked))
