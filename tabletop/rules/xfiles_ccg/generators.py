"""The moves the bots play in each step of the X-Files CCG (GENERATORS): a short list of useful actions per step.

These are what `XFilesCCG.generate_actions` yields, so seeded self-play stays as it was; the window's list of
every kind of legal move is `moves.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.state import GameState
from .actions import (
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    Discard,
    FreeDraw,
    Guess,
    Hire,
    Investigate,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
)
from .again import KEY as AGAIN
from .again import free_for
from .combat import may_split
from .vocab import standing

if TYPE_CHECKING:
    from .ruleset import XFilesCCG

__all__ = ["GENERATORS", "bluff_payments", "hand_of"]

#: the highest X listed for a Bluff with an X Cost (the largest X a card's table names is 9)
_MOST_X = 9



#: card kinds that are never played into a window (bought, placed, requisitioned or never played at all)
_NOT_PLAYED = frozenset(("agent", "site", "xfile", "equipment"))
#: the words in effect for a card with no activators (`play_problems` reads them only for its activators)
_NO_WORDS: set[str] = set()


def hand_of(state: GameState, seat: int) -> list[str]:
    """The pieces in `seat`'s hand, in order."""
    return list(state.zones[f"hand:{seat}"].pieces)


def _gen_draw(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    if not state.rules.get("drawn"):
        yield FreeDraw()


def _gen_buy(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    step = rs.step(state)
    pool = "rp" if step == "buy" else "cp"
    hand = hand_of(state, seat)
    room = rs.hand_max(state, seat) - len(hand)
    if step == "sell" and len(hand) > 4:
        for pid in hand:
            if rs._sell_value(state, pid):
                yield Sell((pid,))
    for n in range(min(rs._pool_of(state, seat, pool), room), 0, -1):
        yield Buy(n)


def _gen_requisition(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    agents = rs.agents(state, seat, ("bureau", "field"))
    for pid in hand_of(state, seat):
        info = rs.pinfo(state, pid)
        if info.kind != "equipment":
            continue
        # `rs.check` is the gate, timing, hand, Agent and kind checks (all passed: `seat`'s decision in this step,
        # its Equipment in its hand, its Agents in play) and these, the pool tokens counted once per card
        held = len(rs.card_pools(state, seat, info, "rp"))
        if rs.requisition_afford(state, seat, info, held):
            continue  # no Agent may take what cannot be paid for (`requisition_problems` would say so of each)
        for ag in agents:
            a = Requisition(pid, ag)
            if not rs.requisition_problems(state, a, seat, held):
                yield a


def _gen_deployment(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    moved = set(state.rules.get("moved") or [])
    for pid in rs.agents(state, seat, ("bureau", "hospital")):
        if pid in moved:
            continue
        if rs.section_of(state, pid) == "hospital" and not rs.can_leave_hospital(state, pid):
            continue
        yield Deploy(pid, "field")
    for pid in rs.agents(state, seat, ("field",)):
        if pid not in moved and rs.health(state, pid) < 2 and rs.damage(state, pid) > 0:
            yield Deploy(pid, "hospital")
    for pid in hand_of(state, seat):
        if rs.pinfo(state, pid).kind == "agent":
            a = Hire(pid, "field")
            if not rs.check(state, a, seat):
                yield a


def _gen_sites(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    if len(state.rules.get("site_names") or []) >= 2:
        return
    for pid in hand_of(state, seat):
        if rs.pinfo(state, pid).kind != "site":
            continue
        for opp in rs.opponents(state, seat):
            a = PlaceSite(pid, opp)
            if not rs.check(state, a, seat):
                yield a


def _gen_bluffs(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    sites = [p for p in state.rules.get("sites") or {} if p in state.pieces
             and state.zones[state.pieces[p].zone].kind == "field"]
    hand = hand_of(state, seat)
    if not sites:
        return
    cp = rs._pool_of(state, seat, "cp")
    # per card of the hand, whether it goes beneath a Site (the same for every Site): a real Bluff it can pay for,
    # or a Site given up as a fake one when the hand is full
    ok = []
    for pid in hand:
        info = rs.pinfo(state, pid)
        if ("BLUFF" in info.keywords and max(0, (info.cost or 0) - 1) <= cp) or (len(hand) > 6 and info.kind == "site"):
            ok.append(pid)
    for site in sites:
        if len(state.attached(site)) >= 2:
            continue
        for pid in ok:
            yield PlaceBluff(pid, site)


def _gen_assign(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    used = set(state.rules.get("used") or [])
    everyone = rs.agents(state, seat, ("field",))
    field = [p for p in everyone if p not in used]
    if state.rules.get(AGAIN):  # Agents allowed a second Site this turn: each Site its own Team
        yield from _gen_again(rs, state, seat, everyone)
        return
    if not field:
        return
    skills: dict[str, int] = {}

    def team(skill: str) -> int:  # the Team's skill, found once per skill for every Site of the listing
        found = skills.get(skill)
        if found is None:
            found = skills[skill] = rs.team_skill(state, field, skill)
        return found

    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        options = rs.pinfo(state, site).prerequisite
        if len(options) > 1:
            best = max(options, key=lambda o: team(o[0]) - o[1])[0]
        else:  # one option is the best, found without the Team's skill
            best = options[0][0] if options else ""
        yield Investigate(site, tuple(field), best)


def _gen_again(rs: XFilesCCG, state: GameState, seat: int, everyone: list[str]) -> Iterator[Action]:
    """The Teams the bots send when some Agents may investigate a second Site (in the same state): every Agent
    free for each Site, with its best prerequisite skill."""
    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        team = free_for(state, everyone, rs.pinfo(state, site).name)
        options = rs.pinfo(state, site).prerequisite
        if team:
            best = max(options, key=lambda o: rs.team_skill(state, team, o[0]) - o[1])[0] if options else ""
            yield Investigate(site, tuple(team), best)


def _gen_reveal(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    pending = state.rules.get("bluffs") or []
    if not pending:
        return
    pid = pending[0]
    for pay in bluff_payments(rs, state, seat, pid):
        if not rs.check(state, pay, seat):
            yield pay
    yield ResolveBluff(pid, False)


def bluff_payments(rs: XFilesCCG, state: GameState, seat: int, pid: str) -> list[ResolveBluff]:
    """Each way to pay for a revealed Bluff: its Cost, or each X its owner's [CP] pool can pay for an X Cost
    ("2X CP", X the cards it discards)."""
    info = rs.pinfo(state, pid)
    if info.cost is not None:
        return [ResolveBluff(pid, True)]
    have = rs._pool_of(state, seat, "cp")
    top = max(0, have - info.cost_extra) // max(1, info.cost_mult)
    return [ResolveBluff(pid, True, x) for x in range(0, min(top, _MOST_X) + 1)]


def _gen_window(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    yield from rs.suggestion_actions(state, seat)
    words = None
    tokens = None
    for pid in hand_of(state, seat):
        info = rs.pinfo(state, pid)
        if info.kind in _NOT_PLAYED:
            continue
        if tokens is None:  # whether pool tokens may help pay (`card_pools`), found once for the whole hand
            tokens = rs._any_trait(state, seat, "card_pool")
        for choice in range(1, len(info.alternatives) + 1) if info.alternatives else (0,):
            a = PlayCard(pid, choice=choice)
            if not rs.can_pay(state, a, seat, info, tokens):  # the card's data read once for every question
                continue
            # `rs.check(state, a, seat)` is the gate, timing and hand checks (all passed: it is `seat`'s decision in
            # this step, the card in its hand) and these; the words in effect are read only by a card's activators
            if words is None and info.activators:
                words = rs.in_effect(state, seat)
            if not rs.play_problems(state, a, seat, words if info.activators else _NO_WORDS, quick=True):
                yield a


def _gen_damage(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    combat = state.rules.get("combat") or {}
    split = combat and may_split(combat, standing(rs, rs.pinfo(state, combat["adversary"]).ref, "split_damage"))
    for pid in rs.combatants(state):
        yield AssignDamage(pid)
        if split and (combat.get("pending") or {}).get("adversary", 0) > 1:
            yield AssignDamage(pid, 1)


def _gen_question(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    ctx = rs.question_context(state, seat)
    if not ctx:
        return
    opp, asked = rs.notes_about(state, seat, ctx["about"])
    known = opp["known"] if opp else {}
    for q in rs.question_options(state, seat, skip=lambda kind, value: kind in known or (kind, value) in asked):
        yield Ask(q["token"])
    cands = {c["name"] for c in (opp["candidates"] if opp else [])}
    for g in rs.guess_options(state, seat, names=cands):
        yield Guess(g["token"])


def _gen_debrief(rs: XFilesCCG, state: GameState, seat: int) -> Iterator[Action]:
    hand = hand_of(state, seat)
    extra = len(hand) - rs.hand_max(state, seat)
    if extra > 0:
        yield Discard(tuple(hand[-extra:]))
        yield Discard(tuple(hand[:extra]))


GENERATORS: dict[str, Callable[..., Iterator[Action]]] = {
    "draw": _gen_draw, "buy": _gen_buy, "sell": _gen_buy, "requisition": _gen_requisition,
    "deployment": _gen_deployment, "sites": _gen_sites, "bluffs": _gen_bluffs, "assign": _gen_assign,
    "reveal": _gen_reveal, "check": _gen_window, "aftermath": _gen_window, "damage": _gen_damage,
    "question": _gen_question, "penalty": _gen_question, "debrief": _gen_debrief,
}
