"""What a client makes of a server message and of a patch: the Python twins of
``readMessage`` and ``RoomClient.patched`` in ``static/js/client.js``, for the test clients
(phones, the scale-out players)."""

from __future__ import annotations

import json
from typing import Any

from app.patch import apply as apply_patch


def read(text: str | bytes) -> dict[str, Any]:
    """A server message from its text; a patch (sent as an array) as ``{"type": "patch", …}``."""
    message = json.loads(text)
    if isinstance(message, dict):
        return message
    assert isinstance(message, list) and message[0] == "patch" and len(message) in (4, 5), text
    kind, base, version, patch, *ref = message
    return {"type": kind, "base": base, "version": version, "patch": patch,
            "ref": ref[0] if ref else None}


def rebuilt(held: dict[str, Any] | None, patch: dict[str, Any]) -> dict[str, Any]:
    """The whole state message a patch message makes of ``held``, as the client does."""
    assert held is not None, "a patch before any state"
    assert patch["base"] == held["version"], (patch, held)
    state = {k: v for k, v in held.items() if k != "ref"}
    state = apply_patch(state, patch["patch"])
    state["version"] = patch["version"]
    state["room"] = {**state["room"], "version": patch["version"]}
    if patch.get("ref") is not None:
        state["ref"] = patch["ref"]
    return dict(state)
