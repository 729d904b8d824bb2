"""Room codes and seat tokens: what is random, what is stored of it, and how a typed code reads.

Vocabulary:
- **room code**: :data:`~app.protocol.CODE_LENGTH` letters from
  :data:`~app.protocol.CODE_ALPHABET` (no I or O), typed case-insensitively.
- **token**: a long random secret a browser keeps; the store keeps only its SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets

from app.protocol import CODE_ALPHABET, CODE_LENGTH


def hash_token(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_seed() -> int:
    """A game's seed: everything random in a game follows from it."""
    return secrets.randbits(63)


def new_epoch() -> str:
    """A new tag for a room's line of versions (see :mod:`app.store`)."""
    return secrets.token_hex(4)


def normal_code(code: str) -> str | None:
    """The canonical form of a typed room code, or None if it cannot be one."""
    code = code.strip().upper()
    if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
        return code
    return None
