"""A host's own deck over real HTTP: uploads checked and cleaned, served, kept, reused, expired.

Every picture is a real file made with Pillow (:mod:`tests.app.picture_files`) and sent to a
real uvicorn server; what comes back is opened with Pillow again and searched for metadata.
"""

from __future__ import annotations

import io
import time
from typing import Any

import httpx
import pytest
from PIL import Image

from tests.app import picture_files as files
from tests.app.conftest import Phone, Table, http, open_table
from tests.conftest import LiveServer


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def upload(server: LiveServer, room: str, token: str, body: bytes,
           caption: str = "") -> httpx.Response:
    return http(server).post(f"/deck/{room}/pictures", params={"caption": caption},
                             content=body, headers=_auth(token))


def uploaded(server: LiveServer, room: str, token: str, body: bytes,
             caption: str = "") -> dict[str, Any]:
    reply = upload(server, room, token, body, caption)
    assert reply.status_code == 201, reply.text
    deck: dict[str, Any] = reply.json()
    return deck


def served(server: LiveServer, url: str) -> bytes:
    reply = http(server).get(url)
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"] == "image/webp"
    assert "immutable" in reply.headers["cache-control"]
    return reply.content


def assert_clean(body: bytes) -> Image.Image:
    """``body`` is a WebP of at most 1024 px holding pixels and nothing else."""
    assert set(files.webp_chunks(body)) <= {"VP8 ", "VP8L"}, files.webp_chunks(body)
    assert files.SECRET.encode() not in body and b"Exif" not in body
    img = Image.open(io.BytesIO(body))
    assert img.format == "WEBP"
    assert not {"exif", "xmp", "icc_profile", "comment"} & set(img.info)
    assert len(img.getexif()) == 0
    assert max(img.size) <= 1024
    return img


def _dixit(server: LiveServer, tables: list[Table], name: str | None = None) -> Table:
    table = open_table(server, game="dixit", name=name)
    tables.append(table)
    return table


def test_every_kind_of_picture_is_checked_cleaned_and_served(serve: Any,
                                                             tables: list[Table]) -> None:
    server = serve(picture_max_bytes=1024 * 1024)
    table = _dixit(server, tables)
    host = table.host_token
    phone = table.phone(host)
    good = {"jpeg": files.jpeg_with_gps(), "png": files.png_with_text(),
            "webp": files.webp_with_metadata(), "gif": files.gif_animated(),
            "pixel": files.one_pixel()}
    ids = {}
    for kind, body in good.items():
        deck = uploaded(server, table.code, host, body, caption=f"the {kind} one")
        ids[kind] = deck["pictures"][-1]["id"]
        assert deck["pictures"][-1]["caption"] == f"the {kind} one"
    assert deck["code"] and len(deck["code"]) == 9 and deck["in_use"]
    assert [p["id"] for p in deck["pictures"]] == list(ids.values())
    for kind, picture in ids.items():
        img = assert_clean(served(server, f"/pictures/{picture}.webp"))
        if kind == "jpeg":  # turned upright by its EXIF, then shrunk to 1024 on the long side
            assert img.size == (768, 1024)
        if kind == "pixel":
            assert img.size == (1, 1)
    # Everyone's lobby now plays from the snapshot those uploads made (its id, not the code).
    state = phone.wait_state(lambda m: m["room"]["options"]["pictures"] != "")
    assert deck["code"] not in str(state)
    refusals = {"not_a_picture": files.text_named_jpg(), "picture_too_large": files.bomb(),
                "picture_too_big": files.noise_png(700)}
    for code, body in refusals.items():
        started = time.monotonic()
        reply = upload(server, table.code, host, body)
        assert reply.json()["code"] == code, reply.text
        assert reply.status_code == {"not_a_picture": 422, "picture_too_large": 422,
                                     "picture_too_big": 413}[code]
        assert time.monotonic() - started < 5  # the bomb is refused from its header
    reply = http(server).get(f"/deck/{table.code}", headers=_auth(host))
    assert [p["id"] for p in reply.json()["pictures"]] == list(ids.values())  # nothing added


