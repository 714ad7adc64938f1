"""A by-hand choice of deck cards tells each card by its place: X-Files Fan's "Put a card back on top" after Pull
the Old File named "Shadowed" while two Shadowed were in the hand too (newcomer trial s7, h10)."""

from __future__ import annotations

import pygame

from tabletop.ui.panels.byhandrows import ordinal
from tests.ui.test_xfiles_fan_by_hand import MORE, _after_coffee
from tests.ui.uihelpers import click

__all__: list[str] = []


def test_put_back_on_top_names_each_card_by_its_place_in_the_deck() -> None:
    app, _src = _after_coffee(MORE, "pull-old-file")  # deck and hand both hold Gone Before Dawn
    try:
        look = next(i for i, r in enumerate(app.legal.rows) if r.label.startswith("Look at the top"))
        click(app, app.side.moves.item_list[look]["button_element"].rect.center)
        app.run_frames(2)
        row = next(r for r in app.legal.rows if r.label.startswith("Put a card back on top ("))
        state = app.session.state
        deck = state.zones["deck:0"].pieces
        hand = {state.pieces[p].card for p in state.zones["hand:0"].pieces}
        assert len(row.options) >= 2 and len(set(row.options)) == len(row.options), row.options
        for option, move in zip(row.options, row.moves, strict=True):
            piece = app.legal.moves[move].pieces[0]
            assert state.pieces[piece].card in hand  # the same name is in the hand: the place tells them apart
            assert option.endswith(f"({ordinal(deck.index(piece) + 1)} from the top of your draw deck)"), option
            assert option in row.tip
    finally:
        pygame.event.clear()


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]
