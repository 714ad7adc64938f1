"""The deck-list data types (entries, sections), apart from reading them, so every deck reader builds the same thing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["DEFAULT_SECTION", "MAX_COPIES", "DeckEntry", "DeckList"]

DEFAULT_SECTION = "deck"
#: Most copies one entry may ask for (a typo like `3000x AS` should not build a 3000-card pile).
MAX_COPIES = 999


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a deck list: a resolved `set/id` ref, how many copies, and the line it came from."""

    ref: str
    count: int = 1
    line: int | None = None


@dataclass(slots=True)
class DeckList:
    """A named deck: sections (deck, sideboard, team, ...) of entries, in file order."""

    name: str
    path: Path | None = None
    sections: dict[str, list[DeckEntry]] = field(default_factory=dict)
    set: str = ""
    description: str = ""
    ruleset: str = ""
    #: What the reader chose for the player (a printing taken for a bare name that several sets print), one line each.
    notes: list[str] = field(default_factory=list)
    #: The file format it was read from: yaml, gccg, cockatrice, octgn or text.
    format: str = "yaml"

    def expanded(self, section: str = DEFAULT_SECTION) -> list[str]:
        """The refs of a section with each repeated by its count, in list order ([] for a missing section)."""
        return [entry.ref for entry in self.sections.get(section, []) for _ in range(entry.count)]

    def counts(self, section: str | None = None) -> dict[str, int]:
        """Copies per ref in one section, or over all sections when `section` is None."""
        names = self.sections if section is None else [section]
        counter: Counter[str] = Counter()
        for name in names:
            for entry in self.sections.get(name, []):
                counter[entry.ref] += entry.count
        return dict(counter)

    def total(self, section: str | None = None) -> int:
        """Number of cards in one section, or in all sections when `section` is None."""
        return sum(self.counts(section).values())
