"""Property tests over random action sequences: cards are conserved, saves round-trip, views never leak."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import GameState, Session
from tabletop.core import actions as A
from tabletop.core.state import EVERYONE
from tabletop.store import dump_save, parse_save
from tests.conftest import make_table

ZONES = ["table", "deck", "discard", "hand:0", "hand:1", "hand:2"]


def random_action(data: st.DataObject, session: Session, seat: int) -> A.Action:
    """An action a player might try: names come from the seat's own view, as a real client's would."""
    view = session.view(seat)
    names = [p["id"] for z in view["zones"] for p in z["pieces"]]
    pick = lambda: data.draw(st.sampled_from(names)) if names else "nothing"  # noqa: E731
    kind = data.draw(st.sampled_from([
        "draw", "move", "move_xy", "flip", "tap", "shuffle", "deal", "reveal", "look", "search", "end_search",
        "attach", "detach", "token", "die", "roll", "counter", "seat_counter", "undo", "redo",
    ]))
    zone = data.draw(st.sampled_from(ZONES))
    match kind:
        case "draw":
            return A.Draw(data.draw(st.integers(1, 4)), source="deck")
        case "move":
            return A.Move((pick(),), zone, index=data.draw(st.none() | st.integers(0, 5)))
        case "move_xy":
            return A.Move((pick(), pick()), "table", x=data.draw(st.floats(0, 900)), y=data.draw(st.floats(0, 900)))
        case "flip":
            return A.Flip((pick(),))
        case "tap":
            return A.Tap((pick(),))
        case "shuffle":
            return A.Shuffle(zone)
        case "deal":
            return A.Deal(1, source="deck")
        case "reveal":
            return A.Reveal((pick(),), to=data.draw(st.none() | st.integers(0, 2)))
        case "look":
            return A.LookTop("deck", data.draw(st.integers(1, 3)))
        case "search":
            return A.Search("deck")
        case "end_search":
            return A.EndSearch("deck", shuffle=data.draw(st.booleans()))
        case "attach":
            return A.Attach(pick(), pick())
        case "detach":
            return A.Detach(pick())
        case "token":
            return A.CreatePiece(kind="token", x=10, y=10)
        case "die":
            return A.CreatePiece(kind="die", x=10, y=10)
        case "roll":
            return A.Roll((pick(),))
        case "counter":
            return A.AddCounter("n", data.draw(st.integers(-3, 3)), piece=pick())
        case "seat_counter":
            return A.AddCounter("score", data.draw(st.integers(-3, 3)))
        case other:
            return A.Chat(other)  # undo/redo are handled by the caller


def check_invariants(state: GameState) -> None:
    seen: dict[str, str] = {}
    for name, zone in state.zones.items():
        for pid in zone.pieces:
            assert pid not in seen, f"{pid} in {seen[pid]} and {name}"
            seen[pid] = name
            assert state.pieces[pid].zone == name
    assert set(seen) == set(state.pieces)
    cards = sorted(p.card for p in state.pieces.values() if p.kind == "card")
    assert len(cards) == 20
    index = {host: set(kids) for host, kids in state._children.items()}
    expected: dict[str, set[str]] = {}
    for p in state.pieces.values():
        if p.attached_to is not None:
            expected.setdefault(p.attached_to, set()).add(p.id)
    assert index == expected


def check_no_leak(session: Session) -> None:
    state = session.state
    for seat in (0, 1, 2, None):
        text = json.dumps(session.view(seat))
        lines = session.log_for(seat)
        for piece in state.pieces.values():
            if piece.kind == "card" and not state.can_see(piece, seat):
                # the id of a hidden piece and its card must not appear; the same card elsewhere, visible, may
                assert f'"{piece.id}"' not in text
                visible_same = any(
                    q.card == piece.card and state.can_see(q, seat) for q in state.pieces.values() if q is not piece
                )
                if not visible_same:
                    assert f'"{piece.card}"' not in text
        for entry, line in zip(session.history, lines, strict=True):
            # a line names by reference only the cards this seat saw in that entry (`cards`), nothing else
            named = line.pop("cards", {})
            for pid, ref in named.items():
                who = entry.seen[pid]
                assert EVERYONE in who or seat in who, (seat, pid, entry.action)
                assert state.pieces[pid].card == ref
            assert "standard/" not in json.dumps(line)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_sequences_keep_the_table_sound(data: st.DataObject) -> None:
    state = make_table(cards=20, seats=3, seed=data.draw(st.integers(0, 2**32)))
    state.enforcement = data.draw(st.sampled_from(["off", "warn", "strict"]))
    session = Session(state)
    start = state.hash()
    for _ in range(data.draw(st.integers(1, 25))):
        seat = data.draw(st.integers(0, 2))
        action = random_action(data, session, seat)
        if action == A.Chat("undo"):
            session.undo()
        elif action == A.Chat("redo"):
            session.redo()
        else:
            before = state.hash()
            result = session.submit(action, seat)
            if not result.accepted:
                assert state.hash() == before, result.error
        check_invariants(state)
        check_no_leak(session)
        loaded = parse_save(dump_save(state, session.history), library=_AnyCards())
        assert loaded.state == state
    while session.undo().accepted:
        pass
    assert state.hash() == start


class _AnyCards:
    """A library that knows every card of the test deck."""

    def __contains__(self, ref: str) -> bool:
        return ref.startswith("standard/")
