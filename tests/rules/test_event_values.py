"""Events are values: hashed and compared by their fields, and never assigned to once made (they are not frozen
dataclasses, for speed: `tabletop.core.events.Event`)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.core.events import EVENT_TYPES, Note, PieceMoved, RuleStateChanged
from tabletop.rules.simulate import play_session


def test_events_hash_and_compare_by_their_fields() -> None:
    a, b = PieceMoved("p1", "deck:0", 0, "hand:0", 3), PieceMoved("p1", "deck:0", 0, "hand:0", 3)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != PieceMoved("p1", "deck:0", 0, "hand:0", 2)
    assert hash(RuleStateChanged("turn", 0, 1)) == hash(("turn", 0, 1))  # a frozen dataclass's hash: its fields
    assert Note("x", 0, "t") == Note("x", 0, "t") and hash(Note("x", 0, "t")) == hash(Note("x", 0, "t"))
    for cls in EVENT_TYPES.values():
        assert dataclasses.is_dataclass(cls) and cls.__hash__ is not None and "__slots__" in vars(cls), cls


@pytest.mark.parametrize("name", ["xfiles-fan", "tragedy", "xfiles-ccg"])
def test_no_code_assigns_to_an_event_once_made(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Every event class refuses a second assignment to a field while a game is played, undone and redone."""

    def once(self: Any, field: str, value: Any) -> None:
        try:
            getattr(self, field)
        except AttributeError:  # the dataclass's __init__ setting it
            object.__setattr__(self, field, value)
            return
        raise AssertionError(f"{type(self).__name__}.{field} assigned after the event was made")

    for cls in EVENT_TYPES.values():
        monkeypatch.setattr(cls, "__setattr__", once)
    record, session = play_session(name, ["greedy", "random"], 3, max_actions=120)
    assert record.actions > 0 and session.history
    undone = 0
    while undone < 10 and session.undo(None).accepted:
        undone += 1
    assert undone > 0
    for _ in range(undone):
        assert session.redo(None).accepted
    event = session.history[-1].events[0]
    with pytest.raises(AssertionError):  # the guard is on: an assignment would have failed the game above
        setattr(event, dataclasses.fields(event)[0].name, None)
