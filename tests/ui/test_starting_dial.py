"""A ruleset game starts at warn unless the player asks otherwise (a Tragedy game at off stalled after the first
passes); off stays one key away (Shift+E) and says what stops."""

from __future__ import annotations

import argparse

import pygame

from tabletop.commands import serve
from tabletop.commands.play import _session
from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, key


def _pick(app: TableApp, dropdown, option: str) -> None:
    """Choose `option` in a pygame-gui drop-down as a player does: open it, click the option."""
    closed = dropdown.menu_states["closed"]
    for _ in range(10):  # a drop-down that just closed builds its button again over a few frames
        if closed.selected_option_button is not None and closed.selected_option_button.alive():
            break
        app.step()
    click(app, closed.selected_option_button.rect.center)
    items = dropdown.menu_states["expanded"].options_selection_list.item_list
    button = next(i["button_element"] for i in items if i["text"] == option)
    click(app, button.rect.center)
    app.run_frames(3)  # the list's selection, then the drop-down's own change, each an event of the next frame


def _dial(dialog) -> str:
    v = dialog.enforce.selected_option
    return v[0] if isinstance(v, tuple) else v


def test_the_new_game_dialog_starts_a_ruleset_at_warn_and_freeform_at_off() -> None:
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    app.new_game_dialog()
    app.run_frames(1)
    d = app.newgame
    assert d.ruleset_name() == "freeform" and _dial(d) == "off"
    _pick(app, d.ruleset, "tragedy")
    assert _dial(d) == "warn"
    _pick(app, d.ruleset, "freeform")
    assert _dial(d) == "off"
    _pick(app, d.ruleset, "tragedy")
    assert _dial(d) == "warn"
    click(app, d.start.rect.center)
    assert app.session is not None and app.session.state.enforcement == "warn"
    app.close()


def test_a_dial_the_player_turned_stays_when_the_ruleset_changes() -> None:
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    app.new_game_dialog()
    app.run_frames(1)
    d = app.newgame
    _pick(app, d.ruleset, "tragedy")
    _pick(app, d.enforce, "strict")
    _pick(app, d.ruleset, "xfiles-fan")
    assert _dial(d) == "strict"
    app.close()


def test_shift_e_turns_the_rules_off_in_one_key_and_says_what_stops() -> None:
    app = TableApp(new_session("tragedy", 2, enforcement="warn", seed=1), size=(1280, 800), fps=0)
    app.run_frames(2)
    key(app, pygame.K_e, pygame.KMOD_SHIFT)
    assert app.session.state.enforcement == "off"
    said = " ".join(app.notices.texts())
    assert "Rules off" in said and "wait until the dial is back at warn" in said
    key(app, pygame.K_e)
    assert app.session.state.enforcement == "warn"
    assert any("every broken rule is shown" in t for t in app.notices.texts())
    app.close()


def _args(**kw) -> argparse.Namespace:
    base = {"save": None, "ruleset": None, "seats": None, "deck": [], "enforce": None, "house_rules": None,
            "seed": 3, "command": "play"}
    base.update(kw)
    return argparse.Namespace(**base)


def test_play_and_host_start_a_ruleset_at_warn_unless_asked() -> None:
    assert _session(_args(ruleset="tragedy")).state.enforcement == "warn"
    assert _session(_args(ruleset="tragedy", enforce="off")).state.enforcement == "off"
    assert _session(_args(ruleset="freeform", seats=2)).state.enforcement == "off"


def test_serve_starts_a_ruleset_at_warn_unless_asked() -> None:
    args = argparse.Namespace(save=None, ruleset="tragedy", seats=2, enforce=None, house_rules=None, seed=3,
                              host_seat=None)
    assert serve._session(args).state.enforcement == "warn"
    args.enforce = "strict"
    assert serve._session(args).state.enforcement == "strict"


def test_tragedy_at_its_starting_dial_moves_on_after_the_passes() -> None:
    """Defect 2: at off, the first passes left the game waiting for the dial; at the starting dial it moves on."""
    session = _session(_args(ruleset="tragedy"))
    before = session.state.rules["step"]
    for _ in range(2):
        seat, move = next((s, a) for s in range(2) for a in session.rules.legal_actions(session.state, s)
                          if a.type.endswith("pass"))
        assert session.submit(move, seat).accepted
    assert session.state.rules["step"] != before
