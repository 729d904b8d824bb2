"""Cue checking: what a program can judge about a cue before the table hears it.

Vocabulary:
- **cue**: the words a cue giver says; the first is one word, the second one or two words
  (a hyphenated compound such as "sea-foam" counts as one word).
- **fold**: the comparison form of text: Unicode-normalised (NFKC), case-folded, Latin and
  Cyrillic accents dropped (so "é" = "e" and "ё" = "е"; "й" stays a letter of its own),
  invisible joiners removed.
- **key**: a cue's letters and digits after folding; two cues with the same key are the same
  cue ("Sea foam", "sea-foam" and "SEAFOAM" all repeat each other).

Refusals (codes are API; the browser translates them):
``empty_cue``, ``cue_too_long``, ``board_coordinate`` (C12, c 12, 12C, and hidden in a word:
H15th, No15; look-alike letters of other scripts count: Cyrillic С12, Armenian Օ26),
``wrong_word_count``, ``row_letter`` (a lone A–P), ``column_number`` (a number 1–30 anywhere
in a word: 12, 15th, 7up), ``basic_colour_word``,
``board_position`` (left, corner, middle…), ``pointer_cue`` (second cue only: lighter,
darker…), ``cue_already_used`` (earlier in this game), ``cue_rejected`` (the host already
rejected this cue in this game).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from functools import lru_cache

from rules.base import IllegalMove
from rules.hues import words

MAX_CUE_LENGTH = 40
ROWS = "abcdefghijklmnop"
COLUMNS = 30

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
_DASHES = {ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2212"}
_APOSTROPHES = {ord(c): "'" for c in "\u2019\u2018\u02bc\u0060\u00b4"}
_SPLIT = re.compile(r"[-'/]+")
_COORDINATE = re.compile(r"([a-p])(\d{1,2})|(\d{1,2})([a-p])")
_NUMBER = re.compile(r"\d+")


def fold(text: str) -> str:
    """The comparison form of ``text`` (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text).translate(_INVISIBLE).casefold()
    out = []
    for ch in unicodedata.normalize("NFC", text):
        if ch == "й":
            out.append(ch)
            continue
        out.extend(c for c in unicodedata.normalize("NFD", ch)
                   if not 0x300 <= ord(c) <= 0x36F)
    return unicodedata.normalize("NFC", "".join(out)).translate(_DASHES).translate(_APOSTROPHES)


