"""`tabletop play --headless`: scripts of gestures and actions, screenshots, and the start screen."""

from __future__ import annotations

import json

import pygame

from tabletop.cli import main
from tabletop.game import quick_table
from tabletop.ui import TableApp, run_script
from tabletop.ui.table.layout import build_layout
from tests.ui.uihelpers import click


def test_cli_plays_a_script_and_writes_a_screenshot(tmp_path):
    script = tmp_path / "s.json"
    script.write_text(json.dumps([
        {"action": {"type": "deal", "count": 3}, "seat": 0},
        {"key": "d"},
        {"move": [400, 300]},
        {"key": "n"},
        {"wheel": 1, "at": [400, 300]},
        {"text": "ignored: no field has focus"},
        {"wait": 2},
        {"screenshot": str(tmp_path / "mid.png")},
    ]))
    shot = tmp_path / "end.png"
    rc = main(["play", "--headless", "--seed", "5", "--frames", "2", "--screenshot", str(shot),
               "--script", str(script)])
    assert rc == 0
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 800)
    assert (tmp_path / "mid.png").is_file()


def test_cli_reports_a_bad_script_step(tmp_path, capsys):
    script = tmp_path / "bad.yaml"
    script.write_text("- {jump: [1, 2]}\n")
    assert main(["play", "--headless", "--script", str(script)]) == 2  # bad input: exit 2
    assert "unknown step" in capsys.readouterr().err


def test_script_gestures_reach_the_state():
    app = TableApp(quick_table(seed=2), size=(1280, 800), fps=0)
    app.run_frames(1)
    x, y, w, h = app.layout.zone_by_name["deck"].rect
    deck = [round(v) for v in app.camera.to_screen(x + w / 2, y + h / 2)]
    frames = run_script(app, [{"click": deck}, {"click": deck}, {"drag": [deck, [300, 220]], "steps": 4},
                              {"move": [300, 220]}, {"key": "t", "mods": []}])
    s = app.session.state
    assert frames > 10
    assert len(s.zones["hand:0"].pieces) == 2
    on_table = s.zones["table"].pieces[-1]
    assert s.pieces[on_table].kind == "card" and s.pieces[on_table].rotation == 90


def test_start_screen_quick_table_button():
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    assert app.session is None and app.start is not None
    assert app.start.buttons["host"].is_enabled and app.start.buttons["join"].is_enabled
    click(app, app.start.buttons["quick"].rect.center)
    assert app.session is not None and app.start is None
    assert len(app.session.state.zones["deck"].pieces) == 54


def test_layout_stacks_show_their_top_and_fans_stay_inside_their_zone():
    s = quick_table(seed=1)
    from tabletop.core import actions as A

    s.submit(A.Deal(7), 0)
    lay = build_layout(s.view(1), 1)
    deck = [i for i in lay.items if i.zone == "deck"]
    assert len(deck) == 1 and deck[0].depth == 40
    fan = [i for i in lay.items if i.zone == "hand:0"]
    assert len(fan) == 7 and all("card" not in i.piece for i in fan)
    x, y, w, h = lay.zone_by_name["hand:0"].rect
    assert all(x <= i.x - i.w / 2 and i.x + i.w / 2 <= x + w for i in fan)
    assert lay.hand is not None and lay.hand.name == "hand:1" and len(lay.hand.pieces) == 7
    top = lay.hit(deck[0].x, deck[0].y)
    assert top is deck[0]
    assert lay.zone_at(deck[0].x, deck[0].y).name == "deck"


def test_ctrl_s_saves_autosave_runs_and_open_restores_the_table(tmp_path):
    from tests.ui.uihelpers import key, zone_center

    save = tmp_path / "game.yaml"
    auto = tmp_path / "auto.yaml"
    app = TableApp(quick_table(seed=4), size=(1280, 800), fps=0, autosave=auto, save_path=save)
    app.run_frames(1)
    deck = zone_center(app, "deck")
    for _ in range(5):
        click(app, deck)
    assert app.autosaver.flush()  # every change is in the journal beside auto.yaml
    from tabletop.store import open_game

    assert open_game(auto).state.hash() == app.session.state.hash()
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert save.is_file()
    saved = app.session.state.hash()
    click(app, deck)
    assert app.session.state.hash() != saved
    assert app.open(save)
    assert app.session.state.hash() == saved
    assert len(app.layout.hand.pieces) == 5
