"""X-Files CCG "what now": every kind of legal move is listed as a one-click action, and each listed one is legal.

Through seeded games, at every decision: an independent brute force over the pieces on the table finds which kinds
of action the rules accept now, and each of those kinds must be in the seat's legal list; the list has no repeats,
and each action on it (for the first decisions of each step) is accepted when submitted in strict mode.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from tabletop.core import Session
from tabletop.core.actions import Action
from tabletop.core.state import GameState
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.rules.kit import ChooseOption, ChooseTarget, ResolveEffect
from tabletop.rules.xfiles_ccg import (
    STEPS,
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    Discard,
    Exchange,
    FormTeam,
    FreeDraw,
    Guess,
    Hire,
    Investigate,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
    XFilesCCG,
)
from tabletop.rules.xfiles_ccg.data import SECTIONS
from tests.rules.test_xfiles_ccg import _solved
from tests.rules.xfiles_ccg_helpers import position

#: the kinds of action each step may allow its deciding seat (a Site step also lets nobody but the active seat act)
STEP_KINDS = {
    "draw": {FreeDraw, Pass}, "buy": {Buy, Pass}, "sell": {Sell, Buy, Pass},
    "requisition": {Requisition, Exchange, Pass}, "deployment": {Deploy, Hire, FormTeam, Pass},
    "sites": {PlaceSite, Pass}, "bluffs": {PlaceBluff, Pass}, "assign": {Investigate, FormTeam, Pass},
    "reveal": {ResolveBluff}, "check": {PlayCard, Pass}, "aftermath": {PlayCard, Pass}, "damage": {AssignDamage},
    "question": {Ask, Guess, Pass}, "penalty": {Ask, Guess, Pass}, "debrief": {Discard, Pass},
    # a card's effect waiting for its targets (any step): only its choices
    "effect": {ChooseTarget, ChooseOption, ResolveEffect},
}


def _step(rules: XFilesCCG, state: GameState) -> str:
    return "effect" if rules.effects.pending(state) else rules.step(state)


def _candidates(rules: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    """Brute force, not the ruleset's lister: every action of every kind built from whatever is on the table."""
    pieces = [p for p in state.pieces if state.pieces[p].kind == "card"]
    hand = list(state.zones[f"hand:{seat}"].pieces)
    agents = [p for p in pieces if rules.pinfo(state, p).kind == "agent"]
    sites = list(state.rules.get("sites") or {})
    yield Pass()
    yield FreeDraw()
    for n in range(1, 8):
        yield Buy(n)
    for p in hand:
        yield Sell((p,))
        yield Discard((p,))
        for to in ("field", "bureau"):
            yield Hire(p, to)
        for at in (None, *state.seats):
            yield PlaceSite(p, at)
        for site in sites:
            yield PlaceBluff(p, site)
        for side, x, choice in itertools.product(("", "agents", "conspiracy"), range(3), range(3)):
            play = PlayCard(p, side, x, choice)
            if rules.table.can_pay(state, play, seat):
                yield play
        for a in agents:
            yield Requisition(p, a)
    for a in agents:
        for section in SECTIONS:
            yield Deploy(a, section)
        for item in state.attached(a):
            for b in agents:
                yield Exchange(item, b)
        yield AssignDamage(a)
    for section in SECTIONS:
        team = tuple(rules.agents(state, seat, (section,)))
        if team:
            yield FormTeam(team)
    field = tuple(p for p in rules.agents(state, seat, ("field",)) if p not in (state.rules.get("used") or []))
    for site in sites:
        for team in {field, *((p,) for p in field)}:
            for skill in ("", *(s for s, _ in rules.pinfo(state, site).prerequisite)):
                yield Investigate(site, team, skill)
    for p in state.rules.get("bluffs") or []:
        yield ResolveBluff(p, True)
        yield ResolveBluff(p, False)
    for entry in rules.effects.pending(state, seat):
        ability = rules.effects.ability(entry["ability"])
        for target in ability.targets if ability is not None else ():
            yield ChooseTarget(entry["id"], target.name)
            for p in pieces:
                yield ChooseTarget(entry["id"], target.name, p)
        yield ResolveEffect(entry["id"])
        for n in range(1, 4):
            yield ChooseOption(entry["id"], n)
    for q in rules.question_options(state, seat):
        yield Ask(q["token"])
    for g in rules.guess_options(state, seat):
        yield Guess(g["token"])


def _legal_kinds(rules: XFilesCCG, state: GameState, seat: int) -> set[type]:
    return {type(a) for a in _candidates(rules, state, seat) if not rules.check(state, a, seat)}


