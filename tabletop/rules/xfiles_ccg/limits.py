"""Copy limits a card's own text sets, so the deck check and the play checks can hold a card to what it says.

"Each player may only have one of this card in their deck" (the deck check, xfc.deck.5), "Only one of this card may
be in play at a time" and "Each player may have only one of this card in play" (a card played, requisitioned or
bought while another of its title is in play, xfc.chain.8), "You may have any number of Samantha Mulder cards in
play" (two of that Witness in one skill check, an exception to xfc.chain.4; two of that Agent, to xfc.deployment.5)
and "You may have up to five X cards in your deck" (an exception to xfc.deck.2). Each is a standing step of the
card's compiled text, `copy_limit: {count, in, whose, name}` (count None: any number).
"""

from __future__ import annotations

from typing import Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .steps import v as _v
from .vocab_reads import standing

__all__ = ["ANY", "deck_limit", "lifted_in_play", "play_limit_problems"]

#: what `deck_limit` answers for a card its text lets have any number of copies
ANY = -1
#: the zones whose cards are in play (an Equipment is in its Agent's; a card beside the X-File is in its zone)
_IN_PLAY = ("bureau", "field", "hospital", "xfile")


def _limits(rs: Any, ref: str | None, where: str) -> list[dict[str, Any]]:
    return [lim for lim in standing(rs, ref, "copy_limit") if lim.get("in") == where]


def _names(rs: Any, ref: str | None, limit: dict[str, Any]) -> bool:
    """Whether a limit speaks of the card itself: "this card", or a name its title holds ("Samantha Mulder")."""
    name = str(limit.get("name") or "").casefold()
    return not name or name in rs.info(ref).name.casefold()


def deck_limit(rs: Any, ref: str | None) -> int | None:
    """The copies of the card `ref` a deck may hold by its own text (`ANY` for any number), or None: the rules'."""
    for limit in _limits(rs, ref, "deck"):
        if _names(rs, ref, limit):
            return ANY if limit.get("count") is None else int(limit["count"])
    return None


def lifted_in_play(rs: Any, ref: str | None) -> bool:
    """Whether the card's text lets any number of it be in play ("You may have any number of X cards in play")."""
    return any(lim.get("count") is None and _names(rs, ref, lim) for lim in _limits(rs, ref, "play"))


def play_limit_problems(rs: Any, state: GameState, pid: str, seat: int | None) -> list[Violation]:
    """A card whose text allows one in play (a player's own, or anyone's), played while another of its title is."""
    ref = state.pieces[pid].card
    if "copy_limit" not in rs.traits(ref):
        return []
    out: list[Violation] = []
    title = rs.info(ref).name
    for limit in _limits(rs, ref, "play"):
        if limit.get("count") is None or not _names(rs, ref, limit):
            continue
        owners = None if limit.get("whose") == "any" else {seat}
        found = [q for q in _in_play(rs, state, owners) if q != pid and rs.pinfo(state, q).name == title]
        if len(found) >= int(limit["count"]):
            whose = "in play" if owners is None else "of yours in play"
            out.append(_v("xfc.copies_in_play", "xfc.chain.8", f"{title}: only {limit['count']} may be {whose}, "
                          "and one is", (pid,), seat))
    return out


def _in_play(rs: Any, state: GameState, owners: set[int | None] | None) -> list[str]:
    out = []
    for zone in state.zones.values():
        if zone.kind in _IN_PLAY and (owners is None or zone.owner in owners):
            out += [p for p in zone.pieces if state.pieces[p].face_up]
    return out + [e["piece"] for e in rs.chain(state) if e.get("piece") in state.pieces
                  and (owners is None or e.get("seat") in owners)]
