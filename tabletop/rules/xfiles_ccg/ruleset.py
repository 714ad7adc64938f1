"""`xfiles-ccg`: The X-Files CCG Advanced Game; the engine keeps pools, phases, checks, Combat and the hidden X-Files.

Card text is compiled into the kit's effect language (`compiler`, the grammar `cardtext.lark`) and run by the kit's
interpreter with the X-Files vocabulary (`vocab`, `vocab_reads`); `textrun` (the part `text`) is the one place the
rules hand a card's text to it (a card resolving, a Bluff paid, a card played, a standing ability used, conditions
checked at play). Text the compiler cannot read is applied by hand with the manual effect (`xfc.effect`), its common
forms offered ready to confirm (`data.suggested_effects`). Rule numbers are in `rulebook.RULE_TEXT`.

`XFilesCCG` is a config of parts with explicit inputs (docs/RULESETS_STRUCTURE.md maps them), made and wired in
`__init__`: `cards` (`cards.py`: the card lookup), `table` (`reading.py`: Agents, Health, skills, words in effect,
payments), `text` (`textrun.py`: **where a card's text runs**), `notes` (`notebook.py`: questions, guesses, the
Notebook), `flow` (`flow.py`: the steps that move a turn on), `fights` (`combat.py`: skill checks and Combat),
`by_hand`, `prep`, `investigation` (`effects.py`, `reducers_prep.py`, `reducers_investigation.py`: one reducer per
action type), `checks`, `investigation_checks` (`checks.py`, `checks_investigation.py`: one check per action type,
the gate, moves made by hand), `moves` (`moves.py`, `generators.py`: every legal move, the bots' short list), `view`
(`status.py`) and `auditor` (`audit.py`). The kit's `PartsRuleset` dispatches each action to the part that marked
its check or reducer (`marked`). The parts take their inputs from each other; what code holding the ruleset asks
through it (the vocabulary's `ctx.ruleset`, the standing-ability readers handed the ruleset, the bots and the
search, the window, the kit's interface) is the parts' own answers bound on it (`rules.health`,
`ctx.ruleset.to_discard`, ...), and only that (`tests/rules/test_xfiles_ccg_shape.py` finds every name so asked
bound). What reads the rule state alone (`active`, `step`, `decision`, `section_of`, ...) is functions of the table
(`table.py`), static methods of the ruleset.

Rule state (`state.rules`; seat keys are strings so it survives JSON and YAML unchanged):
turn, first, active, step (see STEPS), seller / bluffer / discarder (whose turn inside a step), drawn, moved, hired,
used (Agents that investigated this turn), site_names, sites {pid: {at, turn}}, teams {seat: [[pid...]]},
check {site, team, skill, need, directed, mods, used}, bluffs [pid], chain [{piece, seat, pool, paid, combat}],
priority, passed, combat {adversary, owner, round, number, mods, pending}, question {asked, guessed, ...},
penalty {seat, about}, answers {seat: [...]}, guesses {seat: n}, suggestions [...], over, winner; from card text:
effects (the interpreter's pending abilities and lasting modifiers), check.also / check.failed / check.fail_damage,
combat.effects / only / out / jammed / extra, x_paid {pid: x}, site_words {seat: [...]}, resting {pid: turn}, hurt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.events import (
    Event,
    Note,
    PieceChanged,
    PieceMoved,
    PieceRemoved,
    PlayerCounterChanged,
    RngAdvanced,
    RuleStateChanged,
    StateFieldChanged,
    ZoneReordered,
)
from ...core.reducer import ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import (
    CARD_H,
    CARD_W,
    EFFECT_ACTIONS,
    SEAT_W,
    CardsKeepLibrary,
    Option,
    PartsRuleset,
    ZoneSpec,
    draw_up_to,
    marked,
    put_cards,
    shuffle_into,
)
from .actions import Hospitalize, KillerWin
from .audit import Audit
from .cards import CcgCards
from .checks import Checks
from .checks_investigation import InvestigationChecks
from .combat import Combat
from .data import SECTIONS, CardInfo
from .effects import ByHand
from .flow import Flow
from .hand_moves import MOVE_POLICY
from .moves import Moves
from .notebook import Notebook
from .reading import Table
from .reducers_investigation import InvestigationReducers
from .reducers_prep import PrepReducers
from .rulebook import RULE_TEXT
from .status import StatusView, scores
from .steps import PHASE_OF, SAMPLE_DECKS, SAMPLE_SET, STEPS
from .table import (
    active,
    damage,
    decision,
    hired,
    left,
    opponents,
    owner,
    pool_of,
    section_of,
    step,
    waiting_for,
    xfile_of,
)
from .textrun import CcgText
from .xfile_choice import random_xfile

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList
    from ..effects import Vocabulary

__all__ = ["PHASE_OF", "RULE_TEXT", "SAMPLE_SET", "SECTIONS", "STEPS", "XFilesCCG", "default_deck"]


def default_deck(library: CardLibrary, index: int = 0) -> DeckList:
    """One of the sample set's two deck lists (index 0: Randy's, 1: Les's), as read with the set from its `decks/`."""
    from ...cards import shipped_deck

    return shipped_deck(library, SAMPLE_SET, SAMPLE_DECKS[index % len(SAMPLE_DECKS)])


