"""What hand-made table actions break under Tragedy: card moves as data (`MOVE_POLICY`), the rest one check each.

A move of a card from one kind of zone to another breaks the rule of the first matching `MoveRule`; every other
generic table action (tap, flip, draw, reveal, attach, counters, ...) has one small check in `GENERIC_CHECKS`,
keyed by its type. Each check adds its verdicts through `add(code, rule, sentence, *pieces)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import actions as A
from ...core.actions import Action
from ...core.state import GameState
from ..kit import MovePolicy, MoveRule
from .model import is_tapped
from .table import active, step

__all__ = ["GENERIC_CHECKS", "MOVE_POLICY"]

Add = Callable[..., None]

#: The rule a hand-made move of a card breaks, by the kinds of zone it leaves and enters: the first match wins.
MOVE_POLICY = MovePolicy(
    MoveRule("tragedy.zone", "0000.1.5", "a card is always in one of its player's Tragedy Zones", src="table"),
    MoveRule("tragedy.zone", "0000.1.5", "a card is always in one of its player's Tragedy Zones", dst="table"),
    MoveRule("tragedy.play_role", "0000.2.2",
             "a card goes to the Stack by being played as a Role: pick its Play move under Legal moves",
             src="hand", dst="stack"),
    MoveRule("tragedy.bypass_stack", "0000.3.6.1",
             "a played card becomes an Act in the Stack first; it enters play when it resolves: drop it on your "
             "Stack or pick its Play move under Legal moves",
             src="hand", dst=("actors", "sets")),
    MoveRule("tragedy.discard", "0000.3.5.1", "a card is discarded only when a rule or an effect says so",
             src="hand", dst="discard", same_owner=True),
    MoveRule("tragedy.draw_timing", "0000.5.2.3", "cards are drawn only in the Draw Step",
             src="deck", dst="hand", same_owner=True),
    MoveRule("tragedy.deck", "0000.3.1.1", "cards leave the Deck only by being drawn", src="deck"),
    MoveRule("tragedy.stack", "0000.3.6.3", "an Act leaves the Stack only when it resolves", src="stack"),
    MoveRule("tragedy.remove", "0000.3.5.3", "a card leaves play only when a rule or an effect removes it",
             src=("actors", "sets"), dst="discard"),
    MoveRule("tragedy.in_play", "0000.3.3.2", "a card in play stays in its Tableau until it is removed from play",
             src="actors"),
    MoveRule("tragedy.in_play", "0000.3.4.2", "a card in play stays in its Tableau until it is removed from play",
             src="sets"),
    MoveRule("tragedy.reshuffle", "0000.3.1.2",
             "the Discard becomes the Deck only when a card must be drawn from an empty Deck",
             src="discard", dst="deck", same_owner=True),
    MoveRule("tragedy.hand", "0000.3.2.1", "a card leaves the Hand only by being played", src="hand"),
    default=MoveRule("tragedy.zone", "0000.1.5", "cards change Zones only as the rules say"),
)


def _g_tap(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        piece = state.pieces[pid]
        was = is_tapped(piece)
        if isinstance(action, A.Tap):
            now = (not was) if action.tapped is None else action.tapped
        else:
            now = (piece.rotation + action.degrees) % 360 == 90
        if now and was:
            add("tragedy.tapped", "0000.2.4", "a tapped card cannot be tapped again until it is untapped", pid)
        elif now:
            add("tragedy.tap", "0000.5.3.2", "cards are tapped by scoring (the Score action)", pid)
        elif was:
            add("tragedy.untap", "0000.5.2.1", "tapped cards untap in their controller's Untap Step", pid)


def _g_flip(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        if state.zones[state.pieces[pid].zone].kind == "deck":
            add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck stay face down", pid)


def _g_draw(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    ok = (step(state) == "draw" and seat == active(state) and action.count == 1
          and action.source in (None, f"deck:{seat}") and action.to in (None, f"hand:{seat}"))
    if not ok:
        add("tragedy.draw_timing", "0000.5.2.3", "cards are drawn only in the Draw Step, one card, by the active player")


def _g_deal(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    add("tragedy.deal", "0000.1.2", "Hands are dealt only at the start of the game")


def _g_reveal(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        kind = state.zones[state.pieces[pid].zone].kind
        if kind == "hand":
            add("tragedy.hand_hidden", "0000.3.2.2", "cards in the Hand can only be seen by the player who controls them",
                pid)
        elif kind == "deck":
            add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck cannot be seen by any player", pid)


def _g_look(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    zone = state.zones.get(action.zone)
    if zone is not None and zone.kind == "deck":
        add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck cannot be seen by any player")
    elif zone is not None and zone.kind == "hand" and zone.owner != seat:
        add("tragedy.hand_hidden", "0000.3.2.2", "cards in the Hand can only be seen by the player who controls them")


def _g_attach(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.piece in cards:
        add("tragedy.attach", "0000.4.3.1", "Props and Set Pieces attach when they are played, to the card chosen then",
            action.piece)


def _g_detach(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.piece in cards:
        add("tragedy.detach", "0000.4.3.2", "a Prop stays attached to its Actor (a Set Piece to its Set)", action.piece)


def _g_create(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.kind == "card":
        add("tragedy.new_card", "0000.1.1", "every card comes from a player's Deck")


def _g_counter(rs: Any, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.seat is not None and action.piece is None and action.name == "favor":
        add("tragedy.favor", "0000.5.3.2", "Audience Favor changes only by scoring")


#: The check of each generic table action by its type (a move goes through `MOVE_POLICY` instead).
GENERIC_CHECKS: dict[type[Action], Callable[..., None]] = {
    A.Tap: _g_tap,
    A.Rotate: _g_tap,
    A.Flip: _g_flip,
    A.Draw: _g_draw,
    A.Deal: _g_deal,
    A.Reveal: _g_reveal,
    A.LookTop: _g_look,
    A.Search: _g_look,
    A.Attach: _g_attach,
    A.Detach: _g_detach,
    A.CreatePiece: _g_create,
    A.SetCounter: _g_counter,
    A.AddCounter: _g_counter,
}
