"""The default hidden-card deal: the seat's own unseen cards are exactly its deck list less what it sees; an
opponent's are drawn from the card pool, each zone from the card types the seat's own zone of that kind holds."""

from __future__ import annotations

import random
from collections import Counter

from tabletop.core.session import Session
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


def test_an_opponents_unseen_cards_lean_to_the_titles_seen_of_theirs() -> None:
    """A player remembers what the other played: the pool notes the most copies of each title seen of an opponent's
    at once, and deals that opponent's unseen cards weighted to those titles (others stay possible)."""
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=3)
    know = knowledge(state, 1, rules)
    pool = CardPool(rules, know["deck"])
    types = frozenset(pool.types[r] for r in know["deck"])
    before = pool.likely(types, 0)
    assert before == pool.of_types(types)  # nothing seen of theirs: the pool as it is
    title = before[0]
    view = {"zones": [{"pieces": [{"owner": 0, "card": title}, {"owner": 0, "card": title},
                                  {"owner": 1, "card": before[-1]}, {"owner": 0}]}]}
    pool.observe(view, 1)
    pool.observe({"zones": [{"pieces": [{"owner": 0, "card": title}]}]}, 1)  # fewer at once later: still two
    assert pool.seen == {0: Counter({title: 2})}  # its own cards and hidden ones are not counted
    after = pool.likely(types, 0)
    assert set(after) == set(before)
    assert after.count(title) > after.count(before[-1]) >= 1
    assert pool.likely(types, 1) == before  # nothing seen of seat 1's (the seat itself)


def test_the_search_deals_an_opponents_hand_from_what_it_saw_of_theirs() -> None:
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=3, enforcement="strict")
    session = Session(state, rules)
    while not state.zones["hand:0"].pieces:  # on to the first period's hands
        seat = rules.waiting_for(state)[0]
        assert session.submit(next(iter(rules.generate_actions(state, seat))), seat).accepted
    know = knowledge(state, 1, rules)
    base = rebuild(know)
    pool = CardPool(rules, know["deck"])
    title = next(r for r in pool.of_types(frozenset({"following"})))
    pool.seen[0] = Counter({title: 20})
    deal = sampler_for(rules)(rules, base, 1, know, pool)
    table = base.fork()
    deal(table, random.Random(1))
    hand = [table.pieces[pid].card for pid in table.zones["hand:0"].pieces]
    assert hand.count(title) > len(hand) // 2
