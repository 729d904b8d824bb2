"""Encore! played in a real Chromium: a table screen and two phones, and a solo game on one
phone (390x844, touch).

Every move is tapped as a person would: Roll, a colour die and a number die, the lit boxes,
Cross (or Pass, twice). The test reads only what the page shows (which dice are offered, which
boxes are lit); the server decides, the pages draw.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from rules.encore.sheet import printed_sheet, random_layouts
from tests.browser.conftest import PHONE, TV, Screens, shoot

DIE = ".en-tray button.en-die"
LIT = ".en-own .en-box.is-lit"


# --- helpers -------------------------------------------------------------------------------

def create_table(screens: Screens) -> tuple[Page, str]:
    return screens.create_table("encore")


def join(screens: Screens, code: str, name: str) -> Page:
    return screens.join_by_link(code, name)


def active_phone(phones: list[Page]) -> Page:
    """The phone showing the Roll button (the game waits for exactly one)."""
    for _ in range(200):
        mine = [p for p in phones if p.locator("#en-roll").count()]
        if len(mine) == 1:
            return mine[0]
        phones[0].wait_for_timeout(50)
    raise AssertionError("no phone offers the Roll button")


def roll(phone: Page) -> None:
    phone.locator("#en-roll").tap()
    expect(phone.locator(".en-tray .en-die").first).to_be_visible()


def offered(phone: Page, kind: str) -> list[tuple[int, str]]:
    """(index, face) of the dice of ``kind`` this phone may pick now that can cross something,
    given the die of the other kind already picked."""
    dice: list[tuple[int, str]] = phone.locator(
        f"{DIE}.en-die-{kind}:not(.is-out):not(.is-dull)").evaluate_all(
        "els => els.map(e => [Number(e.dataset.die), e.dataset.face])")
    return [(int(i), str(f)) for i, f in dice]


def tap_die(phone: Page, index: int) -> None:
    phone.locator(f'{DIE}[data-die="{index}"]').tap()


def pick(phone: Page, joker: bool = False) -> bool:
    """Tap a colour die and a number die that light boxes up; with ``joker``, a pair with one
    joker. Plain dice come first otherwise. False when nothing fits (the phone must pass)."""
    colours = sorted(offered(phone, "colour"), key=lambda d: d[1] == "X")
    for colour, face in colours:
        tap_die(phone, colour)
        numbers = sorted(offered(phone, "number"), key=lambda d: d[1] == "?")
        if joker:
            numbers = [d for d in numbers if (d[1] == "?") != (face == "X")]
        if numbers:
            tap_die(phone, numbers[0][0])
            expect(phone.locator(LIT).first).to_be_visible()
            return True
        tap_die(phone, colour)  # unpick, try the next colour
    return False


def cross_lit(phone: Page) -> int:
    """Tap lit boxes until Cross is offered, tap it; returns how many boxes were crossed."""
    cross = phone.locator("#en-cross")
    tapped = 0
    while not cross.is_enabled():
        phone.locator(LIT).first.tap()
        tapped += 1
        expect(phone.locator(".en-own .en-box.is-tapped")).to_have_count(tapped)
        assert tapped <= 5, "Cross never became possible"
    expect(cross).to_contain_text(str(tapped))
    cross.tap()
    return tapped


def pass_roll(phone: Page) -> None:
    button = phone.locator("#en-pass")
    if phone.locator("#en-cross").count():  # something could be crossed: Pass takes two taps
        button.tap()
        expect(button).to_have_text("Pass? Tap again")
    button.tap()


def choose(phone: Page, joker: bool = False) -> int:
    """Cross something with tapped dice and boxes, or pass when nothing fits; boxes crossed."""
    if pick(phone, joker):
        return cross_lit(phone)
    pass_roll(phone)
    return 0


def crossed_on_table(table: Page, player: str) -> int:
    return table.locator(f'.en-card[data-player="{player}"] .en-box.is-crossed').count()


def jokers_used_on_table(table: Page, player: str) -> int:
    return table.locator(f'.en-card[data-player="{player}"] .en-jokers i.used').count()


def seat_of(phone: Page, code: str) -> str:
    """The phone's seat in room ``code``, as stored (JSON text)."""
    seat: str = phone.evaluate(f"localStorage.getItem('gamenight.seat.{code}')")
    return seat


