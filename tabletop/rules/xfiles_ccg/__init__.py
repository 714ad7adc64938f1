"""`xfiles-ccg`: The X-Files CCG Advanced Game (rule numbers `xfc.<section>.<n>`, listed in `rulebook.RULE_TEXT`).

Rule-numbering scheme: one section per part of the rules file (../shared/rules/xfiles-ccg.md), in its order:
`xfc.deck.*` and `xfc.team.*` (deck check), `xfc.setup.*`, `xfc.turn.*` (phase order, whose decision),
`xfc.briefing.*`, `xfc.healing.*`, `xfc.requisition.*`, `xfc.deployment.*`, `xfc.case.*` (Case Assignment, Bluffs),
`xfc.investigation.*` (Teams, Bluff reveal, skill checks), `xfc.chain.*` (card plays: Activators, pools, Witnesses),
`xfc.combat.*`, `xfc.question.*` (questions, guesses, penalty), `xfc.debriefing.*`, `xfc.effect.*` (card text: the
manual effect is never a violation; a card's conditions, its pending targets), `xfc.options.*` (house rules) and `xfc.game.1` (winning).

Public API: `XFilesCCG` (the ruleset), the actions in `actions`, `card_info`/`CardInfo` (what the engine reads of a
card), `suggested_effects(card)` (manual effects for the common forms of card text), `parse_cost`,
`parse_prerequisite`, `default_deck(library, index)` and `RULE_TEXT`.
"""

from __future__ import annotations

from .actions import (
    ACTIONS,
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    Discard,
    Exchange,
    FormTeam,
    FreeDraw,
    Guess,
    Hire,
    Hospitalize,
    Investigate,
    KillerWin,
    ManualEffect,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
    UseAbility,
)
from .data import (
    CHARACTERISTIC_VALUES,
    CHARACTERISTICS,
    SKILLS,
    CardInfo,
    Effect,
    canonical_skill,
    card_info,
    parse_cost,
    parse_prerequisite,
    parse_questions,
    suggested_effects,
)
from .rulebook import RULE_TEXT
from .ruleset import PHASE_OF, SAMPLE_SET, SECTIONS, STEPS, XFilesCCG, default_deck

__all__ = [
    "ACTIONS",
    "CHARACTERISTICS",
    "CHARACTERISTIC_VALUES",
    "PHASE_OF",
    "RULE_TEXT",
    "SAMPLE_SET",
    "SECTIONS",
    "SKILLS",
    "STEPS",
    "Ask",
    "AssignDamage",
    "Buy",
    "CardInfo",
    "Deploy",
    "Discard",
    "Effect",
    "Exchange",
    "FormTeam",
    "FreeDraw",
    "Guess",
    "Hire",
    "Hospitalize",
    "KillerWin",
    "Investigate",
    "ManualEffect",
    "Pass",
    "PlaceBluff",
    "PlaceSite",
    "PlayCard",
    "Requisition",
    "ResolveBluff",
    "Sell",
    "UseAbility",
    "XFilesCCG",
    "canonical_skill",
    "card_info",
    "default_deck",
    "parse_cost",
    "parse_prerequisite",
    "parse_questions",
    "suggested_effects",
]
