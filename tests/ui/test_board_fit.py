"""Every ruleset's board above the table reads whole in the window: at 1280x800, 1600x1000 and 800x600, with 2 and
4 seats, in the worst case a game reaches (four Agents a seat, long Site names, a skill check under way with its
team of four), every line a board shows (its header, Pools and Agents, Sites, the turn and check, the Notebook, the
X-Files Fan round) is drawn whole (never cut with an ellipsis, never dropped for lack of room) inside its panel, or
its panel scrolls (a pygame-gui scrolling container) far enough to bring it into view.

What a board drew is read from its own record (`Hud.rows`, one `Row` per line of text, and `Hud.panels`), and what
it must show is read from the status: every Agent of every seat, every Site, the check's total against its need.
"""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tabletop.core.session import Session
from tabletop.game import new_session
from tabletop.rules import available_rulesets
from tabletop.ui import TableApp
from tabletop.ui.panels import make_panel
from tests.ui.uihelpers import engine_until, post

SIZES = ((1280, 800), (1600, 1000), (800, 600))
SEATS = (2, 4)


def _boards() -> list[str]:
    """The rulesets that draw a board above the table (the others tell their status in the side panel)."""
    return sorted(n for n in available_rulesets() if make_panel(n) is not None)


def _seat_counts(name: str) -> tuple[int, ...]:
    cls = available_rulesets()[name]
    return tuple(n for n in SEATS if cls.min_seats <= n <= cls.max_seats)


CASES = [(name, size, seats) for name in _boards() for seats in _seat_counts(name) for size in SIZES]
_SESSIONS: dict[tuple[str, int], Session] = {}


def _worst(name: str, seats: int) -> Session:
    """A game at the position that fills its board most (made once per ruleset and seat count)."""
    key = (name, seats)
    if key in _SESSIONS:
        return _SESSIONS[key]
    session = new_session(name, seats, enforcement="warn", seed=4)
    rules = session.rules
    if name == "xfiles-ccg":
        def full() -> bool:
            check = session.state.rules.get("check")
            return bool(check) and len(check.get("team") or ()) >= 4
    elif name == "xfiles-fan":
        def full() -> bool:
            return len(session.state.rules.get("round") or ()) >= 4
    else:
        def full() -> bool:
            return len(session.history) >= 60
    engine_until(session, full)
    if name == "xfiles-ccg":
        st = rules.status(session.state, 0)
        assert all(len(a) >= 4 for a in st["agents"].values()), "not the worst case: a seat has fewer than 4 Agents"
        assert any(len(s["name"]) >= 20 for s in st["sites"]), "not the worst case: no long Site name"
    _SESSIONS[key] = session
    return session


def _scrolls_to(panel, bottom: int) -> bool:
    """Whether a panel is a live pygame-gui scrolling container whose scrollable area reaches `bottom`."""
    box = getattr(panel, "scroll", None)
    if not isinstance(box, pygame_gui.elements.UIScrollingContainer) or not box.alive():
        return False
    return box.vert_scroll_bar is not None and box.scrolling_height >= bottom


def board_problems(app: TableApp) -> list[str]:
    """What a player could not read on the board as drawn: lines cut, dropped, outside their panel or out of reach."""
    hud = app.hud
    board = app._hud_rect()
    panels = getattr(hud, "panels", [])
    out: list[str] = []
    header_buttons = [r.move(-board.x, -board.y) for r, t in hud.buttons if t == "toggle"]
    for row in hud.rows:
        if row.shown != row.text:
            out.append(f"cut: {row.text!r} drawn as {row.shown!r}" if row.shown else f"dropped: {row.text!r}")
        elif row.rect is None:
            out.append(f"not placed: {row.text!r}")
        elif row.panel is None:
            if not pygame.Rect(0, 0, board.w, board.h).contains(row.rect):
                out.append(f"off the board: {row.text!r} at {row.rect} on a {board.size} board")
            if any(row.rect.colliderect(b) for b in header_buttons):
                out.append(f"under the fold button: {row.text!r}")
        else:
            p = panels[row.panel]
            if row.rect.x < 0 or row.rect.right > p.view.w:
                out.append(f"wider than its panel: {row.text!r} ({row.rect.right} > {p.view.w})")
            if row.rect.bottom > p.view.h and not _scrolls_to(p, row.rect.bottom):
                out.append(f"below its panel, which does not scroll: {row.text!r} ({row.rect.bottom} > {p.view.h})")
            if row.rect.top < p.view.h < row.rect.bottom:  # a half line at a scrolled panel's bottom edge
                out.append(f"cut by its panel's bottom edge: {row.text!r} ({row.rect} in a view {p.view.h} high)")
    return out


