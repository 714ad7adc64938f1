"""Every dialog a ruleset opens (a legal move's choice: a Role, a target, a value, a destination) shows its title
whole at 800x600: the title bar holds it (the window widened within the screen), or the bar says "Choose one" and
the body starts with the whole title. Found by playing seeded random games and opening every choice row each seat
is offered on the way."""

from __future__ import annotations

import html

import pygame
import pytest

from tabletop.game import new_session
from tabletop.rules import available_rulesets
from tabletop.rules.bots import make_bot
from tabletop.ui import TableApp
from tabletop.ui.dialogs.widgets import ChoiceDialog, title_fits

SIZE = (800, 600)
STEPS = 120


def _step(session, bots) -> bool:
    rules, state = session.rules, session.state
    seat = rules.decision(state) if hasattr(rules, "decision") else next(iter(rules.waiting_for(state)), None)
    action = bots[seat].choose(state, seat) if seat is not None else None
    return action is not None and session.submit(action, seat).accepted


def _check(dialog: ChoiceDialog, title: str, where: str) -> None:
    win = dialog.window
    r = win.get_abs_rect()
    assert pygame.Rect(0, 0, *SIZE).contains(r), f"{where}: {title!r} window {r} is off the screen"
    shown = win.window_display_title
    assert title_fits(win, shown), f"{where}: {shown!r} is cut in its {win.title_bar.relative_rect.w} px bar"
    if shown != title:
        heading = getattr(dialog, "heading", None)
        assert heading is not None and html.escape(title) in heading.html_text, f"{where}: {title!r} is cut"
        assert heading.rect.bottom <= dialog.list.rect.top, f"{where}: the heading lies over the options"
        assert r.contains(heading.rect), where


# the X-Files CCG (most dialogs) in every run, the other rulesets in the slow run CI also makes: the suite's time
@pytest.mark.parametrize("name", [n if n == "xfiles-ccg" else pytest.param(n, marks=pytest.mark.slow)
                                  for n in sorted(set(available_rulesets()) - {"freeform"})])
def test_every_choice_dialog_shows_its_title_whole_at_800x600(name):
    session = new_session(name, 2, enforcement="strict", seed=5)
    bots = [make_bot("random", session.rules, 21 + s) for s in range(2)]
    apps = [TableApp(session, seat=s, size=SIZE, fps=0) for s in range(2)]
    seen: set[str] = set()
    try:
        for i in range(STEPS):
            for app in apps:
                app.run_frames(1)
                for row in app.legal.rows:
                    if not row.choice or row.title in seen:
                        continue
                    seen.add(row.title)
                    moves = [app.legal.moves[j] for j in row.moves]
                    app.choose_move(row.title, row.options, moves)
                    _check(app.prompt, row.title, f"{name} step {i} seat {app.seat}")
                    app.prompt.window.kill()
                    app.prompt = None
            if not _step(session, bots):
                break
        assert seen, f"{name}: no choice dialog came up in {STEPS} steps"
    finally:
        pygame.event.clear()


def test_a_title_too_long_for_the_screen_goes_in_the_body():
    app = TableApp(new_session("tragedy", 2, seed=1), seat=0, size=SIZE, fps=0)
    try:
        title = ("Investigate Dunmore Quarry, PA with Special Agent Ruth Calder, Special Agent Owen Marsh and "
                 "Agent Nadia Keller of the Criminal Investigation team: choose one")
        app.choose_move(title, ["With Team A (Criminal Investigation)", "Alone"], [])
        assert app.prompt.window.window_display_title == "Choose one"
        _check(app.prompt, title, "long")
        short = "Deploy Special Agent Ruth Calder: choose one"
        app.choose_move(short, ["To the field", "To the hospital"], [])
        assert app.prompt.window.window_display_title == short and app.prompt.heading is None
        _check(app.prompt, short, "short")
    finally:
        pygame.event.clear()
