"""Real-browser fixtures: one Debian Chromium per session driven by Playwright, one live server
per module, and helpers to open a table screen and phones (mobile viewport, touch).

Chromium is never downloaded: ``make test`` installs Debian's package. A missing Chromium is a
failure, not a skip, so CI can never pass without running these tests.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Request,
    expect,
    sync_playwright,
)

from app.config import Settings
from tests.conftest import LiveServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WAIT_MS = 10_000  # a bound for a hung test, never a speed claim
# Assertions wait as long as actions do: on a loaded CI machine a page that imports a game's
# module, catalogue and styles on start can take more than Playwright's default 5 s.
expect.set_options(timeout=WAIT_MS)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 "
                       "(KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36"}
TV = {"viewport": {"width": 1920, "height": 1080}}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives Chromium, so ``-m "not browser"`` can leave them out."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if executable is None:
        pytest.fail("Chromium is not installed: run `make test` (it installs Debian's "
                    "chromium package) or `apt-get install chromium`.")
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app under uvicorn on 127.0.0.1 with a temp database and instant bots."""
    settings = Settings(db=tmp_path_factory.mktemp("browser") / "rooms.sqlite3",
                        host="127.0.0.1", bot_delay=0, ws_ping_seconds=0, log_level="warning",
                        max_name=40)  # room for the HTML-looking name of the XSS test
    live = LiveServer(settings).start()
    yield live
    live.stop()


class Screens:
    """Opens browser contexts (each its own localStorage: one per device) and closes them."""

    def __init__(self, browser: Browser, server: LiveServer) -> None:
        self.browser = browser
        self.server = server
        self.contexts: list[BrowserContext] = []
        self.dialogs: list[str] = []  # any alert() that fired anywhere: must stay empty
        self.errors: list[str] = []  # uncaught page errors: must stay empty

    def open(self, path: str, kind: dict[str, Any]) -> Page:
        context = self.browser.new_context(**kind)
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.server.url + path)
        return page

    def table(self) -> Page:
        return self.open("/", TV)

    def phone(self, path: str = "/") -> Page:
        return self.open(path, PHONE)

    def create_table(self, game: str, before: Callable[[Page], object] | None = None
                     ) -> tuple[Page, str]:
        """A table screen creates a room of ``game`` from the home page; returns it and the
        code. ``before`` runs on the page first (to listen to its WebSocket, say)."""
        table = self.table()
        if before:
            before(table)
        table.locator(f'.game-card[data-game="{game}"]').click()
        table.locator("#create-table").click()
        table.wait_for_url(re.compile(r"/table/[A-Z]{4}$"))
        expect(table.locator("#lobby")).to_be_visible()
        return table, table.url.rsplit("/", 1)[1]

    def create_playing(self, game: str, name: str) -> tuple[Page, str]:
        """A phone creates a room of ``game`` from the home page and plays in it ("I'm
        playing" as ``name``): the host's seat; returns the phone and the room's code."""
        phone = self.phone("/")
        phone.locator(f'.game-card[data-game="{game}"]').click()
        phone.locator("#create-name").fill(name)
        phone.locator("#create-play").tap()
        phone.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
        return phone, phone.url.rsplit("/", 1)[1]

    def join_by_code(self, code: str, name: str) -> Page:
        """A phone types the code on the home page, then its name on the join page."""
        phone = self.phone("/")
        phone.locator("#join-code").fill(code.lower())
        phone.locator("#join-form button").tap()
        phone.wait_for_url(re.compile(f"/j/{code}$"))
        return take_seat(phone, code, name)

    def join_in_language(self, code: str, name: str, lang: str) -> Page:
        """A phone picks ``lang`` on the home page, then takes a seat from the join link."""
        phone = self.phone("/")
        phone.locator("select.lang-picker").select_option(lang)
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        phone.goto(f"{self.server.url}/j/{code}")
        return take_seat(phone, code, name)

    def join_by_link(self, code: str, name: str,
                     before: Callable[[Page], object] | None = None) -> Page:
        """A phone opens the room's join link (what the QR code holds) and takes a seat;
        ``before`` runs on the page first (to listen to its WebSocket, say)."""
        phone = self.phone(f"/j/{code}")
        if before:
            before(phone)
        return take_seat(phone, code, name)

    def cold_room_page(self, seated: Page, code: str, ready: Callable[[Page], None]
                       ) -> Download:
        """Open the room page in a fresh phone context (nothing cached) holding ``seated``'s
        seat; return every byte it downloads until ``ready`` passes and the network idles."""
        seat = seated.evaluate(f"localStorage.getItem('gamenight.seat.{code}')")
        fresh = self.browser.new_context(**PHONE)
        fresh.set_default_timeout(WAIT_MS)
        self.contexts.append(fresh)
        fresh.add_init_script(f"localStorage.setItem('gamenight.seat.{code}', {json.dumps(seat)})")
        page = fresh.new_page()
        finished: list[Request] = []
        page.on("requestfinished", lambda request: finished.append(request))
        page.goto(f"{self.server.url}/room/{code}")
        ready(page)
        page.wait_for_load_state("networkidle")
        return Download(
            wire={r.url: r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"]
                  for r in finished},
            plain={r.url: len(response.body()) for r in finished
                   if (response := r.response())},
        )

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def take_seat(phone: Page, code: str, name: str) -> Page:
    """On a join page: type the name, take the seat, land in the room's lobby."""
    phone.locator("#join-name").fill(name)
    phone.locator("#join-button").tap()
    phone.wait_for_url(re.compile(f"/room/{code}$"))
    expect(phone.locator("#lobby")).to_be_visible()
    return phone


@dataclass(frozen=True)
class Download:
    """What a page fetched: bytes per URL on the wire (headers included) and uncompressed."""

    wire: dict[str, int]
    plain: dict[str, int]

    def totals(self, keep: Callable[[str], bool] = lambda url: True) -> tuple[int, int]:
        """(bytes on the wire, bytes uncompressed) of the URLs ``keep`` accepts."""
        return (sum(v for u, v in self.wire.items() if keep(u)),
                sum(v for u, v in self.plain.items() if keep(u)))

    def save(self, name: str, headline: str) -> None:
        """Write the per-URL table to test-artifacts/<name> and print the headline."""
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / name).write_text(headline + "\n" + "".join(
            f"{self.wire[url]:>7} {self.plain.get(url, 0):>7} {url}\n"
            for url in sorted(self.wire)))
        print(f"\n{headline}")


@pytest.fixture
def screens(browser: Browser, server: LiveServer) -> Iterator[Screens]:
    opened = Screens(browser, server)
    yield opened
    opened.close()
    assert not opened.dialogs, f"a dialog fired: {opened.dialogs}"
    assert not opened.errors, f"uncaught page errors: {opened.errors}"


@pytest.fixture
def http(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=10) as client:
        yield client


def shoot(page: Page, name: str) -> Path:
    """Save a screenshot under test-artifacts/ (for people to look at; never compared)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), animations="disabled")
    return path
