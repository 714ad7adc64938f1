"""`quick_init` makes the same instances as the dataclass's own `__init__`, and leaves alone what it cannot speak for."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from tabletop.core.actions import ACTION_TYPES, Move
from tabletop.core.events import EVENT_TYPES, Note, PieceMoved
from tabletop.core.frozen import quick_init
from tabletop.core.ruleset import Violation


def _quick(cls: type) -> bool:
    return any(n.startswith("_set_") for n in cls.__init__.__code__.co_names)


def test_events_actions_and_violations_are_made_through_their_slots() -> None:
    with_fields = [c for c in [*EVENT_TYPES.values(), *ACTION_TYPES.values(), Violation] if dataclasses.fields(c)]
    assert with_fields and all(_quick(c) for c in with_fields)


def test_the_same_instances_as_the_dataclass_makes() -> None:
    @dataclass(frozen=True, slots=True)
    class Plain:
        a: str
        b: int = 3
        c: tuple[int, ...] = ()
        d: int | None = field(default=None, kw_only=True)

    @quick_init
    @dataclass(frozen=True, slots=True)
    class Quick:
        a: str
        b: int = 3
        c: tuple[int, ...] = ()
        d: int | None = field(default=None, kw_only=True)

    assert _quick(Quick)
    for args, kwargs in [(("x",), {}), (("x", 5), {"d": 2}), ((), {"a": "y", "c": (1,)})]:
        p, q = Plain(*args, **kwargs), Quick(*args, **kwargs)
        assert dataclasses.astuple(p) == dataclasses.astuple(q)
    with pytest.raises(TypeError):
        Quick("x", 1, (), 4)  # d stays keyword-only
    with pytest.raises(TypeError):
        Quick()  # a is still required
    with pytest.raises(dataclasses.FrozenInstanceError):
        Quick("x").a = "y"  # type: ignore[misc]


def test_events_keep_equality_hash_pickling_and_defaults() -> None:
    assert Note("x") == Note("x", None, "", None, None)
    assert hash(PieceMoved("p1", "a", 0, "b", 1)) == hash(PieceMoved("p1", "a", 0, "b", 1))
    note = Note("chat", 1, "hi", {"k": [1]}, (1,))
    assert pickle.loads(pickle.dumps(note)) == note
    assert Move(("p1",), "table", x=2.0).to_dict() == {"type": "move", "pieces": ["p1"], "to": "table", "x": 2}
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.text = "changed"  # type: ignore[misc]


def test_classes_it_cannot_speak_for_keep_their_own_init() -> None:
    @dataclass(frozen=True, slots=True)
    class Factory:
        items: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class Post:
        a: int

        def __post_init__(self) -> None:
            object.__setattr__(self, "a", self.a + 1)

    @dataclass(slots=True)
    class Mutable:
        a: int

    for cls in (Factory, Post, Mutable):
        init = cls.__init__
        assert quick_init(cls).__init__ is init
    assert Post(1).a == 2 and Factory().items == []
