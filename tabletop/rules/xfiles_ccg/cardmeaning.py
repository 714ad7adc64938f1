"""What one sentence of X-Files CCG card text says (`Meaning`), and the words the grammar's reader turns into data:
numbers ("one", "2"), skills as the glossary spells them, runs of CAPS words cut into Keywords.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...cards.importers.xfiles_ccg_fields import SKILLS, canonical_skill

__all__ = ["ROUNDS", "Meaning", "keywords", "num", "skill"]

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10}
ROUNDS = {"lrc": "lrc", "long range combat": "lrc", "crc": "crc", "close range combat": "crc"}
#: skills and other many-word Keywords, longest first, to cut a run of CAPS words into Keywords
_PHRASES = sorted({*(s.upper() for s in SKILLS), "MARTIAL ARTS", "LRC", "CRC", "RESULT SITE", "MOTIVE SITE",
                   "METHOD SITE", "AFFILIATION SITE", "ALIEN MANIPULATION"}, key=len, reverse=True)


@dataclass
class Meaning:
    """What one sentence says: its lead (targets, conditions, cost), steps, duration, or a standing ability."""

    targets: dict[str, Any] = field(default_factory=dict)
    conditions: list[dict[str, Any]] = field(default_factory=list)
    cost: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    until: str | None = None
    when: str | None = None
    standing: list[dict[str, Any]] = field(default_factory=list)
    lead_only: bool = False
    reminder: bool = False
    #: a Site's question (or its lowered prerequisite) said again in its text: the question step plays it
    site_frame: bool = False
    starts: bool = False  # begins a new ability of the card (a token cost, "Alternately")


def keywords(words: list[str]) -> list[str]:
    """A run of CAPS words cut into Keywords: "EVIDENCE COLLECTION BEHAVIORAL" -> two."""
    text, out = " ".join(words), []
    while text:
        hit = next((p for p in _PHRASES if text == p or text.startswith(p + " ")), None)
        word = hit or text.split(" ", 1)[0]
        out.append(word)
        text = text[len(word):].strip()
    return out


def skill(token: Any) -> str:
    return canonical_skill(str(token)) or str(token).title()


def num(token: Any) -> int:
    s = str(token).strip().casefold()
    return _WORDS[s] if s in _WORDS else int(s)
