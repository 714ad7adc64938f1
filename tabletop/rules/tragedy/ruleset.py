"""The `Tragedy` ruleset: stage Actors and Sets, dress them, and perform for Audience Favor (rule numbers 0000.x).

The ruleset is a thin config on the kit (`tabletop.rules.kit`): its name, options, zones and setup, and the parts
it wires, each a plain object with explicit inputs (no mixins sharing `self`):

- `cards` (`cards.py`, `TragedyCards`): the card lookup, each card's Value, Roles, name and text, read once and
  again after a live edit; it holds the library the game plays with (`Tragedy.library`);
- `checks` (`checks.py`): one check per action type, the gate before them, and the moves made by hand (`policy.py`:
  `MOVE_POLICY` and `GENERIC_CHECKS` as data);
- `reducers` (`reducers.py`): what playing, passing, scoring and the automatic steps do to the table;
- `moves` (`moves.py`): the move lister, every legal move of a seat;
- `view` (`status.py`) and `auditor` (`audit.py`): the HUD, and positions and deck lists;
- `table.py`, `flow.py`: whose turn, Step and priority it is, the Roles in play, whom the game waits on and the
  engine's own steps, functions of the table alone.

No card text runs here: an Act's effect is applied by hand by its player (0000.0.4), so Tragedy never asks the
kit's interpreter to run a card's abilities. The kit's hooks (`check`, `reduce`, `game_status`, ...) are the
ruleset's methods, each handing over to its part; what bots and the search ask thousands of times a game
(`card_info`, `value`, `in_play`, `legal_paths`, ...) is the parts' own answer, bound in `__init__`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import (
    CARD_H,
    CARD_W,
    SEAT_W,
    CardsKeepLibrary,
    Option,
    PartsRuleset,
    Status,
    ZoneSpec,
    draw_up_to,
    marked,
    put_cards,
    shuffle_into,
)
from .audit import Audit
from .cards import CardInfo, TragedyCards
from .checks import Checks
from .flow import after
from .moves import Moves
from .policy import MOVE_POLICY
from .reducers import Reducers
from .status import StatusView, scores
from .table import attachments, in_play, role_of, waiting_for

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList

__all__ = ["Tragedy"]

_PAD = 20.0
_ROW = CARD_H + 6


class Tragedy(PartsRuleset):
    """Tragedy: stage Actors and Sets, dress them with Props and Set Pieces, and perform for Audience Favor."""

    name = "tragedy"
    title = "Tragedy"
    #: notes the log adds to the line of the action that caused them (`core.words.sentence`)
    log_notes = ("tragedy.turn", "tragedy.step", "tragedy.win", "tragedy.draw")
    description = "Play any cards as Actors, Sets, Props, Set Pieces or Acts; first to 1000 Audience Favor wins."
    min_seats = 2
    max_seats = 6
    move_policy = MOVE_POLICY
    #: A deck list's sections as the deck editor shows them: the Star (0000.1.1.2), then the rest of the Deck.
    deck_sections = (("star", "Star"), ("deck", "Deck"))
    option_specs = (
        Option("deck_min", 40, "Fewest cards in a Deck, the Star included (0000.1.1)."),
        Option("win_favor", 1000, "Audience Favor that wins the game at once (0000.1.6)."),
        Option("hand_size", 7, "Opening Hand: the Star plus cards drawn up to this size (0000.1.2)."),
        Option("singleton", True, "At most one of each card in a Deck (0000.1.1.1)."),
        Option("first_player", -1, "Seat that takes the first turn; -1 picks it at random (0000.1.3)."),
        Option("max_turns", 0, "Playtest cap: the game ends in a draw after this many turns (0: no cap)."),
    )

    #: the hooks and answers that read the table alone (`table.py`, `flow.py`, `status.py`): functions of the state
    after = staticmethod(after)
    waiting_for = staticmethod(waiting_for)
    scores = staticmethod(scores)
    in_play = staticmethod(in_play)
    attachments = staticmethod(attachments)
    role_of = staticmethod(role_of)

    # the parts' answers, bound to them in `__init__` (no call in between: bots ask them by thousands)
    card_info: Callable[[str | None], CardInfo]
    value: Callable[[GameState, str], int]
    has_value: Callable[[GameState, str], bool]
    roles: Callable[[GameState, str], tuple[str, ...]]
    card_name: Callable[[GameState, str], str]
    card_title: Callable[[GameState, str], str | None]  # type: ignore[assignment]
    legal_paths: Callable[[GameState, Action, int | None], list[tuple[str, str | None]]]
    deck_copy_limit: Callable[[CardDef], int | None]  # type: ignore[assignment]

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        #: the card lookup, made first: it holds the library the kit's `__init__` sets (`library`, below)
        self.cards = cards = TragedyCards(lambda: self.card_library)
        super().__init__(options, library)
        self.card_info, self.value, self.has_value = cards.info, cards.value, cards.has_value
        self.roles, self.card_name, self.card_title = cards.roles, cards.name, cards.title
        self.checks = Checks(cards, self.ref)
        self.reducers = Reducers(cards, self.ref, self.options)
        self.moves = Moves(cards)
        self.view = StatusView(self.name, cards, self.options)
        self.auditor = Audit(cards, self.ref, self.options)
        #: the dispatch tables: each action type's check and reducer, bound to the part that declares it
        self._checkers, self._reducers = marked(self.checks, self.reducers)
        # what bots, the search and the window ask of the ruleset, answered by its parts
        self.legal_paths = self.moves.legal_paths
        self.deck_copy_limit = self.auditor.deck_copy_limit

    #: the card library the game plays with (None: the shipped cards), kept by the card lookup
    library = CardsKeepLibrary()  # type: ignore[assignment]

    # -- the table --

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + 4
        return [
            ZoneSpec("deck", True, "hidden", "stack", "Deck", (20, 6, w, h), False, "deck"),
            ZoneSpec("hand", True, "owner", "fan", "Hand", (40 + w, 6, SEAT_W - 2 * w - 80, h), True, "hand"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (SEAT_W - 20 - w, 6, w, h), True, "discard"),
            ZoneSpec("actors", True, "public", "row", "Actor Tableau", (20, 6 + _ROW, SEAT_W - 420, h), True,
                     "actors"),
            ZoneSpec("stack", True, "public", "row", "Stack", (SEAT_W - 380, 6 + _ROW, 360, h), True, "stack"),
            ZoneSpec("sets", True, "public", "row", "Set Tableau", (20, 6 + 2 * _ROW, SEAT_W - 40, h), True, "sets"),
        ]

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Decks shuffled, the Star plus six cards in each Hand, the first player chosen, Upkeep of turn 1."""
        if library is not None:
            self.library = library
        lib = self.card_library
        stars: list[str | None] = []
        for seat in state.seats:
            deck = decks.get(seat) or self.cards.default_deck(lib)
            star_refs = deck.expanded("star")
            others = [r for name in deck.sections if name not in ("star", "sideboard") for r in deck.expanded(name)]
            if not star_refs and others:
                # no Star named: the first card that can be an Actor stands in (deck_problems reports it)
                pick = next((r for r in others if "Actor" in self.card_info(r)[1]), others[0])
                others.remove(pick)
                star_refs = [pick]
            deck_zone, hand_zone = f"deck:{seat}", f"hand:{seat}"
            shuffle_into(state, others + star_refs[1:], deck_zone, owner=seat)
            stars.append(put_cards(state, star_refs[:1], hand_zone, owner=seat)[0] if star_refs else None)
            draw_up_to(state, deck_zone, hand_zone, self.options["hand_size"], face_up=True)
        for p in state.players:
            p.counters["favor"] = 0
        first = self.options["first_player"]
        if first not in state.seats:
            first = state.seats[state.rng.below(len(state.seats))]
        state.rules = {
            "turn": 1,
            "first": first,
            "active": first,
            "step": "upkeep",
            "priority": first,
            "passed": 0,
            "need": len(state.seats),
            "stack": [],
            "roles": {},
            "scored": False,
            "stars": stars,
            "over": False,
            "winner": None,
        }

    # -- the kit's hooks: each hands over to the part that answers --

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """Every legal move of `seat` now (`moves.py`); a method of the class, so `simulate` sees it lists moves."""
        return self.moves.generate_actions(state, seat)

    def game_status(self, state: GameState, seat: int | None) -> Status:
        return self.view.game_status(state, seat)

    def audit(self, state: GameState) -> list[Violation]:
        return self.auditor.audit(state)

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        if library is not None:
            self.library = library
        return self.auditor.deck_problems(deck)
