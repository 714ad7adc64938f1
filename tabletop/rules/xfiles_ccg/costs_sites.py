"""What a card costs where it is played, words of the `sites` block for `cost_at`'s `when`: "This card is free if played on a
Team that includes Ada Vance" (`team_named`), "... if played on a Keyword FEVER card" (`on_kw`: the Site under check
or an Agent of its Team), "If your opponent has correctly guessed two of your X-File's characteristics, the cost to
play this card is 3 [CP]" (`guessed`). Read by `waivers` where a card is paid, listed and its Activators asked for;
each function reads the cards and the table through the `TableReads` it is given (`readers.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from .table import owner
from .vocab_agents import named
from .vocab_reads import standing

if TYPE_CHECKING:
    from .readers import TableReads

__all__ = ["WHEN_KEYS", "combat_cheaper", "holds_here"]

#: the keys of a `when` this module reads
WHEN_KEYS = ("team_named", "on_kw", "guessed")


def _team(table: TableReads, state: GameState) -> list[str]:
    check = state.rules.get("check") or {}
    return [p for p in check.get("team", ()) if p in state.pieces and table.section_of(state, p) != "hospital"]


def holds_here(table: TableReads, state: GameState, when: dict[str, Any], pid: str | None) -> bool:
    """Whether this module's words of `when` hold for `pid` at the Site under check (those it does not say: yes)."""
    if when.get("team_named") and not any(named(table, state, p, when["team_named"]) for p in _team(table, state)):
        return False
    if when.get("on_kw"):
        site = (state.rules.get("check") or {}).get("site")
        wanted = [str(k).casefold() for k in when["on_kw"]]
        if not any(w in table.keywords_of(state, p) for p in (site, *_team(table, state)) if p in state.pieces
                   for w in wanted):
            return False
    return not when.get("guessed") or (pid is not None and _guessed(table, state, pid) >= int(when["guessed"]))


def _guessed(table: TableReads, state: GameState, pid: str) -> int:
    """How many characteristics of its player's X-File one opponent asked about with the answer yes (the most any
    one opponent has)."""
    mine = owner(state, pid)
    best = 0
    for seat, rows in (state.rules.get("answers") or {}).items():
        if str(seat) == str(mine):
            continue
        kinds = {r.get("kind") for r in rows if r.get("about") == mine and r.get("kind") and r.get("answer")}
        best = max(best, len(kinds))
    return best


def combat_cheaper(table: TableReads, state: GameState, seat: int, pid: str, base: int) -> int:
    """`base`, less what the Adversary fighting says of its player's Combat cards ("The Dark Angel can play all
    combat cards for one [CP] less"): a Combat card `seat` plays from that pool in its Combat."""
    combat = state.rules.get("combat") or {}
    adv = combat.get("adversary")
    if adv not in state.pieces or combat.get("owner") != seat:
        return base
    terms = standing(table, state.pieces[adv].card, "combat_cheaper")
    info = table.pinfo(state, pid) if terms else None
    if info is None or info.kind != "combat":
        return base
    pool = table.pay_pool(state, info, seat)
    for term in terms:
        if str(term.get("pool", pool)).casefold() == pool:
            base = max(0, base + int(term.get("add", 0)))
    return base
