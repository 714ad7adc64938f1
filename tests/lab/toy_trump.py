"""A toy ruleset where one card is known to be decisive, for the lab's card-contribution and `--restrict` tests.

Each seat shuffles seven cards (values 1 to 6 and a Trump worth 50), draws three and plays them one a turn, seats
alternating; after six plays the higher total wins (a tie is a draw). A seat that plays the Trump wins unless its
opponent plays the other Trump: the card decides the game, whoever the bots are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tabletop.core import actions as A
from tabletop.core.ruleset import Violation
from tabletop.core.state import GameState
from tabletop.core.tx import Tx
from tabletop.rules import RULESETS
from tabletop.rules.base import Ruleset, ZoneSpec, add_card, shuffle_now

__all__ = ["TRUMP", "ToyTrump", "registered"]

TRUMP = "toy/trump"
CARDS = [f"toy/c{v}" for v in range(1, 7)] + [TRUMP]


def value(ref: str | None) -> int:
    return 50 if ref == TRUMP else int((ref or "toy/c0").rpartition("c")[2] or 0)


class ToyTrump(Ruleset):
    """See the module."""

    name = "toy-trump"
    min_seats = 2
    max_seats = 2

    def zone_specs(self, seats: int, decks: Mapping[int, Any] | None = None) -> list[ZoneSpec]:
        return [ZoneSpec("deck", True, "hidden", "stack", "Deck", kind="deck"),
                ZoneSpec("hand", True, "owner", "fan", "Hand", kind="hand"),
                ZoneSpec("play", True, "public", "row", "Play", kind="play")]

    def setup(self, state: GameState, decks: Mapping[int, Any], library: Any) -> None:
        for seat in state.seats:
            for ref in CARDS:
                add_card(state, ref, f"deck:{seat}", owner=seat)
            shuffle_now(state, f"deck:{seat}")
            deck = state.zones[f"deck:{seat}"].pieces
            for pid in list(deck[:3]):
                deck.remove(pid)
                state.zones[f"hand:{seat}"].pieces.append(pid)
                state.pieces[pid].zone = f"hand:{seat}"
        state.rules.update({"active": 0, "turn": 1, "first": 0, "over": False, "winner": None})

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[A.Action]:
        if state.rules.get("over") or seat != state.rules.get("active"):
            return
        for pid in state.zones[f"hand:{seat}"].pieces:
            yield A.Move((pid,), f"play:{seat}")

    def check(self, state: GameState, action: A.Action, seat: int | None) -> list[Violation]:
        if action not in set(self.generate_actions(state, seat)):
            return [Violation("toy.play", "1", "play one card of your hand on your turn", (), seat)]
        return []

    def reduce(self, state: GameState, action: A.Action, seat: int | None, tx: Tx) -> bool:
        if not isinstance(action, A.Move) or seat is None:
            return False
        tx.move(action.pieces[0], action.to, by=seat)
        tx.set_rule("active", 1 - seat)
        tx.set_rule("turn", state.rules["turn"] + 1)
        if all(len(state.zones[f"play:{s}"].pieces) == 3 for s in state.seats):
            totals = self._totals(state)
            tx.set_rule("over", True)
            tx.set_rule("winner", None if totals[0] == totals[1] else int(totals[1] > totals[0]))
        return True

    def _totals(self, state: GameState) -> list[int]:
        return [sum(value(state.pieces[p].card) for p in state.zones[f"play:{s}"].pieces) for s in state.seats]

    def waiting_for(self, state: GameState) -> list[int]:
        return [] if state.rules.get("over") else [state.rules["active"]]

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        r = state.rules
        return {"turn": r.get("turn"), "over": r.get("over"), "winner": r.get("winner"), "first": 0,
                "scores": self._totals(state)}


class registered:  # noqa: N801 - used as `with registered():`
    """Register the toy ruleset for the length of a `with` block (other tests walk every registered ruleset)."""

    def __enter__(self) -> type[ToyTrump]:
        RULESETS[ToyTrump.name] = ToyTrump
        return ToyTrump

    def __exit__(self, *exc: object) -> None:
        RULESETS.pop(ToyTrump.name, None)
        from tabletop.rules import simulate

        simulate._RULESETS.clear()
