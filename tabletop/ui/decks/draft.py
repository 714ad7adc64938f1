"""A deck being edited: copies per section, undo and redo, and its legality read live from the ruleset's deck check.

The editor's panels only read a `DeckDraft` and call its verbs, so what the window shows and what a test asserts are
the same data. Nothing here draws or imports pygame: the draft is the deck editor's model, kept apart from its widgets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...cards.decks import DeckEntry, DeckList

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary
    from ...rules.base import Ruleset

__all__ = ["SIDEBOARD", "DeckDraft", "DeckProblem", "DeckStats"]

#: The section every deck may keep beside the ones its ruleset reads; never dealt onto the table.
SIDEBOARD = "sideboard"
_UNDO_DEPTH = 200


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One thing that keeps the deck from being legal: the rule it breaks, the sentence, the cards at fault."""

    code: str
    rule: str
    message: str
    refs: tuple[str, ...] = ()

    def line(self) -> str:
        return f"{self.rule}: {self.message}" if self.rule else self.message


@dataclass(frozen=True, slots=True)
class DeckStats:
    """What a designer reads at a glance: cards per section, per type, and the cost curve."""

    per_section: Mapping[str, int]
    per_type: Mapping[str, int]
    curve: Mapping[int, int]
    total: int


#: what undo restores: the notes and every section's copies
_Snapshot = tuple[str, tuple[tuple[str, tuple[tuple[str, int], ...]], ...]]


