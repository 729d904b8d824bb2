"""The pages people open: home, the join page a QR code points to, a phone's room, the table.

Pages are thin server-rendered shells (text from the message catalogue, the room code, the QR
code); everything live comes over the WebSocket to the ES modules in ``static/js``. Nothing
here knows a particular game: a game's "how to play" panel is ``templates/games/<id>.html``,
found by its id.

URLs: ``/`` home · ``/j/{code}`` join (short, for the QR code) · ``/room/{code}`` a player's
phone · ``/table/{code}`` the table screen · ``/howto/{game}`` a game's how-to-play fragment ·
``/i18n/{lang}.json`` the catalogue every page loads (shared texts and every game's lobby keys) ·
``/replay/{code}/{game}`` the replay of a finished game of the night (its QR code at
``/replay/{code}/{game}/qr.svg``; the page reads ``/api/rooms/{code}/replays/{game}``).
"""

from __future__ import annotations

import hashlib
import io
import ipaddress
import socket
from functools import lru_cache
from pathlib import Path
from typing import Annotated

import segno
from fastapi import APIRouter, Cookie, FastAPI, Header, HTTPException, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import LANGUAGES, page_catalogue, pick_language, translator
from app.protocol import CODE_ALPHABET, CODE_LENGTH
from rules import GAMES

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"

templates = Jinja2Templates(directory=TEMPLATES)
router = APIRouter(include_in_schema=False)

Lang = Annotated[str | None, Cookie(alias="lang")]
AcceptLanguage = Annotated[str | None, Header()]


class RevalidateStatic:
    """Mark ``/static`` files ``no-cache``: browsers keep them but revalidate (a cheap 304), so
    phones see a new deploy at once instead of mixing old and new modules."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return

        async def send_revalidated(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("cache-control", "no-cache")
                headers.setdefault("x-content-type-options", "nosniff")
            await send(message)

        await self.app(scope, receive, send_revalidated)


def install(app: FastAPI) -> None:
    """Called by ``create_app`` before it includes :data:`router`: revalidated static files,
    and gzip for every HTTP response worth compressing (a phone's first load shrinks to about
    a third; WebSocket traffic is untouched)."""
    app.add_middleware(RevalidateStatic)
    app.add_middleware(GZipMiddleware, minimum_size=1024)


def security_headers(request: Request) -> dict[str, str]:
    """A strict Content-Security-Policy: only our own scripts, styles and sockets run."""
    host = request.headers.get("host", "")
    sockets = f" ws://{host} wss://{host}" if host else ""
    return {
        "Content-Security-Policy": (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'"
        ),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


def render(request: Request, name: str, lang: str, **context: object) -> HTMLResponse:
    """Render a page in ``lang`` with the catalogue's ``t`` and the security headers."""
    settings = getattr(request.app.state, "settings", None)
    response = templates.TemplateResponse(
        request, name,
        {"t": translator(lang), "lang": lang, "languages": LANGUAGES,
         "max_name": getattr(settings, "max_name", 24), **context},
        headers=security_headers(request),
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def canonical_code(code: str) -> str:
    """Return the room code upper-cased; 404 when it cannot be a room code at all."""
    upper = code.upper()
    if len(upper) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in upper):
        raise HTTPException(404, "No room has this code.")
    return upper


def lan_host(host: str) -> str:
    """Return ``host`` with a loopback name swapped for this machine's LAN address.

    A table screen opened as ``localhost`` would otherwise put ``localhost`` in the QR code,
    which a phone cannot reach.
    """
    name, sep, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    if not sep:
        name, port = host, ""
    if name.strip("[]") not in ("localhost", "::1") and not name.startswith("127."):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # UDP connect sends nothing; it picks a route
            address = probe.getsockname()[0]
    except OSError:
        return host
    if ipaddress.ip_address(address).is_loopback:
        return host
    return f"{address}:{port}" if port else address


def join_url(request: Request, code: str) -> str:
    """The absolute URL a phone opens to join room ``code`` (what the QR code holds).

    It is built from the host the table screen used; a loopback name is swapped for the LAN
    address only when the server listens on every interface (otherwise phones could not
    reach it by that address either).
    """
    host = request.headers.get("host") or request.url.netloc
    settings = getattr(request.app.state, "settings", None)
    if getattr(settings, "host", "") in ("0.0.0.0", "::"):
        host = lan_host(host)
    return f"{request.url.scheme}://{host}/j/{code}"


