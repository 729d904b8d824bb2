"""HTTP errors in one shape: ``{"code", "message", "detail"}`` with the status the error table
(:data:`app.protocol.ERRORS`) gives the code."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from app.protocol import AppError


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(AppError, app_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]


async def app_error(request: Request, exc: AppError) -> JSONResponse:
    return JSONResponse({"code": exc.code, "message": exc.message, "detail": exc.message},
                        status_code=exc.status)


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """422: ``bad_name`` when only names are wrong, else ``invalid_request``; ``detail`` holds
    pydantic's list of errors."""
    errors = exc.errors()
    names = all(tuple(e.get("loc", ()))[-1:] == ("name",) for e in errors)
    first = errors[0] if errors else {"msg": "invalid request", "loc": ()}
    where = ".".join(str(p) for p in first.get("loc", ())[1:])
    return JSONResponse(
        {"code": "bad_name" if names else "invalid_request",
         "message": f"{where}: {first.get('msg')}" if where else str(first.get("msg")),
         "detail": jsonable_encoder(errors)},
        status_code=422)
