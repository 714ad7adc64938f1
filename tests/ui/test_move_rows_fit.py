"""Legal-move rows longer than the side panel: each shows what fits, rows stay told apart, and the whole words
are one hover away (the row's pygame-gui tooltip); a cut row still plays its move."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.panels.movelist import ELLIPSIS, ROW_PAD, fit_row, fit_text
from tests.ui.uihelpers import click, engine_until, mouse, post


@pytest.fixture(scope="module")
def deployment_app():
    """X-Files CCG at Deployment at the default size: its rows name long Agent names (at Requisition one row per
    Equipment card now opens the choice of Agent, so no row there is too long)."""
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    engine_until(session, lambda: rules.step(session.state) == "deployment")
    app = TableApp(session, seat=rules.decision(session.state), size=(1280, 800), fps=0)
    app.run_frames(2)
    yield app
    pygame.event.clear()


def _rows(app: TableApp) -> list[tuple[str, str, Any]]:
    return [(full, item["text"], item["button_element"])
            for (full, _), item in zip(app.side.move_items, app.side.moves.item_list, strict=True)]


def test_long_rows_fit_read_apart_and_tell_their_whole_words_on_hover(deployment_app):
    app = deployment_app
    font = app.manager.get_theme().get_font([])
    rows = _rows(app)
    cut = [(full, shown, b) for full, shown, b in rows if shown != full]
    assert cut, "this position has rows too long for the panel"
    for _full, shown, button in rows:
        assert button is not None
        assert font.size(shown)[0] <= button.rect.w - 2 * ROW_PAD, f"{shown!r} is cut off at the panel's edge"
    assert len({shown for _, shown, _ in rows}) == len(rows), "two rows read the same"
    for full, shown, button in cut:
        assert ELLIPSIS in shown
        assert button.tool_tip_text is not None and full in button.tool_tip_text.replace("&amp;", "&")
    # a player hovers the first cut row: after a short rest pygame-gui's tooltip shows every word of it
    full, _, button = cut[0]
    post(app, mouse(pygame.MOUSEMOTION, button.rect.center))
    app.run_frames(40)
    assert button.tool_tip is not None and button.tool_tip.alive()
    assert full in button.tool_tip.text_block.html_text


def test_a_cut_row_plays_its_own_move(deployment_app):
    app = deployment_app
    rows = _rows(app)
    i = next(i for i, (full, shown, _) in enumerate(rows) if shown != full and len(app.legal.rows[i].moves) == 1)
    want = app.legal.moves[app.legal.rows[i].moves[0]]
    n = len(app.session.history)
    click(app, rows[i][2].rect.center)
    app.run_frames(1)
    assert len(app.session.history) == n + 1 and app.session.history[n].action == want


def test_fit_text_keeps_what_fits_and_cuts_at_a_word():
    font = pygame.font.Font(None, 20)
    text = "Requisition Service Sidearm (3 RP) for Special Agent Owen Marsh"
    assert fit_text(text, font, 10_000) == text
    room = font.size(text)[0] // 2
    end = fit_text(text, font, room)
    middle = fit_text(text, font, room, keep_end=True)
    for shown in (end, middle):
        assert font.size(shown)[0] <= room and ELLIPSIS in shown
    assert end.endswith(ELLIPSIS) and text.startswith(end[:-1])
    assert middle.endswith("Owen Marsh") and middle.startswith("Requisition")


def test_rows_alike_at_both_ends_show_where_they_differ():
    """The X-Files CCG's Investigate rows of one Site differ only in their Agents, in the middle: each row shows its
    first word and the words where it differs, so no two read the same (they all read "Investigate Dunmore…
    Investigation)": found by a newcomer's trial)."""
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    engine_until(session, lambda: rules.step(session.state) == "assign")
    app = TableApp(session, seat=rules.decision(session.state), size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        rows = _rows(app)
        investigate = [(full, shown) for full, shown, _ in rows if full.startswith("Investigate ")]
        assert len(investigate) >= 3 and any(shown != full for full, shown in investigate)
        assert len({shown for _, shown in investigate}) == len(investigate), investigate
        font = app.manager.get_theme().get_font([])
        for _full, shown, button in rows:
            assert font.size(shown)[0] <= button.rect.w - 2 * ROW_PAD, shown
    finally:
        app.close()
        pygame.event.clear()


def _agents(full: str) -> list[str]:
    """The surnames of the Agents an Investigate row sends ("... PA with Special Agent Owen Marsh, ... (...)")."""
    team = full.split(" with ", 1)[1].rsplit(" (", 1)[0]
    return [name.split(" ")[-1] for name in team.split(", ")]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_cut_investigate_row_names_every_agent_it_sends(size):
    """Cut in the middle, the Team of four read "Investigate… Special Agent… Brandt …", as if Agent Tom Brandt went
    alone (newcomer trial s7, c22): a cut row names its Agents by surname, or the first of them and how many more,
    and never an Agent it does not send."""
    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    rules = session.rules
    engine_until(session, lambda: rules.step(session.state) == "assign")
    app = TableApp(session, seat=rules.decision(session.state), size=size, fps=0)
    try:
        app.run_frames(2)
        rows = [(full, shown) for full, shown, _ in _rows(app) if full.startswith("Investigate ")]
        assert any(len(_agents(full)) >= 3 for full, _ in rows) and any(shown != whole for whole, shown in rows)
        everyone = {name for full, _ in rows for name in _agents(full)}
        for full, shown in rows:
            named = [name for name in everyone if name in shown]
            more = re.search(r"\+(\d+)", shown)
            assert set(named) <= set(_agents(full)), (full, shown)
            assert len(named) + (int(more.group(1)) if more else 0) == len(_agents(full)), (full, shown)
        assert len({shown for _, shown in rows}) == len(rows)
    finally:
        app.close()
        pygame.event.clear()


def test_a_cut_row_drops_its_closing_asides_before_cutting_words():
    """At 1280x800 "Requisition Field Medical Kit (2 RP) (4 choices)" read "... (2 RP) (4…": the asides go first,
    the last one first, so the card and its cost read whole while they fit (newcomer trial s7, s08)."""
    font = pygame.font.Font(None, 20)
    text = "Requisition Field Medical Kit (2 RP) (4 choices)"
    kept = "Requisition Field Medical Kit (2 RP)" + ELLIPSIS
    for room in range(font.size(kept)[0], font.size(text)[0]):
        assert fit_row(text, font, room) == kept, room
    assert fit_row(text, font, font.size(text)[0]) == text
    name = "Requisition Field Medical Kit" + ELLIPSIS
    assert fit_row(text, font, font.size(name)[0]) == name
    narrow = fit_row(text, font, font.size(name)[0] - 1)
    assert font.size(narrow)[0] < font.size(name)[0] and "(" not in narrow


def test_a_row_that_already_says_choose_gets_one_ellipsis():
    """A grouped row ("Bluff resolve Misfiled Report: choose… (2)") cut just after its own "…" read "choose……"."""
    font = pygame.font.Font(None, 20)
    text = "Bluff resolve Misfiled Report: choose… (2)"
    for room in range(font.size("Bluff…")[0], font.size(text)[0]):
        shown = fit_text(text, font, room)
        assert ELLIPSIS * 2 not in shown, (room, shown)
        assert font.size(shown)[0] <= room
