"""`xfiles-fan` self-play: seeded games between the bots finish after three periods, in strict and warn, both variants."""

from __future__ import annotations

import pytest

from tabletop.cards import default_library
from tabletop.core import Session
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.xfiles_fan import XFilesFan, XFilesFanGreedy


def play(seed: int, bots: tuple[str, str], enforcement: str = "strict", **options: object) -> tuple[Session, int]:
    rules = get_ruleset("xfiles-fan", options)
    state = rules.new_game(2, seed=seed, enforcement=enforcement, library=default_library())
    session = Session(state, rules)
    players = [make_bot(name, rules, seed * 13 + i) for i, name in enumerate(bots)]
    steps = 0
    while not state.rules.get("over") and steps < 5000:
        seat = rules.waiting_for(state)[0]
        action = players[seat].choose(state, seat)
        assert action is not None, state.rules
        result = session.submit(action, seat)
        assert result.accepted, result.error
        steps += 1
    return session, steps


@pytest.mark.parametrize("both_pass", ["discard_two", "redraw_hand"])
@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_bot_game_finishes_after_three_periods(seed: int, both_pass: str) -> None:
    session, steps = play(seed, ("greedy", "random"), both_pass=both_pass)
    state = session.state
    assert state.rules["over"] and state.rules["period"] == 3
    scores = [p.counters["score"] for p in state.players]
    if state.rules["result"] == "tie":
        assert scores[0] == scores[1] and state.rules["winner"] is None
    else:
        assert scores[state.rules["winner"]] == max(scores) and scores[0] != scores[1]
    assert not session.violations()  # strict self-play: legal actions and checks agree
    kinds = {e.action.type for e in session.history}
    assert {"xfiles-fan.choose_first", "xfiles-fan.environment", "xfiles-fan.play", "xfiles-fan.exchange"} <= kinds


def test_same_seed_same_game_and_undo_to_the_start() -> None:
    a, _ = play(5, ("random", "random"))
    b, _ = play(5, ("random", "random"))
    assert a.state.hash() == b.state.hash()
    start = XFilesFan(library=default_library()).new_game(2, seed=5, enforcement="strict",
                                                          library=default_library()).hash()
    while a.undo().accepted:
        pass
    assert a.state.hash() == start


def test_warn_mode_game_finishes_too() -> None:
    session, _ = play(3, ("random", "greedy"), enforcement="warn")
    assert session.state.rules["over"]


def test_greedy_is_the_registered_policy() -> None:
    rules = get_ruleset("xfiles-fan")
    assert isinstance(make_bot("greedy", rules, 0), XFilesFanGreedy)


def test_views_never_show_an_opponents_hand_deck_or_sideboard() -> None:
    session, _ = play(4, ("random", "random"))
    state = session.state
    for seat in state.seats:
        view = session.view(seat)
        for zone in view["zones"]:
            if zone["name"] in (f"hand:{1 - seat}", f"sideboard:{1 - seat}", f"deck:{seat}", f"deck:{1 - seat}"):
                assert all("card" not in p for p in zone["pieces"]), zone["name"]
