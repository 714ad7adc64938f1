"""Card search over every loaded set, built once into an index, so a deck editor can ask on every keystroke.

A query is words and filters that all must hold:

- a word matches a whole word or the start of one in the name, type, keywords or text (`ag qui` finds
  "AGENT NORA QUILL"); `"two words"` in quotes is a phrase;
- `name:`, `type:` (`t:`), `keyword:` (`kw:`, `k:`), `text:` (`o:`), `set:` (`s:`, a set's name, title or abbrev)
  and `id:` look in one place;
- a number: `cost:3`, `cost<=3`, `health>=4`, `behavioral>2`, `res=1` (any number a card holds: cost, health, a
  skill, ...; `cost:X` finds cards that cost X).

Names, words and filters are folded like card names (case, accents, punctuation and quotes do not matter).
"""

from __future__ import annotations

import bisect
import re
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import TabletopError
from .loader import CardLibrary
from .model import CardDef
from .names import fold, library_signature, name_index

__all__ = ["CardIndex", "Query", "QueryError", "card_index", "parse_query", "search"]

_FILTER = re.compile(r'(?P<key>[A-Za-z_][\w-]*)(?P<op><=|>=|!=|:|=|<|>)(?P<value>"[^"]*"|\S*)')
_TOKEN = re.compile(r'"[^"]*"|\S+')
_FIELD_KEYS = {"name": "name", "n": "name", "type": "type", "t": "type", "keyword": "keyword", "keywords": "keyword",
               "kw": "keyword", "k": "keyword", "text": "text", "o": "text", "set": "set", "s": "set", "id": "id"}
_KEYWORD_FIELDS = ("keywords", "keyword", "tags", "traits", "subtypes")
_OPS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
        "=": lambda a, b: a == b, ":": lambda a, b: a == b, "!=": lambda a, b: a != b}


class QueryError(TabletopError, ValueError):
    """A search query that cannot be read (a number filter without a number, an empty filter)."""


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: free words (each a whole word or prefix, anywhere), per-field words and number filters."""

    words: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    numbers: tuple[tuple[str, str, float | str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.words or self.fields or self.numbers)


def parse_query(text: str) -> Query:
    """A query from what a person types; raises QueryError saying which part cannot be read."""
    words: list[str] = []
    fields: list[tuple[str, str]] = []
    numbers: list[tuple[str, str, float | str]] = []
    for token in _TOKEN.findall(text):
        match = _FILTER.fullmatch(token)
        if match is None:
            words.append(fold(token.strip('"')))
            continue
        key, op, value = match.group("key").casefold(), match.group("op"), match.group("value").strip('"')
        if not value:
            raise QueryError(f"{token!r}: give a value after {key}{op}")
        if key in _FIELD_KEYS and op in (":", "="):
            fields.append((_FIELD_KEYS[key], fold(value)))
        elif key in _FIELD_KEYS:
            raise QueryError(f"{token!r}: {key} takes words ({key}:WORD), not {op}")
        else:
            numbers.append((fold(key).replace(" ", ""), op, _number(value, token, op)))
    return Query(tuple(w for w in words if w), tuple(fields), tuple(numbers))


def _number(value: str, token: str, op: str) -> float | str:
    try:
        return float(value)
    except ValueError:
        if op in (":", "=", "!="):
            return fold(value)  # cost:X
        raise QueryError(f"{token!r}: {op} compares numbers, not {value!r}") from None


@dataclass(slots=True)
class _Entry:
    card: CardDef
    name: str
    words: dict[str, set[str]] = field(default_factory=dict)
    stats: dict[str, float | str] = field(default_factory=dict)


class CardIndex:
    """Every card of a library, indexed by word (with a sorted vocabulary for prefixes) and by number."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library
        self.signature = library_signature(library)
        self.entries: list[_Entry] = [_entry(card) for card in library]
        self.postings: dict[str, set[int]] = {}
        self.name_postings: dict[str, set[int]] = {}
        for i, entry in enumerate(self.entries):
            for word in set().union(*entry.words.values()):
                self.postings.setdefault(word, set()).add(i)
            for word in entry.words["name"]:
                self.name_postings.setdefault(word, set()).add(i)
        self.vocabulary = sorted(self.postings)
        self.name_vocabulary = sorted(self.name_postings)
        self._names = name_index(library)

    def _prefixed(self, prefix: str, *, names: bool = False) -> set[int]:
        """Cards with a word (of the name only, with `names`) equal to or starting with `prefix`."""
        vocabulary, postings = (self.name_vocabulary, self.name_postings) if names else (self.vocabulary,
                                                                                          self.postings)
        start = bisect.bisect_left(vocabulary, prefix)
        out: set[int] = set()
        for word in vocabulary[start:]:
            if not word.startswith(prefix):
                break
            out |= postings[word]
        return out

    def _word_matches(self, term: str) -> set[int]:
        parts = term.split()
        found: set[int] | None = None
        for part in parts:
            hits = self._prefixed(part)
            found = hits if found is None else found & hits
        if found and len(parts) > 1:  # a phrase: the words in that order
            found = {i for i in found if any(term in self._joined(self.entries[i], where)
                                             for where in ("name", "type", "keyword", "text"))}
        return found or set()

    @staticmethod
    def _joined(entry: _Entry, where: str) -> str:
        return {"name": entry.name, "type": fold(entry.card.type), "text": fold(entry.card.text),
                "keyword": " ".join(sorted(entry.words.get("keyword", ())))}[where]

    def search(self, query: Query | str, *, limit: int | None = None) -> list[CardDef]:
        """The cards matching every part of `query`, best first: a name match before a text match, then set order."""
        if isinstance(query, str):
            query = parse_query(query)
        candidates: set[int] | None = None
        for word in query.words:
            hits = self._word_matches(word)
            candidates = hits if candidates is None else candidates & hits
            if not candidates:
                return []
        pool = range(len(self.entries)) if candidates is None else self._ranked(sorted(candidates), query)
        filtered = bool(query.fields or query.numbers)
        cards: list[CardDef] = []
        for i in pool:  # best first, so a limit stops early
            entry = self.entries[i]
            if filtered and not (self._fields_hold(entry, query) and self._numbers_hold(entry, query)):
                continue
            cards.append(entry.card)
            if limit is not None and len(cards) >= limit:
                break
        return cards

    def _fields_hold(self, entry: _Entry, query: Query) -> bool:
        for where, value in query.fields:
            if where == "set":
                if self._names.set_named(value) != entry.card.set and fold(entry.card.set) != value:
                    return False
            elif where == "id":
                if not fold(entry.card.id).startswith(value) and fold(entry.card.ref) != value:
                    return False
            elif not all(any(w.startswith(part) for w in entry.words.get(where, ())) for part in value.split()):
                return False
        return True

    @staticmethod
    def _numbers_hold(entry: _Entry, query: Query) -> bool:
        for key, op, value in query.numbers:
            have = entry.stats.get(key)
            if have is None or isinstance(have, str) != isinstance(value, str):
                return False
            if isinstance(have, str):  # cost:X finds "X" and "X+1"
                if (have == value or have.split()[0] == value) != (op != "!="):
                    return False
            elif not _OPS[op](have, value):
                return False
        return True

    def _ranked(self, pool: list[int], query: Query) -> list[int]:
        """`pool` best first: the whole name, whole words of the name, the name's start, starts of its words,
        elsewhere; library order within each."""
        parts = " ".join(query.words).split()
        joined = " ".join(parts)
        whole = set.intersection(*(self.name_postings.get(p, set()) for p in parts))
        prefixed = set.intersection(*(self._prefixed(p, names=True) for p in parts))
        buckets: list[list[int]] = [[], [], [], [], []]
        for i in pool:
            name = self.entries[i].name
            if i in whole:
                buckets[0 if name == joined else 1].append(i)
            elif name.startswith(joined):
                buckets[2].append(i)
            else:
                buckets[3 if i in prefixed else 4].append(i)
        return [i for bucket in buckets for i in bucket]


