"""Dixit: a storyteller tells a phrase about a secret picture; the others hide theirs among it.

Vocabulary:
- **card**: a picture, named by its id in the deck (``"07"``); the built-in deck is
  *Daydreams*, 84 original pictures drawn from descriptors (:mod:`rules.dixit.deck`,
  :mod:`rules.dixit.pictures`). **hand**: a player's hidden cards (6, or 7 with 3 players).
  **pile**: the hidden draw pile; **discards**: the cards of finished rounds.
- **storyteller**: the player who **tells** a **phrase** (1–200 characters) about one card of
  their hand; the first seat tells first, then the next seat each round.
- **submit**: every other player gives a card (two with 3 players) that fits the phrase.
- **reveal**: the played cards are laid out in an order drawn from the seed, numbered from 1
  (the rulebook's "shuffled and laid out").
- **vote**: every other player votes for the card they think is the storyteller's (a second
  vote on a different card with 7+ players), never for their own.
- **found**: a voter found the storyteller's card. **round**: one storyteller's turn, from
  the phrase to the scoring and refills (:mod:`rules.dixit.engine`).
- **clue**, **tag**, **fit**: the words a card evokes and how well a phrase matches it
  (:mod:`rules.dixit.words`), which is how the bots read pictures (:mod:`rules.dixit.bot`).
"""

from __future__ import annotations

from rules.base import Game, PictureDeck, TurnClock
from rules.dixit.bot import bot_action
from rules.dixit.decks import DAYDREAMS, DECKS, asset
from rules.dixit.engine import (
    REASONS,
    Action,
    Options,
    Played,
    Reason,
    Round,
    Rules,
    State,
    Submit,
    Tell,
    Vote,
    apply,
    clock,
    legal_actions,
    outcome,
    pictures_needed,
    score_round,
    setup,
    storyteller,
    to_act,
)
from rules.dixit.history import history
from rules.dixit.view import TableCard, View, view

__all__ = [
    "DAYDREAMS", "DECKS", "REASONS", "Action", "Options", "Played", "Reason", "Round", "Rules",
    "State", "Submit",
    "TableCard", "Tell", "View", "Vote", "apply", "asset", "bot_action", "game",
    "legal_actions", "outcome", "score_round", "setup", "storyteller", "to_act", "view",
]

game: Game[State, Action, View, Options, Reason] = Game(
    id="dixit",
    title="Dixit",
    blurb="Tell a phrase about a secret picture; score when some, but not all, find it.",
    min_players=3,
    max_players=12,
    options_type=Options,
    actions=(Tell, Submit, Vote),
    reasons=REASONS,
    setup=setup,
    apply=apply,
    view=view,
    outcome=outcome,
    legal_actions=legal_actions,
    bot_action=bot_action,
    to_act=to_act,
    history=history,
    clocks=(TurnClock("tell", 90, "Seconds the storyteller has to tell."),
            TurnClock("play", 60, "Seconds everyone has to give a card, and to vote.")),
    clock=clock,
    asset=asset,
    picture_deck=PictureDeck("pictures", pictures_needed),
)
