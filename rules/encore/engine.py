"""The Encore! turn structure: roll, the active player's choice, the others' choices, settlement.

A **roll** (the rulebook's turn) goes through three phases, all derived from the state:
``roll`` (the active player must tap Roll: the dice appear for everyone at that moment),
``active`` (the active player marks or passes; their crosses go on their sheet at once, since
the dice they took are public anyway), ``passive`` (every other player marks or passes at the
same time; their choices are held **pending**, seen only by their owner, and go on the sheets
at **settlement**, when the last one is in). Settlement records column and colour firsts, ends
the game after a roll in which someone completed a second colour (after 30 rolls in solo) and
hands the dice to the next seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from rules.base import (
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
from rules.encore import dice as dice_rules
from rules.encore.marking import PASSED, Choice, check_mark, joker_cost, pair_groups
from rules.encore.scoring import Score, complete_colours, rating, score
from rules.encore.sheet import (
    PRINTED,
    RANDOM,
    Sheet,
    random_layouts,
    random_sheet_name,
    sheet_named,
)

#: In the first rolls of the game every player chooses from all the dice.
OPEN_ROLLS = 3
#: A solo game lasts this many rolls.
SOLO_ROLLS = 30
#: Completing this many colours ends the game after the roll (not in solo).
COLOURS_TO_END = 2

#: The random event that picks a random sheet (the dice use counters from 0 up).
SHEET_DRAW = -1

Phase = Literal["roll", "active", "passive", "over"]


# --- options and how a game ends -------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """The variants a host may choose."""

    sheet: str = option("classic", "The score sheet everyone plays on (random: a new layout "
                                   "each game).", choices=(*PRINTED, RANDOM))


#: Why a game ended: someone completed a second colour, or (solo) the 30 rolls are played.
Reason = Literal["two_colours", "all_rolls"]
REASONS: tuple[Reason, ...] = get_args(Reason)


# --- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """The active player rolls the dice (everyone sees them appear)."""

    kind: Literal["roll"] = "roll"


@dataclass(frozen=True)
class Mark:
    """Cross ``boxes`` (names like ``"H3"``) using one colour die and one number die.

    Dice are indices into the roll (colour dice first). With a joker colour the boxes' own
    colour is the one chosen; with a joker number, how many boxes are named is the number.
    """

    colour_die: int
    number_die: int
    boxes: tuple[str, ...]
    kind: Literal["mark"] = "mark"


@dataclass(frozen=True)
class Pass:
    """Cross nothing this roll (allowed at any time, without penalty)."""

    kind: Literal["pass"] = "pass"


Action = Roll | Mark | Pass


# --- state -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settled:
    """The last settled roll, public: its dice, everyone's choice and the firsts it took."""

    number: int
    active: int
    dice: tuple[str, ...]
    choices: tuple[Choice, ...]  # by seat
    columns: tuple[int, ...]  # columns first completed in this roll
    colours: tuple[int, ...]  # colour indices first completed in this roll


@dataclass(frozen=True)
class State:
    players: tuple[PlayerId, ...]
    seed: int
    sheet: str  # the name of a printed sheet
    marks: tuple[int, ...]  # by seat: crossed boxes on the public sheet (pending ones excluded)
    jokers_used: tuple[int, ...]  # by seat, settled
    rolls: int  # rolls made so far; while dice are out, the number of the current roll
    active: int  # seat of the active player
    dice: tuple[str, ...]  # the current roll's faces, colour dice first; () before the roll
    choices: tuple[Choice | None, ...]  # by seat, this roll; others' are pending until settled
    column_firsts: tuple[tuple[int, ...], ...]  # per column: seats that took the first
    colour_firsts: tuple[tuple[int, ...], ...]  # per colour, likewise
    last: Settled | None = None
    finished: Reason | None = None

    def seat(self, player: PlayerId) -> int:
        return self.players.index(player)


# --- setup and queries -----------------------------------------------------------------------

def setup(players: Sequence[PlayerId], seed: int, options: Options) -> State:
    """Blank sheets for everyone; the first seat is the first active player."""
    name = options.sheet
    if name == RANDOM:  # its own draw: dice use counters from 0 up
        name = random_sheet_name(rng(seed, SHEET_DRAW).randrange(len(random_layouts())))
    sheet = sheet_named(name)
    n = len(players)
    return State(
        players=tuple(players), seed=seed, sheet=sheet.name, marks=(0,) * n,
        jokers_used=(0,) * n, rolls=0, active=0, dice=(), choices=(None,) * n,
        column_firsts=((),) * sheet.width, colour_firsts=((),) * len(sheet.colours),
    )


