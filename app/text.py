"""What the server accepts as player text: one rule for every string a client sends.

No string from a client — a name, a phrase, a cue, an id, a key — may hold a control or format
character other than white space (NUL, RLO, ZWJ…), a lone surrogate, a private-use or
unassigned code point:
:func:`forbidden_char` finds one. :mod:`app.inbound` applies it to every string of every
WebSocket message and HTTP body, before anything else reads them; :func:`clean_name` adds what
only names need (trimmed, inner spaces collapsed, 1 to ``max_name`` characters). Lengths of
other texts are bounded by ``max_text`` (:func:`longest_text`); how a game trims or splits its
own texts (a phrase's spaces, a cue's words) is the game's rule.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from app.protocol import AppError

#: Unicode categories never allowed in player text: controls, format characters (RLO, ZWJ…),
#: surrogates, private use, unassigned.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def forbidden_char(text: str) -> str | None:
    """The first character of ``text`` that player text may not hold, or None. White space
    (tab, newline…) is allowed: names collapse it, and games trim their texts as they like."""
    if text.isprintable():  # the usual case, in C: no character of those categories
        return None
    for ch in text:
        if unicodedata.category(ch) in FORBIDDEN_CATEGORIES and not ch.isspace():
            return ch
    return None


def describe(ch: str) -> str:
    """A character as a sentence can show it: ``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".rstrip()


def clean_name(raw: str, longest: int) -> str:
    """``raw`` trimmed with inner runs of spaces collapsed; refuse empty, long or control text."""
    name = " ".join(raw.split())
    if not 1 <= len(name) <= longest:
        raise AppError("bad_name", f"A name must be 1 to {longest} characters, not {len(name)}.")
    bad = forbidden_char(name)
    if bad is not None:
        raise AppError("bad_name", f"A name may not hold control or format characters "
                                   f"({describe(bad)}).")
    return name


def longest_text(value: Any) -> int:
    """The length of the longest string anywhere inside ``value`` (JSON data)."""
    longest = 0
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            longest = max(longest, len(item))
        elif isinstance(item, Mapping):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple):
            todo.extend(item)
    return longest
