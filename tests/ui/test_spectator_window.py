"""A spectator's window (`play --join ADDR --watch`, or "watch" in the Join dialog's Seat): the public view only,
no hand of its own, the log and the chat; the host's window says who watches."""

from __future__ import annotations

import pygame

from tabletop.cli import main
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tests.ui.test_lan import WAIT_S, until


def test_a_spectator_window_sees_public_information_chats_and_is_seen_watching():
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="g", announce=False)
    try:
        host_app.submit(A.Deal(3))
        spec = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
        spec.join(f"127.0.0.1:{host.port}", seat=None, name="sue", timeout=WAIT_S)
        state = host_app.session.state
        until(lambda: spec.view.get("seq", -1) >= state.seq, host_app, spec)
        spec.run_frames(3)
        assert spec.seat is None and spec.layout.hand is None and spec._hand_pieces() == []
        hidden = {state.pieces[p].card for s in state.seats for p in state.zones[f"hand:{s}"].pieces}
        shown = {p.get("card") for z in spec.view["zones"] for p in z["pieces"]}
        assert not hidden & shown
        assert "watching 127.0.0.1" in spec.topbar.status.text and "(you)" not in spec.side.players_text
        until(lambda: any("watching: sue" in line for line in
                          host_app.source.connection_lines(host_app.seat, host_app._names())), host_app, spec)
        spec.submit(A.Chat("hello from the rail"))
        until(lambda: "hello from the rail" in host_app.side.log_text, host_app, spec)
        spec.source.close()
        spec.close()
    finally:
        host_app.source.close()
        pygame.event.clear()


def test_play_join_watch_opens_a_spectator_window(capsys):
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="g", announce=False)
    try:
        rc = main(["play", "--join", f"127.0.0.1:{host.port}", "--watch", "--name", "sue", "--headless",
                   "--frames", "2"])
        assert rc == 0, capsys.readouterr().err
    finally:
        host_app.source.close()
        pygame.event.clear()


def test_a_spectators_rules_panel_says_spectators_make_no_moves():
    """Trial 3: a spectator of a Tragedy game read "Legal moves are worked out on the host" (it has none)."""
    from tabletop.game import new_session

    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(new_session("tragedy", 2, enforcement="warn", seed=2), port=0, bind="127.0.0.1",
                         name="g", announce=False)
    try:
        spec = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
        spec.join(f"127.0.0.1:{host.port}", seat=None, name="sue", timeout=WAIT_S)
        until(lambda: spec.view.get("seq", -1) >= host_app.session.state.seq, host_app, spec)
        spec.run_frames(3)
        said = spec.side.moves_label.text
        assert "worked out on the host" not in said and "watching" in said.lower(), said
        assert said.endswith("moves")  # whole, not cut (the first words were cut at 1280x800)
        font = spec.side.moves_label.font
        assert font.get_rect(said).width <= spec.side.moves_label.relative_rect.w - 2, said
        spec.source.close()
        spec.close()
    finally:
        host_app.source.close()
        pygame.event.clear()
