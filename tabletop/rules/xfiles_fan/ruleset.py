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

The ruleset is built on the kit (`tabletop.rules.kit`) from one piece per concern: `legality` (may a card go into
the round), `checks` (one per action type, and the hand-made-move policy as data), `turns` and `periods` (the
reducers), `byhand` (Action card text applied by hand from the window), `flow` (automatic steps and legal
moves), `status` (the HUD) and `audit` (saves and decks).

Card text runs in one place: `cardtext.py` (`FanText`, a part with explicit inputs: the kit's interpreter and the
card lookup, held as `self.cardtext`). The text is compiled once per card by `compiler.py` from the grammar
`text.lark` (a designer's `effects:` wins) into abilities of the effect language, whose Fan-specific words are
`vocabulary.py`; the frame asks `cardtext` when a card is played, whether it may be played, and when a round is
scored.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.reducer import ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ..effects import EFFECT_ACTIONS, Vocabulary
from ..kit import CARD_H, CARD_W, SEAT_W, KitRuleset, Option, ZoneSpec, put_cards, put_on, shuffle_now
from .actions import DiscardCards, Exchange, PlayAction, PlayCard
from .audit import Audit
from .byhand import ByHand
from .cardtext import FanText, refine, unprovided_tags
from .checks import MOVE_POLICY, Checks
from .common import DECK, DISCARD, HAND, NO_CIRC, SECTION_ZONES
from .compiler import compile_card
from .flow import Flow
from .legality import Legality
from .model import CardInfo, card_info
from .periods import Periods
from .status import StatusView
from .turns import Turns
from .vocabulary import FAN_VOCABULARY

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList

__all__ = ["SAMPLE_DECKS", "SAMPLE_SET", "XFilesFan", "sample_decks"]

SAMPLE_SET = "xfiles-fan-sample"
SAMPLE_DECKS = ("agents.yaml", "conspiracy.yaml")
HIGH_CARD_ATTEMPTS = 50
_PAD = 20.0
_ROW = CARD_H + 8


def sample_decks(library: CardLibrary) -> list[DeckList]:
    """The two shipped sample deck lists, when the sample set is loaded (read with the set: no file is opened)."""
    from ...cards import shipped_deck

    card_set = library.sets.get(SAMPLE_SET)
    if card_set is None:
        return []
    return [shipped_deck(library, SAMPLE_SET, name) for name in SAMPLE_DECKS if name in card_set.decks]


class XFilesFan(Checks, Turns, Periods, Flow, StatusView, Audit, Legality, ByHand, KitRuleset):
    """The X-Files Fan CCG: rounds of Cases, Followings and Conclusions over three periods, scored by the last card."""

    name = "xfiles-fan"
    title = "X-Files Fan CCG"
    #: notes the log adds to the line of the action that caused them (`core.words.sentence`)
    #: a hand sorted in the game's order: the draw deck's kinds in the order a round takes them, then the cover
    #: deck's and the environment deck's
    hand_order = ("case", "incident", "following", "conclusion", "action", "cover", "environment")
    log_notes = ("xfiles-fan.looked", "xfiles-fan.score", "xfiles-fan.game_over")
    description = "Two players build rounds on the SCULLY / MULDER / X-FILES environment; three periods, high score."
    min_seats = 2
    max_seats = 2
    move_policy = MOVE_POLICY
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

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(options, library)
        #: where card text runs (`cardtext.py`): explicit inputs, the kit's interpreter and the card lookup
        self.cardtext = FanText(self.effects, self.card)
        self._info: dict[str, CardInfo] = {}
        #: bumped whenever the card data read into `_info` is dropped, so memos of legality drop with it
        self._info_gen = 0
        #: the library (held, so its identity cannot be reused) and its version that `_info` was read from
        self._library_seen: tuple[Any, int] = (None, 0)
        #: each title's provided tags, case-folded (counted for every card the rules check)
        self._provides: dict[str | None, tuple[str, ...]] = {}
        #: provided tags by the titles counted (see _provided_by_titles), bounded
        self._provided_memo: dict[tuple[str | None, ...], Counter[str]] = {}
        self._legal_memo = None
        #: the legality of each title judged, per position (see `Legality._legal_titles`), bounded
        self._legal_positions: dict[tuple[Any, ...], dict[str | None, bool]] = {}
        #: what the legality of each title reads of its card data (see `Legality._ref_legal`)
        self._legal_facts: dict[str | None, tuple[Any, ...]] = {}
        #: each round entry's part of its position's key (see `legality.position_key`), bounded
        self._entry_keys: dict[int, tuple[Any, ...]] = {}
        #: what each title's card does to the circumstances (`model.establish_ops`), read once per title
        self._circ_ops: dict[str, tuple[Any, tuple[bool | None, ...]]] = {}
        #: whether each title is an Action card (`Turns._holds_action`, `Flow._action_choices`)
        self._action_titles: dict[str | None, bool] = {}
        #: the pieces of the last table asked that are Action cards (`Turns._action_pieces`)
        self._action_memo = None
        self._defaults: tuple[tuple[int, int], CardLibrary, list[DeckList]] | None = None
        #: the PlayCard action of each piece, made once (legal moves are listed every turn)
        self._plays: dict[str, PlayCard] = {}
        #: the one-for-one Exchange of each pair of pieces offered so far (hundreds are listed between periods)
        self._exchanges: dict[tuple[str, str], Exchange] = {}
        #: the discard of each pair of pieces offered so far (every pair of a full hand is listed when both pass)
        self._discards: dict[tuple[str, str], DiscardCards] = {}
        #: the PlayAction of each Action card, made once (offered after most cards played)
        self._action_plays: dict[str, PlayAction] = {}


    # -- card data: read once per title, read again when the library changes (a live card edit) --

    def card(self, ref: str | None) -> CardInfo:
        """What the engine reads from a card ref (an unknown ref is a card of type `unknown` with no tags)."""
        ref = ref or ""
        info = self._info.get(ref)
        if info is None:
            try:
                info = card_info(self.card_library.get(ref))
            except KeyError:
                info = CardInfo(ref=ref, name=ref or "?", type="unknown")
            else:
                info = refine(info, self.card_text(ref))
                self.cardtext.note_card(ref, info)
            self._info[ref] = info
        return info

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



    def info(self, state: GameState, pid: str) -> CardInfo:
        ref = state.pieces[pid].card  # `card`, with a title already read found without the call
        info = self._info.get(ref) if ref else None
        return info if info is not None else self.card(ref)

    def card_title(self, state: GameState, pid: str) -> str | None:
        ref = state.pieces[pid].card  # asked of every card each log entry touches: the known title at once
        if not ref:
            return None
        info = self._info.get(ref)
        return (info if info is not None else self.card(ref)).name

    def _forget_cards(self) -> None:
        self._info.clear()
        self.cardtext.forget()
        self._provides.clear()
        self._provided_memo.clear()
        self._legal_memo = None
        self._legal_positions.clear()
        self._legal_facts.clear()
        self._entry_keys.clear()
        self._circ_ops.clear()
        self._action_titles.clear()
        self._action_memo = None
        self._info_gen += 1

    def _card_version(self) -> int:
        return self._info_gen

    def _sync_cards(self) -> None:
        """Drop what was read from cards when the library is another one, or reloaded a set (`library.version`)."""
        library = self.library
        known, version = self._library_seen  # asked at every legal-move list and check: no tuple built
        if library is not known or getattr(library, "version", 0) != version:
            self._library_seen = (library, getattr(library, "version", 0))
            self._forget_cards()

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
        for seat in state.seats:
            deck = decks.get(seat) or (defaults[seat % len(defaults)] if defaults else None)
            if deck is None:
                continue
            placed: list[tuple[str, str]] = []
            for section in deck.sections:
                refs = deck.expanded(section)
                kind = SECTION_ZONES.get(section.lower())  # `_zone_kind`, found once for a section that names it
                placed += [(ref, kind) for ref in refs] if kind is not None else \
                    [(ref, self._zone_kind(section, ref)) for ref in refs]
            for ref in dict.fromkeys(ref for ref, _ in placed):
                self.card(ref)  # each title's text compiled as the table is set up, not in the middle of a turn
            for kind, run in itertools.groupby(placed, key=itemgetter(1)):
                put_cards(state, [ref for ref, _ in run], f"{kind}:{seat}", owner=seat)
            shuffle_now(state, DECK[seat])
        for p in state.players:
            p.counters["score"] = 0
        state.rules = self._initial_rules(state)

    def _zone_kind(self, section: str, ref: str) -> str:
        """The zone a card of a deck-list section goes to: by the section's name, else by the card's type."""
        kind = SECTION_ZONES.get(section.lower())
        if kind is not None:
            return kind
        ctype = self.card(ref).type
        return "environment_deck" if ctype == "environment" else "covers" if ctype == "cover" else "deck"

    def _initial_rules(self, state: GameState) -> dict[str, Any]:
        draws, winner = self.draw_for_high_card(state)
        return {
            "phase": "choose_first", "period": 0, "high_card": draws, "chooser": winner, "first": None,
            "xfiles_player": None, "env_step": 0, "turn": None, "turns": 0, "opener": None, "leader": None,
            "round": [], "round_over": False, "passes": 0, "deck_out": False,
            "pending": [{"kind": "choose_first", "seat": winner}], "over": False, "winner": None, "result": None,
        }

    def draw_for_high_card(self, state: GameState) -> tuple[list[list[list[Any]]], int]:
        """xff.1.2: each draws a card; the highest revealed drawValue wins; redraw on a tie or when none reveals."""
        attempts: list[list[list[Any]]] = []
        for _ in range(HIGH_CARD_ATTEMPTS):
            draws = [self._draw_high_card(state, seat) for seat in state.seats]
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

    def _draw_high_card(self, state: GameState, seat: int) -> list[Any]:
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
        return [seat, pid, self.info(state, pid).draw_value]

    # -- reading the rule state --

    @staticmethod
    def _other(state: GameState, seat: int | None) -> int:
        players = state.players  # the seat after `seat` (the first when it sits nowhere), without a list of seats
        for i, p in enumerate(players):
            if p.seat == seat:
                return players[(i + 1) % len(players)].seat
        return players[0].seat

    @staticmethod
    def _round(state: GameState) -> list[dict[str, Any]]:
        return [dict(e) for e in state.rules.get("round") or []]

    @staticmethod
    def _pending(state: GameState) -> list[dict[str, Any]]:
        return [dict(p) for p in state.rules.get("pending") or []]

    def _pending_for(self, state: GameState, seat: int | None, kind: str | None = None) -> list[dict[str, Any]]:
        """The decisions pending for `seat` (of `kind`): the rule state's own entries, to read, not to change."""
        return [p for p in state.rules.get("pending") or [] if p.get("seat") == seat and
                (kind is None or p.get("kind") == kind)]

    def circumstances(self, state: GameState) -> dict[str, bool]:
        """The circumstances in force now: those after the round's last card (all clear with no round)."""
        rnd = state.rules.get("round") or []
        return dict(rnd[-1]["circ"]) if rnd else dict(NO_CIRC)

    def _hand(self, state: GameState, seat: int | None) -> list[str]:
        zone = state.zones.get(HAND[seat])
        return list(zone.pieces) if zone else []

    # -- the kit's hooks --

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        if "phase" not in state.rules:
            return []  # no X-Files Fan game on this table (a sandbox position): nothing to enforce
        library, (known, version) = self.library, self._library_seen  # `_sync_cards`, without its call per check
        if library is not known or getattr(library, "version", 0) != version:
            self._sync_cards()
        # the kit's dispatch (`KitRuleset.check`) in place: every action, the bots' included, is checked (the
        # interpreter's actions are none of this ruleset's own, so they are looked for only after its table)
        check = self._check_fns.get(type(action))
        if check is None:
            if type(action) in EFFECT_ACTIONS:
                return self.effects.check(state, action, seat)
            return list(self.check_table_action(state, action, seat))
        gate = self.gate(state, action, seat)
        if gate:
            return list(gate)
        found = check(self, state, action, seat)
        return found if type(found) is list else list(found)  # each check makes a new list: not copied again

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        # the kit's dispatch (`KitRuleset.reduce`), here with the check that a game is on the table, in one lookup
        reducer = self._reduce_fns.get(type(action))
        if reducer is None:
            if type(action) not in EFFECT_ACTIONS:
                return False
            self.effects.reduce(state, action, seat, tx)
            return True
        if "phase" not in state.rules:
            raise ActionError("no_game", "this table has no X-Files Fan game state")
        reducer(self, state, action, seat, tx)
        return True

    def winner(self, state: GameState) -> int | None | str:
        r = state.rules
        if r.get("over") and r.get("winner") is None:
            return "tie"
        return r.get("winner")
