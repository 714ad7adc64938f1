"""The turn of the X-Files CCG Advanced Game as data: its steps, the phase each belongs to, their labels.

Also the small helpers every part of the ruleset shares (a violation, a card's article, an effect as a dict).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.ruleset import Violation
from .data import CardInfo, Effect

__all__ = ["PHASE_OF", "SAMPLE_DECKS", "SAMPLE_SET", "STEPS", "STEP_LABELS", "UNKNOWN", "article", "effect_dict", "v"]

SAMPLE_SET = "xfiles-ccg-sample"
#: The sample set's deck lists, by seat (more seats take them in turn; each player may field the same Agents).
SAMPLE_DECKS = ("randy.yaml", "les.yaml")
#: Steps of a turn in order, each inside one of the seven phases.
STEPS = ("draw", "buy", "sell", "requisition", "deployment", "sites", "bluffs", "assign", "reveal", "check",
         "damage", "aftermath", "question", "penalty", "debrief")
PHASE_OF = {
    "draw": "Briefing", "buy": "Briefing", "sell": "Briefing",
    "requisition": "Requisition", "deployment": "Deployment",
    "sites": "Case Assignment", "bluffs": "Case Assignment",
    "assign": "Investigation", "reveal": "Investigation", "check": "Investigation", "damage": "Investigation",
    "aftermath": "Investigation", "question": "Investigation", "penalty": "Investigation",
    "debrief": "Debriefing",
}
STEP_LABELS = {
    "draw": "Briefing: free draw", "buy": "Briefing: buy cards with RP", "sell": "Briefing: sell cards for CP, then buy",
    "requisition": "Requisition", "deployment": "Deployment", "sites": "Case Assignment: place Sites",
    "bluffs": "Case Assignment: Bluffs", "assign": "Investigation: send a Team to a Site",
    "reveal": "Investigation: resolve Bluffs", "check": "Skill check: play cards or pass",
    "damage": "Combat: assign the Adversary's damage", "aftermath": "Combat: after damage, play cards or pass",
    "question": "Site solved: ask and/or guess", "penalty": "Wrong guess: question or guess back",
    "debrief": "Debriefing: discard",
}
UNKNOWN = CardInfo(ref="", name="?", kind="unknown")


def v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    """A violation of rule `rule`, naming only the pieces that are piece ids."""
    return Violation(code, rule, message, tuple(p for p in pieces if isinstance(p, str)), seat)


def article(kind: str) -> str:
    """"an Adversary", "an X-File", "a Site": a card kind with its article."""
    word = {"xfile": "X-File"}.get(kind, kind.title())
    return ("an " if word[0] in "AEIOUX" else "a ") + word


def effect_dict(e: Effect) -> dict[str, Any]:
    """A suggested effect as the rule state keeps it (empty fields left out)."""
    return {k: v for k, v in (("kind", e.kind), ("amount", e.amount), ("skill", e.skill), ("keyword", e.keyword),
                              ("side", e.side), ("text", e.text)) if v not in ("", None)}
