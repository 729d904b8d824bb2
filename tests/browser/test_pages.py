"""The pages over plain HTTP: headers, URLs, the QR code and the how-to-play fragments."""

from __future__ import annotations

import re

import httpx

from app.routes.pages import qr_svg
from tests.conftest import LiveServer


def new_room(http: httpx.Client) -> str:
    created = http.post("/api/rooms", json={"game": "qwirkle", "options": {}, "name": None})
    assert created.status_code == 201
    code: str = created.json()["code"]
    return code


def test_pages_send_a_strict_content_security_policy(http: httpx.Client) -> None:
    page = http.get("/")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "object-src 'none'" in policy
    assert "unsafe-inline" not in policy
    assert "<script>" not in page.text  # no inline script could run under this policy


def test_static_files_are_revalidated_so_a_deploy_shows_at_once(http: httpx.Client) -> None:
    response = http.get("/static/js/client.js")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    assert "javascript" in response.headers["content-type"]


def test_room_urls_take_the_code_in_any_case_and_refuse_impossible_codes(
        http: httpx.Client) -> None:
    code = new_room(http)
    for prefix in ("/j/", "/room/", "/table/"):
        assert http.get(prefix + code).status_code == 200
        lower = http.get(prefix + code.lower())
        assert lower.status_code == 308 and lower.headers["location"] == prefix + code
        assert http.get(prefix + "AB1O").status_code == 404


def test_the_table_qr_code_holds_the_absolute_join_url(http: httpx.Client,
                                                       server: LiveServer) -> None:
    code = new_room(http)
    page = http.get(f"/table/{code}").text
    url = f"{server.url}/j/{code}"
    assert f'data-url="{url}"' in page
    assert qr_svg(url) in page


def test_the_join_url_follows_the_host_the_table_screen_used(http: httpx.Client) -> None:
    code = new_room(http)
    page = http.get(f"/table/{code}", headers={"host": "192.168.1.20:8000"}).text
    assert 'data-url="http://192.168.1.20:8000/j/' + code + '"' in page


def test_pages_render_in_the_language_of_the_cookie_or_the_browser(http: httpx.Client) -> None:
    assert 'lang="ru"' in http.get("/", headers={"cookie": "lang=ru"}).text
    assert 'lang="bn"' in http.get("/", headers={"accept-language": "bn"}).text
    armenian = http.get("/", headers={"cookie": "lang=hy"}).text
    assert "Միանալ խաղին" in armenian


def test_every_game_with_a_how_to_template_serves_it_and_others_are_404(
        http: httpx.Client) -> None:
    qwirkle = http.get("/howto/qwirkle")
    assert qwirkle.status_code == 200 and "Qwirkle" in qwirkle.text
    assert "<dt>" in qwirkle.text and not re.search(r"\{\{|\{%", qwirkle.text)
    assert http.get("/howto/no-such-game").status_code == 404
