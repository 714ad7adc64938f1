"""Equipment that wards its Agent from Adversaries of a Keyword: "OCCULT Adversaries may not assign damage to this
Agent unless there are no other eligible targets", "If the Agent is the only eligible target then the damage from
OCCULT Adversaries is halved", "Subtract one point from each damaging hit caused by an OCCULT CREATURE", "OCCULT
Adversaries may not play combat cards on Agents equipped with a Mojo Bag".

An Equipment's standing `ward` is `{keyword: [...], all, shun | half | minus: N | no_cards}`: it holds against the
Adversary in Combat with one of the Keywords (`all`: every one of them). Read where the Adversary's damage is
assigned (the check and the listing), where it hits (`combat_text.hit`) and where a Combat card's target is chosen
(the selector `combatant`).
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState
from .statics import standing

__all__ = ["barred_card", "shunned", "warded_hit"]


def _wards(rs: Any, state: GameState, agent: str, what: str) -> list[dict[str, Any]]:
    """The `ward`s of `agent`'s Equipment that say `what` and hold against the Adversary in Combat."""
    adv = (state.rules.get("combat") or {}).get("adversary")
    if adv not in state.pieces or agent not in state.pieces or not state.attached(agent):
        return []
    out = []
    kws = None
    for gear in state.attached(agent):
        for ward in standing(rs, state.pieces[gear].card, "ward"):
            if not ward.get(what):
                continue
            kws = rs.keywords_of(state, adv) if kws is None else kws
            wanted = [str(k).casefold() for k in ward.get("keyword") or ()]
            if wanted and (all if ward.get("all") else any)(w in kws for w in wanted):
                out.append(ward)
    return out


def shunned(rs: Any, state: GameState, agent: str) -> bool:
    """Whether the Adversary may not assign its damage to `agent` now: warded from it, while another combatant
    is not."""
    if not _wards(rs, state, agent, "shun"):
        return False
    return any(p != agent and not _wards(rs, state, p, "shun") for p in rs.combatants(state))


def warded_hit(rs: Any, state: GameState, agent: str, amount: int) -> int:
    """`amount` of the Adversary's damage to `agent`, as its wards change it: halved (rounded up; a warded Agent is
    hit only when it is the only eligible target), less a point for each hit."""
    if amount <= 0:
        return amount
    for _ward in _wards(rs, state, agent, "half"):
        amount = (amount + 1) // 2
    return max(0, amount - sum(int(w["minus"]) for w in _wards(rs, state, agent, "minus")))


def barred_card(rs: Any, state: GameState, seat: int, agent: str) -> bool:
    """Whether a Combat card of `seat`'s may not be played on `agent`: `seat` plays the Adversary it is warded
    from."""
    combat = state.rules.get("combat") or {}
    return combat.get("owner") == seat and bool(_wards(rs, state, agent, "no_cards"))
