"""The X-Files CCG's card lookup: what the rules read of each card (`CardInfo`), and what its compiled text does in a
word each (`traits`), read once per card and again after a live edit.

`CcgCards` is the part every other part asks about cards. Its inputs are explicit: `library`, the card library the
game plays with now (the ruleset keeps it here: `XFilesCCG.library` reads and sets this attribute, so the check that
the cards read are still current costs no call), `load`, the kit's `card_library` (the shipped cards when no library
was given), asked only when a card is not known yet, and `card_text`, the kit's compiled text of a card (the traits
are read from it). A live card edit bumps `library.version`: the next lookup drops every card read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.state import GameState
from .data import CardInfo, card_info
from .steps import UNKNOWN

if TYPE_CHECKING:
    from ...cards import CardLibrary
    from ..effects import CardText

__all__ = ["CcgCards"]


class CcgCards:
    """Card data read once per card (`info`, `pinfo`, `traits`), dropped when the library or its version changes."""

    def __init__(self, load: Callable[[], CardLibrary], card_text: Callable[[str | None], CardText]) -> None:
        #: the library the game plays with (None: the shipped cards, loaded by `load` at the first lookup)
        self.library: CardLibrary | None = None
        self.load, self.card_text = load, card_text
        # the card data read so far, for the library (and its version) it was read from
        self._info_lib: object = object()  # no library yet
        self._info_version = -1
        self._infos: dict[str, CardInfo] = {}
        self._xfiles: list[CardInfo] | None = None
        self._traits: dict[str | None, frozenset[str]] = {}

    def fresh(self) -> None:
        """Forget the card data read so far: the game's library changed, or its cards were reloaded from disk.

        The same rule as the kit's `card_cache` (emptied when `library.version` moves), checked inline in `info`
        because `info` runs some 6,000 times a game.
        """
        lib = self.load()
        self._info_lib, self._info_version = lib, lib.version
        self._infos, self._xfiles = {}, None
        self._traits = {}

    def info(self, ref: str | None) -> CardInfo:
        """What the engine reads of a card ref (an unknown card reads as kind 'unknown', cost 0)."""
        if ref is None:
            return UNKNOWN
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self.fresh()
        got = self._infos.get(ref)
        if got is None:
            try:
                got = card_info(self.load().get(ref))
            except KeyError:
                got = CardInfo(ref=ref, name=ref, kind="unknown")
            self._infos[ref] = got
        return got

    def traits(self, ref: str | None) -> frozenset[str]:
        """What a card's compiled text does, in a word each: the moments its abilities apply ("resolved",
        "event:use", ...) and its standing steps ("skip_round", "card_pool", ...): the hot paths ask this first."""
        got = self._traits.get(ref)
        lib = self.library
        if got is not None and lib is self._info_lib and lib.version == self._info_version:  # type: ignore[union-attr]
            return got
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self.fresh()
        got = self._traits.get(ref)
        if got is None:
            text = self.card_text(ref)
            got = frozenset({*(a.when for a in text.abilities),
                             *(next(iter(s)) for a in text.when("static") for s in a.do)})
            self._traits[ref] = got
        return got

    def known_infos(self) -> dict[str, CardInfo]:
        """The card data read so far, valid for the library as it is now: what a loop over many pieces looks up
        directly (`infos.get(ref) or self.info(ref)`), instead of a call to `pinfo` per piece."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self.fresh()
        return self._infos

    def known_traits(self) -> dict[str | None, frozenset[str]]:
        """The traits read so far, valid for the library as it is now (`known_infos`, for `traits`)."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self.fresh()
        return self._traits

    def pinfo(self, state: GameState, pid: str) -> CardInfo:
        """What the engine reads of the card a piece shows (the hottest call of the ruleset: `info`, inlined)."""
        ref = state.pieces[pid].card
        lib = self.library
        if lib is self._info_lib and lib.version == self._info_version:  # type: ignore[union-attr]
            got = self._infos.get(ref)  # type: ignore[arg-type]
            if got is not None:
                return got
        return self.info(ref)

    def name_of(self, state: GameState, pid: str | None) -> str:
        if pid is None or pid not in state.pieces:
            return str(pid)
        return self.pinfo(state, pid).name

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.pinfo(state, pid).name if state.pieces[pid].card else None

    def xfiles(self) -> list[CardInfo]:
        """Every X-File card of the loaded card sets (the Notebook's universe)."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self.fresh()
        if self._xfiles is None:
            self._xfiles = [card_info(c) for c in self.load() if card_info(c).kind == "xfile"]
        return self._xfiles
