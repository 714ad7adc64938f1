"""An Agent that helps a skill check from another section of the table (the `barred` block): "If Agent Kautz is in the Bureau, he
may contribute to any EVIDENCE COLLECTION skill check that is occurring in another section of the table" (standing
`remote_skill` `{skill, from}`). Its skill is added to the checks of that skill its player's Teams make (a Site's and
the checks a card forces) while it is in that section, not in the Team, and free to contribute this turn. Read by the table part (`reading.check_total`, handing itself) and the vocabulary's check
total (`ctx.ruleset`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.state import GameState
from .data import canonical_skill
from .statics import standing
from .wounds_sites import OUT_TURN

if TYPE_CHECKING:
    from .readers import TableReads

__all__ = ["remote_help"]


def remote_help(table: TableReads, state: GameState, team: Iterable[str], skill: str) -> int:
    """What the Agents of the Team's player helping from another section add to its check of `skill`."""
    members = [p for p in team if p in state.pieces]
    if not members or not skill:
        return 0
    seat = state.pieces[members[0]].owner
    wanted = canonical_skill(skill) or skill
    total = 0
    turn = state.rules.get("turn", 1)
    for kind in ("bureau", "field", "hospital"):
        zone = state.zones.get(f"{kind}:{seat}")
        for pid in zone.pieces if zone is not None else ():
            if pid in members or "remote_skill" not in table.traits(state.pieces[pid].card):
                continue
            if state.pieces[pid].counters.get(OUT_TURN) == turn:
                continue
            if any((canonical_skill(h["skill"]) or h["skill"]) == wanted and h.get("from") == kind
                   for h in standing(table, state.pieces[pid].card, "remote_skill")):
                total += table.agent_skill(state, pid, wanted)
    return total
