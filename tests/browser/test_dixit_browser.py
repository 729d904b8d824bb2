"""Dixit played in a real Chromium: a table screen and phones (mobile viewport, touch).

Every move is tapped as a person would: a card opens full screen, is chosen there, and the
bar's button sends it. Besides playing, the tests read each page's whole DOM (attributes and
picture addresses included) and the pictures it has fetched, to check that no screen ever
holds a card, an owner or a vote before the rules reveal it.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Screens, shoot

LONG = ("Tea with the moon on the roof of a house that is not there any more, while the "
        "kettle sings an old song nobody remembers")  # 120 characters: a long phrase
CARD_REF = re.compile(r'/assets/dixit/cards/([^"/.]+)\.svg|data-card="([^"]+)"')


# --- helpers -------------------------------------------------------------------------------

def create_table(screens: Screens) -> tuple[Page, str]:
    return screens.create_table("dixit")


def join_by_code(screens: Screens, code: str, name: str) -> Page:
    return screens.join_by_code(code, name)


def cards_in_dom(page: Page) -> set[str]:
    """Every card id the page holds: picture addresses and data-card attributes."""
    return {a or b for a, b in CARD_REF.findall(page.content())}


def cards_fetched(page: Page) -> set[str]:
    """Every card picture the page has ever asked the server for."""
    urls: list[str] = page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name)")
    return {m.group(1) for u in urls if (m := re.search(r"/assets/dixit/cards/([^/.]+)\.svg", u))}


def seen(page: Page) -> set[str]:
    return cards_in_dom(page) | cards_fetched(page)


def status(page: Page) -> Locator:
    """The phone's status line while it is this phone's turn."""
    return page.locator(".dx-status.mine .dx-status-text")


def hand(page: Page) -> list[str]:
    cards: list[str] = page.locator("#dx-hand .dx-card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return cards


def choose_from_hand(page: Page, index: int) -> str:
    """Open a hand card full screen and choose it there; returns its id."""
    card = page.locator("#dx-hand .dx-card").nth(index)
    card_id = card.get_attribute("data-card")
    assert card_id
    card.locator(".dx-face").tap()
    expect(page.locator(".dx-viewer")).to_be_visible()
    page.locator("#dx-choose").tap()
    expect(page.locator(".dx-viewer")).to_be_hidden()
    expect(page.locator(f'#dx-hand .dx-card[data-card="{card_id}"]')).to_have_class(
        re.compile(r"\bis-chosen\b"))
    return card_id


def choose_vote(page: Page, card: str) -> None:
    page.locator(f'#dx-vote-grid .dx-card[data-card="{card}"] .dx-face').tap()
    page.locator("#dx-choose").tap()
    expect(page.locator(f'#dx-vote-grid .dx-card[data-card="{card}"]')).to_have_class(
        re.compile(r"\bis-chosen\b"))


def position(page: Page, card: str) -> str:
    return page.locator(f'#dx-vote-grid .dx-card[data-card="{card}"] .dx-num').inner_text()


def swipe(page: Page, dx: int) -> None:
    """Drag across the full-screen picture (pointer events, as a finger would)."""
    box = page.locator(".dx-viewer-pic").bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y, steps=3)
    page.mouse.move(x + dx, y, steps=3)
    page.mouse.up()


def points(page: Page, scope: str) -> dict[str, str]:
    rows = page.locator(f"{scope} > li")
    out: dict[str, str] = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.locator(".dx-points-name, .dx-track-name").inner_text()] = row.locator(
            ".dx-total").inner_text()
    return out


# --- tests ---------------------------------------------------------------------------------

def test_three_phones_and_a_table_play_a_full_round_and_nothing_shows_early(
        screens: Screens) -> None:
    table, code = create_table(screens)
    ann, bob, cy = (join_by_code(screens, code, name) for name in ("Ann", "Bob", "Cy"))
    table.locator("#start").click()
    for phone in (ann, bob, cy):
        expect(phone.locator("#dx-hand .dx-card")).to_have_count(7)  # 3 players: 7 cards
    hands = {p: set(hand(p)) for p in (ann, bob, cy)}
    assert len(hands[ann] | hands[bob] | hands[cy]) == 21
    expect(table.locator(".dx-t-thinking")).to_contain_text("Ann is thinking of a story")
    shoot(table, "dixit-table-tell")
    for phone in (ann, bob, cy):
        assert seen(phone) <= hands[phone]
    assert not seen(table)

    # Ann tells: look through the hand full screen (swipe and arrows), choose, and phrase
    expect(status(ann)).to_have_text("You are the storyteller")
    expect(ann.locator("#dx-tell")).to_be_disabled()
    ann.locator("#dx-hand .dx-card .dx-face").first.tap()
    expect(ann.locator(".dx-viewer-count")).to_have_text("1 / 7")
    swipe(ann, -150)
    expect(ann.locator(".dx-viewer-count")).to_have_text("2 / 7")
    ann.locator(".dx-arrow").last.tap()
    expect(ann.locator(".dx-viewer-count")).to_have_text("3 / 7")
    shoot(ann, "dixit-phone-viewer")
    ann.locator(".dx-viewer-close").tap()
    story = choose_from_hand(ann, 2)
    ann.locator("#dx-tell").tap()  # an empty phrase: the server refuses, next to the box
    expect(ann.locator(".bubble-error")).to_have_text("Say something: the phrase cannot be empty.")
    expect(ann.locator("#dx-phrase")).to_have_class(re.compile(r"\bis-refused\b"))
    ann.locator("#dx-phrase").fill("x" * 201)
    expect(ann.locator(".dx-counter")).to_have_text("201/200")
    ann.locator("#dx-tell").tap()
    expect(ann.locator(".bubble-error")).to_have_text(
        "The phrase is too long: 200 characters at most.")
    bubble, box = ann.locator(".bubble-error").bounding_box(), ann.locator(
        "#dx-phrase").bounding_box()
    assert bubble and box and abs(bubble["y"] + bubble["height"] - box["y"]) < 40
    expect(table.locator(".dx-t-thinking")).to_be_visible()  # nothing changed
    ann.locator("#dx-phrase").fill("Where the <b>lost</b> things go")
    shoot(ann, "dixit-phone-tell")
    ann.locator("#dx-tell").tap()

    phrase = "Where the <b>lost</b> things go"  # player text shows as text, never as markup
    for page in (table, bob, cy, ann):
        expect(page.locator(".dx-phrase-text").first).to_have_text(phrase)
        assert page.locator(".dx-phrase-text b").count() == 0
    expect(table.locator(".dx-t-cards .dx-back")).to_have_count(1)
    expect(ann.locator(".dx-played .dx-card")).to_have_count(1)
    assert seen(ann) <= hands[ann] and story in cards_in_dom(ann)
    for phone in (bob, cy):
        assert seen(phone) <= hands[phone], "a phone shows a card that is not its own"
    assert not seen(table)

    # Bob and Cy each give two cards
    expect(status(bob)).to_have_text("Give 2 cards that fit the phrase")
    given = [choose_from_hand(bob, 0)]
    expect(bob.locator("#dx-submit")).to_be_disabled()
    expect(bob.locator("#dx-submit")).to_have_text("Give cards (1/2)")
    given.append(choose_from_hand(bob, 4))
    shoot(bob, "dixit-phone-submit")
    bob.locator("#dx-submit").tap()
    expect(bob.locator(".dx-played .dx-card")).to_have_count(2)
    expect(table.locator(".dx-t-cards .dx-back")).to_have_count(3)
    expect(table.locator('.dx-progress-tokens li.is-done')).to_have_count(1)
    expect(bob.locator(".dx-waiting")).to_have_text("Waiting for Cy")
    shoot(bob, "dixit-phone-waiting")
    shoot(table, "dixit-table-submit")
    for phone in (ann, bob, cy):  # before the reveal: only your own hand and your own cards
        assert seen(phone) <= hands[phone], "a card of another player reached a phone"
    assert not seen(table), "the table shows a card before the reveal"
    cy_given = [choose_from_hand(cy, 1), choose_from_hand(cy, 2)]
    cy.locator("#dx-submit").tap()

    # the reveal: five cards, numbered, no owners; your own are marked and not votable
    for page in (table, ann, bob, cy):
        expect(page.locator("#dx-vote-grid .dx-card, #dx-table-cards .dx-card")).to_have_count(5)
    revealed = cards_in_dom(table)
    assert revealed == {story, *given, *cy_given}
    for page in (table, ann, bob, cy):
        assert page.locator(".dx-owner, .dx-voters .dx-token").count() == 0
        assert "Ann's" not in page.locator(".dx-t-cards, #dx-vote-grid").first.inner_text()
    for card in given:
        mine = bob.locator(f'#dx-vote-grid .dx-card[data-card="{card}"]')
        expect(mine).to_have_class(re.compile(r"\bis-yours\b"))
        expect(mine).not_to_have_class(re.compile(r"\bis-votable\b"))
        expect(mine.locator(".dx-ribbon")).to_have_text("Yours")
    bob.locator(f'#dx-vote-grid .dx-card[data-card="{given[0]}"] .dx-face').tap()
    expect(bob.locator(".dx-viewer-note")).to_have_text(
        "This is your card: you cannot vote for it.")
    expect(bob.locator("#dx-choose")).to_have_count(0)
    bob.locator(".dx-viewer-close").tap()
    expect(ann.locator(".dx-status-text")).to_have_text("The others are voting")
    expect(ann.locator("#dx-vote")).to_have_count(0)
    shoot(ann, "dixit-phone-teller-vote")
    expect(table.locator(".dx-t-note")).to_have_text("Which card is Ann's? Vote on your phones.")
    shoot(table, "dixit-table-vote")

    # Bob finds Ann's card; Cy is fooled by one of Bob's. Votes stay secret until the last.
    expect(bob.locator("#dx-vote")).to_be_disabled()
    choose_vote(bob, story)
    expect(bob.locator("#dx-vote")).to_have_text(f"Vote for {position(bob, story)}")
    shoot(bob, "dixit-phone-vote")
    bob.locator("#dx-vote").tap()
    expect(bob.locator(f'#dx-vote-grid .dx-card[data-card="{story}"] .dx-ribbon')).to_have_text(
        "Your vote")
    expect(table.locator(".dx-t-status li.is-done")).to_have_count(1)
    for page in (table, ann, cy):
        assert page.locator(".is-voted, .dx-voters .dx-token, .dx-ribbon-vote").count() == 0
        assert page.locator(".dx-owner").count() == 0
    choose_vote(cy, given[1])
    cy.locator("#dx-vote").tap()

    # the scoring: owners, votes as tokens, points; on the table and on every phone
    expect(table.locator(".dx-owner")).to_have_count(5)
    story_card = table.locator(f'.dx-t-cards .dx-card[data-card="{story}"]')
    expect(story_card).to_have_class(re.compile(r"\bis-story\b"))
    expect(story_card.locator(".dx-owner-name")).to_have_text("Ann")
    expect(story_card.locator(".dx-voters .dx-token")).to_have_text(["B"])
    fooled = table.locator(f'.dx-t-cards .dx-card[data-card="{given[1]}"]')
    expect(fooled.locator(".dx-owner-name")).to_have_text("Bob")
    expect(fooled.locator(".dx-voters .dx-token")).to_have_text(["C"])
    expect(table.locator(".dx-t-note")).to_have_text(
        "Bob found Ann's card. Ann and every finder score 3.")
    assert points(table, "#dx-track") == {"Bob": "4", "Ann": "3", "Cy": "0"}
    shoot(table, "dixit-table-scored")
    for phone, line in ((ann, "1 of 2 found your card."), (bob, "You found it!"),
                        (cy, "You voted for Bob's card.")):
        results = phone.locator("#dx-results")
        expect(results).to_be_visible()
        expect(results.locator(".dx-personal")).to_contain_text(line)
        assert points(phone, "#dx-results .dx-points") == {"Bob": "4", "Ann": "3", "Cy": "0"}
        expect(results.locator(".dx-owner")).to_have_count(5)
    expect(bob.locator('#dx-results .dx-points > li .dx-gain').first).to_have_text("+4")
    expect(bob.locator(".dx-personal")).to_contain_text("Your card fooled Cy.")
    shoot(cy, "dixit-phone-results")
    # the results stay until dismissed, and come back from the button
    bob.locator("#dx-results-close").tap()
    expect(bob.locator("#dx-results")).to_be_hidden()
    expect(status(bob)).to_have_text("You are the storyteller")
    expect(bob.locator("#dx-hand .dx-card")).to_have_count(7)
    bob.locator("#dx-last").tap()
    expect(bob.locator("#dx-results")).to_be_visible()


def test_the_results_stay_readable_when_a_bot_tells_the_next_story_at_once(
        screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(1)
    bob = join_by_code(screens, code, "Bob")
    table.locator("#start").click()
    choose_from_hand(ann, 0)
    ann.locator("#dx-phrase").fill(LONG)
    ann.locator("#dx-tell").tap()
    expect(table.locator(".dx-phrase-big .dx-phrase-text")).to_have_text(LONG)
    shoot(table, "dixit-table-long-phrase")
    choose_from_hand(bob, 0)
    choose_from_hand(bob, 1)
    bob.locator("#dx-submit").tap()
    votable = bob.locator("#dx-vote-grid .dx-card.is-votable").first.get_attribute("data-card")
    assert votable
    choose_vote(bob, votable)
    bob.locator("#dx-vote").tap()
    # the bot (seat 2) tells round 2 at once: round 1's results stay on every screen
    for phone in (ann, bob):
        expect(phone.locator(".dx-status")).to_contain_text("Give 2 cards")
        expect(phone.locator("#dx-results")).to_be_visible()
        expect(phone.locator("#dx-results .dx-phrase-text")).to_have_text(LONG)
        expect(phone.locator("#dx-results .dx-owner")).to_have_count(5)
    last = table.locator("#dx-table-last")
    expect(last).to_contain_text("Round 1 results")
    expect(last).to_contain_text(LONG)
    expect(table.locator(".dx-phrase-big .dx-phrase-by")).to_contain_text("Bot 1's story")
    shoot(table, "dixit-table-next-round")
    shoot(ann, "dixit-phone-results-next-round")
    ann.locator("#dx-results-close").tap()
    expect(ann.locator("#dx-results")).to_be_hidden()
    expect(ann.locator("#dx-submit")).to_be_visible()
    expect(ann.locator("#dx-last")).to_have_text("Round 1 results")


def test_at_a_large_table_a_phone_places_two_votes_on_different_cards(screens: Screens) -> None:
    table, code = create_table(screens)
    for n in range(6):
        table.locator("#add-bot").click()
        expect(table.locator("#lobby-players .tag-bot")).to_have_count(n + 1)
    ann = join_by_code(screens, code, "Ann")
    table.locator("#start").click()
    expect(status(ann)).to_have_text("Give the card that best fits the phrase")
    choose_from_hand(ann, 0)
    expect(ann.locator("#dx-submit")).to_have_text("Give this card")
    ann.locator("#dx-submit").tap()
    expect(ann.locator("#dx-vote-grid .dx-card")).to_have_count(7)
    expect(ann.locator(".dx-status")).to_contain_text("One vote or two")
    expect(ann.locator("#dx-vote-grid .dx-card.is-yours")).to_have_count(1)
    first, second = ann.locator("#dx-vote-grid .dx-card.is-votable").evaluate_all(
        "els => els.map(e => e.dataset.card)")[:2]
    choose_vote(ann, first)
    expect(ann.locator(".dx-bar-hint")).to_have_text("You may add a second vote on another card.")
    choose_vote(ann, second)
    expect(ann.locator("#dx-vote")).to_have_text(
        f"Vote for {position(ann, first)} and {position(ann, second)}")
    shoot(ann, "dixit-phone-two-votes")
    ann.locator("#dx-vote").tap()
    results = ann.locator("#dx-results")
    expect(results).to_be_visible()
    ann_tokens = results.locator('.dx-voters .dx-token[data-player]').filter(has_text="A")
    expect(ann_tokens).to_have_count(2)
    expect(table.locator("#dx-track .dx-track-row")).to_have_count(7)
    shoot(table, "dixit-table-large")


def test_the_dixit_phone_room_page_downloads_little_and_explains_the_game(screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    table.locator("#add-bot").click()
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    table.locator("#start").click()
    expect(ann.locator("#dx-hand .dx-card")).to_have_count(7)

    def ready(page: Page) -> None:
        expect(page.locator("#dx-hand .dx-card")).to_have_count(7)
        page.wait_for_function("() => [...document.querySelectorAll('#dx-hand img')]"
                               ".every(i => i.complete && i.naturalWidth)")

    download = screens.cold_room_page(ann, code, ready)
    pictures = {u for u in download.wire if "/assets/dixit/cards/" in u}
    assert len(pictures) == 7
    page_wire, page_plain = download.totals(lambda url: url not in pictures)
    pics_wire, pics_plain = download.totals(lambda url: url in pictures)
    download.save("dixit-room-page-bytes.txt",
                  f"dixit phone room page: {page_wire} bytes on the wire (headers included), "
                  f"{page_plain} uncompressed, {len(download.wire) - len(pictures)} requests; "
                  f"7 card pictures: {pics_wire} bytes on the wire, {pics_plain} uncompressed")
    assert page_wire + pics_wire <= 100_000
    # 150 KB until the night's hooks (clock, history, standings, deck panel) and patches came
    # into the shell and client; what they need beyond a hook loads only when used.
    assert page_plain <= 162_000
    # the how-to-play panel of the game, from the running game
    ann.locator("#open-howto").tap()
    expect(ann.locator("#howto-body dt")).to_have_count(7)  # with "your own pictures"
    expect(ann.locator("#howto-body")).to_contain_text("storyteller")


def test_a_phone_set_to_russian_plays_dixit_in_russian(screens: Screens) -> None:
    table, code = create_table(screens)
    phone = screens.join_in_language(code, "Маша", "ru")
    table.locator("#add-bot").click()
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    table.locator("#start").click()
    expect(status(phone)).to_have_text("Вы рассказчик")
    shoot(phone, "dixit-phone-ru")


NOW = """() => {
  if (!document.getElementById("results").hidden) return "over";
  if (!document.querySelector(".dx-sheet").hidden) return "results";
  return ["dx-tell", "dx-submit", "dx-vote"].find((id) => document.getElementById(id)) || "";
}"""


def play_along(phone: Page) -> bool:
    """Do whatever this phone is asked now (tell, give, vote, dismiss results); False if idle.

    What is asked is read in one go, so a state arriving between two looks cannot mislead it.
    """
    now = phone.evaluate(NOW)
    if now == "results":
        phone.locator("#dx-results-close").tap()
    elif now == "dx-tell":
        choose_from_hand(phone, 0)
        phone.locator("#dx-phrase").fill("somewhere far")
    elif now == "dx-submit":
        need = 2 if "(0/2)" in phone.locator("#dx-submit").inner_text() else 1
        for i in range(need):
            choose_from_hand(phone, i)
    elif now == "dx-vote":
        card = phone.locator("#dx-vote-grid .dx-card.is-votable").first.get_attribute("data-card")
        assert card
        choose_vote(phone, card)
    else:
        return False
    if now.startswith("dx-"):
        phone.locator(f"#{now}").tap()
        expect(phone.locator(f"#{now}")).to_have_count(0)
    return True


def test_two_option_changes_in_quick_succession_both_stick(screens: Screens) -> None:
    """The host changes two options within one tick, before the server answers the first:
    the second change must not carry the first option's old value back."""
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    table.evaluate("""() => {
        const end = document.getElementById("opt-dixit-end");
        end.value = "turns";
        end.dispatchEvent(new Event("change"));
        const four = document.getElementById("opt-dixit-four_points");
        four.checked = true;
        four.dispatchEvent(new Event("change"));
    }""")
    for page in (table, ann):
        expect(page.locator("#opt-dixit-four_points")).to_be_checked()
        expect(page.locator("#opt-dixit-end")).to_have_value("turns")
    room = httpx.get(f"{screens.server.url}/api/rooms/{code}").json()
    assert room["options"]["end"] == "turns" and room["options"]["four_points"] is True


