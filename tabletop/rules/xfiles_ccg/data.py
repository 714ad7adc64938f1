"""Card data the X-Files CCG engine reads: costs and pools, skills, prerequisites, questions, X-File characteristics.

Cards come from our YAML sets (structured fields) or from an import of the card database format (strings such as
"3 RP" or "ALIEN INVESTIGATION 5+ or BUREAUCRACY 5+"); both spellings are read here, so the ruleset never cares.
`suggested_effects(card)` turns the common forms of game text into manual-effect templates a player confirms.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...cards.importers.xfiles_ccg_fields import (
    CHARACTERISTIC_VALUES,
    CHARACTERISTICS,
    POOLS,
    SKILLS,
    canonical_skill,
    cost_extra,
    parse_cost,
    parse_lowered,
    parse_prerequisite,
    parse_questions,
    read_prerequisite,
)

__all__ = [
    "SECTIONS",
    "CHARACTERISTICS",
    "CHARACTERISTIC_VALUES",
    "POOLS",
    "SKILLS",
    "CardInfo",
    "alternatives",
    "Effect",
    "canonical_skill",
    "card_info",
    "parse_cost",
    "parse_prerequisite",
    "parse_questions",
    "suggested_effects",
]

#: The sections of a player's Agents, in table order (xfc.deployment).
SECTIONS = ("bureau", "field", "hospital")

_TYPES = {
    "agent": "agent",
    "site": "site",
    "x-file": "xfile",
    "xfile": "xfile",
    "x file": "xfile",
    "witness": "witness",
    "event": "event",
    "bluff": "bluff",
    "combat": "combat",
    "equipment": "equipment",
    "adversary": "adversary",
}


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the engine reads of one card; everything else stays in the card's text."""

    ref: str
    name: str
    kind: str
    text: str = ""
    cost: int | None = 0
    pool: str = ""
    keywords: frozenset[str] = frozenset()
    activators: tuple[str, ...] = ()
    skills: Mapping[str, int | None] = field(default_factory=dict)
    health: int | None = None
    res: int = 0
    prerequisite: tuple[tuple[str, int], ...] = ()
    asks: tuple[str, ...] = ()
    characteristics: Mapping[str, str] = field(default_factory=dict)
    modifies: Mapping[str, int] = field(default_factory=dict)
    #: the N of an "X+N" cost: the player pays the X chosen plus this
    cost_extra: int = 0
    #: the effects of a card whose text offers a choice with "Alternately" (manual p.14), in printed order
    alternatives: tuple[str, ...] = ()
    #: skills printed as "Special": the card's text gives the value (applied by hand)
    special: frozenset[str] = frozenset()
    #: a Site's lowered prerequisite for one question: (kind, value, need)
    lowered: tuple[str, str, int] | None = None
    #: Health printed as N/A (an Adversary that damage does not kill, such as a phenomenon)
    health_na: bool = False
    #: Health printed as "Special": the card's text says when it dies, so damage alone never kills it
    health_special: bool = False
    #: the N of an "NX" cost ("2X CP": the player pays twice the X chosen)
    cost_mult: int = 1
    #: skill requirements that must all be met besides the named skill ("A 3+ AND B 3+"); () for most Sites
    requires: tuple[tuple[str, int], ...] = ()
    #: a Site whose prerequisite asks for access to the Field Office Crime Lab ("Special Equipment required or
    #: discard a Witness card from your hand": `crimelab`)
    crime_lab: bool = False

    @property
    def combative(self) -> bool:
        """Whether the card has a combat value to fight with (an Adversary with N/A throughout starts no Combat)."""
        return any(isinstance(self.skills.get(s), int) or s in self.special
                   for s in ("Long Range Combat", "Close Range Combat"))

    def x_cost(self, x: int) -> int:
        """What playing the card costs with X chosen as `x` (its printed cost when it has no X)."""
        if self.cost is not None:
            return self.cost
        return max(0, x) * self.cost_mult + self.cost_extra

    @property
    def undying(self) -> bool:
        """Whether damage alone never kills it (Health N/A or "Special")."""
        return self.health_na or self.health_special

    def skill(self, name: str) -> int:
        value = self.skills.get(name)
        return value if isinstance(value, int) else 0

    def has(self, keyword: str) -> bool:
        return keyword.upper() in self.keywords


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None


def _na(value: Any) -> bool:
    return isinstance(value, str) and value.strip().upper() == "N/A"


