"""The search bot by name, its levels and budgets, its undo votes, and a tiny strength check (slow)."""

from __future__ import annotations

import pytest

from tabletop.rules import get_ruleset
from tabletop.rules.bots import BOTS, UnknownBot, is_bot, make_bot
from tabletop.rules.search.hooks import BUDGETS
from tabletop.rules.search.ismcts import LEVELS, Ismcts
from tabletop.rules.simulate import play_game


def test_ismcts_is_a_bot_wherever_random_and_greedy_are() -> None:
    rules = get_ruleset("tragedy")
    assert "ismcts" in BOTS and is_bot("ismcts:250") and not is_bot("ismcts:lots") and not is_bot("ismcts:0")
    bot = make_bot("ismcts", rules, 3)
    scale = BUDGETS.get(rules.name, 1.0)
    assert isinstance(bot, Ismcts) and (bot.iterations, bot.depth) == (round(LEVELS["normal"][0] * scale),
                                                                      LEVELS["normal"][1])
    assert make_bot("ismcts:hard", rules).iterations == round(LEVELS["hard"][0] * scale)
    assert make_bot("ismcts:40", rules).iterations == 40
    with pytest.raises(UnknownBot):
        make_bot("ismcts:nightmare", rules)


def test_a_bot_agrees_to_undo_only_its_own_last_move() -> None:
    bot = make_bot("ismcts", get_ruleset("tragedy"))
    assert bot.undo_vote(1, 1) is True
    assert bot.undo_vote(0, 1) is False and bot.undo_vote(None, 1) is False


def test_a_game_with_the_search_bot_finishes_and_times_its_decisions() -> None:
    record = play_game("tragedy", ["ismcts:8", "random"], 5)
    assert record.end == "win" and record.violations == []
    assert record.decisions[0] and all(t >= 0 for t in record.decisions[0])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["tragedy", "xfiles-fan", "xfiles-ccg"])
def test_the_search_bot_beats_random(name: str) -> None:
    wins = 0
    for i in range(6):
        bots = ["ismcts:easy", "random"] if i % 2 == 0 else ["random", "ismcts:easy"]
        record = play_game(name, bots, 500 + i)
        wins += record.end == "win" and bots[record.winner] == "ismcts:easy"
    assert wins >= 4


def test_a_decision_with_dozens_of_moves_searches_the_policys_move_and_a_few_others() -> None:
    """A Fan discard or exchange lists dozens of near-identical moves: with each tried once or twice the choice was
    noise. The root keeps `width` of them, the playout policy's among them."""
    bot = make_bot("ismcts", get_ruleset("xfiles-fan"), 2)
    moves = list(range(40))
    kept = bot._candidates(moves, 33)  # type: ignore[arg-type]
    assert len(kept) == bot.width < 40 and 33 in kept and len(set(kept)) == len(kept)
    assert bot._candidates(moves[:5], 3) == [0, 1, 2, 3, 4]  # type: ignore[arg-type]


def test_the_policys_move_is_played_unless_another_scored_clearly_better() -> None:
    from tabletop.rules.search.ismcts import _Node

    bot = make_bot("ismcts", get_ruleset("xfiles-ccg"), 2)
    assert bot.margin > 0
    root = _Node(0)
    root.children = {0: _Node(0), 1: _Node(0)}
    (a, b) = root.children.values()
    a.visits, a.value = 30, 30 * 0.52  # the most visited, a little better than the policy's move
    b.visits, b.value = 10, 10 * (0.52 - bot.margin / 2)
    assert bot._best(root, 1) == 1 and bot._best(root, None) == 0
    b.value = 10 * (0.52 - bot.margin * 2)
    assert bot._best(root, 1) == 0


