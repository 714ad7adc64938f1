"""Costs a card changes at a Site: "Play this card to increase the cost of all [RP] cards played at this Site by 1",
"... all Witnesses played at this Site by 2 [RP]", "reduce the [CP] Cost of all Keyword SUBTERFUGE cards played at
this Site by 1", "decrease the cost of the first Adversary card you play in this Site by two", and a Site's own
"Bluffs played at this Site cost 1 additional [CP]", "The printed cost of any Bluff played at this Site is halved".

A card's step `site_cost` notes a change for the Site under check (rule state `cost_mods`, the turn's); a Site's
standing `site_cost` is its own. What a card costs at that Site is read where it is paid and where the listing asks
whether it can be (`cost_at_site`); a Bluff revealed beneath it pays its changed printed Cost less one
(`bluff_cost_at_site`, over `bluff_cost`). Each reads the cards and the table through the `TableReads` it is given
(`readers.py`): the table part (`reading.can_pay`), or the ruleset, which binds the same answers (the checks, the
reducers, the bots' listing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.state import GameState
from .costs_sites import combat_cheaper
from .provisions import KEY as PROVIDED
from .provisions import halved
from .table import owner
from .vocab_reads import standing
from .waivers import own_cost

if TYPE_CHECKING:
    from .readers import TableReads

__all__ = ["KEY", "bluff_cost", "bluff_cost_at_site", "cost_at_site", "spend_cost_mods"]

#: the rule state key of the changes cards made this turn: [{site, seat, kind, pool, keyword, add, half, first, who}]
KEY = "cost_mods"


def _mods(table: TableReads, state: GameState) -> list[dict[str, Any]]:
    """The changes in force at the Site under check: the cards' (this turn's) and the Site's own text's."""
    site = (state.rules.get("check") or {}).get("site")
    if site is None:
        return []
    out = [m for m in state.rules.get(KEY) or () if m.get("site") == site and not m.get("spent")]
    if site in state.pieces:
        out += [dict(m, own=True) for m in standing(table, state.pieces[site].card, "site_cost")]
    return out


def _fits(table: TableReads, state: GameState, mod: dict[str, Any], seat: int, pid: str) -> bool:
    info = table.pinfo(state, pid)
    if mod.get("kind") and info.kind != str(mod["kind"]).casefold():
        return False
    if mod.get("pool") and (info.pool or "").casefold() != str(mod["pool"]).casefold():
        return False
    if mod.get("who") == "you" and mod.get("seat") != seat:
        return False
    if mod.get("activator") and str(mod["activator"]).casefold() not in {a.casefold() for a in info.activators}:
        return False
    words = [str(k).casefold() for k in mod.get("keyword") or ()]
    return not words or any(w in table.keywords_of(state, pid) for w in words)


def _apply(mods: list[dict[str, Any]], base: int) -> int:
    cost = base
    for mod in mods:
        if mod.get("half"):
            cost = (cost + 1) // 2
        if mod.get("double"):  # "double the [RP] cost of any Keyword ACTIVE card played at this Site"
            cost *= 2
        cost += int(mod.get("add", 0))
    return max(0, cost)


def cost_at_site(table: TableReads, state: GameState, seat: int, pid: str, base: int) -> int:
    """What `seat` pays for `pid` (its printed or X Cost `base`) at the Site under check, or as a card in play
    lets it ("the Witness card X may be played for free", "for Cost minus 1 RP if Witness Y is in play")."""
    if "cost_at" in table.traits(state.pieces[pid].card):  # "The cost to play this card is 3 [CP] if ..."
        base = own_cost(table, state, pid, base)
    base = _named_in_play(table, state, pid, base)
    base = combat_cheaper(table, state, seat, pid, base)  # "The Dark Angel can play all combat cards for one [CP] less"
    if state.rules.get(PROVIDED) and halved(table, state, seat, pid):  # "the Adversary's cost is halved (rounded up)"
        base = (base + 1) // 2
    if not state.rules.get(KEY) and not _site_trait(table, state):
        return base
    return _apply([m for m in _mods(table, state) if _fits(table, state, m, seat, pid)], base)


def _named_in_play(table: TableReads, state: GameState, pid: str, base: int) -> int:
    """`base`, less what the card's own "cheaper_if" says while the card it names is in play, or 0 when a card in
    play "frees" it by name. In play: in a section, on the chain, or its modifier in the check (a Witness)."""
    ref = state.pieces[pid].card
    own = standing(table, ref, "cheaper_if")
    chain = [e.get("piece") for e in state.rules.get("chain") or ()]
    mods = [m.get("source") for m in (state.rules.get("check") or {}).get("mods") or ()]
    freeing = any(table.any_trait(state, s, "frees") for s in state.seats) or any(
        "frees" in table.traits(state.pieces[p].card) for p in (*chain, *mods) if p in state.pieces)
    if not own and not freeing:
        return base
    names = _in_play_names(table, state, pid, chain, mods)
    title = table.info(ref).name.casefold()
    if freeing and any(str(f.get("name", "")).casefold() == title for p, _ in names
                       for f in standing(table, state.pieces[p].card, "frees")):
        return 0
    for cut in own:
        if any(str(cut.get("name", "")).casefold() == name for _, name in names):
            base = max(0, base + int(cut.get("add", 0)))
    return base


def _in_play_names(table: TableReads, state: GameState, pid: str, chain: list[Any], mods: list[Any]) -> list[tuple[str, str]]:
    found = [p for p in (*chain, *mods) if p in state.pieces and p != pid]
    for zone in state.zones.values():
        if zone.kind in ("bureau", "field", "hospital"):
            found += [p for p in zone.pieces if p != pid and state.pieces[p].face_up]
    return [(p, table.pinfo(state, p).name.casefold()) for p in dict.fromkeys(found)]


def bluff_cost(info: Any, x: int = 0) -> int:
    """What a revealed Bluff's owner pays: its Cost less 1, or the X chosen for an X Cost."""
    return info.x_cost(x) if info.cost is None else max(0, (info.cost or 0) - 1)


def bluff_cost_at_site(table: TableReads, state: GameState, pid: str, info: Any, x: int = 0) -> int:
    """What a Bluff revealed beneath the Site costs its owner: its Cost, as changed at the Site, less 1."""
    base = info.x_cost(x) if info.cost is None else int(info.cost or 0)
    if not state.rules.get(KEY) and not _site_trait(table, state):
        return bluff_cost(info, x)
    seat = owner(state, pid)
    changed = _apply([m for m in _mods(table, state) if _fits(table, state, m, seat, pid)], base)
    return changed if info.cost is None else max(0, changed - 1)


def spend_cost_mods(table: TableReads, state: GameState, seat: int, pid: str, tx: Tx) -> None:
    """A change for the first such card only ("the first Adversary card you play") is spent by that card."""
    found = list(state.rules.get(KEY) or ())
    site = (state.rules.get("check") or {}).get("site")
    hit = [i for i, m in enumerate(found) if m.get("first") and not m.get("spent") and m.get("site") == site
           and _fits(table, state, m, seat, pid)]
    if hit:
        for i in hit:
            found[i] = {**found[i], "spent": True}
        tx.set_rule(KEY, found)


def _site_trait(table: TableReads, state: GameState) -> bool:
    site = (state.rules.get("check") or {}).get("site")
    return site in state.pieces and "site_cost" in table.traits(state.pieces[site].card)
