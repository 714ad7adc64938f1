"""Reveals last until the revealer ends them, or for the time it picked (issue 15: "a reveal stays revealed for
good"), driven by keys, the right-click menu and the End reveal button through the window's loop."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.ui.app.settings import HEADLESS_DT
from tests.ui.uihelpers import click, key, zone_center

__all__: list[str] = []


def _seen_by(app, seat: int, pid: str) -> bool:
    return any(p["id"] == pid and p.get("card") for z in app.session.view(seat)["zones"] for p in z["pieces"])


def _hand_card(app) -> tuple[str, tuple[int, int]]:
    click(app, zone_center(app, "deck"))  # draw
    pid = app.session.state.zones["hand:0"].pieces[0]
    app.run_frames(1)
    return pid, app.hand.spot(pid)


def test_v_reveals_until_the_end_reveal_button(app):
    pid, at = _hand_card(app)
    key(app, pygame.K_v, at=at)
    assert app.session.history[-1].action == A.Reveal((pid,))
    assert _seen_by(app, 1, pid)
    app.run_frames(600)  # ten seconds later: still revealed (until its revealer ends it)
    assert _seen_by(app, 1, pid)
    assert app.reveals.panel is not None and len(app.reveals.buttons) == 1
    button = next(iter(app.reveals.buttons))
    assert button.text == "End reveal"
    click(app, button.get_abs_rect().center)
    assert app.session.history[-1].action == A.EndReveal((pid,))  # the end is an action in the log
    assert not _seen_by(app, 1, pid)
    assert app.reveals.panel is None
    app.switch_seat(1)
    text = app._entry_html(app.log_rows(1)[-1], app._names(), app._zone_labels())
    assert "ended the reveal of" in text


def test_the_reveal_menu_picks_a_duration_and_the_end_comes_by_itself(app):
    pid, at = _hand_card(app)
    click(app, at, button=3)
    assert app.menu is not None
    item = next(b for b in app.menu.actions if b.text.startswith("Reveal to…"))
    click(app, item.get_abs_rect().center)
    labels = [b.text for b in app.menu.actions]
    assert "To everyone, for 5 s" in labels and "To everyone, until I end it" in labels
    assert any(t.startswith("To Seat 2") or "Bob" in t for t in labels)
    five = next(b for b in app.menu.actions if b.text == "To everyone, for 5 s")
    click(app, five.get_abs_rect().center)
    assert app.session.history[-1].action == A.Reveal((pid,), seconds=5)
    assert _seen_by(app, 1, pid)
    assert "5 s" in app.reveals.labels[0][0].text
    app.run_frames(int(4 / HEADLESS_DT))
    assert _seen_by(app, 1, pid)
    app.run_frames(int(2 / HEADLESS_DT))
    assert app.session.history[-1].action == A.EndReveal((pid,))
    assert not _seen_by(app, 1, pid)
    assert not app.reveals.items


def test_a_reveal_to_one_seat_and_an_undone_reveal(app):
    pid, at = _hand_card(app)
    click(app, at, button=3)
    click(app, next(b for b in app.menu.actions if b.text.startswith("Reveal to…")).get_abs_rect().center)
    to_one = next(b for b in app.menu.actions if b.text.endswith("until I end it") and "everyone" not in b.text)
    click(app, to_one.get_abs_rect().center)
    assert app.session.history[-1].action == A.Reveal((pid,), to=1)
    assert _seen_by(app, 1, pid) and not _seen_by(app, None, pid)
    # the revealer takes the reveal back with undo: the row goes, with no End reveal to press
    app.undo()
    app.run_frames(2)
    assert not _seen_by(app, 1, pid)
    key(app, pygame.K_v, at=at)
    assert len(app.reveals.items) == 1
    app.undo()
    app.run_frames(2)
    assert not app.reveals.items and app.reveals.panel is None


def test_a_long_reveal_row_fits_its_bar_and_tells_every_card_on_hover(app):
    """Revealing several cards at once named more than the bar holds, cut at its edge with no way to read it."""
    for _ in range(5):
        key(app, pygame.K_d, at=zone_center(app, "deck"))
    hand = tuple(app.session.state.zones["hand:0"].pieces)
    assert len(hand) == 5
    app.reveal(hand)
    app.run_frames(2)
    (label, item), = app.reveals.labels
    full = item.text(app.now)
    font = app.manager.get_theme().get_font([])
    assert font.size(label.text)[0] <= label.relative_rect.w, f"{label.text!r} is cut at the bar's edge"
    assert label.text != full and label.text.endswith("…")
    names = [app._card_name(pid) for pid in hand]
    assert all(n and n in label.tool_tip_text for n in names), label.tool_tip_text


def test_a_standing_reveal_keeps_its_end_reveal_through_a_look(app):
    """A newcomer's trial: V on a hand card, L on the deck, Done, and the End reveal control was gone while the
    other seat still saw the card (any action after the reveal dropped it from the bar)."""
    pid, at = _hand_card(app)
    key(app, pygame.K_v, at=at)
    key(app, pygame.K_l, at=zone_center(app, "deck"))
    key(app, pygame.K_RETURN)  # the prompt's 3
    assert app.peek is not None
    done = next(b for b, k in app.peek.buttons.items() if k == "done")
    click(app, done.get_abs_rect().center)
    app.run_frames(2)
    assert app.peek is None
    assert _seen_by(app, 1, pid)
    assert len(app.reveals.buttons) == 1
    click(app, next(iter(app.reveals.buttons)).get_abs_rect().center)
    assert app.session.history[-1].action == A.EndReveal((pid,))
    assert not _seen_by(app, 1, pid)
