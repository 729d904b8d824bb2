"""Every client message is read here, and only here, before anything else looks at it.

:func:`decode` is the bounded JSON reader for WebSocket frames and HTTP bodies alike: valid
UTF-8 without lone surrogates, objects and lists nested at most :data:`MAX_DEPTH` deep, numbers
within ±2^53 (:data:`MAX_NUMBER`, so every one is exact in a browser; no NaN or Infinity), and
every string — keys included — within the player-text rules of :mod:`app.text` (no control or
format characters). So nothing after this point meets a value that cannot be hashed, compared,
encoded or logged, or that is too deep to walk.

:func:`read` then turns a decoded frame into one of the protocol's message models
(:data:`~app.protocol.ClientMessage`). Refusals are :class:`~app.protocol.AppError`\\ s whose
code is in the error table: ``bad_message`` (not JSON, not an object, beyond a limit above, a
malformed envelope), ``unknown_type`` (a ``type`` that is no message type, or no string),
``bad_action`` (an action whose ``kind`` is no string), ``text_too_long``. A refusal keeps the
socket open and changes nothing; :func:`ref_of` finds the id to echo with it.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import TypeAdapter, ValidationError

from app.protocol import MESSAGE_TYPES, ActionMessage, AppError, ClientMessage, Envelope
from app.text import describe, forbidden_char, longest_text

CLIENT_MESSAGE: TypeAdapter[Envelope] = TypeAdapter(ClientMessage)

#: Objects and lists inside one another, the message itself being level 1.
MAX_DEPTH = 32
#: The largest magnitude of a number: 2^53, beyond which a browser's numbers are not exact.
MAX_NUMBER = 2 ** 53

_TYPES = ", ".join(sorted(MESSAGE_TYPES))


def decode(text: str | bytes) -> dict[str, Any]:
    """The JSON object a frame or body holds, within the limits; ``bad_message`` if none."""
    data = read_json(text)
    if not isinstance(data, dict):
        raise AppError("bad_message", "A message must be a JSON object.")
    return data


def read_json(text: str | bytes, text_rules: bool = True) -> Any:
    """The JSON value ``text`` holds, within the limits above; ``bad_message`` naming the
    problem (and where) if it holds none. ``text_rules=False`` leaves the strings' characters
    to whoever reads them (an HTTP body's name is refused as ``bad_name``)."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise AppError("bad_message", _unreadable(str(exc))) from None
    try:
        _check(value, 1, text_rules)
    except _Refused as refused:
        where = ".".join(str(p) for p in reversed(refused.path))
        if len(where) > 60:
            where = where[:57] + "..."
        raise AppError("bad_message", f"{refused.problem} (at {where or 'the top'}).") from None
    return value


def _unreadable(why: str) -> str:
    """A sentence for what orjson could not read (its own words say where)."""
    if "UTF-8" in why or "surrogate" in why:
        return f"Text must be valid UTF-8 without lone surrogates ({why})."
    if "depth" in why or "recursion" in why:
        return f"A message may be nested at most {MAX_DEPTH} deep ({why})."
    if "infinity" in why:
        return f"Numbers must be within ±2^53 ({why})."
    return f"That message is not JSON (NaN and Infinity are not JSON either): {why}."


class _Refused(Exception):
    """A value beyond a limit; ``path`` is filled in (innermost first) on the way out."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.path: list[str | int] = []


def _check(value: Any, depth: int, text_rules: bool) -> None:
    """Refuse what the reader's limits forbid inside ``value`` (orjson's types only)."""
    kind = type(value)
    if kind is str:
        bad = forbidden_char(value) if text_rules else None
        if bad is not None:
            raise _Refused(f"Text may not hold control or format characters ({describe(bad)})")
    elif kind is dict:
        if depth > MAX_DEPTH:
            raise _Refused(f"A message may be nested at most {MAX_DEPTH} deep")
        for key, item in value.items():
            try:
                _check(key, depth, text_rules)
                _check(item, depth + 1, text_rules)
            except _Refused as refused:
                refused.path.append(key)
                raise
    elif kind is list:
        if depth > MAX_DEPTH:
            raise _Refused(f"A message may be nested at most {MAX_DEPTH} deep")
        for index, item in enumerate(value):
            try:
                _check(item, depth + 1, text_rules)
            except _Refused as refused:
                refused.path.append(index)
                raise
    elif (kind is int or kind is float) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise _Refused("Numbers must be within ±2^53")  # NaN fails the test too


def ref_of(data: dict[str, Any]) -> str | None:
    """The message's ``id``, if it has a usable one (echoed as ``ref`` in an error)."""
    ref = data.get("id")
    return ref if isinstance(ref, str) and len(ref) <= 64 else None


def read(data: dict[str, Any], size: int, max_text: int) -> Envelope:
    """The message model for decoded ``data`` (``size`` characters of JSON); refuse a type we
    do not know, a shape that does not fit its type, or a text longer than ``max_text``."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise AppError("unknown_type", f"A message's type must be a string, one of {_TYPES}; "
                                       f"not {shown(kind)}.")
    if kind not in MESSAGE_TYPES:
        raise AppError("unknown_type", f"There is no message type {shown(kind)}; the types "
                                       f"are {_TYPES}.")
    try:
        message = CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise AppError("bad_message",
                       f"Malformed {kind!r} message: {where}: {first['msg']}.") from None
    if isinstance(message, ActionMessage) and not isinstance(message.action.get("kind"), str):
        raise AppError("bad_action", "An action's kind must be a string naming the move, not "
                                     f"{shown(message.action.get('kind'))}.")
    # No text inside can be longer than the message, so short messages need no walk.
    if size > max_text and longest_text(data) > max_text:
        raise AppError("text_too_long", f"Texts in a message may be at most {max_text} "
                                        "characters.")
    return message


def shown(value: Any) -> str:
    """A short description of a client's value for an error sentence (never all of it)."""
    if value is None:
        return "missing"
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= 42 else text[:39] + "...'"
    return {dict: "an object", list: "a list", bool: "a boolean"}.get(type(value), "a number")
