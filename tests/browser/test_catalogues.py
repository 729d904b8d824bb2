"""The message catalogues: every language has exactly English's keys and placeholders, and
every error code the server can send has a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from app.i18n import CATALOGUES, GAME_CATALOGUES, LANGUAGES, pick_language, translator
from app.protocol import ERRORS
from rules import GAMES
from tests.conftest import LiveServer

#: A placeholder, {name}, or the count of a plural form, {name, plural, one {…} other {…}}.
PLACEHOLDER = re.compile(r"\{(\w+)(?:\}|, plural,)")
ENGLISH = json.loads((CATALOGUES / "en.json").read_text(encoding="utf-8"))
#: Every catalogue file, shared ones (<lang>.json) and game ones (<game>.<lang>.json).
FILES = sorted(CATALOGUES.glob("*.json")) + sorted(GAME_CATALOGUES.glob("*.json"))


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
    """A game's texts, its blurb and option labels too, are in its own files only, so adding
    a game edits no shared catalogue (the server assembles what every page loads)."""
    keys = json.loads(path.read_text(encoding="utf-8"))
    if path.parent == GAME_CATALOGUES:
        game = path.name.split(".")[0]
        assert game in GAMES
        assert all(k.startswith(f"{game}.") for k in keys)
    else:
        stray = [k for k in keys if k.split(".")[0] in GAMES]
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


#: (language, count, text) for night.points: each language's own plural forms.
PLURALS = [("en", 1, "1 pt"), ("en", 2, "2 pts"), ("en", 0, "0 pts"),
           ("ru", 1, "1 очко"), ("ru", 3, "3 очка"), ("ru", 5, "5 очков"), ("ru", 21, "21 очко"),
           ("hy", 1, "1 միավոր"), ("bn", 2, "2 পয়েন্ট")]


def test_a_count_takes_its_languages_plural_form_in_the_browser(
        browser: Browser, server: LiveServer) -> None:
    """ICU plural forms (``{n, plural, one {…} other {…}}``) are picked by the page's
    language with the browser's plural rules."""
    for lang in dict.fromkeys(lang for lang, _, _ in PLURALS):
        context = browser.new_context()
        context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.goto(server.url + "/")
        shown = page.evaluate("""async (counts) => {
            const i18n = await import("/static/js/i18n.js");
            await i18n.loadCatalogue();
            return counts.map((n) => i18n.t("night.points", { n }));
        }""", [n for code, n, _ in PLURALS if code == lang])
        context.close()
        assert shown == [text for code, _, text in PLURALS if code == lang], lang


def test_plural_forms_are_only_in_texts_the_browser_draws() -> None:
    """The server's translator (templates) fills {placeholders} only: a text with a plural
    form must not be used by a template."""
    plural = {key for path in FILES for key, text in json.loads(path.read_text("utf-8")).items()
              if ", plural," in text}
    assert plural, "no plural form left: drop this test"
    templates = Path(__file__).parents[2] / "templates"
    used = [(key, page.name) for page in templates.rglob("*.html") for key in plural
            if f"'{key}'" in page.read_text("utf-8") or f'"{key}"' in page.read_text("utf-8")]
    assert not used, used