def sheet_of(state: State) -> Sheet:
    return sheet_named(state.sheet)


def is_solo(state: State) -> bool:
    return len(state.players) == 1


def phase(state: State) -> Phase:
    if state.finished:
        return "over"
    if not state.dice:
        return "roll"
    return "active" if state.choices[state.active] is None else "passive"


def all_dice_open(state: State) -> bool:
    """Whether the other players choose from every die this roll (first rolls, or a pass)."""
    chosen = state.choices[state.active]
    return state.rolls <= OPEN_ROLLS or (chosen is not None and chosen.passed)


def available_dice(state: State, seat: int) -> tuple[int, ...]:
    """The dice ``seat`` may choose from now (by index); () when it has nothing to choose."""
    if phase(state) not in ("active", "passive") or state.choices[seat] is not None:
        return ()
    everything = tuple(range(len(state.dice)))
    if seat == state.active or all_dice_open(state):
        return everything
    taken = state.choices[state.active]
    assert taken is not None
    return tuple(i for i in everything if i not in (taken.colour_die, taken.number_die))


def jokers_left(state: State, seat: int) -> int:
    return sheet_of(state).jokers - state.jokers_used[seat]


def allowed_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """The (colour die, number die) pairs ``seat`` may use now, affordable in "!"."""
    dice = state.dice
    free = available_dice(state, seat)
    left = jokers_left(state, seat)
    return [(c, n) for c in free if not dice_rules.is_number(dice[c])
            for n in free if dice_rules.is_number(dice[n]) and joker_cost(dice, c, n) <= left]


def distinct_pairs(state: State, seat: int) -> list[tuple[int, int]]:
    """:func:`allowed_pairs`, one per pair of faces: two dice showing the same faces allow
    the same marks."""
    seen: set[tuple[str, str]] = set()
    pairs = []
    for c, n in allowed_pairs(state, seat):
        faces = (state.dice[c], state.dice[n])
        if faces not in seen:
            seen.add(faces)
            pairs.append((c, n))
    return pairs


def waiting_for(state: State) -> tuple[int, ...]:
    """The seats the game waits for, in seat order."""
    now = phase(state)
    if now in ("roll", "active"):
        return (state.active,)
    if now == "passive":
        return tuple(s for s, c in enumerate(state.choices) if c is None)
    return ()


def to_act(state: State) -> frozenset[PlayerId]:
    return frozenset(state.players[s] for s in waiting_for(state))


def can_mark(state: State, seat: int) -> bool:
    sheet = sheet_of(state)
    return any(pair_groups(sheet, state.dice, state.marks[seat], c, n)
               for c, n in allowed_pairs(state, seat))


def allowed_kinds(state: State, seat: int) -> tuple[str, ...]:
    """The action kinds ``seat`` may send now (empty when the game is not waiting for it)."""
    if seat not in waiting_for(state):
        return ()
    if phase(state) == "roll":
        return ("roll",)
    return ("mark", "pass") if can_mark(state, seat) else ("pass",)


def scores(state: State) -> tuple[Score, ...]:
    """Everyone's score as things stand on the public sheets, by seat."""
    sheet = sheet_of(state)
    return tuple(score(sheet, state.marks[s], state.jokers_used[s], s, state.column_firsts,
                       state.colour_firsts) for s in range(len(state.players)))


# --- apply -----------------------------------------------------------------------------------

def apply(state: State, player: PlayerId, action: Action) -> State:
    """Return the state after ``player`` takes ``action``; raise a RuleError if it is illegal."""
    if state.finished:
        raise GameOver("The game is over.")
    if player not in state.players:
        raise NotYourTurn(f"{player!r} is not playing this game.", "not_a_player")
    seat = state.seat(player)
    if isinstance(action, Roll):
        return _roll(state, seat)
    if isinstance(action, Mark | Pass):
        return _choose(state, seat, action)
    raise UnknownThing(f"Encore! has no action {action!r}.", "unknown_action")


def _roll(state: State, seat: int) -> State:
    active = state.players[state.active]
    if seat != state.active:
        raise NotYourTurn(f"Only {active}, the active player, rolls the dice.")
    if state.dice:
        raise IllegalMove("The dice are already rolled; mark or pass.", "already_rolled")
    rolled = dice_rules.roll(sheet_of(state), state.seed, state.rolls + 1, len(state.players))
    return replace(state, dice=rolled, rolls=state.rolls + 1)


