"""What every foreign deck reader produces (lines of count, section and card spec) and how those become a DeckList.

A reader only parses its format; resolving names to cards (one place: `cards.names`), preferring the sets the rest of
a deck uses for a bare name, and reporting unknown names with file, line and the nearest names happen here, the
same for every format.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field
from typing import Any

from ...errors import TabletopError
from ..decklist import MAX_COPIES, DeckEntry, DeckList
from ..loader import CardLibrary, UnknownCardError
from ..model import CardDef, CardProblem, format_problems
from ..names import CardSpec, name_index, sets_by_use

__all__ = [
    "MAX_DECK_BYTES",
    "DeckLine",
    "DeckReadError",
    "RawDeck",
    "XmlNode",
    "build_deck",
    "decode_text",
    "parse_xml",
    "resolve_lines",
    "section_key",
]

#: A deck list is a few kilobytes; anything far larger is not one.
MAX_DECK_BYTES = 4 * 1024 * 1024

#: Section titles other tools write, to our section names (any other title is lower-cased, spaces to "_").
_SECTION_ALIASES = {
    "main": "deck", "maindeck": "deck", "main deck": "deck", "deck": "deck", "bureau deck": "deck", "bureau": "deck",
    "draw": "deck", "draw deck": "deck", "library": "deck",
    "side": "sideboard", "sideboard": "sideboard", "sb": "sideboard", "side deck": "sideboard",
    "agents": "team", "agent": "team", "team": "team", "starting agents": "team",
    "xfiles": "xfile", "xfile": "xfile", "x-files": "xfile", "x-file": "xfile", "x files": "xfile",
}


class DeckReadError(TabletopError):
    """A deck file that cannot be read at all (wrong encoding, broken XML, another format), located."""

    def __init__(self, problems: list[CardProblem]) -> None:
        self.problems = list(problems)
        super().__init__(format_problems(self.problems))


def section_key(title: str) -> str:
    """Our section name for a tool's section or zone title ("Main" -> deck, "Agents" -> team, "Side" -> sideboard)."""
    words = " ".join(title.replace("_", " ").split()).casefold().rstrip(":")
    return _SECTION_ALIASES.get(words, re.sub(r"[^0-9a-z]+", "_", words).strip("_") or "deck")


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One card line of a deck file: how many, which section, the card as written, where."""

    section: str
    count: int
    spec: CardSpec
    line: int | None = None
    field: str = ""


@dataclass(slots=True)
class RawDeck:
    """A deck file as read, before names are resolved; `problems` are lines that could not be parsed."""

    name: str
    format: str
    lines: list[DeckLine] = field(default_factory=list)
    description: str = ""
    problems: list[CardProblem] = field(default_factory=list)
    #: Every section the file names, in file order, even one with no cards (GCCG's empty "Xfiles").
    sections: list[str] = field(default_factory=list)


def decode_text(data: bytes, source: str, *, latin1: bool = False) -> str:
    """Bytes as text: UTF-8 (a BOM allowed), else ISO-8859-1 when the format allows it, else a located error."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if latin1:
            return data.decode("latin-1")
        line = data[: exc.start].count(b"\n") + 1
        raise DeckReadError([CardProblem(source, line, "", f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save "
                                         "the deck list as UTF-8")]) from None


@dataclass(slots=True)
class XmlNode:
    """An XML element with the line it starts on (ElementTree keeps no lines)."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[XmlNode] = field(default_factory=list)
    text: str = ""

    def find_all(self, tag: str) -> list[XmlNode]:
        """Direct children with this tag (case-insensitive)."""
        return [c for c in self.children if c.tag.casefold() == tag.casefold()]

    def attr(self, name: str) -> str:
        """An attribute by name, case-insensitively ("" when absent)."""
        for key, value in self.attrs.items():
            if key.casefold() == name.casefold():
                return value
        return ""


def parse_xml(data: bytes, source: str) -> XmlNode:
    """The root of an XML document with lines; a DTD's entities are refused (no expansion bombs, no file reads)."""
    parser = xml.parsers.expat.ParserCreate()
    stack: list[XmlNode] = []
    root: list[XmlNode] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = XmlNode(tag, dict(attrs), parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def text(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    def entity(*_args: Any) -> None:
        raise ValueError("the file declares XML entities, which a deck list never needs")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise DeckReadError([CardProblem(source, exc.lineno, "", f"broken XML: {xml.parsers.expat.ErrorString(exc.code)}"
                                         f" (column {exc.offset + 1})")]) from None
    except ValueError as exc:
        raise DeckReadError([CardProblem(source, parser.CurrentLineNumber, "", str(exc))]) from None
    return root[0]


def _count_problem(line: DeckLine, source: str) -> CardProblem | None:
    if 1 <= line.count <= MAX_COPIES:
        return None
    return CardProblem(source, line.line, line.field, f"count must be 1 to {MAX_COPIES}, not {line.count}",
                       "deck.format")


def resolve_lines(
    lines: list[DeckLine], library: CardLibrary, source: str, *, fixed: dict[int, CardDef] | None = None,
    default_set: str = "",
) -> tuple[dict[str, list[DeckEntry]], list[str], list[CardProblem]]:
    """Deck lines to sections of entries, the notes on printings chosen, and every line that names no card.

    `fixed` holds lines already resolved by id (their index). A bare name with several printings takes the first
    printing in the set the rest of the deck uses most (`default_set` first), else the first printing.
    """
    index = name_index(library)
    chosen: dict[int, CardDef] = dict(fixed or {})
    open_lines: dict[int, list[CardDef]] = {}
    problems: list[CardProblem] = []
    for i, line in enumerate(lines):
        if i in chosen:
            continue
        bad = _count_problem(line, source)
        if bad is not None:
            problems.append(bad)
            continue
        try:
            found = index.candidates(line.spec)
        except UnknownCardError as exc:
            problems.append(CardProblem(source, line.line, line.field, exc.message, "unknown_card"))
            continue
        if len(found) == 1 or line.spec.set:  # a set named: its first printing, as GCCG reads "NAME (ABBR)"
            chosen[i] = found[0]
        else:
            open_lines[i] = found
    used = sets_by_use(chosen.values())
    notes: list[str] = []
    for i, found in open_lines.items():
        best = max(found, key=lambda c: (c.set == default_set, used.get(c.set, 0)))  # max keeps the first of a tie
        chosen[i] = best
        others = ", ".join(c.ref for c in found if c is not best)
        where = f"{source}:{lines[i].line}" if lines[i].line else source
        notes.append(f"{where}: {lines[i].spec.name!r} is printed {len(found)} times: took {best.ref} "
                     f"(others: {others}; name one with its set or '#N')")
    sections: dict[str, list[DeckEntry]] = {}
    for i, line in enumerate(lines):
        sections.setdefault(line.section, [])
        if i in chosen:
            sections[line.section].append(DeckEntry(chosen[i].ref, line.count, line.line))
    return sections, notes, problems


def build_deck(raw: RawDeck, library: CardLibrary, source: str, path: Any = None) -> tuple[DeckList, list[CardProblem]]:
    """A RawDeck resolved against `library`: the deck (unknown lines left out) and every problem, located."""
    sections, notes, problems = resolve_lines(raw.lines, library, source)
    sections = {name: sections.get(name, []) for name in [*raw.sections, *sections]}
    deck = DeckList(name=raw.name, path=path, sections=sections, description=raw.description)
    deck.notes = notes
    deck.format = raw.format
    return deck, raw.problems + problems
