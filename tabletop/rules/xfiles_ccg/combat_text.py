"""What card text changes in a Combat round's damage, read where the round deals it: Equipment that absorbs damage
("The Kevlar Vest will absorb three points of damage"), an Adversary whose every wound hurts its foes ("Each source
of damage affecting the Hunter in CLOSE RANGE COMBAT also causes 1 damage to each opposing Team member"), a
choke hold ("If the combatant causes damage in CLOSE RANGE COMBAT then the damaged Adversary/Agent takes no further
part in the combat"), an Adversary the Agents cannot hurt, or that fights a set number of rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.reducer import Tx
from ...core.state import GameState
from .vocab_reads import standing
from .wards import warded_hit
from .wounds_sites import wound_words

__all__ = ["absorb", "hit", "round_notes"]


def absorb(rs: Any, state: GameState, target: str, amount: int, tx: Tx) -> tuple[int, str]:
    """The damage `target` still takes after its Equipment absorbed what it can, one token a point, and the words."""
    left, said = amount, []
    for gear in rs.gear(state, target):
        if left <= 0:
            break
        card = state.pieces[gear].card
        by_token, most = standing(rs, card, "absorb_token"), standing(rs, card, "absorbs")
        if not by_token and not most:
            continue
        counters = dict(state.pieces[gear].counters)
        key = "tokens_used" if by_token else "absorbed"
        have = rs.tokens_left(state, gear) if by_token else int(most[0]) - int(counters.get(key, 0))
        n = min(left, have)
        if n <= 0:
            continue
        counters[key] = int(counters.get(key, 0)) + n
        tx.change(gear, counters=counters)
        left -= n
        said.append(f"{rs.ref(state, gear)} absorbed {n}")
        if have == n and standing(rs, state.pieces[gear].card, "discard_when_spent"):
            rs.to_discard(state, gear, tx)
            said.append(f"{rs.ref(state, gear)} is discarded")
    return left, "; ".join(said)


def hit(rs: Any, state: GameState, target: str, amount: int, tx: Tx) -> tuple[int, str]:
    """`amount` damage to `target` (an Agent or Witness) from the Adversary in Combat, what its Equipment absorbs
    first, and what the Adversary's wounds do beyond damage; the damage taken (the log says it came from the
    Adversary, rule xfc.combat.3)."""
    amount = warded_hit(rs, state, target, amount)  # "the damage from OCCULT Adversaries is halved", "Subtract ..."
    taken, said = absorb(rs, state, target, amount, tx)
    printed = rs.rating(state, target)
    adv = (state.rules.get("combat") or {}).get("adversary")
    why = f"damage from {rs.ref(state, adv)}" if adv in state.pieces else "damage in Combat"
    rs.set_damage(state, target, min(max(0, printed), rs.damage(state, target) + taken), tx, why=why,
                   rule="xfc.combat.3")
    more = _wounds(rs, state, target, tx) if taken > 0 else ""
    return taken, "; ".join(s for s in (said, more) if s)


def _wounds(rs: Any, state: GameState, target: str, tx: Tx) -> str:
    """"Any Agent damaged by X is placed in the Hospital for the next two turns"; "Any Agent wounded by X may not
    heal wounds until a Healing card is successfully played on him"."""
    adv = (state.rules.get("combat") or {}).get("adversary")
    if adv not in state.pieces or rs.pinfo(state, target).kind != "agent":
        return ""
    ref, said = rs.pinfo(state, adv).ref, []
    counters = dict(state.pieces[target].counters)
    for held in standing(rs, ref, "wound_hospital"):
        counters["hospital_until"] = int(state.rules.get("turn", 1)) + int(held.get("turns", 1))
        said.append(f"{rs.ref(state, target)} is held in the Hospital until turn {counters['hospital_until'] + 1}")
    if standing(rs, ref, "wound_no_heal"):
        counters["no_heal"] = 1
        said.append(f"{rs.ref(state, target)} heals no wound until a Healing card is played on him")
    said += wound_words(rs, state, ref, target, counters)  # "may not contribute to any skill check this turn"
    if said:
        tx.change(target, counters=counters)
        if standing(rs, ref, "wound_hospital") and rs.section_of(state, target) != "hospital":
            rs.move_agent(state, target, "hospital", tx)
            tx.set_rule("hurt", True)  # "after an Adversary sends any Agent to the Hospital" (this turn)
    return "; ".join(said)


def round_notes(rs: Any, state: GameState, combat: Mapping[str, Any], dealt: Mapping[str, int]) -> dict[str, Any]:
    """What this round's damage sets off beyond itself, worked out with the damage each combatant deals: the
    Adversary's backlash on the Agents and the combatants holding a choke hold that dealt damage."""
    adv = combat["adversary"]
    ref = rs.pinfo(state, adv).ref
    rnd, number = combat.get("round"), int(combat.get("number", 1))
    out: dict[str, Any] = {}
    for lash in standing(rs, ref, "backlash"):
        if lash.get("round") in (None, rnd):
            sources = sum(1 for p, d in dealt.items() if p != adv and d > 0)
            out["backlash"] = out.get("backlash", 0) + sources * int(lash.get("amount", 1))
    chokers = [e["piece"] for e in combat.get("effects") or () if e.get("choke") and e.get("round") in (None, rnd)
               and e.get("number", number) == number and dealt.get(e.get("piece", ""), 0) > 0]
    if chokers:
        out["choke"] = chokers
    return out


def after_damage(rs: Any, state: GameState, combat: dict[str, Any], target: str | None, taken: int, tx: Tx,
                 notes: Mapping[str, Any], agents_dealt: int) -> str:
    """Apply what `round_notes` found once the round's damage is dealt; the words for the log."""
    said = []
    lash = int(notes.get("backlash", 0))
    if lash and agents_dealt > 0:
        for pid in rs.combatants(state):
            hit(rs, state, pid, lash, tx)
        said.append(f"each Agent in the Combat takes {lash} back")
    adv = combat["adversary"]
    for choker in notes.get("choke", ()):
        if choker == adv and target is not None and taken > 0:
            combat["out"] = [*combat.get("out", []), target]
            said.append(f"{rs.ref(state, target)} is held in a choke hold and takes no further part")
        elif choker != adv and agents_dealt > 0:
            combat["choked"] = True
            said.append(f"{rs.ref(state, adv)} is held in a choke hold and takes no further part")
    return "; ".join(said)
