"""The X-Files CCG board's panels keep their widths between moves: at one window size, every position of a game
draws Pools and Agents, Sites, the turn and the Notebook at the same places (newcomer trial s7, c11, c13: the Pools
panel went from about 260 to 355 px wide as a Team was formed, and the table and panels shifted)."""

from __future__ import annotations

import pytest

from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import engine_until

__all__: list[str] = []

SIZES = ((1280, 800), (1600, 1000), (800, 600))


def _widths(session, size: tuple[int, int]) -> list[tuple[int, int]]:
    app = TableApp(session, seat=0, size=size, fps=0)
    app.run_frames(2)
    if not app.hud_open:
        app.toggle_hud()
        app.run_frames(2)
    assert app.hud is not None and app.hud.panels
    return [(p.view.x, p.view.w) for p in app.hud.panels]


@pytest.mark.parametrize("seats", [2, pytest.param(4, marks=pytest.mark.slow)])  # 4 seats: in the slow run CI makes
def test_panel_widths_hold_steady_through_a_game_at_each_window_size(seats: int):
    session = new_session("xfiles-ccg", seats, enforcement="warn", seed=4)
    seen: dict[tuple[int, int], set[tuple[tuple[int, int], ...]]] = {size: set() for size in SIZES}
    for moves in (0, 10, 25, 45, 65):
        engine_until(session, lambda n=moves: len(session.history) >= n)
        for size in SIZES:
            seen[size].add(tuple(_widths(session, size)))
    st = session.rules.status(session.state, 0)
    assert any(st["teams"].values()) or st.get("sites"), "the game never got past its first moves"
    for size, layouts in seen.items():
        assert len(layouts) == 1, f"{size}: the panels moved between positions: {sorted(layouts)}"
