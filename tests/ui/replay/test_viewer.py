"""The replay viewer in the window, driven by keys: step, jump by turn and by broken rule, play at a speed, look as
another seat or as a spectator (never more than that seat saw then), refuse changes, and play on from a point."""

from __future__ import annotations

import pygame
import pygame_gui

from tabletop.cli import main
from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.store import save_game
from tabletop.ui import TableApp
from tabletop.ui.app.settings import HEADLESS_DT
from tests.ui.uihelpers import click, key, post


def tragedy_game(passes: int = 8):
    """A warn Tragedy game: `passes` passes, then a card played out of turn (a broken rule in the log)."""
    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    for _ in range(passes):
        seat = session.state.rules["priority"]
        session.submit(next(a for a in session.rules.legal_actions(session.state, seat)
                            if a.type.endswith("pass")), seat)
    other = 1 - session.state.rules["priority"]
    session.submit(A.Move((session.state.zones[f"hand:{other}"].pieces[0],), f"stack:{other}"), other)
    return session


def test_keys_step_jump_play_look_and_play_on():
    session = tragedy_game()
    end = len(session.history)
    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    app.run_frames(1)
    app.open_replay(session)
    r = app.replaying
    assert r is not None and r.point == end and "replay" in app.topbar.status.text
    key(app, pygame.K_HOME)
    assert r.point == 0 and app.view["seq"] == session.history[0].seq - 1
    key(app, pygame.K_RIGHT)
    assert r.point == 1 and app.view["seq"] == session.history[0].seq
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)  # the next broken rule
    assert r.point == r.timeline.violations[0] == end
    key(app, pygame.K_LEFT, pygame.KMOD_ALT)  # back a step of the rules
    assert r.point == r.timeline.next_mark(end, r.timeline.steps, forward=False)
    key(app, pygame.K_HOME)
    key(app, pygame.K_SPACE)  # play at 2 steps a second
    app.run_frames(int(1.6 / HEADLESS_DT))
    assert r.point in (2, 3) and r.playing
    key(app, pygame.K_SPACE)
    before = r.session.state.hash()
    assert not app.submit(A.Draw(1)).accepted and r.session.state.hash() == before  # a replay changes nothing
    seat = app.seat
    key(app, pygame.K_TAB)
    assert app.seat == 1 - seat
    key(app, pygame.K_TAB)
    assert app.seat is None  # a spectator: public information only
    assert all(not p.get("card") for z in app.view["zones"] if z["name"].startswith("hand") for p in z["pieces"])
    key(app, pygame.K_TAB)
    bar = app.replay_bar  # the timeline, dragged: the table at that point
    assert bar is not None and bar.get_current_value() == r.point
    bar.set_current_value(4)
    post(app, pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=4, ui_element=bar, ui_object_id=""))
    assert r.point == 4 and app.view["seq"] == session.history[3].seq
    click(app, bar.right_button.rect.center)  # a click on its arrow: one step on
    app.run_frames(2)
    assert r.point == 5
    point = r.point
    key(app, pygame.K_RETURN)  # play on from here: a new game
    assert app.replaying is None and len(app.session.history) == point and app.replay_bar is None
    assert app.session.submit(A.Chat("on we go"), 0).accepted
    app.close()


def test_play_replay_opens_a_save_in_the_viewer(tmp_path, capsys):
    path = tmp_path / "game.yaml"
    save_game(tragedy_game(), path)
    assert main(["play", "--replay", str(path), "--headless", "--frames", "2"]) == 0
    empty = tmp_path / "empty.yaml"
    save_game(new_session("tragedy", 2, seed=1), empty)
    assert main(["play", "--replay", str(empty), "--headless"]) == 2
    assert "keeps no log to replay" in capsys.readouterr().err


def _saved_game(tmp_path):
    from tests.lab.test_replay import _bot_game

    session, _, _ = _bot_game(50)
    path = tmp_path / "kept.yaml"
    save_game(session, path)
    return session, path


