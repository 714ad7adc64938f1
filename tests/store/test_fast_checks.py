"""The load's fast checks never accept what the field-by-field checks refuse: an action mapping `action_ok` says
yes to is one `action_from_dict` builds, and a malformed change in a `changed` event is a SaveError naming it (it
crashed the load with a ValueError or TypeError before)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.rules  # noqa: F401 - registers every ruleset's action classes
from tabletop.core import actions as A
from tabletop.core.actions import ACTION_TYPES, ActionFormatError, action_from_dict
from tabletop.game import quick_table
from tabletop.store import SaveError, dump_save, parse_save
from tabletop.store.actionschema import action_ok, compile_action

_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(1 << 60), max_value=1 << 60),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e9, -1e9, 1 << 53, -(1 << 53), 2.0 ** 53]),
    st.text(max_size=5), st.text(min_size=4001, max_size=4002),
    st.lists(st.one_of(st.text(max_size=3), st.integers(), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _mapping(draw: Any) -> dict[str, Any]:
    name = draw(st.sampled_from(sorted(ACTION_TYPES)))
    cls = ACTION_TYPES[name]
    fields = list(cls.__dataclass_fields__)
    d: dict[str, Any] = {"type": name}
    for f in fields:
        if draw(st.booleans()):
            d[f] = draw(_VALUES)
    if draw(st.integers(0, 9)) == 0:
        d["stray"] = 1
    return d


@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_action_ok_never_accepts_what_action_from_dict_refuses(data: st.DataObject) -> None:
    d = _mapping(data.draw)
    if action_ok(d):
        action_from_dict(d)  # must not raise
    else:
        try:
            action_from_dict(d)
        except ActionFormatError:
            pass


def test_every_action_class_has_a_fast_check_and_accepts_its_own_dict() -> None:
    samples = [A.Move(("p1", "p2"), "table", x=3.5, y=-2, index=0, face_up=None), A.Tap(("p1",)),
               A.Flip(("p1",), face_up=True), A.Rotate(("p1",), 45), A.Chat("hi")]
    for action in samples:
        assert action_ok(action.to_dict()), action
    assert all(compile_action(cls) is not None for cls in ACTION_TYPES.values())


def _bad_change(change: str) -> str:
    session = quick_table(seed=3)
    pid = session.state.zones["table"].pieces[0] if session.state.zones.get("table") and \
        session.state.zones["table"].pieces else next(iter(session.state.pieces))
    r = session.submit(A.Move((pid,), "table", x=10.0, y=20.0), 0)
    assert r.accepted, r.error
    text = dump_save(session.state, session.history)
    out, n = re.subn(r'"changes": \[\[.*?\]\]\}', '"changes": [' + change + ']}', text, count=1)
    assert n == 1
    return out


@pytest.mark.parametrize("change", ['["x", 1]', '["known", 5, [0]]', '[["x"], 1, 2]', '"x"', '["id", "a", "b"]',
                                   '["x", 1, NaN]'])
def test_a_malformed_change_is_a_save_error_naming_it(change: str) -> None:
    with pytest.raises(SaveError) as e:
        parse_save(_bad_change(change), "g.yaml")
    assert e.value.file == "g.yaml" and e.value.line is not None and "changes[0]" in e.value.field