def _shown_text(app: TableApp) -> str:
    return " ".join(r.text for r in app.hud.rows if r.shown == r.text and r.rect is not None)


def must_show(app: TableApp) -> list[str]:
    """The words the status says the board must show (the X-Files CCG: every Agent, every Site, the check)."""
    st = app.view.get("rules") or {}
    want: list[str] = []
    if app.view.get("ruleset") == "xfiles-ccg":
        want += [a["name"] for seat in (st.get("agents") or {}).values() for a in seat]
        want += [s["name"] for s in st.get("sites") or []]
        check = st.get("check")
        if check:
            want.append(f"{check['skill']}: {check['total']} vs {check['need']}")
    return want


def _open_app(name: str, seats: int, size: tuple[int, int]) -> TableApp:
    app = TableApp(_worst(name, seats), seat=seats - 1, size=size, fps=0)
    app.run_frames(2)
    if not app.hud_open:
        app.toggle_hud()
        app.run_frames(2)
    assert app.hud is not None and app.hud_open
    return app


@pytest.mark.parametrize(("name", "size", "seats"), CASES, ids=[f"{n}-{w}x{h}-{s}seats" for n, (w, h), s in CASES])
def test_every_line_of_the_board_reads_whole_or_scrolls_into_view(name: str, size: tuple[int, int], seats: int):
    app = _open_app(name, seats, size)
    where = f"{name} {size[0]}x{size[1]} {seats} seats"
    problems = board_problems(app)
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)
    shown = _shown_text(app)
    missing = [w for w in must_show(app) if w not in shown]
    assert not missing, f"{where}: the board does not show {missing}"
    # folded (F2), the header alone: its words still fit
    app.toggle_hud()
    app.run_frames(1)
    problems = board_problems(app)
    assert not problems, f"{where}, folded:\n  " + "\n  ".join(problems)


def test_the_boards_tested_are_every_board():
    assert {"xfiles-ccg", "xfiles-fan"} <= set(_boards())


def test_a_long_panel_scrolls_with_the_wheel_and_the_buttons_listed_are_in_view():
    """The panels of four seats at 800x600 do not fit: the wheel over one scrolls it (pygame-gui) down to its last
    line, and the buttons a click may reach are those in view on the board."""
    app = _open_app("xfiles-ccg", 4, (800, 600))
    panels = [p for p in app.hud.panels if p.scroll is not None]
    assert panels, "nothing scrolls at 800x600 with four seats"
    panel = panels[0]
    board = app._hud_rect()
    screen_box = panel.view.move(board.topleft)
    before = panel.offset()
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=screen_box.center, rel=(0, 0), buttons=(0, 0, 0),
                                 touch=False, window=None))
    app.run_frames(1)
    for _ in range(12):
        post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0,
                                     touch=False, window=None))
        app.run_frames(3)
    app.run_frames(20)
    after = panel.offset()
    assert after > before, "the wheel did not scroll the panel"
    assert after + panel.view.h >= max(r.rect.bottom for r in app.hud.rows if r.panel == app.hud.panels.index(panel)) - 2
    # the buttons listed for clicks are those in view, where they are drawn now
    for r, _t in app.hud.buttons:
        assert board.contains(r), f"a button at {r} lies outside the board {board}"


def test_wrap_breaks_between_words_and_inside_a_word_only_when_it_is_wider(display_font):
    from tabletop.ui.hud import wrap

    font = display_font
    text = "Team: Special Agent Lena Ortiz 3, Deputy Director Victor Hale 0, Supercalifragilisticexpialidocious"
    lines = wrap(font, text, 120, indent=10)
    # nothing lost or cut: the lines hold the text's characters in order, each line as wide as the room at most
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert "Supercalifragilisticexpialidocious" not in lines  # a word wider than the room is broken
    assert font.size(lines[0])[0] <= 120 and all(font.size(ln)[0] <= 110 for ln in lines[1:])
    assert len(lines) > 3 and wrap(font, "short", 120) == ["short"]


@pytest.fixture
def display_font():
    pygame.font.init()
    from tabletop.ui.assets import AssetLoader

    return AssetLoader(lambda r: None).font(12, True)
