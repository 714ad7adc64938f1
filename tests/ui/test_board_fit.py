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
from tabletop.ui.panels.hud import HEADER_H
from tabletop.ui.panels.registry import make_panel
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
    from tabletop.ui.panels.hud import wrap

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
    from tabletop.ui.table.assets import AssetLoader

    return AssetLoader(lambda r: None).font(12, True)


# -- the X-Files Fan round strip: a column per card, every label whole in its column --

def _fan_negated() -> Session:
    """The bots' game at a round of six cards or more with a negated card in it (the docs' picture had one)."""
    session = new_session("xfiles-fan", 2, enforcement="warn", seed=4)

    def ready() -> bool:
        rnd = session.state.rules.get("round") or []
        return len(rnd) >= 6 and any(e.get("negated") for e in rnd)

    engine_until(session, ready)
    return session


def _fan_long() -> Session:
    """A round as long as two hands make it: in warn every Following a seat holds is let into the round (the rules
    would allow as long a round with luckier hands), more than thirty cards, a few of them negated."""
    from tabletop.core.actions import action_from_dict

    session = new_session("xfiles-fan", 2, enforcement="warn", seed=3)
    state, rules = session.state, session.rules
    engine_until(session, lambda: bool(state.rules.get("round")))
    for _ in range(300):
        seat = rules.waiting_for(state)[0]
        pending = state.rules.get("pending") or []
        if pending and pending[0].get("kind") == "action":
            action = {"type": "xfiles-fan.no_action"}
        elif pending and pending[0].get("kind") == "value":
            action = {"type": "xfiles-fan.choose_value", "piece": pending[0]["piece"],
                      "value": -1 if pending[0].get("sign") == "negative" else 1}
        else:
            follow = [p for p in state.zones[f"hand:{seat}"].pieces if rules.info(state, p).type == "following"]
            if not follow:
                break
            action = {"type": "xfiles-fan.play", "piece": follow[0]}
        assert session.submit(action_from_dict(action), seat).accepted
    rnd = state.rules.get("round") or []
    assert len(rnd) > 30 and any(e.get("negated") for e in rnd), "not the long round this test needs"
    return session


def _fan_docs() -> Session:
    """The docs' picture of the Fan (docs/shots.py builds it): a round being scored, the window's seat asked the
    value of a card, so the prompt with its buttons takes the board's right."""
    import importlib.util
    import sys
    import tempfile
    from pathlib import Path

    from tabletop.game import open_session

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("docs_shots", root / "docs" / "shots.py")
    assert spec is not None and spec.loader is not None
    shots = sys.modules.get("docs_shots")
    if shots is None:
        shots = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = shots
        spec.loader.exec_module(shots)
    with tempfile.TemporaryDirectory() as tmp:
        path, _seat = shots.xfiles_fan_scoring(Path(tmp))
        return open_session(path)


FAN_ROUNDS = {"negated": _fan_negated, "long": _fan_long, "docs": _fan_docs}
FAN_CASES = [(kind, size, seats) for kind in FAN_ROUNDS for seats in _seat_counts("xfiles-fan") for size in SIZES]


def strip_problems(app: TableApp) -> list[str]:
    """What a player could not read in the Fan's round strip: a label cut, wrapped, out of its column or the
    board, over another line of the board or a panel; columns over each other; a card of the round not counted."""
    hud, board = app.hud, app._hud_rect()
    whole = pygame.Rect(0, 0, board.w, board.h)
    panels = [p.view for p in hud.panels]
    strip = getattr(hud, "strip", None)
    out: list[str] = []
    if strip is None:  # the board keeps no columns: its round labels are the rows under the cards
        strip = [(whole, [i for i, r in enumerate(hud.rows) if r.panel is None and r.rect is not None
                          and r.rect.y > HEADER_H + 40])]
    mine = {i for _, rows in strip for i in rows}
    others = [r for i, r in enumerate(hud.rows) if i not in mine and r.panel is None and r.rect is not None]
    for k, (col, rows) in enumerate(strip):
        if not whole.contains(col):
            out.append(f"column {k} at {col} is off the {board.size} board")
        for view in panels:
            if col.colliderect(view):
                out.append(f"column {k} at {col} lies under a panel at {view}")
        for other, _ in strip[k + 1:]:
            if col.colliderect(other):
                out.append(f"columns over each other: {col} and {other}")
        texts = [hud.rows[i] for i in rows]
        if len(texts) != 2:
            out.append(f"column {k} has {len(texts)} lines of labels, not two (number and value, whose): "
                       f"{[r.text for r in texts]}")
        for r in texts:
            if r.shown != r.text or r.rect is None:
                out.append(f"label cut: {r.text!r} drawn as {r.shown!r}")
            elif not whole.contains(r.rect):
                out.append(f"label off the board: {r.text!r} at {r.rect}")
            elif r.rect.x < col.x or r.rect.right > col.right:
                out.append(f"label out of its column: {r.text!r} at {r.rect}, its column {col}")
            else:
                out += [f"label {r.text!r} over {o.text!r}" for o in others if r.rect.colliderect(o.rect)]
                out += [f"label {r.text!r} over {hud.rows[j].text!r}" for j in mine
                        if hud.rows[j] is not r and hud.rows[j].rect is not None and r.rect.colliderect(hud.rows[j].rect)]
    counted: list[int] = []
    for _, rows in strip:
        head = hud.rows[rows[0]].text if rows else ""
        number = head.split(".", 1)[0]
        a, _, b = number.partition("–")
        if a.isdigit() and (b.isdigit() or not b):
            counted += range(int(a), int(b or a) + 1)
    n = len((app.view.get("rules") or {}).get("round") or [])
    if sorted(counted) != list(range(1, n + 1)):
        out.append(f"the labels count the round's cards as {sorted(counted)}, not 1 to {n}")
    return out


@pytest.mark.parametrize(("kind", "size", "seats"), FAN_CASES,
                         ids=[f"{k}-{w}x{h}-{s}seats" for k, (w, h), s in FAN_CASES])
def test_every_label_of_the_fan_round_reads_whole_in_its_column(kind: str, size: tuple[int, int], seats: int):
    """Found retaking the docs' pictures: "2. negated: 0" wrapped in its narrow column, "negat" over the next card's
    "you" and "ed: 0" below the board's edge; a long round's cards ran off the board."""
    key = (f"fan-{kind}", seats)
    if key not in _SESSIONS:
        _SESSIONS[key] = FAN_ROUNDS[kind]()
    app = TableApp(_SESSIONS[key], seat=seats - 1, size=size, fps=0)
    app.run_frames(2)
    if not app.hud_open:
        app.toggle_hud()
        app.run_frames(2)
    where = f"xfiles-fan {kind} round, {size[0]}x{size[1]}, {seats} seats"
    problems = strip_problems(app)
    assert not problems, f"{where}:\n  " + "\n  ".join(problems)