def player_id(phone: Page, code: str) -> str:
    player: str = json.loads(seat_of(phone, code))["player"]
    return player


# --- tests ---------------------------------------------------------------------------------

def next_roll(phones: list[Page]) -> Page | None:
    """The phone whose roll it is, or None when the bot rolled and chose (both phones pick)."""
    for _ in range(200):
        rolling = [p for p in phones if p.locator("#en-roll").count()]
        if rolling:
            return rolling[0]
        if all(p.locator(".en-say.mine").count() for p in phones):
            return None
        phones[0].wait_for_timeout(50)
    raise AssertionError("neither a Roll button nor a pick is offered")


def test_a_table_two_phones_and_a_bot_play_rolls_with_a_pass_a_joker_and_hidden_picks(
        screens: Screens) -> None:
    table, code = create_table(screens)
    ann, bob = join(screens, code, "Ann"), join(screens, code, "Bob")
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(1)
    ids = {ann: player_id(ann, code), bob: player_id(bob, code)}
    table.locator("#start").click()
    expect(table.locator(".en-card")).to_have_count(3)
    for phone in (ann, bob):
        expect(phone.locator(".en-own .en-box")).to_have_count(105)
        expect(phone.locator(".en-mini")).to_have_count(2)
        box = phone.locator('.en-own [data-box="H4"] rect').bounding_box()
        assert box and box["width"] >= 24, f"sheet boxes are {box} on a 390px phone"

    def card(phone: Page) -> str:
        return f'.en-card[data-player="{ids[phone]}"]'

    passed = joker = hidden = False
    for _ in range(15):
        mover = next_roll([ann, bob])
        if mover is None:
            # The bot rolled and chose. Bob picks first: his crosses stay on his phone only
            # (pending) until Ann has chosen too; the table shows who is still choosing.
            expect(table.locator(".en-table-say")).to_contain_text("Waiting for")
            before = crossed_on_table(table, ids[bob])
            n = choose(bob)
            expect(table.locator(f"{card(bob)} .en-state")).to_have_text("ready")
            expect(table.locator(f"{card(ann)} .en-state")).to_have_text("choosing")
            expect(table.locator(".en-table-say")).to_have_text("Waiting for Ann")
            if n:
                expect(bob.locator(".en-own .en-box.is-pending")).to_have_count(n)
                expect(bob.locator(".en-hint")).to_contain_text("once everyone is done")
                assert crossed_on_table(table, ids[bob]) == before
                assert ann.locator(f'.en-mini[data-player="{ids[bob]}"] .en-box.is-crossed'
                                   ).count() == before
                if not hidden:
                    shoot(table, "encore-table")
                    shoot(bob, "encore-phone-pending")
                hidden = True
            choose(ann)
            expect(table.locator(f"{card(bob)} .en-box.is-crossed")).to_have_count(before + n)
            continue
        other = bob if mover is ann else ann
        roll(mover)
        expect(table.locator(".en-table-tray .en-die")).to_have_count(6)
        # the others see the dice but may not pick before the active player
        expect(other.locator(".en-say")).to_contain_text("picks first")
        expect(table.locator(f"{card(other)} .en-state")).to_have_text("waiting")
        number = int(re.sub(r"\D", "", mover.locator(".en-roll").inner_text()))
        has_joker = mover.locator(f"{DIE}.en-die-number[data-face='?']:not(.is-dull), "
                                  f"{DIE}.en-die-colour[data-face='X']:not(.is-dull)").count()
        before = crossed_on_table(table, ids[mover])
        n = 0
        if not passed and number > 3:
            pass_roll(mover)
            passed = True
            expect(other.locator(".en-tray-note")).to_contain_text(
                "passed: everyone picks from all")
            expect(other.locator(f"{DIE}.is-out")).to_have_count(0)
            expect(table.locator(".en-table-tray .en-die.is-taken")).to_have_count(0)
            assert crossed_on_table(table, ids[mover]) == before
        elif not joker and has_joker:
            used = jokers_used_on_table(table, ids[mover])
            assert pick(mover, joker=True)
            expect(mover.locator("#en-cross .badge")).to_contain_text("!")
            shoot(mover, "encore-phone-joker")
            n = cross_lit(mover)
            joker = True
            expect(table.locator(f"{card(mover)} .en-jokers i.used")).not_to_have_count(used)
            expect(table.locator(f"{card(mover)} .en-box.is-crossed")).to_have_count(before + n)
            expect(table.locator(".en-table-tray .en-die.is-taken")).to_have_count(2)
        else:
            n = choose(mover)
            expect(table.locator(f"{card(mover)} .en-box.is-crossed")).to_have_count(before + n)
        # then the other phone picks (the bot already has), from four dice after roll 3
        expect(other.locator(".en-say.mine")).to_be_visible()
        expect(table.locator(f"{card(other)} .en-state")).to_have_text("choosing")
        if number > 3 and n:  # the two dice the active player used are out
            if other.locator("#en-cross").count():
                expect(other.locator(f"{DIE}.is-out")).to_have_count(2)
            else:  # nothing fits with the four dice left: the phone may only pass
                expect(other.locator(DIE)).to_have_count(0)
                expect(other.locator("#en-pass")).to_be_visible()
        if number == 2:
            shoot(other, "encore-phone-passive")
        choose(other)
        expect(table.locator(".en-last-list li")).to_have_count(3)
        if passed and joker and hidden:
            break
    assert passed and joker and hidden, f"pass {passed}, joker {joker}, hidden {hidden}"
    # the colour-blind preference draws shapes on the sheet
    ann.locator("#open-settings").tap()
    ann.locator("#game-prefs input").check()
    ann.locator("#settings [data-close]").first.tap()
    assert ann.locator(".en-own .en-box-shape").count() > 50
    shoot(ann, "encore-phone-shapes")


