"""Tragedy is a config of parts with explicit inputs (issue #26, item 7), as X-Files Fan is: no mixins sharing
`self`, one check and one reducer per action, and no card text run by the interpreter (an Act's effect is applied by
hand), so a newcomer finds each concern in one module."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tabletop.cards import CardLibrary
from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.tragedy import Tragedy
from tabletop.rules.tragedy import actions as actions_module
from tabletop.rules.tragedy import table as table_module
from tabletop.rules.tragedy.actions import __all__ as ACTION_NAMES

PACKAGE = Path(inspect.getfile(table_module)).parent
OWN_ACTIONS = {getattr(actions_module, name) for name in ACTION_NAMES}


def test_the_ruleset_is_no_stack_of_mixins() -> None:
    assert Tragedy.__bases__ == (PartsRuleset,) and PartsRuleset.__bases__ == (KitRuleset,)  # the kit's dispatch
    rules = Tragedy()
    parts = [rules.cards, rules.checks, rules.reducers, rules.moves, rules.view, rules.auditor]
    assert not any(isinstance(p, Ruleset) for p in parts), "a part is a plain object, not a ruleset"
    assert set(rules.rule_actions) == OWN_ACTIONS == set(rules.reduced_actions)
    # the answers bots and the search ask by thousands are the parts' own, bound without a call in between
    assert rules.card_info == rules.cards.info and rules.value == rules.cards.value
    assert rules.legal_paths == rules.moves.legal_paths
    assert rules.in_play is table_module.in_play and rules.waiting_for is table_module.waiting_for


def test_the_card_lookup_holds_the_library_and_drops_what_it_read_on_another_version() -> None:
    rules = Tragedy()
    lib = rules.card_library  # the shipped cards, loaded by the lookup's first question
    assert rules.cards.library is lib
    mine = CardLibrary.from_sets(lib.sets["standard"])
    rules.library = mine
    assert rules.cards.library is mine and rules.library is mine
    assert rules.card_info("standard/KH")[:2] == (13, ("Actor", "Act"))
    rules.cards.known["standard/KH"] = (1, ("Act",), "stale", "")
    mine.version += 1  # a live card edit
    assert rules.card_info("standard/KH")[:2] == (13, ("Actor", "Act"))


def test_no_card_text_runs_through_the_interpreter() -> None:
    """An Act's effect is applied by hand by its player (0000.0.4): the package never asks the kit's interpreter
    (the kit's `PartsRuleset` hands it the effect actions). A Tragedy that runs card text puts it in one part, as
    `xfiles_fan/cardtext.py`, and this test names that module."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "effects"):
                found.append(f"{path.name} effects.{node.attr}")
    assert found == []
