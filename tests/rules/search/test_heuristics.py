"""The search bot's score of an X-Files CCG table: what each seat has learnt of the other's X-File comes first."""

from __future__ import annotations

from typing import Any

from tabletop.rules import get_ruleset
from tabletop.rules.bots import PLAYOUT_NOISE, GreedyBot, make_bot
from tabletop.rules.search.heuristics import ccg_heuristic
from tabletop.rules.search.hooks import evaluate, gains_at


def _answered(rules: Any, state: Any, seat: int, about: int, wrong: int) -> None:
    """`seat` learnt that `about`'s X-File is none of `wrong` other X-Files (guesses answered no)."""
    actual = state.pieces[state.zones[f"xfile:{about}"].pieces[0]].card
    others = [x.name for x in rules.xfiles() if x.ref != actual][:wrong]
    answers = dict(state.rules.get("answers") or {})
    answers[str(seat)] = [{"about": about, "guess": name, "answer": False} for name in others]
    state.rules["answers"] = answers


def test_a_level_table_scores_level_and_what_a_seat_learnt_counts_for_it() -> None:
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=4)
    assert ccg_heuristic(rules, state) == [0.5, 0.5]
    _answered(rules, state, 0, 1, 3)
    ahead = ccg_heuristic(rules, state)
    assert ahead[0] > 0.6 > 0.4 > ahead[1]
    assert abs(ahead[0] + ahead[1] - 1.0) < 1e-9
    _answered(rules, state, 0, 1, len(rules.xfiles()) - 1)  # one candidate left: as good as named, short of a win
    known = ccg_heuristic(rules, state)
    assert ahead[0] < known[0] < 1.0


def test_spent_pools_cost_less_than_one_answer_gains() -> None:
    """Paying for a Site empties pools: the old score counted that as a loss as large as an answer's gain, so the
    bot passed on its Sites. Now an answer that halves the candidates outweighs both pools spent to the last point."""
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=4)
    _answered(rules, state, 0, 1, len(rules.xfiles()) // 2)
    state.players[0].counters = {k: 0 for k in state.players[0].counters}
    assert ccg_heuristic(rules, state)[0] > 0.5
    state.rules["over"], state.rules["winner"] = True, 1
    assert evaluate(rules, state) == [0.0, 1.0]


def test_the_ccg_search_bot_plays_out_with_its_greedy_bot_and_some_random_moves() -> None:
    rules = get_ruleset("xfiles-ccg")
    bot = make_bot("ismcts", rules, 1)
    assert isinstance(bot._policy, GreedyBot) and bot.noise == PLAYOUT_NOISE["xfiles-ccg"] > 0
    assert make_bot("ismcts", get_ruleset("tragedy"), 1).noise == 0.0


def test_the_fan_round_in_progress_counts_for_the_seat_whose_card_is_last() -> None:
    """A playout cut mid-round scored only the banked scores, so a round worth 9 to the seat about to take it
    looked level; now part of it counts for that seat (it takes the points if the round ends now, xff.5.2)."""
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=3)
    level = evaluate(rules, state)
    assert level == [0.5, 0.5]
    state.rules["round"] = [{"seat": 0, "piece": "p1"}, {"seat": 1, "piece": "p14"}]  # a Case (4), a Following (5)
    ahead = evaluate(rules, state)
    assert ahead[1] > 0.5 > ahead[0]
    state.players[0].counters["score"] = 9  # banked points outweigh the same points still in play
    assert evaluate(rules, state)[0] > 0.5


def test_a_fan_seat_far_behind_still_tells_a_gain_from_a_loss() -> None:
    """A lead of 90 squashed is 0.99 whatever happens next, so a seat far behind found every move alike and chose by
    noise; the search scores a playout by what each seat gained on the other since the decision instead."""
    rules = get_ruleset("xfiles-fan")
    state = rules.new_game(2, seed=3)
    state.players[1].counters["score"] = 90
    root = gains_at(rules, state)
    assert root == [-90.0, 90.0]
    assert evaluate(rules, state, root) == [0.5, 0.5]
    state.players[0].counters["score"] = 10
    assert evaluate(rules, state)[0] < 0.05  # the lead alone: still hopeless
    gained = evaluate(rules, state, root)
    assert gained[0] > 0.6 > 0.4 > gained[1]
    assert gains_at(get_ruleset("tragedy"), state) is None  # other rulesets keep their heuristic


def test_pools_spent_are_no_loss_in_the_ccg_score() -> None:
    """Pools are there to be spent: counted, a Site paid for (2 RP) scored a little below passing, enough to tip a
    close call to giving up the turn's only chance to investigate."""
    rules = get_ruleset("xfiles-ccg")
    state = rules.new_game(2, seed=4)
    before = ccg_heuristic(rules, state)
    state.players[0].counters = {k: 0 for k in state.players[0].counters}
    assert ccg_heuristic(rules, state) == before

