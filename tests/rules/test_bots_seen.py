"""A greedy bot decides the same from its seat's stream (`choose_seen`: its view and legal-move summary, as a bot seat
at a window gets them) as from the table (`choose`, headless self-play): the same moves, the same RNG draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core import Session
from tabletop.core.legal import LEGAL_CAP, legal_summary
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot


def _from_stream(bot: Any, session: Session, seat: int) -> Any:
    """A bot seat's decision from what its stream holds (SeatStream(..., moves=LEGAL_CAP)): its view, every move."""
    legal = legal_summary(session, seat, list_cap=LEGAL_CAP, kind_cap=LEGAL_CAP)
    return bot.choose_seen(session.view(seat), legal, seat)


def _play_both_ways(ruleset: str, seed: int, max_actions: int = 2000,
                    other_way: Callable[[Any, Session, int], Any] = _from_stream) -> set[str]:
    """Play a greedy-vs-random game to its end, every greedy decision made both ways (headless, and `other_way`,
    from the stream by default); the kinds of moves made."""
    rules = get_ruleset(ruleset)
    session = Session(rules.new_game(2, seed=seed, enforcement="strict"), rules)
    state = session.state
    table = make_bot("greedy", rules, seed)
    seen = make_bot("greedy", rules, seed)  # the same seed: the same RNG draws while the choices agree
    other = make_bot("random", rules, seed + 1)
    decided = 0
    kinds: set[str] = set()
    for _ in range(max_actions):
        waiting = rules.waiting_for(state)
        if state.rules.get("over") or not waiting:
            break
        seat = waiting[0]
        if seat == seed % 2:
            action = table.choose(state, seat)
            made = other_way(seen, session, seat)
            assert action is not None and made is not None
            assert made.to_dict() == action.to_dict(), f"seed {seed}, decision {decided}"
            decided += 1
            kinds.add(action.type)
        else:
            action = other.choose(state, seat)
            assert action is not None
        assert session.submit(action, seat).accepted
    assert state.rules.get("over"), f"seed {seed} did not end"
    return kinds


def test_xfiles_fan_greedy_decides_the_same_from_its_stream() -> None:
    kinds = set().union(*(_play_both_ways("xfiles-fan", seed) for seed in (1, 2, 3)))
    # every kind of decision the heuristic has a rule for was made both ways
    assert {f"xfiles-fan.{k}" for k in ("choose_first", "environment", "play", "pass", "action", "choose_value",
                                        "discard", "exchange")} <= kinds, kinds


def test_tragedy_greedy_decides_the_same_from_its_stream() -> None:
    kinds = set().union(*(_play_both_ways("tragedy", seed) for seed in (1, 2, 3)))
    assert {"tragedy.play", "tragedy.score", "tragedy.pass"} <= kinds, kinds


def test_a_bot_seat_moves_a_card_once_between_its_passes() -> None:
    """A bot seat at a window (the generic greedy bot, from its stream) deployed X-Files CCG Agents out and back
    again and again in one Deployment (a newcomer's trial): between two passes it now moves each card once per
    kind of move, and games still end."""
    rules = get_ruleset("xfiles-ccg")
    for seed in (1, 2):
        session = Session(rules.new_game(2, seed=seed, enforcement="strict"), rules)
        state = session.state
        bots = [make_bot("greedy", rules, seed), make_bot("greedy", rules, seed + 1)]
        moved: list[set[tuple]] = [set(), set()]
        for _ in range(3000):
            waiting = rules.waiting_for(state)
            if state.rules.get("over") or not waiting:
                break
            seat = waiting[0]
            legal = legal_summary(session, seat, list_cap=LEGAL_CAP, kind_cap=LEGAL_CAP)
            action = bots[seat].choose_seen(session.view(seat), legal, seat)
            assert action is not None
            if action.type.endswith(".pass"):
                moved[seat].clear()
            elif action.type == "xfc.deploy":
                assert action.agent not in moved[seat], f"seed {seed}: {action.agent} deployed twice"
                moved[seat].add(action.agent)
            assert session.submit(action, seat).accepted
        assert state.rules.get("over"), f"seed {seed} did not end"


def test_xfiles_ccg_greedy_at_a_table_makes_its_headless_moves_from_the_seats_knowledge() -> None:
    """A window's or a host's greedy bot seat decides from the seat's knowledge (`choose_known`, what a search bot
    decides from): the moves headless self-play makes, not the stream's whole legal list (where it deployed Agents
    to the Bureau and passed Equipment round its Team turn after turn)."""
    from tabletop.rules.thinking import known_choice

    kinds = set().union(*(_play_both_ways("xfiles-ccg", seed, other_way=lambda bot, session, seat: known_choice(
        bot, session.state, seat)) for seed in (1, 2, 3)))
    assert {"xfc.deploy", "xfc.site", "xfc.investigate", "xfc.play", "xfc.ask", "xfc.guess", "effects.target"} <= kinds, kinds
