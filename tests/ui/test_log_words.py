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


def test_the_log_counts_like_pieces_names_the_dice_and_says_whose_dealt_card_it_names():
    """A newcomer's trial: "moved a token, a token, a token, a token", "rolled 1" naming no die, and "dealt 1 card
    to each seat: Four of Diamonds" read by a seat as if every seat got that card."""
    import pygame as _pg

    from tabletop.core import actions as _A
    from tabletop.game import quick_table as _qt
    from tabletop.ui import TableApp as _App

    session = _qt(seed=3)
    state = session.state
    tokens = tuple(p for p in state.zones["table"].pieces if state.pieces[p].kind == "token")
    dice = tuple(p for p in state.zones["table"].pieces if state.pieces[p].kind == "die")
    app = _App(session, seat=0, size=(1280, 800), fps=0)
    app.run_frames(1)
    app.submit(_A.Move(tokens, "table", x=400.0, y=300.0))
    app.submit(_A.Roll(dice[:1]))
    app.submit(_A.Roll(dice))
    app.submit(_A.Deal(1))
    app.run_frames(20)  # the log box is laid out at most every LOG_FLUSH_S
    log = app.side.log_text
    assert f"moved {len(tokens)} tokens" in log and "a token, a token" not in log
    assert "rolled a die: " in log and f"rolled {len(dice)} dice: " in log
    assert "dealt 1 card to each seat (you got " in log
    app.close()
    _pg.event.clear()