def _special(value: Any) -> bool:
    return isinstance(value, str) and value.strip().casefold() == "special"


#: a Site's prerequisite asking for access to the Field Office Crime Lab
_CRIME_LAB = re.compile(r"\bspecial\s+equipment\s+required\b", re.IGNORECASE)
_X_COST = re.compile(r"^\s*(\d*)\s*X\s*(?:\+\s*(\d+))?\s*(RP|CP|\*P)?\s*$", re.IGNORECASE)


def read_cost(value: Any, pool: Any = None, kept: Any = None) -> tuple[int | None, str, int, int]:
    """(cost, pool, X multiplier, X extra) of a card: "3 RP", "X *P", "X+1 RP", and "2X CP" / "3X RP" (twice or three
    times the X chosen), also when an import kept such a cost as text (`cost_text`) because it could not read it."""
    for source in (value, kept):
        m = _X_COST.match(source) if isinstance(source, str) else None
        if m:
            p = (m.group(3) or (pool if isinstance(pool, str) else "") or "").upper()
            return (None, p if p in POOLS else "", int(m.group(1) or 1), int(m.group(2) or 0))
    cost, p, good = parse_cost(value, pool)
    if value is None and isinstance(kept, str):
        cost, p, good = parse_cost(kept, pool)
    return (cost, p, 1, cost_extra(value) if cost is None else 0)


def _lowered(*sources: Any) -> tuple[str, str, int] | None:
    for source in sources:
        got = parse_lowered(source)
        if got:
            return (got["kind"], got["value"], got["need"])
    return None


def card_info(card: Any) -> CardInfo:
    """A CardInfo from a CardDef (or anything with ref, name, type, text and `get`)."""
    get = card.get
    kind = _TYPES.get(str(card.type).strip().casefold(), str(card.type).strip().casefold())
    cost, pool, mult, extra = read_cost(get("cost"), get("pool"), get("cost_text"))
    raw_skills = get("skills") or {}
    skills: dict[str, int | None] = {}
    special: set[str] = set()
    health = _int(get("health"))
    health_na = _na(get("health"))
    health_special = _special(get("health")) or _special(get("health_text"))
    res = _int(get("res"))
    if isinstance(raw_skills, Mapping):
        for key, value in raw_skills.items():
            k = str(key).strip().casefold()
            if k == "health":
                health = health if health is not None else _int(value)
                health_na = health_na or _na(value)
                health_special = health_special or _special(value)
            elif k in ("resources", "res", "resource"):
                res = res if res is not None else _int(value)
            else:
                skill = canonical_skill(str(key))
                if skill:
                    skills[skill] = _int(value)
                    if isinstance(value, str) and value.strip().casefold() == "special":
                        special.add(skill)
    modifies: dict[str, int] = {}
    raw_mod = get("modifies") or {}
    if isinstance(raw_mod, Mapping):
        for key, value in raw_mod.items():
            skill = canonical_skill(str(key))
            if skill and _int(value) is not None:
                modifies[skill] = int(value)
    chars = get("characteristics") or {}
    characteristics = {}
    if isinstance(chars, Mapping):
        for key, value in chars.items():
            k = str(key).strip().capitalize()
            if k in CHARACTERISTICS and isinstance(value, str):
                characteristics[k] = value.strip()
    keywords = frozenset(str(k).strip().upper() for k in (get("keywords") or ()) if str(k).strip())
    activators = tuple(str(a).strip().upper() for a in (get("activators") or ()) if str(a).strip())
    asks = get("asks")
    options, requires = read_prerequisite(get("prerequisite"))
    text = card.text or str(get("game_text") or get("game_effect") or "")
    return CardInfo(
        ref=card.ref,
        name=card.name,
        kind=kind,
        text=text,
        cost=cost,
        pool=pool,
        keywords=keywords,
        activators=activators,
        skills=skills,
        health=health,
        res=res or 0,
        prerequisite=options,
        requires=requires,
        asks=tuple(parse_questions(asks if asks else get("question"), get("keywords"))),
        characteristics=characteristics,
        modifies=modifies,
        health_na=health_na and health is None,
        health_special=health_special and health is None,
        special=frozenset(special),
        lowered=_lowered(get("lowered"), get("question"), text),
        alternatives=alternatives(text),
        cost_extra=extra,
        cost_mult=mult,
        crime_lab=bool(_CRIME_LAB.search(str(get("prerequisite") or ""))),
    )


