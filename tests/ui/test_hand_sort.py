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


def test_by_name_reads_a_standard_hand_by_suit_then_rank_as_a_card_player_holds_it():
    """Trial 3: "by name" put Seven before Six before Two (the letters of the names) for playing cards."""
    from tabletop.game import quick_table

    session = quick_table(3)
    state = session.state
    wanted = ["standard/10S", "standard/7S", "standard/JK2", "standard/2S", "standard/KH", "standard/6S",
              "standard/AH", "standard/3D", "standard/QC"]
    assert session.submit(A.Draw(54, source="deck", to="hand:0"), 0).accepted  # seen in the hand, then kept or not
    back = tuple(p for p in state.zones["hand:0"].pieces if state.pieces[p].card not in wanted)
    assert session.submit(A.Move(back, to="deck"), 0).accepted
    assert sorted(state.pieces[p].card for p in state.zones["hand:0"].pieces) == sorted(wanted)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    key(app, pygame.K_o)  # by name
    assert any("by name" in t for t in app.notices.texts())
    shown = [app._card(state.pieces[c.pid].card) for c in sorted(app.hand.cards, key=lambda c: c.index)]
    suits = [c.get("suit") for c in shown]
    assert suits == ["spades"] * 4 + ["hearts"] * 2 + ["clubs", "diamonds", None], [c.name for c in shown]
    spades = [c.name for c in shown[:4]]
    assert spades == ["Two of Spades", "Six of Spades", "Seven of Spades", "Ten of Spades"], spades
    assert [c.get("rank") for c in shown[4:6]] == [1, 13] and shown[-1].name.startswith("Joker")
    key(app, pygame.K_o)  # by type, then name: the number cards still by suit and rank within their type
    shown = [app._card(state.pieces[c.pid].card) for c in sorted(app.hand.cards, key=lambda c: c.index)]
    numbers = [c.name for c in shown if c.type == "number"]
    assert numbers == ["Two of Spades", "Six of Spades", "Seven of Spades", "Ten of Spades", "Three of Diamonds"]
    app.close()
