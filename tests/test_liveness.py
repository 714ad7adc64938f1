"""Liveness: random and greedy games of every registered ruleset end, or keep making progress, within a bound.

A stuck game (nobody to act, no legal action, a legal action refused, or hundreds of actions without the turn
moving on) fails with its ruleset, bots and seed, so it can be replayed with `tabletop simulate --seed`.
New rulesets join this test by registering.
"""

from __future__ import annotations

import pytest

from tabletop.core import actions as A
from tabletop.lab.liveness import check_liveness
from tabletop.rules import RULESETS
from tabletop.rules.freeform import Freeform

SEEDS = range(4)
BOTS = (("random", "random"), ("greedy", "random"))


@pytest.mark.parametrize("bots", BOTS, ids="-".join)
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_bot_games_end_or_progress(name: str, bots: tuple[str, str]) -> None:
    for seed in SEEDS:
        found = check_liveness(name, bots, seed, bound=1500 if name == "freeform" else 5000)
        assert not found.problem, str(found)
        if name != "freeform":
            assert found.ended, str(found)


def _die(state) -> str:
    return next(pid for pid in state.zones["table"].pieces if state.pieces[pid].kind == "die")


class _Looping(Freeform):
    """A ruleset bug: the only legal action is a roll that never moves the turn on."""

    name = "looping-test"

    def generate_actions(self, state, seat):
        yield A.Roll((_die(state),))

    def status(self, state, seat):
        return {"turn": 1}


class _Deadlocking(_Looping):
    """A ruleset bug: after a few actions it waits for a seat that has no legal action."""

    name = "deadlocking-test"

    def generate_actions(self, state, seat):
        if state.seq < 5:
            yield A.Roll((_die(state),))

    def waiting_for(self, state):
        return [0]


def test_a_stuck_game_fails_with_its_seed() -> None:
    looped = check_liveness(_Looping(), ("random", "greedy"), 7, window=100)
    assert looped.problem.startswith("no progress: 100 actions without the turn moving on")
    assert "looping-test seed 7 (random, greedy)" in str(looped)
    stuck = check_liveness(_Deadlocking(), ("random", "random"), 3)
    assert stuck.actions == 5 and "seat 1 is waited for but has no legal action" in stuck.problem
    assert "seed 3" in str(stuck)