_PAD = 20.0
_ROW = CARD_H + 6
#: The actions the engine queues itself; every other rules action is a seat's.
_AUTOMATIC = (Hospitalize, KillerWin)


#: a piece's counters (`after` reads those of the pieces in play after every action)
_COUNTERS = attrgetter("counters")
#: `GameState.derived`'s key: the Bureaus and Fields were walked and no Agent there is at 0 Health
_NONE_AT_ZERO = "xfc.none_at_zero"
#: the events that never bring an Agent in a section to 0 Health (rule state, pools, the RNG, notes, a deck
#: shuffled, a piece taken off the table)
_HARMLESS = frozenset((RuleStateChanged, PlayerCounterChanged, RngAdvanced, Note, ZoneReordered, PieceRemoved,
                       StateFieldChanged))
#: the piece fields whose change may bring an Agent to 0 (damage and Health lost are counters; a card detached)
_VITAL = frozenset(("counters", "attached_to"))


def _may_bring_to_zero(state: GameState, events: list[Event]) -> bool:
    """Whether these events may have brought an Agent in a Bureau or Field to 0 Health: a card's counters or
    attachment changed, a card entering a section (from the Hospital, with its damage), a piece added."""
    for e in events:
        t = type(e)
        if t in _HARMLESS:
            continue
        if t is PieceMoved:
            if state.zones[e.dst].kind in ("bureau", "field"):  # type: ignore[attr-defined]
                return True
        elif t is PieceChanged:
            for f, _old, _new in e.changes:  # type: ignore[attr-defined]
                if f in _VITAL:
                    return True
        else:
            return True  # a piece added, or an event this does not know
    return False


#: per seat, the names of its Bureau and Field zones (`after` looks in them after every action)
_IN_PLAY: dict[int, tuple[str, str]] = {}


def _in_play_zones(seat: int) -> tuple[str, str]:
    if len(_IN_PLAY) >= 64:
        _IN_PLAY.clear()
    found = _IN_PLAY[seat] = (f"bureau:{seat}", f"field:{seat}")
    return found


