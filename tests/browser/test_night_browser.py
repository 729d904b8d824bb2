"""The night in a real Chromium: the standings on the phones' and the table's results and in
the lobby, the host ending the night, the move history panel in the page's language, and the
replay page (play, pause, the slider to the end, every hand once the game is over)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.app.conftest import Phone
from tests.browser.conftest import Screens, shoot
from tests.conftest import LiveServer


def bots_finish_a_game(screens: Screens, server: LiveServer) -> tuple[Page, str, Page, Phone]:
    """A table-hosted Qwirkle room: a phone in Russian (Ann), two bots; Ann's seat is handed
    to a bot, so the game plays itself out at once."""
    table, code = screens.create_table("qwirkle")
    token = table.evaluate(f"JSON.parse(localStorage.getItem('gamenight.host.{code}'))")
    host = Phone(server, code, token)
    host.wait_state()
    ann = screens.join_in_language(code, "Ann", "ru")
    for n in range(2):
        host.send({"type": "add_bot"})
        host.wait_state(lambda m, n=n: len(m["room"]["players"]) == n + 2)
    host.send({"type": "seat_bot", "player": "p1", "bot": True})
    host.wait_state(lambda m: m["room"]["players"][0]["bot"])
    host.send({"type": "start"})
    host.wait(lambda m: m["type"] == "state" and m["room"]["phase"] == "finished")
    return table, code, ann, host


def test_standings_history_and_replay_in_the_browser(screens: Screens,
                                                     server: LiveServer) -> None:
    table, code, ann, host = bots_finish_a_game(screens, server)

    # The results: each row says the player's night total (in Russian on the phone).
    expect(ann.locator("#results")).to_be_visible()
    totals = ann.locator("#results-list .rank-night")
    expect(totals).to_have_count(3)
    said = totals.evaluate_all("ts => ts.map(t => t.getAttribute('aria-label'))")
    assert all(text.startswith("за вечер: ") for text in said), said
    night = httpx.get(f"{server.url}/api/rooms/{code}").json()["night"]["standings"]
    assert sorted(int(text.rsplit(" ", 1)[1]) for text in said) == sorted(
        row["points"] for row in night)  # 3, 2, 1 — or 3, 3, 1 when two bots tie
    expect(ann.locator("#night-results")).to_be_hidden()  # the winner comes at the night's end
    expect(table.locator("#results-list .rank-night")).to_have_count(3)
    expect(ann.locator("#results-replay-link")).to_have_attribute(
        "href", re.compile(rf"^/replay/{code}/\d+$"))
    qr = table.locator("#results-replay-qr")
    expect(qr).to_be_visible()
    table.wait_for_function("() => document.querySelector('#results-replay-qr').naturalWidth > 0")
    src = qr.get_attribute("src") or ""
    assert re.fullmatch(rf"/replay/{code}/\d+/qr.svg", src), src
    svg = table.evaluate("(src) => fetch(src).then(r => r.status + ' ' + r.headers.get("
                         "'content-type'))", src)
    assert svg == "200 image/svg+xml", svg
    shoot(table, "night-table-results")

    # The move history on the phone: localised lines, the newest first.
    ann.locator("#open-history").tap()
    lines = ann.locator("#history-list .history-line")
    expect(lines.first).to_be_visible()
    assert lines.count() > 5
    texts = lines.all_text_contents()
    assert not any("history." in text for text in texts), texts[:3]
    assert any("выложено плиток" in text or "обменяно" in text for text in texts), texts[:3]
    numbers = [int(n) for n in lines.evaluate_all("ls => ls.map(l => l.dataset.n)")]
    assert numbers == sorted(numbers, reverse=True)
    shoot(ann, "night-history-phone")
    ann.locator("#history [data-close]").tap()

    # The host ends the night (a second tap confirms): the winner is named everywhere.
    end = table.locator("#results-end-night")
    end.click()
    end.click()
    expect(ann.locator("#night-results [data-night-winner]")).to_contain_text("Победитель вечера")
    expect(table.locator("#results-end-night")).to_be_hidden()

    # Between games the lobby shows the night's table, with a link to each game's replay.
    host.send({"type": "set_game", "game": "dixit"})
    lobby = table.locator("#night-lobby")
    expect(lobby).to_be_visible()
    expect(lobby.locator("[data-night-table] li")).to_have_count(3)
    expect(lobby.locator("[data-night-winner]")).to_be_visible()
    expect(lobby.locator("[data-night-replays] a")).to_have_count(1)
    shoot(table, "night-table-lobby")

    # The replay, from the phone's link in its lobby.
    ann.locator("#night-lobby [data-night-replays] a").tap()
    ann.wait_for_url(re.compile(rf"/replay/{code}/\d+$"))
    expect(ann.locator("#replay-controls")).to_be_visible()
    expect(ann.locator("#replay-step")).to_have_text("Начало")
    ann.locator("#replay-play").tap()
    ann.wait_for_function("() => Number(document.body.dataset.frame) >= 2")
    ann.locator("#replay-play").tap()  # pause
    paused = ann.evaluate("document.body.dataset.frame")
    ann.wait_for_timeout(1200)
    assert ann.evaluate("document.body.dataset.frame") == paused, "a paused replay stays"
    last = int(ann.locator("#replay-slider").get_attribute("max") or 0)
    assert last > 10
    slide(ann, last)
    expect(ann.locator("#replay-step")).to_have_text(f"Ход {last} из {last}")
    expect(ann.locator("#replay-line")).not_to_be_empty()
    expect(ann.locator(".qw-tile").first).to_be_visible()
    shoot(ann, "night-replay-end")
    # Every hand, once the game is over: Bob's seat (p2) seen as its phone saw it.
    ann.locator("#replay-seat").select_option("p2")
    expect(ann.locator(".qw-phone")).to_be_visible()
    slide(ann, 1)  # (at the end p2 may have laid their last tile)
    expect(ann.locator(".qw-hand-tile").first).to_be_visible()
    host.close()


def slide(page: Page, value: int) -> None:
    """Move the replay's slider to ``value`` as a drag would (an input event)."""
    page.evaluate("""(value) => {
      const slider = document.querySelector('#replay-slider');
      slider.value = String(value);
      slider.dispatchEvent(new Event('input', {bubbles: true}));
    }""", value)
    page.wait_for_function("(v) => document.body.dataset.frame === String(v)", arg=value)