def _games(seeds: range, seats: int = 2) -> Iterator[tuple[Session, XFilesCCG, int]]:
    """Each decision of seeded random games, before the deciding seat's bot acts."""
    for seed in seeds:
        rules = get_ruleset("xfiles-ccg")
        assert isinstance(rules, XFilesCCG)
        session = Session(rules.new_game(seats, seed=seed, enforcement="strict"), rules)
        bots = [make_bot("random", rules, seed * 10 + s) for s in range(seats)]
        for _ in range(700):
            state = session.state
            if state.rules.get("over"):
                break
            seat = rules.waiting_for(state)[0]
            yield session, rules, seat
            assert session.submit(bots[seat].choose(state, seat), seat).accepted


@pytest.mark.parametrize(("seats", "seeds"), [(2, range(3, 6)), (3, range(21, 23))])
def test_every_kind_of_legal_move_is_listed_and_each_listed_move_is_accepted(seats: int, seeds: range) -> None:
    tried: Counter[str] = Counter()
    kinds_seen: dict[str, set[type]] = {}
    for session, rules, seat in _games(seeds, seats):
        state = session.state
        step = _step(rules, state)
        listed = [a for a in rules.legal_actions(state, seat) if a.type != "xfc.effect"]
        assert len(listed) == len(set(listed)), step
        kinds = {type(a) for a in listed}
        assert kinds <= STEP_KINDS[step], step
        kinds_seen.setdefault(step, set()).update(kinds)
        tried[step] += 1
        if tried[step] > 12:  # the brute force is slow: the first dozen decisions of each step
            continue
        legal = _legal_kinds(rules, state, seat)
        assert legal <= kinds, (step, legal - kinds)
        for other in state.seats:  # nobody else has a move (the manual effect aside)
            if other != seat:
                assert all(a.type == "xfc.effect" for a in rules.legal_actions(state, other))
        if tried[step] <= 2:  # every listed move of the first decisions of each step, submitted for real
            for action in listed:
                copy = Session(state.copy(), rules)
                result = copy.submit(action, seat)
                assert result.accepted and not result.violations, (step, action, result.error)
    if seats == 3:
        return
    # the games reach every step, and each kind of move of each step was listed somewhere
    assert set(kinds_seen) - {"effect"} == set(STEPS)
    listed_kinds = set().union(*kinds_seen.values()) - STEP_KINDS["effect"]
    assert listed_kinds == set().union(*(k for step, k in STEP_KINDS.items() if step != "effect"))


def test_buying_with_rp_is_listed_at_each_price() -> None:
    """The reported case: "buy cards with RP" with 11 RP listed only Pass."""
    s = position({"hand:0": ["june-talley"] * 7, "deck:0": ["overtime"] * 12},
                 {"step": "buy", "drawn": True}, pools=((11, 5), (5, 5)))
    rules = s.rules
    listed = list(rules.legal_actions(s.state, 0))
    assert [a for a in listed if isinstance(a, Buy)] == [Buy(n) for n in range(1, 12)]
    assert listed[-1] == Pass()
    status = rules.status(s.state, 0)
    assert status["step_label"] == "Briefing: buy cards with RP" and status["decision"] == 0
    assert "buy cards" in status["what_now"] and "11 RP" in status["what_now"]
    assert "Randy decides" in rules.status(s.state, 1)["what_now"]
    assert s.submit(Buy(11), 0).accepted and len(s.state.zones["hand:0"].pieces) == 18


def test_the_window_summary_lists_the_buys() -> None:
    from tabletop.core.stream import legal_summary

    s = position({"hand:0": ["june-talley"], "deck:0": ["overtime"] * 3}, {"step": "buy", "drawn": True},
                 pools=((11, 5), (5, 5)))
    summary = legal_summary(s, 0)
    assert [m for m in summary["moves"] if m["type"] == "xfc.buy"] == [{"type": "xfc.buy", "count": n}
                                                                       for n in (1, 2, 3)]
    assert summary["passes"] == [{"type": "xfc.pass"}]


@pytest.mark.parametrize("step", ["question", "penalty"])
def test_asking_and_guessing_list_every_question_and_x_file(step: str) -> None:
    s = _solved()
    if step == "penalty":
        s.state.rules["step"] = "penalty"
        s.state.rules["penalty"] = {"seat": 0, "about": 1}
    rules = s.rules
    listed = list(rules.legal_actions(s.state, 0))
    asks = {a.token for a in listed if isinstance(a, Ask)}
    guesses = {a.token for a in listed if isinstance(a, Guess)}
    assert asks == {q["token"] for q in rules.question_options(s.state, 0)} and asks
    assert guesses == {g["token"] for g in rules.guess_options(s.state, 0)} and guesses


