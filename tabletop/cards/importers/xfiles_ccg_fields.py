"""What the X-Files CCG card fields mean: skills, pools, costs ("3 RP", "X *P"), prerequisites, questions.

Card data, not rules: the card-database importer and the `xfiles-ccg` ruleset both read fields through these, and
card sets sit below rulesets in the layers (rules import cards, never the reverse).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = [
    "CHARACTERISTICS",
    "CHARACTERISTIC_VALUES",
    "POOLS",
    "SKILLS",
    "canonical_skill",
    "cost_extra",
    "parse_cost",
    "parse_lowered",
    "parse_prerequisite",
    "parse_questions",
    "read_prerequisite",
    "unread_skills",
]

#: The thirteen skills of the glossary, as printed; prerequisites and skill checks name one of them.
SKILLS = (
    "Alien Investigation",
    "Behavioral",
    "Bureaucracy",
    "Close Range Combat",
    "Computer",
    "Criminal Investigation",
    "Evidence Collection",
    "Long Range Combat",
    "Medical",
    "Observation",
    "Occult Investigation",
    "Sciences",
    "Subterfuge",
)
_SKILL_ALIASES = {"LRC": "Long Range Combat", "CRC": "Close Range Combat", "BEHAVIOURAL": "Behavioral"}
POOLS = ("RP", "CP", "*P")
CHARACTERISTICS = ("Affiliation", "Motive", "Method", "Result")
#: The values each characteristic of an X-File may take (the manual's pages on X-Files).
CHARACTERISTIC_VALUES = {
    "Affiliation": ("Alien", "Government", "Evolutionary", "Primordial", "Occult"),
    "Motive": ("Survival", "Security", "Control", "Knowledge", "Ideology"),
    "Method": ("Violence", "Manipulation", "Subterfuge", "Possession", "Threats"),
    "Result": ("Death", "Insanity", "Physiological Imbalance", "Abduction", "Manipulation of Evidence"),
}


def canonical_skill(name: str) -> str | None:
    """The glossary spelling of a skill name in any case ("BEHAVIORAL", "lrc"), or None when it is no skill."""
    key = " ".join(str(name).split()).upper()
    if key in _SKILL_ALIASES:
        return _SKILL_ALIASES[key]
    for skill in SKILLS:
        if skill.upper() == key:
            return skill
    return None


_COST = re.compile(r"^\s*(\d+|X(?:\s*\+\s*\d+)?)\s*(RP|CP|\*P)?\s*$", re.IGNORECASE)
_X_PLUS = re.compile(r"^\s*X\s*\+\s*(\d+)", re.IGNORECASE)


def cost_extra(value: Any) -> int:
    """The N of an "X+N" cost (paid on top of the X the player chooses); 0 for any other cost."""
    m = _X_PLUS.match(value) if isinstance(value, str) else None
    return int(m.group(1)) if m else 0


def parse_cost(value: Any, pool: Any = None) -> tuple[int | None, str, bool]:
    """(cost, pool, ok) from `3`, `"3 RP"`, `"X *P"`, `"X+1 RP"` (cost None: X, paid as the player chooses, plus
    `cost_extra`) and a pool field."""
    p = str(pool).upper() if isinstance(pool, str) and pool.upper() in POOLS else ""
    if value is None:
        return (0, p, True)
    if isinstance(value, int) and not isinstance(value, bool):
        return (max(0, value), p, True)
    m = _COST.match(str(value))
    if not m:
        return (0, p, False)
    amount = None if m.group(1).upper().startswith("X") else int(m.group(1))
    return (amount, (m.group(2) or p).upper(), True)


_REQUIREMENT = re.compile(r"([A-Za-z][A-Za-z ]*?)\s+(\d+)\s*\+?")
_AND = re.compile(r"\s+(?:and|&)\s+", re.IGNORECASE)
_OR = re.compile(r"\s*,?\s+or\s+|\s*[,/;]\s*", re.IGNORECASE)

Requirement = tuple[str, int]


def _requirement(text: str) -> Requirement | None:
    m = _REQUIREMENT.fullmatch(text.strip().strip(".,;:").strip())
    skill = canonical_skill(m.group(1)) if m else None
    return (skill, int(m.group(2))) if m and skill else None


def read_prerequisite(value: Any) -> tuple[tuple[Requirement, ...], tuple[Requirement, ...]]:
    """(options, requires) of a Site's prerequisite, as the importer notes it and the engine checks it.

    "X 5+ or Y 5+" and "X or Y 5+" (the number said once) -> two options, nothing required besides; "X 3+ AND Y 3+"
    -> both as options (the player names the one the check is made with) and both required, so the other is checked
    too. Trailing punctuation ("X 5+ or Y 5+.", "X 4+, or Y 4+") loses no option."""
    if not isinstance(value, str):
        return tuple(parse_prerequisite(value)), ()
    text = value.strip().rstrip(".,;:")
    parts = _AND.split(text)
    if len(parts) > 1:
        reqs = [_requirement(p) for p in parts]
        if all(reqs):
            got = tuple(r for r in reqs if r)
            return got, got
    options: list[Requirement] = []
    waiting: list[str] = []  # skills named before the number they share ("CRIMINAL INVESTIGATION or OBSERVATION 5+")
    for part in _OR.split(text):
        req = _requirement(part)
        if req is None:
            skill = canonical_skill(part.strip().strip(".,;:").strip())
            if skill:
                waiting.append(skill)
            continue
        for got in [*((s, req[1]) for s in waiting), req]:
            if got not in options:
                options.append(got)
        waiting = []
    return tuple(options), ()


def unread_skills(value: Any) -> list[str]:
    """Skills a prerequisite's text names that `read_prerequisite` does not check (said in the import's notes)."""
    if not isinstance(value, str):
        return []
    options, requires = read_prerequisite(value)
    read = {s for s, _ in (*options, *requires)}
    named = [canonical_skill(w.strip()) for w in re.split(r"\d+\s*\+?|\s+(?:or|and)\s+|[,/;.&]", value, flags=re.I)]
    return [s for s in dict.fromkeys(n for n in named if n) if s not in read]


def parse_prerequisite(text: Any) -> list[Requirement]:
    """The skill options of a prerequisite: "BEHAVIORAL 4+" -> [("Behavioral", 4)]; "X 5+ or Y 5+" -> two options."""
    if isinstance(text, list):
        out = []
        for item in text:
            out += parse_prerequisite(item)
        return out
    if isinstance(text, Mapping):
        skill = canonical_skill(str(text.get("skill", "")))
        need = text.get("min", text.get("need"))
        return [(skill, int(need))] if skill and isinstance(need, int) else []
    if not isinstance(text, str):
        return []
    return list(read_prerequisite(text)[0])


_LOWERED = re.compile(r"\bif\s+you\s+ask\s+(?:if|whether)\s+the\s+(AFFILIATION|MOTIVE|METHOD|RESULT)\s+is\s+"
                      r"[\"'“”]?([A-Za-z][A-Za-z ]*?)[\"'“”]?\s*,\s*the\s+(?:skill\s+check\s+)?prerequisite\s+"
                      r"is\s+(?:[A-Z][A-Za-z ]*?\s+)?(\d+)\s*\+?", re.IGNORECASE)


def parse_lowered(value: Any) -> dict[str, Any] | None:
    """A Site's lowered prerequisite for one question: 'If you ask if the MOTIVE is "Security", the skill check
    prerequisite is 4+.' -> {kind: Motive, value: Security, need: 4}; also reads that mapping back; else None."""
    if isinstance(value, Mapping):
        kind = str(value.get("kind", "")).strip().capitalize()
        val, need = value.get("value"), value.get("need")
        if kind in CHARACTERISTICS and isinstance(val, str) and isinstance(need, int) and not isinstance(need, bool):
            return {"kind": kind, "value": val.strip(), "need": need}
        return None
    m = _LOWERED.search(value) if isinstance(value, str) else None
    if not m:
        return None
    kind = m.group(1).capitalize()
    val = next((v for v in CHARACTERISTIC_VALUES[kind] if v.casefold() == m.group(2).strip().casefold()), None)
    return {"kind": kind, "value": val, "need": int(m.group(3))} if val else None


def parse_questions(text: Any, keywords: Any = ()) -> list[str]:
    """The characteristic kinds a Site lets its investigator ask about ("one MOTIVE question or one METHOD question")."""
    found: list[str] = []
    if isinstance(text, list):
        words = [str(t) for t in text]
        return [c for c in CHARACTERISTICS if any(w.strip().casefold() == c.casefold() for w in words)]
    if isinstance(text, str):
        for m in re.finditer(r"\b(AFFILIATION|MOTIVE|METHOD|RESULT)\b", text, flags=re.IGNORECASE):
            kind = m.group(1).capitalize()
            if kind not in found:
                found.append(kind)
    if not found:
        listed = keywords if isinstance(keywords, (list, tuple)) else ()  # a card file's odd value reads as none
        words = {str(k).strip().casefold() for k in listed}
        found = [c for c in CHARACTERISTICS if c.casefold() in words]
    return found
