"""The X-Files CCG's turn steps (`flow.py`) and its skill checks and Combat (`combat.py`) are parts with explicit
inputs, not mixins sharing `self` (issue #26, item 7): each takes the other explicitly, and what the vocabulary and
the standing-ability readers ask through the ruleset is bound on it to the parts' own methods, with no call in
between; the steps only the other parts take are theirs alone."""

from __future__ import annotations

from tabletop.rules.base import Ruleset
from tabletop.rules.xfiles_ccg.combat import Combat
from tabletop.rules.xfiles_ccg.flow import Flow
from tabletop.rules.xfiles_ccg.ruleset import XFilesCCG

#: the steps the vocabulary and the standing-ability readers ask through the ruleset (`ctx.ruleset.to_discard`,
#: `rs.set_damage`, `rs.resolve_top`, ...)
FLOW_ANSWERS = ("draw", "to_discard", "move_agent", "attach", "pay", "set_damage", "end_investigation", "chain",
                "level", "resolve_top")
#: the steps only the other parts take (each from the part, as an input): not bound on the ruleset
FLOW_ONLY = ("return_abducted", "hand_max", "goto", "collect_res", "start_selling", "next_seller", "next_discarder",
             "end", "open_window", "offer", "window_closed", "answer")
COMBAT_ONLY = ("finish_check", "close_site", "deal_damage", "end_combat")


def test_flow_and_combat_are_parts_wired_to_each_other() -> None:
    assert Flow not in XFilesCCG.__mro__ and Combat not in XFilesCCG.__mro__
    rules = XFilesCCG()
    flow, fights = rules.flow, rules.fights
    assert isinstance(flow, Flow) and isinstance(fights, Combat)
    assert not isinstance(flow, Ruleset) and not isinstance(fights, Ruleset), "a part is a plain object"
    assert fights.goto == flow.goto and flow.fights is fights  # the flow's steps; `fights`, late-bound
    assert flow.cards is rules.cards and fights.cards is rules.cards


def test_the_steps_other_modules_call_are_the_parts_own() -> None:
    rules = XFilesCCG()
    for name in FLOW_ANSWERS:
        assert getattr(rules, name) == getattr(rules.flow, name), name
    for part, names in ((rules.flow, FLOW_ONLY), (rules.fights, COMBAT_ONLY)):
        for name in names:
            assert callable(getattr(part, name)) and not hasattr(rules, name), name
    # and Combat moves the turn on with the flow's own steps
    assert rules.fights.goto == rules.flow.goto and rules.fights.to_discard == rules.flow.to_discard