def test_the_replay_page_of_a_game_in_play_says_it_is_not_available(
        screens: Screens, server: LiveServer) -> None:
    table, code = screens.create_table("qwirkle")
    ann = screens.join_by_link(code, "Ann")
    screens.join_by_link(code, "Bob")
    table.locator("#start").click()
    expect(ann.locator(".qw-hand-tile")).to_have_count(6)
    summary: dict[str, Any] = ann.evaluate(
        f"fetch('/api/rooms/{code}').then(r => r.json())")
    assert summary["night"]["finished"] == []
    started = ann.evaluate(f"fetch('/api/rooms/{code}/history').then(r => r.json())")
    assert started["entries"] == [] or started["entries"][0]["n"] == 1
    page = screens.phone("/")
    # the current game's id is the version that started it: the summary's version now
    page.goto(f"{server.url}/replay/{code}/{summary['version']}")
    expect(page.locator("#replay-status")).to_have_attribute("data-code", "game_in_progress")
    expect(page.locator("#replay-status")).to_contain_text("still being played")


PLAYERS = {"qwirkle": 2, "dixit": 3, "hues": 3, "encore": 2}


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_games_replay_draws_with_its_table_and_phone_modules(
        screens: Screens, server: LiveServer, game: str) -> None:
    """A bot game of each game, replayed on a TV: the first frame, the slider to the end, and
    a seat's views, all drawn by the game's own modules without a page error."""
    reply = httpx.post(f"{server.url}/api/rooms", json={"game": game}, timeout=10)
    room = reply.json()
    host = Phone(server, room["code"], room["host_token"])
    host.wait_state()
    for n in range(PLAYERS[game]):
        host.send({"type": "add_bot"})
        host.wait_state(lambda m, n=n: len(m["room"]["players"]) == n + 1)
    host.send({"type": "start"})
    final = host.wait(lambda m: m["type"] == "state" and m["room"]["phase"] == "finished",
                      timeout=60)
    replay_id = final["room"]["night"]["finished"][-1]["id"]
    tv = screens.table()
    tv.goto(f"{server.url}/replay/{room['code']}/{replay_id}")
    expect(tv.locator("#replay-controls")).to_be_visible()
    expect(tv.locator("#game")).not_to_be_empty()
    last = int(tv.locator("#replay-slider").get_attribute("max") or 0)
    slide(tv, last)
    expect(tv.locator("#replay-line")).not_to_be_empty()
    shoot(tv, f"night-replay-{game}")
    tv.locator("#replay-seat").select_option("p1")
    tv.wait_for_function("() => document.querySelector('#game.is-replay-seat')")
    slide(tv, 1)
    host.close()
