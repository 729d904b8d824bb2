"""The room around any game, in a real Chromium: seats a bot plays, the host's controls during
play, bot names and places in the results in the page's language, inviting from a phone,
options that apply, and refusal bubbles that leave the play area alone.

The module's server also knows the test game Tally (tests/app/fakegames.py), which has no
browser module: its results are the shell's own ranking, with scores a test can choose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from app.config import Settings
from rules import GAMES
from tests.app.conftest import Phone
from tests.app.fakegames import FAKE_GAMES
from tests.browser.conftest import PHONE, Screens, shoot
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app with the real games and Tally, instant bots."""
    settings = Settings(db=tmp_path_factory.mktemp("room") / "rooms.sqlite3", host="127.0.0.1",
                        bot_delay=0, ws_ping_seconds=0, log_level="warning")
    live = LiveServer(settings, {**GAMES, **FAKE_GAMES}).start()
    yield live
    live.stop()


def qwirkle_with(screens: Screens, names: list[str]) -> tuple[Page, str, list[Page]]:
    """A table-hosted Qwirkle room with ``names`` seated, started."""
    table, code = screens.create_table("qwirkle")
    phones = [screens.join_by_link(code, name) for name in names]
    table.locator("#start").click()
    for phone in phones:
        expect(phone.locator(".qw-hand-tile")).to_have_count(6)
    return table, code, phones


def settings(page: Page) -> None:
    page.locator("#open-settings").click()
    expect(page.locator("#settings")).to_be_visible()


def players(server: LiveServer, code: str) -> list[dict[str, Any]]:
    """The room's seats, from the server's public summary."""
    found: list[dict[str, Any]] = httpx.get(f"{server.url}/api/rooms/{code}").json()["players"]
    return found


# --- bug 2: a seat handed to a bot ---------------------------------------------------------

def test_a_seat_a_bot_plays_says_so_to_its_person_and_is_handed_back_in_the_lobby(
        screens: Screens, server: LiveServer) -> None:
    """Issue 14, bug 2: the host hands Bob's seat to a bot mid-game; Bob's phone says so
    (instead of showing moves he never made as his); after the game the lobby offers to give
    the seat back, and the next game Bob plays himself."""
    table, code, (ann, bob) = qwirkle_with(screens, ["Ann", "Bob"])
    note = bob.locator("#seat-note")
    expect(note).to_be_hidden()
    settings(table)
    table.locator('#host-seats-list [data-player="p2"] input.switch').check()
    expect(note).to_be_visible()
    expect(note).to_contain_text("A bot is playing your seat now")
    expect(bob.locator("#game.is-bot-played")).to_have_count(1)
    expect(bob.locator("#seat-back")).to_be_hidden()  # only the host may give it back
    shoot(bob, "room-seat-bot-played")
    # The host ends the game early (two taps): everyone is back in the lobby.
    end = table.locator("#end-game")
    end.click()
    expect(end).to_have_text("End it? Tap again")
    end.click()
    for page in (table, ann, bob):
        expect(page.locator("#lobby")).to_be_visible()
    expect(note).to_contain_text("would play the next game for you")
    row = table.locator('#lobby-players [data-player="p2"]')
    expect(row.locator(".tag-bot")).to_have_text("bot plays")
    row.get_by_role("button", name="Give Bob their seat back").click()
    expect(row.locator(".tag-bot")).to_have_count(0)
    expect(note).to_be_hidden()
    assert [p["bot"] for p in players(server, code)] == [False, False]
    table.locator("#start").click()
    expect(bob.locator(".qw-hand-tile")).to_have_count(6)
    expect(note).to_be_hidden()


def test_a_host_playing_on_the_phone_takes_their_own_seat_back(screens: Screens) -> None:
    phone, code = screens.create_playing("qwirkle", "Ann")
    screens.join_by_link(code, "Bob")
    phone.locator("#start").tap()
    settings(phone)
    phone.locator('#host-seats-list [data-player="p1"] input.switch').check()
    phone.locator("#settings [data-close]").tap()
    expect(phone.locator("#seat-note")).to_contain_text("A bot is playing your seat now")
    phone.locator("#seat-back").tap()
    expect(phone.locator("#seat-note")).to_be_hidden()


# --- the host during play -------------------------------------------------------------------

def test_the_host_removes_a_player_during_play_and_their_phone_says_who_did(
        screens: Screens) -> None:
    table, _code, (ann, bob) = qwirkle_with(screens, ["Ann", "Bob"])
    settings(table)
    remove = table.locator('#host-seats-list [data-player="p2"]').get_by_role(
        "button", name="Remove Bob")
    remove.click()
    expect(remove).to_have_text("Remove? Tap again")
    expect(bob.locator("#gone")).to_be_hidden()  # one tap does nothing yet
    remove.click()
    expect(bob.locator("#gone")).to_be_visible()
    expect(bob.locator("#gone-title")).to_have_text("The host removed you")
    # a bot took the seat: the table's scoreboard says so
    expect(table.locator('.qw-scoreboard [data-player="p2"] .seat-mark-bot')).to_have_text("bot")
    expect(ann.locator("#seat-note")).to_be_hidden()


