"""Card names resolve to cards in one place, so every deck format and search agrees on what a name means.

A name matches across case, spacing, punctuation, accents and typographic quotes ("NO COMMENT" = ‘No Comment’).
A printing is chosen by set (a set name, title or its `abbrev`, as GCCG writes "(SMP)"), by a trailing " #N"
(the Nth printing of that name, as GCCG writes it), or by a collector number ("Name (SET) 12"). A bare name with
several printings takes the first (library order, as GCCG does), preferring sets the rest of a deck uses.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .loader import CardLibrary, UnknownCardError
from .model import CardDef

__all__ = [
    "CardSpec",
    "NameIndex",
    "fold",
    "library_signature",
    "name_index",
    "parse_spec",
    "printing_of",
    "sets_by_use",
]

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
                         "\u00b4": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
                         "\u2013": "-", "\u2014": "-", "\u2212": "-"})
_DROPPED = re.compile(r"['\"]")
_SEPARATORS = re.compile(r"[^0-9a-z]+")
_PRINTING = re.compile(r"\s+#(\d+)\s*$")
_SET_SUFFIX = re.compile(r"\s*\(([^()]+)\)\s*$")
_REF = re.compile(r"^[^\s/]+/[^\s/]+$")


def fold(name: str) -> str:
    """The key two spellings of one name share: lower case, no accents, quotes or punctuation, single spaces."""
    text = unicodedata.normalize("NFKD", name.translate(_QUOTES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return " ".join(_SEPARATORS.split(_DROPPED.sub("", text))).strip()


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What one deck line asks for: a name (or a `set/id` ref or id), and optionally a set, printing or number."""

    name: str
    set: str = ""
    printing: int | None = None
    number: str = ""
    id: str = ""


def parse_spec(text: str, *, numbers: bool = False, sets: bool = True) -> CardSpec:
    """A card as a deck line writes it: "NAME", "NAME (ABBR)", "NAME #2", "NAME #2 (ABBR)", "Name (SET) 12".

    A "#" inside a name ("CAMPSITE #53, SIOUX CITY, IA") stays part of it; only a trailing " #N" is a printing.
    With `numbers`, a trailing number after a "(SET)" is a collector number (the MTGO/Arena shape); without `sets`
    (formats that give the set apart), only the " #N" is read.
    """
    name, set_hint, printing, number = text.strip(), "", None, ""
    for _ in range(2):  # "(SET)" and "#N" may come in either order
        match = _SET_SUFFIX.search(name) if sets and not set_hint else None
        if numbers and sets and not set_hint and match is None:
            with_number = re.search(r"\s*\(([^()]+)\)\s+(\S+)\s*$", name)
            if with_number:
                set_hint, number = with_number.group(1).strip(), with_number.group(2)
                name = name[: with_number.start()]
                continue
        if match and match.start() > 0:
            set_hint, name = match.group(1).strip(), name[: match.start()]
            continue
        printed = _PRINTING.search(name) if printing is None else None
        if printed and printed.start() > 0:
            printing, name = int(printed.group(1)), name[: printed.start()]
            continue
        break
    return CardSpec(name.strip(), set_hint, printing, number)


def printing_of(card: CardDef) -> tuple[str, int | None]:
    """A card's name without a trailing " #N", and N (or its `printing` field), as a set may write either."""
    match = _PRINTING.search(card.name)
    explicit = card.get("printing")
    if isinstance(explicit, int) and not isinstance(explicit, bool):
        return (card.name[: match.start()] if match else card.name), explicit
    if match and match.start() > 0:
        return card.name[: match.start()], int(match.group(1))
    return card.name, None


