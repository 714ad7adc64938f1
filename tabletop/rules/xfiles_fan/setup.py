"""The `xfiles-fan` setup (xff.1): decks into their zones and shuffled, the draw for high card, the first rule state.

Functions with explicit inputs: the table, the deck lists, the card lookup (`FanCards`) and the shipped sample decks
that stand in for a seat with none.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from ..kit import put_cards, put_on, shuffle_now
from .cards import FanCards
from .common import DECK, DISCARD, SECTION_ZONES

if TYPE_CHECKING:
    from ...cards import CardLibrary, DeckList

__all__ = ["HIGH_CARD_ATTEMPTS", "SAMPLE_DECKS", "SAMPLE_SET", "deal_decks", "draw_for_high_card", "initial_rules",
           "sample_decks"]

SAMPLE_SET = "xfiles-fan-sample"
SAMPLE_DECKS = ("agents.yaml", "conspiracy.yaml")
HIGH_CARD_ATTEMPTS = 50


def sample_decks(library: CardLibrary) -> list[DeckList]:
    """The two shipped sample deck lists, when the sample set is loaded (read with the set: no file is opened)."""
    from ...cards import shipped_deck

    card_set = library.sets.get(SAMPLE_SET)
    if card_set is None:
        return []
    return [shipped_deck(library, SAMPLE_SET, name) for name in SAMPLE_DECKS if name in card_set.decks]


def deal_decks(state: GameState, decks: Mapping[int, DeckList], cards: FanCards, defaults: Sequence[DeckList]) -> None:
    """Each seat's deck list into its zones, the draw deck shuffled (xff.1.1); a seat with no deck list plays a
    sample deck (`defaults`), a seat with neither none."""
    for seat in state.seats:
        deck = decks.get(seat) or (defaults[seat % len(defaults)] if defaults else None)
        if deck is None:
            continue
        placed: list[tuple[str, str]] = []
        for section in deck.sections:
            refs = deck.expanded(section)
            kind = SECTION_ZONES.get(section.lower())  # `zone_kind`, found once for a section that names it
            placed += [(ref, kind) for ref in refs] if kind is not None else \
                [(ref, cards.zone_kind(section, ref)) for ref in refs]
        for ref in dict.fromkeys(ref for ref, _ in placed):
            cards.card(ref)  # each title's text compiled as the table is set up, not in the middle of a turn
        for kind, run in itertools.groupby(placed, key=itemgetter(1)):
            put_cards(state, [ref for ref, _ in run], f"{kind}:{seat}", owner=seat)
        shuffle_now(state, DECK[seat])


def initial_rules(state: GameState, cards: FanCards) -> dict[str, Any]:
    """The rule state a game starts with: the draw for high card made, its winner asked who plays first (xff.1.3)."""
    draws, winner = draw_for_high_card(state, cards)
    return {
        "phase": "choose_first", "period": 0, "high_card": draws, "chooser": winner, "first": None,
        "xfiles_player": None, "env_step": 0, "turn": None, "turns": 0, "opener": None, "leader": None,
        "round": [], "round_over": False, "passes": 0, "deck_out": False,
        "pending": [{"kind": "choose_first", "seat": winner}], "over": False, "winner": None, "result": None,
    }


def draw_for_high_card(state: GameState, cards: FanCards) -> tuple[list[list[list[Any]]], int]:
    """xff.1.2: each draws a card; the highest revealed drawValue wins; redraw on a tie or when none reveals."""
    attempts: list[list[list[Any]]] = []
    for _ in range(HIGH_CARD_ATTEMPTS):
        draws = [_draw_high_card(state, seat, cards) for seat in state.seats]
        attempts.append(draws)
        revealed = [(v, s) for s, _, v in draws if v is not None]
        if revealed:
            best = max(v for v, _ in revealed)
            top = [s for v, s in revealed if v == best]
            if len(top) == 1:
                return attempts, top[0]
        if all(pid is None for _, pid, _ in draws):
            break
    return attempts, state.seats[state.rng.below(len(state.seats))]


def _draw_high_card(state: GameState, seat: int, cards: FanCards) -> list[Any]:
    """One seat's draw: the top card of its deck, face up on its discard pile ([seat, piece, drawValue])."""
    deck, discard = state.zones[DECK[seat]], state.zones[DISCARD[seat]]
    if not deck.pieces and discard.pieces:
        for pid in list(discard.pieces):
            put_on(state, pid, deck.name, face_up=False)
        shuffle_now(state, deck.name)
    if not deck.pieces:
        return [seat, None, None]
    pid = deck.pieces[0]
    put_on(state, pid, discard.name, face_up=True)
    return [seat, pid, cards.info(state, pid).draw_value]
