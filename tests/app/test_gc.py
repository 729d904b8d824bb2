"""The garbage-collector policy applies only when the app owns its process, and is undone when
the app stops."""

from __future__ import annotations

import gc
from pathlib import Path

from fastapi.testclient import TestClient

from app.config import Settings
from app.gc_policy import YOUNG_COLLECTION_THRESHOLD
from app.main import create_app


def test_an_app_owning_its_process_collects_young_objects_on_growth_and_restores_python_defaults(
        tmp_path: Path) -> None:
    before = gc.get_threshold()
    assert before[0] != YOUNG_COLLECTION_THRESHOLD
    with TestClient(create_app(Settings(db=tmp_path / "db.sqlite3"), own_process=True)) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before


def test_an_embedded_app_leaves_the_collector_alone(tmp_path: Path) -> None:
    before = gc.get_threshold()
    with TestClient(create_app(Settings(db=tmp_path / "db.sqlite3"))) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == before
