"""Qwirkle played in a real Chromium: a table screen and phones (mobile viewport, touch).

Every move is made by tapping, as a person would; the server decides, the pages only draw.
"""

from __future__ import annotations

import json
import re

import httpx
import segno
from playwright.sync_api import Page, expect

from rules.base import RuleError
from rules.qwirkle import Place, Tile, game, largest_set
from tests.browser.conftest import Screens, shoot, take_seat

XSS = "<img src=x onerror=alert(1)>"


# --- helpers -------------------------------------------------------------------------------

def create_table(screens: Screens) -> tuple[Page, str]:
    return screens.create_table("qwirkle")


def join_by_code(screens: Screens, code: str, name: str) -> Page:
    return screens.join_by_code(code, name)


def start(table: Page, phones: list[Page]) -> None:
    table.locator("#start").click()
    for phone in phones:
        expect(phone.locator(".qw-hand-tile")).to_have_count(6)
    expect(table.locator(".qw-scoreboard .qw-score")).to_have_count(len(phones))


def whose_turn(phones: list[Page]) -> Page:
    for _ in range(200):
        mine = [p for p in phones if p.locator(".qw-status.mine").count()]
        if len(mine) == 1:
            return mine[0]
        phones[0].wait_for_timeout(50)
    raise AssertionError("no phone shows 'your turn'")


def hand(phone: Page) -> list[str]:
    tiles: list[str] = phone.locator(".qw-hand-tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)")
    return tiles


def tap_tile(phone: Page, index: int) -> None:
    phone.locator(f'.qw-hand-tile[data-index="{index}"]').tap()


def tap_square(phone: Page, row: int, col: int) -> None:
    """Tap the middle of a board square on the screen (the board maps the point to a cell)."""
    target = phone.locator(f'.qw-board rect.qw-spot[data-row="{row}"][data-col="{col}"]')
    box = target.bounding_box()
    assert box is not None, f"square ({row}, {col}) is not offered on the board"
    phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def board_tiles(page: Page) -> int:
    return page.locator(".qw-board g.qw-tile:not(.qw-staged)").count()


def play_opening(phone: Page) -> int:
    """Stage the largest set of the phone's hand along row 0 by tapping, then play it."""
    tiles = hand(phone)
    opening = largest_set(tiles)
    used: set[int] = set()
    for col, tile in enumerate(opening):
        index = next(i for i, t in enumerate(tiles) if t == tile and i not in used)
        used.add(index)
        tap_tile(phone, index)
        tap_square(phone, 0, col)
    expect(phone.locator(".qw-board g.qw-staged")).to_have_count(len(opening))
    phone.locator("#qw-play").tap()
    return len(opening)


def game_with(screens: Screens, names: list[str]) -> tuple[Page, str, list[Page]]:
    table, code = create_table(screens)
    phones = [join_by_code(screens, code, name) for name in names]
    start(table, phones)
    return table, code, phones


# --- tests ---------------------------------------------------------------------------------

def test_table_creates_a_room_that_phones_join_by_code_and_by_the_qr_url(screens: Screens
                                                                           ) -> None:
    table, code = create_table(screens)
    expect(table.locator("#big-code")).to_have_text(code)
    join_url = table.locator("#qr").get_attribute("data-url")
    assert join_url == f"{screens.server.url}/j/{code}"
    expect(table.locator("#join-url")).to_have_text(join_url)
    assert qr_matrix(table) == [list(row) for row in segno.make(join_url, error="m").matrix]

    ann = join_by_code(screens, code, "Ann")
    bob = join_by_code(screens, code, "Bob")
    cy = take_seat(screens.phone(join_url.removeprefix(screens.server.url)), code, "Cy")
    names = table.locator("#lobby-players .player-name")
    expect(names).to_have_text(["Ann", "Bob", "Cy"])
    expect(table.locator("#lobby-players .presence.on")).to_have_count(3)
    expect(ann.locator("#lobby-players .is-you .player-name")).to_have_text("Ann")
    expect(cy.locator("#lobby-wait")).to_be_visible()
    shoot(table, "table-lobby")
    shoot(bob, "phone-lobby")


