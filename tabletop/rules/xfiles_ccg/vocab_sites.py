"""The X-Files CCG's words for the sites families (Sites, Adversaries, what a card costs or does at a Site): the
standing steps the rules read where they apply. A part of the ruleset's vocabulary (`vocab`), registered there with
one line.
"""

from __future__ import annotations

from typing import Any

from ...core.reducer import Tx
from ..effects import Condition, Ctx, Primitive, Selector
from .site_rules import note_rule

__all__ = ["SITE_CONDITIONS", "SITE_PRIMITIVES", "SITE_SELECTORS"]


def _standing(ctx: Ctx, tx: Tx, args: Any) -> None:
    """A standing step: read where the rules need it, nothing to do when triggered."""
    return None


def _cond_lone_team(ctx: Ctx, args: Any) -> str | None:
    """The Team under check is one Agent (out of the Hospital): "can only attack Teams that consist of a single
    Agent, including Teams ... reduced to one after a Combat"."""
    state = ctx.state
    team = [p for p in (state.rules.get("check") or {}).get("team", ()) if p in state.pieces
            and ctx.ruleset.section_of(state, p) != "hospital"]
    return None if len(team) == 1 else "it attacks only a Team of a single Agent"


def _discard_check_witnesses(ctx: Ctx, tx: Tx, args: Any) -> str:
    """"Any Witnesses contributing to the Site skill check are immediately discarded": the Witnesses whose
    modifiers are in the check leave it, to their owners' Discard Piles."""
    state, rs = ctx.state, ctx.ruleset
    check = dict(state.rules.get("check") or {})
    gone = {m.get("source") for m in check.get("mods", []) if m.get("source") in state.pieces
            and rs.pinfo(state, m["source"]).kind == "witness"}
    if not gone:
        return "no Witness contributes to the check"
    check["mods"] = [m for m in check.get("mods", []) if m.get("source") not in gone]
    tx.set_rule("check", check)
    for pid in sorted(gone):
        if state.zones[state.pieces[pid].zone].kind != "discard":
            rs.to_discard(state, pid, tx)
    return f"discarded {', '.join(ctx.name(p) for p in sorted(gone))} (check now {rs.check_total(state)})"


SITE_PRIMITIVES: dict[str, Primitive] = {"sites_cheaper": _standing, "combat_cheaper": _standing,
                                         "site_rule": note_rule, "lone_team_only": _standing, "wound_sit_out": _standing,
                                         "discard_check_witnesses": _discard_check_witnesses}
SITE_CONDITIONS: dict[str, Condition] = {"lone_team": _cond_lone_team}
SITE_SELECTORS: dict[str, Selector] = {}
