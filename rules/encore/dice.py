"""The Encore! dice: colour dice and number dice, each with one joker face.

A roll is a tuple of faces, colour dice first. Faces are one-character strings: a colour
die shows a sheet colour code (``G Y B P O``) or ``X`` (the black joker cross, any one
colour); a number die shows ``1``–``5`` or ``?`` (the joker, any of 1–5, never 6).
"""

from __future__ import annotations

from rules.base import rng
from rules.encore.sheet import MOST_PER_MARK, Sheet

JOKER_COLOUR = "X"
JOKER_NUMBER = "?"
NUMBER_FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", JOKER_NUMBER)
SIZES: tuple[int, ...] = tuple(range(1, MOST_PER_MARK + 1))


def dice_count(players: int) -> tuple[int, int]:
    """How many (colour, number) dice are rolled: 3 and 3, or 2 and 2 in a solo game."""
    return (2, 2) if players == 1 else (3, 3)


def colour_faces(sheet: Sheet) -> tuple[str, ...]:
    return (*sheet.colour_codes, JOKER_COLOUR)


def roll(sheet: Sheet, seed: int, counter: int, players: int) -> tuple[str, ...]:
    """The faces of the ``counter``-th random event: colour dice, then number dice."""
    colours, numbers = dice_count(players)
    generator = rng(seed, counter)
    faces = colour_faces(sheet)
    return (tuple(generator.choice(faces) for _ in range(colours))
            + tuple(generator.choice(NUMBER_FACES) for _ in range(numbers)))


def is_number(face: str) -> bool:
    return face in NUMBER_FACES


def is_joker(face: str) -> bool:
    return face in (JOKER_COLOUR, JOKER_NUMBER)


def colours_for(sheet: Sheet, face: str) -> tuple[int, ...]:
    """The colour indices a colour die lets you cross (every colour for the joker)."""
    if face == JOKER_COLOUR:
        return tuple(range(len(sheet.colours)))
    return (sheet.colour_codes.index(face),)


def sizes_for(face: str) -> tuple[int, ...]:
    """How many boxes a number die lets you cross (any of 1–5 for the joker)."""
    return SIZES if face == JOKER_NUMBER else (int(face),)
