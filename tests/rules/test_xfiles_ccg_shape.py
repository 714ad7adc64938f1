"""The X-Files CCG as a whole is a config of parts (issue #26, item 7), as X-Files Fan and Tragedy are: no mixin on
the class, every player action checked and reduced by a part, and a card's text handed to the interpreter in one
place (`textrun.py`, the `CcgText` part), so a newcomer finds it there."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.xfiles_ccg import XFilesCCG
from tabletop.rules.xfiles_ccg import textrun as textrun_module

PACKAGE = Path(inspect.getfile(textrun_module)).parent
#: the interpreter's calls that run a card's abilities (the rest only list, expire or dispatch its own actions)
RUNS_TEXT = frozenset({"trigger", "evaluate", "run", "holds", "violations", "count", "tally"})
#: the names the package gives the interpreter
INTERPRETER = frozenset({"effects", "interpreter"})


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
    """Only `textrun.py` asks the interpreter to run a card's abilities."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "textrun.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RUNS_TEXT
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in INTERPRETER):
                found.append(f"{path.name}:{node.lineno} {node.func.value.attr}.{node.func.attr}")
    assert found == []
