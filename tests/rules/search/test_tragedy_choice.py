"""The search bot's Tragedy rule of thumb: a card it would keep blocks the opponent's best Actor or Set."""

from __future__ import annotations

from tabletop.rules.bots import TragedyGreedy, make_bot
from tabletop.rules.search.knowledge import knowledge, rebuild
from tabletop.rules.search.sampler import CardPool
from tabletop.rules.search.tragedy import tragedy_choice
from tabletop.rules.tragedy import PlayCard


def _choice(session):
    state, rules = session.state, session.rules
    know = knowledge(state, 0, rules, list(rules.generate_actions(state, 0)))
    return tragedy_choice(rules, rebuild(know), know, CardPool(rules, know["deck"]), TragedyGreedy(rules)), know


def test_a_card_the_greedy_bot_would_keep_blocks_the_opponents_best_actor(position, at) -> None:
    """Seat 1 has a bare Actor 5 and a bare Actor 3; seat 0's own Actor already has its Prop, so the greedy bot
    would pass with its Prop 2 in hand: the rule plays it on the opponent's Actor 5, taking the slot its Prop wants."""
    session = position({"hand:0": ["t/P2"], "actors:0": ["t/A5", "t/P6"], "sets:0": ["t/S7"],
                        "actors:1": ["t/A3", "t/A5"], "sets:1": ["t/S4"]},
                       attach={"actors:0/t/P6": "actors:0/t/A5"})
    state = session.state
    chosen, know = _choice(session)
    assert chosen == PlayCard(at(state, "hand:0/t/P2"), "Prop", at(state, "actors:1/t/A5"))
    bot = make_bot("ismcts", session.rules, 5)
    assert bot.decide(know) == chosen  # the search bot plays it, not its playouts' pass
    assert session.submit(chosen, 0).accepted


def test_no_block_when_the_card_has_a_use_of_its_own(position, at) -> None:
    """With a bare Actor of its own, the Prop dresses it (the greedy move): the rule leaves the choice to the search."""
    session = position({"hand:0": ["t/P2"], "actors:0": ["t/A5"], "sets:0": ["t/S7"], "actors:1": ["t/A3"]})
    chosen, _ = _choice(session)
    assert chosen is None


def test_no_block_on_a_host_weaker_than_the_opponents_best(position, at) -> None:
    """The opponent's best Set already has its Set Piece: blocking its weaker Set would take nothing from it."""
    session = position({"hand:0": ["t/SP1"], "actors:0": ["t/A5"], "sets:0": ["t/S7", "t/SP8"],
                        "sets:1": ["t/S4", "t/S7", "t/SP8"]},
                       attach={"sets:0/t/SP8": "sets:0/t/S7", "sets:1/t/SP8": "sets:1/t/S7"})
    chosen, _ = _choice(session)
    assert chosen is None


def test_the_race_heuristic_reads_the_staged_pairs(position) -> None:
    """The heuristic reads Values, Actors, Sets and attachments through the ruleset and scores a table it cannot
    read as level; a seat with a dressed pair staged must read as ahead of one with nothing staged."""
    from tabletop.rules.search.hooks import evaluate

    session = position({"actors:0": ["t/A5", "t/P6"], "sets:0": ["t/S7"], "hand:1": ["t/A3"]},
                       attach={"actors:0/t/P6": "actors:0/t/A5"})
    ahead = evaluate(session.rules, session.state)
    assert ahead[0] > 0.6 > 0.4 > ahead[1]