def qr_matrix(table: Page) -> list[list[int]]:
    """The dark modules of the QR code the table shows, read back from its SVG path."""
    svg = table.locator("#qr svg")
    view_box = svg.get_attribute("viewBox")
    path = svg.locator("path.qrline").get_attribute("d")
    assert view_box and path
    size = int(float(view_box.split()[2]))
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for command, args in re.findall(r"([MmHhVvZz])([^MmHhVvZz]*)", path):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif command in "hH":
            end = x + numbers[0] if command == "h" else numbers[0]
            for col in range(int(min(x, end)), int(max(x, end))):
                grid[int(y)][col] = 1
            x = end
    border = 2
    return [row[border:size - border] for row in grid[border:size - border]]


def test_a_move_tapped_on_a_phone_reaches_the_table_and_the_other_phone(screens: Screens
                                                                        ) -> None:
    table, _code, phones = game_with(screens, ["Ann", "Bob"])
    mover = whose_turn(phones)
    other = phones[1 - phones.index(mover)]
    expect(mover.locator(".qw-board rect.qw-centre")).to_have_count(1)
    expect(mover.locator(".qw-hint")).to_be_visible()
    shoot(mover, "phone-opening")
    laid = play_opening(mover)
    expected = 12 if laid == 6 else (laid if laid > 1 else 1)
    for page in (table, other, mover):
        expect(page.locator(".qw-board g.qw-tile:not(.qw-staged)")).to_have_count(laid)
    mover_id = mover.locator(".qw-score.is-you").get_attribute("data-player")
    expect(table.locator(f'.qw-scoreboard [data-player="{mover_id}"] .qw-score-points')
           ).to_have_text(str(expected))
    expect(table.locator(".qw-board .qw-last-glow")).to_have_count(laid)
    expect(other.locator(".qw-status.mine")).to_have_count(1)
    expect(mover.locator(".qw-status.mine")).to_have_count(0)
    expect(mover.locator(".qw-hand-tile")).to_have_count(6)
    shoot(table, "table-game")
    # the other phone stages a tile too, so its screenshot shows staging
    tap_tile(other, 0)
    tap_square(other, 1, 0)
    expect(other.locator(".qw-board g.qw-staged")).to_have_count(1)
    shoot(other, "phone-game")
    other.locator("#qw-undo").tap()
    expect(other.locator(".qw-board g.qw-staged")).to_have_count(0)


def test_a_refused_move_shows_the_servers_reason_clear_of_the_hand_and_changes_nothing(
        screens: Screens) -> None:
    table, _code, phones = game_with(screens, ["Ann", "Bob"])
    mover = whose_turn(phones)
    laid = play_opening(mover)
    second = phones[1 - phones.index(mover)]
    expect(second.locator(".qw-status.mine")).to_have_count(1)
    # two tiles neither in one row nor in one column: the server refuses, whatever the tiles
    tap_tile(second, 0)
    tap_square(second, 1, 0)
    tap_tile(second, 1)
    tap_square(second, 0, laid)
    second.locator("#qw-play").tap()
    bubble = second.locator(".bubble-error")
    expect(bubble).to_have_text(
        "All the tiles you lay in one turn must be in one row or one column.")
    # The bubble leaves the hand and the buttons in view, and never takes a tap.
    box, hand = bubble.bounding_box(), second.locator(".qw-hand").bounding_box()
    assert box and hand and box["y"] + box["height"] < hand["y"], "the bubble covers the hand"
    assert second.evaluate("""() => {
        const r = document.querySelector('.bubble').getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !hit.closest('.bubble'); }""")
    expect(second.locator(".qw-board g.qw-staged")).to_have_count(2)  # kept, to fix
    expect(table.locator(".qw-board g.qw-tile")).to_have_count(laid)
    expect(second.locator(".qw-status.mine")).to_have_count(1)
    second.locator("#qw-clear").tap()
    expect(second.locator(".qw-board g.qw-staged")).to_have_count(0)