def _keywords(card: CardDef) -> list[str]:
    out: list[str] = []
    for key in _KEYWORD_FIELDS:
        value = card.get(key)
        if isinstance(value, str):
            out += value.split(",")
        elif isinstance(value, list):
            out += [str(v) for v in value]
    return out


def _stats(fields: Mapping[str, Any], out: dict[str, float | str], depth: int = 0) -> None:
    for key, value in fields.items():
        name = fold(str(key)).replace(" ", "")
        if isinstance(value, bool):
            continue
        if isinstance(value, (int, float)):
            out.setdefault(name, float(value))
        elif isinstance(value, str) and value.strip():
            text = value.strip()
            try:
                out.setdefault(name, float(text))
            except ValueError:
                if len(text) <= 8:
                    out.setdefault(name, fold(text))  # cost: X, X+1
        elif isinstance(value, Mapping) and depth < 2:
            _stats(value, out, depth + 1)


def _entry(card: CardDef) -> _Entry:
    entry = _Entry(card, fold(card.name))
    entry.words = {
        "name": set(entry.name.split()),
        "type": set(fold(card.type).split()),
        "keyword": {w for k in _keywords(card) for w in fold(k).split()},
        "text": set(fold(card.text).split()),
    }
    _stats(card.fields, entry.stats)
    return entry


_INDEXES: weakref.WeakKeyDictionary[CardLibrary, CardIndex] = weakref.WeakKeyDictionary()


def card_index(library: CardLibrary) -> CardIndex:
    """The library's search index, built once and rebuilt when its sets change (a reload, a set added)."""
    index = _INDEXES.get(library)
    if index is None or index.signature != library_signature(library):
        index = CardIndex(library)
        _INDEXES[library] = index
    return index


def search(library: CardLibrary, query: Query | str, *, limit: int | None = None) -> list[CardDef]:
    """The cards of `library` matching `query` (see the module docstring), best first."""
    return card_index(library).search(query, limit=limit)