def _is_wordy(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LMN"


@lru_cache(maxsize=8192)
def key(text: str) -> str:
    """The letters and digits of the folded cue: equal keys mean the same cue."""
    return "".join(ch for ch in fold(text) if _is_wordy(ch))


def clean(text: str) -> str:
    """The cue as it will be shown: trimmed, inner whitespace collapsed, NFC."""
    return " ".join(unicodedata.normalize("NFC", text).translate(_INVISIBLE).split())


def split_words(text: str) -> list[str]:
    """The folded words of a cue: whitespace-separated, punctuation trimmed (hyphens and
    apostrophes inside a word kept), words without a letter or digit dropped."""
    out = []
    for raw in fold(text).split():
        word = "".join(ch for ch in raw if _is_wordy(ch) or ch in "-'/")
        word = word.strip("-'/")
        if any(_is_wordy(ch) for ch in word):
            out.append(word)
    return out


def _table(groups: dict[str, dict[str, tuple[str, ...]]]) -> dict[str, str]:
    table: dict[str, str] = {}
    for by_colour in groups.values():
        for colour, forms in by_colour.items():
            for form in forms:
                table.setdefault(fold(form), colour)
    return table


#: Folded basic-colour form -> which basic colour it names.
COLOUR_WORDS: dict[str, str] = _table(words.COLOUR_FORMS)
MODIFIERS: frozenset[str] = frozenset(fold(w) for w in words.MODIFIERS)
POSITION_WORDS: frozenset[str] = frozenset(fold(w) for w in words.POSITION_WORDS)
POINTERS: frozenset[str] = frozenset(fold(w) for w in words.POINTERS)
LONE_POINTERS: frozenset[str] = frozenset(fold(w) for w in words.LONE_POINTERS)
_LONGEST_PIECE = max(len(w) for w in (*COLOUR_WORDS, *MODIFIERS))


def colour_in(part: str) -> str | None:
    """The basic colour that ``part`` (one folded word piece) names, or None.

    A piece names a colour when it is one of the listed forms, or when it is glued together
    entirely from listed forms and modifiers with at least one colour among them
    ("darkblue", "темносиний", "গাঢ়নীল", "bluegreen"); "blueberry" and "redwood" are not.
    """
    if part in COLOUR_WORDS:
        return COLOUR_WORDS[part]
    return _glued_colour(part)


@lru_cache(maxsize=4096)
def _glued_colour(part: str) -> str | None:
    # best[i]: the colour named by some split of part[:i] into pieces (None: no split yet;
    # "" : a split made of modifiers only).
    best: list[str | None] = [None] * (len(part) + 1)
    best[0] = ""
    for end in range(1, len(part) + 1):
        for start in range(max(0, end - _LONGEST_PIECE), end):
            before = best[start]
            if before is None:
                continue
            piece = part[start:end]
            if piece in COLOUR_WORDS:
                best[end] = before or COLOUR_WORDS[piece]
            elif piece in MODIFIERS and best[end] is None:
                best[end] = before
            if best[end]:
                break
    return best[-1] or None


def coordinate_in(text: str) -> str | None:
    """The board square that ``text`` spells out (C12, c 12, 12-C, С12 in Cyrillic), or None."""
    compact = "".join(words.HOMOGLYPHS.get(ch, ch) for ch in fold(text) if _is_wordy(ch))
    match = _COORDINATE.fullmatch(compact)
    if not match:
        return None
    letter = match.group(1) or match.group(4)
    number = int(match.group(2) or match.group(3))
    return f"{letter.upper()}{number}" if 1 <= number <= COLUMNS else None


def number_in(word: str) -> tuple[str, str] | None:
    """A board number hidden in ``word`` (one folded word): ``("board_coordinate", "H15")``
    when a row letter (or a look-alike) touches it (H15th, No15, Օ26), ``("column_number",
    "15")`` when none does (15th, 7up); None when it holds no number from 1 to 30."""
    compact = "".join(words.HOMOGLYPHS.get(ch, ch) for ch in word if _is_wordy(ch))
    for match in _NUMBER.finditer(compact):
        number = int(match.group())
        if not 1 <= number <= COLUMNS:
            continue
        touching = (compact[match.start() - 1:match.start()], compact[match.end():match.end() + 1])
        for letter in touching:
            if letter and letter in ROWS:
                return "board_coordinate", f"{letter.upper()}{number}"
        return "column_number", str(number)
    return None


def cue_problem(text: str, second: bool, used: Collection[str] = (),
                rejected: Collection[str] = ()) -> tuple[str, str] | None:
    """Why ``text`` may not be given as a cue now, as (code, sentence), or None if it may.

    ``used`` and ``rejected`` hold the keys of cues given and rejected earlier in the game.
    """
    problem = form_problem(text, second)
    if problem:
        return problem
    cue_key = key(text)
    if cue_key in rejected:
        return "cue_rejected", f"The host already rejected “{clean(text)}” in this game."
    if cue_key in used:
        return "cue_already_used", f"“{clean(text)}” was already used as a cue in this game."
    return None


@lru_cache(maxsize=8192)
def form_problem(text: str, second: bool) -> tuple[str, str] | None:
    """What is wrong with the cue itself, whatever was said before (memoised: bots ask the
    same question about the same lexicon names all game long)."""
    shown = clean(text)
    parts = split_words(text)
    if not parts:
        return "empty_cue", "Give a cue: at least one word."
    if len(shown) > MAX_CUE_LENGTH:
        return "cue_too_long", (f"A cue may be at most {MAX_CUE_LENGTH} characters; "
                                f"“{shown[:MAX_CUE_LENGTH]}…” has {len(shown)}.")
    square = coordinate_in(text)
    if square:
        return "board_coordinate", f"“{shown}” names the square {square}."
    allowed = 2 if second else 1
    if len(parts) > allowed:
        limit = "one or two words" if second else "one word"
        return "wrong_word_count", (f"The {'second' if second else 'first'} cue is {limit}; "
                                    f"“{shown}” has {len(parts)}.")
    for word in parts:
        square = coordinate_in(word)
        if square:
            return "board_coordinate", f"“{word}” names the square {square}."
        if len(word) == 1 and word in ROWS:
            return "row_letter", f"“{word.upper()}” is a row of the board."
        hidden = number_in(word)
        if hidden and hidden[0] == "board_coordinate":
            return "board_coordinate", f"“{word}” names the square {hidden[1]}."
        if hidden:
            return "column_number", f"“{word}” holds {hidden[1]}, a column of the board."
        for piece in (word, *_SPLIT.split(word)):
            colour = colour_in(piece)
            if colour:
                return "basic_colour_word", (f"“{piece}” is a basic colour word ({colour}); "
                                             f"describe the colour another way.")
            if piece in POSITION_WORDS:
                return "board_position", f"“{piece}” points to a place on the board."
            if second and piece in POINTERS:
                return "pointer_cue", (f"“{piece}” steers from the first guesses; the second "
                                       f"cue must describe the colour itself.")
    if second and len(parts) == 1 and parts[0] in LONE_POINTERS:
        return "pointer_cue", (f"“{parts[0]}” alone steers from the first guesses; the second "
                               f"cue must describe the colour itself.")
    return None


def check_cue(text: str, second: bool, used: Collection[str] = (),
              rejected: Collection[str] = ()) -> str:
    """Return the cue as it will be shown; raise IllegalMove with the refusal's code."""
    problem = cue_problem(text, second, used, rejected)
    if problem:
        raise IllegalMove(problem[1], problem[0])
    return clean(text)