def _choose(state: State, seat: int, action: Mark | Pass) -> State:
    now = phase(state)
    active = state.players[state.active]
    if now == "roll":
        if seat == state.active:
            raise IllegalMove("Roll the dice first.", "roll_first")
        raise NotYourTurn(f"Wait for {active} to roll the dice.")
    if now == "active" and seat != state.active:
        raise NotYourTurn(f"Wait for {active}, the active player, to choose first.")
    if state.choices[seat] is not None:
        raise NotYourTurn("You have already chosen this roll.", "already_chosen")
    if isinstance(action, Pass):
        choice = PASSED
    else:
        choice = check_mark(sheet_of(state), state.dice, available_dice(state, seat),
                            state.marks[seat], jokers_left(state, seat), action.colour_die,
                            action.number_die, action.boxes)
    choices = list(state.choices)
    choices[seat] = choice
    if seat == state.active:
        # The active player's crosses are public at once: the others see which dice are left.
        state = replace(state, choices=tuple(choices),
                        marks=_with(state.marks, seat, state.marks[seat] | choice.boxes),
                        jokers_used=_with(state.jokers_used, seat,
                                          state.jokers_used[seat] + choice.jokers))
    else:
        state = replace(state, choices=tuple(choices))
    if all(c is not None for c in state.choices):
        return _settle(state)
    return state


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1:]


def _settle(state: State) -> State:
    """Put the pending crosses on the sheets, record firsts, check the end, pass the dice."""
    sheet = sheet_of(state)
    choices = tuple(c if c is not None else PASSED for c in state.choices)
    marks = list(state.marks)
    used = list(state.jokers_used)
    for seat, choice in enumerate(choices):
        if seat != state.active:
            marks[seat] |= choice.boxes
            used[seat] += choice.jokers
    seats = range(len(state.players))
    column_firsts = list(state.column_firsts)
    new_columns = []
    for i, mask in enumerate(sheet.column_masks):
        if not column_firsts[i]:
            done = tuple(s for s in seats if marks[s] & mask == mask)
            if done:
                column_firsts[i] = done
                new_columns.append(i)
    colour_firsts = list(state.colour_firsts)
    new_colours = []
    for i, mask in enumerate(sheet.colour_masks):
        if not colour_firsts[i]:
            done = tuple(s for s in seats if marks[s] & mask == mask)
            if done:
                colour_firsts[i] = done
                new_colours.append(i)
    finished: Reason | None = None
    if is_solo(state):
        if state.rolls >= SOLO_ROLLS:
            finished = "all_rolls"
    elif any(len(complete_colours(sheet, m)) >= COLOURS_TO_END for m in marks):
        finished = "two_colours"
    record = Settled(state.rolls, state.active, state.dice, choices, tuple(new_columns),
                     tuple(new_colours))
    return replace(
        state, marks=tuple(marks), jokers_used=tuple(used), dice=(),
        choices=(None,) * len(state.players), column_firsts=tuple(column_firsts),
        colour_firsts=tuple(colour_firsts), last=record, finished=finished,
        active=(state.active + 1) % len(state.players),
    )


# --- outcome and legal actions ---------------------------------------------------------------

def outcome(state: State) -> Outcome[Reason] | None:
    """Final scores; ties go to more unused "!", then are shared. Solo adds its rating."""
    if not state.finished:
        return None
    parts = scores(state)
    totals = {p: parts[s].total for s, p in enumerate(state.players)}
    left = {p: jokers_left(state, s) for s, p in enumerate(state.players)}
    detail: dict[str, object] = {
        "scores": {p: parts[s] for s, p in enumerate(state.players)},
        "rolls": state.rolls,
    }
    if is_solo(state):
        detail["rating"] = rating(parts[0].total)
    return Outcome(scores=totals, winners=rank(totals, left), reason=state.finished,
                   detail=detail)


def legal_actions(state: State, player: PlayerId) -> list[Action]:
    """Every legal action of ``player`` in a fixed order: a roll, or marks then a pass.

    Marks are listed per pair of dice in index order; a pair showing the same faces as an
    earlier pair is skipped (it allows exactly the same crosses).
    """
    if player not in state.players:
        return []
    seat = state.seat(player)
    if seat not in waiting_for(state):
        return []
    if phase(state) == "roll":
        return [Roll()]
    sheet = sheet_of(state)
    marked = state.marks[seat]
    actions: list[Action] = []
    for c, n in distinct_pairs(state, seat):
        actions.extend(Mark(c, n, sheet.names(g)) for g in pair_groups(sheet, state.dice,
                                                                       marked, c, n))
    actions.append(Pass())
    return actions


def clock(state: State) -> str | None:
    """The turn clock running now: one length for rolling and for each choice of a roll."""
    return None if state.finished else "roll"
