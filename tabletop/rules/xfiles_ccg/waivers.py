"""What a card costs and which Activators it needs where it is played, by its own text or an Equipment's: "The cost
to play this card is 3 [CP] if the Site Prerequisite is OCCULT INVESTIGATION", "This card is free and Activator
requirements are ignored if it is played on a Keyword OCCULT INVESTIGATION Site", "Play this card for 2 [CP] less if
played on a Site card with the Keyword X", "This card may be played in its normal way or on any Team that includes at
least one Agent with the keyword SKEPTIC, ignoring Activator requirements", and an Equipment's "GOVERNMENT Adversaries
may now attack the Agent's Team when investigating a Site, even when they would otherwise be barred from doing so".

A card's standing `cost_at` (`{when, set | add}`) and `waive_activators` (`{when}`) hold at the Site under check;
`when` is `{site_kw: [...]}` (the Site has one of the Keywords), `{prereq: Skill}` (the check is made with that
skill) or `{team_kw: [...]}` (an Agent of the Team under check has one of the Keywords). An Equipment's standing
`opens_to` (`{keyword: [...]}`) waives the Activators of the Adversaries of those Keywords played on its holder's
Team. ACTIVE and CONSPIRACY, which say who plays a card, stay asked for. Read where a card is paid and where the
play check and the listing ask for its Activators.
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState
from .costs_sites import holds_here
from .data import canonical_skill
from .vocab_reads import standing

__all__ = ["own_cost", "waived_missing"]

#: the Activators never waived: they say which side plays a card
_SIDES = ("ACTIVE", "CONSPIRACY")


def _holds(rs: Any, state: GameState, when: dict[str, Any], pid: str | None = None) -> bool:
    """Whether `when` holds for `pid` at the Site under check (no check under way: never)."""
    check = state.rules.get("check") or {}
    site = check.get("site")
    if site not in state.pieces:
        return False
    if when.get("site_kw"):
        have = rs.keywords_of(state, site)
        if not any(str(k).casefold() in have for k in when["site_kw"]):
            return False
    if when.get("prereq") and canonical_skill(str(check.get("skill") or "")) != canonical_skill(str(when["prereq"])):
        return False
    if when.get("team_kw"):
        wanted = [str(k).casefold() for k in when["team_kw"]]
        team = [p for p in check.get("team", ()) if p in state.pieces and rs.section_of(state, p) != "hospital"]
        if not any(w in rs.keywords_of(state, p) for p in team for w in wanted):
            return False
    return holds_here(rs, state, when, pid)  # sites: a Team naming an Agent, a card's Keyword, guesses


def own_cost(rs: Any, state: GameState, pid: str, base: int) -> int:
    """`base`, as the card's own `cost_at` sets or changes it at the Site under check."""
    for term in standing(rs, state.pieces[pid].card, "cost_at"):
        if _holds(rs, state, term.get("when") or {}, pid):
            base = int(term["set"]) if "set" in term else max(0, base + int(term.get("add", 0)))
    return base


def waived_missing(rs: Any, state: GameState, pid: str, missing: list[str]) -> list[str]:
    """The Activators `pid` still lacks once its own text (`waive_activators`) or an Equipment of the Team under
    check (`opens_to`) waives them: those saying who plays a card are never waived."""
    if not missing or not _waived(rs, state, pid):
        return missing
    return [m for m in missing if m.upper() in _SIDES]


def _waived(rs: Any, state: GameState, pid: str) -> bool:
    if any(_holds(rs, state, t.get("when") or {}, pid) for t in standing(rs, state.pieces[pid].card, "waive_activators")):
        return True
    check = state.rules.get("check") or {}
    if "site" not in check or rs.pinfo(state, pid).kind != "adversary":
        return False
    kws = rs.keywords_of(state, pid)
    for agent in check.get("team", ()):
        if agent not in state.pieces or rs.section_of(state, agent) == "hospital":
            continue
        for gear in state.attached(agent):
            for opens in standing(rs, state.pieces[gear].card, "opens_to"):
                if any(str(k).casefold() in kws for k in opens.get("keyword") or ()):
                    return True
    return False
