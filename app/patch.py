"""State patches: what changed in one viewer's state since the one it last received, as JSON
text, found without walking what did not change.

The format is a variant of RFC 7386 JSON Merge Patch that round-trips every JSON value
exactly (merge patch cannot set a null, and replaces arrays whole). A **patch** is a JSON
object applied to an object or an array; each member names a key (an index, on an array):

- a string, number or boolean sets it to that value;
- ``[v]`` sets it to ``v`` (any value: null, an array or an object too);
- ``[]`` deletes it (objects only);
- an object patches the value held there, recursively.

On an array ``"shift": n`` first drops ``n`` items from its front and ``"length": n`` then cuts
it to ``n`` items; an index at its end appends. So a tile added to a board is one member, and a
window of the last cards that slid by one is ``{"shift":1,"9":57}``. ``apply`` below (and
``applyPatch`` in ``static/js/client.js``, its twin) is the whole of applying one.

Why it is cheap: views are frozen and share their unchanged parts with the previous state's
by identity (a hand nobody touched is the very same tuple), so :meth:`Differ.diff` skips
those with one ``is`` and walks only what was rebuilt; values it writes go through the
:class:`~app.encode.Encoder`, which has most parts cached already.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from app.encode import Encoder, json_string

JSON = Any
#: Shifts tried when an array changed in most places (a sliding window moves by one or two).
SHIFTS = 3
_SCALARS = frozenset({str, int, float, bool})
_LEAVES = _SCALARS | {type(None)}
#: How the JSON texts start that a member sets only inside ``[…]``: null, arrays, objects.
_WRAPPED = frozenset("n[{")
_Fields = tuple[tuple[str, str], ...]


class Differ:
    """Patches between two values of the view data the encoder takes (frozen dataclasses,
    tuples, dicts, frozensets, enums, builtins)."""

    __slots__ = ("encoder", "_fields", "_memo")

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self._fields: dict[type, _Fields] = {}
        #: Patches between containers found since :meth:`forget`, by the pair's identities:
        #: the views of one state share their parts (the board, the scores), so each pair is
        #: diffed once per broadcast, not once per viewer. The pair is held, so the ids stay
        #: theirs.
        self._memo: dict[tuple[int, int], tuple[Any, Any, str | None]] = {}

    def forget(self) -> None:
        """Start a new broadcast: drop the patches remembered for the last one."""
        self._memo.clear()

    def diff(self, old: Any, new: Any) -> str | None:
        """The patch *member value* taking ``old`` to ``new``: ``new`` itself (a string,
        number or boolean) or ``[new]``, or an object patch when both are containers of one
        kind; None when they are equal."""
        if old is new:
            return None
        kind = type(new)
        if kind is not type(old):
            return self._whole(new)
        if kind in _LEAVES:
            return None if old == new else self._whole(new)
        key = (id(old), id(new))
        hit = self._memo.get(key)
        if hit is not None:
            return hit[2]
        change = self._container(kind, old, new)
        self._memo[key] = (old, new, change)
        return change

    def _container(self, kind: type, old: Any, new: Any) -> str | None:
        if kind is tuple or kind is list:
            return self._array(old, new)
        if kind is dict:
            return self._dict(old, new)
        if dataclasses.is_dataclass(kind):
            fields = self._fields.get(kind)
            if fields is None:
                fields = self._fields[kind] = tuple(
                    (f.name, json_string(f.name) + ":") for f in dataclasses.fields(kind))
            parts = []
            for name, key in fields:  # the usual cases inline: the same object, a leaf
                a, b = getattr(old, name), getattr(new, name)
                if a is b:
                    continue
                leaf = type(b)
                if leaf is type(a) and leaf in _SCALARS:
                    if a != b:
                        parts.append(key + self.encoder.encode(b))
                    continue
                change = self.diff(a, b)
                if change is not None:
                    parts.append(key + change)
            return "{" + ",".join(parts) + "}" if parts else None
        return None if old == new else self._whole(new)  # frozensets, enums: as they are

    def _whole(self, value: Any) -> str:
        """The member setting ``value``: bare if it is a string, number or boolean."""
        text = self.encoder.encode(value)
        return "[" + text + "]" if text[0] in _WRAPPED else text

    def _dict(self, old: dict[Any, Any], new: dict[Any, Any]) -> str | None:
        parts = []
        for key, value in new.items():
            if key in old:
                change = self.diff(old[key], value)
                if change is not None:
                    parts.append(f"{json_string(str(key))}:{change}")
            else:
                parts.append(f"{json_string(str(key))}:{self._whole(value)}")
        for key in old:
            if key not in new:
                parts.append(f"{json_string(str(key))}:[]")
        return "{" + ",".join(parts) + "}" if parts else None

    def _array(self, old: Any, new: Any) -> str | None:
        """Index by index (what grew or changed in place), or after a shift (a window that
        slid), or whole: the shorter, but the whole array is only written when most of it
        changed (a board that gained a tile is not re-encoded to find that out)."""
        best, changed = self._indexed(old, new, 0)
        if not changed:
            return None
        if changed > 2 and len(old) > 1 and len(new) > 0:
            first = new[0]
            for shift in range(1, min(SHIFTS, len(old) - 1) + 1):
                if old[shift] is first or (type(first) in _LEAVES and type(old[shift])
                                           is type(first) and old[shift] == first):
                    shifted, moved = self._indexed(old, new, shift)
                    if len(shifted) < len(best):
                        best, changed = shifted, moved
                    break
        if changed * 2 <= len(new):
            return best
        whole = self._whole(new)
        return whole if len(whole) <= len(best) else best

    def _indexed(self, old: Any, new: Any, shift: int) -> tuple[str, int]:
        """The patch taking ``old`` (less its first ``shift`` items) to ``new`` index by
        index, and how many items it sets or patches."""
        kept = len(old) - shift
        parts = [f'"shift":{shift}'] if shift else []
        common = min(kept, len(new))
        changed = len(new) - common
        for i in range(common):
            change = self.diff(old[i + shift], new[i])
            if change is not None:
                parts.append(f'"{i}":{change}')
                changed += 1
        if len(new) < kept:
            parts.append(f'"length":{len(new)}')
            changed += 1
        for i in range(common, len(new)):
            parts.append(f'"{i}":{self._whole(new[i])}')
        return "{" + ",".join(parts) + "}", changed + shift


def apply(target: JSON, patch: dict[str, JSON]) -> JSON:
    """``target`` (plain JSON data) with ``patch`` applied; ``target`` itself is left as it was
    and the parts the patch does not touch are shared. The Python twin of ``applyPatch`` in
    ``static/js/client.js`` (tests rebuild states with both)."""
    if isinstance(target, list):
        items = target[patch.get("shift", 0):]
        if "length" in patch:
            del items[patch["length"]:]
        for key, change in patch.items():
            if key in ("shift", "length"):
                continue
            i = int(key)
            value = (change[0] if isinstance(change, list)
                     else apply(items[i], change) if isinstance(change, dict) else change)
            if i == len(items):
                items.append(value)
            else:
                items[i] = value
        return items
    result = dict(target)
    for key, change in patch.items():
        if isinstance(change, list):
            if change:
                result[key] = change[0]
            else:
                del result[key]
        elif isinstance(change, dict):
            result[key] = apply(result[key], change)
        else:
            result[key] = change
    return result
