"""The log entries and results `Session.submit` makes without the dataclasses' `__init__` are the ones it would make."""

from __future__ import annotations

import dataclasses

from tabletop.core import actions as A
from tabletop.core.events import Note
from tabletop.core.session import LogEntry, Result, _accepted, _logged


def _slots(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


def test_a_log_entry_made_fast_is_the_dataclass_one_with_every_field_set() -> None:
    events = [Note("chat", 0, "hi")]
    seen = {"p1": frozenset({0})}
    fast = _logged(3, 0, A.Chat("hi"), events, [], [], seen)
    slow = LogEntry(3, 0, A.Chat("hi"), events, [], [], seen)
    assert type(fast) is LogEntry
    assert _slots(fast) == _slots(slow)
    assert fast == slow
    # the per-entry dicts are the entry's own, not shared with another entry
    other = _logged(4, 0, A.Chat("hi"), events, [], [], {})
    assert fast.places is not other.places and fast.cards is not other.cards and fast.secrets is not other.secrets


def test_an_accepted_result_made_fast_is_the_dataclass_one() -> None:
    entry = _logged(1, None, A.Chat("x"), [], [], [], {})
    fast = _accepted([], [], entry, [], [])
    slow = Result(True, [], [], "", "", entry, [], (), [])
    assert type(fast) is Result and bool(fast)
    assert _slots(fast) == _slots(slow)


def test_a_hidden_cards_place_is_kept_per_zone_and_described_anew_when_its_owner_is_renamed() -> None:
    from tabletop.core.messages import hidden_place
    from tabletop.rules.simulate import play_session

    _, session = play_session("xfiles-fan", ["greedy", "random"], 7, max_actions=40)
    state = session.state
    pid = state.zones["hand:0"].pieces[0]
    assert session._place(state, "hand:0", pid) == hidden_place(state, pid)
    assert session._place(state, "hand:0", pid) is session._place(state, "hand:0", pid)  # kept
    state.seat_names[0] = "Dana"
    renamed = session._place(state, "hand:0", pid)
    assert "Dana" in renamed and renamed == hidden_place(state, pid)


def test_a_transaction_keeps_its_piece_moves_in_order_and_forgets_them_on_rollback() -> None:
    from tabletop.core.events import PieceMoved
    from tabletop.core.state import GameState, Piece, Zone
    from tabletop.core.tx import Tx

    state = GameState()
    for name in ("a", "b"):
        state.zones[name] = Zone(name)
    tx = Tx(state)
    tx.add_piece(Piece("p1", "card", zone="a"))
    tx.add_piece(Piece("p2", "card", zone="a"))
    tx.move("p1", "b")
    tx.emit(PieceMoved("p2", "a", 0, "b", 1))
    tx.move("p1", "b", index=0)  # already there: no move
    assert tx.moves == [e for e in tx.events if type(e) is PieceMoved] and len(tx.moves) == 2
    tx.rollback()
    assert tx.moves == [] and state.zones["a"].pieces == []
