"""The shared client over a real connection that fails: a phone keeps its seat when the
server goes away and comes back (it shows that it is reconnecting, retries with backoff, and
at once when the page becomes visible again, a phone waking up); an action lost on the way is
resent with its id, one whose answer was lost is not applied twice; a state older than the
one shown is ignored.

The restart test runs its own server (its own port and database), stopped and started again
on the same port and database, as ``make run`` would be after a restart. The others sit on
the page's socket with Playwright's WebSocket routing, the real server behind it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from app.config import Settings
from tests.app.patching import read
from tests.browser.conftest import Screens
from tests.browser.test_qwirkle_browser import play_opening, whose_turn
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


class Flaky:
    """Sits on a page's room socket (Playwright's WebSocket routing, the real server behind)
    and, once armed, kills it at the worst moment, as a phone dropping off the Wi-Fi does:
    ``"action"``: the page's next action never reaches the server; ``"answer"``: the server
    gets it, but its answer never reaches the page."""

    def __init__(self) -> None:
        self.armed: str | None = None
        self.lost: list[str] = []

    def route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if self.armed == "action" and isinstance(message, str) and '"action"' in message:
                self._cut(ws, message)
                return
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if (self.armed == "answer" and isinstance(message, str)
                    and (message.startswith('{"type":"state"') and '"ref":' in message
                         or message.startswith('["patch"') and read(message)["ref"])):
                self._cut(ws, message)
                return
            ws.send(message)
        ws.on_message(from_page)
        server.on_message(from_server)

    def _cut(self, ws: WebSocketRoute, message: str) -> None:
        self.armed = None
        self.lost.append(message)
        ws.close(code=4000, reason="lost")


def wait_for_loss(page: Page, flaky: Flaky) -> None:
    for _ in range(100):  # route handlers run while Playwright waits
        if flaky.lost:
            return
        page.wait_for_timeout(50)
    raise AssertionError("nothing was lost")


def room_version(screens: Screens, code: str) -> int:
    version: int = httpx.get(f"{screens.server.url}/api/rooms/{code}").json()["version"]
    return version


def test_a_move_lost_on_the_way_is_resent_and_one_whose_answer_was_lost_applies_once(
        screens: Screens) -> None:
    table, code = screens.create_table("qwirkle")
    flaky = {name: Flaky() for name in ("Ann", "Bob")}
    phones = {name: screens.join_by_link(code, name, before=lambda page, f=f: page.route_web_socket(
        re.compile(r"/ws/"), f.route)) for name, f in flaky.items()}
    table.locator("#start").click()
    for phone in phones.values():
        expect(phone.locator(".qw-hand-tile")).to_have_count(6)
    mover = whose_turn(list(phones.values()))
    first = next(name for name, phone in phones.items() if phone is mover)
    second = next(name for name in phones if name != first)

    # 1. The opening never reaches the server; the phone reconnects and sends it again.
    flaky[first].armed = "action"
    version = room_version(screens, code)
    laid = play_opening(mover)
    wait_for_loss(mover, flaky[first])
    expect(mover.locator("#conn")).to_have_attribute("data-state", "online")
    expect(table.locator(".qw-board g.qw-tile")).to_have_count(laid)
    assert room_version(screens, code) == version + 1

    # 2. A trade reaches the server but its answer is lost: the resend is recognised by its
    # id and answered, never applied twice (a second trade would have changed the hand again).
    other = phones[second]
    expect(other.locator(".qw-status.mine")).to_have_count(1)
    flaky[second].armed = "answer"
    other.locator("#qw-trade").tap()
    other.locator('.qw-hand-tile[data-index="0"]').tap()
    other.locator("#qw-trade-confirm").tap()
    wait_for_loss(other, flaky[second])
    expect(other.locator("#conn")).to_have_attribute("data-state", "online")
    expect(mover.locator(".qw-status.mine")).to_have_count(1)
    expect(table.locator(".qw-last-text")).to_contain_text("traded tiles: 1")
    assert room_version(screens, code) == version + 2
    expect(other.locator(".qw-hand-tile")).to_have_count(6)


def test_a_state_older_than_the_one_shown_is_ignored(screens: Screens) -> None:
    """Messages can cross (a presence update racing a move, a reconnect's snapshot): a phone
    given an old state after a newer one keeps showing the newer."""
    sockets: list[WebSocketRoute] = []
    seen: list[str] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if isinstance(message, str):
                seen.append(message)
            ws.send(message)
        server.on_message(from_server)
        sockets.append(ws)

    table, code = screens.create_table("qwirkle")
    ann = screens.join_by_link(code, "Ann", before=lambda page: page.route_web_socket(
        re.compile(r"/ws/"), route))
    screens.join_by_code(code, "Bob")
    lobby = next(m for m in seen if m.startswith('{"type":"state"') and '"phase":"lobby"' in m)
    table.locator("#start").click()
    expect(ann.locator(".qw-hand-tile")).to_have_count(6)
    sockets[-1].send(lobby)  # an old lobby state arrives late,
    sockets[-1].send('{"type":"error","code":"busy","message":"after the old state"}')
    expect(ann.locator(".bubble")).to_be_visible()  # and once what came after it is shown:
    expect(ann.locator("#game")).to_be_visible()
    expect(ann.locator("#lobby")).to_be_hidden()
    expect(ann.locator(".qw-hand-tile")).to_have_count(6)
