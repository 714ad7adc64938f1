"""The host moderates from its window (K, the Players window: pygame-gui buttons): a removed guest's window says
why and does not come back, its kept token is forgotten and a rejoin with it is refused; a removed spectator's
window says so too; spectators off closes the watchers; every window's log reads what happened."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.errors import Refused
from tabletop.net.tokenstore import TokenStore
from tabletop.ui import TableApp
from tabletop.ui.app.rejoin import SeatMemory
from tests.ui.test_lan import WAIT_S, until
from tests.ui.uihelpers import click, key


@pytest.fixture
def table(tmp_path):
    """A hosting window, a guest window (bob, seat 2, its token kept in a token store of its own) and a
    spectator window (sue)."""
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="g", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    guest.seat_memory = SeatMemory(TokenStore(tmp_path / "hosts.yaml"))
    guest.join(f"127.0.0.1:{host.port}", name="bob", timeout=WAIT_S)
    spec = TableApp(None, start_screen=True, size=(800, 600), fps=0)
    spec.join(f"127.0.0.1:{host.port}", seat=None, name="sue", timeout=WAIT_S)
    host_app.submit(A.Deal(3))
    until(lambda: len(guest._hand_pieces()) == 3 and len(host_app.source.watchers) == 1, host_app, guest, spec)
    yield host_app, guest, spec
    for app in (spec, guest, host_app):
        if app.source is not None:
            app.source.close()
    pygame.event.clear()


def _press(app: TableApp, button) -> None:
    click(app, button.get_abs_rect().center)


def _remove_button(app: TableApp, kind: str):
    return next(b for b, target in app.moderation.removes.items() if target[0] == kind)


def test_the_host_removes_a_guest_and_a_spectator_from_the_players_window(table):
    host_app, guest, spec = table
    host_app.run_frames(2)
    assert "Players and spectators" in host_app.side.players_text  # the seats box's link to the window
    key(host_app, pygame.K_k)
    assert host_app.moderation is not None and host_app.moderation.alive()
    b = _remove_button(host_app, "seat")
    _press(host_app, b)
    assert b.text == "Sure? Remove" and host_app.source.host.host.protocol.records  # armed, nothing removed yet
    _press(host_app, b)
    until(lambda: guest.source.ended() != "", host_app, guest, spec)
    guest.run_frames(2)
    said = "The host removed you from Seat 2"
    assert said in guest.source.ended() and said in guest.side.players_text
    assert any(said in t for t in guest.notices.texts())
    assert "Host lost" not in guest.side.players_text  # it does not say it reconnects: it does not
    assert "connected" not in guest.side.players_text  # the old players list no longer says it sits there
    assert guest.source.connection_lines(1, guest._names()) == [guest.source.ended()]
    assert not guest.legal.pieces and not guest.legal.passes and not guest.topbar.pass_button.visible
    r = guest.source.submit(A.Draw(1), 1)  # a gesture now is refused at once, saying why
    assert r is not None and not r.accepted and said in r.error
    until(lambda: "The host removed bob from Seat 2" in spec.side.log_text, host_app, spec)
    assert "The host removed bob from Seat 2" in host_app.side.log_text
    lines = host_app.source.connection_lines(0, host_app._names())
    assert not any("left" in line for line in lines), lines  # an open seat is no player who left
    assert guest.seat_memory.known(f"127.0.0.1:{host_app.source.host.port}", "bob") is None  # forgotten
    host_app.refresh_moderation()
    _press(host_app, _remove_button(host_app, "watcher"))
    _press(host_app, _remove_button(host_app, "watcher"))
    until(lambda: "removed you from the spectators" in spec.source.ended(), host_app, spec)
    until(lambda: host_app.source.watchers == [], host_app)
    assert "The host removed the spectator sue" in host_app.side.log_text


def test_a_removed_guests_token_is_refused_with_the_reason(table):
    host_app, guest, _ = table
    port = host_app.source.host.port
    token = guest.source.thread.token
    assert host_app.source.host.remove_seat(1) == ""
    until(lambda: guest.source.ended() != "", host_app, guest)
    from tabletop.net.client import ClientThread

    thread = ClientThread(f"127.0.0.1:{port}", token=token, name="bob")
    with pytest.raises(Refused) as refused:
        thread.connect(WAIT_S)
    assert refused.value.code == "kicked" and "no longer opens it" in refused.value.reason
    thread.close()
    # the seat is open for someone else
    cat = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    cat.join(f"127.0.0.1:{port}", seat=1, name="cat", timeout=WAIT_S)
    assert cat.seat == 1
    cat.source.close()


def test_spectators_off_closes_the_spectator_window_and_refuses_a_new_one(table):
    host_app, _, spec = table
    key(host_app, pygame.K_k)
    _press(host_app, host_app.moderation.spectators)
    until(lambda: "turned spectators off" in spec.source.ended(), host_app, spec)
    assert "spectators are off" in host_app.moderation.spectators.text.lower()
    late = TableApp(None, start_screen=True, size=(800, 600), fps=0)
    with pytest.raises(Refused) as refused:
        late.join(f"127.0.0.1:{host_app.source.host.port}", seat=None, name="tom", timeout=WAIT_S)
    assert refused.value.code == "no_spectators"
    late.close()


def test_a_guest_cannot_open_the_players_window(table):
    _, guest, spec = table
    for app in (guest, spec):
        key(app, pygame.K_k)
        assert app.moderation is None
        assert any("Only the host" in t for t in app.notices.texts())


def _button(app: TableApp, kind: str):
    return next(b for b, target in app.moderation.removes.items() if target[0] == kind)


def test_the_host_removes_a_guest_and_closes_the_seat_then_opens_it_again(table):
    host_app, guest, _ = table
    port = host_app.source.host.port
    key(host_app, pygame.K_k)
    b = _button(host_app, "seat_close")
    _press(host_app, b)
    _press(host_app, b)
    until(lambda: guest.source.ended() != "", host_app, guest)
    host_app.run_frames(2)
    assert "closed seat" in host_app.side.players_text
    assert "The host removed bob from Seat 2; the seat is closed" in host_app.side.log_text
    back = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    with pytest.raises(Refused) as refused:  # the same player joining anew finds no seat to take
        back.join(f"127.0.0.1:{port}", name="bob", timeout=WAIT_S)
    assert refused.value.code == "no_seat"
    host_app.refresh_moderation()
    _press(host_app, _button(host_app, "open"))  # one click: opening is no removal
    until(lambda: "The host opened Seat 2" in host_app.side.log_text, host_app)
    back.join(f"127.0.0.1:{port}", name="bob", timeout=WAIT_S)
    assert back.seat == 1
    back.source.close()


def test_the_docs_shot_clicks_remove_close_on_the_first_seat(table):
    """docs/shots.py's lan-players shot clicks a fixed point of a 1280x800 window: it is the first seat's
    "Remove, close" of the Players window."""
    from tests.docs.test_shots import _shots

    host_app = table[0]
    key(host_app, pygame.K_k)
    first = next(b for b, target in host_app.moderation.removes.items() if target == ("seat_close", 1))
    assert host_app.size == (1280, 800)
    assert first.get_abs_rect().collidepoint(_shots().PLAYERS_REMOVE_CLOSE)


def test_escape_closes_the_players_window_as_it_closes_every_dialog():
    """Trial 3, defect 3: Escape left the Players window open (only its × closed it)."""
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="g", announce=False)
    try:
        host_app.run_frames(2)
        key(host_app, pygame.K_k)
        assert host_app.moderation is not None and host_app.moderation.alive()
        selected_before = list(host_app.selected)
        key(host_app, pygame.K_ESCAPE, at=host_app.moderation.window.get_abs_rect().center)
        host_app.run_frames(1)
        assert host_app.moderation is None or not host_app.moderation.alive()
        assert host_app.selected == selected_before
        key(host_app, pygame.K_k)  # and K opens it again
        assert host_app.moderation is not None and host_app.moderation.alive()
    finally:
        host_app.source.close()
        pygame.event.clear()


def test_the_hosts_bar_says_a_removed_guests_seat_is_open_or_closed_not_that_no_one_joined(table):
    """Trial 3: after the host removed bob and closed his seat, its bar read "no one joined yet"."""
    host_app, guest, spec = table
    key(host_app, pygame.K_k)
    b = _button(host_app, "seat_close")
    _press(host_app, b)
    _press(host_app, b)
    until(lambda: guest.source.ended() != "", host_app, guest, spec)
    until(lambda: not any(p.get("claimed") for p in host_app.source.players() if not p["local"]), host_app)
    host_app.run_frames(2)
    lines = host_app.source.connection_lines(host_app.seat, host_app._names())
    assert not any("no one joined yet" in line for line in lines), lines
    assert "Seat 2 closed" in lines[-1]
    _press(host_app, _button(host_app, "open"))
    until(lambda: not any(p.get("closed") for p in host_app.source.players()), host_app)
    lines = host_app.source.connection_lines(host_app.seat, host_app._names())
    assert "Seat 2 open" in lines[-1] and not any("no one joined yet" in line for line in lines)
