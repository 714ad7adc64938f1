"""The rules panel: any ruleset's status in words, and the seat's legal moves as a list where a click plays one."""

from __future__ import annotations

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.panels.status import describe_action, status_html
from tests.ui.uihelpers import click


def _tragedy(seat: int = 1) -> TableApp:
    app = TableApp(new_session("tragedy", 2, enforcement="strict", seed=1), seat=seat, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app


def _item_button(app: TableApp, index: int):
    return app.side.moves.item_list[index]["button_element"]


def test_the_panel_shows_the_phase_and_names_cards_of_the_legal_moves():
    app = _tragedy()
    status = app.view["rules"]
    assert app.seat == status["priority"]
    assert status["phase"] in app.side.status_text and status["step_label"] in app.side.status_text
    assert "You have priority" in app.side.status_text
    moves = app.legal.moves
    assert moves and len(app.side.move_items) == len(moves) <= 30
    texts = [t for t, _ in app.side.move_items]
    assert texts[0] == "Pass"
    hand = app.session.state.zones["hand:1"].pieces
    play = next(i for i, a in enumerate(moves) if a.type == "tragedy.play")
    card = app.library.get(app.session.state.pieces[moves[play].piece].card)
    role = moves[play].role
    assert texts[play] == f"Play {card.name} as {'an' if role[0] in 'AEIOU' else 'a'} {role}"
    assert moves[play].piece in hand


def test_clicking_a_listed_move_submits_it():
    app = _tragedy()
    moves = list(app.legal.moves)
    play = next(i for i, a in enumerate(moves) if a.type == "tragedy.play")
    button = _item_button(app, play)
    click(app, button.rect.center)
    app.run_frames(1)  # the list answers the button's press with a selection event of its own
    entry = app.session.history[-1]
    assert entry.action == moves[play] and entry.seat == 1
    # the Act is on the Stack now, and the panel says so by the card's name
    name = app.library.get(app.session.state.pieces[moves[play].piece].card).name
    assert name in app.side.status_text and "Stack (1)" in app.side.status_text


def test_the_other_seat_sees_no_moves_and_no_hidden_card_names():
    app = _tragedy(seat=0)
    assert app.legal.moves == []
    assert "No legal moves" in app.side.moves_label.text
    # seat 1 plays an Act from its hand: seat 0 may read its name only once it is public on the Stack
    s = app.session
    act = next(a for a in s.legal_actions(1) if a.type == "tragedy.play")
    hidden_name = app.library.get(s.state.pieces[act.piece].card).name
    hand_names = {app.library.get(s.state.pieces[p].card).name for p in s.state.zones["hand:1"].pieces} - {hidden_name}
    app.submit(act, 1)
    app.run_frames(1)
    assert hidden_name in app.side.status_text
    assert not any(n in app.side.status_text for n in hand_names if n != hidden_name and n not in
                   {app.library.get(s.state.pieces[p].card).name for z in ("stack:0", "stack:1")
                    for p in s.state.zones[z].pieces})


def test_status_and_moves_read_generically():
    names = {0: "Ann", 1: "Bob"}
    cards = {"p5": "Queen of Hearts", "p9": "King of Spades", "x/1": "Deep Throat"}
    html_text = status_html({"prompt": "Ann decides", "phase": "Main", "active": 1, "scores": [2, 5],
                             "score_name": "Favor", "chain": [{"piece": "p5", "seat": 0}, {"piece": "h77"}],
                             "notebook": {"suspect": "x/1"}, "pools": {"0": {"rp": 3}, "1": {"rp": 1}}},
                            names, cards.get)
    for text in ("Ann decides", "Main", "Bob", "Ann 2 · Bob 5", "Favor", "Chain (2)", "Queen of Hearts",
                 "a hidden card", "Notebook", "Deep Throat", "rp 3"):
        assert text in html_text
    assert "h77" not in html_text
    assert describe_action(A.Flip(("p5",)).to_dict(), cards.get, names, ("pieces",)) == "Flip: pieces Queen of Hearts"
    assert describe_action({"type": "x.score", "actor": "p5", "set": "p9"}, cards.get, names,
                           ("actor", "set")) == "Score: actor Queen of Hearts, set King of Spades"


def test_the_panel_leaves_out_what_the_window_only_words_its_moves_with():
    """Move templates, the lookups they name and menus of opaque tokens are the window's plumbing: the list and the
    board say them in words; the panel told them raw ("Xfc.buy: Buy {count} card{count:s}…")."""
    status = {
        "phase": "Briefing", "prompt": "Buy cards",
        "move_words": {"xfc.buy": "Buy {count} card{count:s}", "xfc.sell": "Sell {piece} for {piece:sell_values} CP"},
        "sell_values": {"p1": 2}, "pools": {"0": {"rp": 5}},
        "questions": [{"token": "q1", "text": "Is it a Case?"}], "todo": "buy or pass",
    }
    text = status_html(status, {0: "Ann"}, lambda s: None)
    assert "Briefing" in text and "Buy cards" in text and "rp 5" in text
    for raw in ("Move words", "{count}", "Sell values", "Questions", "Is it a Case?", "Todo"):
        assert raw not in text, raw
