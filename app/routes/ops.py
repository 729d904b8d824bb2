"""What operators scrape: ``/metrics`` in Prometheus's text format (see :mod:`app.metrics`)."""

from __future__ import annotations

from fastapi import APIRouter, Response
from prometheus_client import CONTENT_TYPE_LATEST

from app.deps import RoomsDep

router = APIRouter()


@router.get("/metrics", include_in_schema=False)
async def metrics(rooms: RoomsDep) -> Response:
    return Response(rooms.metrics.text(), media_type=CONTENT_TYPE_LATEST)
