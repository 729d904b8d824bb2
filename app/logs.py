"""Log lines an operator can read: time, level and logger on every line, for uvicorn's loggers
and the app's alike (``python -m app`` hands this to uvicorn)."""

from __future__ import annotations

from typing import Any

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_config(level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the whole process at ``level``."""
    level = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"plain": {"format": FORMAT}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain",
                                "stream": "ext://sys.stderr"}},
        "loggers": {
            "app": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn": {"handlers": ["stderr"], "level": level, "propagate": False},
            "uvicorn.error": {"level": level},
            "uvicorn.access": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        },
    }
