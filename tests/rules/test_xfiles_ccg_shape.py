"""The X-Files CCG as a whole is a config of parts (issue #26, item 7), as X-Files Fan and Tragedy are: no mixin on
the class, every player action checked and reduced by a part, and a card's text handed to the interpreter in one
place (`textrun.py`, the `CcgText` part), so a newcomer finds it there; what code holding the ruleset asks through it
is bound on it, and no more."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from tabletop.rules.base import Ruleset
from tabletop.rules.kit import KitRuleset, PartsRuleset
from tabletop.rules.search import ccg as search_ccg
from tabletop.rules.xfiles_ccg import XFilesCCG
from tabletop.rules.xfiles_ccg import textrun as textrun_module
from tabletop.rules.xfiles_ccg.readers import TableReads
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


#: how the package's code names the ruleset it holds: the vocabulary's `ctx.ruleset`, a part's `self.ruleset`, the
#: move lister's `mv.ruleset`, a standing-ability reader's `rs` / `ruleset`
_HOLDERS = frozenset({"ctx.ruleset", "self.ruleset", "mv.ruleset", "rs", "ruleset"})


def _asked_through(path: Path, holders: frozenset[str]) -> set[tuple[str, str]]:
    """The names read on a holder of the ruleset in `path` (its code, not its docstrings), with where."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) in holders:
            found.add((node.attr, f"{path.name}:{node.lineno}"))
    return found


def test_every_answer_asked_through_the_ruleset_is_bound_on_it() -> None:
    """The ruleset binds only what code holding it asks (`XFilesCCG.__init__`): every name the package's code reads
    on the ruleset it holds, the ruleset's own methods read, the CCG search asks (`rules.xfiles`), and a
    standing-ability reader handed the ruleset reads (`TableReads`) is there."""
    rules = XFilesCCG()
    asked = set().union(*(_asked_through(p, _HOLDERS) for p in sorted(PACKAGE.glob("*.py"))))
    asked |= _asked_through(PACKAGE / "ruleset.py", frozenset({"self"}))  # its own methods (`after`, ...)
    asked |= _asked_through(Path(inspect.getfile(search_ccg)), frozenset({"rules"}))
    asked |= {(name, "readers.TableReads") for name in dir(TableReads) if not name.startswith("_")}
    assert len(asked) > 100
    assert sorted((name, where) for name, where in asked if not hasattr(rules, name)) == []