def test_refusals_give_the_real_reason_first() -> None:
    s = position({"hand:0": ["june-talley"], "deck:0": ["overtime"] * 2}, {"step": "buy", "drawn": True})
    first = s.submit(FreeDraw(), 0)
    assert not first.accepted and first.violations[0].code == "xfc.one_draw"
    too_many = s.submit(Buy(9), 0)
    assert not too_many.accepted and too_many.violations[0].message.startswith("buying 9 cards costs 9 RP")
    wrong_seat = s.submit(Buy(1), 1)
    assert not wrong_seat.accepted and wrong_seat.violations[0].code == "xfc.not_your_decision"


def test_a_second_question_or_guess_says_it_was_used() -> None:
    s = _solved()
    rules = s.rules
    ask = Ask(rules.question_token(s.state, 0, "Affiliation", "Alien"))
    assert s.submit(ask, 0).accepted
    again = s.submit(Ask(rules.question_options(s.state, 0, strict=False)[1]["token"]), 0)
    assert not again.accepted
    assert again.violations[0].message == "you have already asked this Site's one question"

    house = _solved({"question_or_guess": True})
    r = house.rules
    assert house.submit(Ask(r.question_token(house.state, 0, "Affiliation", "Alien")), 0).accepted
    guess = house.submit(Guess(r.guess_options(house.state, 0, strict=False)[0]["token"]), 0)
    assert not guess.accepted and guess.violations[0].code == "xfc.no_guess"
    assert guess.violations[0].message.startswith("you have asked, so you may not also guess")
    # and the legal list no longer offers what was used
    assert not any(isinstance(a, Ask | Guess) for a in r.legal_actions(house.state, 0))


def test_a_team_already_formed_is_not_offered_again() -> None:
    """The trial: "Form a Team" stayed offered after the Team was formed. Teams stand until changed (manual p.23),
    so forming the same Agents again changes nothing: it is neither listed nor accepted; another Team still is."""
    s = position({"field:0": ["owen-marsh", "ruth-calder"]}, {"step": "deployment"})
    rules = s.rules
    field = tuple(rules.agents(s.state, 0, ("field",)))
    assert FormTeam(field) in list(rules.legal_actions(s.state, 0))
    assert s.submit(FormTeam(field), 0).accepted
    assert FormTeam(field) not in list(rules.legal_actions(s.state, 0))
    again = s.submit(FormTeam(field), 0)
    assert not again.accepted and "already form a Team" in str(again.error)
    assert s.submit(FormTeam(field[:1]), 0).accepted  # a new designation is still a move
    assert FormTeam(field) in list(rules.legal_actions(s.state, 0))


@pytest.mark.parametrize("step", ["requisition", "deployment"])
def test_a_waiting_seat_is_told_why_it_is_not_asked_to_requisition_or_deploy(step: str) -> None:
    """The trial: "Seat 2 was not asked to requisition or deploy". Right by the manual (these are the Investigating
    Player's steps), so the waiting seat's status now says so; the deciding seat's words are unchanged."""
    s = position({"hand:0": ["sidearm"]}, {"step": step})
    rules = s.rules
    waiting = rules.status(s.state, 1)
    assert "Randy decides" in waiting["what_now"] and "Only the Investigating Player" in waiting["what_now"]
    assert "in your own turn" in waiting["what_now"] and "in your own turn" in waiting["todo"]
    assert not [a for a in rules.legal_actions(s.state, 1) if a.type != "xfc.effect"]
    deciding = rules.status(s.state, 0)
    assert "Investigating Player" not in deciding["what_now"] and "own turn" not in deciding["todo"]
    assert "Only the Investigating Player" not in rules.status(s.state, None)["what_now"]  # a spectator has no turn


def test_the_status_gives_the_hand_size_and_says_when_no_team_can_be_sent() -> None:
    """A newcomer's re-trial: Debriefing's "discard down to your hand size" never gave the number, and with no Site
    left the bar still said "send a Team … to one of your Sites" while only Pass was listed."""
    from tabletop.rules.xfiles_ccg.moves import STEP_HINTS

    rules = get_ruleset("xfiles-ccg")
    none_left = debriefs = 0
    for seed in (1, 2, 3):
        s = Session(rules.new_game(2, seed=seed, enforcement="strict"), rules)
        bots = [make_bot("greedy", rules, seed), make_bot("random", rules, seed)]
        for _ in range(1500):
            state = s.state
            seat = rules.decision(state)
            if state.rules.get("over") or seat is None:
                break
            step, todo = rules.step(state), rules.status(state, seat)["todo"]
            if step == "debrief":
                debriefs += 1
                assert todo == f"discard down to your hand size ({rules.options['hand_max']}), then pass"
            elif step == "assign":
                sends = [m for m in rules.legal_moves(state, seat) if m.type == "xfc.investigate"]
                none_left += not sends
                assert todo == (STEP_HINTS["assign"] if sends else
                                "no Team can be sent to a Site now: pass to end the Investigation"), todo
            assert s.submit(bots[seat].choose(state, seat), seat).accepted
    assert none_left and debriefs
