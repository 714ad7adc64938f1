"""The X-Files CCG as a whole is a config of parts (issue #26, item 7), as X-Files Fan and Tragedy are: no mixin on
the class, every player action checked and reduced by a part, and a card's text handed to the interpreter in one
place (`textrun.py`, the `CcgText` part), so a newcomer finds it there."""

from __future__ import annotations

import inspect
from pathlib import Path

from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.xfiles_ccg import XFilesCCG
from tabletop.rules.xfiles_ccg import textrun as textrun_module
from tests.rules.text_calls import text_runs_outside

PACKAGE = Path(inspect.getfile(textrun_module)).parent


def test_the_ruleset_is_no_stack_of_mixins() -> None:
    assert XFilesCCG.__bases__ == (PartsRuleset,) and PartsRuleset.__bases__ == (KitRuleset,)
    rules = XFilesCCG()
    parts = [rules.cards, rules.table, rules.text, rules.notes, rules.flow, rules.fights, rules.by_hand, rules.prep,
             rules.investigation, rules.checks, rules.investigation_checks, rules.moves, rules.view, rules.auditor]
    assert not any(isinstance(p, Ruleset) for p in parts), "a part is a plain object, not a ruleset"
    assert len({id(p) for p in parts}) == len(parts)
    # every action a seat checks is reduced, by a part's method (not the ruleset's)
    assert set(rules.rule_actions) <= set(rules.reduced_actions)
    for kind in rules.reduced_actions:
        assert not isinstance(rules._reducers[kind].__self__, Ruleset), kind
    for kind in rules.rule_actions:
        assert not isinstance(rules._checkers[kind].__self__, Ruleset), kind


def test_card_text_runs_in_textrun_alone() -> None:
    """Only `textrun.py` asks the interpreter (`effects`, or `interpreter` as the move lister names it) to run a card's
    abilities."""
    assert text_runs_outside(PACKAGE, "textrun.py", frozenset({"effects", "interpreter"})) == []
