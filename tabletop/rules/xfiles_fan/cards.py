"""The Fan's card lookup: what the engine reads of each card title, read once and read again after a live edit.

`FanCards` is the part every other part asks about cards (`card(ref)`, `info(state, pid)`). Its inputs are
explicit: the card library the ruleset holds now (`library`, asked, since a window or a worker may hand the ruleset
another one) and the kit's compiled text of a card (`text`). The parts that remember what they read from card data
register with `on_forget`, and `on_read` is told each title as it is read (`FanText.note_card`): a reloaded set
(`library.version`) or another library drops everything at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.state import GameState
from ..effects import CardText
from .cardtext import refine
from .common import SECTION_ZONES
from .model import CardInfo, card_info

__all__ = ["FanCards"]


class FanCards:
    """The card data of one ruleset: `card(ref)` read once per title, dropped when the library changes."""

    def __init__(self, library: Callable[[], Any], text: Callable[[str | None], CardText]) -> None:
        #: the card library the game plays with now (the kit's `card_library`: the shipped cards by default)
        self.library = library
        self.text = text
        self.known: dict[str, CardInfo] = {}
        #: bumped whenever the card data read into `known` is dropped, so memos of legality drop with it
        self.version = 0
        #: the library (held, so its identity cannot be reused) and its version that `known` was read from
        self.seen: tuple[Any, int] = (None, 0)
        #: told each title as it is read (ref, info), and told when the card data go (`forget`)
        self.on_read: list[Callable[[str, CardInfo], None]] = []
        self.on_forget: list[Callable[[], None]] = []

    def card(self, ref: str | None) -> CardInfo:
        """What the engine reads from a card ref (an unknown ref is a card of type `unknown` with no tags)."""
        ref = ref or ""
        info = self.known.get(ref)
        if info is None:
            try:
                info = card_info(self.library().get(ref))
            except KeyError:
                info = CardInfo(ref=ref, name=ref or "?", type="unknown")
            else:
                info = refine(info, self.text(ref))
                for read in self.on_read:
                    read(ref, info)
            self.known[ref] = info
        return info

    def info(self, state: GameState, pid: str) -> CardInfo:
        """The card of piece `pid` (`card`, with a title already read found without the call)."""
        ref = state.pieces[pid].card
        info = self.known.get(ref) if ref else None
        return info if info is not None else self.card(ref)

    def title(self, state: GameState, pid: str) -> str | None:
        """The title of piece `pid` (asked of every card each log entry touches: the known title at once)."""
        ref = state.pieces[pid].card
        if not ref:
            return None
        info = self.known.get(ref)
        return (info if info is not None else self.card(ref)).name

    def zone_kind(self, section: str, ref: str) -> str:
        """The zone a card of a deck-list section goes to: by the section's name, else by the card's type."""
        kind = SECTION_ZONES.get(section.lower())
        if kind is not None:
            return kind
        ctype = self.card(ref).type
        return "environment_deck" if ctype == "environment" else "covers" if ctype == "cover" else "deck"

    def forget(self) -> None:
        """Drop every card read, and every part's memo of them (`on_forget`)."""
        self.known.clear()
        for drop in self.on_forget:
            drop()
        self.version += 1

    def sync(self, library: Any) -> None:
        """Drop what was read from cards when `library` is another one, or reloaded a set (`library.version`)."""
        known, version = self.seen  # asked at every legal-move list and check: no tuple built
        if library is not known or getattr(library, "version", 0) != version:
            self.seen = (library, getattr(library, "version", 0))
            self.forget()