_ALTERNATELY = re.compile(r"\s*\bAlternate(?:ly|ively)\b[\s,:;.-]*|,\s+or\s+(?=(?:you\s+may\s+)?play\s+this\s+card\b|"
                          r"return\s+one\b)", re.IGNORECASE)


def alternatives(text: str) -> tuple[str, ...]:
    """The effects a card offers with "Alternately" ("Do A. Alternately, do B." -> ("Do A.", "Do B.")), or a
    Witness's modifier "..., or play this card to B" / "..., or return one ..." (the `bluffs` block); () if none."""
    parts = [p.strip() for p in _ALTERNATELY.split(text or "")]
    if len(parts) < 2 or not all(parts):
        return ()
    return tuple(p[0].upper() + p[1:] for p in parts)


# ------------------------------------------------------------------------------------------------ suggestions


@dataclass(frozen=True, slots=True)
class Effect:
    """A manual-effect template read from a card's text: what kind, how much, and which targets it wants."""

    kind: str  # skill | damage | negate | combat
    amount: int = 0
    skill: str = ""
    keyword: str = ""
    side: str = ""
    text: str = ""


_ADDS = re.compile(r"\b(adds?|subtracts?)\s+(\d+)\s+(?:to|from)\s+(?:one|a|any one|the|this)?\s*"
                   r"(?:activating\s+)?team'?s?\s+([A-Z][A-Z ]+?)\s+skill check", re.IGNORECASE)
_ADDS_ANY = re.compile(r"\b(adds?|subtracts?)\s+(\d+)\s+(?:to|from)\s+(?:one|a|any one|the|this)?\s*"
                       r"(?:activating\s+)?team'?s?\s+skill check", re.IGNORECASE)
_NEGATE = re.compile(r"\bnegate\s+(?:any\s+)?one\s+(?:keyword\s+)?([A-Z][A-Z-]*)\s+card", re.IGNORECASE)
_HEAL = re.compile(r"\bheals?\s+(\d+)", re.IGNORECASE)
_COMBAT = re.compile(r"\badds?\s+(\d+)\s+to\s+(?:their|its|the holder's|one combatant's)\s+"
                     r"(LONG RANGE COMBAT|CLOSE RANGE COMBAT)", re.IGNORECASE)


def suggested_effects(card: Any) -> list[Effect]:
    """Manual-effect templates for the common forms of game text; [] when the text is anything else.

    "Adds N to one Team's SKILL skill check" (or "Subtracts N from ..."), "Negate any one Keyword X card",
    "Heal N", and "add N to their CLOSE RANGE COMBAT" (a Combat card on an Adversary).
    """
    info = card if isinstance(card, CardInfo) else card_info(card)
    text = info.text or ""
    key = (text, info.kind == "combat")  # all the templates read: read once per text (a card resolving asks)
    found = _SUGGESTED.get(key)
    if found is None:
        if len(_SUGGESTED) >= 4096:
            _SUGGESTED.clear()
        found = _SUGGESTED[key] = tuple(_suggested(info, text))
    return list(found)


#: the templates of each card text read so far, by (text, whether the card is a Combat card)
_SUGGESTED: dict[tuple[str, bool], tuple[Effect, ...]] = {}


def _suggested(info: CardInfo, text: str) -> list[Effect]:
    out: list[Effect] = []
    for m in _ADDS.finditer(text):
        sign = -1 if m.group(1).lower().startswith("sub") else 1
        skill = canonical_skill(m.group(3)) or ""
        out.append(Effect("skill", sign * int(m.group(2)), skill=skill, text=m.group(0)))
    if not out:
        for m in _ADDS_ANY.finditer(text):
            sign = -1 if m.group(1).lower().startswith("sub") else 1
            out.append(Effect("skill", sign * int(m.group(2)), text=m.group(0)))
    for m in _NEGATE.finditer(text):
        out.append(Effect("negate", keyword=m.group(1).upper(), text=m.group(0)))
    for m in _HEAL.finditer(text):
        out.append(Effect("damage", -int(m.group(1)), text=m.group(0)))
    if info.kind == "combat":
        for m in _COMBAT.finditer(text):
            out.append(Effect("combat", int(m.group(1)), skill=canonical_skill(m.group(2)) or "",
                              side="adversary" if "adversary" in text.casefold() else "agents", text=m.group(0)))
    return out
