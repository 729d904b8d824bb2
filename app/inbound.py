"""Every client message is read here, and only here, before anything else looks at it.

:func:`read` turns a WebSocket text frame into one of the protocol's message models
(:data:`~app.protocol.ClientMessage`), or refuses it with an :class:`~app.protocol.AppError`
whose code is in the error table: ``bad_message`` (not JSON, not an object, a malformed
envelope), ``unknown_type``, ``text_too_long``. A refusal keeps the socket open and changes
nothing; :func:`ref_of` finds the id to echo with it.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter, ValidationError

from app.protocol import MESSAGE_TYPES, AppError, ClientMessage, Envelope
from app.text import longest_text

CLIENT_MESSAGE: TypeAdapter[Envelope] = TypeAdapter(ClientMessage)


def decode(text: str) -> dict[str, Any]:
    """The JSON object a frame holds; ``bad_message`` if it holds none."""
    try:
        data = json.loads(text)
    except ValueError:
        raise AppError("bad_message", "That message is not JSON.") from None
    if not isinstance(data, dict):
        raise AppError("bad_message", "A message must be a JSON object.")
    return data


def ref_of(data: dict[str, Any]) -> str | None:
    """The message's ``id``, if it has a usable one (echoed as ``ref`` in an error)."""
    ref = data.get("id")
    return ref if isinstance(ref, str) else None


def read(data: dict[str, Any], size: int, max_text: int) -> Envelope:
    """The message model for decoded ``data`` (``size`` characters of JSON); refuse a type we
    do not know, a shape that does not fit its type, or a text longer than ``max_text``."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise AppError("unknown_type", f"There is no message type {kind!r}.")
    try:
        message = CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise AppError("bad_message",
                       f"Malformed {kind!r} message: {where}: {first['msg']}.") from None
    # No text inside can be longer than the message, so short messages need no walk.
    if size > max_text and longest_text(data) > max_text:
        raise AppError("text_too_long", f"Texts in a message may be at most {max_text} "
                                        "characters.")
    return message