def qr_svg(url: str) -> str:
    """An inline, freely scalable SVG QR code of ``url``."""
    return str(segno.make(url, error="m").svg_inline(
        scale=1, border=2, omitsize=True, dark="#111", light="#fff", svgclass="qr-code"))


@router.get("/", response_class=HTMLResponse)
def home(request: Request, lang: Lang = None, accept_language: AcceptLanguage = None
         ) -> Response:
    return render(request, "home.html", pick_language(lang, accept_language), page="home")


@router.get("/j/{code}", response_class=HTMLResponse)
def join(request: Request, code: str, lang: Lang = None,
         accept_language: AcceptLanguage = None) -> Response:
    room = canonical_code(code)
    if room != code:
        return RedirectResponse(f"/j/{room}", status_code=308)
    return render(request, "join.html", pick_language(lang, accept_language), page="join",
                  code=room)


@router.get("/room/{code}", response_class=HTMLResponse)
def room(request: Request, code: str, lang: Lang = None,
         accept_language: AcceptLanguage = None) -> Response:
    room = canonical_code(code)
    if room != code:
        return RedirectResponse(f"/room/{room}", status_code=308)
    return render(request, "room.html", pick_language(lang, accept_language), page="room",
                  code=room, phone=True, qr=qr_svg(join_url(request, room)))


@router.get("/table/{code}", response_class=HTMLResponse)
def table(request: Request, code: str, lang: Lang = None,
          accept_language: AcceptLanguage = None) -> Response:
    room = canonical_code(code)
    if room != code:
        return RedirectResponse(f"/table/{room}", status_code=308)
    url = join_url(request, room)
    return render(request, "table.html", pick_language(lang, accept_language), page="table",
                  code=room, join_url=url, qr=qr_svg(url))


@router.get("/replay/{code}/{game_id}", response_class=HTMLResponse)
def replay(request: Request, code: str, game_id: int, lang: Lang = None,
           accept_language: AcceptLanguage = None) -> Response:
    """The replay page of a finished game (the page asks the API, which refuses a game still
    being played)."""
    room = canonical_code(code)
    if room != code:
        return RedirectResponse(f"/replay/{room}/{game_id}", status_code=308)
    return render(request, "replay.html", pick_language(lang, accept_language), page="replay",
                  code=room, game_id=game_id)


@router.get("/replay/{code}/{game_id}/qr.svg")
def replay_qr(request: Request, code: str, game_id: int) -> Response:
    """The QR code of a replay's URL (the table's results show it), built like the join
    URL's from the host the table screen used."""
    room = canonical_code(code)
    url = join_url(request, room).replace(f"/j/{room}", f"/replay/{room}/{game_id}")
    svg = io.BytesIO()  # a standalone SVG file (the inline one lacks the XML namespace)
    segno.make(url, error="m").save(svg, kind="svg", scale=4, border=2, dark="#111",
                                    light="#fff", xmldecl=False)
    return Response(svg.getvalue(), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-store", **security_headers(request)})


@router.get("/howto/{game}", response_class=HTMLResponse)
def howto(request: Request, game: str, lang: Lang = None,
          accept_language: AcceptLanguage = None) -> Response:
    """A game's short how-to-play panel (an HTML fragment the pages load when opened)."""
    if game not in GAMES or not (TEMPLATES / "games" / f"{game}.html").is_file():
        raise HTTPException(404, "No how-to-play for this game.")
    response = render(request, f"games/{game}.html", pick_language(lang, accept_language),
                      game=GAMES[game])
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response


@lru_cache(maxsize=32)
def _catalogue_etag(lang: str) -> str:
    return '"' + hashlib.sha256(page_catalogue(lang)).hexdigest()[:32] + '"'


@router.get("/i18n/{lang}.json")
def catalogue(request: Request, lang: str) -> Response:
    """The catalogue a page of ``lang`` loads: the shared texts and each game's lobby keys,
    assembled from the files (so a game adds files and edits none); revalidated like
    ``/static``, so a deploy is seen at once and an unchanged one costs a 304."""
    if lang not in LANGUAGES:
        raise HTTPException(404, "No catalogue in this language.")
    etag = _catalogue_etag(lang)
    headers = {"Cache-Control": "no-cache", "ETag": etag, "X-Content-Type-Options": "nosniff"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(page_catalogue(lang), media_type="application/json", headers=headers)
