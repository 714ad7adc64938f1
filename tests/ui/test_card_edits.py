"""Live card edits in the window: a card file changed under an open headless table shows its new text on the
table and in the preview; a broken file is shown as a message naming file and line, and the last good cards stay."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tabletop.cards import CardLibrary
from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.app.lifecycle import CARD_POLL_S
from tabletop.ui.table.assets import AssetLoader

SET = "set: demo\ntitle: Demo\n"


def _cards(name: str, text: str) -> str:
    return ("cards:\n"
            f"  - {{id: hero, name: {name}, type: hero, text: {text}}}\n"
            "  - {id: extra, name: Extra, type: hero}\n")


def _write(path: Path, text: str) -> None:
    """Rewrite a file as an editor does, making sure its stamp moves even within one clock tick."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def _table(tmp_path: Path) -> tuple[TableApp, CardLibrary, Path, str]:
    demo = tmp_path / "cards" / "demo"
    demo.mkdir(parents=True)
    (demo / "set.yaml").write_text(SET)
    cards = demo / "cards.yaml"
    cards.write_text(_cards("Old Hero", "Stands tall."))
    library = CardLibrary([tmp_path / "cards"])
    session = new_session("freeform", 2, seed=1, library=library)
    r = session.submit(A.CreatePiece(kind="card", card="demo/hero", zone="table", x=600.0, y=500.0), 0)
    assert r.accepted, r.error
    pid = r.events[0].piece["id"]
    if not session.state.pieces[pid].face_up:
        assert session.submit(A.Flip((pid,)), 0).accepted
    app = TableApp(session, seat=0, size=(1280, 800), fps=0, library=library)
    app.run_frames(2)
    return app, library, cards, pid


def _seconds(app: TableApp, s: float) -> None:
    app.run_frames(int(s * 60) + 2)  # headless frames are 1/60 s of the window's time


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_an_edited_card_file_shows_its_new_text_on_the_table_and_in_the_preview(tmp_path: Path) -> None:
    app, library, cards, pid = _table(tmp_path)
    h = 300
    before_preview = _pixels(app.assets.preview("demo/hero", h))
    before_screen = _pixels(app.screen)
    assert app._card_name(pid) == "Old Hero"

    _write(cards, _cards("New Hero", "Stands much taller now."))
    _seconds(app, CARD_POLL_S)  # the window checks the files by itself, about once a second
    assert library.get("demo/hero").name == "New Hero"
    assert app._card_name(pid) == "New Hero"
    after_preview = _pixels(app.assets.preview("demo/hero", h))
    fresh = AssetLoader(library.get)  # what a window opened on the new cards draws
    assert after_preview != before_preview and after_preview == _pixels(fresh.preview("demo/hero", h))
    assert _pixels(app.screen) != before_screen  # the face on the table was drawn again
    assert app.side is not None and app.side.preview_key is None or app.side.preview_key != ("card", None)
    assert any("reloaded" in box.html_text for box, _ in app.notices.items)


def test_a_broken_card_file_is_a_message_and_the_last_good_cards_stay(tmp_path: Path) -> None:
    app, library, cards, pid = _table(tmp_path)
    preview = _pixels(app.assets.preview("demo/hero", 300))
    _write(cards, "cards:\n  - {id: hero, name: Broken, type: hero\n")  # an unclosed mapping
    _seconds(app, CARD_POLL_S)
    assert app.running
    assert library.get("demo/hero").name == "Old Hero" and app._card_name(pid) == "Old Hero"
    shown = " ".join(box.html_text for box, _ in app.notices.items)
    assert "cards.yaml:3" in shown and "Card file not loaded" in shown
    assert "cards.yaml:3" in app.side.log_text  # kept in the log too
    assert _pixels(app.assets.preview("demo/hero", 300)) == preview
    _seconds(app, 3 * CARD_POLL_S)
    assert sum("cards.yaml:3" in box.html_text for box, _ in app.notices.items) == 1  # told once, not every poll
    _write(cards, _cards("Fixed Hero", "Back on its feet."))
    _seconds(app, CARD_POLL_S)
    assert app._card_name(pid) == "Fixed Hero"


def test_a_hosting_window_sends_its_joined_seats_their_views_again(tmp_path: Path) -> None:
    from tests.ui.test_lan import WAIT_S, until

    app, library, cards, pid = _table(tmp_path)
    session = app.session
    host_app = TableApp(None, start_screen=True, size=(1280, 800), fps=0, library=library)
    host = host_app.host(session, port=0, bind="127.0.0.1", name="cards", announce=False)
    guest = TableApp(None, start_screen=True, size=(1280, 800), fps=0, library=library)
    try:
        guest.join(f"127.0.0.1:{host.port}", name="bob", timeout=WAIT_S)
        until(lambda: guest.view.get("seq") == session.state.seq, host_app, guest)
        builds = guest.table.full_builds
        _write(cards, _cards("Hosted Hero", "Seen by the joined seat too."))
        assert host_app.poll_cards(force=True).reloaded == ["demo"]
        until(lambda: guest.table.full_builds > builds, host_app, guest)  # a snapshot: its view, worked out again
        assert guest.view == session.view(guest.seat)
        assert guest._card_name(pid) == "Hosted Hero"  # one library here; on its own machine a window watches its own files
    finally:
        for a in (guest, host_app):
            if a.source is not None:
                a.source.close()