def test_a_short_game_ends_with_the_final_round_and_the_ranking_everywhere(
        screens: Screens) -> None:
    table, code = create_table(screens)
    ann = join_by_code(screens, code, "Ann")
    # the host sets the options; each change waits until the server has it (Ann's lobby shows it)
    table.locator("#opt-dixit-end").select_option("turns")
    expect(ann.locator("#opt-dixit-end")).to_have_value("turns")
    table.locator("#opt-dixit-turns_each").fill("1")
    table.locator("#opt-dixit-turns_each").dispatch_event("change")
    expect(ann.locator("#opt-dixit-turns_each")).to_have_value("1")
    expect(ann.locator("#opt-dixit-end")).to_have_value("turns")
    table.locator("#add-bot").click()
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    table.locator("#start").click()
    expect(ann.locator("#dx-hand .dx-card")).to_have_count(7)
    for _ in range(200):  # three rounds: Ann tells once, gives and votes twice
        if ann.locator("#results").is_visible():
            break
        if not play_along(ann):
            ann.wait_for_timeout(50)
    for page in (table, ann):
        expect(page.locator("#results")).to_be_visible()
        expect(page.locator("#results-list li")).to_have_count(3)
        expect(page.locator("#results-reason")).to_have_text("Everyone has told their stories.")
    expect(table.locator(".dx-t-cards .dx-owner")).to_have_count(5)  # the last round stays
    expect(ann.locator(".dx-round-inline .dx-owner")).to_have_count(5)
    shoot(table, "dixit-table-over")


def test_the_waiting_line_of_a_narrow_phone_wraps_long_names(screens: Screens) -> None:
    """Issue 14 point 6: "Waiting for …" with 24-character names (one unbroken) stays inside
    a 360 px phone: the layout guard's eye finds nothing sticking out."""
    from tests.browser.test_layout import CHECK, long_names

    names = long_names("en")[:3]
    table, code = create_table(screens)
    ann, bob, _cy = (join_by_code(screens, code, name) for name in names)
    table.locator("#start").click()
    choose_from_hand(ann, 0)
    ann.locator("#dx-phrase").fill("Somewhere")
    ann.locator("#dx-tell").tap()
    choose_from_hand(bob, 0)
    choose_from_hand(bob, 1)
    bob.locator("#dx-submit").tap()
    bob.set_viewport_size({"width": 360, "height": 740})
    waiting = bob.locator(".dx-waiting")
    expect(waiting).to_contain_text(names[2])
    shoot(bob, "dixit-phone-waiting-long-name")
    problems = bob.evaluate(CHECK, {"boxes": [".dx-waiting", ".dx-progress li", "#game"],
                                    "controls": [], "tv": False})
    assert problems == []
    box = waiting.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
