"""What a client makes of a patch message: the Python twin of ``RoomClient.patched`` in
``static/js/client.js``, for the test clients (phones, the scale-out players)."""

from __future__ import annotations

from typing import Any

from app.patch import apply as apply_patch


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
