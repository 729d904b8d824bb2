"""Annotated dependencies: a route asks for a ``RoomDep`` and gets a live room, or the request
never reaches it (404 unknown_room, 429 too_many_attempts — decided in one place,
:meth:`app.registry.Rooms.lookup`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from app.config import Settings
from app.registry import Rooms
from app.rooms import Room

# Dependencies are coroutines: FastAPI runs a plain function in a worker thread, a thread hop
# for every request and socket for what is only an attribute read.


async def get_rooms(connection: HTTPConnection) -> Rooms:
    rooms: Rooms = connection.app.state.rooms
    return rooms


async def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


async def client_address(connection: HTTPConnection) -> str:
    """The caller's address (uvicorn's proxy-header support rewrites it behind a proxy)."""
    return connection.client.host if connection.client else "unknown"


RoomsDep = Annotated[Rooms, Depends(get_rooms)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
AddressDep = Annotated[str, Depends(client_address)]


async def room_from_path(code: str, rooms: RoomsDep, address: AddressDep) -> Room:
    return await rooms.lookup(code, address)


RoomDep = Annotated[Room, Depends(room_from_path)]
