"""Tragedy's status for the HUD, bots and the network: Step, priority, the Stack as the seat may see it, favor.

`StatusView` is a part with explicit inputs: the ruleset's name, the card lookup (a card's name) and the options
(`win_favor`); `scores` reads the table alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.state import GameState
from ..kit import Status
from .cards import TragedyCards
from .model import PHASES, STEP_LABELS, STEPS
from .table import active, next_seat, not_staging, priority, stack, step

__all__ = ["StatusView", "scores"]


def scores(state: GameState) -> list[int] | None:
    """`game_status(...).scores` without the rest of the status (the lab reads them at every turn change)."""
    if "step" not in state.rules:
        return None
    return [p.counters.get("favor", 0) for p in state.players]


class StatusView:
    """`game_status`: the game as one seat sees it (a card on the Stack is named only to a seat that can see it)."""

    def __init__(self, name: str, cards: TragedyCards, options: Mapping[str, Any]) -> None:
        self.name = name
        self.card_name = cards.name
        self.options = options

    def game_status(self, state: GameState, seat: int | None) -> Status:
        r = state.rules
        if "step" not in r:
            return Status(self.name)
        now = step(state)
        acts = []
        for entry in stack(state):
            pid = entry.get("piece")
            piece = state.pieces.get(pid) if isinstance(pid, str) else None
            item: dict[str, Any] = {"seat": entry.get("seat"), "role": entry.get("role")}
            if piece is not None and state.can_see(piece, seat):
                item["piece"] = pid
                item["card"] = piece.card
                item["name"] = self.card_name(state, pid)
            elif piece is not None:
                item["piece"] = state.handle(pid)
            target = entry.get("target")
            if isinstance(target, str) and target in state.pieces:
                item["target"] = state.handle_for(target, seat)
            acts.append(item)
        favor = [p.counters.get("favor", 0) for p in state.players]
        holder = priority(state)
        turn_of = active(state)
        names = {p.seat: state.seat_name(p.seat) for p in state.players}
        over = bool(r.get("over"))
        effect = r.get("effect")
        if over:
            w = r.get("winner")
            prompt = f"{names.get(w, w)} wins with {favor[w]} favor" if w in names else "Draw"
        elif effect:
            prompt = f"{names.get(effect.get('seat'))} applies the Act's effect by hand"
        elif holder is not None:
            # and what the passes lead to: the first line of the rules panel (the top bar keeps the short `todo`)
            who = "You have" if holder == seat else f"{names.get(holder, holder)} has"
            prompt = f"{STEP_LABELS[now]}: {who} priority — {self._what_ends(state)}"
        else:
            prompt = STEP_LABELS[now]
        extra: dict[str, Any] = {
            "first": r.get("first"),
            "step_label": STEP_LABELS[now],
            "win_at": self.options["win_favor"],
            "scored": bool(r.get("scored")),
            "stack": acts,
            # these two are read even when empty (no priority between steps, no winner yet)
            "priority": holder,
            "winner": r.get("winner"),
            "todo": self._todo(state),
        }
        if effect:
            extra["effect"] = {"seat": effect.get("seat")}
        return Status(self.name, phase=PHASES[now], step=now, turn=r.get("turn", 1), active=turn_of,
                      scores=favor, score_name="Audience Favor", prompt=prompt, over=over, extra=extra)

    def _todo(self, state: GameState) -> str | None:
        """What the player the game waits on may do now, in words that hold for any hand (no card is named)."""
        r = state.rules
        if r.get("over"):
            return None
        if r.get("effect"):
            return "apply the resolved Act's effect by hand, then say it is done"
        holder = priority(state)
        if holder is None:
            return None
        if not not_staging(state):
            return "stage an Actor, Set, Prop or Set Piece, play an Act, or pass"
        if step(state) == "performance" and holder == active(state) and not r.get("scored"):
            # only the active player gets priority in the Performance (0000.5.3.1): one pass ends it, unlike the
            # other Steps, and a newcomer's steady rhythm of passes skipped it unawares
            alone = " (a pass ends the Performance)" if not stack(state) else ""
            return f"score with an Actor and a Set, play an Act, or pass{alone}"
        if stack(state):
            return "answer with an Act, or pass to let the latest Act resolve"
        return "play an Act or pass"

    def _what_ends(self, state: GameState) -> str:
        """What the passes of this round of priority lead to, in words: the latest Act resolving (0000.3.6.2), or
        with the Stack empty the Step ending, and at the End Scene the turn (0000.5.1).

        Why: a newcomer saw the Upkeep Step come back after an Act resolved, with no word of how it ends."""
        r = state.rules
        need = int(r.get("need", len(state.seats)))
        passed = int(r.get("passed", 0))
        who = "every player has passed in a row" if need > 1 else f"{state.seat_name(active(state))} passes"
        count = f"; {passed} of {need} passed" if need > 1 and passed else ""
        if stack(state):
            return f"it resolves when {who}, then everyone gets priority again{count}"
        now = step(state)
        if now == "end_scene":
            nxt = state.seat_name(next_seat(state, active(state)))
            then = f"the End Scene and {state.seat_name(active(state))}'s turn end; {nxt}'s turn begins"
        else:
            after = STEPS[STEPS.index(now) + 1]
            then = f"the {STEP_LABELS[now]} ends; next: the {STEP_LABELS[after]}"
        return f"when {who} with the Stack empty, {then}{count}"
