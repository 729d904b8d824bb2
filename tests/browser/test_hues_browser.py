"""Hues and Cues played in a real Chromium: a table screen, phones (mobile viewport, touch) and
a bot. Every move is tapped or typed as a person would; the server decides, the pages draw.

The card and the target live only in the cue giver's view: the other phones and the table must
never receive them (checked on every WebSocket frame) nor show them before scoring.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, WebSocket, expect

from app.config import Settings
from rules import GAMES
from rules.base import PlayerId
from rules.hues.engine import (
    Cone,
    Options,
    Scored,
    State,
    cone_points,
    planned_rounds,
    round_points,
    setup,
)
from tests.app.patching import read, rebuilt
from tests.browser.conftest import Screens, shoot
from tests.conftest import LiveServer

LETTERS = "ABCDEFGHIJKLMNOP"
BASIC_COLOUR = "That is a basic colour word; describe the colour another way."
REJECTED = "The host already rejected that cue in this game."


# --- helpers -------------------------------------------------------------------------------

def watch(page: Page, states: list[dict[str, Any]]) -> None:
    """Collect every state message this page's WebSockets receive, parsed, in order (patches
    rebuilt into whole states, as the page does)."""

    def socket(ws: WebSocket) -> None:
        held: list[dict[str, Any]] = []

        def frame(payload: str | bytes) -> None:
            message = read(payload)
            if message.get("type") == "patch":
                message = rebuilt(held[-1] if held else None, message)
            if message.get("type") == "state":
                held.append(message)
                states.append(message)

        ws.on("framereceived", frame)

    page.on("websocket", socket)


def create_table(screens: Screens) -> tuple[Page, str, list[dict[str, Any]]]:
    states: list[dict[str, Any]] = []
    table, code = screens.create_table("hues", before=lambda page: watch(page, states))
    return table, code, states


def join(screens: Screens, code: str, name: str) -> tuple[Page, list[dict[str, Any]]]:
    states: list[dict[str, Any]] = []
    phone = screens.join_by_link(code, name, before=lambda page: watch(page, states))
    return phone, states


def add_bot(table: Page, count: int) -> None:
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(count)


def square_box(page: Page, square: str) -> FloatRect:
    """Where a board square is on screen now (its rect is number row × 30 + column)."""
    index = LETTERS.index(square[0]) * 30 + int(square[1:]) - 1
    box = page.locator(".hu-cells rect").nth(index).bounding_box()
    assert box is not None
    return box


def box_now(page: Page, selector: str) -> FloatRect:
    """Where the element ``selector`` names is on screen, found and measured in one script.
    A locator's ``bounding_box`` finds the element, then measures it in a second call: a
    redraw between the two (a state arriving) detaches it, and a detached element has no box."""
    box: FloatRect = page.evaluate(
        "selector => { const r = document.querySelector(selector).getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }", selector)
    return box


def on_board(page: Page, square: str) -> bool:
    """Whether the square is in view on the board now."""
    box, area = square_box(page, square), page.locator(".hu-board").bounding_box()
    assert area is not None
    return (area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"]
            and area["y"] <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"])


def settled(page: Page) -> None:
    expect(page.locator(".hu-board:not([data-moving])")).to_have_count(1)


def tap_square(phone: Page, square: str) -> None:
    """Tap a square the way a person does: a tap on the zoomed-out board zooms in around the
    finger, then a tap on the square chooses it."""
    board = phone.locator(".hu-board")
    if not on_board(phone, square):  # a guesser's tall board shows part of it: show it all
        phone.locator(".hu-fit").tap()
        settled(phone)
    if board.get_attribute("data-zoomed") != "true":
        box = square_box(phone, square)
        phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(board).to_have_attribute("data-zoomed", "true")
        settled(phone)
        expect(phone.locator("#hu-chosen")).to_have_count(0)  # that tap only zoomed
    box = square_box(phone, square)
    area = board.bounding_box()
    assert box["width"] >= 30, "a zoomed-in square is big enough for a finger"
    assert area and area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"] \
        and area["y"] <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"]
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(phone.locator("#hu-chosen")).to_have_text(square)


def pinch_open(phone: Page, square: str) -> None:
    """Two fingers spread apart over a square (real touch events, through the DevTools
    protocol, since Playwright's touchscreen only taps)."""
    if not on_board(phone, square):  # a guesser's tall board shows part of it: show it all
        phone.locator(".hu-fit").tap()
        settled(phone)
    box = square_box(phone, square)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, spread: float | None) -> None:
        points = [] if spread is None else [
            {"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for step in range(1, 11):
        touch("touchMove", 20 + step * 6)
    touch("touchEnd", None)
    cdp.detach()


def neighbours(square: str, reach: int) -> list[str]:
    """Squares exactly ``reach`` away (Chebyshev), nearest the middle of the board first."""
    row, col = LETTERS.index(square[0]), int(square[1:]) - 1
    out = [(r, c) for r in range(row - reach, row + reach + 1)
           for c in range(col - reach, col + reach + 1)
           if max(abs(r - row), abs(c - col)) == reach and 0 <= r < 16 and 0 <= c < 30]
    out.sort(key=lambda rc: abs(rc[0] - 7.5) + abs(rc[1] - 14.5))
    return [f"{LETTERS[r]}{c + 1}" for r, c in out]


def token(square: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){square}(?![0-9])")


def assert_secret_kept(page: Page, states: list[dict[str, Any]], card: list[str]) -> None:
    """Neither the page's received views nor what it shows name the card or the target."""
    assert states, "the page received its views"
    for message in states:
        view = message.get("view")
        if not view:
            continue
        assert view["card"] == [] and view["target"] is None and view["last_result"] is None
        public = {cone["square"] for cone in view["cones"]}
        text = json.dumps(message)
        for square in set(card) - public:
            assert not token(square).search(text), f"{square} reached a screen that may not know it"
    secret_marks = ".hu-card, .hu-cardmark, .hu-aim, .hu-frame, .hu-result-target"
    assert page.locator(secret_marks).count() == 0
    shown = page.locator("#game").inner_text()
    data = page.locator("#game [data-square]").evaluate_all("els => els.map(e => e.dataset.square)")
    for square in card:
        assert not token(square).search(shown), f"{square} is shown"
        assert square not in data or square in public_cones(page)


def public_cones(page: Page) -> list[str]:
    squares: list[str] = page.locator(".hu-over .hu-cone").evaluate_all(
        "els => els.map(e => e.dataset.square)")
    return squares


def cone_of(page: Page, player: str) -> list[str]:
    squares: list[str] = page.locator(f'.hu-over .hu-cone[data-player="{player}"]').evaluate_all(
        "els => els.map(e => e.dataset.square)")
    return squares


def give_cue(phone: Page, text: str) -> None:
    phone.locator("#hu-cue-input").fill(text)
    phone.locator("#hu-give").tap()


# --- tests ---------------------------------------------------------------------------------

def test_a_whole_round_on_a_table_three_phones_and_a_bot(screens: Screens) -> None:
    table, code, table_states = create_table(screens)
    ann, _ = join(screens, code, "Ann")  # seat p1: the first cue giver
    add_bot(table, 1)  # seat p2: guesses first, gives the cues of round 2
    bob, bob_states = join(screens, code, "Bob")  # p3
    cy, cy_states = join(screens, code, "Cy")  # p4
    table.locator("#start").click()

    # The cue giver's card: four big swatches with their coordinates.
    cards = ann.locator(".hu-card-colour")
    expect(cards).to_have_count(4)
    card: list[str] = cards.evaluate_all("els => els.map(e => e.dataset.square)")
    expect(cards.locator(".hu-coord")).to_have_text(card)
    expect(ann.locator(".hu-cardmark")).to_have_count(4)
    expect(bob.locator(".hu-tap-hint")).to_be_visible()
    expect(table.locator(".hu-table-turn")).to_have_text("Ann is choosing a colour")
    target = card[1]
    cards.nth(1).tap()
    expect(ann.locator(".hu-sel text")).to_have_text(target)  # the coordinate on the board
    shoot(ann, "hues-phone-card")
    ann.locator("#hu-pick").tap()
    expect(ann.locator(".hu-target-line .hu-coord-big")).to_have_text(target)

    # A basic colour word is refused, in words, next to the cue box; nothing changes.
    give_cue(ann, "red")
    bubble = ann.locator(".bubble-error")
    expect(bubble).to_have_text(BASIC_COLOUR)
    box, field = bubble.bounding_box(), ann.locator("#hu-cue-input").bounding_box()
    assert box and field and abs(box["y"] + box["height"] - field["y"]) < 40, "bubble not by box"
    shoot(ann, "hues-phone-refused")
    expect(table.locator(".hu-cue-none")).to_have_count(1)

    # A cue the table does not accept: the host (the table screen) rejects it.
    give_cue(ann, "lagoon")
    expect(table.locator(".hu-table-cues .hu-cue b")).to_have_text("“lagoon”")
    expect(table.locator('.hu-over .hu-cone[data-player="p2"]')).to_have_count(1)  # the bot
    expect(bob.locator("#hu-reject")).to_have_count(0)  # only the host sees the button
    table.locator("#hu-reject").click()
    expect(table.locator(".hu-over .hu-cone")).to_have_count(0)  # its cones went back
    expect(ann.locator(".bubble-info")).to_have_text("The host rejected “lagoon”.")
    give_cue(ann, "Lagoon")
    expect(ann.locator(".bubble-error")).to_have_text(REJECTED)
    give_cue(ann, "marina")
    expect(cy.locator(".hu-cues .hu-cue b")).to_have_text("“marina”")

    # First guesses in seat order after the cue giver: the bot, then Bob, then Cy.
    expect(bob.locator(".hu-status.mine")).to_have_count(1)
    bot_square = cone_of(table, "p2")[0]
    near = next(s for s in neighbours(target, 1) if s not in card and s != bot_square)
    ring = next(s for s in neighbours(target, 2) if s not in card and s != bot_square)
    assert_secret_kept(bob, bob_states, card)
    assert_secret_kept(table, table_states, card)
    tap_square(bob, near)  # tap a region to zoom, then the square
    expect(bob.locator(".hu-choice .hu-swatch-big")).to_be_visible()
    expect(bob.locator(".hu-sel text")).to_have_text(near)
    shoot(bob, "hues-phone-choose")
    bob.locator("#hu-place").tap()
    expect(table.locator(f'.hu-over .hu-cone[data-square="{near}"]')).to_have_count(1)
    # Bob and "Bot 1" share a letter: their cones say "Bob" and "Bot" (never "B3", a square)
    expect(table.locator(f'.hu-over .hu-cone[data-square="{near}"] .hu-cone-text')).to_have_text(
        "Bob")
    expect(table.locator(f'.hu-over .hu-cone[data-square="{bot_square}"] .hu-cone-text')
           ).to_have_text("Bot")

    # Cy pinches to zoom, tries Bob's square (taken: it cannot be chosen), then nudges.
    expect(cy.locator(".hu-status.mine")).to_have_count(1)
    pinch_open(cy, near)
    expect(cy.locator(".hu-board")).to_have_attribute("data-zoomed", "true")
    tap_square(cy, near)
    expect(cy.locator(".hu-choice .hu-taken")).to_have_text("Taken by Bob's cone")
    expect(cy.locator("#hu-place")).to_be_disabled()
    shoot(cy, "hues-phone-taken")
    tap_square(cy, ring)
    expect(cy.locator("#hu-place")).to_be_enabled()
    cy.locator("#hu-place").tap()
    expect(table.locator(".hu-over .hu-cone")).to_have_count(3)
    expect(table.locator(".hu-table-turn")).to_have_text("Ann is thinking of a second cue")
    shoot(table, "hues-table-guesses")
    assert_secret_kept(cy, cy_states, card)
    assert_secret_kept(table, table_states, card)
    assert_secret_kept(bob, bob_states, card)

    # The cue giver skips the second cue: the round is scored at once.
    ann.locator("#hu-skip").tap()
    cones = [Cone("p2", bot_square, 1), Cone("p3", near, 1), Cone("p4", ring, 1)]
    points = dict(zip(("p1", "p2", "p3", "p4"),
                      round_points(("p1", "p2", "p3", "p4"), 0, target, cones), strict=True))
    # The table shows the frame round the target, the ring, the points on each cone, and each
    # player's points for the round and in total. The bot already gives round 2's cues (bots
    # move at once here), yet the scored round stays on the table's board.
    expect(table.locator(".hu-frame")).to_have_count(1)
    expect(table.locator(".hu-ring")).to_have_count(1)
    expect(table.locator(".hu-caption-title")).to_have_text(f"Round 1: the colour was {target}")
    expect(table.locator(".hu-table-result .hu-coord-big")).to_have_text(target)
    expect(table.locator(".hu-table-result .hu-cue-skip")).to_have_text("Second cue skipped")
    for player, earned in points.items():
        row = table.locator(f'.hu-score[data-player="{player}"]')
        expect(row.locator(".hu-score-round")).to_have_text(f"+{earned}")
        expect(row.locator(".hu-score-total")).to_have_text(str(earned))
    expect(table.locator(f'.hu-over .hu-cone[data-square="{near}"] .hu-pts text')).to_have_text(
        str(cone_points(target, near)))
    # The bot's next cues redraw the board (its frame drawn anew each time): measure the frame
    # in one step.
    frame = box_now(table, ".hu-frame")
    middle = square_box(table, target)
    assert frame["x"] < middle["x"] and frame["y"] < middle["y"] \
        and middle["x"] + middle["width"] < frame["x"] + frame["width"] \
        and middle["y"] + middle["height"] < frame["y"] + frame["height"], "frame round the target"
    assert frame["width"] <= 3.5 * middle["width"], "the frame is 3 squares wide at most"
    expect(bob.locator(".hu-status.mine")).to_have_count(1)  # round 2: the bot has cued
    expect(table.locator(".hu-round-big")).to_have_text("Round 2 of 8")
    shoot(table, "hues-table-scoring")
    # Bob's phone moved on to round 2 and keeps the last round in a chip he can open.
    last = bob.locator(".hu-last")
    expect(last).to_have_text(f"Last round: {target}, you +{points['p3']}")
    last.tap()
    expect(bob.locator(".hu-frame")).to_have_count(1)
    shoot(bob, "hues-phone-last-round")
    # From scoring on, everyone may know the target.
    assert any(s["view"] and s["view"]["last_result"] and s["view"]["last_result"]["target"]
               == target for s in bob_states)


def test_free_pick_lets_the_cue_giver_choose_any_square_on_the_board(screens: Screens) -> None:
    table, code, _ = create_table(screens)
    ann, _ = join(screens, code, "Ann")
    table.locator("#opt-hues-free_pick").check()
    expect(ann.locator("#opt-hues-free_pick")).to_be_checked()
    add_bot(table, 1)
    add_bot(table, 2)
    table.locator("#start").click()
    expect(ann.locator(".hu-tap-hint")).to_have_text(
        "Tap the board to zoom in, then tap the square you will describe.")
    expect(ann.locator(".hu-card-colour")).to_have_count(0)
    tap_square(ann, "H14")
    expect(ann.locator("#hu-place")).to_have_text("Describe H14")
    ann.locator("#hu-place").tap()
    expect(ann.locator(".hu-target-line .hu-coord-big")).to_have_text("H14")
    expect(ann.locator("#hu-cue-input")).to_be_visible()
    expect(table.locator(".hu-table-turn")).to_have_text("Ann is thinking of a cue")
    ann.locator("#open-howto").tap()
    expect(ann.locator("#howto-body dt")).to_have_count(6)
    expect(ann.locator("#howto-body")).to_contain_text("3×3")


def test_the_phone_room_page_of_hues_downloads_little(screens: Screens) -> None:
    table, code, _ = create_table(screens)
    ann, _ = join(screens, code, "Ann")
    add_bot(table, 1)
    add_bot(table, 2)
    table.locator("#start").click()
    expect(ann.locator(".hu-card-colour")).to_have_count(4)

    def ready(page: Page) -> None:
        expect(page.locator(".hu-card-colour .hu-swatch")).to_have_count(4)
        expect(page.locator(".hu-cells rect")).to_have_count(480)

    download = screens.cold_room_page(ann, code, ready)
    wire = download.wire
    total, unpacked = download.totals()
    assert any(url.endswith("/assets/hues/board.json") for url in wire)
    download.save("hues-room-page-bytes.txt",
                  f"hues phone room page: {total} bytes on the wire (headers included), "
                  f"{unpacked} bytes uncompressed, {len(wire)} requests")
    # the board's 480 colours come once (4.9 KB); the table screen's code is not loaded here
    assert not any("hues-table" in url for url in wire)
    assert total <= 60_000, f"the room page downloads {total} bytes"
    # 150 KB until the night's hooks (clock, history, standings, deck panel) and patches came
    # into the shell and client; what they need beyond a hook loads only when used.
    assert unpacked <= 162_000, f"the room page unpacks to {unpacked} bytes"


# --- the host ends a long tie-break ---------------------------------------------------------

def tie_break_setup(players: Sequence[PlayerId], seed: int, options: Options) -> State:
    """The real first state, moved on to the extra rounds: the planned rounds played (they
    scored nothing), the first two seats tied at 5 for the lead, the last seat to give cues."""
    state = setup(players, seed, options)
    n = len(players)
    played = tuple(Scored(number=k + 1, cue_giver=players[k % n], target="A1", cues=("x",),
                          cones=(), points=(0,) * n, extra=False)
                   for k in range(planned_rounds(n)))
    return replace(state, history=played, scores=(5, 5) + (0,) * (n - 2), giver=n - 1)


@pytest.fixture
def tie_break_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose Hues and Cues games start in a tie-break (the real rules otherwise)."""
    games = {**GAMES, "hues": replace(GAMES["hues"], setup=tie_break_setup)}
    settings = Settings(db=tmp_path / "rooms.sqlite3", host="127.0.0.1", bot_delay=0,
                        ws_ping_seconds=0, log_level="warning")
    live = LiveServer(settings, games).start()
    yield live
    live.stop()


def test_the_host_ends_a_tie_break_from_the_phone_and_the_tied_leaders_share_the_win(
        browser: Browser, tie_break_server: LiveServer) -> None:
    screens = Screens(browser, tie_break_server)
    try:
        ann, code = screens.create_playing("hues", "Ann")
        bob = screens.join_by_link(code, "Bob")
        screens.join_by_link(code, "Cy")
        ann.locator("#start").tap()
        end_now = ann.locator("#hu-end-now")
        expect(end_now).to_be_visible()
        expect(bob.locator("#hu-end-now")).to_have_count(0)  # the host's alone
        end_now.tap()  # the first tap only arms it: it cannot be undone
        expect(end_now).to_have_text("End now? Tap again")
        expect(ann.locator("#results")).to_be_hidden()
        end_now.tap()
        for phone in (ann, bob):
            expect(phone.locator("#results")).to_be_visible()
            places = phone.locator("#results-list > li").evaluate_all(
                "els => els.map(e => [e.querySelector('.rank-name')?.textContent"
                " ?? e.textContent, e.dataset.place])")
            assert [place for _, place in places] == ["1", "1", "3"], places
        shoot(ann, "hues-phone-tie-ended")
        assert not screens.errors and not screens.dialogs
    finally:
        screens.close()
