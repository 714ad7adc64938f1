"""Actions are small values: every type round-trips through its dict form, and bad dicts are refused clearly."""

from __future__ import annotations

import pytest

from tabletop.core import actions as A

SAMPLES = [
    A.Move(("p1", "p2"), "table", x=10.5, y=20, index=0, face_up=True),
    A.Flip(("p1",)),
    A.Tap(("p1",), tapped=True),
    A.Rotate(("p1",), 45),
    A.Shuffle("deck"),
    A.Draw(3, source="deck", to="hand:0"),
    A.Deal(2),
    A.Reveal(("p1",), to=1),
    A.Reveal(("p1",), seconds=30),
    A.EndReveal(("p1",), to=1),
    A.LookTop("deck", 3),
    A.Search("deck"),
    A.EndSearch("deck"),
    A.Attach("p1", "p2"),
    A.Detach("p1"),
    A.CreatePiece(kind="die", x=1, y=2, sides=20),
    A.DeletePiece(("p9",)),
    A.SetCounter("score", 3, seat=1),
    A.AddCounter("damage", -1, piece="p4"),
    A.Roll(("p3",)),
    A.Chat("hello"),
    A.Point(at="p1", source="p2"),
    A.Point(x=3.5, y=4.0),
    A.SetEnforcement("strict"),
    A.Start(),
]


@pytest.mark.parametrize("action", SAMPLES, ids=lambda a: a.type)
def test_round_trip(action: A.Action) -> None:
    d = action.to_dict()
    assert d["type"] == action.type
    assert A.action_from_dict(d) == action
    assert A.Action.from_dict(d) == action


def test_every_generic_action_type_has_a_sample() -> None:
    generic = {name for name, cls in A.ACTION_TYPES.items() if cls.__module__ == A.__name__}
    assert generic == {a.type for a in SAMPLES}


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"type": "teleport"}, "unknown action type"),
        ([1, 2], "must be a mapping"),
        ({"type": "draw", "count": "three"}, "draw.count"),
        ({"type": "draw", "count": True}, "draw.count"),
        ({"type": "move", "to": "table"}, "missing field 'pieces'"),
        ({"type": "move", "pieces": "p1", "to": "table"}, "move.pieces"),
        ({"type": "flip", "pieces": ["p1"], "colour": "red"}, "unknown field"),
        ({"type": "chat", "text": "x" * 5000}, "chat.text"),
    ],
)
def test_bad_dicts_are_refused_with_the_field(bad: object, words: str) -> None:
    with pytest.raises(A.ActionFormatError, match=words):
        A.action_from_dict(bad)


def test_actions_are_frozen() -> None:
    with pytest.raises(AttributeError):
        A.Draw(1).count = 2  # type: ignore[misc]
