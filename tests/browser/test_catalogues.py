"""The message catalogues: every language has exactly English's keys and placeholders, and
every error code the server can send has a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.i18n import CATALOGUES, LANGUAGES, pick_language, translator
from app.protocol import ERRORS

PLACEHOLDER = re.compile(r"\{(\w+)\}")
ENGLISH = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
FILES = sorted(CATALOGUES.glob("*.json"))


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_languages_we_promised_are_there() -> None:
    assert {"en", "ru", "hy", "bn"} <= set(LANGUAGES)
    assert next(iter(LANGUAGES)) == "en"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_catalogue_has_exactly_the_english_keys_and_placeholders(path: Path) -> None:
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    assert set(catalogue) == set(ENGLISH), (
        f"missing: {sorted(set(ENGLISH) - set(catalogue))}, "
        f"extra: {sorted(set(catalogue) - set(ENGLISH))}")
    for key, text in catalogue.items():
        assert isinstance(text, str) and text.strip(), key
        assert placeholders(text) == placeholders(ENGLISH[key]), key


@pytest.mark.parametrize("path", [p for p in FILES if p.stem != "en"], ids=lambda p: p.stem)
def test_a_translation_is_translated(path: Path) -> None:
    """Guard against a copied English file: most sentences must differ from English."""
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    same = [k for k, v in catalogue.items() if v == ENGLISH[k] and len(v) > 12]
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