def test_reloading_a_phone_keeps_its_seat_and_its_tiles(screens: Screens) -> None:
    table, code, phones = game_with(screens, ["Ann", "Bob"])
    bob = phones[1]
    tiles = hand(bob)
    seat = json.loads(bob.evaluate(f"localStorage.getItem('gamenight.seat.{code}')"))
    bob.reload()
    expect(bob.locator(".qw-hand-tile")).to_have_count(6)
    assert hand(bob) == tiles
    expect(bob.locator(".qw-score.is-you .qw-score-name")).to_have_text("Bob")
    assert bob.locator(".qw-score.is-you").get_attribute("data-player") == seat["player"]
    # the join page sends a phone that already has a seat straight back to it
    bob.goto(f"{screens.server.url}/j/{code}")
    bob.wait_for_url(re.compile(f"/room/{code}$"))
    expect(bob.locator(".qw-hand-tile")).to_have_count(6)
    expect(table.locator(".qw-scoreboard .qw-score")).to_have_count(2)


def test_a_name_that_looks_like_html_shows_as_plain_text_everywhere(screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    evil = join_by_code(screens, code, XSS)
    for page in (table, ann, evil):
        expect(page.locator("#lobby-players .player-name").nth(1)).to_have_text(XSS)
        assert page.locator("#lobby-players img").count() == 0
    start(table, [ann, evil])
    for page in (table, ann, evil):
        expect(page.locator(f'.qw-score-name:text-is("{XSS}")')).to_have_count(1)
        assert page.locator(".qw img, .qw-score img").count() == 0
    turn = table.locator(".qw-table-turn")
    expect(turn).to_contain_text("'s turn")
    if whose_turn([ann, evil]) is evil:
        expect(turn).to_have_text(f"{XSS}'s turn")
    # the screens fixture also checks that no dialog (alert) fired on any page


def test_the_how_to_play_panel_opens_from_the_lobby_and_from_the_game(screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    ann.locator("#lobby [data-open-howto]").tap()
    expect(ann.locator("#howto")).to_be_visible()
    expect(ann.locator("#howto-body")).to_contain_text("Qwirkle")
    ann.locator("#howto [data-close]").tap()
    expect(ann.locator("#howto")).to_be_hidden()
    bob = join_by_code(screens, code, "Bob")
    start(table, [ann, bob])
    bob.locator("#open-howto").tap()
    expect(bob.locator("#howto-body dt")).to_have_count(6)


def test_a_phone_set_to_russian_reads_russian(screens: Screens) -> None:
    table, code = create_table(screens)
    phone = screens.join_in_language(code, "Маша", "ru")
    expect(phone.locator(".section-title").first).to_contain_text("Игроки")
    expect(table.locator("#lobby-players .player-name")).to_have_text(["Маша"])


def test_the_phone_room_page_downloads_little(screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    bob = join_by_code(screens, code, "Bob")
    start(table, [ann, bob])
    download = screens.cold_room_page(
        bob, code, lambda page: expect(page.locator(".qw-hand-tile")).to_have_count(6))
    total, unpacked = download.totals()
    download.save("room-page-bytes.txt",
                  f"phone room page: {total} bytes on the wire (headers included), "
                  f"{unpacked} bytes uncompressed, {len(download.wire)} requests")
    assert total <= 100_000, f"the room page downloads {total} bytes"
    assert unpacked <= 150_000, f"the room page unpacks to {unpacked} bytes"



def test_bots_finish_a_game_the_table_shows_the_results_and_its_host_rematches(
        screens: Screens) -> None:
    table, code = create_table(screens)
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .player")).to_have_count(1)
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    table.locator("#start").click()
    results = table.locator("#results")
    expect(results).to_be_visible(timeout=60_000)
    expect(table.locator("#results-list li")).to_have_count(2)
    expect(table.locator("#results-winner")).not_to_be_empty()
    expect(table.locator("#rematch")).to_be_visible()
    shoot(table, "table-results")
    version = table.evaluate(f"fetch('/api/rooms/{code}').then(r => r.json())")["version"]
    table.locator("#results-board").click()
    expect(results).to_have_class(re.compile(r"\bpeek\b"))
    table.locator("#results-board").click()
    expect(results).not_to_have_class(re.compile(r"\bpeek\b"))
    table.locator("#rematch").click()
    table.wait_for_function(
        f"fetch('/api/rooms/{code}').then(r => r.json()).then(room => room.version > {version})")


def test_after_a_game_the_host_picks_another_game_for_the_same_room(
        screens: Screens) -> None:
    """Qwirkle ends; the table (host) chooses "Another game", picks Dixit in the lobby, and
    the same room, QR code and seats go on to play Dixit: the phone shows Dixit's lobby and
    then its hand, the table swaps its Qwirkle board for Dixit's."""
    table, code = create_table(screens)
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(1)
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    table.locator("#start").click()
    expect(table.locator("#results")).to_be_visible(timeout=60_000)
    ann = screens.phone(f"/j/{code}")  # a friend arrives while the results show
    ann.locator("#join-name").fill("Ann")
    ann.locator("#join-button").tap()
    ann.wait_for_url(re.compile(f"/room/{code}$"))
    expect(ann.locator("#results")).to_be_visible()
    expect(ann.locator("#results-wait")).to_be_visible()  # the host starts what comes next
    expect(ann.locator("#other-game")).to_be_hidden()
    table.locator("#other-game").click()
    for page in (table, ann):
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#lobby-title")).to_have_text("Qwirkle")
    picker = table.locator("#lobby-game-select")
    expect(picker.locator("option")).to_have_count(4)
    picker.select_option("dixit")
    for page in (table, ann):
        expect(page.locator("#lobby-title")).to_have_text("Dixit")
        expect(page.locator("#lobby-count")).to_have_text("3/12")
    expect(ann.locator("#opt-dixit-end")).to_be_visible()  # Dixit's options, read-only
    shoot(table, "table-lobby-another-game")
    expect(ann.locator("#lobby-game")).to_be_hidden()  # only the host picks the game
    table.locator("#start").click()
    expect(ann.locator("#dx-hand .dx-card")).to_have_count(7)  # three players: 7 cards
    expect(table.locator(".dx-t-cards")).to_be_visible()
    expect(table.locator(".qw-hand-tile, .qw-scoreboard")).to_have_count(0)
    assert screens.errors == []


def test_a_host_phone_removes_a_player_whose_phone_is_told(screens: Screens) -> None:
    host = screens.phone("/")
    host.locator("#create-name").fill("Ann")
    host.locator("#create-play").tap()
    host.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
    code = host.url.rsplit("/", 1)[1]
    expect(host.locator("#lobby-host")).to_be_visible()
    bob = join_by_code(screens, code, "Bob")
    expect(bob.locator("#lobby-host")).to_be_hidden()
    expect(bob.locator("#lobby-wait")).to_have_text("Waiting for Ann to start the game…")
    row = host.locator('#lobby-players .player:has-text("Bob")')
    row.locator("button.danger").tap()
    expect(bob.locator("#gone")).to_be_visible()
    expect(bob.locator("#gone-title")).to_have_text("The host removed you")
    expect(host.locator("#lobby-players .player")).to_have_count(1)
    assert bob.evaluate(f"localStorage.getItem('gamenight.seat.{code}')") is None


def test_the_phone_dashes_only_squares_where_the_chosen_tile_may_go(screens: Screens) -> None:
    """Issue 14: the dashed hint squares were every empty square next to a tile; now, for the
    chosen tile, exactly the squares where the rules let it go (checked against the engine
    with the room's real state), the other squares next to tiles still tappable."""
    table, code, phones = game_with(screens, ["Ann", "Bob"])
    mover = whose_turn(phones)
    play_opening(mover)
    second = phones[1 - phones.index(mover)]
    expect(second.locator(".qw-status.mine")).to_have_count(1)
    player = second.locator(".qw-score.is-you").get_attribute("data-player")

    async def look() -> object:
        return screens.server.app.state.rooms.rooms[code].state
    state = screens.server.call(look)
    tiles = hand(second)
    for index in range(len(tiles)):
        tap_tile(second, index)
        squares = second.locator(".qw-board rect.qw-spot").evaluate_all(
            "els => els.map(e => [Number(e.dataset.row), Number(e.dataset.col),"
            " e.classList.contains('qw-target')])")
        assert squares, "squares next to the tiles are offered"
        for row, col, dashed in squares:
            try:
                game.apply(state, player, Place((Tile(tiles[index], row, col),)))
                legal = True
            except RuleError:
                legal = False
            assert dashed == legal, f"{tiles[index]} at ({row}, {col}): dashed {dashed}"
        tap_tile(second, index)  # unchoose
    shoot(second, "phone-hints")


def test_trading_tiles_by_tapping_them_hands_the_turn_on(screens: Screens) -> None:
    table, _code, phones = game_with(screens, ["Ann", "Bob"])
    mover = whose_turn(phones)
    play_opening(mover)
    second = phones[1 - phones.index(mover)]
    expect(second.locator(".qw-status.mine")).to_have_count(1)
    second.locator("#qw-trade").tap()
    expect(second.locator(".qw-hint")).to_have_text("Tap the tiles to give back, then confirm.")
    tap_tile(second, 0)
    tap_tile(second, 3)
    confirm = second.locator("#qw-trade-confirm")
    expect(confirm).to_have_text("Trade (2)")
    confirm.tap()
    expect(mover.locator(".qw-status.mine")).to_have_count(1)
    expect(second.locator(".qw-hand-tile")).to_have_count(6)
    expect(table.locator(".qw-last-text")).to_contain_text("traded tiles: 2")


def test_the_host_hands_an_absent_players_seat_to_a_bot_and_back(
        screens: Screens, http: httpx.Client) -> None:
    host = screens.phone("/")
    host.locator("#create-name").fill("Ann")
    host.locator("#create-play").tap()
    host.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
    code = host.url.rsplit("/", 1)[1]
    bob = join_by_code(screens, code, "Bob")
    host.locator("#start").tap()
    expect(bob.locator(".qw-hand-tile")).to_have_count(6)
    if whose_turn([host, bob]) is host:
        play_opening(host)
        expect(bob.locator(".qw-status.mine")).to_have_count(1)
    bob.context.close()  # it is Bob's turn, and his phone is gone for good

    host.locator("#open-settings").tap()
    seats = host.locator("#host-seats")
    expect(seats).to_be_visible()
    row = seats.locator('.player:has-text("Bob")')
    expect(row.locator(".presence")).not_to_have_class(re.compile(r"\bon\b"))
    row.locator("input[type=checkbox]").check()
    host.locator("#settings [data-close]").tap()
    # Bob's bot moves for him, and it is Ann's turn.
    expect(host.locator(".qw-last-line")).to_contain_text("Bob")
    expect(host.locator(".qw-status.mine")).to_have_count(1)

    host.locator("#open-settings").tap()
    switch = host.locator('#host-seats .player:has-text("Bob") input[type=checkbox]')
    expect(switch).to_be_checked()
    switch.uncheck()
    bob_seat = {"id": "p2", "name": "Bob", "bot": False, "human": True, "connected": False,
                "is_host": False}
    for _ in range(100):
        if http.get(f"/api/rooms/{code}").json()["players"][1] == bob_seat:
            break
        host.wait_for_timeout(50)
    assert http.get(f"/api/rooms/{code}").json()["players"][1] == bob_seat
