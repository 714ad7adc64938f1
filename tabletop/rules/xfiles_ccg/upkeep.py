"""How the bots keep their hand and pools playable: what a Briefing buys, sells and a Debriefing discards, and
which Site goes first.

Seeded self-play of real decks ran into the 100-turn cap with a seat that bought cards with every [RP] it had (so it
never kept what its Sites and Equipment cost: no Site placed, an Agent never healed) or whose hand filled with cards
it could never pay for (a Debriefing that cut only the newest card kept them for the rest of the game). A person
keeps the [RP] their hand needs and discards what they cannot play; the listing offers that first, so the greedy
bot (the first move listed) does it too. Each function is given the move lister (`mv`, the `Moves` part of
`moves.py`), as the generators are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.state import GameState
from .actions import Discard, Pass
from .sites_placed import any_cheaper
from .table import pool_of
from .vocab_agents import site_cost
from .vocab_decks import hand_max

if TYPE_CHECKING:
    from .moves import Moves

__all__ = ["debrief_discards", "rp_kept", "sites_first", "sold_last", "unpayable"]

#: the kinds of card `rp_kept` keeps [RP] for
_KEPT_FOR = ("site", "equipment")


def rp_kept(mv: Moves, state: GameState, seat: int) -> int:
    """The [RP] `seat`'s Briefing keeps instead of buying cards: what the two cheapest Sites of its hand (of two
    titles, as one turn places them, xfc.case.3) and its cheapest Equipment cost."""
    sites: dict[str, int] = {}
    gear: list[int] = []
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    cheaper = None
    for pid in state.zones[f"hand:{seat}"].pieces:
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)
        if info.kind == "site" and info.pool != "CP":
            if cheaper is None:  # whether a card in the Field makes Sites cheaper, asked once for the hand
                cheaper = any_cheaper(mv.ruleset, state, seat)
            cost = site_cost(state, seat, info, mv.ruleset if cheaper else None)
            sites[info.name] = min(cost, sites.get(info.name, cost))
        elif info.kind == "equipment" and isinstance(info.cost, int):
            gear.append(info.cost)
    return sum(sorted(sites.values())[:2]) + min(gear, default=0)


def sold_last(mv: Moves, state: GameState, pids: Iterable[str]) -> list[str]:
    """The cards `pids` in the order they are offered for sale: the Sites and Equipment last (what `rp_kept` keeps
    [RP] for: the cards that win the game and heal its Agents), the others in their order."""
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    return sorted(pids, key=lambda p: (infos.get(pieces[p].card) or mv.info(pieces[p].card)).kind in _KEPT_FOR)


def sites_first(mv: Moves, state: GameState, seat: int, pids: Iterable[str]) -> list[str]:
    """The cards `pids` of `seat`'s hand with the Sites its Agents in the Field can meet first (a prerequisite
    option at most their skill, Bluffs and cards aside), the others in their order: the first Site placed is the
    one the Team investigates (an Agent joins one investigation a turn), so a Site it cannot meet no longer takes
    the turn of one it can. The Team's skills are read once each, and only for a hand holding such a Site."""
    infos, pieces = mv.known_infos(), state.pieces  # `mv.pinfo` of each card, its data looked up here
    field: list[str] | None = None
    skills: dict[str, int] = {}
    first: list[str] = []
    late: list[str] = []
    for pid in pids:
        ref = pieces[pid].card
        info = infos.get(ref) or mv.info(ref)  # type: ignore[arg-type]
        if info.kind == "site" and info.prerequisite:
            if field is None:
                field = mv.agents(state, seat, ("field",))
            for skill, need in info.prerequisite:
                have = skills.get(skill)
                if have is None:
                    have = skills[skill] = mv.team_skill(state, field, skill)
                if have >= need:
                    break
            else:  # no option the Team can meet
                late.append(pid)
                continue
        first.append(pid)
    return first + late


def unpayable(mv: Moves, state: GameState, seat: int, pid: str) -> bool:
    """Whether `seat` cannot pay for the card `pid` of its hand and may never: a [CP] card costing more than its
    [CP] pool holds ([CP] comes only from selling cards, which buying spends; [RP] comes from RES every Briefing)."""
    info = mv.pinfo(state, pid)
    return info.pool == "CP" and isinstance(info.cost, int) and info.cost > pool_of(state, seat, "cp")


def debrief_discards(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    """`seat`'s Discards at the Debriefing (xfc.debriefing.1), the useful one first: with a full hand, the cards it
    cannot pay for (over the hand's size, with its oldest other cards), then the hand cut to its size from its oldest
    or its newest cards; the pass where the hand is within its size (nothing at all when there is nothing to
    discard: the ruleset adds the pass)."""
    hand = list(state.zones[f"hand:{seat}"].pieces)
    extra = len(hand) - hand_max(mv.flow, state, seat)
    if extra < 0:
        return
    dead = [p for p in hand if unpayable(mv, state, seat, p)]
    if dead:
        rest = [p for p in hand if p not in dead]
        yield Discard(tuple(dead + rest[:max(0, extra - len(dead))]))
    if extra > 0:
        yield Discard(tuple(hand[:extra]))
        yield Discard(tuple(hand[-extra:]))
    elif dead:
        yield Pass()
