"""A LAN guest brings its own deck from the Join dialog: picked there, dealt by the hosting window's game (each
problem told to the guest's window at warn), or refused at strict with each problem shown in the guest's window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.net.test_guest_deck import GUEST, GUEST_WORDS, _host_deck
from tests.ui.test_lan import until
from tests.ui.uihelpers import choose, click, post


def _guest_file(tmp: Path, twice: str = "") -> Path:
    path = tmp / "mine.yaml"
    cards = "\n".join(f"    - {ref}" for ref in GUEST) + (f"\n    - {twice}" if twice else "")
    path.write_text(f"name: Mine\nsections:\n  star:\n    - standard/KD\n  deck:\n{cards}\n")
    return path


def _hosting(tmp: Path, enforcement: str) -> tuple[TableApp, str]:
    session = new_session("tragedy", 2, decks={0: _host_deck(tmp)}, enforcement=enforcement, seed=5,
                          house_rules={"deck_min": 20})
    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    host = app.host(session, port=0, bind="127.0.0.1", name="friday", announce=False)
    return app, f"127.0.0.1:{host.port}"


@pytest.fixture
def apps() -> Iterator[list[TableApp]]:
    made: list[TableApp] = []
    yield made
    for app in made:
        if app.source is not None:
            app.source.close()
        app.close()
    pygame.event.clear()


def _join_with_deck(window: TableApp, address: str, deck: Path) -> None:
    """Fill the Join dialog as a player does and press Join, the deck chosen with "Choose…"."""
    window.run_frames(1)
    window.join_window()
    d = window.join_dialog
    assert d is not None
    for label, text in (("Address", address), ("Your name", "ann")):
        click(window, d.fields[label].rect.center)
        post(window, pygame.event.Event(pygame.TEXTINPUT, text=text))
    click(window, d.deck_button.rect.center)
    prompt = window.prompt
    assert prompt is not None and prompt.options[-2:] == ["Other file…", "No deck"]
    choose(window, len(prompt.options) - 2)  # "Other file…": the file dialog
    picker = window.file_dialog
    assert picker is not None
    picker.kill()  # its OK closes it and names the path picked
    post(window, pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=picker, text=str(deck)))
    assert d.deck_label.text == "mine.yaml"
    until(lambda: window.background is None, window)  # the look for games on the LAN is over
    click(window, d.join.rect.center)


def test_the_guest_window_brings_its_deck_and_reads_each_problem(apps, tmp_path: Path) -> None:
    host_app, address = _hosting(tmp_path, "warn")
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    apps += [host_app, guest]
    _join_with_deck(guest, address, _guest_file(tmp_path, twice="standard/2C"))
    until(lambda: guest.source is not None and guest.seat == 1, host_app, guest)
    until(lambda: any("Your deck: 0000.1.1.1" in text for _, text, _ in guest.local_log), host_app, guest)
    log = " ".join(text for _, text, _ in guest.local_log)
    assert "Two of Clubs is in the Deck more than once" in log
    hand = next(z for z in guest.source.view(1)["zones"] if z["name"] == "hand:1")
    assert {p["card"] for p in hand["pieces"]} <= {*GUEST, "standard/KD"} and len(hand["pieces"]) == 7
    until(lambda: any("brought" in text for _, text, _ in host_app.local_log), host_app, guest)
    # the game's log says why the table changed, in both windows
    until(lambda: "ann brought their own deck" in host_app.side.log_text, host_app, guest)
    until(lambda: "ann brought their own deck" in guest.side.log_text, host_app, guest)
    host_words = " ".join(text for _, text, _ in host_app.local_log) + str(host_app.source.view(0))
    assert "0000.1.1.1" in host_words and not GUEST_WORDS.search(host_words)  # the rule, never the card


def test_a_refused_deck_shows_each_problem_in_the_guest_window(apps, tmp_path: Path) -> None:
    host_app, address = _hosting(tmp_path, "strict")
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    apps += [host_app, guest]
    _join_with_deck(guest, address, _guest_file(tmp_path, twice="standard/2C"))
    until(lambda: guest.dialog is not None, host_app, guest)
    assert guest.source is None and guest.join_dialog is not None  # still at the Join dialog, to pick another
    assert "0000.1.1.1" in guest.dialog.text and "Two of Clubs is in the Deck more than once" in guest.dialog.text
