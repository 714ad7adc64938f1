"""Activators a card provides: "Play this card to provide the keywords necessary to play any one Keyword ALIEN
Adversary". The card's step `provide` notes the provision in the rule state (`provided`, the turn's); the play check
then lets that seat play one card of the kind (and Keyword) named whatever Keywords its Activators ask for in play,
and the play spends the provision. ACTIVE and CONSPIRACY, which say who plays a card, stay asked for.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState
from .waivers import waived_missing

__all__ = ["KEY", "halved", "provided_missing", "spend_provision"]

#: the rule state key of the provisions this turn: [{seat, type, keyword}]
KEY = "provided"
#: the Activators no provision stands in for: they say which side plays a card
_SIDES = ("ACTIVE", "CONSPIRACY")


def _fits(rs: Any, state: GameState, entry: dict[str, Any], seat: int, pid: str) -> bool:
    info = rs.pinfo(state, pid)
    if entry.get("seat") != seat or (entry.get("type") and info.kind != str(entry["type"]).casefold()):
        return False
    wanted = [str(k).casefold() for k in entry.get("keyword") or ()]
    return not wanted or any(w in rs.keywords_of(state, pid) for w in wanted)


def provided_missing(rs: Any, state: GameState, seat: int, pid: str, missing: list[str]) -> list[str]:
    """The Activators `pid` still lacks for `seat` once a provision of this turn stands in for the others."""
    found = state.rules.get(KEY)
    if not found or not missing or not any(_fits(rs, state, e, seat, pid) for e in found):
        return missing
    return [m for m in missing if m.upper() in _SIDES]


def halved(rs: Any, state: GameState, seat: int, pid: str) -> bool:
    """Whether `seat` plays `pid` for half its cost: a provision of this turn that also halves the cost ("Additionally,
    the Adversary's cost is halved (rounded up)") fits it; the first such card played spends it."""
    return any(e.get("half") and _fits(rs, state, e, seat, pid) for e in state.rules.get(KEY) or ())


def spend_provision(rs: Any, state: GameState, seat: int, pid: str, tx: Tx) -> None:
    """A card played with a provision's help, or for the half cost one gives, spends it (one card each)."""
    found = list(state.rules.get(KEY) or ())
    if not found:
        return
    half = next((i for i, e in enumerate(found) if e.get("half") and _fits(rs, state, e, seat, pid)), None)
    if half is not None:
        found.pop(half)
        tx.set_rule(KEY, found) if found else tx.del_rule(KEY)
        return
    words = rs.in_effect(state, seat)
    missing = waived_missing(rs, state, pid, [act for act in rs.pinfo(state, pid).activators if act not in words])
    if not missing or provided_missing(rs, state, seat, pid, missing) == missing:
        return
    i = next(i for i, e in enumerate(found) if _fits(rs, state, e, seat, pid))
    found.pop(i)
    tx.set_rule(KEY, found) if found else tx.del_rule(KEY)