def test_the_table_scoreboard_marks_seats_a_bot_plays_and_phones_that_are_away(
        screens: Screens) -> None:
    table, code = screens.create_table("qwirkle")
    ann = screens.join_by_link(code, "Ann")
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(1)
    table.locator("#start").click()
    expect(table.locator('.qw-scoreboard [data-player="p2"] .seat-mark-bot')).to_be_visible()
    expect(table.locator('.qw-scoreboard [data-player="p1"] .seat-mark')).to_have_count(0)
    ann.context.close()
    expect(table.locator('.qw-scoreboard [data-player="p1"] .seat-mark-away')).to_have_text("away")


# --- languages: bot names -------------------------------------------------------------------

def test_bots_are_named_in_the_page_language(screens: Screens) -> None:
    table, code = screens.create_table("qwirkle")
    anna = screens.join_in_language(code, "Анна", "ru")
    table.locator("#add-bot").click()
    expect(anna.locator('#lobby-players [data-player="p2"] .player-name')).to_have_text("Бот 1")
    expect(table.locator('#lobby-players [data-player="p2"] .player-name')).to_have_text("Bot 1")
    table.locator("#start").click()
    expect(anna.locator('.qw-scores [data-player="p2"] .qw-score-name')).to_have_text("Бот 1")


# --- bug 4: tied places ---------------------------------------------------------------------

def test_tied_scores_share_a_place_in_the_results(screens: Screens, server: LiveServer) -> None:
    """Issue 14, bug 4: Tally scores the winner 1 and everyone else 0; the two zeros share
    the second place (list order used to rank them 2nd and 3rd)."""
    created = httpx.post(f"{server.url}/api/rooms",
                         json={"game": "tally", "name": "Ann", "options": {"target": 2}})
    body = created.json()
    code = body["code"]
    for name in ("Bob", "Cy"):
        httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": name})
    phone = screens.open(f"/j/{code}", PHONE)
    phone.evaluate(f"localStorage.setItem('gamenight.seat.{code}', "
                   f"{json.dumps(json.dumps({'token': body['token'], 'player': 'p1'}))})")
    phone.goto(f"{server.url}/room/{code}")
    expect(phone.locator("#lobby-players .player")).to_have_count(3)
    phone.locator("#start").tap()
    ann = Phone(server, code, body["token"])
    try:
        ann.send({"type": "action", "id": "win", "action": {"kind": "add", "n": 2}})
        expect(phone.locator("#results")).to_be_visible()
    finally:
        ann.close()
    rows = phone.locator("#results-list li")
    expect(rows).to_have_count(3)
    assert rows.evaluate_all("els => els.map(e => e.dataset.place)") == ["1", "2", "2"]
    expect(rows.locator(".rank-place")).to_have_text(["1", "2", "2"])


# --- inviting from a phone ------------------------------------------------------------------

def test_a_host_playing_on_the_phone_gets_the_qr_code_and_the_way_to_a_tv(
        screens: Screens) -> None:
    phone, code = screens.create_playing("dixit", "Ann")
    invite = phone.locator("#lobby-invite")
    expect(invite).to_be_visible()
    expect(invite.locator(".qr svg")).to_have_count(1)
    expect(phone.locator("#lobby-invite-url")).to_have_text(re.compile(f"/j/{code}$"))
    expect(phone.locator("#lobby-tv-url")).to_have_text(re.compile(f"/table/{code}$"))
    shoot(phone, "room-phone-host-invite")
    # a friend who joins sees the QR code too (to pass it on), but not the TV hint
    bob = screens.join_by_link(code, "Bob")
    expect(bob.locator("#lobby-invite")).to_be_visible()
    expect(bob.locator("#lobby-tv")).to_be_hidden()


def test_phones_in_a_room_the_table_hosts_are_not_asked_to_invite(screens: Screens) -> None:
    _table, code = screens.create_table("qwirkle")
    ann = screens.join_by_link(code, "Ann")
    expect(ann.locator("#lobby-invite")).to_be_hidden()
    expect(ann.locator("#lobby-share")).to_be_visible()


# --- options that apply ---------------------------------------------------------------------

def test_the_lobby_shows_only_the_dixit_options_that_apply(screens: Screens) -> None:
    table, code = screens.create_table("dixit")
    option = lambda name: table.locator(f"#opt-dixit-{name}")  # noqa: E731
    expect(option("end")).to_be_visible()
    expect(option("target")).to_have_count(0)  # it ends when the pile runs out
    expect(option("turns_each")).to_have_count(0)
    expect(option("four_points")).to_be_visible()  # nobody yet: it may be 3 players
    option("end").select_option("points")
    expect(option("target")).to_be_visible()
    expect(option("turns_each")).to_have_count(0)
    option("end").select_option("turns")
    expect(option("turns_each")).to_be_visible()
    expect(option("target")).to_have_count(0)
    for name in ("Ann", "Bob", "Cy", "Di"):
        screens.join_by_link(code, name)
    expect(option("four_points")).to_have_count(0)  # the 3-player rule, with 4 players


