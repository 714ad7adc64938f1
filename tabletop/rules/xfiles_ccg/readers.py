"""What the readers of a card's standing text take: the few answers each reads, named, instead of the whole ruleset.

A standing-ability reader (`gear_health`, `own_skill`, `pair_health`, `health_more`, `cost_at_site`,
`remote_help`, ...) is a function of the table and of one object it reads through: `CardReads`, a card's data and
compiled text (the card part, `cards.py`'s `CcgCards`), or `TableReads`, that and the Agents' reads (the table part,
`reading.py`'s `Table`, hands itself). The ruleset binds the same answers (`XFilesCCG.__init__`), so the vocabulary
still hands a reader its `ctx.ruleset` (the kit's design), as the checks and reducers hand it `self`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...core.state import GameState

if TYPE_CHECKING:
    from ..effects import CardText
    from .data import CardInfo

__all__ = ["CardReads", "TableReads"]


class CardReads(Protocol):
    """A card's data and what its compiled text does (`CcgCards`; `statics.standing` reads a card's standing text
    through it)."""

    def info(self, ref: str | None) -> CardInfo: ...
    def pinfo(self, state: GameState, pid: str) -> CardInfo: ...
    def traits(self, ref: str | None) -> frozenset[str]: ...
    def card_text(self, ref: str | None) -> CardText: ...


class TableReads(CardReads, Protocol):
    """The card reads and what the rules read of the table with them (`Table`): a piece's section and Keywords now,
    the traits of a seat's cards in play, an Agent's skill, who fights, the pool a card is paid from."""

    def section_of(self, state: GameState, pid: str) -> str: ...
    def keywords_of(self, state: GameState, pid: str) -> set[str] | frozenset[str]: ...
    def any_trait(self, state: GameState, seat: int, trait: str) -> bool: ...
    def agent_skill(self, state: GameState, pid: str, skill: str) -> int: ...
    def combatants(self, state: GameState) -> list[str]: ...
    def pay_pool(self, state: GameState, info: CardInfo, seat: int, side: str = "") -> str: ...
