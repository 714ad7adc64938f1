"""What the session needs from a ruleset, and the verdict type every check returns.

The full `Ruleset` base class lives in `tabletop.rules`; core only names the hooks it calls so the layers stay
one-way (rules imports core, never the reverse).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .frozen import quick_init

if TYPE_CHECKING:
    from .actions import Action
    from .events import Event
    from .state import GameState
    from .tx import Tx

__all__ = ["ENFORCEMENT_MODES", "NullRules", "RulesHook", "Violation"]

ENFORCEMENT_MODES = ("off", "warn", "strict")


@quick_init
@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: a stable `code` for machines, the `rule` number and a sentence for people."""

    code: str
    rule: str
    message: str
    pieces: tuple[str, ...] = ()
    seat: int | None = None

    def __str__(self) -> str:
        """The sentence with its card references read as titles: render it for a seat before showing it to one."""
        from .messages import plain

        return f"{self.rule}: {plain(self.message)}" if self.rule else plain(self.message)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"code": self.code, "rule": self.rule, "message": self.message}
        if self.pieces:
            d["pieces"] = list(self.pieces)
        if self.seat is not None:
            d["seat"] = self.seat
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Violation:
        return cls(
            code=str(d.get("code", "")),
            rule=str(d.get("rule", "")),
            message=str(d.get("message", "")),
            pieces=tuple(d.get("pieces", ())),
            seat=d.get("seat"),
        )


class RulesHook(Protocol):
    """The hooks `Session.submit` calls; `tabletop.rules.Ruleset` implements them all."""

    name: str

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]: ...

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool: ...

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]: ...

    def legal_actions(self, state: GameState, seat: int | None) -> Iterable[Action]: ...

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]: ...

    def audit(self, state: GameState) -> list[Violation]: ...


class NullRules:
    """No rules at all: the sandbox. Every hook answers "nothing to say"."""

    name = "freeform"

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        return []

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        return False

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterator[tuple[Action, int | None]]:
        return iter(())

    def legal_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        return iter(())

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return {}

    def audit(self, state: GameState) -> list[Violation]:
        return []
