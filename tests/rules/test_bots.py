"""Bots pick legal actions only; the greedy Tragedy bot scores and beats the random one."""

from __future__ import annotations

import random

import pytest

from tabletop.core import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import UnknownBot, make_bot, table_action
from tabletop.rules.simulate import play_game
from tabletop.rules.tragedy import Score


def test_greedy_scores_its_best_pair(position, at) -> None:
    session = position({"actors:0": ["t/A3", "t/A5"], "sets:0": ["t/S4", "t/S7"]}, step="performance", need=1)
    state = session.state
    bot = make_bot("greedy", session.rules, 1)
    assert bot.choose(state, 0) == Score(at(state, "actors:0/t/A5"), at(state, "sets:0/t/S7"))


def test_greedy_stages_an_actor_before_anything_else_and_never_wastes_acts(position, at) -> None:
    session = position({"hand:0": ["t/X9", "t/A3", "t/A5"]}, step="enter_stage")
    state = session.state
    choice = make_bot("greedy", session.rules, 1).choose(state, 0)
    assert (choice.piece, choice.role) == (at(state, "hand:0/t/A5"), "Actor")
    session = position({"hand:0": ["t/X9"]}, step="enter_stage")
    assert make_bot("greedy", session.rules, 1).choose(session.state, 0).type == "tragedy.pass"


def test_random_bot_is_reproducible_and_legal() -> None:
    rules = get_ruleset("tragedy")
    a = play_game("tragedy", ["random", "random"], 5, max_actions=300)
    b = play_game("tragedy", ["random", "random"], 5, max_actions=300)
    assert a == b and a.actions > 0 and a.violations == [] and not a.error
    state = rules.new_game(2, seed=3, enforcement="strict")
    bot = make_bot("random", rules, 2)
    seat = rules.waiting_for(state)[0]
    assert bot.choose(state, seat) in rules.legal_actions(state, seat)


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(10):
        bots = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        record = play_game("tragedy", bots, seed)
        assert record.over and not record.error
        wins += bots[record.winner] == "greedy"
    assert wins > 5


def test_unknown_bot_and_sandbox_actions() -> None:
    rules = get_ruleset("freeform")
    with pytest.raises(UnknownBot):
        make_bot("clever", rules)
    state = rules.new_game(2, seed=1)
    session = Session(state, rules)
    rng = random.Random(1)
    accepted = 0
    for _ in range(50):
        action = table_action(state, 0, rng)
        if action is not None and session.submit(action, 0).accepted:
            accepted += 1
    assert accepted > 25
