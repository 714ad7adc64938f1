"""The top bar always says the step, who acts and what to do: for every ruleset's longest status (found by playing
seeded random games through the engine), at 1280x800 and at 800x600, with the Pass button taking its room. The
bar shortens by dropping or abbreviating the ruleset's title, by wrapping to two lines in a smaller font, or (in a
compact window) in a row of its own; the whole text is its tooltip whenever it shows less or wraps it."""

from __future__ import annotations

import functools

import pygame
import pytest

from tabletop.core.legal import legal_summary
from tabletop.game import new_session
from tabletop.rules import available_rulesets
from tabletop.rules.bots import make_bot
from tabletop.ui import TableApp
from tabletop.ui.panels.sidebar import _title
from tabletop.ui.panels.topbar import wrap_two
from tabletop.ui.panels.whatnow import _without_aside, short_title, status_variants

SIZES = ((1280, 800), (800, 600))
#: engine steps played looking for the longest status
STEPS = 160
NAMES = {0: "Seat 1", 1: "Seat 2"}


def _bots(session):
    return [make_bot("random", session.rules, 11 + s) for s in range(2)]


def _step(session, bots) -> bool:
    rules, state = session.rules, session.state
    seat = rules.decision(state) if hasattr(rules, "decision") else next(iter(rules.waiting_for(state)), None)
    action = bots[seat].choose(state, seat) if seat is not None else None
    return action is not None and session.submit(action, seat).accepted


@functools.cache
def _longest(name: str) -> tuple[int, int, str]:
    """(engine steps, seat, the whole status) of the longest status the seeded game shows any seat."""
    session = new_session(name, 2, enforcement="strict", seed=3)
    bots = _bots(session)
    best = (0, 0, "")
    for i in range(STEPS):
        for seat in range(2):
            v = status_variants(_title(name), session.rules.status(session.state, seat),
                                legal_summary(session, seat), seat, NAMES, 2, "strict")
            if len(v[0]) > len(best[2]):
                best = (i, seat, v[0])
        if not _step(session, bots):
            break
    return best


def _at(name: str, steps: int):
    session = new_session(name, 2, enforcement="strict", seed=3)
    bots = _bots(session)
    for _ in range(steps):
        assert _step(session, bots)
    return session


def _parts(whole: str) -> tuple[str, str, str]:
    """(step, who, what to do) of "Title · Step: Who to act — what to do"."""
    left, todo = whole.split(" to act — ", 1)
    head, who = left.rsplit(": ", 1)
    step = head.split(" · ", 1)[1]
    return step, who, todo


def _shown(bar) -> list:
    """The status labels the bar shows (one, or two when wrapped)."""
    return [lab for lab in (bar.status, getattr(bar, "status2", None)) if lab is not None and lab.visible and lab.text]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(set(available_rulesets()) - {"freeform"}))
def test_the_longest_status_shows_step_actor_and_action(name, size):
    steps, seat, whole = _longest(name)
    assert " to act — " in whole, whole
    step, who, todo = _parts(whole)
    app = TableApp(_at(name, steps), seat=seat, size=size, fps=0)
    try:
        app.topbar.show_pass("Pass")  # the widest the bar's buttons get: the status has the least room
        app.run_frames(1)
        bar = app.topbar
        # first, or after the same words with how to hand a hotseat table over (those are tried first)
        plain = whole.replace("Seat 1", app._names()[0]).replace("Seat 2", app._names()[1])
        assert plain == bar.full_status[0] or any(t.startswith(plain + " — Tab") for t in bar.full_status[:1])
        assert plain in bar.full_status[:bar.whole]
        labels = _shown(bar)
        text = " ".join(lab.text for lab in labels)
        step_who = f"{step}: {who} to act".replace("Seat 1", app._names()[0]).replace("Seat 2", app._names()[1])
        todo = _without_aside(todo) if todo not in text else todo  # an aside saying why may go to the tooltip
        assert step_who in text and todo in text, f"{name} {size}: the bar shows {text!r} of {whole!r}"
        for lab in labels:  # each line whole in its own font, inside the bar and the window
            w, h = lab.font.get_rect(lab.text).size
            assert w <= lab.relative_rect.w and h <= lab.relative_rect.h, (name, size, lab.text, w, h)
            assert bar.panel.get_abs_rect().contains(lab.get_abs_rect()), (name, size, lab.get_abs_rect())
        if text != bar.full_status[0]:
            assert bar.status_tip == bar.full_status[0], "the tooltip gives the whole text"
        # the table starts under the bar, whatever its height
        assert app.camera.viewport[1] >= bar.panel.get_abs_rect().bottom
        assert app.side is None or app.side.panel.get_abs_rect().top >= bar.panel.get_abs_rect().bottom
    finally:
        pygame.event.clear()


def test_the_title_is_abbreviated_before_anything_else_goes():
    assert short_title("The X-Files CCG (Advanced)") == "X-Files CCG"
    assert short_title("Tragedy") == "Tragedy"
    v = status_variants("The X-Files CCG (Advanced)", {"step_label": "Deployment", "todo": "deploy or pass"},
                        {"moves": [], "waiting": [0]}, 0, NAMES, 2)
    assert v[:v.whole] == ["The X-Files CCG (Advanced) · Deployment: Seat 1 (you) to act — deploy or pass",
                           "X-Files CCG · Deployment: Seat 1 (you) to act — deploy or pass",
                           "Deployment: Seat 1 (you) to act — deploy or pass"]
    assert all("Deployment" in t and "deploy or pass" in t for t in v[:v.whole])


def test_two_lines_break_between_who_and_what_when_they_can():
    def fits(t: str) -> bool:
        return len(t) <= 30

    assert wrap_two("Upkeep Step: Seat 2 to act — play an Act or pass", fits) == \
        ("Upkeep Step: Seat 2 to act", "— play an Act or pass")
    assert wrap_two("one two three four five six seven eight nine ten", fits) == \
        ("one two three four five six", "seven eight nine ten")
    assert wrap_two("x" * 31, fits) is None
