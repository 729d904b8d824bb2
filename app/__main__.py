"""``python -m app`` (what ``make run`` does): start the server and say which URL to open."""

from __future__ import annotations

import socket

import uvicorn

from app.config import Settings
from app.logs import log_config
from app.main import create_app
from app.serving import uvicorn_options


def lan_address() -> str | None:
    """This machine's address on the local network, or None (no packet is sent: connecting
    a UDP socket only asks the kernel which interface would route there)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def main() -> None:
    settings = Settings()
    app = create_app(settings, own_process=True)
    port = settings.port
    print(f"gamenight: open http://localhost:{port}/ on this computer", flush=True)
    lan = lan_address()
    if lan and settings.host in ("0.0.0.0", "::", lan):
        print(f"gamenight: phones on the same Wi-Fi open http://{lan}:{port}/", flush=True)
    print(f"gamenight: API documentation at http://localhost:{port}/docs", flush=True)
    uvicorn.run(app, host=settings.host, port=port, log_level=settings.log_level,
                log_config=log_config(settings.log_level), **uvicorn_options(settings))


if __name__ == "__main__":
    main()
