"""Tragedy plays with any card set we ship: every card has a Value and Roles, and a game of each set runs."""

from __future__ import annotations

import pytest

from tabletop.cards import default_library
from tabletop.core.session import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.tragedy import default_deck

LIBRARY = default_library()
SETS = sorted(LIBRARY.sets)


@pytest.mark.parametrize("set_name", SETS)
def test_every_shipped_card_has_a_tragedy_value_and_roles(set_name: str) -> None:
    for card in LIBRARY.sets[set_name]:
        traits = LIBRARY.traits(card, "tragedy")
        assert traits.value is not None, card.ref
        assert traits.roles, card.ref


@pytest.mark.parametrize("set_name", SETS)
def test_a_strict_tragedy_game_with_each_set_runs_without_violations(set_name: str) -> None:
    deck = default_deck(LIBRARY, set_name)
    size = sum(deck.total(s) for s in deck.sections)
    rules = get_ruleset("tragedy", {"deck_min": min(40, size)})
    assert rules.deck_problems(deck, LIBRARY) == []
    state = rules.new_game(2, decks={0: deck, 1: deck}, library=LIBRARY, seed=5, enforcement="strict")
    session = Session(state, rules)
    bots = [make_bot("greedy", rules, 1), make_bot("random", rules, 2)]
    for _ in range(300):
        if state.rules.get("over"):
            break
        seat = rules.waiting_for(state)[0]
        action = bots[seat].choose(state, seat)
        assert action is not None
        result = session.submit(action, seat)
        assert result.accepted, result.error
    assert session.violations() == []
    assert state.rules.get("turn", 0) >= 2