def test_a_solo_game_on_one_phone_runs_thirty_rolls_to_a_rating(screens: Screens) -> None:
    phone = screens.open("/", {**PHONE, "reduced_motion": "reduce"})  # no dice tumbling
    phone.locator('.game-card[data-game="encore"]').tap()
    phone.locator("#create-name").fill("Sol")
    phone.locator("#create-play").tap()
    phone.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
    code = phone.url.rsplit("/", 1)[1]
    phone.locator("#start").tap()
    expect(phone.locator(".en-own .en-box")).to_have_count(105)
    expect(phone.locator(".en-mini")).to_have_count(0)
    measure_download(screens, code, phone)
    crossed = 0
    for number in range(1, 31):
        expect(phone.locator(".en-roll")).to_have_text(
            "Ready" if number == 1 else f"Roll {number - 1} of 30")
        roll(phone)
        expect(phone.locator(".en-roll")).to_have_text(f"Roll {number} of 30")
        expect(phone.locator(".en-tray .en-die")).to_have_count(4)  # 2 colour, 2 number dice
        if number == 6:
            shoot(phone, "encore-solo-dice")
            if pick(phone):
                phone.locator(LIT).first.tap()
                shoot(phone, "encore-solo-tapped")
                phone.locator("#en-clear").tap()
                phone.set_viewport_size({"width": 844, "height": 390})
                box = phone.locator('.en-own [data-box="H4"] rect').bounding_box()
                assert box and box["width"] >= 24, f"sheet boxes are {box} held sideways"
                shoot(phone, "encore-solo-landscape")
                phone.set_viewport_size({"width": 390, "height": 844})
                crossed += cross_lit(phone)
                continue
        crossed += choose(phone)
    results = phone.locator("#results")
    expect(results).to_be_visible()
    expect(phone.locator("#results .en-rating .en-rating-text")).not_to_be_empty()
    expect(phone.locator("#results .en-breakdown tbody tr")).to_have_count(1)
    expect(phone.locator("#results-reason")).to_have_text("All 30 rolls are played.")
    total = int(phone.locator("#results .en-part-total").inner_text())
    assert crossed > 20, f"only {crossed} boxes crossed in 30 rolls"
    watcher = screens.open(f"/table/{code}", TV)  # a screen watching, without a seat
    expect(watcher.locator("#results .en-rating")).to_be_visible()
    expect(watcher.locator(".en-side .en-part-total")).to_have_text(str(total))
    shoot(phone, "encore-solo-results")
    shoot(watcher, "encore-solo-table-results")


