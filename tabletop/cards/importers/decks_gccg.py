"""GCCG `.deck` files: the deck lists of GCCG, the program X-Files CCG players use online, read by card name.

The shape: `#` comment lines (a header naming the program and game, `####` rules around titles, `# Hazard (30)`
counts), a title line per section ("Agents", "Deck", "Xfiles", "Sideboard"), card lines "N NAME", "N NAME (ABBR)"
and "N NAME #2" (a printing), and a free-text "Notes" section. Files are ISO-8859-1 when they are not UTF-8.
"""

from __future__ import annotations

import re

from ..model import CardProblem
from ..names import parse_spec
from .deck_lines import DeckLine, RawDeck, decode_text, section_key

__all__ = ["FORMAT", "looks_like", "read", "write"]

FORMAT = "gccg"

_HEADER = re.compile(r"^#\s*GCCG\b.*\bdeck\s*$", re.IGNORECASE)
_RULE = re.compile(r"^#{3,}\s*$")
_CARD = re.compile(r"^(\d+)\s+(\S.*)$")
_FREE_TEXT = {"notes", "note", "comments"}


def looks_like(text: str) -> bool:
    """A GCCG deck: its header comment, or a section title between two `####` rules."""
    lines = [line.strip() for line in text.splitlines()[:400]]
    if any(_HEADER.match(line) for line in lines[:8]):
        return True
    return any(_RULE.match(a) and b and not b.startswith("#") and _RULE.match(c)
               for a, b, c in zip(lines, lines[1:], lines[2:], strict=False))


def read(data: bytes, source: str, name: str) -> RawDeck:
    """The deck's lines by section; a line that is neither a comment, a title nor "N NAME" is reported."""
    text = decode_text(data, source, latin1=True)
    deck = RawDeck(name=name, format=FORMAT)
    section, free_text, header_done = "deck", False, False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line.lstrip("#").strip()
            if header_done and number <= 6 and comment and not deck.description and not _RULE.match(line):
                deck.description = comment
            header_done = header_done or bool(_HEADER.match(line))
            continue
        match = _CARD.match(line)
        if match and not free_text:
            deck.lines.append(DeckLine(section, int(match.group(1)), parse_spec(match.group(2)), number))
        elif free_text:
            continue
        elif line.startswith("="):
            continue
        elif len(line) <= 40:
            free_text = line.casefold().rstrip(":") in _FREE_TEXT
            section = section_key(line)
            if not free_text and section not in deck.sections:
                deck.sections.append(section)
        else:
            deck.problems.append(CardProblem(source, number, "", f"cannot read {line[:60]!r}: expected a card line "
                                             "'N NAME (ABBR)' or a section title", "deck.format"))
    return deck


_TITLES = {"team": "Agents", "deck": "Deck", "xfile": "Xfiles", "sideboard": "Sideboard"}


def write(sections: dict[str, list[tuple[int, str, str]]], game: str, title: str) -> str:
    """A deck as GCCG writes one: `sections` maps our section name to (count, NAME, ABBR) lines."""
    out = ["#", f"# GCCG v0.9.8 {game} deck", "#", f"#      {title}", "#", ""]
    for name, lines in sections.items():
        heading = _TITLES.get(name, name.replace("_", " ").title())
        rule = "#" * len(heading)
        out += [rule, heading, rule, "", f"#  ({sum(n for n, _, _ in lines)})", ""]
        out += [f"{n} {card}" + (f" ({abbrev})" if abbrev else "") for n, card, abbrev in lines]
        out.append("")
    return "\n".join(out) + "\n"
