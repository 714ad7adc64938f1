"""The rules beside the table (F5): each ruleset's card types, its turn in steps and every rule number the engine
cites with a sentence; a warning's rule number in the log is a link that opens the page at that rule."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tabletop.core import actions as A
from tabletop.errors import CODES
from tabletop.game import new_session, quick_table
from tabletop.rules import RULESETS, get_ruleset
from tabletop.ui import TableApp
from tabletop.ui.panels import registry
from tabletop.ui.panels.rulebook import rulebook
from tests.ui.uihelpers import key, post


@pytest.mark.parametrize("name", [n for n in RULESETS if n != "freeform"])
def test_every_ruleset_has_a_page_with_types_steps_and_every_rule_its_codes_cite(name):
    registry._load()
    book = rulebook(get_ruleset(name))
    assert book.card_types and book.turn and book.rules
    own = {c.code.split(".", 1)[0] for c in CODES.of_kind("violation") if c.code.startswith(name + ".")}
    for c in CODES.of_kind("violation"):
        if c.code.split(".", 1)[0] in own:
            assert set(c.rules) <= set(book.rules), c.code  # every number a warning of this ruleset cites


def test_f5_opens_the_page_and_a_rule_in_the_log_opens_it_at_that_rule():
    session = new_session("tragedy", 2, enforcement="warn", seed=1)
    waiting = 1 - session.state.rules["priority"]
    app = TableApp(session, seat=waiting, size=(1280, 800), fps=0)
    app.run_frames(2)
    key(app, pygame.K_F5)
    assert app.dialog is not None and app.dialog.window.window_display_title == "Rules: Tragedy"
    assert "Card types" in app.dialog.text and "Enter Stage" in app.dialog.text and "0000.5.1.3" in app.dialog.text
    card = session.state.zones[f"hand:{waiting}"].pieces[0]
    assert app.submit(A.Move((card,), f"stack:{waiting}")).accepted  # warn: logged with its rule
    app.run_frames(20)
    assert "<a href='rule:0000.5.1.3'>0000.5.1.3</a>" in app.side.log_text
    post(app, pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="rule:0000.5.1.3",
                                 ui_element=app.side.log, ui_object_id=""))
    assert app.dialog.text.startswith("<font color='#ffd24d'><b>Rule 0000.5.1.3</b>: A card can only be played")
    app.close()


def test_a_freeform_table_says_no_rules_watch_it():
    app = TableApp(quick_table(seed=3), size=(1280, 800), fps=0)
    app.run_frames(2)
    key(app, pygame.K_F5)
    assert app.dialog is not None and "No rules watch this table" in app.dialog.text
    app.close()
