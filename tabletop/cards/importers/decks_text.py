"""Plain text deck lists, as MTGO, Arena, Cockatrice's clipboard and most deck sites write them, read by card name.

Card lines "4 Name", "4x Name", "Name x4", "4 Name (SET) 12" (Arena's set and collector number); section titles on
their own line ("Deck", "Sideboard", "Commander", "Agents", ...; `//` comments as Deckstats writes them); "SB: 2
Name" for one sideboard line; and, with no title, a blank line after the main deck starts the sideboard.
"""

from __future__ import annotations

import re

from ..model import CardProblem
from ..names import parse_spec
from .deck_lines import DeckLine, RawDeck, decode_text, section_key

__all__ = ["FORMAT", "looks_like", "read", "write"]

FORMAT = "text"

_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX]?\s+(\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX]\s*(\d+)$")
_SIDEBOARD_LINE = re.compile(r"^SB:\s*(.*)$", re.IGNORECASE)
_TITLES = ("deck", "main", "maindeck", "main deck", "mainboard", "sideboard", "side", "side deck", "commander",
           "companion", "agents", "team", "x-files", "xfiles", "x-file", "xfile", "bureau deck", "draw deck",
           "environment", "star", "maybeboard", "about")
_TITLE = re.compile(r"^(?://\s*)?(" + "|".join(re.escape(t) for t in _TITLES) + r")\s*:?\s*(?:\(\d+\))?$",
                    re.IGNORECASE)
_COMMENT = re.compile(r"^(//|#)")


def _card(line: str) -> tuple[int, str] | None:
    match = _COUNT_FIRST.match(line)
    if match:
        return int(match.group(1)), match.group(2)
    match = _COUNT_LAST.match(line)
    if match:
        return int(match.group(2)), match.group(1)
    return None


def looks_like(text: str) -> bool:
    """Every line a card line, a title, "SB: ...", a comment or blank, with at least one card line."""
    cards = 0
    for raw in text.splitlines():
        line = raw.strip()
        if not line or _TITLE.match(line) or _COMMENT.match(line) or line.lower().startswith("name "):
            continue
        sideboard = _SIDEBOARD_LINE.match(line)
        if _card(sideboard.group(1) if sideboard else line) is None:
            return False
        cards += 1
    return cards > 0


def read(data: bytes, source: str, name: str) -> RawDeck:
    """The list's lines by section; a line that reads as no card line is reported with its number."""
    text = decode_text(data, source)
    deck = RawDeck(name=name, format=FORMAT)
    section, titled, gap, in_about = "deck", False, False, False
    counts: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            gap = True
            continue
        title = _TITLE.match(line)
        if title:
            in_about = title.group(1).lower() == "about"
            section, titled, gap = section_key(title.group(1)), True, False
            continue
        if in_about and line.lower().startswith("name "):
            deck.name = line[5:].strip() or deck.name
            continue
        if _COMMENT.match(line):
            continue
        sideboard = _SIDEBOARD_LINE.match(line)
        card = _card(sideboard.group(1) if sideboard else line)
        if card is None:
            deck.problems.append(CardProblem(source, number, "", f"cannot read {line[:60]!r}: expected '4 Name', "
                                             "'4x Name' or 'Name (SET) 12'", "deck.format"))
            continue
        if gap and not titled and section == "deck" and counts.get("deck"):
            section = "sideboard"  # Cockatrice's clipboard and MTGO: a blank line, then the sideboard
        gap = False
        where = "sideboard" if sideboard else section
        counts[where] = counts.get(where, 0) + 1
        deck.lines.append(DeckLine(where, card[0], parse_spec(card[1], numbers=True), number))
    return deck


def write(sections: dict[str, list[tuple[int, str, str]]]) -> str:
    """A text list: "4 Name" lines under a title per section (Deck first, Sideboard last), as Arena writes it."""
    out: list[str] = []
    for name, lines in sections.items():
        out += ([""] if out else []) + [name.replace("_", " ").title() if name != "deck" else "Deck"]
        out += [f"{n} {card}" + (f" ({hint})" if hint else "") for n, card, hint in lines]
    return "\n".join(out) + "\n"
