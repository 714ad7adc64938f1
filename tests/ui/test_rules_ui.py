"""The rules dial as the table shows it: warnings, refusals, legal-move glow and the Pass button."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.core import actions as A
from tabletop.core.ruleset import Violation
from tabletop.core.session import Session
from tabletop.game import quick_table
from tabletop.rules import Ruleset
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, key, zone_center


@A.action_type("ui_test_pass")
@dataclass(frozen=True, slots=True)
class UiTestPass(A.Action):
    """Hand the turn on (a ruleset action the Pass button should find)."""


class OneCardRules(Ruleset):
    """Draw one card at a time, never flip a die; the seat in play may pass."""

    name = "ui-test"
    title = "UI test rules"

    def check(self, state, action, seat):
        if isinstance(action, A.Draw) and action.count > 1:
            return [Violation("draw.one", "4.2", "draw one card at a time", seat=seat)]
        if isinstance(action, A.Draw) and len(state.zones[f"hand:{seat}"].pieces) >= 2:
            return [Violation("hand.limit", "4.3", "a hand holds at most two cards", seat=seat)]
        return []

    def reduce(self, state, action, seat, tx):
        if isinstance(action, UiTestPass):
            tx.set_rule("active", 1 - state.rules.get("active", 0))
            return True
        return False

    def generate_actions(self, state, seat):
        if seat == state.rules.get("active", 0):
            for pid in state.zones[f"hand:{seat}"].pieces:
                yield A.Move((pid,), "table", x=100.0, y=100.0)
            yield UiTestPass()

    def status(self, state, seat):
        return {"phase": "main", "active": state.rules.get("active", 0)}


def make_app(mode: str) -> TableApp:
    state = quick_table(seed=3).state
    state.enforcement = mode
    app = TableApp(Session(state, OneCardRules()), seat=0, size=(1280, 800), fps=0)
    app.run_frames(2)
    return app


def test_warn_shows_the_rule_and_logs_it_but_lets_the_action_through():
    app = make_app("warn")
    deck = zone_center(app, "deck")
    for _ in range(3):
        click(app, deck)
    s = app.session.state
    assert len(s.zones["hand:0"].pieces) == 3
    assert any("4.3" in t and "at most two cards" in t for t in app.notices.texts())
    assert "<a href='rule:4.3'>4.3</a>: a hand holds at most two cards" in app.side.log_text  # a link to the rule


def test_strict_refuses_with_the_sentence_and_changes_nothing():
    app = make_app("strict")
    deck = zone_center(app, "deck")
    click(app, deck)
    click(app, deck)
    before = app.session.state.hash()
    click(app, deck)
    assert app.session.state.hash() == before
    assert any("Refused" in t and "at most two cards" in t for t in app.notices.texts())
    assert "at most two cards" in app.side.log_text


def test_a_later_success_clears_the_red_refusal():
    app = make_app("strict")
    deck = zone_center(app, "deck")
    click(app, deck)
    click(app, deck)
    click(app, deck)
    assert any(t.startswith("Refused") for t in app.notices.texts())
    app.notify("Saved to game.yaml", "info", 30.0)  # other news stays up for its time
    click(app, app.topbar.pass_button.rect.center)  # accepted
    assert app.session.state.rules["active"] == 1
    texts = app.notices.texts()
    assert not any(t.startswith("Refused") for t in texts), texts
    assert "Saved to game.yaml" in texts
    assert "at most two cards" in app.side.log_text  # the log keeps the refusal


def test_legal_moves_glow_and_the_pass_button_submits_the_pass():
    app = make_app("warn")
    click(app, zone_center(app, "deck"))
    card = app.session.state.zones["hand:0"].pieces[0]
    assert card in app.legal.pieces
    assert app.topbar.pass_button.visible and app.topbar.pass_button.text == "Pass"
    assert "Main: Seat 1 (you) to act" in app.topbar.status.text
    click(app, app.topbar.pass_button.rect.center)
    assert app.session.state.rules["active"] == 1
    assert not app.topbar.pass_button.visible
    assert app.legal.pieces == frozenset()


def test_the_dial_is_off_for_a_seat_that_is_not_host_and_the_key_is_refused():
    state = quick_table(seed=3).state
    app = TableApp(Session(state, OneCardRules(), hosts=[1]), seat=0, size=(1280, 800), fps=0)
    app.run_frames(1)
    assert not app.topbar.dial.is_enabled
    key(app, pygame.K_e)
    assert app.session.state.enforcement == "off"
    assert any("host" in t for t in app.notices.texts())


def test_info_dialog_lists_house_rules_in_force(app):
    key(app, pygame.K_i)
    assert app.dialog is not None
    text = app.dialog.window.get_container().elements[0].html_text
    assert "hand_size" in text and "tokens" in text


def test_turning_the_dial_up_lists_what_is_inconsistent():
    """A Tragedy table with a card dropped on the open felt in `off`: turning to warn audits it, refusing nothing."""
    from tabletop.game import new_session
    from tabletop.ui import TableApp

    session = new_session("tragedy", 2, enforcement="off", seed=1)
    app = TableApp(session, size=(1280, 800), fps=0)
    app.run_frames(2)
    state = session.state
    card = state.zones["hand:0"].pieces[0]
    assert app.submit(A.Move((card,), "table", x=300, y=300)).accepted
    r = app.submit(A.SetEnforcement("warn"))
    assert r.accepted and r.audit
    assert any("0000.1.5" in v.rule for v in r.audit)
    assert any("Audit" in text for _, text, _ in app.local_log)
    assert state.enforcement == "warn" and state.pieces[card].zone == "table"


def test_the_new_game_dialog_refuses_an_illegal_deck_in_strict_and_warns_in_warn(tmp_path):
    """The window's new game goes through the same start: strict names each problem, warn starts and says so."""
    from tests.test_cli import BAD_FAN_DECK

    bad = tmp_path / "BAD.yaml"
    bad.write_text(BAD_FAN_DECK)
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0)
    app.run_frames(1)
    app.new_game_dialog()
    app.run_frames(1)
    d = app.newgame
    d.ruleset.selected_option = ("xfiles-fan", "xfiles-fan")
    d.enforce.selected_option = ("strict", "strict")
    d.decks[0] = str(bad)
    click(app, d.start.rect.center)
    assert app.session is None and app.newgame is d  # nothing half-made: the dialog stays for another try
    refused = [t for t in app.notices.texts() if "Could not start the game" in t]
    assert refused and "xff.deck.size" in refused[0] and "BAD.yaml" in refused[0]
    d.enforce.selected_option = ("warn", "warn")
    click(app, d.start.rect.center)
    assert app.session is not None and app.session.state.enforcement == "warn"
    assert any("6 deck problem(s)" in t for t in app.notices.texts())
    app.run_frames(1)
    rules = {v.rule for _, v in app.session.violations()}
    assert {"xff.deck.size", "xff.deck.copies", "xff.1.4"} <= rules


def test_an_out_of_turn_drag_in_tragedy_strict_says_who_has_priority():
    """A newcomer's trial: seat 2 dragged a card to its Stack out of turn and read a rule about Roles."""
    from tabletop.game import new_session
    from tests.ui.uihelpers import drag

    session = new_session("tragedy", 2, enforcement="strict", seed=1)
    holder = session.state.rules["priority"]
    other = 1 - holder
    app = TableApp(session, seat=other, size=(1280, 800), fps=0)
    app.run_frames(2)
    card = app.hand.cards[0]
    before = session.state.hash()
    drag(app, app.hand.spot(card.pid), zone_center(app, f"stack:{other}"))
    app.run_frames(1)
    assert session.state.hash() == before
    said = " ".join(app.notices.texts())
    assert f"{session.state.players[holder].name} has priority" in said, said
    app.close()