class DeckDraft:
    """The deck in the editor: ordered sections of `ref -> copies`, a name and notes, an undo stack, a dirty flag."""

    def __init__(self, library: CardLibrary, ruleset: Ruleset | None = None, *, name: str = "New deck",
                 path: Path | None = None, notes: str = "") -> None:
        self.library = library
        self.ruleset = ruleset
        self.name = name
        self.path = path
        self.notes = notes
        self.sections: dict[str, dict[str, int]] = {s: {} for s, _ in self.section_labels()}
        self._undo: list[_Snapshot] = []
        self._redo: list[_Snapshot] = []
        self._saved = (self.name, self._snapshot())
        self._problems: list[DeckProblem] | None = None

    # ------------------------------------------------------------------ building

    @classmethod
    def from_decklist(cls, deck: DeckList, library: CardLibrary, ruleset: Ruleset | None = None) -> DeckDraft:
        """A draft holding a deck list read from a file: its sections in order, then the ruleset's empty ones."""
        draft = cls(library, ruleset, name=deck.name, path=deck.path, notes=deck.description)
        for section, entries in deck.sections.items():
            counts = draft.sections.setdefault(section, {})
            for entry in entries:
                counts[entry.ref] = counts.get(entry.ref, 0) + entry.count
        draft._saved = (draft.name, draft._snapshot())
        return draft

    def section_labels(self) -> list[tuple[str, str]]:
        """The sections this deck shows, in order, with their labels: the ruleset's, then the sideboard."""
        declared = list(getattr(self.ruleset, "deck_sections", ()) or (("deck", "Deck"),))
        extra = [(s, s.capitalize()) for s in getattr(self, "sections", {}) if s not in dict(declared)]
        out = declared + [e for e in extra if e[0] != SIDEBOARD]
        return out if SIDEBOARD in dict(out) else [*out, (SIDEBOARD, "Sideboard")]

    def section_for(self, card: CardDef) -> str:
        """The section a card added without a destination goes to (an Agent to the Team, ...)."""
        pick = getattr(self.ruleset, "deck_section_for", None)
        section = pick(card) if pick is not None else None
        return section if section in self.sections or section else next(iter(self.sections))

    # ------------------------------------------------------------------ verbs

    def add(self, ref: str, section: str | None = None, count: int = 1) -> str:
        """Add copies of a card (to the section its type belongs to unless one is named); returns the section."""
        card = self.library.get(ref)
        section = section or self.section_for(card)
        self._remember()
        counts = self.sections.setdefault(section, {})
        counts[card.ref] = counts.get(card.ref, 0) + count
        return section

    def remove(self, ref: str, section: str, count: int = 1) -> bool:
        """Take copies of a card out of a section; False (nothing changed) when it holds none."""
        counts = self.sections.get(section, {})
        if counts.get(ref, 0) <= 0:
            return False
        self._remember()
        left = counts[ref] - count
        if left > 0:
            counts[ref] = left
        else:
            del counts[ref]
        return True

    def move(self, ref: str, src: str, dst: str) -> bool:
        """Move one copy between sections (to the sideboard and back, or an Agent into the Team)."""
        if src == dst or self.sections.get(src, {}).get(ref, 0) <= 0:
            return False
        self._remember()
        self.sections[src][ref] -= 1
        if not self.sections[src][ref]:
            del self.sections[src][ref]
        dst_counts = self.sections.setdefault(dst, {})
        dst_counts[ref] = dst_counts.get(ref, 0) + 1
        return True

    def set_notes(self, text: str) -> None:
        """The deck's notes, kept in the file as its description."""
        self._remember()
        self.notes = text

    def clear(self) -> None:
        """Empty every section (New deck keeps the ruleset and starts again)."""
        self._remember()
        for counts in self.sections.values():
            counts.clear()

    def set_ruleset(self, ruleset: Ruleset | None) -> None:
        """Judge the deck by another ruleset: its sections appear, cards stay where they are."""
        self.ruleset = ruleset
        for section, _ in self.section_labels():
            self.sections.setdefault(section, {})
        self._problems = None

    # ------------------------------------------------------------------ undo

    def _snapshot(self) -> _Snapshot:
        return self.notes, tuple((s, tuple(c.items())) for s, c in self.sections.items())

    def _restore(self, snap: _Snapshot) -> None:
        self.notes = snap[0]
        self.sections = {s: dict(c) for s, c in snap[1]}
        self._problems = None

    def _remember(self) -> None:
        self._undo.append(self._snapshot())
        del self._undo[:-_UNDO_DEPTH]
        self._redo.clear()
        self._problems = None

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
        return True

    @property
    def dirty(self) -> bool:
        """Changed since it was opened or last saved (its name too)."""
        return (self.name, self._snapshot()) != self._saved

    def mark_saved(self, path: Path | None = None) -> None:
        self._saved = (self.name, self._snapshot())
        if path is not None:
            self.path = path

    # ------------------------------------------------------------------ reading

    def copies(self, ref: str, section: str | None = None) -> int:
        """Copies of a card in one section, or in the deck's played sections (the sideboard not counted)."""
        if section is not None:
            return self.sections.get(section, {}).get(ref, 0)
        return sum(c.get(ref, 0) for s, c in self.sections.items() if s != SIDEBOARD)

    def copy_limit(self, ref: str) -> int | None:
        """Most copies the ruleset allows of this card, None when it sets no limit."""
        limit = getattr(self.ruleset, "deck_copy_limit", None)
        return limit(self.library.get(ref)) if limit is not None else None

    def entries(self, section: str) -> list[tuple[str, int]]:
        """(ref, copies) of a section, sorted by card name so a list reads like a deck list."""
        counts = self.sections.get(section, {})
        return sorted(counts.items(), key=lambda rc: (self.library.get(rc[0]).name.lower(), rc[0]))

    def to_decklist(self) -> DeckList:
        """The deck list this draft stands for (empty sections left out, the sideboard kept)."""
        deck = DeckList(name=self.name, path=self.path, description=self.notes,
                        ruleset=getattr(self.ruleset, "name", "") or "")
        for section, counts in self.sections.items():
            if counts:
                deck.sections[section] = [DeckEntry(ref, n) for ref, n in self.entries(section)]
        return deck

    def problems(self) -> list[DeckProblem]:
        """Every problem the ruleset's own deck check finds, each with its rule and the cards at fault (cached)."""
        if self._problems is None:
            self._problems = self._judge()
        return self._problems

    def _judge(self) -> list[DeckProblem]:
        if self.ruleset is None:
            return []
        deck = self.to_decklist()
        if SIDEBOARD not in dict(getattr(self.ruleset, "deck_sections", ())):
            deck.sections.pop(SIDEBOARD, None)  # kept with the deck, judged only by a ruleset that reads it
        out = []
        for v in self.ruleset.deck_problems(deck, self.library):
            refs = tuple(str(p) for p in getattr(v, "pieces", ()) or () if str(p) in self.library)
            out.append(DeckProblem(v.code, getattr(v, "rule", "") or "", v.message, refs))
        return out

    def faulty(self) -> set[str]:
        """The cards some problem names, and the cards over their copy limit: the ones the editor marks."""
        refs = {r for p in self.problems() for r in p.refs}
        for counts in self.sections.values():
            for ref in counts:
                limit = self.copy_limit(ref)
                if limit is not None and self.copies(ref) > limit:
                    refs.add(ref)
        return refs

    def stats(self) -> DeckStats:
        per_type: Counter[str] = Counter()
        curve: Counter[int] = Counter()
        per_section = {s: sum(c.values()) for s, c in self.sections.items()}
        for section, counts in self.sections.items():
            if section == SIDEBOARD:
                continue
            for ref, n in counts.items():
                card = self.library.get(ref)
                per_type[card.type or "card"] += n
                cost = _cost(card)
                if cost is not None:
                    curve[cost] += n
        total = sum(n for s, n in per_section.items() if s != SIDEBOARD)
        return DeckStats(per_section, dict(per_type.most_common()), dict(sorted(curve.items())), total)


def _cost(card: CardDef) -> int | None:
    """A card's cost as a whole number, when its data gives one (cost, value or the first digits of a cost text)."""
    for key in ("cost", "value"):
        raw: Any = card.fields.get(key)
        if isinstance(raw, bool):
            continue
        if isinstance(raw, int):
            return raw
        if isinstance(raw, str):
            digits = "".join(_leading_digits(raw))
            if digits:
                return int(digits)
    return None


def _leading_digits(text: str) -> Iterable[str]:
    for ch in text.strip():
        if not ch.isdigit():
            return
        yield ch
