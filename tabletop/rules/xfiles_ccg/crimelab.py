"""Access to the Field Office Crime Lab: a Site whose prerequisite reads "Special Equipment required or discard a
Witness card from your hand" is investigated by a Team with an Agent who has access, or by its player discarding a
Witness from his hand.

Access is a card's standing `crime_lab`: an Equipment's ("Agents equipped with a Spectrograph have access to the
field office crime lab", `{by: holder}`) gives it to the Agent it is attached to; an Agent's own ("Agent Ray Tull
has access to the Field Office Crime Lab", `{by: self}`) to that Agent. Read where the Investigation is checked
(`xfc.crime_lab`), listed, begun (the Witness named is discarded) and where the skill check is resolved (an Agent
with access must still be out of the Hospital, unless a Witness was discarded).

The functions read the cards alone, through `cards` (`readers.CardReads`: the card part, or the table part or the
ruleset, which bind the same answers); `lab_problems` also words its violation with the ruleset's `ref`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .statics import standing
from .steps import v as _v
from .table import section_of

if TYPE_CHECKING:
    from .readers import CardReads

__all__ = ["KEY", "lab_problems", "lab_site", "lab_witnesses", "lab_short", "team_access"]

#: the check's key: a Witness was discarded from the hand for the Crime Lab's prerequisite
KEY = "lab_witness"


def lab_site(cards: CardReads, state: GameState, site: str | None) -> bool:
    """Whether the Site's prerequisite asks for access to the Field Office Crime Lab ("Special Equipment
    required")."""
    return site in state.pieces and cards.pinfo(state, site).crime_lab


def has_access(cards: CardReads, state: GameState, agent: str) -> bool:
    """Whether the Agent has access: its own text, or an Equipment attached to it says so."""
    if any(a.get("by") == "self" for a in standing(cards, state.pieces[agent].card, "crime_lab")):
        return True
    return any(a.get("by") == "holder" for gear in state.attached(agent)
               for a in standing(cards, state.pieces[gear].card, "crime_lab"))


def team_access(cards: CardReads, state: GameState, team: Any) -> bool:
    """Whether an Agent of the Team, out of the Hospital, has access."""
    return any(p in state.pieces and section_of(state, p) != "hospital" and has_access(cards, state, p) for p in team)


def lab_witnesses(cards: CardReads, state: GameState, seat: int, site: str, team: Any) -> list[str] | None:
    """The Witnesses `seat` may discard from his hand to investigate `site` with `team` (one of each card); None
    when none is needed (no Crime Lab, or an Agent with access)."""
    if not lab_site(cards, state, site) or team_access(cards, state, team):
        return None
    out: dict[str, str] = {}
    for pid in state.zones[f"hand:{seat}"].pieces:
        if cards.pinfo(state, pid).kind == "witness":
            out.setdefault(state.pieces[pid].card, pid)
    return list(out.values())


def lab_problems(rs: Any, state: GameState, site: str, team: Any, witness: str | None,
                 seat: int | None) -> list[Violation]:
    """`xfc.crime_lab`: the Crime Lab investigated with no Agent of access and no Witness discarded, or a Witness
    named that is not one in the player's hand (or named when an Agent has access)."""
    if seat is None:
        return []
    wanted = lab_witnesses(rs, state, seat, site, team)
    if wanted is None:
        if witness:
            return [_v("xfc.crime_lab", "xfc.investigation.3", "a Witness is discarded for the Field Office Crime "
                       "Lab only by a Team with no Agent who has access to it", (witness,), seat)]
        return []
    in_hand = witness in state.pieces and state.pieces[witness].zone == f"hand:{seat}"
    if not witness or not in_hand or rs.pinfo(state, witness).kind != "witness":
        return [_v("xfc.crime_lab", "xfc.investigation.3", f"{rs.ref(state, site)} needs an Agent with access to "
                   "the Field Office Crime Lab in the Team, or a Witness discarded from your hand", (site,), seat)]
    return []


def lab_short(cards: CardReads, state: GameState, check: dict[str, Any]) -> str | None:
    """What the resolved check lacks for the Crime Lab's prerequisite (None: nothing)."""
    site = check.get("site")
    if check.get(KEY) or not lab_site(cards, state, site) or team_access(cards, state, check.get("team", ())):
        return None
    return "no Agent with access to the Field Office Crime Lab"
