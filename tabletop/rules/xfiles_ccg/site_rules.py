"""What a card says of the cards played at the Site under check, for the turn: "Play to increase the applicable
HEALTH of all Keyword EVOLUTIONARY and PRIMORDIAL Adversaries played at this Site by 2", "Any Adversaries played at
this Site are shuffled back into your Bureau Deck instead of the Discard Pile".

A card's step `site_rule` (`{kind, keyword, health: N}` or `{kind, to_deck: true}`) notes the rule for the Site under
check in the rule state `site_rules` (the turn's: `{site, seat, ...}`). The Health rating of an Adversary there is
read with the rule (`reading.rating`, the table part, hands itself as the `TableReads`); an Adversary of the rule's
player played there goes to its Bureau Deck, shuffled, where it would go to the Discard Pile (`flow.to_discard`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Ctx
from .table import owner

if TYPE_CHECKING:
    from .readers import TableReads

__all__ = ["KEY", "health_more", "note_rule", "to_deck"]

#: the rule state key of the rules cards made this turn: [{site, seat, kind, keyword, health | to_deck}]
KEY = "site_rules"


def _here(table: TableReads, state: GameState, rule: dict[str, Any], pid: str) -> bool:
    """Whether the rule holds for `pid`: played at its Site (the Site under check), of its kind and Keywords."""
    if (state.rules.get("check") or {}).get("site") != rule.get("site"):
        return False
    info = table.pinfo(state, pid)
    if rule.get("kind") and info.kind != str(rule["kind"]).casefold():
        return False
    words = [str(k).casefold() for k in rule.get("keyword") or ()]
    return not words or any(w in table.keywords_of(state, pid) for w in words)


def health_more(table: TableReads, state: GameState, pid: str) -> int:
    """What the rules of the Site add to the Health rating of `pid`, an Adversary played there."""
    return sum(int(r.get("health", 0)) for r in state.rules.get(KEY) or () if r.get("health")
               and _here(table, state, r, pid))


def to_deck(table: TableReads, state: GameState, pid: str) -> bool:
    """Whether `pid`, on its way to the Discard Pile, goes to its Bureau Deck instead: a card of the rule's player
    played at its Site (on the chain, or the Adversary of the Combat under way)."""
    rules = [r for r in state.rules.get(KEY) or () if r.get("to_deck")]
    if not rules or pid not in state.pieces:
        return False
    played = state.zones[state.pieces[pid].zone].kind == "chain" or \
        (state.rules.get("combat") or {}).get("adversary") == pid
    seat = owner(state, pid)
    return played and any(r.get("seat") == seat and _here(table, state, r, pid) for r in rules)


def note_rule(ctx: Ctx, tx: Tx, args: Any) -> str:
    """The step `site_rule`: noted for the Site under check, for the turn."""
    site = (ctx.state.rules.get("check") or {}).get("site")
    if site is None:
        return "no Site under investigation: nothing noted"
    entry = {"site": site, "seat": ctx.seat, **{k: v for k, v in dict(args).items() if k != "words"}}
    tx.set_rule(KEY, [*(ctx.state.rules.get(KEY) or ()), entry])
    return f"at {ctx.name(site)} this turn: {args.get('words', 'a rule')}"
