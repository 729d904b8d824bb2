"""The patch format on its own: for any two views (frozen dataclasses, tuples, dicts, sets,
enums, scalars, None, sharing parts or not), the patch :class:`~app.patch.Differ` writes,
applied to the first one's JSON, gives exactly the second one's JSON; and scalars are set
bare, everything else inside ``[…]``."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.encode import Encoder
from app.patch import Differ, apply
from rules.base import jsonable


class Suit(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Card:
    rank: Any
    suit: Any


SCALARS = (st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=4)
           | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.sampled_from(Suit))
VALUES = st.recursive(
    SCALARS,
    lambda inner: (st.lists(inner, max_size=6).map(tuple)
                   | st.dictionaries(st.text(max_size=3), inner, max_size=4)
                   | st.builds(Card, inner, inner)
                   | st.frozensets(st.integers(0, 9), max_size=4)),
    max_leaves=20)


def edited(value: Any, data: st.DataObject) -> Any:
    """A value like ``value`` sharing some of its parts by identity, as a new state's view
    does: parts kept, replaced, dropped or added, and sliding windows."""
    choice = data.draw(st.integers(0, 5))
    if choice == 0:
        return value
    if choice == 1 or not isinstance(value, tuple | dict | Card):
        return data.draw(VALUES)
    if isinstance(value, Card):
        return Card(edited(value.rank, data), edited(value.suit, data))
    if isinstance(value, dict):
        out = {k: edited(v, data) for k, v in value.items() if data.draw(st.booleans())}
        out.update(data.draw(st.dictionaries(st.text(max_size=3), VALUES, max_size=2)))
        return out
    items = [edited(v, data) for v in value]
    if choice == 2 and items:  # a window that slid
        items = items[data.draw(st.integers(1, min(3, len(items)))):]
    items += data.draw(st.lists(VALUES, max_size=2))
    if choice == 3 and items:
        del items[data.draw(st.integers(0, len(items) - 1)):]
    return tuple(items)


@settings(max_examples=600, deadline=None)
@given(old=VALUES, data=st.data())
def test_a_patch_takes_the_old_json_to_the_new_json_exactly(old: Any, data: st.DataObject
                                                             ) -> None:
    new = edited(old, data)
    differ = Differ(Encoder())
    change = differ.diff(old, new)
    before = json.loads(json.dumps(jsonable(old)))
    after = json.loads(json.dumps(jsonable(new)))
    if change is None:
        assert before == after
        return
    # A member value: patched inside an object, as the state message's view is.
    rebuilt = apply({"view": before}, json.loads('{"view":' + change + "}"))
    assert rebuilt == {"view": after}
    assert before == json.loads(json.dumps(jsonable(old)))  # the target was left as it was


def test_scalars_are_set_bare_and_null_arrays_and_objects_wrapped() -> None:
    differ = Differ(Encoder())
    old = Card(1, (1, 2, 3))
    assert differ.diff(old, Card(2, (1, 2, 3))) == '{"rank":2}'
    assert differ.diff(old, Card("two", (1, 2, 3))) == '{"rank":"two"}'
    assert differ.diff(old, Card(False, (1, 2, 3))) == '{"rank":false}'
    assert differ.diff(old, Card(None, (1, 2, 3))) == '{"rank":[null]}'
    assert differ.diff(old, Card({"a": 1}, (1, 2, 3))) == '{"rank":[{"a":1}]}'
    assert differ.diff(old, Card(Suit.RED, (1, 2, 3))) == '{"rank":"red"}'
    window = Card(1, tuple(range(10, 20)))
    assert differ.diff(window, Card(1, tuple(range(11, 21)))) == '{"suit":{"shift":1,"9":20}}'
    assert differ.diff(old, Card(1, (2, 3, 4))) == '{"suit":[[2,3,4]]}'  # shorter whole
    assert differ.diff(old, Card(1, (1, 2, 3, (5,)))) == '{"suit":{"3":[[5]]}}'
    assert apply({"a": [1], "b": 2}, {"a": [], "b": [None], "c": "x"}) == {"b": None, "c": "x"}
