"""O sorts this seat's hand in its own window only: the strip's order changes, nothing is submitted, and the hand's
order at the table (and every other seat's view) stays as it was."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.uihelpers import key


def test_o_sorts_the_hand_strip_by_name_type_cost_and_the_games_order_and_tells_no_one():
    session = new_session("xfiles-ccg", 2, enforcement="off", seed=5)
    state = session.state
    hand = state.zones["hand:0"]
    if len(hand.pieces) < 4:
        session.submit(A.Draw(6, source="deck:0", to="hand:0"), 0)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    held = list(hand.pieces)
    logged = len(session.history)
    others = session.view(1)

    def shown() -> list[str]:
        return [c.pid for c in sorted(app.hand.cards, key=lambda c: c.index)]

    def names() -> list[str]:
        return [app._card(state.pieces[p].card).name.casefold() for p in shown()]

    assert shown() == held
    key(app, pygame.K_o)  # by name
    assert names() == sorted(names()) and sorted(shown()) == sorted(held)
    assert any("by name (only you see this order)" in t for t in app.notices.texts())
    key(app, pygame.K_o)  # by type
    types = [(app._card(state.pieces[p].card).type or "~").casefold() for p in shown()]
    assert types == sorted(types)
    key(app, pygame.K_o)  # by cost
    key(app, pygame.K_o)  # in the game's order: the X-Files CCG's card types as its manual lists them
    ranks = [session.rules.hand_rank(app._card(state.pieces[p].card).type) for p in shown()]
    assert ranks == sorted(ranks) and len({r for r in ranks}) > 1, ranks
    assert any("game's order" in t for t in app.notices.texts())
    key(app, pygame.K_o)  # back to as held
    assert shown() == held
    assert list(hand.pieces) == held and len(session.history) == logged and session.view(1) == others
    app.close()


def test_each_o_replaces_the_last_sort_notice_instead_of_stacking_them():
    """Trial 3: two O presses left "by name" and "by type, then name" stacked on the table."""
    session = new_session("xfiles-ccg", 2, enforcement="off", seed=5)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    for _ in range(3):
        key(app, pygame.K_o)
    said = [t for t in app.notices.texts() if t.startswith("Your hand")]
    assert len(said) == 1 and "by cost" in said[0], said
    app.close()