def _open_by_start_screen(app, path):
    from tests.ui.uihelpers import click, post

    click(app, app.start.buttons["replay"].rect.center)
    fd = app.file_dialog
    assert fd is not None and fd.tabletop_purpose == "replay"
    field = fd.file_path_text_line
    click(app, field.rect.center)
    field.select_range = [0, len(field.get_text())]
    post(app, pygame.event.Event(pygame.TEXTINPUT, text=str(path)))
    assert field.get_text() == str(path)
    click(app, fd.ok_button.rect.center)
    app.run_frames(2)
    assert app.replaying is not None


def test_the_replay_bar_by_mouse_drag_step_bookmark_reopen_and_play_from_here(tmp_path):
    from tabletop.store import load_game
    from tests.ui.test_starting_dial import _pick
    from tests.ui.uihelpers import click, drag, post

    session, path = _saved_game(tmp_path)
    end = len(session.history)
    app = TableApp(None, start_screen=True, size=(800, 600), fps=0)
    app.run_frames(1)
    _open_by_start_screen(app, path)
    r, bar = app.replaying, app._replay_bar
    assert r.point == end and bar is not None
    slider = bar.slider
    left = (slider.rect.x + slider.rect.w // 4, slider.sliding_button.rect.centery)
    drag(app, slider.sliding_button.rect.center, left)  # drag the timeline to about a quarter of the game
    app.run_frames(2)
    assert 0 < r.point < end // 2, r.point
    assert app.view["seq"] == r.timeline.seq_of(r.point)
    point = r.point
    click(app, bar.buttons["fwd"].rect.center)
    assert r.point == point + 1 and int(slider.get_current_value()) == point + 1
    click(app, bar.buttons["back"].rect.center)
    click(app, bar.buttons["back"].rect.center)
    assert r.point == point - 1
    marked = r.point
    click(app, bar.name.rect.center)
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="the raid"))
    click(app, bar.mark.rect.center)
    assert r.timeline.bookmarks == {marked: "the raid"}
    assert load_game(path).bookmarks == {r.timeline.seq_of(marked): "the raid"}  # kept in the save at once
    click(app, bar.buttons["end"].rect.center)
    assert r.point == end
    _pick(app, app._replay_bar.mark_menu, f"{marked} · the raid")
    assert r.point == marked
    _pick(app, app._replay_bar.seat_menu, "As a spectator")
    assert app.seat is None
    hands = [z for z in app.view["zones"] if z["name"].startswith("hand")]
    assert hands and all(not p.get("card") for z in hands for p in z["pieces"])
    app.close()

    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)  # reopened: the bookmark is there
    app.run_frames(1)
    _open_by_start_screen(app, path)
    r = app.replaying
    assert r.timeline.bookmarks == {marked: "the raid"}
    _pick(app, app._replay_bar.mark_menu, f"{marked} · the raid")
    assert r.point == marked
    expected = r.timeline.state_at(marked).hash()
    click(app, app._replay_bar.branch.rect.center)
    assert app.replaying is None and app._replay_bar is None
    assert app.session.state.hash() == expected and len(app.session.history) == marked
    assert app.save_path is not None and app.save_path != path and app.save_path.is_file()
    assert load_game(app.save_path).state.hash() == expected
    assert app.session.submit(A.Chat("on we go"), 0).accepted
    app.close()


def test_a_file_that_cannot_be_replayed_is_said_and_the_start_screen_stays(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: tabletop-save\nversion: 1\nplayers: 3\n")
    app = TableApp(None, start_screen=True, size=(800, 600), fps=0)
    app.run_frames(1)
    assert not app.open_replay_file(bad) and app.replaying is None and app.start is not None
    assert not app.open_replay_file(tmp_path / "nowhere.yaml") and app.replaying is None
    app.close()


def test_replay_window_from_the_command_line(tmp_path, capsys):
    _, path = _saved_game(tmp_path)
    shot = tmp_path / "shot.png"
    assert main(["replay", str(path), "--window", "--headless", "--as", "2", "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    assert main(["replay", str(path), "--headless", "--as", "5"]) == 2
    assert "--as 5" in capsys.readouterr().err
