"""Two copies of one card in a hand: the move list shows one row for their identical moves, with the count ("…
×2"), and a click on it plays one copy (trial 3 found two identical rows "Play the Action Late-Night Coffee")."""

from __future__ import annotations

from tabletop.rules.xfiles_fan import PlayCard
from tabletop.ui import TableApp
from tabletop.ui.panels.movelist import counted_rows
from tests.rules.test_xfiles_fan import position
from tests.ui.uihelpers import click


def _two_coffees(size: tuple[int, int]) -> TableApp:
    """Seat 0 placed its Case and holds two Late-Night Coffees (and another Action card): its Action step."""
    _, state, session = position(hands={0: ["cold-lake-lights", "late-coffee", "late-coffee", "pull-old-file",
                                            "lab-analysis"], 1: ["closed-for-now"]})
    assert session.submit(PlayCard(state.zones["hand:0"].pieces[0]), 0).accepted
    app = TableApp(session, seat=0, size=size, fps=0)
    app.run_frames(2)
    return app


def _coffees(app: TableApp) -> int:
    state = app.session.state
    return sum(state.pieces[p].card.endswith("/late-coffee") for p in state.zones["hand:0"].pieces)


def test_two_copies_read_as_one_row_with_their_count_and_a_click_plays_one() -> None:
    for size in ((1280, 800), (800, 600)):
        app = _two_coffees(size)
        texts = [t for t, _ in app.side.move_items]
        assert len(texts) == len(set(texts)), texts
        coffee = [t for t in texts if "Late-Night Coffee" in t]
        assert len(coffee) == 1 and coffee[0].endswith(" ×2"), texts
        assert [r.label for r in app.legal.rows].count(coffee[0][:-3]) == 2  # two moves behind the one row
        i = texts.index(coffee[0])
        shown = app.side.moves.item_list[i]
        assert shown["text"].endswith(" ×2"), shown["text"]  # cut to fit or not, the count stays in sight
        assert "Coffee" in shown["text"], shown["text"]  # and the card it plays (the rows begin alike)
        assert len({it["text"] for it in app.side.moves.item_list}) == len(texts)
        assert _coffees(app) == 2
        click(app, shown["button_element"].rect.center)
        app.run_frames(2)  # the list tells its selection a frame later
        assert _coffees(app) == 1, app.notices.texts()
        app.close()


def test_counted_rows_keep_headings_apart_and_the_first_place() -> None:
    rows = [("By hand:", False), ("Play A", True), ("Play B", True), ("Play A", True), ("By hand:", False),
            ("Play A", True)]
    assert counted_rows(rows) == [("By hand:", 0), ("Play A ×3", 1), ("Play B", 2), ("By hand:", 4)]