def test_copies_of_one_card_from_a_hand_are_searched_as_one_move() -> None:
    """Three Shadowed in hand were three root moves sharing the budget (and any of them could be "best" by noise);
    playing any copy from the same hand is the same move, so the search tries one of them."""
    from tabletop.core.session import Session
    from tabletop.rules.search.ismcts import alike
    from tabletop.rules.xfiles_fan.actions import PlayCard

    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=3, enforcement="strict")
    session = Session(state, rules)
    while not state.zones["hand:0"].pieces:
        seat = rules.waiting_for(state)[0]
        assert session.submit(next(iter(rules.generate_actions(state, seat))), seat).accepted
    hand = state.zones["hand:0"].pieces
    moves = [PlayCard(pid) for pid in hand]
    first = alike(state, moves)
    for k, pid in enumerate(hand):
        j = first[k]
        assert j <= k and state.pieces[hand[j]].card == state.pieces[pid].card
        assert j == min(i for i, q in enumerate(hand) if state.pieces[q].card == state.pieces[pid].card)
    assert len(set(first)) == len({state.pieces[p].card for p in hand})
    table = next(p for p in state.pieces.values() if p.zone == "environment")
    assert alike(state, [PlayCard(table.id), PlayCard(table.id)]) == [0, 1]  # cards in play are not pooled


def test_a_ccg_playout_reaching_a_question_is_scored_by_the_chance_to_name_the_xfile() -> None:
    """A playout that reached a successful check scored 1 or 0 on whether the guess hit the dealt X-File: a coin
    toss per playout. It is scored by the chance instead: 2/k after a question and a guess (k candidates)."""
    from tabletop.core.session import Session
    from tabletop.rules.search.heuristics import ccg_heuristic, ccg_question

    rules = get_ruleset("xfiles-ccg")
    for seed in range(40):
        state = rules.new_game(2, seed=seed, enforcement="strict")
        session = Session(state, rules)
        bots = [make_bot("greedy", rules, 1), make_bot("greedy", rules, 2)]
        while not state.rules.get("over") and rules.step(state) != "question":
            assert ccg_question(rules, state) is None
            seat = rules.waiting_for(state)[0]
            assert session.submit(bots[seat].choose(state, seat), seat).accepted
        if not state.rules.get("over"):
            break
    asker = rules.active(state)
    opp, _ = rules.notes_about(state, asker, 1 - asker)
    chance = min(1.0, 2 / len(opp["candidates"]))
    values = ccg_question(rules, state)
    plain = ccg_heuristic(rules, state)
    assert values is not None and abs(values[asker] - (chance + (1 - chance) * plain[asker])) < 1e-9
    assert abs(values[1 - asker] - (1 - chance) * plain[1 - asker]) < 1e-9


def test_the_fan_exchange_swaps_the_least_playable_card_for_the_most() -> None:
    """The card taken between periods is shuffled into the deck, past any playout: the search chose among a dozen
    exchanges by noise. It now notes, at each of its turns, which of its titles could go into the round, and swaps
    the card that was playable least for the one playable most (none when nothing gains)."""
    from collections import Counter

    from tabletop.core.session import Session
    from tabletop.rules.search.hooks import CHOOSERS, OBSERVERS
    from tabletop.rules.search.knowledge import knowledge, rebuild
    from tabletop.rules.search.sampler import CardPool

    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=5, enforcement="strict")
    session = Session(state, rules)
    bots = [make_bot("greedy", rules, 1), make_bot("greedy", rules, 2)]
    pool = CardPool(rules, knowledge(state, 1, rules)["deck"])
    while state.rules.get("phase") != "exchange" or 1 not in rules.waiting_for(state):
        seat = rules.waiting_for(state)[0]
        if seat == 1:
            know = knowledge(state, 1, rules)
            OBSERVERS["xfiles-fan"](rules, rebuild(know), 1, know, pool)
        assert session.submit(bots[seat].choose(state, seat), seat).accepted
    playable = pool.notes["playable"]
    assert playable and set(playable) <= set(pool.notes["titles"])
    know = knowledge(state, 1, rules)
    base = rebuild(know)
    pick = CHOOSERS["xfiles-fan"](rules, base, know, pool)
    assert pick is not None and pick.give and pick.take
    gain = playable[base.pieces[pick.take[0]].card] - playable[base.pieces[pick.give[0]].card]
    for a in know["moves"]:
        if a.give:
            assert playable[base.pieces[a.take[0]].card] - playable[base.pieces[a.give[0]].card] <= gain
    pool.notes["playable"] = Counter()
    assert CHOOSERS["xfiles-fan"](rules, base, know, pool) is None  # nothing noted: the search decides
    pool.notes["playable"] = Counter({ref: 1 for ref in pool.notes["titles"]})
    assert CHOOSERS["xfiles-fan"](rules, base, know, pool).give == ()  # nothing gains: no exchange
