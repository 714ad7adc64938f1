"""What a Site costs its player to place, as an Agent of theirs in the Field says: "If Agent Ada Vance is in the
Field, all Site cards with Keyword OCCULT INVESTIGATION or ALIEN INVESTIGATION may be played for 1 [RP] less" (the
Agent's standing `sites_cheaper`, `{name, keyword, add}`; the name is the Agent's own). Read by `vocab_agents.site_cost`,
where the Site is paid, checked and listed.
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState
from .vocab_reads import standing

__all__ = ["any_cheaper", "site_cost_less"]

#: words of a name that are no part of it ("Agent Ada Vance")
_TITLES = frozenset({"agent", "special", "dr", "doctor"})


def _is(rs: Any, state: GameState, pid: str, name: list[str]) -> bool:
    have = {w.strip(".,'\"").casefold() for w in rs.pinfo(state, pid).name.split()}
    want = {w.strip(".,'\"").casefold() for w in name} - _TITLES
    return bool(want) and want <= have


def any_cheaper(rs: Any, state: GameState, seat: int) -> bool:
    """Whether a card in `seat`'s Field makes Sites cheaper: each card's traits looked up here, without a call per
    card (`rs.traits`, for a card not read yet)."""
    zone = state.zones.get(f"field:{seat}")
    known, pieces = rs.known_traits(), state.pieces
    for pid in zone.pieces if zone is not None else ():
        ref = pieces[pid].card
        traits = known.get(ref)
        if traits is None:
            traits = rs.traits(ref)
        if "sites_cheaper" in traits:
            return True
    return False


def site_cost_less(rs: Any, state: GameState, seat: int, info: Any, cost: int) -> int:
    """`cost`, less what `seat`'s Agents in the Field take off placing the Site `info`."""
    if not any_cheaper(rs, state, seat):
        return cost  # no card in the Field says so (most tables): asked of every Site a listing offers
    have = None  # the Site's Keywords, read for the first Agent whose text makes a Site cheaper (most have none)
    for agent in rs.agents(state, seat, ("field",)):
        for term in standing(rs, state.pieces[agent].card, "sites_cheaper"):
            if have is None:
                have = {str(k).casefold() for k in info.keywords}
            if _is(rs, state, agent, list(term.get("name") or ())) and \
                    any(str(k).casefold() in have for k in term.get("keyword") or ()):
                cost = max(0, cost + int(term.get("add", 0)))
    return cost
