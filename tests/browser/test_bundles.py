"""Every registered game brings its whole bundle, and only the registry says which games there
are.

A game's bundle is: its package ``rules/<id>/`` in the one layout (``__init__.py`` assembles
the ``Game``; ``engine.py`` options, actions, state and the rules; ``view.py``; ``bot.py``;
further modules by rule area), its page module ``static/js/games/<id>.js`` (exporting
``mount``) and the files of its own that module loads, its styles
``static/css/games/<id>.css``, its how-to fragment ``templates/games/<id>.html``, and its
catalogue ``static/i18n/games/<id>.<lang>.json`` in every language, with the keys the pages
look up (blurb, option and choice labels, outcome reasons, every literal key its module and
how-to use). Every test is driven by ``rules.GAMES``: a new game gets the same checks without
a line here, and no test counts the games. Files and the real server only (no Chromium), so
it runs in a few seconds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest

from app.i18n import GAME_CATALOGUES, LANGUAGES
from rules import GAMES
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rules"
JS_GAMES = ROOT / "static" / "js" / "games"
CSS_GAMES = ROOT / "static" / "css" / "games"
HOWTO = ROOT / "templates" / "games"
IDS = list(GAMES)
#: The places a game's bundle lives; the file name says whose it is (``<id>`` or ``<id>-…``).
BUNDLE_DIRS = {JS_GAMES: ".js", CSS_GAMES: ".css", HOWTO: ".html"}


def modules(game_id: str) -> list[Path]:
    """The game's page module and its own further modules (``<id>-table.js``…)."""
    return sorted(JS_GAMES.glob(f"{game_id}.js")) + sorted(JS_GAMES.glob(f"{game_id}-*.js"))


def english(game_id: str) -> dict[str, str]:
    path = GAME_CATALOGUES / f"{game_id}.en.json"
    found: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return found


def literal_keys(game_id: str) -> set[str]:
    """The game's keys its modules and how-to name literally: ``t("<id>.x")`` and any string
    ``"<id>.a.b"`` in a module (a pref's label), ``t('<id>.x')`` in the how-to."""
    key = rf"{game_id}\.[a-z0-9_]+(?:\.[a-z0-9_]+)*"
    found: set[str] = set()
    for path in modules(game_id):
        source = path.read_text(encoding="utf-8")
        found |= set(re.findall(rf'\bt\(\s*"({key})"', source))
        found |= set(re.findall(rf'"({game_id}\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)"', source))
    howto = (HOWTO / f"{game_id}.html").read_text(encoding="utf-8")
    return found | set(re.findall(rf"""\bt\(\s*['"]({key})['"]""", howto))


def needed_keys(game_id: str) -> set[str]:
    """The keys the shared pages look up for this game, from its declaration."""
    game = GAMES[game_id]
    return ({f"{game_id}.blurb"}
            | {f"{game_id}.option.{o.name}" for o in game.options}
            | {f"{game_id}.choice.{o.name}.{c}" for o in game.options for c in o.choices}
            | {f"{game_id}.reason.{r}" for r in game.reasons})


# --- files -------------------------------------------------------------------------------

