"""Which boxes a player may cross with a pair of dice: the marking rules, checked and listed.

A mark crosses exactly N boxes (N from the number die; its joker is any of 1–5), all unmarked,
all of the colour die's colour (its joker is any one colour), orthogonally connected among
themselves, with at least one in the start column or next to a box already crossed. Each joker
face used costs one "!" and nobody may use a joker without one left.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules.base import IllegalMove, UnknownThing
from rules.encore.dice import colours_for, is_joker, is_number, sizes_for
from rules.encore.sheet import Sheet


@dataclass(frozen=True)
class Choice:
    """What one player did with a roll: crossed ``boxes`` (a mask) with two dice, or passed."""

    colour_die: int | None = None
    number_die: int | None = None
    boxes: int = 0
    jokers: int = 0

    @property
    def passed(self) -> bool:
        return self.colour_die is None


PASSED = Choice()


def joker_cost(dice: Sequence[str], colour_die: int, number_die: int) -> int:
    """How many "!" the pair of dice costs: one per joker face."""
    return int(is_joker(dice[colour_die])) + int(is_joker(dice[number_die]))


def anchors(sheet: Sheet, marked: int) -> int:
    """Boxes a new group may start from: the start column and every box next to a cross."""
    return sheet.start_mask | sheet.neighbours(marked)


def legal_groups(sheet: Sheet, marked: int, colours: Collection[int],
                 sizes: Collection[int]) -> list[int]:
    """Every group of ``colours`` and ``sizes`` a player with crosses ``marked`` may cross now.

    Groups come from the sheet's precomputed list, so this is a filter: unmarked and touching
    an anchor. Order: colour, then size, then sheet order.
    """
    anchor = anchors(sheet, marked)
    found: list[int] = []
    for ci in colours:
        by_size = sheet.groups[ci]
        for n in sizes:
            found.extend(g for g in by_size[n - 1] if not g & marked and g & anchor)
    return found


def pair_groups(sheet: Sheet, dice: Sequence[str], marked: int, colour_die: int,
                number_die: int) -> list[int]:
    """Every group the pair of dice lets a player with crosses ``marked`` cross now."""
    return legal_groups(sheet, marked, colours_for(sheet, dice[colour_die]),
                        sizes_for(dice[number_die]))


def _die(dice: Sequence[str], index: object, number: bool) -> int:
    kind = "number" if number else "colour"
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(dice):
        raise UnknownThing(
            f"There is no die {index!r}: this roll has dice 0 to {len(dice) - 1}.",
            "unknown_die")
    if is_number(dice[index]) != number:
        raise IllegalMove(
            f"Die {index} shows {dice[index]}, which is not a {kind} die.", "wrong_die_kind")
    return index


def check_mark(sheet: Sheet, dice: Sequence[str], available: Collection[int], marked: int,
               jokers_left: int, colour_die: object, number_die: object,
               boxes: Sequence[object]) -> Choice:
    """Return the choice crossing ``boxes`` with the two dice; raise the rule it breaks."""
    c = _die(dice, colour_die, number=False)
    n = _die(dice, number_die, number=True)
    for i in (c, n):
        if i not in available:
            raise IllegalMove(
                f"Die {i} ({dice[i]}) is not yours to choose this roll: the active player took "
                f"it. Choose from dice {', '.join(str(a) for a in sorted(available))}.",
                "die_not_available")
    cost = joker_cost(dice, c, n)
    if cost > jokers_left:
        raise IllegalMove(
            f"These dice need {cost} \"!\" for their jokers and you have {jokers_left} left.",
            "no_jokers_left")
    indices: list[int] = []
    for name in boxes:
        box = sheet.box_index(name) if isinstance(name, str) else None
        if box is None:
            raise UnknownThing(f"There is no box {name!r} on the sheet.", "unknown_box")
        if box in indices:
            raise IllegalMove(f"Box {name} is listed twice.", "duplicate_box")
        indices.append(box)
    sizes = sizes_for(dice[n])
    if len(indices) not in sizes:
        wanted = ("1 to 5" if len(sizes) > 1 else str(sizes[0]))
        raise IllegalMove(
            f"Die {n} shows {dice[n]}: cross exactly {wanted} boxes, not {len(indices)}.",
            "wrong_count")
    colours = colours_for(sheet, dice[c])
    codes = sheet.colour_codes
    first = sheet.box_colours[indices[0]]
    for i in indices:
        colour = sheet.box_colours[i]
        if codes.index(colour) not in colours or colour != first:
            wanted = ("one colour for all of them" if len(colours) > 1
                      else f"colour {codes[colours[0]]}")
            raise IllegalMove(
                f"Box {sheet.box_names[i]} is {colour}; the boxes must have {wanted}.",
                "wrong_colour")
    mask = sum(1 << i for i in indices)
    taken = mask & marked
    if taken:
        raise IllegalMove(f"Box {sheet.names(taken)[0]} is already crossed.", "box_taken")
    if not sheet.connected(mask):
        raise IllegalMove(
            f"Boxes {', '.join(sheet.names(mask))} are not orthogonally connected among "
            f"themselves.", "not_connected")
    if not mask & anchors(sheet, marked):
        raise IllegalMove(
            f"None of {', '.join(sheet.names(mask))} is in column {sheet.start_column} or next "
            f"to a box you already crossed.", "not_anchored")
    return Choice(c, n, mask, cost)
