"""A greedy Qwirkle bot: best score first, Qwirkles taken, lines of 5 not handed over.

It decides from what its player may know: the grid and its own hand (it counts the tiles it
can see, as the rulebook advises), never the bag or other hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rules.base import PlayerId
from rules.qwirkle.engine import Action, Pass, State, Trade, placement
from rules.qwirkle.moves import opening_moves, windows
from rules.qwirkle.tiles import COPIES, LONGEST_LINE, Square, fitting, largest_set, line_through

#: What the bot gives up to avoid handing the next player a Qwirkle.
OPEN_LINE_PENALTY = 4.5


def bot_action(state: State, player: PlayerId) -> Action:
    """A greedy move: the best score, preferring Qwirkles, wary of leaving a line of 5 open.

    Windows are visited best score first; a window's tiles are only chosen while it can still
    beat the best move found, so most of the (many) fillings are never generated.
    """
    seat = state.players.index(player)
    hand = state.hands[seat]
    if not state.grid:
        return placement(*next(opening_moves(hand)))
    cells = state.cells
    seen = Counter(cells.values())
    candidates = sorted(windows(cells, hand), key=lambda w: (-w.score, -len(w.empty)))
    best: tuple[float, tuple[Square, ...], tuple[str, ...]] | None = None
    for window in candidates:
        ceiling = window.score + 0.1 * len(window.empty)
        if best is not None and ceiling <= best[0]:
            break
        for tiles in window.fillings():
            value = ceiling
            if opens_a_qwirkle(cells, window.empty, tiles, hand, seen):
                value -= OPEN_LINE_PENALTY
            if best is None or value > best[0]:
                best = (value, window.empty, tiles)
            if value == ceiling:
                break
    if best is not None:
        return placement(best[1], best[2])
    if not state.bag:
        return Pass()
    keep = set(largest_set(hand))
    trade = []
    for tile in hand:
        if tile in keep:
            keep.discard(tile)
        else:
            trade.append(tile)
    return Trade(tuple((trade or list(hand))[: len(state.bag)]))


def opens_a_qwirkle(cells: Mapping[Square, str], squares: Sequence[Square],
                     tiles: Sequence[str], hand: Sequence[str], seen: Counter[str]) -> bool:
    """Whether the move leaves a line of 5 whose missing tile another player may still hold."""
    after = dict(cells)
    after.update(zip(squares, tiles, strict=True))
    accounted = seen + Counter(hand)  # the board before the move, plus every tile we held
    for square in squares:
        for step in ((0, 1), (1, 0)):
            line = line_through(after, square, step)
            if len(line) == LONGEST_LINE - 1 and any(
                accounted[missing] < COPIES for missing in fitting(line)
            ):
                return True
    return False
