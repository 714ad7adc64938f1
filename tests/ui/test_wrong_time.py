"""Clicks and keys at the wrong time, each one the fuzz (test_fuzz.py) or its review found: a clear message, no crash,
nothing lost. Every test drives the real window with posted pygame events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import save_game
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, key, mouse, post, screen_of, zone_center

__all__: list[str] = []

SIZE = (1280, 800)


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = TableApp(quick_table(seed=3), size=SIZE, fps=0, autosave=tmp_path / "auto.yaml")
    app.run_frames(2)
    yield app
    pygame.event.clear()


def down(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def known_to(app: TableApp, zone: str, seat: int) -> int:
    state = app.session.state
    return sum(1 for pid in state.zones[zone].pieces if seat in state.pieces[pid].known)


def choose_other_file(app: TableApp) -> None:
    """The deck picker lists the known decks, then "Other file…": take that one to open a file dialog."""
    picker = app.prompt
    assert picker is not None and picker.options[-1] == "Other file…"
    last = picker.list.item_list[-1]["button_element"]
    click(app, last.get_abs_rect().center)
    post(app, down(pygame.K_RETURN))
    app.run_frames(1)


def pick_in_file_dialog(app: TableApp, name: str) -> None:
    """Click a file in the open file dialog, then OK (the dialog takes a frame or two to answer each click)."""
    fd = app.file_dialog
    assert fd is not None
    item = next(i for i in fd.file_selection_list.item_list if i["text"] == name)
    click(app, item["button_element"].get_abs_rect().center)
    app.run_frames(2)
    assert Path(str(fd.current_file_path)).name == name
    click(app, fd.ok_button.get_abs_rect().center)
    app.run_frames(2)


# ---------------------------------------------------------------------------------------------------- gestures


def test_a_hand_card_pressed_then_undone_away_is_let_go(table):
    app = table
    click(app, zone_center(app, "deck"))  # draw one
    pos = app.hand.cards[0].rect.center
    post(app, mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos))
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # the draw is undone under the pressed button
    seq = app.session.state.seq
    post(app, mouse(pygame.MOUSEMOTION, (pos[0] + 60, pos[1] - 220)))
    post(app, mouse(pygame.MOUSEBUTTONUP, (pos[0] + 60, pos[1] - 220)))
    assert app.drag is None and app.press is None
    assert app.session.state.seq == seq and not app.layout.hand.pieces


def test_a_token_pressed_then_undone_away_is_let_go(table):
    app = table
    key(app, pygame.K_n, at=(300, 300))
    token = app.session.state.zones["table"].pieces[-1]
    at = screen_of(app, token)
    post(app, mouse(pygame.MOUSEMOTION, at), mouse(pygame.MOUSEBUTTONDOWN, at))
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert token not in app.session.state.pieces
    post(app, mouse(pygame.MOUSEMOTION, (at[0] + 50, at[1] + 50)))
    post(app, mouse(pygame.MOUSEBUTTONUP, (at[0] + 50, at[1] + 50)))
    assert app.drag is None and token not in app.session.state.pieces


def test_a_drag_whose_piece_is_undone_away_ends_with_a_word(table):
    app = table
    app.set_physics(False)
    key(app, pygame.K_n, at=(300, 300))
    token = app.session.state.zones["table"].pieces[-1]
    at = screen_of(app, token)
    post(app, mouse(pygame.MOUSEMOTION, at), mouse(pygame.MOUSEBUTTONDOWN, at))
    post(app, mouse(pygame.MOUSEMOTION, (at[0] + 40, at[1])))
    assert app.drag is not None and app.drag.ids == [token]
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.drag is None
    assert any("dragging" in t for t in app.notices.texts())
    seq = app.session.state.seq
    post(app, mouse(pygame.MOUSEBUTTONUP, (at[0] + 80, at[1])))
    assert app.session.state.seq == seq  # nothing submitted for the vanished piece


def test_revealing_a_card_you_cannot_see_says_so(table):
    app = table
    seq = app.session.state.seq
    key(app, pygame.K_v, at=zone_center(app, "deck"))  # the deck's top card is face down and hidden
    assert app.session.state.seq == seq
    assert any("cannot see yourself" in t for t in app.notices.texts())


# ---------------------------------------------------------------------------------------------------- look and search


def test_closing_the_search_window_ends_the_search(table):
    app = table
    key(app, pygame.K_b, at=zone_center(app, "deck"))
    assert app.peek is not None and known_to(app, "deck", 0) == 54
    done = next(b for b in app.peek.buttons if "Done" in b.text)
    click(app, done.get_abs_rect().center)
    assert app.peek is None and known_to(app, "deck", 0) == 0
    key(app, pygame.K_b, at=zone_center(app, "deck"))
    click(app, app.peek.window.close_window_button.get_abs_rect().center)
    app.run_frames(1)  # the window tells of its close a frame later
    assert app.peek is None and known_to(app, "deck", 0) == 0
    assert app.session.history[-1].action.type == "end_search"


def test_searching_a_deck_twice_keeps_the_second_search_open(table):
    app = table
    deck = zone_center(app, "deck")
    key(app, pygame.K_b, at=deck)
    key(app, pygame.K_b, at=deck)
    assert app.peek is not None and app.peek.window.alive()
    assert known_to(app, "deck", 0) == 54
    assert len(app.peek.shown) == 54


def test_a_resize_keeps_the_search_and_its_end(table):
    app = table
    key(app, pygame.K_b, at=zone_center(app, "deck"))
    peek = app.peek
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=(700, 500), w=700, h=500))
    assert app.peek is peek and peek.window.alive()
    r = peek.window.get_abs_rect()
    assert r.right <= app.size[0] and r.bottom <= app.size[1] and r.left >= 0
    click(app, peek.window.close_window_button.get_abs_rect().center)
    app.run_frames(1)
    assert app.peek is None and known_to(app, "deck", 0) == 0


# ---------------------------------------------------------------------------------------------------- files


def test_enter_then_delete_in_the_save_as_field_does_not_crash(tmp_path, table):
    app = table
    (tmp_path / "game.yaml").write_text("")
    app.save_path = tmp_path / "game.yaml"
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    field = app.file_dialog.file_path_text_line
    assert field.is_focused and app._typing()  # the manager knows the field has the keyboard
    field.set_text(str(tmp_path))  # Enter on a file name saves; on a folder it opens the folder and stays
    post(app, down(pygame.K_KP_ENTER))  # pygame-gui re-sets the text, keeping a stale selection
    post(app, down(pygame.K_DELETE, pygame.KMOD_LSHIFT))
    post(app, down(pygame.K_BACKSPACE))  # takes the folder name's last letter
    assert app.file_dialog is not None and field.get_text() == str(tmp_path)[:-1]


def test_save_as_from_the_dialog_writes_the_file(tmp_path, table):
    app = table
    click(app, zone_center(app, "deck"))
    (tmp_path / "old.yaml").write_text("")
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    pick_in_file_dialog(app, "old.yaml")
    assert app.save_path == tmp_path / "old.yaml"
    assert "format: tabletop-save" in (tmp_path / "old.yaml").read_text()


def test_a_broken_save_from_the_open_dialog_is_named_and_the_game_kept(tmp_path, table):
    app = table
    click(app, zone_center(app, "deck"))
    good = quick_table(seed=9)
    save_game(good, tmp_path / "good.yaml")
    lines = (tmp_path / "good.yaml").read_text().splitlines()
    line = next(i for i, t in enumerate(lines) if "visibility: hidden" in t)
    lines[line] = lines[line].replace("hidden", "sideways")
    (tmp_path / "broken.yaml").write_text("\n".join(lines) + "\n")
    session, before = app.session, app.session.state.hash()
    post(app, down(pygame.K_o, pygame.KMOD_LCTRL))
    pick_in_file_dialog(app, "broken.yaml")
    assert app.session is session and app.session.state.hash() == before
    said = " ".join(app.notices.texts())
    assert f"broken.yaml:{line + 1}: zones[1].visibility" in said  # file, line and field
    # the good one opens
    post(app, down(pygame.K_o, pygame.KMOD_LCTRL))
    pick_in_file_dialog(app, "good.yaml")
    assert app.session is not session and app.session.state.hash() == good.state.hash()


def test_a_bad_deck_in_new_game_is_named_and_starts_nothing(tmp_path, table):
    app = table
    (tmp_path / "bad_deck.yaml").write_text("name: Bad\nset: standard\nsections:\n  deck:\n    - AS\n    - 2x NOPE\n")
    session, before = app.session, app.session.state.hash()
    post(app, down(pygame.K_n, pygame.KMOD_LCTRL))
    ng = app.newgame
    assert ng is not None
    click(app, ng.deck_button.get_abs_rect().center)
    app.run_frames(1)
    choose_other_file(app)
    pick_in_file_dialog(app, "bad_deck.yaml")
    assert ng.decks == {0: str(tmp_path / "bad_deck.yaml")}
    click(app, ng.start.get_abs_rect().center)
    assert app.session is session and app.session.state.hash() == before
    assert app.newgame is ng and ng.alive()  # the form stays, to fix the deck
    said = " ".join(app.notices.texts())
    assert "bad_deck.yaml" in said and "NOPE" in said and ":6" in said


def test_new_game_reads_a_deck_of_another_tool_by_card_name(tmp_path, table):
    app = table
    (tmp_path / "mine.cod").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n  <zone name="main">\n'
        '    <card number="2" name="ace of spades"/>\n    <card number="1" name="King of Hearts"/>\n'
        "  </zone>\n</cockatrice_deck>\n", encoding="utf-8")
    post(app, down(pygame.K_n, pygame.KMOD_LCTRL))
    ng = app.newgame
    click(app, ng.deck_button.get_abs_rect().center)
    app.run_frames(1)
    choose_other_file(app)
    pick_in_file_dialog(app, "mine.cod")
    click(app, ng.start.get_abs_rect().center)
    app.run_frames(1)
    cards = sorted(p.card for p in app.session.state.pieces.values() if p.owner == 0 and p.card)
    assert cards == ["standard/AS", "standard/AS", "standard/KH"]


def test_a_bad_seed_in_new_game_is_named(table):
    app = table
    session = app.session
    post(app, down(pygame.K_n, pygame.KMOD_LCTRL))
    ng = app.newgame
    click(app, ng.seed.get_abs_rect().center)
    for ch in "gg":
        post(app, pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
    click(app, ng.start.get_abs_rect().center)
    assert app.session is session and app.newgame is ng
    assert any("seed is a whole number" in t and "'gg'" in t for t in app.notices.texts())


def test_a_stale_menu_entry_names_no_handle(table):
    """A menu opened on a card, then the card is undone away, then the entry is clicked: a plain refusal."""
    app = table
    app.submit(A.Draw(1, source="deck"))
    app.submit(A.Move((app.session.state.zones["hand:0"].pieces[0],), "table", x=300, y=300))
    app.run_frames(1)
    card = app.session.state.zones["table"].pieces[-1]
    at = screen_of(app, card)
    click(app, at, button=3)
    assert app.menu is not None
    flip = next(b for b in app.menu.actions if b.text.startswith("Flip"))
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # back in the deck: hidden again, under a fresh handle
    click(app, flip.get_abs_rect().center)
    said = " ".join(app.notices.texts())
    assert "Can't flip: that piece is hidden from you or no longer there" in said and "'p" not in said


def test_behind_the_hotseat_cover_a_click_only_lifts_it(table):
    """The cover hides the top bar, the side panel and the board: a click there must not reach them."""
    app = table
    click(app, zone_center(app, "deck"))
    seq = app.session.state.seq
    key(app, pygame.K_TAB)
    assert app.cover_seat == 1
    click(app, app.topbar.buttons["undo"].get_abs_rect().center)  # Undo, hidden under the cover
    assert app.cover_seat is None and app.seat == 1
    assert app.session.state.seq == seq  # the draw was not undone
    key(app, pygame.K_TAB)
    key(app, pygame.K_d)  # a key under the cover lifts it and draws nothing
    assert app.cover_seat is None and app.seat == 0 and app.session.state.seq == seq


def test_tab_in_the_middle_of_a_drag_drops_nothing_for_the_next_seat(table):
    app = table
    app.set_physics(False)
    key(app, pygame.K_n, at=(300, 300))
    token = app.session.state.zones["table"].pieces[-1]
    at = screen_of(app, token)
    post(app, mouse(pygame.MOUSEMOTION, at), mouse(pygame.MOUSEBUTTONDOWN, at))
    post(app, mouse(pygame.MOUSEMOTION, (at[0] + 60, at[1])))
    assert app.drag is not None
    seq = app.session.state.seq
    key(app, pygame.K_TAB)
    post(app, mouse(pygame.MOUSEBUTTONUP, (at[0] + 120, at[1])))
    assert app.drag is None and app.session.state.seq == seq and app.cover_seat is None and app.seat == 1


def test_a_legal_move_clicked_as_the_list_changes_asks_to_pick_again():
    """The list answers a click a frame later; if the moves changed meanwhile (a bot, the host), nothing is played
    (not the move now standing in the clicked row) and the player is told why the click did nothing."""
    from tabletop.game import new_session
    from tests.ui.uihelpers import mouse as m

    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=1, size=SIZE, fps=0)
    try:
        app.run_frames(2)
        moves = list(app.legal.moves)
        row = next(i for i, a in enumerate(moves) if a.type == "tragedy.play")
        at = app.side.moves.item_list[row]["button_element"].rect.center
        post(app, m(pygame.MOUSEMOTION, at), m(pygame.MOUSEBUTTONDOWN, at), m(pygame.MOUSEBUTTONUP, at))
        app.step()  # the row's button press reaches the list, which answers with its selection next frame
        app.submit(moves[row])  # the same move lands another way first: the list is a new one now
        seq = app.session.state.seq
        app.run_frames(2)
        assert app.session.state.seq == seq
        assert any("pick again" in t for t in app.notices.texts())
    finally:
        pygame.event.clear()


def test_touching_another_players_hand_names_the_player_as_the_table_does(table):
    app = table
    app.submit(A.Deal(2, source="deck"))
    app.run_frames(1)
    back = next(i for i in app.layout.items if i.zone == "hand:1")
    seq = app.session.state.seq
    key(app, pygame.K_f, at=app.camera.to_screen(back.x, back.y))
    assert app.session.state.seq == seq
    said = " ".join(app.notices.texts())
    assert "Can't flip: Hand belongs to Seat 2" in said  # the engine's seat 1, as the top bar and seats list say


def test_pass_out_of_turn_says_who_acts():
    """A newcomer's trial (Tragedy): P from the seat not holding priority answered only "Nothing to pass right
    now"; it says who is to act."""
    from tabletop.game import new_session

    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    state = session.state
    acting = next(iter(session.rules.waiting_for(state)))
    app = TableApp(session, seat=1 - acting, size=(1280, 800), fps=0)
    try:
        app.run_frames(2)
        key(app, pygame.K_p)
        app.run_frames(1)
        said = " ".join(app.notices.texts())
        assert "Nothing to pass right now: " in said and "to act" in said, said
    finally:
        pygame.event.clear()