def test_only_the_host_changes_the_pictures(serve: Any, tables: list[Table]) -> None:
    server = serve()
    table = _dixit(server, tables, name="Ann")
    bob = table.join("Bob")
    deck = uploaded(server, table.code, table.tokens["p1"], files.one_pixel())
    before = table.fingerprint()
    bobs = table.tokens[bob]
    for reply in (upload(server, table.code, bobs, files.one_pixel()),
                  http(server).get(f"/deck/{table.code}", headers=_auth(bobs)),
                  http(server).delete(f"/deck/{table.code}/pictures/{deck['pictures'][0]['id']}",
                                      headers=_auth(bobs)),
                  http(server).post(f"/deck/{table.code}/use", params={"deck": deck["code"]},
                                    headers=_auth(bobs))):
        assert (reply.status_code, reply.json()["code"]) == (403, "not_host"), reply.text
    reply = upload(server, table.code, "no-such-token", files.one_pixel())
    assert (reply.status_code, reply.json()["code"]) == (403, "bad_token")
    assert table.fingerprint() == before
    # Nor can anyone set the deck option by hand.
    phone = table.seat("p1")
    phone.send({"type": "set_options", "options": {"pictures": "f" * 24}, "id": "x"})
    assert phone.error("bad_option")["ref"] == "x"
    reply = http(server).post("/api/rooms", json={"game": "dixit", "name": None,
                                                   "options": {"pictures": "abc"}})
    assert reply.json()["code"] == "bad_option"


def _play_to_the_end(table: Table, phone: Phone, bots: int, mix: bool) -> dict[str, Any]:
    for _ in range(bots):
        phone.send({"type": "add_bot"})
    phone.wait_state(lambda m: len(m["room"]["players"]) == bots)
    phone.send({"type": "set_options", "options": {"mix": mix}})
    phone.wait_state(lambda m: m["room"]["options"]["mix"] is mix)
    phone.send({"type": "start"})
    return phone.wait_state(lambda m: m["room"]["phase"] == "finished")


def test_a_whole_game_is_dealt_from_an_uploaded_deck_and_the_code_brings_it_back(
        serve: Any, tables: list[Table]) -> None:
    server = serve()
    table = _dixit(server, tables)
    host = table.host_token
    phone = table.phone(host)
    for body in files.distinct(25):
        deck = uploaded(server, table.code, host, body)
    assert deck["needed"]["3"] == 26
    ours = {p["id"] for p in deck["pictures"]}
    for _ in range(3):
        phone.send({"type": "add_bot"})
    phone.wait_state(lambda m: len(m["room"]["players"]) == 3)
    phone.send({"type": "set_options", "options": {"mix": False}})
    phone.wait_state(lambda m: m["room"]["options"]["mix"] is False)
    phone.send({"type": "start", "id": "s"})
    assert phone.error("not_enough_pictures")["ref"] == "s"  # 25 < 26: the lobby refuses
    deck = uploaded(server, table.code, host, files.distinct(26)[-1])
    deck = uploaded(server, table.code, host, files.distinct(27)[-1])
    ours = {p["id"] for p in deck["pictures"]}
    assert len(ours) == 27
    phone.send({"type": "start"})
    end = phone.wait_state(lambda m: m["room"]["phase"] == "finished")
    dealt = {c["card"] for c in end["view"]["last_round"]["table"]}
    assert dealt and dealt <= ours
    # Its replay and history are dealt from the same pictures (not from ours).
    game_id = end["room"]["night"]["finished"][-1]["id"]
    replay = http(server).get(f"/api/rooms/{table.code}/replays/{game_id}")
    assert replay.status_code == 200, replay.text
    last = replay.json()["frames"][-1]["view"]
    assert {c["card"] for c in last["last_round"]["table"]} == dealt
    lines = http(server).get(f"/api/rooms/{table.code}/history")
    assert lines.status_code == 200 and lines.json()["entries"], lines.text
    # Removing is refused while a game runs, allowed before the next one.
    state = table.fingerprint()[1]
    assert set(state.deck.ids) == ours
    removed = http(server).delete(f"/deck/{table.code}/pictures/{sorted(ours)[0]}",
                                  headers=_auth(host))
    assert removed.status_code == 200 and len(removed.json()["pictures"]) == 26

    # Another room (another night): the code brings the same deck.
    second = _dixit(server, tables)
    reply = http(server).post(f"/deck/{second.code}/use", params={"deck": deck["code"].lower()},
                              headers=_auth(second.host_token))
    assert reply.status_code == 200, reply.text
    assert {p["id"] for p in reply.json()["pictures"]} == ours - {sorted(ours)[0]}
    bad = http(server).post(f"/deck/{second.code}/use", params={"deck": "ZZZZ-ZZZZ"},
                            headers=_auth(second.host_token))
    assert (bad.status_code, bad.json()["code"]) == (404, "unknown_deck")
    end = _play_to_the_end(second, second.phone(second.host_token), 4, mix=True)
    assert end["outcome"] is not None


