"""The gestures a playtester found broken or awkward (issue 15), each driven by real events through the loop."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tests.ui.uihelpers import drag, zone_center

__all__: list[str] = []


def test_ctrl_dragging_the_deck_onto_the_felt_keeps_it_a_deck(app):
    s = app.session.state
    deck = list(s.zones["deck"].pieces)
    drag(app, zone_center(app, "deck"), (300, 250), mods=(pygame.K_LCTRL,))
    assert s.zones["deck"].pieces == deck  # still a deck: nothing scattered loose on the table
    assert not any(s.pieces[p].zone == "table" for p in deck)
    assert any("deck" in t for t in app.notices.texts())  # and the window says why
    # the deck still draws and shuffles
    app.submit(A.Draw(1, source="deck"))
    assert len(s.zones["hand:0"].pieces) == 1
