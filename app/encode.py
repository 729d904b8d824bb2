"""Views to JSON text, fast: the same JSON as ``json.dumps(rules.base.jsonable(view))``, built
so that what several views share is encoded once.

Why: a broadcast encodes one view per viewer, and the views of one state share most of their
parts (the board, the scores, the last move are the very same objects), and consecutive states
share most of *those* (a placement adds a few tiles to a tuple of the same ``Tile`` objects).
An :class:`Encoder` remembers the text of every immutable part (tuples, frozensets, frozen
dataclasses) it encoded for the previous broadcast, keyed by the object's identity; parts that
did not change are looked up instead of walked. The memory holds the objects themselves, so an
identity cannot be reused while remembered, and each broadcast keeps only what it used.

The walk itself is where the time goes (a view is mostly small values), so strings, numbers,
booleans and None are written inline, without a call, and plain dicts (string keys, builtin
values: scores, counts) are handed whole to orjson, which writes them in C; anything orjson
does not take as it is (a dataclass, a set, a subclass of a builtin, a key that is not a
string) makes it refuse, and the dict is walked here instead. The only visible difference
from the standard library: a non-finite float in such a dict is written ``null`` instead of
``NaN`` (which is not JSON and no browser parses).

The contract makes this safe: views are frozen dataclasses of tuples, frozensets and values,
never mutated after they are made.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from operator import is_
from typing import Any

import orjson

from rules.base import jsonable

_string: Any = json.encoder.encode_basestring  # the C version when _json is built
#: Compact JSON for small messages (one encoder for every call: ``json.dumps`` with options
#: builds one per call).
dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def json_string(value: str | None) -> str:
    """A string (or None) as JSON, as ``dumps`` writes it, without an encoder's overhead."""
    return "null" if value is None else str(_string(value))

_dumps = orjson.dumps
#: orjson takes only exact builtins (str, int, float, bool, None, dict, list, tuple) and enums;
#: everything else (dataclasses, subclasses, sets) raises, and the dict is walked in Python.
_EXACT = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS

_FieldKeys = tuple[tuple[str, str], ...]

#: The most parts remembered at once (a few broadcasts' worth of the biggest view).
LIMIT = 50_000
#: Tuples this long in a dataclass field are checked for having grown from the last one there
#: (shorter ones are cheaper to encode than to check).
GROWN = 8


