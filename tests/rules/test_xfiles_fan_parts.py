"""X-Files Fan is a config of parts with explicit inputs (issue #26, item 7): no mixins sharing `self`, one reducer
per action, and a card's text run in one place (`cardtext.py`), so a newcomer finds it there."""

from __future__ import annotations

import inspect
from pathlib import Path

from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.xfiles_fan import PLAYER_ACTIONS, XFilesFan
from tabletop.rules.xfiles_fan import cardtext as cardtext_module
from tests.rules.text_calls import text_runs_outside

PACKAGE = Path(inspect.getfile(cardtext_module)).parent


def test_the_ruleset_is_no_stack_of_mixins() -> None:
    assert XFilesFan.__bases__ == (PartsRuleset,) and PartsRuleset.__bases__ == (KitRuleset,)  # the kit's dispatch
    rules = XFilesFan()
    parts = [rules.cards, rules.cardtext, rules.legality, rules.checks, rules.periods, rules.turns, rules.moves,
             rules.byhand, rules.view, rules.auditor]
    assert not any(isinstance(p, Ruleset) for p in parts), "a part is a plain object, not a ruleset"
    assert set(PLAYER_ACTIONS) <= set(rules.reduced_actions)
    assert set(PLAYER_ACTIONS) <= set(rules.rule_actions)


def test_card_text_runs_in_cardtext_alone() -> None:
    """Only `cardtext.py` asks the interpreter to run a card's abilities."""
    assert text_runs_outside(PACKAGE, "cardtext.py") == []
