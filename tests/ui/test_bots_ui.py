"""Bot opponents at the table: seats played through the same door as a person, paced by game time."""

from __future__ import annotations

import pygame
import pytest

from tabletop.cli import main
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.app.botseats import parse_bots
from tests.ui.uihelpers import click, key


def _tragedy_app(bots, seat=0, **kw) -> TableApp:
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=seat, size=(1280, 800), fps=0,
                   bots=bots, **kw)
    app.run_frames(1)
    return app


def test_two_bot_seats_play_a_tragedy_game_on_their_own():
    app = _tragedy_app({0: "greedy", 1: "random"})
    start = app.session.state.rules["turn"]
    app.run_frames(120)
    history = app.session.history
    assert len(history) >= 60  # one action a frame while headless
    assert {e.seat for e in history} >= {0, 1}
    assert all(e.action.type.startswith("tragedy.") for e in history)
    assert app.session.state.rules["turn"] > start or app.session.state.rules.get("over")
    assert app.bots.acted == len(history)


def test_a_bot_answers_after_the_human_passes():
    app = _tragedy_app({1: "greedy"})
    rules = app.session.rules
    for _ in range(200):  # the bot plays until the game waits on the person
        if rules.waiting_for(app.session.state) == [0]:
            break
        app.step()
    assert rules.waiting_for(app.session.state) == [0]
    n = len(app.session.history)
    app.run_frames(3)
    assert len(app.session.history) == n  # the bot does not act for the person
    key(app, pygame.K_p)  # pass priority
    assert app.session.history[n].seat == 0 and app.session.history[n].action.type == "tragedy.pass"
    app.run_frames(2)
    assert any(e.seat == 1 for e in app.session.history[n + 1:])


def test_bots_are_paced_in_game_time():
    app = _tragedy_app({0: "greedy", 1: "greedy"}, bot_delay=0.3)
    app.run_frames(15)  # 16 frames of 1/60 s so far: not yet 0.3 s
    assert app.session.history == []
    app.run_frames(4)
    assert len(app.session.history) == 1
    app.run_frames(10)
    assert len(app.session.history) == 1
    app.run_frames(10)
    assert len(app.session.history) == 2


def test_bot_flags_and_the_new_game_dialog():
    assert parse_bots(["2=greedy", "1=random"]) == {1: "greedy", 0: "random"}
    with pytest.raises(ValueError):
        parse_bots(["2=clever"])
    with pytest.raises(ValueError):
        parse_bots(["two=greedy"])
    assert main(["play", "--headless", "--ruleset", "tragedy", "--enforce", "strict", "--seed", "1",
                 "--bot", "1=greedy", "--bot", "2=random", "--frames", "30"]) == 0
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    app.new_game_dialog()
    app.run_frames(1)
    d = app.newgame
    seat2 = next(b for b, seat in d.player_buttons.items() if seat == 1)
    click(app, seat2.rect.center)
    click(app, seat2.rect.center)
    assert d.players == {1: "greedy"} and seat2.text == "2: greedy"
    d.ruleset.selected_option = ("tragedy", "tragedy")
    click(app, d.start.rect.center)
    assert app.session is not None and app.bots is not None and app.bots.names == {1: "greedy"}


def test_the_new_game_dialog_shows_one_player_button_per_seat():
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    app.new_game_dialog()
    app.run_frames(1)
    d = app.newgame

    def shown() -> list[int]:
        return sorted(seat for b, seat in d.player_buttons.items() if b.visible)

    assert shown() == [0, 1]  # Seats reads 2
    # pick 4 in the Seats box with the mouse: open it, click the option
    click(app, d.seats.rect.center)
    options = d.seats.current_state.options_selection_list
    row = next(it for it in options.item_list if it["text"] == "4")
    click(app, row["button_element"].rect.center)
    app.run_frames(2)  # the list answers the click, the box then says it changed
    assert shown() == [0, 1, 2, 3]
    seat4 = next(b for b, seat in d.player_buttons.items() if seat == 3)
    click(app, seat4.rect.center)
    assert d.values()["bots"] == {3: "random"}
    click(app, d.seats.rect.center)
    row = next(it for it in d.seats.current_state.options_selection_list.item_list if it["text"] == "2")
    click(app, row["button_element"].rect.center)
    app.run_frames(2)
    assert shown() == [0, 1] and d.values()["bots"] == {}  # a hidden seat plays no bot
