"""A refusal says what was refused in the player's words, never a ruleset's internal action type ("Can't
xfc.free draw: ...", seen in trial 3 when a replay refused a click on Pass)."""

from __future__ import annotations

import pygame

from tabletop.ui import TableApp
from tests.ui.replay.test_viewer import tragedy_game
from tests.ui.uihelpers import click, key


def test_a_refused_ruleset_move_names_no_internal_action_type():
    session = tragedy_game()
    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    app.run_frames(1)
    app.open_replay(session)
    key(app, pygame.K_HOME)
    app.run_frames(2)
    for _ in range(4):  # to a point where the seat looked at could pass
        if app.legal.passes:
            break
        key(app, pygame.K_RIGHT)
        app.run_frames(2)
    rows = [item["text"] for item in app.side.moves.item_list]
    assert "Pass" in rows, rows
    click(app, app.side.moves.item_list[rows.index("Pass")]["button_element"].rect.center)  # the "Pass" row
    app.run_frames(2)
    refusals = [line for line in app.side.log_text.split("<br>") if "Can&#x27;t" in line or "Can't" in line]
    assert refusals, app.side.log_text
    assert "this is a replay" in refusals[-1]
    assert "tragedy." not in refusals[-1] and "_" not in refusals[-1].split(":")[0]
    assert "Can&#x27;t pass" in refusals[-1] or "Can't pass" in refusals[-1]
    app.close()


def test_a_replay_offers_no_pass_button_and_says_its_moves_are_the_seats_then():
    """Trial 3: a replay showed the Pass button and "Legal moves … (click one)", each click refused."""
    session = tragedy_game()
    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    app.run_frames(1)
    app.open_replay(session)
    key(app, pygame.K_HOME)
    for _ in range(4):  # every early point: the seat looked at passes or waits
        app.run_frames(2)
        assert not app.topbar.pass_button.visible
        label = app.side.moves_label.text
        assert "click one" not in label, label
        if app.legal.moves:
            assert "Enter plays on" in label, label
        key(app, pygame.K_RIGHT)
    app.close()