def test_the_host_picks_a_new_sheet_layout_and_the_phone_draws_it(screens: Screens) -> None:
    """Option "New layout every game": the phone's sheet is the layout the view names, not
    the classic one, drawn box by box in its colours."""
    phone = screens.open("/", PHONE)
    phone.locator('.game-card[data-game="encore"]').tap()
    phone.locator("#create-name").fill("Sol")
    phone.locator("#create-play").tap()
    phone.wait_for_url(re.compile(r"/room/[A-Z]{4}$"))
    sheet = phone.locator("#opt-encore-sheet")
    expect(sheet.locator('option[value="random"]')).to_have_text("New layout every game")
    sheet.select_option("random")
    expect(sheet).to_have_value("random")
    phone.locator("#start").tap()
    expect(phone.locator(".en-own .en-box")).to_have_count(105)
    drawn = phone.locator(".en-own .en-box .en-cell").evaluate_all(
        "cells => cells.map(c => [...c.classList].find(k => k.startsWith('en-c-')).slice(5))")
    rows = ["".join(drawn[r * 15:(r + 1) * 15]) for r in range(7)]
    assert rows != list(printed_sheet("classic").grid)
    assert any(rows == layout["grid"] for layout in random_layouts())


def test_bots_finish_a_game_and_the_table_breaks_the_scores_down(screens: Screens) -> None:
    table, _code = create_table(screens)
    for n in range(1, 3):
        table.locator("#add-bot").click()
        expect(table.locator("#lobby-players .tag-bot")).to_have_count(n)
    table.locator("#start").click()
    expect(table.locator("#results")).to_be_visible(timeout=60_000)
    rows = table.locator("#results .en-breakdown tbody tr")
    expect(rows).to_have_count(2)
    expect(table.locator("#results-reason")).to_have_text("A player filled their second colour.")
    for i in range(2):
        parts = [int(x) for x in rows.nth(i).locator("td").all_inner_texts()]
        assert sum(parts[:4]) == parts[4], f"row {i}: {parts} does not add up"
    expect(table.locator("#results .en-breakdown .is-winner")).not_to_have_count(0)
    # the breakdown replaces the ranking, so the night comes in one line below it
    expect(table.locator("#results-detail .night-line")).to_have_text(
        re.compile(r"^Tonight: Bot 1 \d+ · Bot 2 \d+$|^Tonight: Bot 2 \d+ · Bot 1 \d+$"))
    shoot(table, "encore-table-results")
    table.locator("#results-board").click()
    expect(table.locator(".en-side .en-breakdown tbody tr")).to_have_count(2)
    # the final score part by part says who was first where: the side shows only that
    expect(table.locator(".en-side .en-first")).to_have_count(0)
    shoot(table, "encore-table-final-board")


def measure_download(screens: Screens, code: str, seated: Page) -> None:
    """Load the room page cold with ``seated``'s seat and record what it downloads."""
    download = screens.cold_room_page(
        seated, code, lambda page: expect(page.locator(".en-own .en-box")).to_have_count(105))
    total, unpacked = download.totals()
    download.save("encore-room-page-bytes.txt",
                  f"Encore! phone room page: {total} bytes on the wire (headers included), "
                  f"{unpacked} bytes uncompressed, {len(download.wire)} requests")
    assert not any("encore-table" in url for url in download.wire), (
        "a phone loaded the table's code")
    assert total <= 100_000, f"the room page downloads {total} bytes"
    # 150 KB until the night's hooks (clock, history, standings, deck panel) and patches came
    # into the shell and client; what they need beyond a hook loads only when used.
    assert unpacked <= 162_000, f"the room page unpacks to {unpacked} bytes"
