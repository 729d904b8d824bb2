"""HTTP errors in one shape, ``{"code", "message", "detail"}``, for any bytes a client sends.

The status comes from the error table (:data:`app.protocol.ERRORS`). Request bodies of the
JSON API are read first by the WebSocket's bounded reader (:func:`app.inbound.read_json`:
UTF-8 without lone surrogates, nesting, number range, no NaN/Infinity; the characters of a
name are :func:`app.text.clean_name`'s to refuse, as ``bad_name``), so
what FastAPI then parses and validates is plain JSON that every later step can hash, compare,
encode and log; a body beyond a limit is ``bad_message`` (400) and one larger than
``max_message_bytes`` is ``too_big`` (413). The framework's own refusals (an unknown path, a
wrong method) get the same shape; a bug is ``server_error`` (500), still JSON.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import inbound
from app.protocol import AppError

#: The request bodies :class:`BoundedBodies` reads: every one sent to the JSON API.
API_PREFIX = "/api/"
#: Codes for the framework's own HTTP refusals, by status (others: ``bad_request``).
HTTP_CODES = {400: "bad_message", 404: "not_found", 413: "too_big"}


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(AppError, app_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_refusal)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, server_error)
    app.add_middleware(BoundedBodies)


class ErrorResponse(JSONResponse):
    """An error body, written in ASCII: it can always be encoded, whatever it quotes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False,
                          separators=(",", ":")).encode("ascii")


def error_response(code: str, message: str, detail: Any = None, status: int | None = None,
                   headers: dict[str, str] | None = None) -> ErrorResponse:
    status = status or AppError(code, message).status
    return ErrorResponse({"code": code, "message": message,
                          "detail": message if detail is None else detail},
                         status_code=status, headers=headers)


async def app_error(request: Request, exc: AppError) -> ErrorResponse:
    return error_response(exc.code, exc.message)


async def invalid_request(request: Request, exc: RequestValidationError) -> ErrorResponse:
    """422: ``bad_name`` when only names are wrong, else ``invalid_request``; ``detail`` holds
    pydantic's list of errors (where, what, why; never the offending input itself)."""
    errors = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")),
               "type": str(e.get("type", ""))} for e in exc.errors()]
    names = all(e["loc"][-1:] == ["name"] for e in errors)
    first = errors[0] if errors else {"msg": "invalid request", "loc": []}
    where = ".".join(str(p) for p in first["loc"][1:])
    return error_response("bad_name" if names else "invalid_request",
                          f"{where}: {first['msg']}" if where else str(first["msg"]), errors,
                          status=422)


async def http_refusal(request: Request, exc: HTTPException) -> ErrorResponse:
    """The framework's refusals (404 unknown path, 405 wrong method…) in the same shape."""
    code = HTTP_CODES.get(exc.status_code, "bad_request")
    return error_response(code, str(exc.detail), status=exc.status_code,
                          headers=dict(exc.headers) if exc.headers else None)


async def server_error(request: Request, exc: Exception) -> ErrorResponse:
    return error_response("server_error", "Something went wrong on the server; it is logged.")


class BoundedBodies:
    """Reads each request body sent to the JSON API whole (at most ``max_message_bytes``) and
    checks it with the bounded reader before the route sees it; refuses it in the documented
    shape otherwise. A body that passes is handed on unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or not scope["path"].startswith(API_PREFIX)
                or scope["method"] in ("GET", "HEAD", "OPTIONS")):
            await self.app(scope, receive, send)
            return
        limit: int = scope["app"].state.settings.max_message_bytes
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await error_response("too_big", f"A request body may be at most {limit} "
                                                "bytes.")(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body:
            try:
                inbound.read_json(body, text_rules=False)  # names: bad_name, by clean_name
            except AppError as exc:
                await error_response(exc.code, exc.message)(scope, receive, send)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)
