"""A host's own Dixit deck in a real Chromium: pick files, drop files, see each one's fate,
remove one, and play with the pictures on a phone.

The files are real pictures made with Pillow (:mod:`tests.app.picture_files`), handed to the
page's file picker with Playwright's ``set_input_files`` and dropped on the table's lobby
as a browser would (a ``drop`` event carrying a ``DataTransfer`` of files).
"""

from __future__ import annotations

import base64
import re

import httpx
from playwright.sync_api import Page, expect

from tests.app import picture_files as files
from tests.browser.conftest import Screens, shoot
from tests.browser.test_dixit_browser import play_along
from tests.browser.test_layout import CHECK


def _file(name: str, mime: str, body: bytes) -> dict[str, object]:
    return {"name": name, "mimeType": mime, "buffer": body}


def drop(page: Page, name: str, mime: str, body: bytes) -> None:
    """Drop one file on the lobby, as dragging it from the desktop does."""
    transfer = page.evaluate_handle(
        """([name, mime, data]) => {
            const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name, { type: mime }));
            return transfer;
        }""", [name, mime, base64.b64encode(body).decode()])
    page.dispatch_event("#lobby", "dragover", {"dataTransfer": transfer})
    page.dispatch_event("#lobby", "drop", {"dataTransfer": transfer})


def test_the_host_builds_a_deck_in_the_lobby_and_a_phone_plays_with_it(
        screens: Screens) -> None:
    table, code = screens.create_table("dixit")
    ann = screens.join_by_code(code, "Ann")
    table.locator("#deck-files").set_input_files([
        _file("holiday.jpg", "image/jpeg", files.jpeg_with_gps()),
        _file("drawing.png", "image/png", files.png_with_text()),
        _file("sticker.webp", "image/webp", files.webp_with_metadata()),
        _file("dot.png", "image/png", files.one_pixel()),
        _file("notes.jpg", "image/jpeg", files.text_named_jpg()),
        _file("bomb.png", "image/png", files.bomb()),
        _file("huge.png", "image/png", files.noise_png(1900)),  # about 11 MB
    ])
    expect(table.locator("#deck-pictures li")).to_have_count(4)
    failed = table.locator('#deck-uploads [data-status="failed"]')
    expect(failed).to_have_count(3)
    texts = failed.all_inner_texts()
    assert any("notes.jpg" in t and "not a picture" in t for t in texts), texts
    assert any("bomb.png" in t and "too many pixels" in t for t in texts), texts
    assert any("huge.png" in t and "too big" in t for t in texts), texts
    expect(table.locator("#deck-code b")).to_have_text(re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"))
    deck_code = table.locator("#deck-code b").inner_text()
    # The phone that is not the host sees that there are pictures, but no controls or code.
    expect(ann.locator("#lobby-deck")).to_contain_text("own pictures")
    expect(ann.locator("#deck-files")).to_be_hidden()
    assert deck_code not in ann.content()
    shoot(table, "deck-lobby-table")
    # The layout guard's eye on the panel, at a TV's size and a small phone's.
    for width, height in ((1366, 768), (360, 740)):
        table.set_viewport_size({"width": width, "height": height})
        problems = table.evaluate(CHECK, {"boxes": [".deck", ".deck-picture", ".deck-upload",
                                                    ".deck-use-row"], "controls": [],
                                          "tv": False})
        assert problems == [], problems
    table.locator("#lobby-deck").screenshot(path="test-artifacts/deck-panel-small.png")
    table.set_viewport_size({"width": 1920, "height": 1080})

    # A caption, for the bots (and the picture's alt text).
    first = table.locator("#deck-pictures .deck-caption").first
    first.fill("a cat on a boat")
    first.dispatch_event("change")
    expect(table.locator("#deck-pictures img").first).to_have_attribute("alt", "a cat on a boat")
    # Dropping a file on the table's lobby adds it too; removing one takes it out.
    drop(table, "dropped.png", "image/png", files.gif_animated())
    expect(table.locator("#deck-pictures li")).to_have_count(5)
    table.locator("#deck-pictures .deck-remove").first.click()
    expect(table.locator("#deck-pictures li")).to_have_count(4)

    # Back to our pictures, and to these again: the deck stays.
    table.locator("#deck-play-ours").click()
    expect(ann.locator("#lobby-deck")).to_contain_text("uses our pictures")
    table.locator("#deck-play-these").click()
    expect(ann.locator("#lobby-deck")).to_contain_text("own pictures")

    # Enough for three players, only ours: the phone's lobby shows the switch the host set.
    table.locator("#deck-files").set_input_files([
        _file(f"p{i}.jpg", "image/jpeg", body) for i, body in enumerate(files.distinct(24))])
    expect(table.locator("#deck-pictures li")).to_have_count(28)
    table.locator("#opt-dixit-mix").uncheck()
    expect(ann.locator("#opt-dixit-mix")).not_to_be_checked()
    expect(table.locator("#deck-summary")).to_contain_text("Enough for 3 players")
    table.locator("#add-bot").click()
    table.locator("#add-bot").click()
    expect(table.locator("#lobby-players .tag-bot")).to_have_count(2)
    before = table.evaluate("performance.getEntriesByType('resource').length")
    table.locator("#start").click()
    expect(ann.locator("#dx-hand .dx-card")).to_have_count(7)
    sources = ann.locator("#dx-hand .dx-pic").evaluate_all(
        "els => els.map(e => [e.getAttribute('src'), e.complete && e.naturalWidth > 0])")
    assert all(src.startswith("/pictures/") and src.endswith(".webp") for src, _ in sources)
    ann.wait_for_function("""() => [...document.querySelectorAll('#dx-hand .dx-pic')]
                                   .every(e => e.complete && e.naturalWidth > 0)""")
    # Ann's hand is on Ann's phone only: not in the table's page, nor fetched by it.
    mine = ann.locator("#dx-hand .dx-card").evaluate_all("els => els.map(e => e.dataset.card)")
    fetched = table.evaluate("performance.getEntriesByType('resource').map(e => e.name)")[before:]
    assert len(mine) == 7  # (Ann tells first: nothing of hers is on the table yet)
    assert not any(card in table.content() or any(card in u for u in fetched) for card in mine)
    for _ in range(40):  # a round or two with the phone, the bot and the table
        if ann.locator("#results").is_visible():
            break
        if not play_along(ann):
            ann.wait_for_timeout(50)
    shoot(ann, "deck-phone-playing")
    shoot(table, "deck-table-playing")
    # The same deck, by its code, in another room.
    second, other = screens.create_table("dixit")
    second.locator("#deck-code-input").fill(deck_code.lower())
    second.locator("#deck-use").click()
    expect(second.locator("#deck-pictures li")).to_have_count(28)
    room = httpx.get(f"{screens.server.url}/api/rooms/{other}").json()
    assert room["options"]["pictures"]
    assert not screens.errors and not screens.dialogs
