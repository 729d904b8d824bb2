"""The shared client keeps a phone in its seat when the server goes away and comes back: it
shows that it is reconnecting, retries with backoff, retries at once when the page becomes
visible again (a phone waking up), and picks up the game where it was.

The server here is the test's own (on a port of its own, with its own database), stopped
and started again on the same port and database, as ``make run`` would be after a restart.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.config import Settings
from tests.browser.conftest import Screens
from tests.conftest import LiveServer


class Restartable:
    """A live server that can be stopped and started again on the same port and database."""

    def __init__(self, db: Path) -> None:
        self.settings = Settings(db=db, host="127.0.0.1", bot_delay=0, ws_ping_seconds=0,
                                 log_level="warning")
        self.live = LiveServer(self.settings).start()
        self.port = self.live.port

    def stop(self) -> None:
        self.live.stop()

    def start(self) -> None:
        self.live = LiveServer(self.settings, port=self.port).start()


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Restartable]:
    server = Restartable(tmp_path / "rooms.sqlite3")
    yield server
    server.stop()


def hand(phone: Page) -> list[str | None]:
    return phone.locator(".qw-hand-tile").evaluate_all(
        "tiles => tiles.map(t => t.getAttribute('aria-label'))")


def test_a_phone_rides_out_a_server_restart_and_reconnects_at_once_when_it_wakes(
        browser: Browser, restartable: Restartable) -> None:
    screens = Screens(browser, restartable.live)
    try:
        table, code = screens.create_table("qwirkle")
        ann = screens.join_by_code(code, "Ann")
        table.locator("#add-bot").click()
        expect(table.locator("#lobby-players .tag-bot")).to_have_count(1)
        table.locator("#start").click()
        expect(ann.locator(".qw-hand-tile")).to_have_count(6)
        tiles = hand(ann)
        conn = ann.locator("#conn")
        expect(conn).to_have_attribute("data-state", "online")

        # A short outage: the phone says it is reconnecting, then its backoff gets it back.
        restartable.stop()
        expect(conn).to_have_attribute("data-state", "connecting")
        expect(conn).to_be_visible()
        restartable.start()
        expect(conn).to_have_attribute("data-state", "online", timeout=10_000)
        assert hand(ann) == tiles

        # A long one: the backoff has grown to 8 s or more between tries (0.5, 1, 2, 4, 8 s)
        # when the server is back; the phone "waking" (the page shown again) retries at once.
        restartable.stop()
        expect(conn).to_have_attribute("data-state", "connecting")
        ann.wait_for_timeout(8_000)
        restartable.start()
        ann.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(conn).to_have_attribute("data-state", "online", timeout=3_000)
        assert hand(ann) == tiles
        expect(table.locator("#conn")).to_have_attribute("data-state", "online",
                                                          timeout=15_000)
        assert not screens.errors
    finally:
        screens.close()
