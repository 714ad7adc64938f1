"""`freeform`: no rules, just a well-laid table (the default, and the sandbox every other mode starts from)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .kit import (
    CARD_H,
    CARD_W,
    SEAT_W,
    GameState,
    KitRuleset,
    Option,
    Piece,
    ZoneSpec,
    deal,
    put_cards,
    shuffle_now,
)

if TYPE_CHECKING:
    from ..cards import CardLibrary, DeckList

__all__ = ["Freeform"]

_PAD = 20.0


class Freeform(KitRuleset):
    """A sandbox: shared deck and discard in the middle, a hand, deck, discard and play area per seat."""

    name = "freeform"
    title = "Freeform"
    description = "No rules: a sandbox table with decks, hands, tokens and dice."
    min_seats = 1
    max_seats = 6
    option_specs = (
        Option("hand_size", 0, "Cards dealt to each seat from the shared deck at the start (0: none)."),
        Option("tokens", True, "Put a few tokens and two dice on the table at the start."),
    )

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + _PAD
        specs = [
            ZoneSpec("deck", False, "hidden", "stack", "Deck", (-w - 20, (420 - h) / 2, w, h), False, "deck"),
            ZoneSpec("discard", False, "public", "stack", "Discard", (20, (420 - h) / 2, w, h), True, "discard"),
        ]
        if not decks:
            return [*specs, ZoneSpec("hand", True, "owner", "fan", "Hand", (20, 10, SEAT_W - 40, h), True, "hand")]
        return [
            *specs,
            ZoneSpec("hand", True, "owner", "fan", "Hand", (20 + 2 * (w + 20), 10, SEAT_W - 2 * (w + 20) - 40, h),
                     True, "hand"),
            ZoneSpec("deck", True, "hidden", "stack", "Deck", (20, 10, w, h), False, "deck"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (40 + w, 10, w, h), True, "discard"),
        ]

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Each seat's deck shuffled in its own zones, or the standard cards shuffled in the middle; then hands."""
        if library is not None:
            self.library = library
        if decks:
            for seat, deck in decks.items():
                for section in deck.sections:
                    zone = state.seat_zone(section, seat) or state.seat_zone("deck", seat)
                    if zone is not None:
                        put_cards(state, deck.expanded(section), zone, owner=seat)
        elif "standard" in self.card_library.sets:
            put_cards(state, [card.ref for card in self.card_library.sets["standard"].cards.values()], "deck")
        for zone in list(state.zones):
            if state.zones[zone].kind == "deck":
                shuffle_now(state, zone)
        if self.options["tokens"]:
            _tokens(state)
        deal(state, (lambda seat: f"deck:{seat}") if decks else "deck", self.options["hand_size"], face_up=True)


def _tokens(state: GameState) -> None:
    """A few things to touch on a new table: coloured tokens, a counter and two dice near the middle."""
    cx = state.table_size[0] / 2
    cy = state.table_size[1] / 2
    colors = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e")
    for i, color in enumerate(colors):
        state.add_piece(Piece(id=state.new_piece_id(), kind="token", zone="table", x=cx + 260 + i * 50, y=cy - 60,
                              color=color))
    state.add_piece(Piece(id=state.new_piece_id(), kind="counter", zone="table", x=cx + 260, y=cy + 20,
                          label="Counter", counters={"value": 0}))
    for i in range(2):
        state.add_piece(Piece(id=state.new_piece_id(), kind="die", zone="table", x=cx - 360 - i * 70, y=cy,
                              sides=6, value=6 - i))
