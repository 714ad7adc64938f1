"""The `XFilesFan` ruleset: the Sequence of Play of the X-Files Fan CCG as table state, checks and automatic steps.

Rule numbers (see `RULE_TEXT`): `xff.N` / `xff.N.M` is step N of the Sequence in rules/xfiles-fan.md (M counts its
sentences: `xff.3.2` "no round: a Case or Incident if one is legal, else pass"); `xff.legal.*` the legality of a card
in a round (`requires`, `prevented`, `circumstances`, `ordinality`, `first`); `xff.deck.*` deck construction;
`xff.table` cards moved by hand outside the sequence.

Rule state (`state.rules`, plain data): `phase` (choose_first, environment, period_start, play, exchange, over),
`period`, `turn`, `turns`, `first`, `xfiles_player`, `opener` (who took the first turn of the round being started),
`leader` (player of the last round's last card), `round` (one entry per card in play order: piece, seat,
circumstances after it, negated, chosen value), `round_over`, `passes`, `deck_out`, `pending` (decisions waiting
for a seat: choose_first, environment, action, value, discard, exchange), `high_card`, `over`, `winner`, `result`.
Scores are the seats' `score` counters.

Decisions the rules file leaves open, each an option where it is a number or a variant: the first card of a round is
also refused when the environment provides a tag that prevents it; hands stay in hand between periods unless
`return_hands`; a seat with no environment card of the role it must play skips that step (a note says so); the draw
for high card gives up after 50 attempts and picks a seat at random (a deck with no draw values would never end).

The ruleset is a thin config on the kit (`tabletop.rules.kit`): its name, options, zones and setup, and the parts
it wires, each a plain object with explicit inputs (no mixins sharing `self`):

- `cards` (`cards.py`, `FanCards`): the card lookup, read once per title, dropped on a live edit;
- `cardtext` (`cardtext.py`, `FanText`): **where a card's text runs**: the kit's interpreter with the Fan's
  vocabulary (`vocabulary.py`), over abilities compiled once per card by `compiler.py` from the grammar `text.lark`
  (a designer's `effects:` wins); the frame asks it when a card is played, whether it may be played, and when a
  round is scored;
- `legality` (`legality.py`): may a card go into the round now, and the round's points;
- `checks` (`checks.py`): one check per action type, the gate before them, and the moves made by hand;
- `periods` and `turns` (`periods.py`, `turns.py`): the reducers, the steps of the Sequence of Play;
- `moves` (`moves.py`): the move lister, every legal move of a seat;
- `byhand` (`byhand.py`): Action card text applied by hand from the window;
- `view` (`status.py`) and `auditor` (`audit.py`): the HUD, and saves and decks;
- `flow.py`: the engine's own steps and whom the game waits on, functions of the table alone.

The kit's hooks (`check`, `reduce`, `generate_actions`, ...) are the ruleset's methods: each makes sure a game is on
the table and the card data are current, then hands over to its part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.reducer import ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ..base import LegalActions
from ..effects import Vocabulary
from ..kit import CARD_H, CARD_W, SEAT_W, Option, PartsRuleset, Status, ZoneSpec, marked
from .audit import Audit
from .byhand import ByHand, Listing
from .cards import FanCards
from .cardtext import FanText, refine, unprovided_tags
from .checks import MOVE_POLICY, Checks
from .common import circumstances
from .compiler import compile_card
from .flow import after, waiting_for
from .legality import Legality
from .model import CardInfo, card_info
from .moves import Moves
from .periods import Periods
from .setup import SAMPLE_DECKS, SAMPLE_SET, deal_decks, draw_for_high_card, initial_rules, sample_decks
from .status import StatusView, scores
from .turns import Turns
from .vocabulary import FAN_VOCABULARY

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList

__all__ = ["SAMPLE_DECKS", "SAMPLE_SET", "XFilesFan", "sample_decks"]

_PAD = 20.0
_ROW = CARD_H + 8


class XFilesFan(PartsRuleset):
    """The X-Files Fan CCG: rounds of Cases, Followings and Conclusions over three periods, scored by the last card."""

    name = "xfiles-fan"
    title = "X-Files Fan CCG"
    #: a hand sorted in the game's order: the draw deck's kinds in the order a round takes them, then the cover
    #: deck's and the environment deck's
    hand_order = ("case", "incident", "following", "conclusion", "action", "cover", "environment")
    #: notes the log adds to the line of the action that caused them (`core.words.sentence`)
    log_notes = ("xfiles-fan.looked", "xfiles-fan.score", "xfiles-fan.game_over")
    description = "Two players build rounds on the SCULLY / MULDER / X-FILES environment; three periods, high score."
    min_seats = 2
    max_seats = 2
    move_policy = MOVE_POLICY
    #: A deck list's sections as the deck editor shows them; the sideboard is judged too (xff.deck.sideboard).
    deck_sections = (("deck", "Deck"), ("environment", "Environment"), ("covers", "Covers"), ("sideboard", "Sideboard"))
    option_specs = (
        Option("hand_size", 13, "Cards in a full hand (xff.2.2, xff.3.1)."),
        Option("periods", 3, "Periods in a game (xff.7)."),
        Option("both_pass", "discard_two", "When both pass with no round: each discards cards, or each shuffles the "
               "hand into the draw deck and draws a new hand (xff.4).", ("discard_two", "redraw_hand")),
        Option("discard_count", 2, "Cards each player discards under both_pass=discard_two (xff.4)."),
        Option("action_cards", True, "After placing a card in the round the player may play one Action card "
               "(xff.3.4)."),
        Option("value_limit", 10, "Largest size of a chosen positive, negative or conflict value (xff.5.3)."),
        Option("return_hands", False, "Hands also go back into the draw deck between periods (the game summary's "
               "reading of xff.2.1)."),
        Option("deck_min", 39, "Fewest cards in a draw deck (xff.deck.size)."),
        Option("deck_max", 65, "Most cards in a draw deck (xff.deck.size)."),
        Option("sideboard_max", 13, "Most cards in a sideboard (xff.deck.sideboard)."),
        Option("environment_min", 3, "Fewest cards in an environment deck (xff.deck.environment)."),
        Option("environment_same_name", 2, "Most environment cards sharing the all-capitals part of their name "
               "(xff.deck.environment)."),
        Option("max_turns", 0, "Playtest cap: the game ends, scored as it stands, after this many turns (0: none)."),
    )

    #: the hooks that read the table alone (`flow.py`, `status.py`): functions of the state, no part needed
    after = staticmethod(after)
    waiting_for = staticmethod(waiting_for)
    scores = staticmethod(scores)
    circumstances = staticmethod(circumstances)

    # the public answers of the parts, bound to them in `__init__` (no call in between: bots ask them by thousands)
    card: Callable[[str | None], CardInfo]
    info: Callable[[GameState, str], CardInfo]
    card_title: Callable[[GameState, str], str | None]  # type: ignore[assignment]

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(options, library)
        opts = self.options
        #: the card lookup, and where card text runs (`cardtext.py`: the kit's interpreter and the card lookup)
        self.cards = cards = FanCards(lambda: self.card_library, self.card_text)
        self.cardtext = FanText(self.effects, cards.card)
        cards.on_read.append(self.cardtext.note_card)
        cards.on_forget.append(self.cardtext.forget)
        self.legality = legality = Legality(cards, self.cardtext)
        self.checks = Checks(cards, legality, self.cardtext, opts, self.ref)
        self.periods = Periods(cards, self.effects, opts)
        self.turns = Turns(cards, legality, self.cardtext, self.effects, opts, self.periods)
        self.byhand = ByHand(cards, self.ref)
        self.moves = Moves(cards, legality.playable, self.turns.action_pieces, self.effects, opts,
                           self.byhand.by_hand_paths)
        self.view = StatusView(self.name, cards, legality, self.byhand, self.effects, opts)
        self.auditor = Audit(cards, opts)
        #: the dispatch tables: each action type's check and reducer, bound to the part that declares it
        self._checkers, self._reducers = marked(self.checks, self.periods, self.turns, self.byhand)
        self._defaults: tuple[tuple[int, int], CardLibrary, list[DeckList]] | None = None
        self.card, self.info, self.card_title = cards.card, cards.info, cards.title
        # what bots, the search, the window and tests ask of the ruleset, answered by its parts
        self.title_legal, self.playable, self.provided = legality.title_legal, legality.playable, legality.provided
        self.card_problems, self.card_legal = legality.card_problems, legality.card_legal
        self.round_value, self.round_total = legality.round_value, legality.round_total
        self.legal_paths = self.moves.legal_paths
        self.open_action, self.by_hand_moves = self.byhand.open_action, self.byhand.by_hand_moves
        self.legal_gestures = self.byhand.legal_gestures
        self.state_problems, self.deck_copy_limit = self.auditor.state_problems, self.auditor.deck_copy_limit
        self.deck_section_for = self.auditor.deck_section_for

    # -- card text: compiled once per card, run by the kit's interpreter (`cardtext.py` is where it runs) --

    def effect_vocabulary(self) -> Vocabulary:
        return FAN_VOCABULARY

    def compile_text(self, card: CardDef) -> tuple[list[dict[str, Any]], list[str]]:
        return compile_card(card)

    def card_set_problems(self, card_set: Any) -> list[tuple[Any, str, str]]:
        """A tag a card requires that no card of its set provides (Hostage Trade's [*Uncovered])."""
        cards = list(card_set)
        infos = [refine(card_info(c), self.text_of(c)) for c in cards]
        return [(cards[i], "requires", f"requires [{tag}], which no card of the set provides: it can never be "
                 "played with this set alone (unless another set provides it)") for i, tag in unprovided_tags(infos)]

    def effects_done(self, state: GameState, tx: Tx, entry: dict[str, Any]) -> None:
        """The interpreter closed the last choice of a card's text: the turn goes on where it stopped."""
        self.turns.effects_done(state, tx, entry)

    def _sync_cards(self) -> None:
        """Drop what was read from cards when the library is another one, or reloaded a set (`library.version`)."""
        self.cards.sync(self.library)

    def _sample_decks(self) -> list[DeckList]:
        """The shipped sample decks, read once per library (and again after a live card edit bumps its version)."""
        library = self.card_library
        key = (id(library), getattr(library, "version", 0))
        if self._defaults is None or self._defaults[0] != key or self._defaults[1] is not library:
            self._defaults = (key, library, sample_decks(library))
        return self._defaults[2]

    # -- the table --

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + 4
        return [
            ZoneSpec("deck", True, "hidden", "stack", "Draw deck", (20, 6, w, h), False, "deck"),
            ZoneSpec("hand", True, "owner", "fan", "Hand", (40 + w, 6, SEAT_W - 2 * w - 80, h), True, "hand"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (SEAT_W - 20 - w, 6, w, h), True, "discard"),
            ZoneSpec("sideboard", True, "owner", "stack", "Sideboard", (20, 6 + _ROW, w, h), True, "sideboard"),
            ZoneSpec("environment_deck", True, "owner", "row", "Environment deck", (40 + w, 6 + _ROW, 3 * w, h), True,
                     "environment_deck"),
            ZoneSpec("covers", True, "owner", "stack", "Covers", (SEAT_W - 20 - w, 6 + _ROW, w, h), True, "covers"),
            ZoneSpec("environment", False, "public", "row", "Environment", (-690, 12, 3 * w + 20, h + 12), True,
                     "environment"),
            ZoneSpec("round", False, "public", "row", "Round", (-230, 12, 920, h + 12), True, "round"),
        ]

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Decks into their zones and shuffled (xff.1.1), the draw for high card (xff.1.2), then the winner chooses."""
        if library is not None:
            self.library = library
        self._sync_cards()
        defaults = self._sample_decks() if any(s not in decks for s in state.seats) else []
        deal_decks(state, decks, self.cards, defaults)
        for p in state.players:
            p.counters["score"] = 0
        state.rules = initial_rules(state, self.cards)

    def draw_for_high_card(self, state: GameState) -> tuple[list[list[list[Any]]], int]:
        """xff.1.2: each draws a card; the highest revealed drawValue wins (`setup.draw_for_high_card`)."""
        return draw_for_high_card(state, self.cards)

    # -- the kit's hooks: a game on the table and the card data current, then the part that answers --

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        if "phase" not in state.rules:
            return []  # no X-Files Fan game on this table (a sandbox position): nothing to enforce
        library, (known, version) = self.library, self.cards.seen  # `_sync_cards`, without its call per check
        if library is not known or getattr(library, "version", 0) != version:
            self._sync_cards()
        return super().check(state, action, seat)  # every action, the bots' included, is checked

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        if "phase" not in state.rules and type(action) in self._reducers:
            raise ActionError("no_game", "this table has no X-Files Fan game state")
        return super().reduce(state, action, seat, tx)

    def generate_actions(self, state: GameState, seat: int | None) -> list[Action]:
        """Every legal move of `seat` now, as a list (`moves.py`)."""
        library, (known, version) = self.library, self.cards.seen  # `_sync_cards`, without its call per list
        if library is not known or getattr(library, "version", 0) != version:
            self._sync_cards()
        return self.moves.generate_actions(state, seat)

    def legal_actions(self, state: GameState, seat: int | None) -> LegalActions:
        """The moves the window lists: `by_hand_moves`, then `generate_actions` (the bots' list, unchanged)."""
        return Listing(self, state, seat)

    def game_status(self, state: GameState, seat: int | None) -> Status:
        if "phase" in state.rules:
            self._sync_cards()
        return self.view.game_status(state, seat)

    def audit(self, state: GameState) -> list[Violation]:
        return self.auditor.audit(state)

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        if library is not None:
            self.library = library
            self.cards.forget()
        return self.auditor.deck_problems(deck)

    def winner(self, state: GameState) -> int | None | str:
        r = state.rules
        if r.get("over") and r.get("winner") is None:
            return "tie"
        return r.get("winner")
