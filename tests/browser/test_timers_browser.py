"""Turn clocks and streamer mode in a real Chromium: the host switches the clock on in the
lobby, the table and the phones count down to the same deadline (a phone whose own clock is an
hour wrong included), a turn left alone is played by the bot, the host pauses and resumes the
clock from the settings sheet; the table hides its code and QR code in streamer mode."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from app.config import Settings
from tests.browser.conftest import Screens, shoot
from tests.conftest import LiveServer

TURN = 6  # seconds


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app with instant bots and turn clocks as short as a second."""
    settings = Settings(db=tmp_path_factory.mktemp("timers") / "rooms.sqlite3", host="127.0.0.1",
                        bot_delay=0, ws_ping_seconds=0, log_level="warning", timer_minimum=1)
    live = LiveServer(settings).start()
    yield live
    live.stop()


def left(page: Page) -> int:
    return int(page.locator("#clock").get_attribute("data-left") or "-1")


def version(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-drawn") or "0")


def timed_qwirkle(screens: Screens, seconds: int) -> tuple[Page, str, list[Page]]:
    """A table-hosted Qwirkle room, clock switched on in the lobby and set to ``seconds``,
    two phones (the second's own clock an hour fast), started."""
    table, code = screens.create_table("qwirkle")
    ann = screens.join_by_link(code, "Ann")
    wrong = screens.browser.new_context(**{"viewport": {"width": 390, "height": 844},
                                           "has_touch": True, "is_mobile": True})
    screens.contexts.append(wrong)
    wrong.add_init_script("{ const real = Date.now; Date.now = () => real() + 3600000; }")
    bob = wrong.new_page()
    bob.goto(f"{screens.server.url}/j/{code}")
    bob.locator("#join-name").fill("Bob")
    bob.locator("#join-button").tap()
    bob.wait_for_url(re.compile(f"/room/{code}$"))
    button = table.locator("#open-timers")
    expect(button).to_have_text("⏱ Off")  # off by default
    expect(ann.locator("#lobby-timers")).to_be_hidden()
    button.click()
    switch = table.locator("#timers-qwirkle")
    expect(switch).not_to_be_checked()
    switch.check()
    length = table.locator("#timer-qwirkle-turn")
    expect(length).to_have_value("60")  # the game's default
    expect(table.locator('label[for="timer-qwirkle-turn"]')).to_have_text("Seconds per turn")
    expect(ann.locator("#lobby-timers")).to_have_text("Turn timers: 60 s")
    expect(ann.locator("#open-timers")).to_be_hidden()  # only the host sets them
    length.fill(str(seconds))
    length.dispatch_event("change")
    expect(ann.locator("#lobby-timers")).to_have_text(f"Turn timers: {seconds} s")
    expect(button).to_have_text(f"⏱ {seconds} s")
    table.locator("#timers [data-close]").click()
    table.locator("#start").click()
    for page in (table, ann, bob):
        expect(page.locator("#clock")).to_be_visible()
    return table, code, [ann, bob]


def test_the_countdown_agrees_everywhere_and_a_turn_left_alone_is_played_by_the_bot(
        screens: Screens) -> None:
    table, code, phones = timed_qwirkle(screens, TURN)
    start = version(table)
    readings = [left(page) for page in (table, *phones)]
    assert max(readings) - min(readings) <= 1, readings  # the fast phone too
    assert 0 < min(readings) <= TURN
    expect(table.locator("#clock .clock-time")).to_have_text(re.compile(r"^0:0[0-6]$"))
    shoot(table, "timers-table-countdown")
    shoot(phones[0], "timers-phone-countdown")
    # Nobody moves: the bot plays the turn at the deadline, and the next turn is timed.
    expect(table.locator("body")).to_have_attribute("data-drawn", str(start + 1),
                                                    timeout=(TURN + 5) * 1000)
    assert left(table) >= TURN - 2  # a fresh turn (read a moment after the move)
    # the table says whose time ran out; that player's phone says it was theirs
    expect(table.locator(".bubble")).to_have_text(re.compile(r"^Time's up for (Ann|Bob): "))
    whose = (table.locator(".bubble").text_content() or "").split()[3].rstrip(":")
    mine = phones[["Ann", "Bob"].index(whose)]
    expect(mine.locator(".bubble")).to_have_text("Time's up: a bot played your turn.")
    phones[1].wait_for_function("v => Number(document.body.dataset.drawn) >= v", arg=start + 1)


def test_the_host_pauses_the_clock_and_it_resumes_with_what_it_had_left(
        screens: Screens) -> None:
    table, code, phones = timed_qwirkle(screens, TURN)
    table.locator("#open-settings").click()
    pause = table.locator("#clock-pause")
    expect(pause).to_be_visible()
    pause.click()
    for page in (table, *phones):
        expect(page.locator("#clock")).to_have_class(re.compile(r"\bis-paused\b"))
    paused = version(phones[0])
    held = left(phones[0])
    time.sleep(TURN + 1)
    assert version(table) == version(phones[0]) == paused  # no move was made…
    assert left(phones[0]) == held  # …and the clock stood still
    pause.click()  # resume
    expect(phones[0].locator("#clock")).not_to_have_class(re.compile(r"\bis-paused\b"))
    assert abs(left(phones[0]) - held) <= 1
    # the resume, then the bot's move at the deadline
    expect(phones[0].locator("body")).to_have_attribute("data-drawn", str(paused + 2),
                                                        timeout=(TURN + 5) * 1000)


def test_streamer_mode_hides_the_code_and_qr_until_tapped_and_is_remembered(
        screens: Screens, server: LiveServer) -> None:
    table, code = screens.create_table("qwirkle")
    expect(table.locator("#big-code")).to_have_text(code)
    table.locator("#open-settings").click()
    table.locator("#pref-streamer").check()
    table.locator("#settings [data-close]").click()
    expect(table.locator("#qr")).to_be_hidden()
    expect(table.locator("#big-code")).to_be_hidden()
    expect(table.locator("#room-code")).to_have_text("••••")
    expect(table.locator("#invite-reveal")).to_be_visible()
    assert code not in table.locator("body").inner_text()
    assert code not in table.title()
    shoot(table, "timers-streamer-hidden")
    table.reload()  # remembered by this browser
    expect(table.locator("#lobby")).to_be_visible()
    expect(table.locator("#qr")).to_be_hidden()
    assert code not in table.locator("body").inner_text()
    table.locator("#invite-reveal").click()  # tap to show
    expect(table.locator("#qr")).to_be_visible()
    expect(table.locator("#big-code")).to_have_text(code)
    expect(table.locator("#room-code")).to_have_text(code)
    table.locator("#invite-hide").click()
    expect(table.locator("#qr")).to_be_hidden()
    assert code not in table.locator("body").inner_text()
    # a phone is never in streamer mode; the room itself is unchanged
    assert httpx.get(f"{server.url}/api/rooms/{code}").status_code == 200
