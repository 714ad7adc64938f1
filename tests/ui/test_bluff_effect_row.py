"""A paid Bluff's effect reads as what it is: the revealed Bluff's, and what passing does with it (issue 15).

Why: after a Bluff was paid, its effect was an extra "Apply Misfiled Report by hand: skill -3" row a newcomer had
to think about taking, though passing applies it anyway."""

from __future__ import annotations

import pygame

from tabletop.game import new_session
from tabletop.rules.xfiles_ccg.actions import Pass, ResolveBluff
from tabletop.rules.xfiles_ccg.data import suggested_effects
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, engine_until


def _paid_bluff():
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules, state = session.rules, session.state

    def payable() -> list[ResolveBluff]:
        seat = rules.decision(state)
        return [a for a in session.legal_actions(seat) if isinstance(a, ResolveBluff) and a.pay
                and suggested_effects(rules.pinfo(state, a.piece))  # a Bluff whose text the engine cannot run
                and not rules.card_text(state.pieces[a.piece].card).when("resolved")] if seat is not None else []

    engine_until(session, lambda: bool(payable()))
    pay = payable()[0]
    seat = rules.decision(state)
    result = session.submit(pay, seat)
    assert result.accepted
    return session, seat, pay, result


def test_a_paid_bluffs_effect_row_says_whose_it_is_and_that_passing_applies_it():
    session, seat, pay, result = _paid_bluff()
    name = session.rules.pinfo(session.state, pay.piece).name
    said = " ".join(getattr(e, "text", "") for e in result.events)
    assert f"applies when Seat {seat + 1} passes" in said, said
    app = TableApp(session, seat=seat, size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        row = next(r for r in app.legal.rows if r.kind == "xfc.effect")
        text = row.texts[0]
        assert text.startswith(f"Apply your revealed Bluff {name}'s effect now (or pass: it applies then)"), text
        assert "by hand" not in text
        # and it does what it says: once the other Bluffs are settled and the check is on, passing applies it
        rules, state = session.rules, session.state
        while rules.step(state) == "reveal":
            other = rules.decision(state)
            drop = next(a for a in session.legal_actions(other) if isinstance(a, ResolveBluff) and not a.pay)
            assert session.submit(drop, other).accepted
        while rules.decision(state) != seat:
            assert session.submit(Pass(), rules.decision(state)).accepted
        app.run_frames(2)
        row = next(r for r in app.legal.rows if r.kind == "xfc.effect")
        assert row.texts[0].startswith(f"Apply your revealed Bluff {name}'s effect now (or pass: it applies then)")
        before = rules.check_total(state)
        click(app, app.topbar.pass_button.get_abs_rect().center)
        app.run_frames(1)
        assert app.session.history[-1].action == Pass() and rules.check_total(state) == before - 3
    finally:
        pygame.event.clear()
