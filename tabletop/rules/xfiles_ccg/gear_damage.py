"""What the Equipment an Agent holds adds to its Combat damage, changed by a card's standing words (the `barred` block): an Agent's
"He may add 1 to any damage caused by EQUIPMENT card attached to him that have a CLOSE RANGE COMBAT or LONG RANGE
COMBAT modifier", an Adversary's "Apply -1 to any Equipment cards attached to the Team that modify LONG RANGE COMBAT or
CLOSE RANGE COMBAT". Read as a Combat round's damage is dealt (`combat.combat_damage`), from the card lookup alone
(`cards`: the card part, `readers.CardReads`: its `pinfo`, `traits` and `card_text`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from .statics import standing

if TYPE_CHECKING:
    from .readers import CardReads

__all__ = ["gear_damage"]

_ROUND_OF = {"Long Range Combat": "lrc", "Close Range Combat": "crc"}


def _gear_part(cards: CardReads, state: GameState, combat: dict[str, Any], host: str, skill: str) -> int:
    """The part of `host`'s damage its Equipment adds in a round of `skill`: its best item for that skill, not one
    jammed nor one used up earlier in the Combat ("once per combat")."""
    out = 0
    spent, jammed = set(combat.get("gear_spent") or ()), set(combat.get("jammed") or ())
    for q in state.attached(host):
        info = cards.pinfo(state, q)
        if info.kind == "equipment" and q not in spent and q not in jammed:
            out = max(out, int(info.modifies.get(skill, 0)))
    return out


def gear_damage(cards: CardReads, state: GameState, combat: dict[str, Any], dealt: dict[str, int], skill: str) -> None:
    """`dealt` (each Agent's damage this round) with what the standing words of the Agents and of the Adversary add
    to (or take from) the Equipment's part of it, never below none; changed in place."""
    rnd = _ROUND_OF.get(skill)
    adv = cards.pinfo(state, combat["adversary"]).ref
    foes = sum(int(a["amount"]) for a in standing(cards, adv, "foes_gear_damage") if rnd in a.get("rounds", ()))
    for host in list(dealt):
        own = sum(int(a["amount"]) for a in standing(cards, state.pieces[host].card, "gear_damage")
                  if rnd in a.get("rounds", ()))
        if not (own or foes) or not state.attached(host):
            continue
        part = _gear_part(cards, state, combat, host, skill)
        if part > 0:
            dealt[host] += max(-part, own + foes)
