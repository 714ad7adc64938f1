"""The fast engine path reaches the same tables as `Session.submit`: the same moves played through both doors."""

from __future__ import annotations

import pytest

from tabletop.rules import get_ruleset
from tabletop.rules.search.fast import step
from tests.rules.random_games import random_decisions


@pytest.mark.parametrize("name", ["tragedy", "xfiles-fan", "xfiles-ccg"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_same_moves_give_the_same_table(name: str, seed: int) -> None:
    rules = get_ruleset(name)
    state = rules.new_game(2, seed=seed, enforcement="strict")
    fast = state.fork()
    played = 0
    for seat, moves, action in random_decisions(rules, state, seed):
        if played % 25 == 0:  # both tables with the same moves played (this one is submitted after the step)
            assert fast.canonical() == state.canonical(), f"after {played} moves"
        assert moves == list(rules.generate_actions(fast, seat))
        assert step(fast, rules, action, seat, check=True)
        played += 1
    assert played > 30
    assert fast.canonical() == state.canonical()
    assert fast.rng.counter == state.rng.counter


def test_a_refused_move_leaves_the_table_as_it_was() -> None:
    from tabletop.core import actions as A

    rules = get_ruleset("tragedy")
    state = rules.new_game(2, seed=4, enforcement="strict")
    before = state.canonical()
    waiting = rules.waiting_for(state)[0]
    other = 1 - waiting
    hand = state.zones[f"hand:{other}"].pieces
    assert not step(state, rules, A.Move((hand[0],), "table", x=1.0, y=1.0), other, check=True)
    assert not step(state, rules, A.Move(("nope",), "table"), waiting)
    assert state.canonical() == before


@pytest.mark.parametrize("name", ["tragedy", "xfiles-fan", "xfiles-ccg"])
def test_a_quiet_transaction_keeps_no_notes_and_leaves_the_same_table(name: str) -> None:
    from tabletop.core.events import Note, PlayerCounterChanged, RuleStateChanged
    from tabletop.core.reducer import reduce_tx

    rules = get_ruleset(name)
    state = rules.new_game(2, seed=3, enforcement="strict")
    quiet = state.fork()
    noted = 0
    for seat, _moves, action in random_decisions(rules, state, 3):
        quiet.seq = state.seq  # as the session numbers its entries (a question's token reads the number)
        loud = reduce_tx(state.fork(), action, seat, rules)  # what the same action does with its notes
        noted += len(loud.notes)
        tx = reduce_tx(quiet, action, seat, rules, quiet=True)
        assert not tx.notes and not any(type(e) is Note for e in tx.events)
        # rule state and player counters a quiet transaction keeps as undo records (`Tx.undo`), not events
        assert [e for e in loud.events if type(e) not in (Note, RuleStateChanged, PlayerCounterChanged)] == tx.events
        assert len(tx.undo) == sum(type(e) in (RuleStateChanged, PlayerCounterChanged) for e in loud.events)
        follows = list(rules.after(quiet, tx.events, seat))
        while follows:  # the follow-ups, as `step` plays them
            follow, who = follows.pop(0)
            more = reduce_tx(quiet, follow, who, rules, quiet=True)
            follows = [*rules.after(quiet, more.events, who), *follows]
    assert noted > 10
    assert quiet.canonical() == state.canonical()


def test_what_the_rules_keep_of_a_stepped_table_stays_true_and_is_never_copied() -> None:
    """`GameState.derived`: the X-Files CCG keeps there that no Agent in a section is at 0 Health; at every step of
    random fast-path games, whenever it says so, a walk of the sections agrees (damage dealt, Agents hospitalized)."""
    import random

    rules = get_ruleset("xfiles-ccg")
    kept = hurt = 0
    for seed in range(4):
        state = rules.new_game(2, seed=seed, enforcement="strict")
        assert state.derived is None
        rng = random.Random(seed)
        for _ in range(600):
            waiting = rules.waiting_for(state)
            if not waiting or state.rules.get("over"):
                break
            assert step(state, rules, rng.choice(list(rules.generate_actions(state, waiting[0]))), waiting[0])
            at_zero = [pid for name in ("bureau:0", "bureau:1", "field:0", "field:1")
                       for pid in state.zones[name].pieces if rules._at_zero(state, pid)]
            hurt += any(state.pieces[p].counters.get("damage") for p in state.pieces)
            if state.derived.get("xfc.none_at_zero"):
                kept += 1
                assert not at_zero
        assert state.fork().derived is None and state.copy().derived is None
    assert kept > 100 and hurt > 0


@pytest.mark.parametrize("quiet", [True, False])
def test_a_transaction_undone_leaves_rule_state_counters_and_pieces_as_they_were(quiet: bool) -> None:
    """A quiet transaction keeps rule state and counters as undo records, not events: its rollback (an action that
    fails, a follow-up of `step` that fails) restores them with the pieces, in any order of changes."""
    from tabletop.core.tx import Tx

    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=5, enforcement="strict").fork()
    before = state.canonical()
    rule_key = next(iter(state.rules))
    tx = Tx(state, quiet)
    tx.set_rule("fresh_key", {"a": [1, 2]})
    tx.set_rule(rule_key, "changed")
    tx.set_rule("fresh_key", {"a": [3]})
    tx.del_rule(rule_key)
    tx.set_player_counter(0, "rp", 99)
    tx.set_player_counter(0, "new_counter", 1)
    tx.add_player_counter(0, "rp", -5)
    tx.set_player_counter(1, "cp", None)
    hand = state.zones["hand:0"].pieces
    tx.move(hand[0], "discard:0", face_up=True)
    assert (tx.undo is not None) is quiet and state.canonical() != before
    tx.rollback()
    assert state.canonical() == before
