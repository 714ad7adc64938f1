"""Tragedy's card lookup: each card's Value, eligible Roles, name and text, read once and again after a live edit.

`TragedyCards` is the part every other part asks about cards. Its inputs are explicit: `library`, the card library
the game plays with now (the ruleset keeps it here: `Tragedy.library` reads and sets this attribute, so the check
that the cards read are still current costs no call), and `load`, the kit's `card_library` (the shipped cards when
no library was given), asked only when a card is not known yet. A live card edit bumps `library.version`: the next
lookup drops every card read, and the default deck made from them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from .model import ROLE_KEY, ROLES

if TYPE_CHECKING:
    from ...cards import CardLibrary, DeckList

__all__ = ["CardInfo", "TragedyCards", "default_deck"]

#: (Value, eligible Roles, name, text) of a card; Value None when nothing gives it one (0000.2.5)
CardInfo = tuple[int | None, tuple[str, ...], str, str]
_NO_CARD: CardInfo = (None, (), "", "")


class TragedyCards:
    """The card data of one ruleset: `info(ref)` read once per card, dropped when the library's version changes."""

    def __init__(self, load: Callable[[], CardLibrary]) -> None:
        #: the library the game plays with (None: the shipped cards, loaded by `load` at the first lookup)
        self.library: CardLibrary | None = None
        self.load = load
        self.known: dict[str, CardInfo] = {}
        #: the library version `known` was read from (-1: nothing read yet)
        self.version = -1
        #: the default deck, made once per library version, kept with the library it was made from
        self.deck: tuple[CardLibrary, DeckList] | None = None

    def info(self, ref: str | None) -> CardInfo:
        """(Value, eligible Roles, name, text) of a card ref; Value None when nothing gives it one (0000.2.5)."""
        if ref is None:
            return _NO_CARD
        lib = self.library  # the version test written out: the hottest call of the ruleset
        if lib is not None and getattr(lib, "version", 0) == self.version:
            info = self.known.get(ref)
            if info is not None:
                return info
        known = self._current()
        info = known.get(ref)
        if info is None:
            lib = self.load()
            try:
                card = lib.get(ref)
            except KeyError:
                info = (None, (), ref, "")
            else:
                t = lib.traits(card, ROLE_KEY)
                info = (t.value, tuple(r for r in t.roles if r in ROLES), card.name, card.text)
            known[ref] = info
        return info

    def _current(self) -> dict[str, CardInfo]:
        """The cards read so far, dropped first when the library was reloaded since (`library.version`)."""
        version = getattr(self.load(), "version", 0)
        if version != self.version:
            self.known = {}
            self.deck = None
            self.version = version
        return self.known

    def value(self, state: GameState, pid: str) -> int:
        """The card's Value; a card without one (0000.2.5, reported when it is played or scored) counts 0."""
        return self.info(state.pieces[pid].card)[0] or 0

    def has_value(self, state: GameState, pid: str) -> bool:
        return self.info(state.pieces[pid].card)[0] is not None

    def roles(self, state: GameState, pid: str) -> tuple[str, ...]:
        return self.info(state.pieces[pid].card)[1]

    def name(self, state: GameState, pid: str) -> str:
        """The card's name (its piece id when it has none)."""
        return self.info(state.pieces[pid].card)[2] or pid

    def title(self, state: GameState, pid: str) -> str | None:
        """The title a sentence names the card by (`Ruleset.ref`), None for a piece with no card."""
        return self.info(state.pieces[pid].card)[2] or None if state.pieces[pid].card else None

    def default_deck(self, library: CardLibrary) -> DeckList:
        """`default_deck(library)`, made once per library version (self-play sets up thousands of games; a deck
        list is only read by `setup`)."""
        self._current()
        found = self.deck
        if found is None or found[0] is not library:  # kept with its library: a game may be set up with another
            found = self.deck = (library, default_deck(library))
        return found[1]


def default_deck(library: CardLibrary, set_name: str = "standard") -> DeckList:
    """A Tragedy deck of every card of one set once, the Star being its best Actor (highest Value)."""
    from ...cards import DeckEntry, DeckList

    card_set = library.require_set(set_name)
    refs = [c.ref for c in card_set]
    actors = [c for c in card_set if "Actor" in library.traits(c, ROLE_KEY).roles]
    pool: list[Any] = actors or list(card_set)
    star = max(pool, key=lambda c: (library.traits(c, ROLE_KEY).value or 0, -refs.index(c.ref))).ref
    return DeckList(
        name=f"{card_set.title or set_name} (Tragedy)",
        sections={"star": [DeckEntry(star)], "deck": [DeckEntry(r) for r in refs if r != star]},
        set=set_name,
        ruleset="tragedy",
    )
