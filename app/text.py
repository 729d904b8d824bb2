"""What the server accepts as player text (names now; every player-supplied string later)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from app.protocol import AppError

#: Unicode categories never allowed in player text: controls, format characters (RLO, ZWJ…),
#: surrogates, private use, unassigned.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(raw: str, longest: int) -> str:
    """``raw`` trimmed with inner runs of spaces collapsed; refuse empty, long or control text."""
    name = " ".join(raw.split())
    if not 1 <= len(name) <= longest:
        raise AppError("bad_name", f"A name must be 1 to {longest} characters, not {len(name)}.")
    if any(unicodedata.category(ch) in FORBIDDEN_CATEGORIES for ch in name):
        raise AppError("bad_name", f"The name {name!r} contains control characters.")
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
