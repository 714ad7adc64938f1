"""Deck lists: which cards, how many, in which named sections, checked against a CardLibrary with located errors.

```yaml
name: Standard deck
set: standard            # default set for bare ids
sections:
  deck:
    - AS                 # one copy
    - 3x QS              # the count shorthand: N, "x", a space, the id
    - {card: KH, count: 2}
    - other-set/ID       # a ref into another set
```
A file that is just a list of entries is the `deck` section.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import TabletopError
from ..yamlsafe import Located, YamlError, load_file, load_located
from .decklist import DEFAULT_SECTION, MAX_COPIES, DeckEntry, DeckList
from .loader import DECKS_DIR, CardLibrary, UnknownCardError, default_library, display_path
from .model import CardDef, CardProblem, format_problems

__all__ = [
    "DEFAULT_SECTION",
    "MAX_COPIES",
    "DeckEntry",
    "DeckError",
    "DeckList",
    "deck_to_data",
    "load_deck",
    "load_deck_text",
    "parse_deck",
    "read_deck",
    "read_deck_for_play",
    "shipped_deck",
]


_COUNT_SHORTHAND = re.compile(r"(\d+)\s*x\s+(\S.*)")
_DECK_KEYS = ("name", "set", "description", "ruleset", "sections", "cards")
_ENTRY_KEYS = ("card", "count")


class DeckError(TabletopError):
    """A deck list that cannot be used; `problems` names the file, line and field of every problem found."""

    def __init__(self, problems: list[CardProblem]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        super().__init__(
            f"{count} problem{'s' if count != 1 else ''} in deck list:\n{format_problems(self.problems)}"
        )


class _DeckReader:
    def __init__(self, doc: Located, library: CardLibrary, path: Path | None) -> None:
        self.doc = doc
        self.library = library
        self.path = path
        self.problems: list[CardProblem] = []
        self.bad_default_set = False
        self.lines: list[Any] = []
        self.fixed: dict[int, CardDef] = {}

    def problem(self, path: tuple[Any, ...], message: str) -> None:
        doc = self.doc
        self.problems.append(CardProblem(doc.source, doc.line_of(path), doc.field_name(path), message))

    def text(self, data: Mapping[Any, Any], key: str) -> str:
        value = data.get(key)
        if value is None:
            return ""
        if not isinstance(value, str):
            self.problem((key,), f"expected a string, not {type(value).__name__}")
            return ""
        return value

    def read(self) -> DeckList:
        data = self.doc.data
        stem = self.path.stem if self.path is not None else "deck"
        deck = DeckList(name=stem, path=self.path)
        if isinstance(data, list):
            deck.sections[DEFAULT_SECTION] = self.section(data, ())
            return deck
        if not isinstance(data, Mapping):
            self.problem((), "expected a deck: a mapping with 'sections', or a list of cards")
            return deck
        for key in data:
            if key not in _DECK_KEYS:
                self.problem((key,), f"unknown key {key!r}; expected one of: {', '.join(_DECK_KEYS)}")
        deck.name = self.text(data, "name") or stem
        deck.description = self.text(data, "description")
        deck.ruleset = self.text(data, "ruleset")
        deck.set = self.text(data, "set")
        if deck.set:
            try:
                self.library.require_set(deck.set)
            except UnknownCardError as exc:
                self.problem(("set",), exc.message)
                self.bad_default_set = True
        if "sections" in data and "cards" in data:
            self.problem(("cards",), "use either 'sections' or 'cards' (the deck section), not both")
        if "cards" in data and "sections" not in data:
            cards = data["cards"]
            if not isinstance(cards, list):
                self.problem(("cards",), "expected a list of cards")
            else:
                deck.sections[DEFAULT_SECTION] = self.section(cards, ("cards",), deck.set)
            return deck
        sections = data.get("sections")
        if sections is None:
            self.problem((), "missing 'sections' (or a 'cards' list)")
            return deck
        if not isinstance(sections, Mapping):
            self.problem(("sections",), "expected a mapping from section name to a list of cards")
            return deck
        for name, entries in sections.items():
            path = ("sections", name)
            if not isinstance(name, str) or not name:
                self.problem(path, "section names must be non-empty strings")
            elif entries is None:
                deck.sections[name] = []
            elif not isinstance(entries, list):
                self.problem(path, "expected a list of cards")
            else:
                deck.sections[name] = self.section(entries, path, deck.set)
        return deck

    def section(self, entries: list[Any], path: tuple[Any, ...], default_set: str = "") -> list[DeckEntry]:
        name = path[-1] if path and path[0] == "sections" else DEFAULT_SECTION
        for index, raw in enumerate(entries):
            self.entry(raw, (*path, index), default_set, str(name))
        return []  # filled by finish(), once every name is known (a bare name prefers the deck's other sets)

    def entry(self, raw: Any, path: tuple[Any, ...], default_set: str, section: str) -> None:
        count: Any = 1
        token: Any = raw
        token_path = path
        if isinstance(raw, Mapping):
            for key in raw:
                if key not in _ENTRY_KEYS:
                    self.problem(
                        (*path, key), f"unknown key {key!r}; an entry has 'card' and optional 'count'"
                    )
            if "card" not in raw:
                self.problem(path, "missing 'card'")
                return
            token, token_path = raw["card"], (*path, "card")
            count = raw.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool):
                self.problem((*path, "count"), f"expected a whole number of copies, not {count!r}")
                return
        elif isinstance(raw, str):
            token = raw.strip()
            match = _COUNT_SHORTHAND.fullmatch(token)
            if match:
                count, token = int(match.group(1)), match.group(2).strip()
        if isinstance(token, int) and not isinstance(token, bool):
            token = str(token)
        if not isinstance(token, str) or not token:
            self.problem(token_path, "expected a card id or name, 'set/ID', 'Nx NAME' or {card: ID, count: N}")
            return
        if not 1 <= count <= MAX_COPIES:
            self.problem(
                (*path, "count") if isinstance(raw, Mapping) else path,
                f"count must be 1 to {MAX_COPIES}, not {count}",
            )
            return
        if self.bad_default_set and "/" not in token and not any(ch.isspace() for ch in token):
            return  # already reported on `set`
        self.add_line(section, count, token, token_path, path, default_set)

    def add_line(self, section: str, count: int, token: str, token_path: tuple[Any, ...], path: tuple[Any, ...],
                 default_set: str) -> None:
        from .importers.deck_lines import DeckLine
        from .names import name_index, parse_spec

        spec = parse_spec(token)
        line = DeckLine(section, count, spec, self.doc.line_of(path), self.doc.field_name(token_path))
        if not any(ch.isspace() for ch in token):
            try:
                card = self.library.resolve(token, (default_set or None) if not self.bad_default_set else None)
            except UnknownCardError as exc:
                if not name_index(self.library).printings(spec.name):
                    self.problems.append(CardProblem(self.doc.source, line.line, line.field, exc.message,
                                                     "unknown_card"))
                    return
            else:
                self.fixed[len(self.lines)] = card
        self.lines.append(line)

    def finish(self, deck: DeckList) -> DeckList:
        from .importers.deck_lines import resolve_lines

        sections, notes, problems = resolve_lines(self.lines, self.library, self.doc.source, fixed=self.fixed,
                                                  default_set=deck.set if not self.bad_default_set else "")
        deck.sections = {name: sections.get(name, []) for name in [*deck.sections, *sections]}
        deck.notes = notes
        self.problems += problems
        return deck


def parse_deck(
    doc: Located, library: CardLibrary | None = None, path: str | os.PathLike[str] | None = None
) -> tuple[DeckList, list[CardProblem]]:
    """Build a deck from already parsed YAML (e.g. one embedded in a save), returning the entries and every problem."""
    reader = _DeckReader(
        doc, library if library is not None else default_library(), Path(path) if path else None
    )
    deck = reader.finish(reader.read())
    return deck, reader.problems


def read_deck(
    path: str | os.PathLike[str], library: CardLibrary | None = None
) -> tuple[DeckList | None, list[CardProblem]]:
    """Load a deck file of any format we read without raising: the deck (None if unreadable) and every problem.

    Unknown card names leave their line out of the deck and are problems of code `unknown_card`.
    """
    from .importers.decks_read import read_foreign

    path = Path(path)
    library = library if library is not None else default_library()
    foreign = read_foreign(path, display_path(path), library)  # GCCG, Cockatrice, OCTGN, text: told by content
    if foreign is not None:
        return foreign
    try:
        doc = load_file(path, source=display_path(path))
    except YamlError as exc:
        return None, [CardProblem(exc.file, exc.line, exc.field, exc.message)]
    if not isinstance(doc.data, (Mapping, list)):  # not a deck in any format we read: bad input, not a bad deck
        return None, [CardProblem(doc.source, doc.line_of(()), "", "not a deck list: expected a YAML deck (a mapping "
                                  "with 'sections', or a list of cards), a GCCG .deck, a Cockatrice .cod, an OCTGN "
                                  ".o8d, a Tabletop Simulator save or a text list ('4 Name' lines)")]
    return parse_deck(doc, library, path)


def load_deck(path: str | os.PathLike[str], library: CardLibrary | None = None) -> DeckList:
    """Load a deck file against `library` (default: `default_library()`); raise DeckError listing every problem."""
    deck, problems = read_deck(path, library)
    if problems or deck is None:
        raise DeckError(problems)
    return deck


def read_deck_for_play(
    path: str | os.PathLike[str], library: CardLibrary | None = None
) -> tuple[DeckList, list[CardProblem]]:
    """A deck to start a game with, and its lines that name no card (left out; the rules dial judges them).

    Raises DeckError for a file that cannot be read or a list that is malformed: no game can start from it.
    """
    deck, problems = read_deck(path, library)
    unknown = [p for p in problems if p.code == "unknown_card"]
    if deck is None or len(unknown) != len(problems):
        raise DeckError([p for p in problems if p.code != "unknown_card"] or problems)
    return deck, unknown


def shipped_deck(library: CardLibrary, set_name: str, file_name: str) -> DeckList:
    """One of a set's shipped deck lists (`decks/FILE` in its folder), as read with the set: no file is opened.

    Raises DeckError when the set ships no such deck or the deck has problems, UnknownCardError for an unknown set.
    """
    card_set = library.require_set(set_name)
    where = card_set.path / DECKS_DIR / file_name if card_set.path is not None else None
    doc = card_set.decks.get(file_name)
    if doc is None:
        known = ", ".join(card_set.decks) or "none"
        raise DeckError([CardProblem(display_path(where) if where else f"{set_name}/{DECKS_DIR}/{file_name}", None, "",
                                     f"the set {set_name!r} ships no deck {file_name!r} (its decks: {known})")])
    if isinstance(doc, CardProblem):
        raise DeckError([doc])
    deck, problems = parse_deck(doc, library, where)
    if problems:
        raise DeckError(problems)
    return deck


def load_deck_text(text: str, source: str, library: CardLibrary | None = None) -> DeckList:
    """Like load_deck, for YAML text already in memory; `source` names it in errors."""
    try:
        doc = load_located(text, source)
    except YamlError as exc:
        raise DeckError([CardProblem(exc.file, exc.line, exc.field, exc.message)]) from exc
    deck, problems = parse_deck(doc, library)
    if problems:
        raise DeckError(problems)
    return deck


def deck_to_data(deck: DeckList) -> dict[str, Any]:
    """A deck as plain data in the deck-list format (counts as `Nx ID` shorthand; bare ids for the default set)."""
    sections: dict[str, list[str]] = {}
    for name, entries in deck.sections.items():
        items = []
        for entry in entries:
            set_name, _, card_id = entry.ref.partition("/")
            token = card_id if deck.set and set_name == deck.set else entry.ref
            items.append(token if entry.count == 1 else f"{entry.count}x {token}")
        sections[name] = items
    data: dict[str, Any] = {"name": deck.name}
    for key in ("set", "description", "ruleset"):
        value = getattr(deck, key)
        if value:
            data[key] = value
    data["sections"] = sections
    return data