class NameIndex:
    """Every card of a library by folded name, with its printings in library order, and each set by its names."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self.version = library_signature(library)
        self.by_name: dict[str, list[CardDef]] = {}
        self.by_full: dict[str, list[CardDef]] = {}
        self.sets: dict[str, str] = {}
        for card_set in library.sets.values():
            abbrev = card_set.extra.get("abbrev")
            for key in (card_set.name, card_set.title, abbrev if isinstance(abbrev, str) else ""):
                if key:
                    self.sets.setdefault(fold(key), card_set.name)
        for card in library:
            printed = card.get("abbrev")  # the set a card was printed in, when one folder holds several (import)
            if isinstance(printed, str) and printed:
                self.sets.setdefault(fold(printed), card.set)
            base, _ = printing_of(card)
            self.by_name.setdefault(fold(base), []).append(card)
            self.by_full.setdefault(fold(card.name), []).append(card)
        for key, cards in self.by_name.items():
            self.by_name[key] = _in_printing_order(cards)
        self._names = {key: cards[0].name for key, cards in self.by_name.items()}

    def set_named(self, hint: str) -> str | None:
        """The set a deck line's "(ABBR)" means: by abbreviation, folder name or title; None if no set is."""
        return self.sets.get(fold(hint))

    def printings(self, name: str) -> list[CardDef]:
        """Every card printed under this name (folded), first printing first; [] for a name no set prints."""
        key = fold(name)
        return list(self.by_name.get(key) or self.by_full.get(key) or [])

    def nearest(self, name: str, count: int = 3) -> list[str]:
        """The printed names closest to `name`, for an "unknown card" message."""
        keys = difflib.get_close_matches(fold(name), list(self._names), n=count, cutoff=0.6)
        return [self._names[k] for k in keys]

    def candidates(self, spec: CardSpec) -> list[CardDef]:
        """The cards a spec may mean, first choice first (several only for a bare name with several printings).

        Raises UnknownCardError naming what is wrong: no such name, set or printing.
        """
        if spec.id or _REF.match(spec.name):
            found = self._by_id(spec.id or spec.name, spec.set)
            if found is not None:
                return [found]
        exact = self.by_full.get(fold(spec.name), [])
        cards = exact if (exact and spec.printing is None) else self.printings(spec.name)
        if not cards:
            raise UnknownCardError(self.unknown_message(spec.name))
        if spec.set:
            set_name = self.set_named(spec.set)
            if set_name is None:
                raise UnknownCardError(f"unknown set {spec.set!r} for {spec.name!r} (no loaded set has that name "
                                       "or abbrev)")
            in_set = [c for c in cards if c.set == set_name]
            in_set = [c for c in in_set if fold(str(c.get("abbrev") or "")) == fold(spec.set)] or in_set
            if not in_set:
                sets = ", ".join(dict.fromkeys(c.set for c in cards))
                raise UnknownCardError(f"{cards[0].name!r} is not in set {set_name!r} (it is in: {sets})")
            cards = in_set
        if spec.printing is not None:  # "#N" counts the printings within one set; a bare one may match in several
            by_set: dict[str, list[CardDef]] = {}
            for card in cards:
                by_set.setdefault(card.set, []).append(card)
            found = [self._printing(group, spec) for group in by_set.values() if self._has_printing(group, spec)]
            cards = found or [self._printing(cards, spec)]
        if spec.number:
            numbered = [c for c in cards if _number_matches(c, spec.number)]
            cards = numbered or cards
        return cards

    def unknown_message(self, name: str) -> str:
        """"no card named X" with the nearest printed names."""
        near = self.nearest(name)
        hint = f" (nearest: {', '.join(near)})" if near else ""
        return f"no card named {name!r} in the loaded sets{hint}"

    def _by_id(self, token: str, set_hint: str) -> CardDef | None:
        try:
            set_name = self.set_named(set_hint) if set_hint else None
            return self.library.resolve(token, set_name)
        except UnknownCardError:
            return None

    @classmethod
    def _has_printing(cls, cards: Sequence[CardDef], spec: CardSpec) -> bool:
        try:
            cls._printing(cards, spec)
        except UnknownCardError:
            return False
        return True

    @staticmethod
    def _printing(cards: Sequence[CardDef], spec: CardSpec) -> CardDef:
        number = spec.printing or 0
        explicit = [c for c in cards if printing_of(c)[1] == number]
        if explicit:
            return explicit[0]
        if number == 1:
            plain = [c for c in cards if printing_of(c)[1] is None]
            if plain:
                return plain[0]
        if 1 <= number <= len(cards) and not any(printing_of(c)[1] for c in cards):
            return cards[number - 1]
        raise UnknownCardError(f"{cards[0].name!r} has no printing #{number} (it has {len(cards)})")


def _in_printing_order(cards: list[CardDef]) -> list[CardDef]:
    """Unnumbered printings first (library order), then "#2", "#3", ... by their number."""
    return sorted(cards, key=lambda c: (printing_of(c)[1] or 1))


def _number_matches(card: CardDef, number: str) -> bool:
    wanted = number.lstrip("0").casefold() or "0"
    for key in ("number", "collector_number", "collectorNumber"):
        value = card.get(key)
        if value is not None and (str(value).lstrip("0").casefold() or "0") == wanted:
            return True
    digits = re.findall(r"\d+", card.id)
    return card.id.casefold() == number.casefold() or (bool(digits) and (digits[0].lstrip("0") or "0") == wanted)


def library_signature(library: CardLibrary) -> tuple[object, ...]:
    """What changes when a library's cards change (a reload, a set added), for indexes built on it."""
    return (library.version, tuple(library.sets), len(library))


_INDEXES: weakref.WeakKeyDictionary[CardLibrary, NameIndex] = weakref.WeakKeyDictionary()


def name_index(library: CardLibrary) -> NameIndex:
    """The library's name index, built once per library and rebuilt when its sets are reloaded."""
    index = _INDEXES.get(library)
    if index is None or index.version != library_signature(library) or index.library is not library:
        index = NameIndex(library)
        _INDEXES[library] = index
    return index


def sets_by_use(cards: Iterable[CardDef]) -> dict[str, int]:
    """How many cards of each set a deck holds, for preferring those sets for its bare names."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.set] = counts.get(card.set, 0) + 1
    return counts
