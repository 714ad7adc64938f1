"""X-Files Fan in the window, strict: after an Action card its by-hand moves are rows of the move list, one click
on the draw row draws, and a hand card let go on the discard pile is discarded unrevealed by hand."""

from __future__ import annotations

from tabletop.cards import default_library
from tabletop.core import Session
from tabletop.rules.base import add_card
from tabletop.rules.xfiles_fan import ManualEffect, PlayAction, PlayCard, XFilesFan
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, drag, screen_of, zone_center

S = "xfiles-fan-sample/"


def _after_coffee() -> tuple[TableApp, str]:
    """Seat 0 placed a Case and played Late-Night Coffee ("Draw one card, then discard one card.")."""
    rs = XFilesFan(library=default_library())
    state = rs.build_table(2, seed=3, enforcement="strict")
    for p in state.players:
        p.counters["score"] = 0
    for ref in ("agent-scully", "agent-mulder", "basement-office"):
        add_card(state, S + ref, "environment", owner=0)
    for ref in ("cold-lake-lights", "late-coffee", "lab-analysis", "second-look"):
        add_card(state, S + ref, "hand:0", owner=0)
    add_card(state, S + "closed-for-now", "hand:1", owner=1)
    for seat in state.seats:
        for _ in range(15):
            add_card(state, S + "gone-before-dawn", f"deck:{seat}", owner=seat)
    state.rules = {
        "phase": "play", "period": 1, "high_card": [], "chooser": 0, "first": 0, "xfiles_player": 1, "env_step": 3,
        "turn": 0, "turns": 1, "opener": 0, "leader": None, "round": [], "round_over": False, "passes": 0,
        "deck_out": False, "pending": [], "over": False, "winner": None, "result": None,
    }
    session = Session(state, rs)
    case, coffee = state.zones["hand:0"].pieces[:2]
    assert session.submit(PlayCard(case), 0).accepted
    assert session.submit(PlayAction(coffee), 0).accepted
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app, coffee


def test_the_by_hand_rows_are_listed_and_the_status_says_so() -> None:
    app, coffee = _after_coffee()
    texts = [t for t, _ in app.side.move_items]
    assert texts[0] == "Draw 1 card from your draw deck (Late-Night Coffee)"
    assert "Discard Lab Analysis unrevealed (Late-Night Coffee)" in texts
    assert "Done: nothing more to apply (Late-Night Coffee)" in texts
    assert "apply Late-Night Coffee by hand" in app.view["rules"]["todo"]


def test_one_click_on_the_draw_row_draws() -> None:
    app, coffee = _after_coffee()
    state = app.session.state
    hand, deck = len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)
    row = next(i for i, r in enumerate(app.legal.rows) if r.label.startswith("Draw 1 card"))
    click(app, app.side.moves.item_list[row]["button_element"].rect.center)
    app.run_frames(2)
    entry = app.session.history[-1]
    assert entry.action == ManualEffect("draw", amount=1, source=coffee) and entry.seat == 0
    assert (len(state.zones["hand:0"].pieces), len(state.zones["deck:0"].pieces)) == (hand + 1, deck - 1)


def test_a_hand_card_let_go_on_the_discard_pile_is_discarded_unrevealed() -> None:
    app, coffee = _after_coffee()
    state = app.session.state
    lab = next(p for p in state.zones["hand:0"].pieces if state.pieces[p].card == S + "lab-analysis")
    drag(app, screen_of(app, lab), zone_center(app, "discard:0"))
    app.run_frames(2)
    assert state.pieces[lab].zone == "discard:0" and not state.pieces[lab].face_up
    assert app.session.history[-1].action == ManualEffect("discard", (lab,), source=coffee)