def test_guessing_deck_codes_is_slowed_down_like_room_codes_but_a_real_code_gets_in(
        serve: Any, tables: list[Table]) -> None:
    longest = 0.4
    server = serve(join_misses=3, join_miss_delay_seconds=longest)
    first = _dixit(server, tables)
    deck = uploaded(server, first.code, first.host_token, files.png_with_text())
    second = _dixit(server, tables)
    client = http(server)

    def use(code: str) -> httpx.Response:
        return client.post(f"/deck/{second.code}/use", params={"deck": code},
                           headers=_auth(second.host_token))

    for _ in range(8):  # 3 within the budget, then each miss makes the next lookup wait more
        reply = use("ZZZZ-ZZZZ")
        assert (reply.status_code, reply.json()["code"]) == (404, "unknown_deck"), reply.text
    assert server.app.state.rooms.guesses._addresses["127.0.0.1"].free_at > time.monotonic()
    started = time.monotonic()
    reply = use(deck["code"])
    assert reply.status_code == 200, reply.text  # the real code gets in, after the wait
    assert time.monotonic() - started >= longest / 2 - 0.05  # the 8th miss's: longest / 2
    # Room codes share the count: a wrong one is the 9th miss, so the next lookup of a deck
    # waits the longest wait.
    reply = client.post("/api/rooms/QQQQ/join", json={"name": "X"})
    assert reply.status_code == 404 and reply.json()["code"] == "unknown_room"
    started = time.monotonic()
    assert use(deck["code"]).status_code == 200
    assert time.monotonic() - started >= longest - 0.05


def test_decks_and_games_survive_a_restart(serve: Any, tables: list[Table], tmp_path: Any
                                           ) -> None:
    db = tmp_path / "kept.sqlite3"
    server = serve(db=db)
    table = _dixit(server, tables)
    host = table.host_token
    for body in files.distinct(30):
        deck = uploaded(server, table.code, host, body, caption="a picture")
    phone = table.phone(host)
    for _ in range(3):
        phone.send({"type": "add_bot"})
    phone.wait_state(lambda m: len(m["room"]["players"]) == 3)
    phone.send({"type": "set_options", "options": {"mix": False}})
    phone.wait_state(lambda m: m["room"]["options"]["mix"] is False)
    phone.send({"type": "start"})
    phone.wait_state(lambda m: m["room"]["phase"] == "finished")
    before = table.fingerprint()
    phone.close()
    server.stop()

    again = serve(db=db)
    table.server = again
    assert http(again).get(f"/api/rooms/{table.code}").status_code == 200  # loads it
    assert table.fingerprint()[1] == before[1]  # replayed from the same snapshot
    reply = http(again).get(f"/deck/{table.code}", headers=_auth(host))
    assert reply.json()["code"] == deck["code"] and len(reply.json()["pictures"]) == 30
    assert_clean(served(again, deck["pictures"][0]["url"]))


