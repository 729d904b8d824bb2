"""The deck's language: which words a picture evokes, how well a phrase fits a card, and the
clues a storyteller could give about a card.

- **tag**: a word a card evokes, with a **weight** (its hero motif most, then its other
  motifs, mood and ideas, then what those motifs suggest, then its light and setting).
- **fit**: how well a phrase matches a card, the sum of the weights of the phrase's words.
- **clue**: a phrase a storyteller could say about a card: a motif, a mood, an idea, a word a
  motif suggests, or a short phrase made of those.

Everything here is public data about the deck; nothing depends on a game's hidden state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.dixit.deck import Card

#: What each motif suggests beyond its own name (and plural or synonym forms of it).
SUGGESTS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "moon": ("night", "dream", "sleep", "lunar", "crescent"),
    "sun": ("day", "warm", "summer", "morning", "light"),
    "comet": ("wish", "falling", "sky", "omen"),
    "planet": ("space", "world", "saturn", "alien", "orbit"),
    "rainbow": ("colour", "promise", "hope", "rain"),
    "stars": ("star", "night", "wish", "sparkle", "sky"),
    "cloud": ("sky", "rain", "soft", "weather"),
    "bird": ("flight", "wing", "song", "sky", "free"),
    "birds": ("flock", "flight", "migration", "sky"),
    "butterfly": ("wing", "change", "spring", "flutter"),
    "balloon": ("flight", "float", "travel", "air"),
    "kite": ("wind", "string", "play", "air"),
    "eye": ("watching", "seeing", "gaze", "look"),
    "whale": ("giant", "deep", "ocean", "song"),
    "fish": ("water", "swim", "gold", "scale"),
    "jellyfish": ("glow", "sting", "deep", "drifting"),
    "boat": ("sail", "voyage", "journey", "harbour"),
    "wave": ("sea", "storm", "tide", "surf"),
    "island": ("alone", "shore", "castaway", "sea"),
    "lighthouse": ("beacon", "coast", "warning", "light"),
    "house": ("home", "roof", "family", "shelter"),
    "tower": ("height", "prisoner", "climb", "stone"),
    "castle": ("king", "queen", "fortress", "fairy"),
    "door": ("entrance", "threshold", "choice", "open"),
    "staircase": ("stairs", "steps", "climb", "ascend"),
    "ladder": ("climb", "reach", "rung", "up"),
    "bridge": ("crossing", "river", "connection", "across"),
    "tree": ("roots", "branches", "shade", "leaves"),
    "pine": ("evergreen", "winter", "woods", "needles"),
    "mountain": ("peak", "summit", "climb", "height"),
    "well": ("wish", "water", "deep", "bucket"),
    "key": ("secret", "unlock", "lock", "answer"),
    "clock": ("time", "hour", "late", "tick"),
    "hourglass": ("time", "sand", "waiting", "countdown"),
    "mask": ("disguise", "carnival", "hidden", "face"),
    "lantern": ("light", "lamp", "guide", "glow"),
    "candle": ("flame", "light", "fragile", "wax"),
    "crown": ("king", "queen", "royal", "power"),
    "book": ("story", "read", "page", "tale"),
    "umbrella": ("rain", "shelter", "protection", "weather"),
    "teacup": ("tea", "cosy", "afternoon", "cup"),
    "chair": ("seat", "waiting", "rest", "absence"),
    "cage": ("prison", "trapped", "freedom", "bars"),
    "bottle": ("message", "glass", "trapped", "cork"),
    "shell": ("beach", "sea", "spiral", "echo"),
    "snail": ("slow", "spiral", "patience", "shell"),
    "cat": ("curious", "whiskers", "purr", "independent"),
    "fox": ("cunning", "sly", "wild", "tail"),
    "owl": ("wise", "night", "hoot", "wisdom"),
    "figure": ("person", "traveller", "someone", "wanderer"),
    "anchor": ("harbour", "staying", "sea", "heavy"),
    "mushroom": ("forest", "magic", "fairy", "spore"),
    "flower": ("bloom", "spring", "petal", "garden"),
    "window": ("view", "glass", "inside", "outside"),
    "mirror": ("reflection", "vanity", "truth", "self"),
    "bell": ("ring", "call", "chime", "church"),
    "feather": ("light", "float", "quill", "soft"),
    "windmill": ("wind", "turning", "mill", "field"),
    "tent": ("camp", "circus", "travel", "canvas"),
    "swing": ("childhood", "play", "sway", "back"),
    "piano": ("music", "melody", "keys", "song"),
})

#: Other words people use for a motif, read as that motif.
SYNONYMS: Mapping[str, str] = MappingProxyType({
    "lamp": "lantern", "ship": "boat", "sailboat": "boat", "stair": "staircase",
    "stairs": "staircase", "steps": "staircase", "kitten": "cat", "kitty": "cat",
    "watch": "clock", "sandglass": "hourglass", "whales": "whale", "trees": "tree",
    "forest": "tree", "woods": "pine", "birdcage": "cage", "ocean": "sea", "seashell": "shell",
    "crescent": "moon", "star": "stars", "waves": "wave", "keys": "key", "doors": "door",
    "doorway": "door", "mountains": "mountain", "peak": "mountain", "person": "figure",
    "man": "figure", "woman": "figure", "child": "figure", "girl": "figure", "boy": "figure",
    "wanderer": "figure", "traveller": "figure", "traveler": "figure", "cup": "teacup",
    "tea": "teacup", "queen": "crown", "king": "crown", "flame": "candle", "petal": "flower",
    "rose": "flower", "moth": "butterfly", "sunset": "dusk", "sunrise": "dawn",
})

_STOP = ("a an the of to in on at by for and or but with without is are was be been it its "
         "this that these those my your our their his her from into over under up down as so "
         "not no all any some")
STOPWORDS: frozenset[str] = frozenset(_STOP.split())

#: What a light or a setting is called in words.
PLACE_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "night": ("night", "dark"), "dawn": ("dawn", "morning"), "dusk": ("dusk", "evening"),
    "day": ("day", "bright"), "fog": ("fog", "mist"), "storm": ("storm", "rain"),
    "snowfall": ("snow", "winter"), "glow": ("glow", "warm"),
    "hills": ("hills", "countryside"), "sea": ("sea", "water"), "lake": ("lake", "water"),
    "desert": ("desert", "sand"), "snow": ("snow", "winter"), "city": ("city", "town"),
    "forest": ("forest", "woods"), "void": ("void", "space"), "clouds": ("clouds", "sky"),
    "underwater": ("underwater", "deep"), "indoor": ("room", "inside"),
    "cliff": ("cliff", "coast"),
})

HERO, MOTIF, MOOD, IDEA, TITLE, HINT, PLACE = 8, 4, 4, 4, 2, 1, 1


def words(text: str) -> tuple[str, ...]:
    """The meaningful words of ``text``: lower case, no stop words, plurals and synonyms folded."""
    out = []
    for raw in re.findall(r"[a-z]+", text.lower()):
        if raw in STOPWORDS or len(raw) < 2:
            continue
        word = SYNONYMS.get(raw, raw)
        if word not in SUGGESTS and word.endswith("s") and not word.endswith("ss"):
            word = SYNONYMS.get(word[:-1], word[:-1])
        out.append(word)
    return tuple(out)


def tags(card: Card) -> Mapping[str, int]:
    """Every word ``card`` evokes, with its weight (the heaviest reason wins)."""
    weights: dict[str, int] = {}

    def add(items: Iterable[str], weight: int) -> None:
        for item in items:
            for word in words(item):
                weights[word] = max(weights.get(word, 0), weight)

    things = card.things
    add(things[:1], HERO)
    add(things[1:], MOTIF)
    add(card.mood, MOOD)
    add(card.ideas, IDEA)
    add([card.title], TITLE)
    for thing in things:
        add(SUGGESTS.get(thing, ()), HINT)
    add(PLACE_WORDS.get(card.light, ()) + PLACE_WORDS.get(card.setting, ()), PLACE)
    return MappingProxyType(weights)


def fit(card_tags: Mapping[str, int], phrase_words: Iterable[str]) -> int:
    """How well a phrase (its :func:`words`) matches a card (its :func:`tags`)."""
    return sum(card_tags.get(w, 0) for w in set(phrase_words))


@dataclass(frozen=True)
class Clue:
    """A phrase a storyteller could tell, and what kind of hint it is."""

    text: str
    kind: str  # "motif", "mood", "idea", "hint", "pair" or "line"


def clues(card: Card) -> tuple[Clue, ...]:
    """Phrases about ``card``, from the most obvious (its hero) to the most oblique."""
    things = card.things
    hero = things[0]
    out = [Clue(hero, "motif")]
    out += [Clue(t, "motif") for t in dict.fromkeys(things[1:]) if t != hero]
    out += [Clue(m, "mood") for m in card.mood]
    out += [Clue(i, "idea") for i in card.ideas]
    out += [Clue(h, "hint") for t in things[:2] for h in SUGGESTS.get(t, ())[:2]]
    second = things[1] if len(things) > 1 else hero
    out.append(Clue(f"{card.mood[0]} {second}", "pair"))
    out.append(Clue(f"the {card.mood[-1]} {card.ideas[0]}", "pair"))
    out.append(Clue(_line(card), "line"))
    return tuple(dict.fromkeys(out))


LINES: tuple[str, ...] = (
    "where the {thing} waits", "{idea}, again", "before the {idea}", "a {mood} kind of {idea}",
    "the {thing} remembers", "nobody saw the {thing}", "{mood} and far away",
    "the last {thing}", "if only the {thing} knew", "{idea} at {place}",
)


def _line(card: Card) -> str:
    things = card.things
    index = sum(ord(ch) for ch in card.id) % len(LINES)
    place = PLACE_WORDS.get(card.light, ("night",))[0]
    return LINES[index].format(thing=things[-1], idea=card.ideas[-1], mood=card.mood[0],
                               place=place)