class XFilesCCG(PartsRuleset):
    """The X-Files CCG Advanced Game for 2 or more players: identify an opponent's hidden X-File first."""

    name = "xfiles-ccg"
    title = "The X-Files CCG (Advanced)"
    #: notes the log adds to the line of the action that caused them (`core.words.sentence`), in this order: a check
    #: begun, a card paid for, what was revealed, an effect applied or lapsed, a card resolving off the chain,
    #: Combat, the skill check's result
    #: a hand sorted in the game's order: the card types as the manual's "card types" pages list them
    hand_order = ("Event", "Witness", "Bluff", "Equipment", "Combat", "Adversary", "Site", "Agent", "X-File")
    quiet_counters = frozenset({"used_turn", "token_turn", "pool_used", "hospital_until", "last_hit", "until_healed"})
    log_notes = ("xfc.investigate", "xfc.play", "xfc.bluff_revealed", "xfc.unpaid", "xfc.effect", "xfc.lapsed", "xfc.resolve",
                 "effects.applied", "effects.by_hand", "effects.declined", "xfc.witness_joins",
                 "xfc.combat", "xfc.damage", "xfc.hospitalized", "xfc.witness_down", "xfc.combat_end", "xfc.check",
                 "xfc.win", "xfc.draw")
    description = "Agents investigate Sites, pay from Resource and Conspiracy Pools, fight Adversaries and ask about " \
                  "the hidden X-Files; first correct guess wins."
    min_seats = 2
    max_seats = 6
    option_specs = (
        Option("killer_cards", False, "Allow KILLER-keyword cards in decks (xfc.deck.3)."),
        Option("killer_win", False, "Another way to win with Killer cards: permanently remove every opposing Agent "
               "(xfc.options.3)."),
        Option("question_or_guess", False, "After a successful check: a question or a guess, not both."),
        Option("one_guess", False, "One guess per game; a wrong guess loses."),
        Option("xfile_powers", False, "Track the characteristics each opponent knows and show the powers they unlock."),
        Option("random_xfile", False, "A deck that names no X-File gets one at random from the X-Files of the sets "
               "the game's decks use, as GCCG's server does (xfc.team.4)."),
        Option("team_cost_max", 20, "Highest total Cost of the starting Agents (xfc.team.3)."),
        Option("hand_max", 7, "Most cards in hand after the Debriefing (xfc.debriefing.1)."),
        Option("starting_pools", 5, "Tokens in each Resource and Conspiracy Pool at the start (xfc.setup.2)."),
        Option("first_player", -1, "Seat that takes the first turn; -1 picks it at random."),
        Option("max_turns", 100, "Playtest cap: the game ends in a draw after this many turns (0: no cap)."),
    )
    move_policy = MOVE_POLICY
    #: A deck list's sections as the deck editor shows them (xfc.deck.*): the Team, the Bureau Deck, the X-File.
    deck_sections = (("team", "Team"), ("deck", "Bureau Deck"), ("xfile", "X-File"))

    #: the lab reads the scores at every turn change: a function of the rule state (`status.py`)
    scores = staticmethod(scores)
    #: the rule state's reads (`table.py`): functions of the table, asked by the vocabulary (`ctx.ruleset.owner`)
    active, step, left, opponents = staticmethod(active), staticmethod(step), staticmethod(left), staticmethod(opponents)
    decision, waiting_for, section_of = staticmethod(decision), staticmethod(waiting_for), staticmethod(section_of)
    damage, pool_of, owner, xfile_of = (staticmethod(damage), staticmethod(pool_of), staticmethod(owner),
                                        staticmethod(xfile_of))
    hired = staticmethod(hired)

    # the public answers of the parts, bound to them in `__init__` (no call in between: bots ask them by thousands)
    question_context: Callable[..., dict[str, Any] | None]
    question_options: Callable[..., list[dict[str, Any]]]
    guess_options: Callable[..., list[dict[str, Any]]]
    notebook: Callable[[GameState, int], dict[str, Any]]
    notes_about: Callable[[GameState, int, int | None], tuple[dict[str, Any] | None, set[Any]]]

    gate: Callable[[GameState, Action, int | None], list[Violation]]  # type: ignore[assignment]
    check_table_action: Callable[[GameState, Action, int | None], list[Violation]]  # type: ignore[assignment]
    _checkers: dict[type[Action], Callable[..., list[Violation]]]

    info: Callable[[str | None], CardInfo]
    pinfo: Callable[[GameState, str], CardInfo]
    traits: Callable[[str | None], frozenset[str]]

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        #: the card lookup, made first: it holds the library the kit's `__init__` sets (`library`, below)
        self.cards = cards = CcgCards(lambda: self.card_library, self.card_text)
        super().__init__(options, library)
        opts = self.options
        # Bound on the ruleset below: only what code holding the ruleset asks through it (the vocabulary's
        # `ctx.ruleset`, the standing-ability readers handed the ruleset, the bots and the search, the window, the
        # kit's interface); the parts ask each other directly (tests/rules/test_xfiles_ccg_shape.py lists them).
        self.info, self.pinfo, self.traits, self.xfiles = cards.info, cards.pinfo, cards.traits, cards.xfiles
        self.card_title, self.known_traits = cards.card_title, cards.known_traits  # type: ignore[method-assign]
        #: what the rules read of the table (`reading.py`): Agents, Health, skills, words in effect, payments
        self.table = table = Table(cards, self.effects)
        self.agents, self.health, self.rating, self.gear = table.agents, table.health, table.rating, table.gear
        self.agent_skill, self.team_skill = table.agent_skill, table.team_skill
        self.combatants, self.check_total, self.same_team = table.combatants, table.check_total, table.same_team
        self.in_effect, self.pay_pool, self.killer_winner = table.in_effect, table.pay_pool, table.killer_winner
        self.keywords_of, self.tokens_left, self.res_of = table.keywords_of, table.tokens_left, table.res_of
        self.any_trait = table.any_trait
        #: where a card's text runs (`textrun.py`); the steps it leads to, the flow's and Combat's, late-bound below
        self.text = text = CcgText(self.effects, cards, table, self.ref, cards.load)
        self.negate = text.negate
        #: the steps that move a turn on (`flow.py`), and the skill checks and Combat (`combat.py`; `fights`, as
        #: `combat` is the rule state's word): `Combat` takes the flow, the flow is given `fights` and the
        #: Investigation's `reveal_bluffs` once they are made
        self.flow = flow = Flow(cards, table, text, self, opts, self.ref)
        self.fights = fights = Combat(cards, table, text, flow, self, self.ref)
        flow.fights = text.fights = fights
        text.flow = flow
        self.draw, self.to_discard, self.move_agent, self.attach = flow.draw, flow.to_discard, flow.move_agent, flow.attach
        self.pay, self.set_damage, self.end_investigation = flow.pay, flow.set_damage, flow.end_investigation
        self.chain, self.level, self.resolve_top = flow.chain, flow.level, flow.resolve_top
        #: questions, guesses and the Notebook (`notebook.py`)
        self.notes = notes = Notebook(cards, opts)
        self.question_context, self.question_options = notes.question_context, notes.question_options
        self.guess_options, self.question_token, self.guess_token = (notes.guess_options, notes.question_token,
                                                                     notes.guess_token)
        self.notebook, self.notes_about = notes.notebook, notes.notes_about
        #: card text applied by hand (`effects.py`: the manual effect, the suggested effects)
        self.by_hand = by_hand = ByHand(cards, table, text, flow, fights, self.ref)
        self.abduct = by_hand.abduct
        #: passing, and the steps before the Investigation (`reducers_prep.py`)
        self.prep = prep = PrepReducers(cards, table, text, flow, fights, by_hand.settle, self.ref, self)
        #: the Investigation, the Debriefing and the automatic actions (`reducers_investigation.py`)
        self.investigation = investigation = InvestigationReducers(cards, table, text, flow, fights, notes, opts, self.ref,
                                                                   self)
        flow.reveal_bluffs = investigation.reveal_bluffs
        #: the checks (`checks.py`, `checks_investigation.py`): one per action type, the gate before them, the table
        #: actions made by hand; the ruleset last, only as the standing-ability readers take it (`limits` reads the
        #: flow's `chain` through it)
        self.checks = checks = Checks(cards, table, text, flow, self.ref, self)
        self.investigation_checks = late = InvestigationChecks(checks, cards, table, text, notes, opts, self.ref, self)
        self.gate, self.check_table_action = checks.gate, checks.check_table_action  # type: ignore[method-assign]
        #: the check and the reducer of each action type: the parts' `@checks` and `@reduces` marks (`marked`),
        #: looked up once per action (the text part's are `UseAbility`'s)
        self._checkers, self._reducers = marked(text, prep, investigation, by_hand, checks, late)
        #: the move lister (`moves.py`, `generators.py`): every legal move, the bots' short list, the status's help;
        #: the ruleset last, only as the standing-ability readers take it
        self.moves = moves = Moves(cards, table, text, flow, notes, opts, self.effects, self.check,
                                   by_hand.suggestion_actions, self)
        self.generate_actions = moves.generate_actions  # type: ignore[method-assign]
        self.legal_actions, self.legal_moves = moves.legal_actions, moves.legal_moves  # type: ignore[method-assign]
        self.legal_paths, self.legal_gestures = moves.legal_paths, moves.legal_gestures  # type: ignore[method-assign]
        #: the HUD's status (`status.py`) and the checks of saves and decks (`audit.py`)
        self.view = StatusView(self.name, cards, table, notes, moves.what_now, moves.step_hint,
                               by_hand.suggestion_actions, by_hand.expand, opts)
        self.game_status = self.view.game_status  # type: ignore[method-assign]
        self.auditor = auditor = Audit(cards, table, cards.load, self.ref, opts)
        self.audit = auditor.audit  # type: ignore[method-assign]
        self.deck_section_for, self.deck_copy_limit = (auditor.deck_section_for,  # type: ignore[method-assign]
                                                       auditor.deck_copy_limit)

    # -- card text: the kit's hooks, handed over to the text part (`textrun.py`) --

    def effect_vocabulary(self) -> Vocabulary:
        """The X-Files CCG's words (`vocab.py`), those the text part runs card text with."""
        return CcgText.vocabulary

    def compile_text(self, card: CardDef) -> tuple[list[dict[str, Any]], list[str]]:
        return self.text.compile_text(card)

    #: the card library the game plays with (None: the shipped cards), kept by the card lookup
    library = CardsKeepLibrary()  # type: ignore[assignment]

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """The bots' moves of `seat` now (`moves.py`): a method of the class, so `simulate` sees that it lists moves;
        an instance's is the move lister's own, bound in `__init__`."""
        return self.moves.generate_actions(state, seat)

    # ------------------------------------------------------------------------------------------ the table

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        w, h = CARD_W + _PAD, CARD_H + 4
        return [
            ZoneSpec("deck", True, "hidden", "stack", "Bureau Deck", (20, 6, w, h), False, "deck"),
            ZoneSpec("discard", True, "public", "stack", "Discard", (40 + w, 6, w, h), True, "discard"),
            ZoneSpec("hand", True, "owner", "fan", "Hand", (60 + 2 * w, 6, SEAT_W - 3 * w - 100, h), True, "hand"),
            ZoneSpec("xfile", True, "owner", "stack", "X-File", (SEAT_W - 20 - w, 6, w, h), False, "xfile"),
            ZoneSpec("bureau", True, "public", "row", "Bureau", (20, 6 + _ROW, 560, h), True, "bureau"),
            ZoneSpec("field", True, "public", "row", "Field", (600, 6 + _ROW, SEAT_W - 620, h), True, "field"),
            ZoneSpec("hospital", True, "public", "row", "Hospital", (20, 6 + 2 * _ROW, 560, h), True, "hospital"),
            ZoneSpec("chain", False, "public", "row", "Chain", (-360, (420 - h) / 2, 720, h), True, "chain"),
        ]

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Team in the Bureau, X-File face down, Bureau Deck shuffled, 7 cards drawn, pools of 5, first player drawn."""
        if library is not None:
            self.library = library
        decks = {seat: decks.get(seat) or self._default_deck(seat) for seat in state.seats}
        for seat in state.seats:
            deck = decks[seat]
            put_cards(state, deck.expanded("team"), f"bureau:{seat}", owner=seat)
            xfile = deck.expanded("xfile")[:1]
            if not xfile and self.options["random_xfile"]:
                xfile = random_xfile(state, decks, self.xfiles())
            put_cards(state, xfile, f"xfile:{seat}", owner=seat, face_up=False)
            shuffle_into(state, deck.expanded("deck"), f"deck:{seat}", owner=seat)
            draw_up_to(state, f"deck:{seat}", f"hand:{seat}", 7, face_up=True)
            player = state.player(seat)
            player.counters["rp"] = self.options["starting_pools"]
            player.counters["cp"] = self.options["starting_pools"]
        first = self.options["first_player"]
        if first not in state.seats:
            first = state.seats[state.rng.below(len(state.seats))]
        state.rules = self.fresh_rules(first)

    def _default_deck(self, seat: int) -> DeckList:
        """`default_deck(library, seat)`, read once per library version (self-play sets up thousands of games; a
        deck list is only read by `setup`)."""
        library = self.card_library
        cache = self.card_cache()
        key = ("default_deck", seat % len(SAMPLE_DECKS))
        found = cache.get(key)
        if found is None or found[0] is not library:  # kept with its library: a game may be set up with another
            found = cache[key] = (library, default_deck(library, seat))
        return found[1]

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        """Everything that keeps a deck list from being a legal Advanced deck (`audit.py`), with `library` if given
        (the card data read so far is dropped with the old library: `CcgCards.info`)."""
        if library is not None:
            self.library = library
        return self.auditor.deck_problems(deck)

    @staticmethod
    def fresh_rules(first: int, step: str = "draw") -> dict[str, Any]:
        """Rule state at the start of a turn of `first` (hand-written positions may give only some of the keys)."""
        return {"turn": 1, "first": first, "active": first, "step": step, "over": False, "winner": None,
                "sites": {}, "answers": {}, "guesses": {}}

    # ------------------------------------------------------------------------------------------ check, reduce

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        kind = type(action)
        fn = self._reducers.get(kind)
        if fn is None and kind not in EFFECT_ACTIONS:
            return False
        if seat is None and not isinstance(action, _AUTOMATIC):
            raise ActionError("spectator", "spectators do not play")
        if action.piece_fields:  # most actions (a pass) name no piece
            pieces = state.pieces
            for pid in action.piece_names():
                if pid not in pieces:
                    raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        if fn is None:  # the kit's dispatch (`PartsRuleset.reduce`), written out: every action comes here
            self.effects.reduce(state, action, seat, tx)
        else:
            fn(state, action, seat, tx)
        return True

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        derived = state.derived  # on the fast path: whether the sections were found with no Agent at 0 Health
        none = derived.get(_NONE_AT_ZERO) if derived else False
        if none:
            # most actions' events are none (a playout's rule state and pools are no events, `Tx.undo`), or all the
            # RNG, notes, a deck shuffled: their types asked in one C loop
            if not events or _HARMLESS.issuperset(map(type, events)) or not _may_bring_to_zero(state, events):
                if not self.options["killer_win"]:
                    return ()  # none then, and none since (what follows returns nothing either, the game over or not)
            else:
                del derived[_NONE_AT_ZERO]  # type: ignore[union-attr]
                none = False
        r = state.rules
        if r.get("over"):
            return ()
        if self.options["killer_win"]:
            winner = self.killer_winner(state)
            if winner is not None:
                return [(KillerWin(winner), None)]
        if none:
            return ()  # none then, and no event since could bring one to 0
        if r.get("combat") or r.get("step") in ("damage", "aftermath"):  # `self.step(state)`, without the call
            return ()
        pieces, zones = state.pieces, state.zones
        piece = pieces.__getitem__
        for p in state.players:  # each section's pieces' counters read in one C loop
            for name in _IN_PLAY.get(p.seat) or _in_play_zones(p.seat):
                zone = zones.get(name)
                if zone is None or not any(map(_COUNTERS, map(piece, zone.pieces))):
                    continue
                for pid in zone.pieces:
                    if pieces[pid].counters and self._at_zero(state, pid):  # only damage brings an Agent to 0
                        return [(Hospitalize(pid), None)]
        if derived is not None:
            derived[_NONE_AT_ZERO] = True
        return ()

    def _at_zero(self, state: GameState, pid: str) -> bool:
        """Whether the card `pid` in a section is an Agent that damage brought to 0 Health (not attached)."""
        piece = state.pieces[pid]
        if not piece.counters.get("damage") or piece.attached_to is not None:
            return False
        info = self.pinfo(state, pid)
        return info.kind == "agent" and (info.health or 0) > 0 and self.health(state, pid) == 0
