"""The message catalogues: every language has exactly English's keys and placeholders, and
every error code the server can send has a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.i18n import CATALOGUES, GAME_CATALOGUES, LANGUAGES, pick_language, translator
from app.protocol import ERRORS
from rules import GAMES

PLACEHOLDER = re.compile(r"\{(\w+)\}")
ENGLISH = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
#: Every catalogue file, shared ones (<lang>.json) and game ones (<game>.<lang>.json).
FILES = sorted(CATALOGUES.glob("*.json")) + sorted(GAME_CATALOGUES.glob("*.json"))
#: Game keys the shared catalogue keeps, because the home page and the lobby show them.
SHARED_GAME_KEY = re.compile(r"^[a-z]+\.(blurb|option\..+|choice\..+)$")


def english_of(path: Path) -> dict[str, str]:
    """The English file a catalogue file must mirror."""
    if path.parent == GAME_CATALOGUES:
        game = path.name.split(".")[0]
        return json.loads((GAME_CATALOGUES / f"{game}.en.json").read_text(encoding="utf-8"))
    return ENGLISH


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_languages_we_promised_are_there() -> None:
    assert {"en", "ru", "hy", "bn"} <= set(LANGUAGES)
    assert next(iter(LANGUAGES)) == "en"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_catalogue_has_exactly_the_english_keys_and_placeholders(path: Path) -> None:
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    english = english_of(path)
    assert set(catalogue) == set(english), (
        f"missing: {sorted(set(english) - set(catalogue))}, "
        f"extra: {sorted(set(catalogue) - set(english))}")
    for key, text in catalogue.items():
        assert isinstance(text, str) and text.strip(), key
        assert placeholders(text) == placeholders(english[key]), key


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_game_texts_live_in_their_own_game_file(path: Path) -> None:
    keys = json.loads(path.read_text(encoding="utf-8"))
    if path.parent == GAME_CATALOGUES:
        game = path.name.split(".")[0]
        assert game in GAMES
        assert all(k.startswith(f"{game}.") and not SHARED_GAME_KEY.match(k) for k in keys)
    else:
        stray = [k for k in keys if k.split(".")[0] in GAMES and not SHARED_GAME_KEY.match(k)]
        assert not stray, stray


def test_every_language_has_every_game_file_english_has() -> None:
    for english in GAME_CATALOGUES.glob("*.en.json"):
        game = english.name.split(".")[0]
        for lang in LANGUAGES:
            assert (GAME_CATALOGUES / f"{game}.{lang}.json").exists(), (game, lang)


@pytest.mark.parametrize("path", [p for p in FILES if not p.name.endswith("en.json")],
                         ids=lambda p: p.name)
def test_a_translation_is_translated(path: Path) -> None:
    """Guard against a copied English file: most sentences must differ from English."""
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    english = english_of(path)
    same = [k for k, v in catalogue.items() if v == english[k] and len(v) > 12]
    assert len(same) < 5, same


def test_every_server_error_code_has_a_sentence() -> None:
    missing = [code for code in ERRORS if f"error.{code}" not in ENGLISH]
    assert not missing


def test_translate_fills_placeholders_and_falls_back_to_the_key() -> None:
    t = translator("ru")
    assert t("join.title", code="ABCD") == "Вход в комнату ABCD"
    assert t("no.such.key") == "no.such.key"


@pytest.mark.parametrize(("cookie", "header", "expected"), [
    ("hy", "ru", "hy"),
    (None, "bn-IN,bn;q=0.9,en;q=0.8", "bn"),
    (None, "de-DE,ru;q=0.5,en;q=0.7", "en"),
    (None, "de-DE,ru;q=0.9,en;q=0.7", "ru"),
    ("xx", None, "en"),
    (None, "", "en"),
])
def test_the_language_comes_from_the_cookie_then_accept_language(
        cookie: str | None, header: str | None, expected: str) -> None:
    assert pick_language(cookie, header) == expected
