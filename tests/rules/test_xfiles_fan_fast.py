"""`xfiles-fan` fast paths agree with the full checks on every position of seeded games.

Listing legal moves uses `card_legal` (no sentences), provided tags remembered by title and a precomputed sideboard
exchange test; refusing a move uses `card_problems` and `_check_exchange`. Walking real games position by position holds the two to the same answers.
"""

from __future__ import annotations

import itertools

import pytest

from tabletop.core.state import GameState
from tabletop.rules.simulate import play_session
from tabletop.rules.xfiles_fan import DiscardCards, Exchange, XFilesFan
from tabletop.rules.xfiles_fan.common import pending_copy


def positions(seed: int, bots: list[str]) -> tuple[XFilesFan, list[GameState]]:
    """Every position of one seeded strict game, from the first to the last."""
    _, session = play_session("xfiles-fan", bots, seed, enforcement="strict")
    rules = session.rules
    assert isinstance(rules, XFilesFan)
    state = session.state.copy()
    for entry in reversed(session.history):
        for event in reversed(entry.events):
            event.revert(state)
    out = [state.copy()]
    for entry in session.history:
        for event in entry.events:
            event.apply(state)
        out.append(state.copy())
    assert out[-1].hash() == session.state.hash()
    return rules, out


def slow_exchanges(rules: XFilesFan, state: GameState, seat: int) -> list[Exchange]:
    """The exchange pairs as first listed: every distinct pair of titles that `_check_exchange` lets through."""
    out, seen = [], set()
    for give in state.zones[f"deck:{seat}"].pieces:
        for take in state.zones[f"sideboard:{seat}"].pieces:
            key = (state.pieces[give].card, state.pieces[take].card)
            if key[0] != key[1] and key not in seen:
                seen.add(key)
                action = Exchange((give,), (take,))
                if not rules.checks._check_exchange(state, action, seat):
                    out.append(action)
    return out


@pytest.mark.parametrize("seed", [3, 11, 20])
def test_fast_paths_match_the_full_checks(seed: int) -> None:
    rules, states = positions(seed, ["greedy", "random"] if seed % 2 else ["random", "greedy"])
    judged = exchanges = rounds = 0
    for state in states:
        rnd = state.rules.get("round") or []
        assert rules.round_total(state, rnd) == sum(rules.round_value(state, e) or 0 for e in rnd)
        rounds += bool(rnd)
        assert rules.legality.provided_by_titles(state) == rules.provided(state)
        assert rules.legality.provided_by_titles(state, environment_only=True) == rules.provided(state, environment_only=True)
        for seat in state.seats:
            hand = state.zones[f"hand:{seat}"].pieces
            full = [pid for pid in hand if not rules.card_problems(state, pid, seat)]
            assert rules.playable(state, seat) == full, (state.seq, seat)
            assert rules.turns.holds_action(state, seat) == any(rules.info(state, p).type == "action" for p in hand)
            assert [rules.card_legal(state, pid) for pid in hand] == [pid in full for pid in hand]
            judged += len(hand)
            asks = [p for p in pending_copy(state) if p.get("seat") == seat and p.get("kind") == "exchange"]
            if asks:
                listed = [a for a in rules.moves.decisions(state, seat, asks[0]) if a.give]
                assert listed == slow_exchanges(rules, state, seat)
                exchanges += len(listed)
            for ask in [p for p in state.rules.get("pending") or [] if p.get("seat") == seat and
                        p.get("kind") == "discard"]:
                assert list(rules.moves.decisions(state, seat, ask)) == slow_discards(state, seat, ask.get("count", 2))
    assert judged > 1000 and exchanges > 0 and rounds > 100  # the walk did reach the fast paths, many times


def slow_discards(state: GameState, seat: int, count: int) -> list[DiscardCards]:
    """The discard choices as first listed: one per distinct set of titles, in `combinations` order."""
    hand = state.zones[f"hand:{seat}"].pieces
    out, seen = [], set()
    for combo in itertools.combinations(hand, count):
        key = tuple(sorted(state.pieces[p].card or "" for p in combo))
        if key not in seen:
            seen.add(key)
            out.append(DiscardCards(combo))
    return out


def test_discard_choices_of_two_match_the_combinations_with_repeated_titles() -> None:
    from tabletop.rules.xfiles_fan.ruleset import XFilesFan as Rules

    rules = Rules()
    state = rules.new_game(2, seed=5, enforcement="strict")
    hand = state.zones["hand:0"].pieces
    deck = state.zones["deck:0"].pieces
    # a hand with repeated titles: pairs of titles listed once, whichever order the cards sit in
    for pid in deck[:6]:
        state.pieces[pid].zone = "hand:0"
    hand.extend(deck[:6])
    del deck[:6]
    state.pieces[hand[1]].card = state.pieces[hand[0]].card
    state.pieces[hand[4]].card = state.pieces[hand[2]].card
    ask = {"kind": "discard", "seat": 0, "count": 2}
    assert list(rules.moves.decisions(state, 0, ask)) == slow_discards(state, 0, 2)
