"""X-Files Fan is a config of parts with explicit inputs (issue #26, item 7): no mixins sharing `self`, one reducer
per action, and a card's text run in one place (`cardtext.py`), so a newcomer finds it there."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.xfiles_fan import PLAYER_ACTIONS, XFilesFan
from tabletop.rules.xfiles_fan import cardtext as cardtext_module

PACKAGE = Path(inspect.getfile(cardtext_module)).parent
#: the interpreter's calls that run a card's abilities (the rest only list, expire or dispatch its own actions)
RUNS_TEXT = frozenset({"trigger", "evaluate", "run", "holds", "violations", "text", "count", "tally"})


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
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "cardtext.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RUNS_TEXT
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "effects"):
                found.append(f"{path.name}:{node.lineno} effects.{node.func.attr}")
    assert found == []
