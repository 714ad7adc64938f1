"""Reveals last until the revealer ends them (issue 15: "a reveal stays revealed for good"), and log lines carry
the cards each seat may read by name, nothing more."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.core.messages import seen_cards
from tabletop.core.state import EVERYONE
from tabletop.game import quick_table

__all__: list[str] = []


def _hand_card(seed: int = 7):
    s = quick_table(seed=seed)
    assert s.submit(A.Draw(1), 0).accepted
    return s, s.state.zones["hand:0"].pieces[0]


def _ids(view: dict) -> set[str]:
    return {p["id"] for z in view["zones"] for p in z["pieces"] if p.get("card")}


def test_a_reveal_to_everyone_lasts_until_the_revealer_ends_it():
    s, pid = _hand_card()
    assert pid not in _ids(s.view(1))
    assert s.submit(A.Reveal((pid,)), 0).accepted
    assert pid in _ids(s.view(1)) and pid in _ids(s.view(None))
    handle_before = s.state.handle(pid)
    r = s.submit(A.EndReveal((pid,)), 0)
    assert r.accepted, r.error
    assert pid not in _ids(s.view(1)) and pid not in _ids(s.view(None))
    assert pid in _ids(s.view(0))  # its owner still sees it
    assert s.state.handle(pid) != handle_before  # a fresh handle: the seats that saw it cannot follow it
    assert s.history[-1].action == A.EndReveal((pid,))  # the end is an action in the log
    # seat 1 saw the card until then, so its log line names it; the line of a later draw names nothing for it
    assert s.history[-1].for_seat(1)["cards"] == {pid: s.state.pieces[pid].card}


def test_a_reveal_to_one_seat_ends_for_that_seat():
    s, pid = _hand_card()
    assert s.submit(A.Reveal((pid,), to=1, seconds=30), 0).accepted
    assert s.history[-1].action.to_dict() == {"type": "reveal", "pieces": [pid], "to": 1, "seconds": 30}
    assert pid in _ids(s.view(1)) and pid not in _ids(s.view(None))
    assert s.submit(A.EndReveal((pid,), to=1), 0).accepted
    assert pid not in _ids(s.view(1))


def test_only_a_seat_that_sees_the_card_without_the_reveal_may_end_it():
    s, pid = _hand_card()
    s.submit(A.Move((pid,), "table", x=100, y=100, face_up=False), 0)  # face down on the table: its owner sees it
    assert s.submit(A.Reveal((pid,)), 0).accepted
    r = s.submit(A.EndReveal((pid,)), 1)  # seat 1 sees it only through the reveal
    assert not r.accepted and r.code == "forbidden"
    assert pid in _ids(s.view(1))
    assert s.submit(A.EndReveal((pid,)), 0).accepted


def test_ending_a_reveal_that_already_ended_is_refused_and_changes_nothing():
    s, pid = _hand_card()
    s.submit(A.Reveal((pid,)), 0)
    s.submit(A.EndReveal((pid,)), 0)
    n = len(s.history)
    r = s.submit(A.EndReveal((pid,)), 0)
    assert not r.accepted and r.code == "not_revealed" and len(s.history) == n
    assert not s.submit(A.Reveal((pid,), seconds=-1), 0).accepted


def test_undo_of_an_ended_reveal_follows_the_consent_rules():
    s, pid = _hand_card()
    s.submit(A.Reveal((pid,)), 0)
    s.submit(A.EndReveal((pid,)), 0)
    # seat 1 taking back seat 0's end needs seat 0
    entry, needs = s.undo_needs(1)
    assert entry.action.type == "end_reveal" and needs == {0}
    assert not s.undo(1).accepted and pid not in _ids(s.view(1))
    # seat 0 takes back its own end: the card shows again, at once (it is seat 0's card)
    assert s.undo(0).accepted
    assert pid in _ids(s.view(1))
    assert EVERYONE in s.state.pieces[pid].known
    # and the reveal itself: seat 1 learned the card from it, so its undo needs seat 1
    entry, needs = s.undo_needs(0)
    assert entry.action.type == "reveal"
    assert s.redo(0).accepted and pid not in _ids(s.view(1))


def test_end_reveal_round_trips_as_data():
    a = A.EndReveal(("p3",), to=1)
    assert A.action_from_dict(a.to_dict()) == a
    assert A.action_from_dict({"type": "reveal", "pieces": ["p3"], "seconds": 5}) == A.Reveal(("p3",), seconds=5)


def test_seen_cards_keeps_only_what_the_seat_saw():
    cards = {"p1": "standard/AS", "p2": "standard/2H", "p3": "standard/3C"}
    seen = {"p1": frozenset({0}), "p2": frozenset({EVERYONE, 0, 1}), "p3": frozenset()}
    assert seen_cards(cards, seen, 0) == {"p1": "standard/AS", "p2": "standard/2H"}
    assert seen_cards(cards, seen, 1) == {"p2": "standard/2H"}
    assert seen_cards(cards, seen, None) == {"p2": "standard/2H"}


def test_a_log_line_carries_the_drawn_cards_for_the_drawer_only():
    s = quick_table(seed=5)
    top = list(s.state.zones["deck"].pieces[:2])
    s.submit(A.Draw(2), 0)
    mine, theirs = s.history[-1].for_seat(0), s.history[-1].for_seat(1)
    assert mine["cards"] == {p: s.state.pieces[p].card for p in top}
    assert "cards" not in theirs
    refs = {s.state.pieces[p].card for p in top}
    assert not any(ref in str(theirs) for ref in refs)
