"""Message catalogues for the pages the server renders (the browser loads the same files).

Vocabulary:
- **catalogue**: ``static/i18n/<lang>.json``, a flat object from a dotted key (``"home.join"``)
  to a string with ``{placeholders}``, holding the texts no game owns, plus each game's texts
  in ``static/i18n/games/<game>.<lang>.json`` (keys ``<game>.…``). English is complete; every
  other catalogue has exactly the same keys and placeholders (a test checks), so adding a
  language, or a game, is adding files: no two games ever edit the same file.
- **lobby keys**: the few keys of a game's file that pages show outside its room (its blurb,
  its option and choice labels: the home page and the lobby list every game). A page loads
  the shared catalogue with every game's lobby keys (:func:`page_catalogue`); a room adds
  its own game's whole file.
- **language**: chosen by the ``lang`` cookie (the picker sets it), then the browser's
  ``Accept-Language``, then English.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path

CATALOGUES = Path(__file__).resolve().parent.parent / "static" / "i18n"
GAME_CATALOGUES = CATALOGUES / "games"
DEFAULT = "en"

#: Every language with a catalogue, English first, each named in its own script (its
#: ``language.name``) for the picker.
LANGUAGES: dict[str, str] = {}

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: A lobby key: ``<game>.blurb``, ``<game>.option.<name>``, ``<game>.choice.<name>.<choice>``.
LOBBY_KEY = re.compile(r"^[a-z0-9_]+\.(blurb|option\..+|choice\..+)$")

Translate = Callable[..., str]


@lru_cache(maxsize=32)
def catalogue(lang: str) -> Mapping[str, str]:
    """Return the catalogue of ``lang`` with every game's texts (read once per deploy)."""
    data: dict[str, str] = {}
    for path in [CATALOGUES / f"{lang}.json", *sorted(GAME_CATALOGUES.glob(f"*.{lang}.json"))]:
        with path.open(encoding="utf-8") as f:
            data.update(json.load(f))
    return data


@lru_cache(maxsize=32)
def page_catalogue(lang: str) -> bytes:
    """Return, as JSON, what every page of ``lang`` loads: the shared texts and each game's
    lobby keys (assembled here so that adding a game edits no shared catalogue)."""
    with (CATALOGUES / f"{lang}.json").open(encoding="utf-8") as f:
        data: dict[str, str] = json.load(f)
    for path in sorted(GAME_CATALOGUES.glob(f"*.{lang}.json")):
        with path.open(encoding="utf-8") as f:
            data.update((k, v) for k, v in json.load(f).items() if LOBBY_KEY.match(k))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def pick_language(cookie: str | None, accept_language: str | None) -> str:
    """Return the language to render in: the cookie's, else the best Accept-Language match."""
    if cookie in LANGUAGES:
        return cookie
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and quality > 0:
            ranked.append((-quality, index, base))
    return min(ranked)[2] if ranked else DEFAULT


def translator(lang: str) -> Translate:
    """Return ``t(key, **params)`` for ``lang``, falling back to English, then to the key."""
    own = catalogue(lang)
    english = catalogue(DEFAULT)

    def t(key: str, /, **params: object) -> str:
        text = own.get(key) or english.get(key) or key
        return _PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)

    return t


def _discover() -> None:
    for path in sorted(CATALOGUES.glob("*.json"), key=lambda p: (p.stem != DEFAULT, p.stem)):
        LANGUAGES[path.stem] = catalogue(path.stem).get("language.name", path.stem)


_discover()
