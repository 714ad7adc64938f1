"""Card data types shared by the loader, deck lists, rulesets and the renderer, with no I/O of their own."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import TabletopError

__all__ = [
    "CARD_KEYS",
    "CardDef",
    "CardProblem",
    "CardSet",
    "CardSetError",
    "format_problems",
]

#: Card keys with their own attribute on CardDef; every other key of a card goes to `CardDef.fields`.
CARD_KEYS = ("id", "name", "type", "text", "image", "back")


@dataclass(frozen=True, slots=True)
class CardProblem:
    """One thing wrong in a card, set or deck file, located so a person can fix it without searching."""

    file: str
    line: int | None
    field: str
    message: str
    #: What kind of problem, for tools reading a JSON report (e.g. `unknown_card` for a deck line naming no card).
    code: str = ""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


def format_problems(problems: Iterable[CardProblem]) -> str:
    """One `file:line: field: message` line per problem, for the `cards check` command and error messages."""
    return "\n".join(str(p) for p in problems)


class CardSetError(TabletopError):
    """A card set (or several) that could not be loaded; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[CardProblem]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in card data"
        super().__init__(head + ":\n" + format_problems(self.problems) if self.problems else head)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card as its set defines it: identity, what is printed on it, and free fields rulesets read."""

    set: str
    id: str
    name: str
    type: str
    text: str = ""
    image: str = ""
    back: str = ""
    #: Every other key of the card (rank, suit, cost, tags, a `tragedy:` block, ...), read-only.
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.fields, MappingProxyType):
            object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    @property
    def ref(self) -> str:
        """The library-wide reference `set/id`, used by deck lists, saves and the table."""
        return f"{self.set}/{self.id}"

    def get(self, key: str, default: Any = None) -> Any:
        """A free field of the card (e.g. `rank`, `suit`, `cost`), or `default`."""
        return self.fields.get(key, default)

    def __reduce__(self) -> tuple[Any, ...]:
        # mappingproxy cannot be pickled or deep-copied: rebuild from a plain dict.
        return (
            CardDef,
            (
                self.set,
                self.id,
                self.name,
                self.type,
                self.text,
                self.image,
                self.back,
                dict(self.fields),
                self.source,
                self.line,
            ),
        )


@dataclass(slots=True)
class CardSet:
    """A folder of card definitions with its metadata; `name` is the folder name and the set id in refs."""

    name: str
    title: str = ""
    description: str = ""
    back: str = ""
    cards: dict[str, CardDef] = field(default_factory=dict)
    path: Path | None = None
    #: Unknown top-level keys of set.yaml, kept for rulesets (e.g. a `tragedy:` role mapping).
    extra: dict[str, Any] = field(default_factory=dict)
    #: The set's shipped deck lists (`decks/*.yaml`), read with the set: file name -> parsed YAML, or the problem
    #: reading it. `cards.shipped_deck` makes them DeckLists, so a ruleset's setup opens no file.
    decks: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self.cards.values())

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def get(self, card_id: str) -> CardDef | None:
        """The card with this id in this set, or None."""
        return self.cards.get(card_id)
