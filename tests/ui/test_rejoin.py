"""Rejoin from the window: a LAN guest who closed its window takes its seat back by joining again (its seat token
kept in the user's token store when the welcome arrived); the Join dialog says so; a refused token is said."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tabletop.game import quick_table
from tabletop.net.errors import Refused
from tabletop.net.seats import new_token
from tabletop.ui import TableApp
from tests.ui.test_lan import WAIT_S, until
from tests.ui.uihelpers import click, post


@pytest.fixture
def hosted() -> Iterator[tuple[TableApp, str]]:
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = host_app.host(quick_table(seed=3), port=0, bind="127.0.0.1", name="friday", announce=False)
    yield host_app, f"127.0.0.1:{host.port}"
    if host_app.source is not None:
        host_app.source.close()
    pygame.event.clear()


def test_a_guest_who_closed_the_window_takes_its_seat_back(hosted):
    host_app, address = hosted
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    guest.join(address, name="bob", timeout=WAIT_S)
    assert guest.seat == 1
    kept = guest.seat_memory.known(address, "bob")
    assert kept is not None and kept.seat == 1 and kept.game == "friday"  # written as the welcome arrived
    guest.source.close()
    guest.close()
    until(lambda: ">disconnected<" in host_app.side.players_text, host_app)
    again = TableApp(None, start_screen=True, size=(1280, 800), fps=0)  # a new window, as after a restart
    again.join(address, name="bob", timeout=WAIT_S)
    assert again.seat == 1  # the same seat, not "no free seat"
    until(lambda: host_app.side.players_text.count(">connected<") == 2, host_app, again)
    again.source.close()
    again.close()


def test_the_join_dialog_offers_to_take_back_the_seat(hosted):
    host_app, address = hosted
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    guest.join(address, name="bob", timeout=WAIT_S)
    guest.source.close()
    guest.close()
    window = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    window.run_frames(1)
    window.join_window()
    d = window.join_dialog
    field = d.fields["Address"]
    click(window, field.rect.center)
    post(window, pygame.event.Event(pygame.TEXTINPUT, text=address))
    window.run_frames(2)
    assert d.rejoin.text == "Take back seat 2 as bob (friday)" and d.join.text == "Take back"
    window.close()


def test_a_refused_token_is_said_and_never_swapped_for_another_seat(hosted):
    host_app, address = hosted
    window = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    key = window.seat_memory.key(address)
    window.seat_memory.store.remember(key, "friday", 1, new_token(), "bob")  # a token the host never gave
    with pytest.raises(Refused) as refused:
        window.join(address, name="bob", timeout=WAIT_S)
    assert "did not give back seat 2" in str(refused.value) and "join again to take a free seat" in str(refused.value)
    assert window.source is None  # no other seat was taken instead
    assert window.seat_memory.known(address, "bob") is None  # the refused token is forgotten
    window.join(address, name="bob", timeout=WAIT_S)  # joining again takes a free seat, as asked
    assert window.seat == 1
    window.source.close()
    window.close()
