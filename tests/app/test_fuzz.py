"""The protocol fuzzer's fast run (``make fuzz`` runs 100,000 messages and prints figures):
thousands of hostile and well-formed messages over real sockets in every phase of every
registered game, by seats, the host, the table host and spectators (see :mod:`tests.app.fuzz`)."""

from __future__ import annotations

import os

import pytest

from rules import GAMES
from tests.app.fuzz import Fuzzer

MESSAGES = int(os.environ.get("GAMENIGHT_FUZZ_MESSAGES", "5000"))
SEED = int(os.environ.get("GAMENIGHT_FUZZ_SEED", "12"))


@pytest.mark.timeout(900)
def test_every_message_gets_exactly_one_documented_answer_and_breaks_nothing() -> None:
    # A generous bound on each answer (the machine is shared; `make fuzz` holds it to 1 s).
    fuzzer = Fuzzer(SEED, answer_within=10.0)
    try:
        figures = fuzzer.run(MESSAGES)
    finally:
        fuzzer.close()
    print(figures.report())
    assert not figures.failures, figures.report()
    assert figures.tracebacks == 0 and figures.errors_logged == 0, figures.report()
    assert figures.sent >= MESSAGES * 0.9
    for game in GAMES:
        phases = {label.split("/")[1] for label in figures.phases if label.startswith(game)}
        assert phases == {"lobby", "playing", "finished"}, (game, phases)
    assert figures.answers["state"] > 0 and figures.answers["pong"] > 0
    assert any(k.startswith("close") for k in figures.answers)  # over the size limit
    # The server and the fuzzer share this process: a loose bound on what a run may keep.
    assert figures.rss_after_kib - figures.rss_before_kib < 96 * 1024, figures.report()