def test_the_home_page_shows_only_the_options_that_apply(screens: Screens) -> None:
    home = screens.phone("/")
    home.locator('.game-card[data-game="dixit"]').click()
    expect(home.locator("#opt-dixit-end")).to_be_visible()
    expect(home.locator("#opt-dixit-target")).to_have_count(0)
    home.locator("#opt-dixit-end").select_option("points")
    expect(home.locator("#opt-dixit-target")).to_be_visible()


# --- bug 5: bubbles -------------------------------------------------------------------------

def test_a_bubble_over_the_play_area_leaves_it_clear_and_never_swallows_a_tap(
        screens: Screens) -> None:
    """Issue 14, bug 5: in solo Encore!, a tap on the sheet before any die is picked raises a
    hint bubble; it must not cover the sheet or the dice, and the very next tap (on a die)
    must pick the die, not just dismiss the bubble."""
    phone = screens.phone("/")
    phone.locator('.game-card[data-game="encore"]').click()
    phone.locator("#create-name").fill("Ann")
    phone.locator("#create-play").tap()
    phone.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
    phone.locator("#start").tap()
    die = phone.locator(".en-tray button.en-die-colour").first
    for _ in range(10):  # a roll that fits nowhere on the empty sheet can only be passed
        phone.locator("#en-roll").tap()
        expect(phone.locator("#en-pass")).to_be_visible()
        if die.count():
            break
        phone.locator("#en-pass").tap()
    expect(die).to_be_visible()
    phone.locator('.en-own [data-box="H3"]').tap()
    bubble = phone.locator(".bubble")
    expect(bubble).to_be_visible()
    shoot(phone, "room-bubble")
    box = bubble.bounding_box()
    assert box is not None
    for area in (".en-own", ".en-tray", ".en-controls"):
        other = phone.locator(area).bounding_box()
        assert other is not None
        apart = (box["y"] + box["height"] <= other["y"] or other["y"] + other["height"] <= box["y"])
        assert apart, f"the bubble covers {area}"
    under = phone.evaluate("""() => {
        const r = document.querySelector('.bubble').getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).className; }""")
    assert "bubble" not in str(under), "a tap on the bubble would stop at the bubble"
    die.tap()
    expect(die).to_have_class(re.compile(r"\bis-picked\b"))
    expect(bubble).to_have_count(0)


# --- Dixit's last reveal on the TV, its card viewer ----------------------------------------

def test_the_table_shows_dixits_last_reveal_before_the_results(screens: Screens) -> None:
    table, code = screens.create_table("dixit")
    ann = screens.join_by_link(code, "Ann")
    table.locator("#opt-dixit-end").select_option("turns")
    expect(table.locator("#opt-dixit-turns_each")).to_be_visible()
    table.locator("#opt-dixit-turns_each").fill("1")
    table.locator("#opt-dixit-turns_each").dispatch_event("change")
    for count in (1, 2):
        table.locator("#add-bot").click()
        expect(table.locator("#lobby-players .tag-bot")).to_have_count(count)
    table.locator("#start").click()
    expect(ann.locator("#dx-hand, .dx-grid").first).to_be_visible()
    settings(table)
    table.locator('#host-seats-list [data-player="p1"] input.switch').check()
    table.locator("#settings [data-close]").click()
    # the bots play the three rounds; the last reveal shows first, then the results
    expect(table.locator("#dx-table-cards.is-scored")).to_be_visible(timeout=30_000)
    expect(table.locator("body[data-phase='finished']")).to_have_count(1, timeout=30_000)
    expect(table.locator("#results")).to_be_hidden()
    expect(table.locator("#results")).to_be_visible(timeout=15_000)
    expect(ann.locator("#results")).to_be_visible()  # phones see the results at once
    table.reload()  # a table opened on a finished game shows them at once
    expect(table.locator("#results")).to_be_visible(timeout=3_000)


def test_the_dixit_card_viewer_hides_the_page_behind_it(screens: Screens) -> None:
    table, code = screens.create_table("dixit")
    ann = screens.join_by_link(code, "Ann")
    for count in (1, 2):
        table.locator("#add-bot").click()
        expect(table.locator("#lobby-players .tag-bot")).to_have_count(count)
    table.locator("#start").click()
    ann.locator("#dx-hand .dx-card .dx-face").first.tap()
    viewer = ann.locator(".dx-viewer")
    expect(viewer).to_be_visible()
    alpha = viewer.evaluate("el => getComputedStyle(el).backgroundColor")
    assert alpha.startswith("rgb(") or alpha.endswith(", 1)"), f"see-through viewer: {alpha}"
