"""X-Files Fan decisions the search bot takes by a rule of thumb: the both-pass discard (the least playable cards)
and a chosen point value (the best for the seat, as the round goes to whoever's card is last)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.session import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.search.hooks import CHOOSERS, OBSERVERS
from tabletop.rules.search.knowledge import knowledge, rebuild
from tabletop.rules.search.sampler import CardPool


def _until(seed: int, found: Callable[[Any, list[Any]], bool]) -> tuple[Any, Any, CardPool]:
    """A greedy game played until seat 1's moves satisfy `found`, seat 1 noting its turns as the search bot does."""
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=seed, enforcement="strict")
    session = Session(state, rules)
    bots = [make_bot("greedy", rules, 1), make_bot("greedy", rules, 2)]
    pool = CardPool(rules, knowledge(state, 1, rules)["deck"])
    for _ in range(3000):
        seat = rules.waiting_for(state)[0]
        if seat == 1:
            know = knowledge(state, 1, rules)
            OBSERVERS["xfiles-fan"](rules, rebuild(know), 1, know, pool)
            if found(state, know["moves"]):
                return rules, state, pool
        assert session.submit(bots[seat].choose(state, seat), seat).accepted
    raise AssertionError("no such decision")


def test_the_both_pass_discard_gives_up_the_least_playable_cards() -> None:
    rules, state, pool = _until(3, lambda s, moves: bool(moves) and moves[0].type == "xfiles-fan.discard")
    know = knowledge(state, 1, rules)
    base = rebuild(know)
    pick = CHOOSERS["xfiles-fan"](rules, base, know, pool)
    playable = pool.notes["playable"]

    def count(a: Any) -> int:
        return sum(playable[base.pieces[p].card] for p in a.pieces)

    assert pick in know["moves"] and count(pick) == min(count(a) for a in know["moves"])


def test_a_chosen_value_is_the_best_for_the_seat_as_the_round_goes_to_its_last_card() -> None:
    rules, state, pool = _until(1, lambda s, moves: len(moves) > 1 and moves[0].type == "xfiles-fan.choose_value")
    know = knowledge(state, 1, rules)
    pick = CHOOSERS["xfiles-fan"](rules, rebuild(know), know, pool)
    values = [a.value for a in know["moves"]]
    mine = state.rules["round"][-1]["seat"] == 1
    assert pick.value == (max(values) if mine else min(values))
