"""The default hidden-card deal: the seat's own unseen cards are exactly its deck list less what it sees; an
opponent's are drawn from the card pool, each zone from the card types the seat's own zone of that kind holds."""

from __future__ import annotations

import random
from collections import Counter

from tabletop.rules import get_ruleset
from tabletop.rules.search.hooks import sampler_for
from tabletop.rules.search.knowledge import knowledge, rebuild
from tabletop.rules.search.sampler import CardPool, Deal


def test_a_deal_keeps_the_seats_own_cards_and_fits_the_opponents_zones() -> None:
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=8, enforcement="strict")
    know = knowledge(state, 0, rules)
    base = rebuild(know)
    pool = CardPool(rules, know["deck"])
    deal = sampler_for(rules)(rules, base, 0, know, pool)
    for trial in range(5):
        table = base.fork()
        deal(table, random.Random(trial))
        assert all(p.card for p in table.pieces.values() if p.kind == "card")
        own = Counter(p.card for p in table.pieces.values() if p.owner == 0)
        assert own == Counter(know["deck"])  # the seat's own deck, dealt among its hidden places
        xfile = [table.pieces[pid].card for pid in table.zones["xfile:1"].pieces]
        assert xfile and all(pool.types[c] == pool.types[state.pieces[state.zones["xfile:0"].pieces[0]].card]
                             for c in xfile)
        hand = [table.pieces[pid].card for pid in table.zones["hand:1"].pieces]
        assert all(c not in xfile or pool.types[c] != "X-File" for c in hand)
    assert base.pieces.keys() == rebuild(know).pieces.keys()
    assert all(p.card is None for p in base.pieces.values() if p.zone == "hand:1")  # the base is never dealt


def test_the_same_rng_deals_the_same_cards() -> None:
    rules = get_ruleset("tragedy")
    state = rules.new_game(2, seed=2, enforcement="strict")
    know = knowledge(state, 1, rules)
    base = rebuild(know)
    deal = Deal(base, 1, know, CardPool(rules, know["deck"]))
    a, b = base.fork(), base.fork()
    deal(a, random.Random(4))
    deal(b, random.Random(4))
    assert a.to_dict() == b.to_dict()
