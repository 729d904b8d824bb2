"""The colour lexicon: what a word means as a colour, and where that colour lies on the board.

Vocabulary:
- **name**: an entry of the xkcd colour survey (``lexicon_data.NAMES``), e.g. "dusty rose";
  its **place** is the board square whose colour is nearest to it (ΔE in OKLab).
- **alias**: a Russian, Armenian or Bengali word standing for an English name.
- **modifier**: a word that shifts a colour rather than naming one (dark, pale, bright…).
- **reading**: the colour a cue brings to mind, or None when no word of it is known.

Reading a cue, most literal first: the whole cue as a name or alias; then word by word
(inflections and English suffixes stripped: "minty" → mint, "бирюзовая" → бирюзовый,
"փիրուզագույնը" → փիրուզ…), averaging the colours in OKLab and applying the modifiers;
then, for glued words, the longest known name inside the word ("lavenderish").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from rules.hues import board, words
from rules.hues.colour import Lab, delta_e, hex_to_lab
from rules.hues.cues import cue_problem, fold, key
from rules.hues.lexicon_data import ALIASES, NAMES

#: Names a bot never says: misspellings the survey kept, vague words and a name for a dinosaur.
NOT_SAID: frozenset[str] = frozenset({
    "liliac", "perrywinkle", "toupe", "ocre", "terracota", "manilla", "azul", "rosa", "creme",
    "bland", "dark", "pale", "barney", "burple", "blurple", "drab", "golden", "sandy",
    "orangered", "royal", "camo", "sea", "sky", "ice", "pea", "burnt siena", "pinky",
})


@dataclass(frozen=True)
class Entry:
    """A lexicon name: how it is written, its colour and its place on the board."""

    name: str
    hex: str
    lab: Lab
    words: int


#: How each modifier shifts a colour: (lightness added, chroma factor).
_SHIFTS: dict[str, tuple[float, float]] = {
    "light": (0.12, 0.85), "dark": (-0.15, 1.0), "pale": (0.10, 0.55), "deep": (-0.10, 1.1),
    "bright": (0.03, 1.3), "vivid": (0.0, 1.3), "neon": (0.03, 1.35), "electric": (0.0, 1.3),
    "hot": (0.0, 1.25), "dull": (0.0, 0.55), "muted": (0.0, 0.55), "dusty": (0.0, 0.6),
    "faded": (0.05, 0.55), "pastel": (0.10, 0.6), "soft": (0.08, 0.7), "baby": (0.10, 0.6),
    "dirty": (-0.05, 0.6), "warm": (0.0, 1.0), "cool": (0.0, 1.0),
}
_MODIFIER_ALIASES: dict[str, str] = {
    "светлый": "light", "светло": "light", "тёмный": "dark", "тёмно": "dark",
    "бледный": "pale", "бледно": "pale", "яркий": "bright", "ярко": "bright",
    "тусклый": "dull", "пастельный": "pastel", "глубокий": "deep", "нежный": "soft",
    "грязный": "dirty", "грязно": "dirty", "пыльный": "dusty", "тёплый": "warm",
    "բաց": "light", "մուգ": "dark", "վառ": "bright", "գունատ": "pale", "խամրած": "faded",
    "হালকা": "light", "গাঢ়": "dark", "ফিকে": "pale", "উজ্জ্বল": "bright", "টকটকে": "bright",
    "ঘন": "deep", "মলিন": "dull",
}

#: Endings tried off an unknown word, longest first (English suffixes, Russian adjective and
#: noun endings, Armenian case endings and "-coloured", Bengali case endings).
_ENGLISH_SUFFIXES = ("ish", "ness", "ies", "es", "s", "y", "ey", "ed", "en", "'s")
_ENDINGS: tuple[str, ...] = tuple(sorted(
    {fold(e) for e in (*_ENGLISH_SUFFIXES, *words.RU_HARD, *words.RU_SOFT, *words.RU_END,
                       *words.RU_VELAR, "а", "ы", "у", "е", "ой", "ью", "и", "ю", "я",
                       *words.HY_ENDINGS, "ագույն", "եգույն", "գույն",
                       *words.BN_ENDINGS, "ি", "ী") if e},
    key=len, reverse=True))


_NOUN_CASES = frozenset({"ой", "ы", "у", "е", "ою"})


def _phrase(text: str) -> str:
    return " ".join(fold(text).replace("/", " ").replace("-", " ").split())


@cache
def entries() -> tuple[Entry, ...]:
    """Every lexicon name with its colour (built once, on first use)."""
    return tuple(Entry(_phrase(name), hex_, hex_to_lab(hex_), len(_phrase(name).split()))
                 for name, hex_ in NAMES)


@cache
def _names() -> dict[str, Lab]:
    table: dict[str, Lab] = {}
    for entry in entries():
        table.setdefault(entry.name, entry.lab)
        table.setdefault(entry.name.replace(" ", ""), entry.lab)
    by_name = dict(table)
    for alias, name in ALIASES.items():
        lab = by_name[_phrase(name)]
        folded = _phrase(alias)
        table.setdefault(folded, lab)
        table.setdefault(folded.replace(" ", ""), lab)
        for ending in ("ый", "ий", "ой"):  # Russian adjectives also under their stem
            if folded.endswith(ending) and len(folded) > 4:
                table.setdefault(folded[:-2], lab)
    return table


@cache
def _modifiers() -> dict[str, str]:
    table = {fold(k): k for k in _SHIFTS}
    for alias, modifier in _MODIFIER_ALIASES.items():
        folded = fold(alias)
        table[folded] = modifier
        for ending in ("ый", "ий", "ой"):
            if folded.endswith(ending):
                table[folded[:-2]] = modifier
    return table


def _candidates(word: str) -> Iterator[str]:
    """The word, then the word with one known ending taken off (stems of 3+ letters)."""
    yield word
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            yield stem
            if ending == "ies":
                yield stem + "y"
            if ending in _NOUN_CASES:  # Russian nouns: "лавандой" → "лаванда"
                yield stem + "а"
            if stem[-1:] == stem[-2:-1]:  # "reddish" → "redd" → "red"
                yield stem[:-1]


def _word(word: str) -> tuple[str, Lab | str] | None:
    """("colour", lab) or ("modifier", name) for one folded word, or None."""
    names, modifiers = _names(), _modifiers()
    for candidate in _candidates(word):
        if candidate in names:
            return "colour", names[candidate]
        if candidate in modifiers:
            return "modifier", modifiers[candidate]
    return None


def _inside(word: str) -> Lab | None:
    """The longest known name (4+ letters) found inside a glued word."""
    names = _names()
    for size in range(len(word) - 1, 3, -1):
        for start in range(len(word) - size + 1):
            piece = word[start:start + size]
            if piece in names:
                return names[piece]
    return None


def shift(lab: Lab, modifier: str) -> Lab:
    """``lab`` lightened, darkened, dulled or brightened as ``modifier`` says."""
    dl, factor = _SHIFTS[modifier]
    L, a, b = lab
    return min(1.0, max(0.0, L + dl)), a * factor, b * factor


def read(text: str) -> Lab | None:
    """The colour a cue brings to mind, or None when none of its words is known."""
    phrase = _phrase(text)
    if not phrase:
        return None
    names = _names()
    for whole in (phrase, phrase.replace(" ", "")):
        if whole in names:
            return names[whole]
    colours: list[Lab] = []
    shifts: list[str] = []
    for word in phrase.split():
        known = _word(word)
        if known is None:
            inside = _inside(word)
            if inside is not None:
                colours.append(inside)
        elif known[0] == "colour":
            colours.append(known[1])  # type: ignore[arg-type]
        else:
            shifts.append(known[1])  # type: ignore[arg-type]
    if not colours:
        return None
    lab = (sum(c[0] for c in colours) / len(colours), sum(c[1] for c in colours) / len(colours),
           sum(c[2] for c in colours) / len(colours))
    for modifier in shifts:
        lab = shift(lab, modifier)
    return lab


#: Lightness counts less than hue and chroma when matching words to squares (see ``board.nearest``).
LIGHTNESS_WEIGHT = 0.3


def nearest_free(lab: Lab, free: Iterable[str] = board.SQUARES) -> str:
    """The free square a reading points at."""
    return board.nearest(lab, free, LIGHTNESS_WEIGHT)


@cache
def place(name: str) -> str:
    """The board square nearest in colour to a lexicon name (its place)."""
    lab = read(name)
    assert lab is not None, name
    return nearest_free(lab)


def sayable(max_words: int) -> tuple[Entry, ...]:
    """Names a bot may say as a cue of at most ``max_words`` words, in lexicon order."""
    return tuple(e for e in entries() if e.words <= max_words and e.name not in NOT_SAID)


def closeness(entry: Entry, target: str) -> tuple[int, float]:
    """How well a name points at ``target``: (board distance of its place, ΔE), smaller better."""
    return (board.distance(place(entry.name), target),
            delta_e(entry.lab, board.LABS[board.INDEX[target]]))


def good_cues(target: str, second: bool, cues: Sequence[str], used_cues: Iterable[str],
              rejected_cues: Iterable[str], count: int) -> list[str]:
    """The ``count`` best cues for ``target`` that pass the cue check, best first.

    One-word names for the first cue; one- or two-word names for the second, but never one
    whose place is where the first cue already pointed. If the lexicon is spent, names are
    joined with a hyphen ("moss-sand") so a bot can always speak. ``cues`` are this round's,
    ``used_cues`` and ``rejected_cues`` the game's.
    """
    used = {key(t) for t in used_cues}
    rejected = {key(t) for t in rejected_cues}
    first_place = None
    if second and cues:
        lab = read(cues[0])
        first_place = nearest_free(lab) if lab is not None else None
    ranked = sorted(sayable(2 if second else 1), key=lambda e: closeness(e, target))
    out: list[str] = []
    for entry in ranked:
        if second and place(entry.name) == first_place:
            continue
        if cue_problem(entry.name, second, used, rejected) is None:
            out.append(entry.name)
            used = used | {key(entry.name)}  # "terracotta" and "terra cotta" are one cue
            if len(out) == count:
                return out
    for a, b in _pairs(ranked[:40]):
        cue = f"{a.name}-{b.name}".replace(" ", "-")
        if len(out) < count and cue_problem(cue, second, used, rejected) is None:
            out.append(cue)
            used = used | {key(cue)}
    return out


def _pairs(entries: Sequence[Entry]) -> Iterable[tuple[Entry, Entry]]:
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            yield a, b


def hue_of(lab: Lab) -> float:
    return math.degrees(math.atan2(lab[2], lab[1])) % 360
