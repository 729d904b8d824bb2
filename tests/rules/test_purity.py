"""rules/ stays pure: standard library only, no clock, no I/O services, one source of chance."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
MODULES = sorted(RULES.rglob("*.py"))

#: Standard-library modules that would bring a clock, I/O services or hidden state.
FORBIDDEN = {"time", "datetime", "os", "socket", "asyncio", "threading", "subprocess",
             "urllib", "http", "sqlite3", "secrets", "uuid", "logging"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_there_are_rule_modules_to_check() -> None:
    assert any("qwirkle" in p.parts for p in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES)))
def test_rules_import_only_the_standard_library(path: Path) -> None:
    outside = {m for m in _imports(path) if m != "rules" and m not in sys.stdlib_module_names}
    assert not outside, f"{path.name} imports {sorted(outside)}"
    assert not _imports(path) & FORBIDDEN, f"{path.name} imports {_imports(path) & FORBIDDEN}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(RULES)))
def test_chance_comes_only_from_the_seeded_generator(path: Path) -> None:
    if path.name == "base.py" and path.parent == RULES:
        return
    assert "random" not in _imports(path), f"{path.name} must use rules.base.rng(seed, counter)"


def test_importing_rules_loads_no_web_stack() -> None:
    import subprocess

    code = ("import sys, rules; bad = [m for m in ('fastapi', 'starlette', 'pydantic', 'app') "
            "if m in sys.modules]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
