"""CodeGuesses on its own: misses beyond the budget slow an address down, one lookup at a time;
a hit is never counted; only a flood of waiting lookups is refused."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.guesses import MAX_WAITING, CodeGuesses
from app.protocol import AppError


async def _lookup(guesses: CodeGuesses, address: str, hit: bool) -> float:
    """One lookup; return when it went ahead (monotonic)."""
    async with guesses.allow(address):
        went = time.monotonic()
        if not hit:
            guesses.missed(address)
        return went


def test_within_the_budget_nothing_waits_and_other_addresses_are_not_touched() -> None:
    async def run() -> None:
        guesses = CodeGuesses(budget=3, window=60, longest_wait=30)
        for _ in range(3):
            await _lookup(guesses, "a", hit=False)
        assert guesses._addresses["a"].free_at == 0  # no wait owed yet
        await _lookup(guesses, "b", hit=False)  # another address: its own budget
        assert guesses._addresses["b"].free_at == 0
        await _lookup(guesses, "a", hit=False)  # the first beyond: went ahead, and costs
        assert guesses._addresses["a"].free_at > time.monotonic()
    asyncio.run(run())


def test_beyond_the_budget_lookups_go_one_at_a_time_and_waits_grow() -> None:
    async def run() -> None:
        longest = 0.32
        guesses = CodeGuesses(budget=1, window=60, longest_wait=longest)
        await _lookup(guesses, "a", hit=False)
        went = await asyncio.gather(*(_lookup(guesses, "a", hit=False) for _ in range(5)))
        gaps = [b - a for a, b in zip(sorted(went), sorted(went)[1:], strict=False)]
        # each waited for the miss before it: longest/32, /16, /8, /4
        for gap, wait in zip(gaps, [longest / 32 * 2 ** n for n in range(4)], strict=True):
            assert gap >= wait - 0.005
    asyncio.run(run())


def test_a_live_rooms_code_is_never_counted_and_never_refused() -> None:
    async def run() -> None:
        guesses = CodeGuesses(budget=1, window=60, longest_wait=0.1)
        for _ in range(4):
            await _lookup(guesses, "home", hit=False)
        for _ in range(20):  # the whole table reconnecting: each waits at most one wait
            await _lookup(guesses, "home", hit=True)
        entry = guesses._addresses["home"]
        assert len(entry.misses) == 4
    asyncio.run(run())


def test_only_a_flood_of_waiting_lookups_is_refused() -> None:
    async def run() -> None:
        guesses = CodeGuesses(budget=1, window=60, longest_wait=0.5)
        for _ in range(7):  # waits now at the longest
            guesses.missed("flood")
        results = await asyncio.gather(
            *(_lookup(guesses, "flood", hit=True) for _ in range(MAX_WAITING + 5)),
            return_exceptions=True)
        refused = [r for r in results if isinstance(r, AppError)]
        assert len(refused) == 5 and {r.code for r in refused} == {"too_many_attempts"}
    asyncio.run(run())


def test_stale_addresses_are_forgotten() -> None:
    now = [0.0]
    guesses = CodeGuesses(budget=2, window=10, longest_wait=1, clock=lambda: now[0])
    guesses.missed("a")
    assert len(guesses) == 1
    now[0] = 11
    guesses.forget_stale()
    assert len(guesses) == 0


@pytest.mark.parametrize("beyond", [1, 2, 6, 50])
def test_the_wait_after_a_miss_doubles_up_to_the_longest(beyond: int) -> None:
    now = [100.0]
    guesses = CodeGuesses(budget=2, window=60, longest_wait=32, clock=lambda: now[0])
    for _ in range(2 + beyond):
        guesses.missed("a")
    assert guesses._addresses["a"].free_at - now[0] == min(32, 2 ** (beyond - 1))


def test_an_attempt_counts_only_its_own_miss_and_passes_every_answer_on() -> None:
    async def run() -> None:
        guesses = CodeGuesses(budget=5, window=60, longest_wait=30)

        async def found() -> str:
            return "deck"

        async def refused(code: str) -> str:
            raise AppError(code, "no")

        assert await guesses.attempt("a", found, "unknown_deck") == "deck"
        for code in ("unknown_deck", "not_host", "unknown_deck"):
            with pytest.raises(AppError) as raised:
                await guesses.attempt("a", lambda code=code: refused(code), "unknown_deck")
            assert raised.value.code == code
        assert len(guesses._addresses["a"].misses) == 2  # not the hit, not the other refusal
        assert guesses._addresses["a"].free == 0  # every attempt let go of its place
    asyncio.run(run())
