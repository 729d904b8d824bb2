"""Qwirkle rule tables from constructed positions, plus whole-game invariants.

Tiles are colour letter + shape letter: colours R O Y G B P, shapes o s d c 4 8.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import qwirkle as q
from rules.base import RuleError, jsonable
from rules.qwirkle import Pass, Place, State, Tile, Trade

game = q.game


def position(grid: Iterable[tuple[int, int, str]] = (), hands: Sequence[str] = ("", ""),
             bag: Sequence[str] | None = None, turn: int = 0,
             scores: Sequence[int] | None = None) -> State:
    """A constructed position; by default the bag holds every tile not on the grid or in a hand."""
    placed = tuple(Tile(t, r, c) for r, c, t in grid)
    hand_tiles = [tuple(h.split()) for h in hands]
    if bag is None:
        left = Counter({k: q.COPIES for k in q.KINDS})
        left -= Counter(t.tile for t in placed)
        for hand in hand_tiles:
            left -= Counter(hand)
        bag = sorted(left.elements())
    players = tuple(f"p{i + 1}" for i in range(len(hands)))
    return State(
        players=players, seed=1, bag=tuple(bag), hands=tuple(hand_tiles), grid=placed,
        scores=tuple(scores or (0,) * len(players)), turn=turn, shuffles=1,
    )


def place(*tiles: tuple[str, int, int]) -> Place:
    return Place(tuple(Tile(t, r, c) for t, r, c in tiles))


def refusal(state: State, action: object, player: str = "p1") -> str:
    with pytest.raises(RuleError) as error:
        game.apply(state, player, action)
    assert str(error.value), "every refusal carries a sentence"
    return error.value.code


ROW = [(0, 0, "Ro"), (0, 1, "Rs"), (0, 2, "Rd")]  # red circle, square, diamond in row 0


# --- opening and the start rule ---------------------------------------------------------------

def test_lone_opening_tile_scores_one() -> None:
    state = position(hands=["Ro Os Yd Gc B4 P8", "Ro Ro Ro Os Os Os"])
    after = game.apply(state, "p1", place(("Yd", 0, 0)))
    assert after.scores == (1, 0)
    assert after.last is not None and after.last.score == 1


def test_opening_scores_its_line() -> None:
    state = position(hands=["Ro Rs Rd Y4 B8 Gc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("Ro", 0, -1), ("Rs", 0, 0), ("Rd", 0, 1)))
    assert after.scores[0] == 3
    assert len(after.hands[0]) == 6 and len(after.bag) == len(state.bag) - 3


def test_start_rule_counts_duplicates_once_and_ties_go_to_the_earliest_seat() -> None:
    # p1: Ro Ro Ro Rs -> red {o, s} = 2 (duplicates once); p2 and p3 have 3: p2 sits earlier.
    hands = [("Ro", "Ro", "Ro", "Rs", "G4", "P8"), ("Yo", "Ys", "Yd", "Ro", "Gc", "Bc"),
             ("Bo", "Bs", "Bd", "Oc", "O4", "Pc")]
    assert q.largest_set(hands[0]) == ("Ro", "Rs")
    assert q.first_player(hands) == 1
    assert q.first_player(hands[:1] + hands[2:]) == 1
    assert q.first_player(list(reversed(hands))) == 0


def test_setup_picks_the_player_with_the_largest_set() -> None:
    for seed in range(30):
        state = game.start(["a", "b", "c", "d"], seed)
        sizes = [len(q.largest_set(h)) for h in state.hands]
        assert sizes[state.turn] == max(sizes) and max(sizes[: state.turn], default=0) < max(sizes)
        assert all(len(h) == 6 for h in state.hands)
        assert len(state.bag) == 108 - 24


def test_opening_must_be_the_largest_set_and_cover_the_centre() -> None:
    state = position(hands=["Ro Rs Rd Y4 B8 Gc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Ro", 0, 0), ("Rs", 0, 1))) == "must_open_with_largest_set"
    assert refusal(state, place(("Ro", 3, 0), ("Rs", 3, 1), ("Rd", 3, 2))) == "must_cover_centre"
    assert refusal(state, Trade(("Ro",))) == "must_open"


def test_opening_with_duplicates_may_not_play_the_duplicate() -> None:
    state = position(hands=["Ro Ro Rs Rd Y4 B8", "Yo Ys Bd B4 P8 Pc"])
    assert q.largest_set(state.hands[0]) == ("Ro", "Rs", "Rd")
    code = refusal(state, place(("Ro", 0, 0), ("Ro", 0, 1), ("Rs", 0, 2)))
    assert code == "duplicate_in_line"


# --- placement rules --------------------------------------------------------------------------

def test_tile_scoring_in_two_lines_scores_both() -> None:
    grid = [*ROW, (1, 3, "Y4"), (2, 3, "B4")]  # a column of stars ending below (0, 3)
    state = position(grid, hands=["R4 Ys Bd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("R4", 0, 3)))
    assert after.scores[0] == 4 + 3  # row Ro Rs Rd R4, column R4 Y4 B4


def test_multi_tile_play_scores_its_main_line_once() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("R4", 0, 3), ("R8", 0, 4)))
    assert after.scores[0] == 5


def test_extending_both_ends_at_once() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("R4", 0, -1), ("R8", 0, 3)))
    assert after.scores[0] == 5


def test_gap_bridged_by_an_existing_tile_is_legal() -> None:
    grid = [(0, 0, "Ro")]
    state = position(grid, hands=["Rs Rd Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("Rs", 0, -1), ("Rd", 0, 1)))
    assert after.scores[0] == 3


def test_empty_gap_is_refused() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("R4", 0, 3), ("R8", 0, 5))) == "gap_in_line"


def test_duplicate_tile_in_a_line_is_refused() -> None:
    state = position(ROW, hands=["Rs R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Rs", 0, 3))) == "duplicate_in_line"


def test_line_of_seven_is_refused() -> None:
    grid = [(0, i, t) for i, t in enumerate(["Ro", "Rs", "Rd", "Rc", "R4", "R8"])]
    state = position(grid, hands=["Ro Yd G8 Oc Pc Bs", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Ro", 0, 6))) == "line_too_long"


def test_mixed_line_is_refused() -> None:
    state = position(ROW, hands=["Y4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Y4", 0, 3))) == "mixed_line"


def test_cross_line_must_be_valid_too() -> None:
    grid = [*ROW, (1, 3, "Y4"), (2, 3, "B4")]
    state = position(grid, hands=["Rc Ys Bd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Rc", 0, 3))) == "mixed_line"  # column Rc Y4 B4


def test_tiles_must_share_an_attribute_lie_in_one_line_and_touch_the_grid() -> None:
    state = position(ROW, hands=["R4 Y8 Rc G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("R4", 0, 3), ("Y8", 0, 4))) == "no_shared_attribute"
    assert refusal(state, place(("R4", 0, 3), ("Rc", 1, 4))) == "not_in_one_line"
    assert refusal(state, place(("R4", 5, 5))) == "not_connected"


def test_tile_and_square_refusals() -> None:
    state = position(ROW, hands=["R4 Y8 Rc G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    assert refusal(state, place(("Zz", 0, 3))) == "unknown_tile"
    assert refusal(state, place(("Bo", 0, 3))) == "tile_not_in_hand"
    assert refusal(state, place(("R4", 0, 0))) == "square_taken"
    assert refusal(state, place(("R4", 0, 3), ("Rc", 0, 3))) == "square_taken"
    assert refusal(state, Place(())) == "no_tiles"
    assert refusal(state, place(("Yo", 1, 0)), player="p2") == "not_your_turn"
    assert refusal(state, place(("R4", 0, 3)), player="nobody") == "not_a_player"


def test_qwirkle_scores_twelve() -> None:
    grid = [(0, i, t) for i, t in enumerate(["Ro", "Rs", "Rd", "Rc", "R4"])]
    state = position(grid, hands=["R8 Y8 Rc G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("R8", 0, 5)))
    assert after.scores[0] == 12
    assert after.last is not None and after.last.qwirkles == 1


def test_double_qwirkle_scores_both_lines() -> None:
    row = [(0, i, t) for i, t in enumerate(["Ro", "Rs", "Rd", "Rc", "R4"])]
    column = [(r, 5, t) for r, t in zip(range(1, 6), ["O8", "Y8", "G8", "B8", "P8"], strict=False)]
    state = position([*row, *column], hands=["R8 Y4 Yc G4 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", place(("R8", 0, 5)))
    assert after.scores[0] == 24
    assert after.last is not None and after.last.qwirkles == 2


def test_refill_after_a_play_and_partial_refill_from_a_short_bag() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"], bag=["Bo"])
    after = game.apply(state, "p1", place(("R4", 0, 3), ("R8", 0, 4)))
    assert sorted(after.hands[0]) == sorted(["Yd", "G8", "Oc", "Pc", "Bo"])
    assert after.bag == ()


# --- trades, passes and the end ---------------------------------------------------------------

def test_trade_swaps_tiles_with_the_bag_and_keeps_the_count() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"])
    after = game.apply(state, "p1", Trade(("Yd", "G8")))
    assert len(after.hands[0]) == 6 and len(after.bag) == len(state.bag)
    assert Counter(after.bag) - Counter(state.bag) == Counter(["Yd", "G8"])
    assert after.turn == 1 and after.scores == state.scores
    assert after.last is not None and after.last.traded == 2 and not after.last.tiles


def test_trade_bigger_than_the_bag_is_refused() -> None:
    state = position(ROW, hands=["R4 R8 Yd G8 Oc Pc", "Yo Ys Bd B4 P8 Pc"], bag=["Bo", "Bs"])
    assert refusal(state, Trade(("Yd", "G8", "Oc"))) == "trade_too_many"
    assert refusal(state, Trade(())) == "no_tiles"
    assert refusal(state, Trade(("Yd", "Yd"))) == "tile_not_in_hand"


def test_pass_only_with_an_empty_bag_and_nothing_to_place() -> None:
    grid = [(0, 0, "Ro")]  # Bs and Gd share nothing with a red circle; Yo does
    stuck = position(grid, hands=["Yo Bs", "Gd"], bag=[])
    assert game.view(stuck, "p1").allowed == ("place",)
    assert refusal(stuck, Pass()) == "cannot_pass"
    blocked = position(grid, hands=["Bs Gd", "Yo"], bag=[])
    assert game.view(blocked, "p1").allowed == ("pass",)
    after = game.apply(blocked, "p1", Pass())
    assert after.turn == 1 and after.last is not None and after.last.kind == "pass"
    with_bag = position(grid, hands=["Bs Gd", "Yo"], bag=["B4"])
    assert game.view(with_bag, "p1").allowed == ("trade",)
    assert refusal(with_bag, Pass()) == "cannot_pass"


def test_emptying_the_hand_with_an_empty_bag_ends_the_game_with_a_bonus() -> None:
    state = position(ROW, hands=["R4 R8", "Yo Ys Bd"], bag=[], scores=[10, 20])
    after = game.apply(state, "p1", place(("R4", 0, 3), ("R8", 0, 4)))
    assert after.finished == "hand_emptied"
    assert after.scores == (10 + 5 + 6, 20)
    result = game.outcome(after)
    assert result is not None and result.winners == ("p1",)
    assert result.detail == {"emptied_by": "p1"}
    assert refusal(after, place(("Yo", 1, 0)), player="p2") == "game_over"


def test_game_ends_without_bonus_when_the_bag_is_empty_and_nobody_can_place() -> None:
    # After Rs joins Ro, neither Bd nor G4 shares anything with a red circle or square.
    state = position([(0, 0, "Ro")], hands=["Rs Bd", "G4"], bag=[], scores=[0, 0])
    after = game.apply(state, "p1", place(("Rs", 0, 1)))
    assert after.finished == "stalemate"
    assert after.scores == (2, 0)
    result = game.outcome(after)
    assert result is not None and result.reason == "stalemate" and result.detail == {}
    assert game.to_act(after) == frozenset()


def test_tied_scores_share_the_win() -> None:
    state = position(ROW, hands=["R4", "Yo"], bag=[], scores=[4, 14])
    after = game.apply(state, "p1", place(("R4", 0, 3)))
    result = game.outcome(after)
    assert result is not None and after.scores == (14, 14) and result.winners == ("p1", "p2")


# --- legal actions ----------------------------------------------------------------------------

def _reachable_positions(seeds: Iterable[int], moves: int) -> list[State]:
    out = []
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.start(["a", "b", "c"], seed)
        for _ in range(moves):
            if state.finished:
                break
            player = state.players[state.turn]
            options = [a for a in game.legal_actions(state, player) if isinstance(a, Place)]
            action = chooser.choice(options) if options else game.bot_action(state, player)
            state = game.apply(state, player, action)
        out.append(state)
    return out


def _brute_force_placements(state: State, most: int) -> set[frozenset[tuple[str, int, int]]]:
    """Every placement of up to ``most`` hand tiles that ``apply`` accepts, found by trying."""
    cells = state.cells
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    squares = [(r, c) for r in range(min(rows) - 2, max(rows) + 3)
               for c in range(min(cols) - 2, max(cols) + 3) if (r, c) not in cells]
    hand = sorted(set(state.hands[state.turn]))
    player = state.players[state.turn]
    found = set()
    for k in range(1, most + 1):
        for chosen in itertools.combinations(squares, k):
            if len({r for r, _ in chosen}) > 1 and len({c for _, c in chosen}) > 1:
                continue
            for tiles in itertools.permutations(hand, k):
                action = Place(tuple(Tile(t, r, c)
                                     for (r, c), t in zip(chosen, tiles, strict=True)))
                try:
                    game.apply(state, player, action)
                except RuleError:
                    continue
                found.add(frozenset((t.tile, t.row, t.col) for t in action.tiles))
    return found


@pytest.mark.parametrize("state", _reachable_positions(range(4), 6))
def test_legal_actions_match_a_brute_force_search(state: State) -> None:
    player = state.players[state.turn]
    listed = [a for a in game.legal_actions(state, player) if isinstance(a, Place)]
    as_sets = [frozenset((t.tile, t.row, t.col) for t in a.tiles) for a in listed]
    assert len(as_sets) == len(set(as_sets)), "no placement is listed twice"
    small = {s for s in as_sets if len(s) <= 2}
    assert small == _brute_force_placements(state, 2)


@pytest.mark.parametrize("state", _reachable_positions(range(10, 16), 12))
def test_every_listed_placement_is_accepted_with_its_score(state: State) -> None:
    player = state.players[state.turn]
    for action in game.legal_actions(state, player):
        after = game.apply(state, player, action)
        if isinstance(action, Place):
            assert after.last is not None
            assert after.last.score == _independent_score(state.cells, action)


def test_opening_lists_every_arrangement_of_every_largest_set() -> None:
    state = position(hands=["Ro Rs Bo Y4 P8 Gc", "Yo Ys Bd B4 P8 Pc"])
    listed = game.legal_actions(state, "p1")
    # largest sets: {Ro, Rs} (red) and {Ro, Bo} (circles); 2 orders x 2 directions x 2 offsets
    assert len(listed) == 2 * 2 * 2 * 2
    for action in listed:
        game.apply(state, "p1", action)


# --- the bot ----------------------------------------------------------------------------------

def test_bot_takes_a_qwirkle() -> None:
    grid = [(0, i, t) for i, t in enumerate(["Ro", "Rs", "Rd", "Rc", "R4"])]
    state = position(grid, hands=["R8 Yo Ys G4 Oc Pc", "Yd Ys Bd B4 P8 Pc"])
    action = game.bot_action(state, "p1")
    assert game.apply(state, "p1", action).scores[0] == 12


def test_bot_avoids_leaving_a_line_of_five_when_a_nearly_as_good_move_exists() -> None:
    # R4 on the end of the red row scores most (5) but leaves a line of 5 that gifts an unseen
    # R8 to the next player for a Qwirkle; Pd Po above the row scores 4 and opens nothing.
    grid = [(0, 0, "Ro"), (0, 1, "Rs"), (0, 2, "Rd"), (0, 3, "Rc")]
    state = position(grid, hands=["R4 Oc G8 Pd Po B8", "Yd Ys Bd B4 P8 Pc"])
    options = [a for a in game.legal_actions(state, "p1") if isinstance(a, Place)]
    scored = {a: game.apply(state, "p1", a).scores[0] for a in options}
    best = max(scored.values())
    assert best == scored[place(("R4", 0, 4))] == 5
    action = game.bot_action(state, "p1")
    assert all(t.tile != "R4" for t in action.tiles)
    assert scored[action] == 4


def test_bot_leaves_a_line_of_five_when_every_missing_tile_is_in_sight() -> None:
    # The same position, but all three R8 already lie on the table: the line of 5 gifts nothing.
    grid = [(0, 0, "Ro"), (0, 1, "Rs"), (0, 2, "Rd"), (0, 3, "Rc"),
            (5, 5, "R8"), (7, 7, "R8"), (9, 9, "R8")]
    state = position(grid, hands=["R4 Oc G8 Pd Po B8", "Yd Ys Bd B4 P8 Pc"])
    assert game.bot_action(state, "p1") in (place(("R4", 0, 4)), place(("R4", 0, -1)))


def test_bot_trades_tiles_outside_its_largest_set_when_it_cannot_play() -> None:
    # Nothing in this hand shares a colour or shape with the red circle on the table.
    state = position([(0, 0, "Ro")], hands=["Bs Bs Gd Bd Gd P4", "Yd Ys Bd B4 P8 Pc"])
    assert game.view(state, "p1").allowed == ("trade",)
    action = game.bot_action(state, "p1")
    assert action == Trade(("Bs", "Gd", "Gd", "P4"))  # keeps one blue square and Bd
    game.apply(state, "p1", action)


def test_bot_trades_no_more_than_the_bag_holds() -> None:
    state = position([(0, 0, "Ro")], hands=["Bs Bs Gd Bd Gd P4", "Yd"], bag=["Y8"])
    assert game.bot_action(state, "p1") == Trade(("Bs",))


def test_bot_passes_with_an_empty_bag_and_nothing_to_place() -> None:
    state = position([(0, 0, "Ro")], hands=["Bs Gd", "Yo"], bag=[])
    assert game.bot_action(state, "p1") == Pass()


def test_bot_decides_without_looking_at_the_bag_or_other_hands() -> None:
    for state in _reachable_positions(range(20, 26), 8):
        player = state.players[state.turn]
        choice = game.bot_action(state, player)
        others = [i for i in range(3) if i != state.turn]
        shuffled = list(state.bag)
        random.Random(3).shuffle(shuffled)
        pool = shuffled + [t for i in others for t in state.hands[i]]
        hands = list(state.hands)
        for i in others:
            hands[i], pool = tuple(pool[: len(hands[i])]), pool[len(hands[i]):]
        altered = _with(state, bag=tuple(pool), hands=tuple(hands))
        assert game.bot_action(altered, player) == choice


def _with(state: State, **changes: object) -> State:
    from dataclasses import replace
    return replace(state, **changes)  # type: ignore[arg-type]


# --- views and leaks --------------------------------------------------------------------------

def test_the_mover_sees_where_each_of_their_tiles_fits_alone_and_nothing_else_does() -> None:
    """The phone's hint squares, on a red row of circle, square, diamond: a red circle goes
    above or below the red square or diamond (a red column), never into the row (it has a
    circle); a blue square only above or below the red square; a yellow circle only above or
    below the red circle; a green clover nowhere."""
    state = position(ROW, hands=("Ro Bs Yo Gc", "Gd"))
    fits = game.view(state, "p1").fits
    assert set(fits) == {"Ro", "Bs", "Yo", "Gc"}
    assert set(fits["Ro"]) == {(-1, 1), (1, 1), (-1, 2), (1, 2)}
    assert set(fits["Bs"]) == {(-1, 1), (1, 1)}
    assert set(fits["Yo"]) == {(-1, 0), (1, 0)}
    assert fits["Gc"] == ()
    for kind, squares in fits.items():
        for square in squares:
            single = place((kind, *square))
            assert game.apply(state, "p1", single), f"{kind} at {square} is legal"
    assert game.view(state, "p2").fits == {}, "not p2's turn"
    assert game.view(state, None).fits == {}
    assert game.view(position(hands=("Ro Rs", "Gd")), "p1").fits == {}, "before the opening"


def test_views_show_own_hand_and_public_counts_only() -> None:
    state = game.start(["a", "b", "c"], 5)
    starter = state.players[state.turn]
    assert game.view(state, starter).opening_size == len(q.largest_set(state.hands[state.turn]))
    assert all(game.view(state, p).opening_size is None for p in ("a", "b", "c", None)
               if p != starter)
    mine = game.view(state, "a")
    assert sorted(mine.hand) == sorted(state.hands[0])
    assert mine.hand_sizes == {"a": 6, "b": 6, "c": 6}
    assert mine.bag == 108 - 18
    public = game.view(state, None)
    assert public.hand == () and public.you is None and public.allowed == ()
    text = json.dumps(jsonable(public))
    assert "hand_sizes" in text


def _hidden_shuffle(state: State, viewer: int | None, seed: int) -> State:
    """Reshuffle everything ``viewer`` may not see: the bag order and the other hands."""
    chooser = random.Random(seed)
    keep = {viewer} if viewer is not None else set()
    pool = list(state.bag) + [t for i, h in enumerate(state.hands) if i not in keep for t in h]
    chooser.shuffle(pool)
    hands = list(state.hands)
    for i, hand in enumerate(state.hands):
        if i not in keep:
            hands[i], pool = tuple(pool[: len(hand)]), pool[len(hand):]
    return _with(state, bag=tuple(pool), hands=tuple(hands))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 25),
       viewer=st.sampled_from([None, 0, 1, 2]), shuffle=st.integers(0, 1000))
def test_hidden_tiles_never_change_a_view(seed: int, moves: int, viewer: int | None,
                                          shuffle: int) -> None:
    state = _reachable_positions([seed], moves)[0]
    altered = _hidden_shuffle(state, viewer, shuffle)
    who = None if viewer is None else state.players[viewer]
    if viewer is not None:
        # the viewer's own turn options may depend on their own hand only
        assert game.view(altered, who) == game.view(state, who)
    else:
        assert game.view(altered, None) == game.view(state, None)


# --- whole games ------------------------------------------------------------------------------

def _independent_score(cells: dict[tuple[int, int], str], action: Place) -> int:
    """Score a placement from first principles: every distinct line of ≥ 2 through a new tile."""
    after = dict(cells)
    after.update({(t.row, t.col): t.tile for t in action.tiles})
    lines = set()
    for t in action.tiles:
        for dr, dc in ((0, 1), (1, 0)):
            r, c = t.row, t.col
            while (r - dr, c - dc) in after:
                r, c = r - dr, c - dc
            squares = []
            while (r, c) in after:
                squares.append((r, c))
                r, c = r + dr, c + dc
            if len(squares) >= 2:
                lines.add(tuple(squares))
    score = sum(len(line) + (6 if len(line) == 6 else 0) for line in lines)
    return score or 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_conserve_tiles_and_scores_add_up(players: int) -> None:
    for seed in range(3):
        state = game.start([f"p{i}" for i in range(players)], seed)
        expected = [0] * players
        while not state.finished:
            seat = state.turn
            action = game.bot_action(state, state.players[seat])
            after = game.apply(state, state.players[seat], action)
            if isinstance(action, Place):
                expected[seat] += _independent_score(state.cells, action)
            state = after
            assert len(state.bag) + sum(map(len, state.hands)) + len(state.grid) == 108
            assert Counter(state.bag) + Counter(t for h in state.hands for t in h) + Counter(
                t.tile for t in state.grid) == Counter({k: 3 for k in q.KINDS})
        if state.finished == "hand_emptied":
            expected[state.players.index(state.emptied_by)] += q.END_BONUS
        assert list(state.scores) == expected
