"""The hosting window hands a dropped guest's seat to a bot with a link beside the seat, every window's log says
so, and the guest who joins again gets the seat back while the bot stops."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.test_lan import WAIT_S, until
from tests.ui.uihelpers import key


def _log(app: TableApp) -> str:
    return " ".join(h for _, h, _ in app.local_log)


def _link(app: TableApp, target: str) -> None:
    app.step([pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target=target,
                                 ui_element=app.side.players)])


def test_the_host_lets_a_bot_play_a_dropped_seat_until_its_player_returns() -> None:
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(new_session("tragedy", 2, enforcement="strict", seed=1), port=0, bind="127.0.0.1",
                         name="friday", announce=False)
    address = f"127.0.0.1:{host.port}"
    host_app.standin_bot = "greedy"
    watcher = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    guests = [watcher]
    try:
        guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
        guest.join(address, name="bob", timeout=WAIT_S)
        watcher.join(address, seat=None, name="carol", timeout=WAIT_S)
        assert guest.seat == 1
        guest.source.close()
        guest.close()
        until(lambda: "standin:1" in host_app.side.players_text, host_app)  # the link beside the dropped seat
        assert host.host.standins.held == {}  # no `--bot-dropped`: nothing happens until the host asks
        _link(host_app, "standin:1")
        until(lambda: "dropped; a bot (greedy) plays it until they return" in _log(host_app), host_app)
        until(lambda: "bot (greedy) plays until they return" in host_app.side.players_text, host_app)
        until(lambda: "dropped; a bot (greedy) plays it until they return" in _log(watcher), watcher)
        bar = host_app.source.connection_lines(host_app.seat, host_app._names())[-1]
        assert "bob (Seat 2): a bot (greedy) plays until they return" in bar  # not "their seats wait for them"
        assert "wait for them" not in bar
        session = host_app.session
        rules = session.rules
        n = len(session.history)
        for _ in range(40):  # the host passes whenever the game waits on it; the bot plays seat 2
            if any(e.seat == 1 for e in session.history[n:]):
                break
            if rules.waiting_for(session.state) == [0]:
                key(host_app, pygame.K_p)  # pass priority
            time.sleep(0.02)
            host_app.step()
        until(lambda: any(e.seat == 1 for e in session.history[n:]), host_app)
        again = TableApp(None, start_screen=True, size=(1280, 800), fps=0)  # bob joins again: his seat back
        guests.append(again)
        again.join(address, name="bob", timeout=WAIT_S)
        assert again.seat == 1
        until(lambda: "bob is back" in _log(host_app), host_app)
        until(lambda: "bob is back" in _log(watcher), watcher)
        assert host.host.standins.held == {} and "bot (" not in host_app.side.players_text
    finally:
        for g in guests:
            if g.source is not None:
                g.source.close()
            g.close()
        if host_app.source is not None:
            host_app.source.close()
        pygame.event.clear()
