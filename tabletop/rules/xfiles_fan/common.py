"""What every part of the `xfiles-fan` ruleset shares: the rule tables of its steps and the words its messages use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .model import CIRCUMSTANCES

__all__ = [
    "DECK",
    "DISCARD",
    "ENV_DECK",
    "HAND",
    "NO_CIRC",
    "PENDING_RULE",
    "PENDING_TEXT",
    "PHASE_RULE",
    "SECTION_ZONES",
    "SIDEBOARD",
    "STEP_TEXT",
    "article",
    "brackets",
    "circumstances",
    "hand_of",
    "other_seat",
    "pending_copy",
    "pending_for",
    "round_copy",
    "seat_name",
    "seated",
    "tag_text",
    "v",
]

class _SeatZones(dict):  # type: ignore[type-arg]
    """A seat's zone of one kind by seat (`HAND[seat]` is "hand:1" for seat 1): each name made once, the same string
    (its hash kept) every time, where an f-string would format, join and hash a new one at every decision and check."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, seat: object) -> str:
        name = self[seat] = f"{self.kind}:{seat}"
        return name


HAND, DECK, DISCARD = _SeatZones("hand"), _SeatZones("deck"), _SeatZones("discard")
SIDEBOARD, ENV_DECK = _SeatZones("sideboard"), _SeatZones("environment_deck")

NO_CIRC = {c: False for c in CIRCUMSTANCES}
#: deck-list section -> zone kind (other sections go by card type)
SECTION_ZONES = {"deck": "deck", "draw": "deck", "sideboard": "sideboard", "environment": "environment_deck",
                 "covers": "covers", "cover": "covers"}
PHASE_RULE = {"choose_first": "xff.1.3", "environment": "xff.1.4", "period_start": "xff.2.1", "exchange": "xff.6.2",
              "over": "xff.7", "play": "xff.3"}
PENDING_RULE = {"choose_first": "xff.1.3", "environment": "xff.1.4", "action": "xff.3.4", "value": "xff.5.3",
                "discard": "xff.4", "exchange": "xff.6.2"}
PENDING_TEXT = {"choose_first": "choose who plays first", "environment": "play an environment card",
                "action": "play an Action card or none", "value": "choose a card's value",
                "discard": "discard cards", "exchange": "exchange cards with the sideboard"}
#: each step of the Sequence of Play as the status line names it
STEP_TEXT = {"choose_first": "Setup: who plays first", "environment": "Setup: the environment",
             "period_start": "Start of a period", "play": "Turn", "action": "Turn: an Action card",
             "value": "Scoring: values", "discard": "Both passed: discards",
             "exchange": "Between periods: exchange with the sideboard", "over": "Game over"}


def v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    """A violation of `rule` with its registered `code` (tabletop/rules/codes.py)."""
    return Violation(code, rule, message, tuple(pieces), seat)


def seat_name(state: GameState, seat: object) -> str:
    """A seat as its players read it: the name its player goes by at this table (`GameState.seat_name`)."""
    return state.seat_name(seat)


def seated(state: GameState, seat: object) -> bool:
    """`seat in state.seats`, without the list `seats` builds: asked at every card played."""
    for p in state.players:
        if p.seat == seat:
            return True
    return False


def article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def brackets(tags: Iterable[str]) -> str:
    return ", ".join(f"[{t}]" for t in dict.fromkeys(tags))


def tag_text(required: Iterable[str], missing: list[str]) -> str:
    counts = Counter(t.casefold() for t in required)
    shown = {t.casefold(): t for t in required}
    return ", ".join((f"{counts[m]}x" if counts[m] > 1 else "") + f"[{shown.get(m, m)}]" for m in missing)


# -- reading the rule state (plain functions of the table: every part reads it the same way) --


def other_seat(state: GameState, seat: int | None) -> int:
    """The seat after `seat` (the first when it sits nowhere), without a list of seats."""
    players = state.players
    for i, p in enumerate(players):
        if p.seat == seat:
            return players[(i + 1) % len(players)].seat
    return players[0].seat


def round_copy(state: GameState) -> list[dict[str, Any]]:
    """The round's entries, each a copy to change and store again with `tx.set_rule`."""
    return [dict(e) for e in state.rules.get("round") or []]


def pending_copy(state: GameState) -> list[dict[str, Any]]:
    """The pending decisions, each a copy."""
    return [dict(p) for p in state.rules.get("pending") or []]


def pending_for(state: GameState, seat: int | None, kind: str | None = None) -> list[dict[str, Any]]:
    """The decisions pending for `seat` (of `kind`): the rule state's own entries, to read, not to change."""
    return [p for p in state.rules.get("pending") or [] if p.get("seat") == seat and
            (kind is None or p.get("kind") == kind)]


def circumstances(state: GameState) -> dict[str, bool]:
    """The circumstances in force now: those after the round's last card (all clear with no round)."""
    rnd = state.rules.get("round") or []
    return dict(rnd[-1]["circ"]) if rnd else dict(NO_CIRC)


def hand_of(state: GameState, seat: int | None) -> list[str]:
    """The cards in `seat`'s hand (a copy of the list)."""
    zone = state.zones.get(HAND[seat])
    return list(zone.pieces) if zone else []
