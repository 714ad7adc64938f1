"""Agents allowed a second investigation in one turn ("If the Team makes a CRIMINAL INVESTIGATION 5+ skill check,
they may investigate two Sites in the same state this turn"): rule state `again`, {agent: the state its next Site
must be in, or "" for any}, cleared with the turn; an Agent that uses it leaves it."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.reducer import Tx
from ...core.state import GameState

__all__ = ["KEY", "free_for", "may_again", "site_state", "spend_again"]

#: the rule state key: {agent piece: state ("ID", "" for any)}
KEY = "again"


def site_state(name: str) -> str:
    """The state a Site is in, the last part of its name ("Fairfield Zoo, Fairfield, ID" -> "ID")."""
    return name.rsplit(",", 1)[-1].strip().casefold() if "," in name else ""


def may_again(state: GameState, pid: str, site_name: str) -> bool:
    """Whether Agent `pid`, already in an investigation this turn, may investigate the Site named `site_name`."""
    again = state.rules.get(KEY) or {}
    if pid not in again:
        return False
    wanted = str(again[pid])
    return not wanted or site_state(site_name) == wanted


def free_for(state: GameState, agents: Iterable[str], site_name: str) -> list[str]:
    """Of `agents`, those who may investigate the Site named `site_name` now: in no investigation yet this turn,
    or allowed a second one there."""
    used = set(state.rules.get("used") or [])
    return [p for p in agents if p not in used or may_again(state, p, site_name)]


def spend_again(state: GameState, tx: Tx, agents: Iterable[str]) -> None:
    """Agents sent to a second Site: their second investigation is used."""
    again = state.rules.get(KEY) or {}
    used = set(state.rules.get("used") or [])
    left = {p: s for p, s in again.items() if not (p in used and p in agents)}
    if left != again:
        tx.set_rule(KEY, left) if left else tx.del_rule(KEY)
