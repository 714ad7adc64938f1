"""A paid Bluff's effect reads as what it is: the revealed Bluff's, and what passing does with it (issue 15).

Why: after a Bluff was paid, its effect was an extra "Apply Misfiled Report by hand: skill -3" row a newcomer had
to think about taking, though passing applies it anyway. The sample set's Bluffs' text all runs now, so the test plays
a copy of the set whose Misfiled Report says more than the compiler reads (its common form is still offered)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from tabletop.cards import CardLibrary
from tabletop.game import new_session
from tabletop.rules.xfiles_ccg.actions import Pass, ResolveBluff
from tabletop.rules.xfiles_ccg.data import suggested_effects
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, engine_until

_SAMPLE = Path(__file__).resolve().parents[2] / "cards" / "xfiles-ccg-sample"
_PLAIN = "text: Subtracts 3 from the Activating Team's skill check."
_MORE = "text: Subtracts 3 from the Activating Team's skill check unless the Site lies under a full moon."


def _library(tmp_path: Path) -> CardLibrary:
    """The sample set, with a Misfiled Report whose text the engine cannot run (applied by hand, offered ready)."""
    root = tmp_path / "cards"
    shutil.copytree(_SAMPLE, root / _SAMPLE.name)
    cards = root / _SAMPLE.name / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert _PLAIN in text
    cards.write_text(text.replace(_PLAIN, _MORE), encoding="utf-8")
    return CardLibrary([root])


def _paid_bluff(tmp_path: Path):
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1, library=_library(tmp_path))
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


def test_a_paid_bluffs_effect_row_says_whose_it_is_and_that_passing_applies_it(tmp_path: Path):
    session, seat, pay, result = _paid_bluff(tmp_path)
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