def test_there_are_games_to_check() -> None:
    assert IDS and all(re.fullmatch(r"[a-z][a-z0-9_]*", game_id) for game_id in IDS)


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_package_follows_the_one_layout(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.id == game_id
    package = RULES / game_id
    for name in ("__init__.py", "engine.py", "view.py", "bot.py"):
        assert (package / name).is_file(), f"no rules/{game_id}/{name}"
    home = {"engine": [game.setup, game.apply, game.outcome, game.legal_actions, game.to_act,
                       game.options_type],
            "view": [game.view], "bot": [game.bot_action]}
    for module, parts in home.items():
        for part in parts:
            assert part.__module__ == f"rules.{game_id}.{module}", \
                f"{part.__name__} lives in {part.__module__}, not rules/{game_id}/{module}.py"


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_has_its_page_module_and_the_files_it_loads(game_id: str) -> None:
    page = JS_GAMES / f"{game_id}.js"
    assert page.is_file(), f"no page module {page.relative_to(ROOT)}"
    source = page.read_text(encoding="utf-8")
    assert re.search(r"^export (async )?function mount\(", source, re.M), \
        f"{page.name} exports no mount(root, ctx)"
    for path in modules(game_id):
        text = path.read_text(encoding="utf-8")
        for name in re.findall(r"""(?:from\s*|import\(\s*)["']\./([^"']+)["']""", text):
            assert (JS_GAMES / name).is_file(), f"{path.name} imports missing ./{name}"
        for name in re.findall(r"""["']/static/(css/games/[^"']+)["']""", text):
            assert (ROOT / "static" / name).is_file(), f"{path.name} links missing {name}"


@pytest.mark.parametrize("game_id", IDS)
def test_a_game_has_its_styles_and_its_how_to(game_id: str) -> None:
    assert (CSS_GAMES / f"{game_id}.css").is_file(), f"no static/css/games/{game_id}.css"
    assert (HOWTO / f"{game_id}.html").is_file(), f"no templates/games/{game_id}.html"


@pytest.mark.parametrize("folder", [*BUNDLE_DIRS, GAME_CATALOGUES],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundle_file_belongs_to_a_registered_game(folder: Path) -> None:
    """A misspelt or left-over file is found here, not by a player."""
    stray = [p.name for p in folder.iterdir()
             if re.split(r"[-.]", p.name)[0] not in GAMES]
    assert not stray, f"files of no registered game in {folder.relative_to(ROOT)}: {stray}"


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_game_has_every_key_it_needs_in_every_language(game_id: str, lang: str) -> None:
    path = GAME_CATALOGUES / f"{game_id}.{lang}.json"
    assert path.is_file(), f"no catalogue {path.relative_to(ROOT)}"
    texts = json.loads(path.read_text(encoding="utf-8"))
    wanted = set(english(game_id))
    assert set(texts) == wanted, (
        f"missing: {sorted(wanted - set(texts))}, extra: {sorted(set(texts) - wanted)}")
    assert all(isinstance(v, str) and v.strip() for v in texts.values()), path.name
    missing = (needed_keys(game_id) | literal_keys(game_id)) - set(texts)
    assert not missing, f"{path.name} lacks {sorted(missing)}"


# --- what the real server shows ------------------------------------------------------------

def test_hosts_are_offered_exactly_the_registered_games(server: LiveServer) -> None:
    """The home page and the lobby list what ``GET /api/games`` says, which is the registry:
    the page itself names no game (nothing to forget when a game is added)."""
    games = httpx.get(f"{server.url}/api/games").json()
    assert [g["id"] for g in games] == IDS
    home = httpx.get(f"{server.url}/").text
    named = [game_id for game_id in IDS if re.search(rf"\b{game_id}\b", home)]
    assert not named, f"the home page names {named} itself"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_gets_each_games_lobby_texts_and_no_play_texts(
        server: LiveServer, lang: str) -> None:
    """``/i18n/<lang>.json`` is assembled from the game files: every game's blurb, option
    and choice labels (the home page and the lobby show them), not its play texts."""
    reply = httpx.get(f"{server.url}/i18n/{lang}.json")
    assert reply.status_code == 200 and reply.headers["content-type"] == "application/json"
    served = reply.json()
    for game_id in IDS:
        own = json.loads((GAME_CATALOGUES / f"{game_id}.{lang}.json").read_text("utf-8"))
        lobby = {k for k in needed_keys(game_id) if ".reason." not in k}
        assert {k: served.get(k) for k in lobby} == {k: own[k] for k in lobby}
        play = {k for k in own if ".howto." in k or ".reason." in k}
        assert not play & set(served), f"{lang}: {game_id}'s play texts on every page"
    again = httpx.get(f"{server.url}/i18n/{lang}.json",
                      headers={"If-None-Match": reply.headers["etag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("game_id", IDS)
def test_a_games_files_are_served_and_its_how_to_is_translated(
        server: LiveServer, game_id: str) -> None:
    for path in (f"/static/js/games/{game_id}.js", f"/static/css/games/{game_id}.css"):
        assert httpx.get(server.url + path).status_code == 200, path
    for lang in LANGUAGES:
        howto = httpx.get(f"{server.url}/howto/{game_id}", cookies={"lang": lang})
        assert howto.status_code == 200
        # a key without a text is rendered as the key itself
        left = re.findall(rf"\b{game_id}\.[a-z0-9_]+\.[a-z0-9_.]+", howto.text)
        assert not left, f"{lang}: untranslated {left}"
