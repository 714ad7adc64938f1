"""The ruleset kit: setup helpers, the move policy as data, typed status and the dispatch tables."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Flip, Move
from tabletop.rules.base import Verdicts
from tabletop.rules.freeform import Freeform
from tabletop.rules.kit import (
    KitRuleset,
    MovePolicy,
    MoveRule,
    Status,
    Violation,
    checks,
    deal,
    draw_up_to,
    put_cards,
    reduces,
    shuffle_into,
)

REFS = [f"standard/{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]


def _table(seats: int = 2):
    return Freeform({"tokens": False}).build_table(seats, seed=7)


def test_shuffle_into_uses_the_seeded_rng_and_keeps_every_card() -> None:
    a, b = _table(), _table()
    shuffle_into(a, REFS, "deck")
    shuffle_into(b, REFS, "deck")
    order = [a.pieces[p].card for p in a.zones["deck"].pieces]
    assert order == [b.pieces[p].card for p in b.zones["deck"].pieces]
    assert sorted(order) == sorted(REFS) and order != REFS
    assert all(not a.pieces[p].face_up for p in a.zones["deck"].pieces)  # the zone's face


def test_deal_goes_round_the_table_from_the_top() -> None:
    state = _table(3)
    put_cards(state, REFS, "deck")
    top = list(state.zones["deck"].pieces)
    dealt = deal(state, "deck", 2, face_up=True)
    assert dealt == {0: [top[0], top[3]], 1: [top[1], top[4]], 2: [top[2], top[5]]}
    assert state.zones["hand:1"].pieces == [top[1], top[4]] and state.pieces[top[1]].zone == "hand:1"
    assert state.zones["deck"].pieces == top[6:]
    assert deal(state, "deck", 5)[0] == [top[6], top[9]]  # runs out without error


def test_draw_up_to_fills_a_hand_to_its_size() -> None:
    state = _table()
    put_cards(state, REFS, "deck")
    put_cards(state, REFS[:1], "hand:0")
    assert len(draw_up_to(state, "deck", "hand:0", 4)) == 3 and len(state.zones["hand:0"].pieces) == 4
    assert draw_up_to(state, "deck", "hand:0", 4) == []


def test_the_move_policy_is_first_match_with_kinds_wildcards_and_owner() -> None:
    policy = MovePolicy(
        MoveRule("g.draw", "1", "draw by the rules", src="deck", dst="hand", same_owner=True),
        MoveRule("g.steal", "2", "no stealing", src="hand", dst="hand", same_owner=False),
        MoveRule("g.deck", "3", "the deck stays", src="deck"),
        MoveRule("g.play", "4", "play it", dst=("actors", "sets")),
        default=MoveRule("g.any", "5", "cards stay"),
    )
    assert policy.verdict("deck", "hand", True).code == "g.draw"
    assert policy.verdict("deck", "hand", False).code == "g.deck"
    assert policy.verdict("hand", "hand", False).code == "g.steal"
    assert policy.verdict("hand", "sets", True).code == "g.play"
    assert policy.verdict("discard", "deck", True).code == "g.any"
    assert MovePolicy(MoveRule("x", "1", "m", src="deck")).verdict("hand", "deck", True) is None


def test_the_move_policy_checks_only_cards_that_change_zone() -> None:
    state = _table()
    pids = put_cards(state, REFS[:2], "hand:0")
    policy = MovePolicy(MoveRule("g.hand", "1", "keep your hand", src="hand"))
    verdicts = Verdicts(0)
    policy.check(state, Move((pids[0], pids[1]), "hand:0"), verdicts)
    assert verdicts.result() == []
    policy.check(state, Move((pids[0], pids[1]), "discard"), verdicts)
    assert verdicts.result() == [Violation("g.hand", "1", "keep your hand", tuple(pids), 0)]


def test_status_is_typed_and_read_as_a_dict() -> None:
    s = Status("g", phase="Main", active=1, scores=[2, 3], extra={"stack": []})
    assert s.to_dict() == {"ruleset": "g", "phase": "Main", "active": 1, "scores": [2, 3], "stack": []}
    assert Status("g", winner=0, over=True).to_dict()["winner"] == 0


def test_dispatch_tables_are_keyed_by_action_type_and_inherited() -> None:
    @dataclass(frozen=True, slots=True)
    class Nudge(Flip):
        pass

    class Base(KitRuleset):
        name = "kit-base"

        @checks(Flip)
        def _flip(self, state, a, seat):
            return [Violation("k.flip", "1", "no flipping", (), seat)]

        @reduces(Nudge)
        def _nudge(self, state, a, seat, tx):
            tx.set_rule("nudged", True)

    class Child(Base):
        name = "kit-child"

        @checks(Flip)
        def _flip_child(self, state, a, seat):
            return []

        def gate(self, state, action, seat):
            return [Violation("k.over", "2", "over", (), seat)] if state.rules.get("over") else []

    state = _table()
    assert [v.code for v in Base().check(state, Flip(()), 0)] == ["k.flip"]
    assert Child().check(state, Flip(()), 0) == []  # the subclass's mark wins
    assert Child().check(state, Nudge(()), 0) == []  # no check: a generic action, no move policy
    assert Child().reduce(state, Flip(()), 0, None) is False  # the generic reducer's
    state.rules["over"] = True
    assert [v.code for v in Child().check(state, Flip(()), 0)] == ["k.over"]
    assert Child().rule_actions == (Flip,)


def test_freeform_and_tragedy_run_on_the_kit() -> None:
    from tabletop.rules.tragedy import MOVE_POLICY, Tragedy

    assert issubclass(Freeform, KitRuleset) and issubclass(Tragedy, KitRuleset)
    assert Tragedy.move_policy is MOVE_POLICY
    assert MOVE_POLICY.verdict("hand", "actors", True).code == "tragedy.bypass_stack"
    assert MOVE_POLICY.verdict("sets", "hand", True).rule == "0000.3.4.2"
    assert MOVE_POLICY.verdict("discard", "hand", True).code == "tragedy.zone"


def test_every_bundled_ruleset_runs_on_the_kit_not_just_inherits_it() -> None:
    """Each ruleset uses what the kit gives: its dispatch tables hold every action it defines, hand-made moves are
    a MovePolicy, status is a Status, and no ruleset module loads cards or edits zone lists by hand."""
    import ast
    import importlib
    import inspect
    from pathlib import Path

    from tabletop.core.actions import Action
    from tabletop.rules import RULESETS, get_ruleset
    from tabletop.rules.kit import MovePolicy, Status

    assert set(RULESETS) >= {"freeform", "tragedy", "xfiles-fan", "xfiles-ccg"}
    for name, cls in RULESETS.items():
        assert issubclass(cls, KitRuleset), name
        if name == "freeform":
            continue
        assert isinstance(cls.move_policy, MovePolicy), name
        actions = importlib.import_module(f"tabletop.rules.{name.replace('-', '_')}.actions")
        own = [c for _, c in inspect.getmembers(actions, inspect.isclass)
               if issubclass(c, Action) and c.__module__ == actions.__name__]
        assert own, name
        missing = [c.__name__ for c in own if c not in get_ruleset(name).reduced_actions]
        assert missing == [], (name, "no @reduces", missing)
        rules = get_ruleset(name)
        state = rules.new_game(2, seed=5)
        assert isinstance(rules.game_status(state, 0), Status), name

    root = Path(inspect.getfile(KitRuleset)).parent
    by_hand = []
    for path in root.rglob("*.py"):
        if path.name in ("kit.py", "base.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                if (node.func.attr in ("pop", "append", "insert", "remove", "extend", "clear")
                        and isinstance(owner, ast.Attribute) and owner.attr == "pieces"):
                    by_hand.append(f"{path.name}:{node.lineno} edits a zone list")
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                    "default_library", "CardLibrary"):
                by_hand.append(f"{path.name}:{node.lineno} loads a card library")
    assert by_hand == []
