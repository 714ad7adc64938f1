"""X-Files CCG in the window: at "buy cards with RP" the legal list offers each buy by name and one click buys."""

from __future__ import annotations

from tabletop.game import new_session
from tabletop.rules.xfiles_ccg import Buy, FreeDraw, XFilesCCG
from tabletop.ui import TableApp
from tests.ui.uihelpers import click


def _at_buy() -> TableApp:
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    assert isinstance(rules, XFilesCCG)
    seat = rules.active(session.state)
    assert session.submit(FreeDraw(), seat).accepted
    assert rules.step(session.state) == "buy"
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app


def test_buying_is_listed_by_price_and_the_status_says_what_to_do():
    app = _at_buy()
    state, seat = app.session.state, app.seat
    rp = state.player(seat).counters["rp"]
    assert rp > 1
    texts = [t for t, _ in app.side.move_items]
    # every affordable count is one row of a choice (the window groups moves of one kind on the same cards)
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    counts = [app.legal.moves[i].count for i in buy.moves]
    assert counts[:2] == [1, 2] and max(counts) == min(rp, 29)
    assert buy.label in texts and f"({len(counts)})" in buy.label
    assert "Pass" in texts
    status = app.view["rules"]
    assert status["step_label"] in app.side.status_text
    assert "buy cards" in app.side.status_text and f"{rp} RP" in app.side.status_text


def test_one_click_on_a_listed_buy_buys():
    app = _at_buy()
    seat = app.seat
    hand = len(app.session.state.zones[f"hand:{seat}"].pieces)
    buy = next(r for r in app.legal.rows if r.kind == Buy(1).type)
    row = app.legal.rows.index(buy)
    click(app, app.side.moves.item_list[row]["button_element"].rect.center)
    app.run_frames(1)
    assert app.prompt is not None  # the row asks how many
    option = next(j for j, i in enumerate(buy.moves) if app.legal.moves[i] == Buy(2))
    click(app, app.prompt.list.item_list[option]["button_element"].rect.center)
    app.run_frames(1)
    entry = app.session.history[-1]
    assert entry.action == Buy(2) and entry.seat == seat
    assert len(app.session.state.zones[f"hand:{seat}"].pieces) == hand + 2
