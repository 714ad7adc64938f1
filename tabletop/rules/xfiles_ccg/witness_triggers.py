"""A Witness whose text waits for a card its opponent plays while it is in play ("If your opponent plays a GOVERNMENT
Adversary while this card is in play, X is negated and removed from the game"): in play is in a section (a RESOURCE
Witness, one with Health beside its Team: `CcgText.played_triggers` finds those), on the chain, or with its modifier
in the skill check under way (it resolved into the Discard, its effect still applied): those two are found here.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState

__all__ = ["FOE_PLAYED", "chain_triggers"]

#: the condition that marks these abilities: `{foe_played: {type, keyword, keyword_all, name}}`
FOE_PLAYED = "foe_played"


def chain_triggers(rs: Any, state: GameState, tx: Tx, played: str) -> None:
    """`played` was played: the Witnesses on the chain or modifying the check whose text waits for it apply."""
    check = state.rules.get("check") or {}
    found = [e.get("piece") for e in state.rules.get("chain") or ()]
    found += [m.get("source") for m in check.get("mods") or ()]
    for pid in dict.fromkeys(p for p in found if p in state.pieces and p != played):
        if state.zones[state.pieces[pid].zone].kind in ("bureau", "field") or \
                "event:played" not in rs.traits(state.pieces[pid].card):
            continue
        seat = next((e.get("seat") for e in state.rules.get("chain") or () if e.get("piece") == pid),
                    state.pieces[pid].owner)
        for ability in rs.card_text(state.pieces[pid].card).when("event:played"):
            if any(name == FOE_PLAYED for name, _ in ability.conditions) and \
                    rs.effects.holds(state, ability, seat, pid, played=played):
                rs.effects.count(state, tx, engine=True)
                rs.effects.run(state, tx, ability, seat, pid, {}, played=played)
