"""The X-Files CCG's checks and move lister are parts with explicit inputs (docs/RULESETS_STRUCTURE.md, steps 6-7).

`checks` and `investigation_checks` hold every check (the dispatch table is `marked(...)` over them and the text
part's `UseAbility`), `moves` the move lister; what the kit, the window and the bots ask is bound
on the ruleset to the part itself (no wrapper in between: the bots ask `generate_actions` at every decision).
"""

from __future__ import annotations

from tabletop.core.actions import Move
from tabletop.rules import get_ruleset
from tabletop.rules.xfiles_ccg.checks import Checks
from tabletop.rules.xfiles_ccg.checks_investigation import InvestigationChecks
from tabletop.rules.xfiles_ccg.moves import Moves

#: the modules whose mixins became these parts
_PART_MODULES = {"checks", "checks_investigation", "hand_moves", "moves", "generators", "upkeep"}


def test_the_checks_and_the_move_lister_are_parts_not_mixins() -> None:
    rules = get_ruleset("xfiles-ccg")
    assert isinstance(rules.checks, Checks) and isinstance(rules.investigation_checks, InvestigationChecks)
    assert isinstance(rules.moves, Moves)
    assert not {k.__module__.rsplit(".", 1)[-1] for k in type(rules).__mro__} & _PART_MODULES
    # every action the rules reduce has its check, and each check is a part's
    assert set(rules.rule_actions) == set(rules.reduced_actions)


def test_the_answers_are_bound_to_the_parts() -> None:
    rules = get_ruleset("xfiles-ccg")
    for name in ("generate_actions", "legal_actions", "legal_moves", "legal_paths", "legal_gestures"):
        assert getattr(rules, name).__self__ is rules.moves, name
    for name in ("gate", "check_table_action"):
        assert getattr(rules, name).__self__ is rules.checks, name
    # the status's help and the shared checks are the parts' own, asked by the other parts alone
    for part, names in ((rules.moves, ("what_now", "step_hint")),
                        (rules.checks, ("requisition_problems", "requisition_afford")),
                        (rules.investigation_checks, ("play_problems",))):
        for name in names:
            assert callable(getattr(part, name)) and not hasattr(rules, name), name


def test_a_card_moved_by_hand_is_judged_by_the_checks_part() -> None:
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2)
    xfile = state.zones["xfile:0"].pieces[0]
    found = rules.check(state, Move((xfile,), "hand:0"), 0)
    assert [v.code for v in found] == ["xfc.xfile"]
