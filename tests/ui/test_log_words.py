"""Log lines that say what the reader saw happen (newcomer trial s7): the counter by name, a search's shuffle."""

from __future__ import annotations

import pygame

from tabletop.core import actions as A
from tabletop.ui.panels.describe import describe_entry
from tests.ui.uihelpers import key, screen_of

__all__: list[str] = []


def _last_line(app) -> str:
    app.run_frames(2)
    return app.side.log_text.split("<br>")[-1]


def test_plus_on_a_hovered_counter_names_the_counter(app):
    # g05: "+1 value on a piece", the piece being a counter labelled "Counter" on the felt
    s = app.session.state
    counter = next(pid for pid in s.zones["table"].pieces if s.pieces[pid].kind == "counter")
    label = s.pieces[counter].label
    assert label
    key(app, pygame.K_EQUALS, at=screen_of(app, counter))
    assert f"added 1 to {label}" in _last_line(app)
    key(app, pygame.K_MINUS, at=screen_of(app, counter))
    assert f"took 1 from {label}" in _last_line(app)


def test_counter_words_without_a_view():
    line = {"seat": 0, "action": {"type": "add_counter", "name": "investment_value", "delta": 2, "piece": "p1"}}
    assert describe_entry(line, {0: "Ann"}, {}) == "added 2 to Investment on a piece"
    assert describe_entry(line, {0: "Ann"}, {}, lambda p: "Dr. Amos Pell" if p == "p1" else None) == \
        "added 2 to Investment on Dr. Amos Pell"
    seat = {"seat": 0, "action": {"type": "set_counter", "name": "score", "value": 5, "seat": 1}}
    assert describe_entry(seat, {0: "Ann", 1: "Bob"}, {}) == "set Bob's Score to 5"


def test_ending_a_search_says_the_deck_was_shuffled(app):
    # r09: "finished searching Deck" did not say the deck was shuffled
    app.submit(A.Search("deck"))
    app.submit(A.EndSearch("deck"))
    assert "finished searching" in _last_line(app) and "and shuffled it" in _last_line(app)
    app.submit(A.Search("deck"))
    app.submit(A.EndSearch("deck", shuffle=False))
    assert "(not shuffled)" in _last_line(app)
