"""The replay viewer in the window, driven by keys: step, jump by turn and by broken rule, play at a speed, look as
another seat or as a spectator (never more than that seat saw then), refuse changes, and play on from a point."""

from __future__ import annotations

import pygame

from tabletop.cli import main
from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.store import save_game
from tabletop.ui import TableApp
from tabletop.ui.app.settings import HEADLESS_DT
from tests.ui.uihelpers import key


def _game():
    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    for _ in range(8):
        seat = session.state.rules["priority"]
        session.submit(next(a for a in session.rules.legal_actions(session.state, seat)
                            if a.type.endswith("pass")), seat)
    other = 1 - session.state.rules["priority"]
    session.submit(A.Move((session.state.zones[f"hand:{other}"].pieces[0],), f"stack:{other}"), other)
    return session


def test_keys_step_jump_play_look_and_play_on():
    session = _game()
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
    point = r.point
    key(app, pygame.K_RETURN)  # play on from here: a new game
    assert app.replaying is None and len(app.session.history) == point
    assert app.session.submit(A.Chat("on we go"), 0).accepted
    app.close()


def test_play_replay_opens_a_save_in_the_viewer(tmp_path, capsys):
    path = tmp_path / "game.yaml"
    save_game(_game(), path)
    assert main(["play", "--replay", str(path), "--headless", "--frames", "2"]) == 0
    empty = tmp_path / "empty.yaml"
    save_game(new_session("tragedy", 2, seed=1), empty)
    assert main(["play", "--replay", str(empty), "--headless"]) == 2
    assert "keeps no log to replay" in capsys.readouterr().err
