"""Bots play a host's own deck from what its pixels (and captions) honestly show: the bench
``bench/dixit_custom_bots.py`` plays whole bot games dealt from pictures that went through
the upload path, and bot voters must find the storyteller's card well above chance."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bot_voters_find_the_storytellers_uploaded_card_more_often_than_chance() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "dixit_custom_bots.py"),
                           "--games", "40"], capture_output=True, text=True, timeout=240,
                          check=True, cwd=ROOT)
    ratios = {}
    for line in done.stdout.splitlines():
        found = re.search(r"ratio ([\d.]+)", line)
        if found:
            ratios[line.split(":")[0].strip()] = float(found[1])
    assert set(ratios) == {"pixels only", "pixels + captions", "our 84 drawn pictures"}, \
        done.stdout
    assert ratios["pixels only"] >= 1.4, done.stdout
    assert ratios["pixels + captions"] >= 1.5, done.stdout
    # (With every picture's features blanked the same games give a ratio of 1.02: chance.)