class Encoder:
    """Encodes values to compact JSON, remembering immutable parts between calls of one
    broadcast and across consecutive broadcasts (see :meth:`rotate`)."""

    __slots__ = ("_old", "_new", "_fields", "_held")

    def __init__(self) -> None:
        self._old: dict[int, tuple[Any, str]] = {}
        self._new: dict[int, tuple[Any, str]] = {}
        self._fields: dict[type, tuple[_FieldKeys, bool] | None | bool] = {}
        #: The last tuple each dataclass field held, with its text (see :meth:`_grown`).
        self._held: dict[tuple[type, str], tuple[tuple[Any, ...], str]] = {}

    def rotate(self) -> None:
        """Start a new broadcast: keep what the last one used, forget the rest."""
        self._old = self._new
        self._new = {}

    def encode(self, value: Any) -> str:
        """``value`` (a view, an outcome) as JSON. The value itself is not remembered, only
        its parts: a view is made afresh for every viewer and state, its parts are shared."""
        shape = self._fields.get(type(value), False)
        if isinstance(shape, tuple):
            return "{" + ",".join(self._members(value, shape[0])) + "}"
        return self._part(value)

    def _part(self, value: Any) -> str:
        kind = type(value)
        if kind is str:
            text: str = _string(value)
            return text
        if kind is int:
            return int.__repr__(value)
        if value is None:
            return "null"
        if kind is bool:
            return "true" if value else "false"
        key = id(value)
        hit = self._new.get(key)
        if hit is not None:
            return hit[1]
        hit = self._old.get(key)
        if hit is not None:
            self._new[key] = hit
            return hit[1]
        keep = False
        if kind is tuple:
            text = "[" + ",".join(self._items(value)) + "]"
            keep = True
        elif kind is dict:
            text = self._dict(value)
        else:
            shape = self._fields.get(kind, False)
            if shape is False:
                shape = self._fields[kind] = _shape(value)
            if isinstance(shape, tuple):
                keys, keep = shape
                text = "{" + ",".join(self._members(value, keys)) + "}"
            else:
                text, keep = self._other(value)
        if keep:
            if len(self._new) >= LIMIT:  # many snapshots without a broadcast: start afresh
                self._new.clear()
            self._new[key] = (value, text)
        return text

    def _members(self, value: Any, keys: _FieldKeys) -> list[str]:
        """``"name":value`` for each field of a dataclass: plain values written inline,
        remembered parts looked up inline (most fields of a view are one or the other)."""
        new, old = self._new, self._old
        parts = []
        for name, prefix in keys:
            item = getattr(value, name)
            kind = type(item)
            if kind is str:
                parts.append(prefix + _string(item))
            elif kind is int:
                parts.append(prefix + int.__repr__(item))
            elif item is None:
                parts.append(prefix + "null")
            elif kind is bool:
                parts.append(prefix + ("true" if item else "false"))
            elif kind is dict:
                parts.append(prefix + self._dict(item))
            else:
                hit = new.get(id(item))
                if hit is None:
                    hit = old.get(id(item))
                    if hit is None:
                        if kind is tuple and len(item) >= GROWN:
                            parts.append(prefix + self._grown((type(value), name), item))
                        else:
                            parts.append(prefix + self._part(item))
                        continue
                    new[id(item)] = hit
                parts.append(prefix + hit[1])
        return parts

    def _grown(self, slot: tuple[type, str], values: tuple[Any, ...]) -> str:
        """A new tuple in a dataclass field: when it starts with the very objects the field
        held last time (a board that gained a few tiles), only what it adds is encoded."""
        held = self._held.get(slot)
        if held is not None and 0 < len(held[0]) < len(values) and all(
                map(is_, held[0], values)):
            before, text = held
            text = text[:-1] + "," + ",".join(self._items(values[len(before):])) + "]"
        else:
            text = "[" + ",".join(self._items(values)) + "]"
        self._held[slot] = (values, text)
        if len(self._new) >= LIMIT:
            self._new.clear()
        self._new[id(values)] = (values, text)
        return text

    def _items(self, values: tuple[Any, ...]) -> list[str]:
        """The encoded items of a tuple; remembered items are looked up inline, as long tuples
        (a board) are mostly the same objects as last time."""
        new, old, encode = self._new, self._old, self._part
        parts = []
        for item in values:
            kind = type(item)
            if kind is str:
                parts.append(_string(item))
                continue
            if kind is int:
                parts.append(int.__repr__(item))
                continue
            hit = new.get(id(item))
            if hit is None:
                hit = old.get(id(item))
                if hit is None:
                    parts.append(encode(item))
                    continue
                new[id(item)] = hit
            parts.append(hit[1])
        return parts

    def _dict(self, value: dict[Any, Any]) -> str:
        try:
            return _dumps(value, option=_EXACT).decode()
        except TypeError:  # not plain: a dataclass, a set, a subclass, a non-string key…
            return "{" + ",".join([_string(str(k)) + ":" + self._part(v)
                                   for k, v in value.items()]) + "}"

    def _other(self, value: Any) -> tuple[str, bool]:
        if isinstance(value, enum.Enum):
            return self._part(value.value), False
        if isinstance(value, bool | int | float | str):  # subclasses, floats
            return json.dumps(jsonable(value), ensure_ascii=False), False
        if isinstance(value, frozenset | set):
            text = json.dumps(jsonable(value), separators=(",", ":"), ensure_ascii=False)
            return text, isinstance(value, frozenset)
        if isinstance(value, Mapping):
            return "{" + ",".join([_string(str(k)) + ":" + self._part(v)
                                   for k, v in value.items()]) + "}", False
        if isinstance(value, tuple | list):
            return "[" + ",".join([self._part(v) for v in value]) + "]", False
        raise TypeError(f"{type(value).__name__} is not view data: {value!r}")


_NAMES: dict[type, tuple[str, ...] | None] = {}
_UNKNOWN: Any = object()


def plain(value: Any) -> Any:
    """``rules.base.jsonable(value)``, faster for what actions are made of (exact builtins,
    tuples, dataclasses): a dataclass's field names are looked up once per type. Anything
    else is handed to ``jsonable`` itself."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if kind is tuple or kind is list:
        return [plain(item) for item in value]
    if kind is dict:
        return {str(k): plain(v) for k, v in value.items()}
    names = _NAMES.get(kind, _UNKNOWN)
    if names is _UNKNOWN:
        names = _NAMES[kind] = (tuple(f.name for f in dataclasses.fields(kind))
                                if dataclasses.is_dataclass(kind) else None)
    if names is None:
        return jsonable(value)
    return {name: plain(getattr(value, name)) for name in names}


def _shape(value: Any) -> tuple[_FieldKeys, bool] | None:
    """A dataclass's (field name, encoded key) pairs and whether it is frozen; None otherwise."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return None
    keys = tuple((f.name, _string(f.name) + ":") for f in dataclasses.fields(value))
    params: Any = type(value).__dataclass_params__  # type: ignore[attr-defined]
    frozen = bool(params.frozen)
    return keys, frozen
