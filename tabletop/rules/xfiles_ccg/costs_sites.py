"""What a card costs where it is played, the s16sites words of `cost_at`'s `when`: "This card is free if played on a
Team that includes Ada Vance" (`team_named`), "... if played on a Keyword FEVER card" (`on_kw`: the Site under check
or an Agent of its Team), "If your opponent has correctly guessed two of your X-File's characteristics, the cost to
play this card is 3 [CP]" (`guessed`). Read by `waivers` where a card is paid, listed and its Activators asked for.
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState
from .vocab_agents import named

__all__ = ["WHEN_KEYS", "holds_here"]

#: the keys of a `when` this module reads
WHEN_KEYS = ("team_named", "on_kw", "guessed")


def _team(rs: Any, state: GameState) -> list[str]:
    check = state.rules.get("check") or {}
    return [p for p in check.get("team", ()) if p in state.pieces and rs.section_of(state, p) != "hospital"]


def holds_here(rs: Any, state: GameState, when: dict[str, Any], pid: str | None) -> bool:
    """Whether this module's words of `when` hold for `pid` at the Site under check (those it does not say: yes)."""
    if when.get("team_named") and not any(named(rs, state, p, when["team_named"]) for p in _team(rs, state)):
        return False
    if when.get("on_kw"):
        site = (state.rules.get("check") or {}).get("site")
        wanted = [str(k).casefold() for k in when["on_kw"]]
        if not any(w in rs.keywords_of(state, p) for p in (site, *_team(rs, state)) if p in state.pieces
                   for w in wanted):
            return False
    return not when.get("guessed") or (pid is not None and _guessed(rs, state, pid) >= int(when["guessed"]))


def _guessed(rs: Any, state: GameState, pid: str) -> int:
    """How many characteristics of its player's X-File one opponent asked about with the answer yes (the most any
    one opponent has)."""
    owner = rs._owner(state, pid)
    best = 0
    for seat, rows in (state.rules.get("answers") or {}).items():
        if str(seat) == str(owner):
            continue
        kinds = {r.get("kind") for r in rows if r.get("about") == owner and r.get("kind") and r.get("answer")}
        best = max(best, len(kinds))
    return best

