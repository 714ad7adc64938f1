"""X-Files Fan by-hand moves over the wire: the rows, log lines and refusals of an Action card applied by hand name
no card the reading client cannot see (every frame scanned by `leakscan`)."""

from __future__ import annotations

import json

import pytest

from tabletop.core import Session
from tabletop.rules.xfiles_fan import ManualEffect, PlayAction, PlayCard

from ..rules.test_xfiles_fan import position
from .leakscan import Table, card_title

S = "xfiles-fan-sample/"


def fan_table(mode: str) -> Session:
    """Period 1, seat 0 to play a Case, with Late-Night Coffee and An Anonymous Tip in hand; distinct deck tops."""
    deck = ["gone-before-dawn"] * 15
    return position(enforcement=mode,
                    hands={0: ["cold-lake-lights", "late-coffee", "anonymous-tip", "lab-analysis"],
                           1: ["second-look", "closed-for-now"]},
                    decks={0: ["pull-old-file", *deck], 1: ["gone-before-dawn", *deck]})[2]


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_by_hand_rows_logs_and_refusals_leak_nothing(mode: str) -> None:
    session = fan_table(mode)
    state = session.state
    t = Table(session)
    a = t.join(name="ann", seat=0)
    b = t.join(name="bob", seat=1)
    s = t.join(name="sue", seat=None)
    hand0 = list(state.zones["hand:0"].pieces)
    case, coffee, tip, lab = hand0
    assert t.act(a, PlayCard(case))["accepted"]
    assert t.act(a, PlayAction(coffee))["accepted"]
    top = state.zones["deck:0"].pieces[0]
    secret = {card_title(session, top), card_title(session, lab)}  # Pull the Old File, Lab Analysis
    # ann's summary lists the rows; bob's and sue's never do
    assert t.act(a, ManualEffect("draw", amount=1, source=coffee))["accepted"]
    assert t.act(a, ManualEffect("discard", (lab,), source=coffee))["accepted"]
    # bob tries to discard ann's card and to draw from her deck by hand: refused without a name
    theirs = [p["id"] for z in session.view(1)["zones"] if z["name"] == "hand:0" for p in z["pieces"]]
    assert tip not in theirs  # bob knows ann's hand cards by handle only
    r = t.act(b, ManualEffect("discard", (theirs[0],), source=coffee))
    assert not r["accepted"] and "Anonymous" not in json.dumps(r)
    assert t.act(a, ManualEffect("done", source=coffee))["accepted"]
    assert t.leaks == [], t.leaks[:3]
    for raw in (b, s):
        text = "\n".join(raw.frames)
        assert not any(title in text for title in secret), raw.seat
        assert top not in text and lab not in text
    assert any("xfiles-fan.effect" in f for f in a.frames)


def test_a_look_and_put_back_by_hand_leak_nothing() -> None:
    session = fan_table("strict")
    state = session.state
    rules = session.rules
    # seat 0 holds Pull the Old File instead of Late-Night Coffee; its deck's top three are cards seat 1 never sees
    coffee = state.zones["hand:0"].pieces[1]
    state.pieces[coffee].card = S + "pull-old-file"
    for pid, ref in zip(state.zones["deck:0"].pieces[:3], ("second-look", "closed-for-now", "lab-analysis"),
                        strict=True):
        state.pieces[pid].card = S + ref
    for pid in state.zones["hand:1"].pieces:
        state.pieces[pid].card = S + "gone-before-dawn"
    t = Table(session)
    a = t.join(name="ann", seat=0)
    b = t.join(name="bob", seat=1)
    s = t.join(name="sue", seat=None)
    case, pull = state.zones["hand:0"].pieces[:2]
    assert t.act(a, PlayCard(case))["accepted"] and t.act(a, PlayAction(pull))["accepted"]
    top3 = list(state.zones["deck:0"].pieces[:3])
    secret = {card_title(session, p) for p in top3}
    assert t.act(a, ManualEffect("look", amount=3, source=pull))["accepted"]
    rows = [x for x in rules.by_hand_moves(state, 0) if x.kind == "order"]
    assert [x.pieces[0] for x in rows] == top3[1:]
    assert t.act(a, rows[-1])["accepted"]
    assert state.zones["deck:0"].pieces[0] == top3[2]
    assert t.leaks == [], t.leaks[:3]
    for raw in (b, s):
        text = "\n".join(raw.frames)
        assert not any(title in text for title in secret), raw.seat
    assert all(title in "\n".join(a.frames) for title in secret)  # the looker reads what it saw
