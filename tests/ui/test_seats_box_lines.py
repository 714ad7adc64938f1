"""The seats box shows one line per seat and no empty line: at 800x600 the X-Files CCG's "Seat 1 (you): hand 8 cp 5
rp 11" was a few pixels too wide for its line break, which pygame-gui then laid on a line of its own (trial 3)."""

from __future__ import annotations

from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect

from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.panels import sidepanel
from tests.ui.uihelpers import click


def _lines(app: TableApp) -> list[str]:
    """The seats box's laid-out lines as they read (an empty line as "")."""
    rows = app.side.players.text_box_layout.layout_rows
    return ["".join(getattr(item, "text", "") for item in row.items if not isinstance(item, LineBreakLayoutRect))
            for row in rows]


def _box_lines(app: TableApp) -> int:
    """How many lines the seats box is tall enough for."""
    return (app.side.players.relative_rect.h - sidepanel.SEAT_BOX_PAD) // sidepanel.SEAT_LINE_H


def test_after_the_free_draw_each_seat_is_one_line_and_none_is_empty() -> None:
    app = TableApp(new_session("xfiles-ccg", 2, seed=1, enforcement="warn"), seat=0, size=(800, 600), fps=0)
    app.run_frames(2)
    texts = [t for t, _ in app.side.move_items]
    row = next(i for i, t in enumerate(texts) if t.startswith("Take the free draw"))
    click(app, app.side.moves.item_list[row]["button_element"].rect.center)
    app.run_frames(3)
    assert app.view["players"][0]["counters"]["rp"] > 9  # the RP went to two digits: the line that grew
    lines = _lines(app)
    assert all(line.strip() for line in lines), lines
    assert len(lines) == 2 and lines[0].startswith("Seat 1 (you): hand 8") and lines[1].startswith("Seat 2"), lines
    assert _box_lines(app) == 2
    app.close()


def test_a_line_just_too_wide_for_its_break_goes_on_at_its_last_word_not_after_an_empty_line() -> None:
    app = TableApp(new_session("xfiles-ccg", 2, seed=1, enforcement="warn"), seat=0, size=(800, 600), fps=0)
    app.run_frames(2)
    side = app.side
    fonts = side._seat_fonts()
    room = side.players.relative_rect.w - sidepanel.SEAT_WRAP_LESS
    name = "Bob"
    tail = ": connected"
    while fonts[1].get_rect(name).width + fonts[0].get_rect(tail).width <= room + 2:
        tail += " x"  # as wide as the box lays out on one line, but not with the line break after it
    side.set_players("", [[(f"<b>{name}</b>", name, tail, tail)], [("<b>Ann</b>", "Ann", ": here", ": here")]])
    app.run_frames(2)
    lines = _lines(app)
    assert all(line.strip() for line in lines), lines
    assert len(lines) == 3 and lines[2] == "Ann: here", lines
    assert _box_lines(app) == 3
    app.close()


def test_when_no_way_fits_one_line_the_tightest_is_taken_only_if_it_saves_a_line() -> None:
    """A LAN seat's line ("Seat 1 (you) · connected (host): hand 5 favor 0") wraps in every way: it keeps
    "favor 0", not the tight "favor0" kept for a line that it brings onto one line."""
    app = TableApp(new_session("tragedy", 2, seed=1, enforcement="warn"), seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    side = app.side
    net = " (you) · connected (host) · a long way from home"
    ways = [(f"<b>Seat {s}</b>", f"Seat {s}", net + t, net + t) for s in (1, 2)
            for t in (": hand 5, favor 0", ": hand 5 favor 0", ": hand 5 favor0")]
    side.set_players("", [ways[:3], ways[3:]])
    app.run_frames(2)
    assert "favor0" not in side.players_text and "favor 0" in side.players_text, side.players_text
    lines = _lines(app)
    assert all(line.strip() for line in lines) and _box_lines(app) == len(lines) == 4, lines
    app.close()