def test_unused_decks_expire_with_their_pictures(serve: Any, tables: list[Table]) -> None:
    days = 1.5 / 86400  # a second and a half
    server = serve(deck_expiry_days=days, sweep_seconds=0.2)
    table = _dixit(server, tables)
    deck = uploaded(server, table.code, table.host_token, files.png_with_text())
    url = deck["pictures"][0]["url"]
    served(server, url)
    time.sleep(3)
    assert http(server).get(url).json()["code"] == "unknown_picture"
    second = _dixit(server, tables)
    reply = http(server).post(f"/deck/{second.code}/use", params={"deck": deck["code"]},
                              headers=_auth(second.host_token))
    assert reply.json()["code"] == "unknown_deck"
    assert http(server).get(f"/deck/{table.code}",
                            headers=_auth(table.host_token)).json()["code"] is None


@pytest.mark.timeout(120)
def test_decks_in_redis_are_served_and_played_by_every_instance(
        serve: Any, tables: list[Table], redis_url: str) -> None:
    one = serve(redis_url=redis_url)
    two = serve(redis_url=redis_url)
    table = _dixit(one, tables)
    host = table.host_token
    for body in files.distinct(26):
        deck = uploaded(one, table.code, host, body)
    assert_clean(served(two, deck["pictures"][0]["url"]))
    # The other instance reads the deck, and plays a game dealt from it.
    reply = http(two).get(f"/deck/{table.code}", headers=_auth(host))
    assert reply.json()["code"] == deck["code"]
    table.server = two
    end = _play_to_the_end(table, table.phone(host), 3, mix=False)
    assert {c["card"] for c in end["view"]["last_round"]["table"]} <= {
        p["id"] for p in deck["pictures"]}
    # And the first one replays it from the store.
    assert http(one).get(f"/api/rooms/{table.code}").json()["phase"] == "finished"


def test_redis_decks_expire(serve: Any, tables: list[Table], redis_url: str) -> None:
    server = serve(redis_url=redis_url, deck_expiry_days=1 / 86400)
    table = _dixit(server, tables)
    deck = uploaded(server, table.code, table.host_token, files.one_pixel())
    served(server, deck["pictures"][0]["url"])
    time.sleep(2)
    assert http(server).get(deck["pictures"][0]["url"]).status_code == 404
    second = _dixit(server, tables)
    reply = http(server).post(f"/deck/{second.code}/use", params={"deck": deck["code"]},
                              headers=_auth(second.host_token))
    assert reply.json()["code"] == "unknown_deck"


def test_uploads_at_once_all_land_in_one_deck(serve: Any, tables: list[Table]) -> None:
    from concurrent.futures import ThreadPoolExecutor

    server = serve()
    table = _dixit(server, tables)
    bodies = files.distinct(6)
    with ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(lambda b: upload(server, table.code, table.host_token, b),
                                bodies))
    assert [r.status_code for r in replies] == [201] * 6
    deck = http(server).get(f"/deck/{table.code}", headers=_auth(table.host_token)).json()
    assert len(deck["pictures"]) == 6 and len({r.json()["code"] for r in replies}) == 1
    assert deck["in_use"]
    # A new caption is a new snapshot the room plays from.
    first = deck["pictures"][0]["id"]
    captioned = http(server).put(f"/deck/{table.code}/pictures/{first}",
                                 params={"caption": "  a  cat\ton a boat "},
                                 headers=_auth(table.host_token)).json()
    assert captioned["pictures"][0]["caption"] == "a cat on a boat" and captioned["in_use"]
    bad = http(server).put(f"/deck/{table.code}/pictures/{first}", params={"caption": "x" * 81},
                           headers=_auth(table.host_token))
    assert (bad.status_code, bad.json()["code"]) == (422, "bad_caption")
    # Back to our pictures: the deck is kept, the room no longer plays from it.
    left = http(server).delete(f"/deck/{table.code}", headers=_auth(table.host_token)).json()
    assert left["code"] == deck["code"] and not left["in_use"]
    assert table.summary()["options"]["pictures"] == ""
