"""`tragedy`: the Tragedy ruleset (rule numbers 0000.x), played with cards from any set that has a role mapping.

Every card gets a Value and its eligible Roles from its set's `tragedy:` mapping (or its own `tragedy:` block). A card
is played as one Role onto its player's Stack; when every player has passed priority in sequence, the latest Act
resolves; with the Stack empty and everyone passed, the game moves to the next Step. Scoring taps an Actor and a Set
(with what is attached) and adds (Actor + Prop) x (Set + Set Piece) to the player's Audience Favor.

Two numbers of the source rules are printed twice; we keep them apart so every code cites one rule:
the Set Piece attachment rule (printed 0000.4.3.2 under 0000.4.4) is 0000.4.4.2 here, and the Enter Stage and End
Scene phases (printed 0000.5.4 like After Performance) are 0000.5.5 and 0000.5.6.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards.roles import register_role_mapping
from ..core import actions as A
from ..core.actions import Action, action_type
from ..core.events import Event
from ..core.reducer import ATTACH_OFFSET, ActionError, Tx
from ..core.ruleset import Violation
from ..core.state import GameState, Piece
from .kit import (
    CARD_H,
    CARD_W,
    SEAT_W,
    KitRuleset,
    MovePolicy,
    MoveRule,
    Option,
    Status,
    Verdicts,
    ZoneSpec,
    add_card,
    checks,
    reduces,
    shuffle_now,
)

if TYPE_CHECKING:
    from ..cards import CardLibrary, DeckList

__all__ = [
    "PHASES",
    "ROLES",
    "RULE_TEXT",
    "STEPS",
    "Advance",
    "EffectDone",
    "PassPriority",
    "PlayCard",
    "RemoveFromPlay",
    "Resolve",
    "Score",
    "Tragedy",
    "default_deck",
    "score_value",
]

ROLES = ("Actor", "Set", "Prop", "Set Piece", "Act")
#: The key of a card set's role mapping for Tragedy (`tragedy:` in set.yaml, or on a card): a Value and Roles.
ROLE_KEY = "tragedy"
register_role_mapping(ROLE_KEY, ROLES, value_rule="0000.2.5: each card has a Value")
#: The Steps of a turn in order; a Phase without Steps is one Step named after it.
STEPS = ("untap", "upkeep", "draw", "performance", "after_performance", "enter_stage", "end_scene")
PHASES = {
    "untap": "Before Performance",
    "upkeep": "Before Performance",
    "draw": "Before Performance",
    "performance": "Performance",
    "after_performance": "After Performance",
    "enter_stage": "Enter Stage",
    "end_scene": "End Scene",
}
STEP_LABELS = {
    "untap": "Untap Step",
    "upkeep": "Upkeep Step",
    "draw": "Draw Step",
    "performance": "Performance",
    "after_performance": "After Performance",
    "enter_stage": "Enter Stage",
    "end_scene": "End Scene",
}
#: Steps in which players get priority (0000.5.2.2, 0000.5.3.1, 0000.5.4.1, 0000.5.5.1, 0000.5.6.1).
PRIORITY_STEPS = ("upkeep", "performance", "after_performance", "enter_stage", "end_scene")
#: Zone kind where each in-play Role lives (0000.3.3.1, 0000.3.4.1).
ROLE_ZONE = {"Actor": "actors", "Prop": "actors", "Set": "sets", "Set Piece": "sets"}
#: Role a Prop or Set Piece attaches to (0000.4.3.2, 0000.4.4.2).
HOST_ROLE = {"Prop": "Actor", "Set Piece": "Set"}
TIMING_RULE = {"Actor": "0000.4.1.1", "Set": "0000.4.2.1", "Prop": "0000.4.3.1", "Set Piece": "0000.4.4.1"}
ATTACH_RULE = {"Prop": "0000.4.3.2", "Set Piece": "0000.4.4.2"}

#: Short statements of the rules we cite, for docs, the HUD and `tabletop violations`.
RULE_TEXT = {
    "0000.1.1": "Each player has a Deck of at least 40 cards.",
    "0000.1.1.1": "Each Deck may have no more than one of each card.",
    "0000.1.1.2": "Each Deck has one card that is the Star; the Star is always in the starting hand.",
    "0000.1.2": "Each player starts with a Hand of seven cards.",
    "0000.1.3": "The first player is determined randomly; play proceeds counterclockwise.",
    "0000.1.5": "Each player has each of the Zones, and cards are in them.",
    "0000.1.6": "A player who reaches the winning Audience Favor wins.",
    "0000.2.1": "In the Hand, a card may be eligible for one or more Roles.",
    "0000.2.2": "A card is played as a single Role chosen from its eligible Roles; it becomes an Act in the Stack.",
    "0000.2.4": "A tapped card cannot get tapped again until it is untapped.",
    "0000.2.5": "Each card has a Value.",
    "0000.2.6": "An attached card is in the same Zone; moving a card to another Zone unattaches its cards.",
    "0000.3.1.1": "When a card is drawn, it moves from the Deck to the Hand.",
    "0000.3.1.2": "Drawing from an empty Deck shuffles the Discard into the Deck first.",
    "0000.3.1.4": "Cards in the Deck are face down and cannot be seen by any player.",
    "0000.3.2.1": "A card can only be played while it is in the Hand.",
    "0000.3.2.2": "Cards in the Hand can only be seen by the player who controls them.",
    "0000.3.3.2": "A card in the Actor Tableau is in play.",
    "0000.3.4.2": "A card in the Set Tableau is in play.",
    "0000.3.5.1": "A card is discarded from the Hand to the Discard (when it must be).",
    "0000.3.5.3": "A card removed from play moves to the Discard.",
    "0000.3.6.1": "When a card is played, it becomes an Act in the Stack.",
    "0000.3.6.2": "When each player has had priority in sequence without adding an Act, the latest Act resolves.",
    "0000.3.6.3": "A resolved Act may have an effect, then leaves the Stack (to the Discard unless moved).",
    "0000.4.1.1": "An Actor can only be played during the Enter Stage Phase while the Stack is empty.",
    "0000.4.2.1": "A Set can only be played during the Enter Stage Phase while the Stack is empty.",
    "0000.4.3.1": "A Prop can only be played during Enter Stage with an empty Stack, choosing an Actor for it.",
    "0000.4.3.2": "A Prop is attached to an Actor, one Prop per Actor; an unattached Prop is removed from play.",
    "0000.4.4.1": "A Set Piece can only be played during Enter Stage with an empty Stack, choosing a Set for it.",
    "0000.4.4.2": "A Set Piece is attached to a Set, one per Set; an unattached one is removed from play.",
    "0000.5.1": "When no player has priority, the game moves through the Phases and Steps in order.",
    "0000.5.1.3": "A card can only be played by a player who has priority.",
    "0000.5.2.1": "In the Untap Step, the active player untaps each tapped card he controls.",
    "0000.5.2.3": "In the Draw Step, the active player draws a card.",
    "0000.5.3.2": "Once each Performance, the active player with priority may score by tapping an Actor and a Set.",
}


def _is_tapped(piece: Piece) -> bool:
    return piece.rotation % 360 == 90


# ------------------------------------------------------------------------------------------------ actions


@action_type("tragedy.play")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from the Hand as one Role; a Prop or Set Piece names the Actor or Set it will attach to."""

    piece: str
    role: str
    target: str | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "target")


@action_type("tragedy.pass")
@dataclass(frozen=True, slots=True)
class PassPriority(Action):
    """Pass priority to the next player (0000.5.1)."""


@action_type("tragedy.score")
@dataclass(frozen=True, slots=True)
class Score(Action):
    """Score: tap an Actor and a Set (and what is attached) for (Actor + Prop) x (Set + Set Piece) favor."""

    actor: str
    set: str
    piece_fields: ClassVar[tuple[str, ...]] = ("actor", "set")


@action_type("tragedy.effect_done")
@dataclass(frozen=True, slots=True)
class EffectDone(Action):
    """Say that a resolved Act's own-game effect has been applied by hand; players get priority again."""


@action_type("tragedy.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """The game moves to the next Step or Phase (automatic, when no player has priority)."""

    step: str


@action_type("tragedy.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """The latest Act on the Stack resolves (automatic, after every player passed in sequence)."""

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("tragedy.remove")
@dataclass(frozen=True, slots=True)
class RemoveFromPlay(Action):
    """A card leaves play for the Discard (automatic for a Prop or Set Piece left unattached)."""

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


# ------------------------------------------------------------------------------------------------ helpers


def score_value(actor: int, props: Iterable[int], set_value: int, pieces: Iterable[int]) -> int:
    """Favor from one scoring (0000.5.3.2): (Actor + Props) x (Set + Set Pieces)."""
    return (actor + sum(props)) * (set_value + sum(pieces))


def default_deck(library: CardLibrary, set_name: str = "standard") -> DeckList:
    """A Tragedy deck of every card of one set once, the Star being its best Actor (highest Value)."""
    from ..cards import DeckEntry, DeckList

    card_set = library.require_set(set_name)
    refs = [c.ref for c in card_set]
    actors = [c for c in card_set if "Actor" in library.traits(c, ROLE_KEY).roles]
    pool = actors or list(card_set)
    star = max(pool, key=lambda c: (library.traits(c, ROLE_KEY).value or 0, -refs.index(c.ref))).ref
    return DeckList(
        name=f"{card_set.title or set_name} (Tragedy)",
        sections={"star": [DeckEntry(star)], "deck": [DeckEntry(r) for r in refs if r != star]},
        set=set_name,
        ruleset="tragedy",
    )


def _v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    return Violation(code, rule, message, tuple(pieces), seat)


#: The rule a hand-made move of a card breaks, by the kinds of zone it leaves and enters: the first match wins.
MOVE_POLICY = MovePolicy(
    MoveRule("tragedy.zone", "0000.1.5", "a card is always in one of its player's Tragedy Zones", src="table"),
    MoveRule("tragedy.zone", "0000.1.5", "a card is always in one of its player's Tragedy Zones", dst="table"),
    MoveRule("tragedy.play_role", "0000.2.2",
             "a card goes to the Stack by being played as a Role: pick its Play move under Legal moves",
             src="hand", dst="stack"),
    MoveRule("tragedy.bypass_stack", "0000.3.6.1",
             "a played card becomes an Act in the Stack first; it enters play when it resolves",
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


_PAD = 20.0
_ROW = CARD_H + 6


class Tragedy(KitRuleset):
    """Tragedy: stage Actors and Sets, dress them with Props and Set Pieces, and perform for Audience Favor."""

    name = "tragedy"
    title = "Tragedy"
    description = "Play any cards as Actors, Sets, Props, Set Pieces or Acts; first to 1000 Audience Favor wins."
    min_seats = 2
    max_seats = 6
    move_policy = MOVE_POLICY
    option_specs = (
        Option("deck_min", 40, "Fewest cards in a Deck, the Star included (0000.1.1)."),
        Option("win_favor", 1000, "Audience Favor that wins the game at once (0000.1.6)."),
        Option("hand_size", 7, "Opening Hand: the Star plus cards drawn up to this size (0000.1.2)."),
        Option("singleton", True, "At most one of each card in a Deck (0000.1.1.1)."),
        Option("first_player", -1, "Seat that takes the first turn; -1 picks it at random (0000.1.3)."),
        Option("max_turns", 0, "Playtest cap: the game ends in a draw after this many turns (0: no cap)."),
    )

    # -- card data --

    def card_info(self, ref: str | None) -> tuple[int | None, tuple[str, ...], str, str]:
        """(Value, eligible Roles, name, text) of a card ref; Value None when nothing gives it one (0000.2.5)."""
        if ref is None:
            return (None, (), "", "")
        cache = self.card_cache()
        info = cache.get(ref)
        if info is None:
            lib = self.card_library
            try:
                card = lib.get(ref)
            except KeyError:
                info = (None, (), ref, "")
            else:
                t = lib.traits(card, ROLE_KEY)
                info = (t.value, tuple(r for r in t.roles if r in ROLES), card.name, card.text)
            cache[ref] = info
        return info

    def value(self, state: GameState, pid: str) -> int:
        """The card's Value; a card without one (0000.2.5, reported when it is played or scored) counts 0."""
        return self.card_info(state.pieces[pid].card)[0] or 0

    def has_value(self, state: GameState, pid: str) -> bool:
        return self.card_info(state.pieces[pid].card)[0] is not None

    def roles(self, state: GameState, pid: str) -> tuple[str, ...]:
        return self.card_info(state.pieces[pid].card)[1]

    def card_name(self, state: GameState, pid: str) -> str:
        return self.card_info(state.pieces[pid].card)[2] or pid

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.card_info(state.pieces[pid].card)[2] or None if state.pieces[pid].card else None

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
            deck = decks.get(seat) or default_deck(lib)
            star_refs = deck.expanded("star")
            others = [r for name in deck.sections if name != "star" for r in deck.expanded(name)]
            if not star_refs and others:
                # no Star named: the first card that can be an Actor stands in (deck_problems reports it)
                pick = next((r for r in others if "Actor" in self.card_info(r)[1]), others[0])
                others.remove(pick)
                star_refs = [pick]
            deck_zone, hand_zone = f"deck:{seat}", f"hand:{seat}"
            for ref in others + star_refs[1:]:
                add_card(state, ref, deck_zone, owner=seat)
            shuffle_now(state, deck_zone)
            star = add_card(state, star_refs[0], hand_zone, owner=seat) if star_refs else None
            stars.append(star.id if star else None)
            pieces = state.zones[deck_zone].pieces
            while len(state.zones[hand_zone].pieces) < self.options["hand_size"] and pieces:
                pid = pieces.pop(0)
                state.pieces[pid].zone = hand_zone
                state.pieces[pid].face_up = True
                state.zones[hand_zone].pieces.append(pid)
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

    # -- rule state --

    @staticmethod
    def _active(state: GameState) -> int:
        return state.rules.get("active", state.seats[0] if state.seats else 0)

    def _priority(self, state: GameState) -> int | None:
        r = state.rules
        return r["priority"] if "priority" in r else self._active(state)

    @staticmethod
    def _step(state: GameState) -> str:
        step = state.rules.get("step", "upkeep")
        return step if step in PHASES else "upkeep"

    @staticmethod
    def _stack(state: GameState) -> list[dict[str, Any]]:
        return list(state.rules.get("stack") or [])

    @staticmethod
    def _next_seat(state: GameState, seat: int) -> int:
        seats = state.seats
        return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seats[0]

    @staticmethod
    def _seat_name(state: GameState, seat: int | None) -> str:
        for p in state.players:
            if p.seat == seat:
                return p.name
        return f"Seat {seat + 1}" if isinstance(seat, int) else "nobody"

    def _holder(self, state: GameState) -> str:
        """Who has priority, as the first words of a refusal ("Bob has priority", "nobody has priority now")."""
        holder = self._priority(state)
        return f"{self._seat_name(state, holder)} has priority" if holder is not None else "nobody has priority now"

    def _not_staging(self, state: GameState) -> str:
        """Why an Actor, Set, Prop or Set Piece cannot be staged now, in words ("" when it can)."""
        step = self._step(state)
        if step != "enter_stage":
            return f"it is {_when(step)}, not Enter Stage"
        stack = self._stack(state)
        if stack:
            return f"the Stack is not empty ({len(stack)} Act{'s' if len(stack) != 1 else ''} to resolve first)"
        return ""

    def role_of(self, state: GameState, pid: str) -> str | None:
        """The Role of a card in play (None elsewhere): as it resolved, else read from its zone and attachment."""
        piece = state.pieces[pid]
        kind = state.zones[piece.zone].kind
        if kind not in ("actors", "sets"):
            return None
        role = (state.rules.get("roles") or {}).get(pid)
        if role in ROLE_ZONE and ROLE_ZONE[role] == kind:
            return role
        if kind == "actors":
            return "Prop" if piece.attached_to else "Actor"
        return "Set Piece" if piece.attached_to else "Set"

    def in_play(self, state: GameState, seat: int | None, role: str) -> Iterator[str]:
        kind = ROLE_ZONE[role]
        seats = state.seats if seat is None else [seat]
        for s in seats:
            zone = state.zones.get(f"{kind}:{s}")
            if zone is None:
                continue
            for pid in zone.pieces:
                if self.role_of(state, pid) == role:
                    yield pid

    def attachments(self, state: GameState, host: str, role: str) -> list[str]:
        return [q for q in state.attached(host) if self.role_of(state, q) == role]

    def _host_ok(self, state: GameState, role: str, target: str | None) -> bool:
        """Whether `target` can take a new Prop (role Prop) or Set Piece now."""
        if target is None or target not in state.pieces:
            return False
        return self.role_of(state, target) == HOST_ROLE[role] and not self.attachments(state, target, role)

    def _controller(self, state: GameState, pid: str) -> int | None:
        zone = state.zones[state.pieces[pid].zone]
        return zone.owner

    def waiting_for(self, state: GameState) -> list[int]:
        r = state.rules
        if r.get("over"):
            return []
        effect = r.get("effect")
        if effect:
            return [effect["seat"]]
        pr = self._priority(state)
        return [] if pr is None else [pr]

    # -- check --

    # -- checks: one per action type (the kit's dispatch table), the generic table actions after them --

    def gate(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        if state.rules.get("over"):
            return [_v("tragedy.game_over", "0000.1.6", "the game is over", seat=seat)]
        return []

    @checks(PassPriority)
    def _check_pass(self, state: GameState, a: PassPriority, seat: int | None) -> list[Violation]:
        if state.rules.get("effect"):
            return [_v("tragedy.effect_pending", "0000.3.6.3",
                       "an Act's effect is being applied; say when it is done", seat=seat)]
        if self._priority(state) != seat:
            return [_v("tragedy.priority", "0000.5.1", f"{self._holder(state)}: only the player with priority can "
                       "pass it", seat=seat)]
        return []

    @checks(EffectDone)
    def _check_effect_done(self, state: GameState, a: EffectDone, seat: int | None) -> list[Violation]:
        effect = state.rules.get("effect")
        if not effect:
            return [_v("tragedy.no_effect", "0000.3.6.3", "no Act's effect is waiting to be applied", seat=seat)]
        if seat is not None and seat != effect.get("seat"):
            return [_v("tragedy.effect_owner", "0000.3.6.3",
                       "the player whose Act resolved says when its effect is done", seat=seat)]
        return []

    @checks(Advance)
    def _check_advance(self, state: GameState, a: Advance, seat: int | None) -> list[Violation]:
        return self._check_progress(state, seat, advance=a.step)

    @checks(Resolve)
    def _check_resolve(self, state: GameState, a: Resolve, seat: int | None) -> list[Violation]:
        return self._check_progress(state, seat, resolve=a.piece)

    def check_table_action(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        effect = state.rules.get("effect")
        if effect and seat == effect.get("seat"):
            return []  # 0000.0.4: an Act's own-game effect is applied by hand by its player
        return self._check_generic(state, action, seat)

    @checks(PlayCard)
    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        out: list[Violation] = []
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            return [_v("tragedy.not_a_card", "0000.3.2.1", "only a card in your Hand can be played", (a.piece,), seat)]
        pid = a.piece
        name = self.ref(state, pid)
        zone = state.zones[piece.zone]
        if zone.kind != "hand" or zone.owner != seat:
            out.append(_v("tragedy.not_in_hand", "0000.3.2.1",
                          f"{name} can only be played while it is in your Hand", (pid,), seat))
        if state.rules.get("effect"):
            out.append(_v("tragedy.effect_pending", "0000.3.6.3",
                          "an Act's effect is being applied; say when it is done", (pid,), seat))
        elif self._priority(state) != seat:
            out.append(_v("tragedy.priority", "0000.5.1.3", f"{self._holder(state)}: a card can only be played by "
                          "the player who has priority", (pid,), seat))
        if a.role not in ROLES:
            out.append(_v("tragedy.role", "0000.2.2",
                          f"{a.role!r} is not a Role (Roles: {', '.join(ROLES)})", (pid,), seat))
            return out
        eligible = self.roles(state, pid)
        if a.role not in eligible:
            can = ", ".join(eligible) or "no Role"
            out.append(_v("tragedy.role", "0000.2.2",
                          f"{name} cannot be played as {_article(a.role)} (it can be: {can})", (pid,), seat))
        if not self.has_value(state, pid):
            out.append(_v("tragedy.no_value", "0000.2.5",
                          f"{name} has no Value, and each card has a Value: give it one in its tragedy: block or "
                          "its set's mapping", (pid,), seat))
        if a.role != "Act":
            late = self._not_staging(state)
            if late:
                code = "tragedy." + a.role.lower().replace(" ", "_") + "_timing"
                out.append(_v(code, TIMING_RULE[a.role],
                              f"{late}: {_article(a.role)} can only be played during the Enter Stage Phase "
                              "while the Stack is empty", (pid,), seat))
        if a.role in HOST_ROLE:
            host = HOST_ROLE[a.role]
            rule = TIMING_RULE[a.role]
            if a.target is None:
                out.append(_v("tragedy.no_target", rule,
                              f"{_article(a.role, True)} must name the {host} it attaches to", (pid,), seat))
            elif a.target not in state.pieces or self.role_of(state, a.target) != host:
                out.append(_v("tragedy.bad_target", rule,
                              f"{_article(a.role, True)} attaches to {_article(host)} in play", (pid,), seat))
            elif self.attachments(state, a.target, a.role):
                out.append(_v("tragedy.one_" + a.role.lower().replace(" ", "_"), ATTACH_RULE[a.role],
                              f"{self.ref(state, a.target)} already has {_article(a.role)} attached",
                              (pid, a.target), seat))
        elif a.target is not None:
            out.append(_v("tragedy.target", "0000.2.2",
                          f"only a Prop or a Set Piece names a card to attach to, not {_article(a.role)}", (pid,), seat))
        return out

    @checks(Score)
    def _check_score(self, state: GameState, a: Score, seat: int | None) -> list[Violation]:
        out: list[Violation] = []
        rule = "0000.5.3.2"
        pieces = (a.actor, a.set)
        if self._step(state) != "performance":
            out.append(_v("tragedy.score_timing", rule, f"it is {_when(self._step(state))}: scoring "
                          "happens only during Performance", pieces, seat))
        if seat != self._active(state):
            out.append(_v("tragedy.score_active", rule, f"it is {self._seat_name(state, self._active(state))}'s "
                          "turn: only the active player may score", pieces, seat))
        if self._priority(state) != seat:
            out.append(_v("tragedy.score_priority", rule, f"{self._holder(state)}: a player can only score while "
                          "he has priority", pieces, seat))
        if state.rules.get("scored"):
            out.append(_v("tragedy.score_once", rule, "scoring happens once during each Performance", pieces, seat))
        for pid, role in ((a.actor, "Actor"), (a.set, "Set")):
            if pid not in state.pieces or self.role_of(state, pid) != role or self._controller(state, pid) != seat:
                out.append(_v("tragedy.score_" + role.lower(), rule,
                              f"scoring taps {_article(role)} you control", (pid,), seat))
                continue
            extra = HOST_ROLE_OF[role]
            for q in [pid, *self.attachments(state, pid, extra)]:
                if not self.has_value(state, q):
                    out.append(_v("tragedy.no_value", "0000.2.5",
                                  f"{self.ref(state, q)} has no Value to score with (each card has a Value)", (q,),
                                  seat))
                if _is_tapped(state.pieces[q]):
                    out.append(_v("tragedy.tapped", "0000.2.4",
                                  f"{self.ref(state, q)} is tapped and cannot be tapped again until it untaps",
                                  (q,), seat))
        return out

    def _check_progress(self, state: GameState, seat: int | None, *, advance: str | None = None,
                        resolve: str | None = None) -> list[Violation]:
        out: list[Violation] = []
        r = state.rules
        if r.get("effect"):
            out.append(_v("tragedy.effect_pending", "0000.3.6.3", "an Act's effect is still being applied", seat=seat))
        if self._priority(state) is not None:
            out.append(_v("tragedy.has_priority", "0000.5.1",
                          f"{self._holder(state)}: the game moves on only when every player has passed", seat=seat))
        stack = self._stack(state)
        if advance is not None:
            if stack:
                out.append(_v("tragedy.stack_not_empty", "0000.3.6.2",
                              "the Acts on the Stack resolve before the game moves on", seat=seat))
            nxt = STEPS[(STEPS.index(self._step(state)) + 1) % len(STEPS)]
            if advance != nxt:
                out.append(_v("tragedy.step_order", "0000.5.1",
                              f"the Phases and Steps go in order: after the {STEP_LABELS[self._step(state)]} comes "
                              f"the {STEP_LABELS[nxt]}", seat=seat))
        if resolve is not None and (not stack or stack[-1].get("piece") != resolve):
            out.append(_v("tragedy.resolve_order", "0000.3.6.2", "the latest Act added to a Stack resolves first",
                          (resolve,), seat))
        return out

    @checks(RemoveFromPlay)
    def _check_remove(self, state: GameState, a: RemoveFromPlay, seat: int | None) -> list[Violation]:
        if a.piece not in state.pieces:
            return []
        role = self.role_of(state, a.piece)
        if role in HOST_ROLE:
            host = state.pieces[a.piece].attached_to
            if host is None or self.role_of(state, host) != HOST_ROLE[role]:
                return []
        return [_v("tragedy.remove", "0000.3.5.3", "a card leaves play only when a rule or an effect removes it",
                   (a.piece,), seat)]

    def _check_generic(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        """What a hand-made table action breaks: the table `_GENERIC` names the check of each action type."""
        verdicts = Verdicts(seat)
        if isinstance(action, A.Move):
            self.move_policy.check(state, action, verdicts)
        else:
            check = _GENERIC.get(type(action))
            if check is not None:
                cards = [pid for pid in action.piece_names()
                         if pid in state.pieces and state.pieces[pid].kind == "card"]
                check(self, state, action, seat, cards, verdicts.add)
        return verdicts.result()

    # -- reduce --

    @reduces(EffectDone)
    def _effect_done(self, state: GameState, a: EffectDone, seat: int | None, tx: Tx) -> None:
        tx.del_rule("effect")
        self._give_priority(state, tx)

    @reduces(Advance)
    def _do_advance(self, state: GameState, a: Advance, seat: int | None, tx: Tx) -> None:
        self._advance(state, a.step, tx)

    @reduces(Resolve)
    def _do_resolve(self, state: GameState, a: Resolve, seat: int | None, tx: Tx) -> None:
        self._resolve(state, a.piece, tx)

    @reduces(RemoveFromPlay)
    def _do_remove(self, state: GameState, a: RemoveFromPlay, seat: int | None, tx: Tx) -> None:
        self._remove(state, a.piece, tx, "removed from play")

    @reduces(PassPriority)
    def _do_pass(self, state: GameState, a: PassPriority, seat: int | None, tx: Tx) -> None:
        self._pass(state, seat, tx)

    def _give_priority(self, state: GameState, tx: Tx, need: int | None = None) -> None:
        """Players get priority (0000.5.1.1): the active player first, then each other in seat order."""
        tx.set_rule("priority", self._active(state))
        tx.set_rule("passed", 0)
        tx.set_rule("need", need if need is not None else len(state.seats))

    @reduces(PlayCard)
    def _play(self, state: GameState, a: PlayCard, seat: int | None, tx: Tx) -> None:
        if seat is None:
            raise ActionError("spectator", "spectators cannot play cards")
        if a.role not in ROLES:
            raise ActionError("bad_role", f"{a.role!r} is not a Role (Roles: {', '.join(ROLES)})")
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            raise ActionError("not_a_card", "only cards can be played")
        if a.target is not None and a.target not in state.pieces:
            raise ActionError("unknown_piece", f"there is no piece {a.target!r}")
        tx.move(a.piece, f"stack:{seat}", face_up=True, by=seat)
        entry: dict[str, Any] = {"piece": a.piece, "seat": seat, "role": a.role}
        if a.target is not None:
            entry["target"] = a.target
        tx.set_rule("stack", [*self._stack(state), entry])
        # 0000.3.6.4 with 0000.5.1.2: the player who had priority keeps it, and a new round of passes starts
        tx.set_rule("priority", seat)
        tx.set_rule("passed", 0)
        tx.set_rule("need", len(state.seats))
        text = f"plays {self.ref(state, a.piece)} as {_article(a.role)}"
        if a.target is not None:
            text += f" on {self.ref(state, a.target)}"
        tx.note("tragedy.play", seat, text, {"piece": a.piece, "role": a.role, "target": a.target})

    def _pass(self, state: GameState, seat: int | None, tx: Tx) -> None:
        holder = self._priority(state)
        if holder is None:
            tx.note("tragedy.pass", seat, "passes (nobody had priority)")
            return
        passed = int(state.rules.get("passed", 0)) + 1
        need = int(state.rules.get("need", len(state.seats)))
        if passed >= need:
            tx.set_rule("priority", None)
            tx.set_rule("passed", 0)
        else:
            tx.set_rule("priority", self._next_seat(state, holder))
            tx.set_rule("passed", passed)
        tx.note("tragedy.pass", seat, "passes")

    @reduces(Score)
    def _score(self, state: GameState, a: Score, seat: int | None, tx: Tx) -> None:
        if seat is None:
            raise ActionError("spectator", "spectators cannot score")
        for pid in (a.actor, a.set):
            if pid not in state.pieces:
                raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        props = self.attachments(state, a.actor, "Prop")
        pieces = self.attachments(state, a.set, "Set Piece")
        gained = score_value(self.value(state, a.actor), [self.value(state, p) for p in props],
                             self.value(state, a.set), [self.value(state, p) for p in pieces])
        for pid in (a.actor, *props, a.set, *pieces):
            tx.change(pid, rotation=90)
        favor = tx.add_player_counter(seat, "favor", gained)
        tx.set_rule("scored", True)
        tx.note("tragedy.score", seat, f"scores {gained} with {self.ref(state, a.actor)} on "
                f"{self.ref(state, a.set)} ({favor} favor)", {"favor": gained, "total": favor})
        if favor >= self.options["win_favor"]:
            self._end(state, tx, seat)

    def _end(self, state: GameState, tx: Tx, winner: int | None) -> None:
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.set_rule("priority", None)
        tx.note("tragedy.win" if winner is not None else "tragedy.draw", winner,
                "wins the game (0000.1.6)" if winner is not None else "the game ends in a draw (turn cap)")

    def _advance(self, state: GameState, step: str, tx: Tx) -> None:
        if step not in PHASES:
            raise ActionError("bad_step", f"there is no step {step!r} (steps: {', '.join(STEPS)})")
        if step == "untap" and self._step(state) != "untap":
            turn = int(state.rules.get("turn", 1)) + 1
            cap = self.options["max_turns"]
            if cap and turn > cap:
                self._end(state, tx, None)
                return
            tx.set_rule("turn", turn)
            tx.set_rule("active", self._next_seat(state, self._active(state)))
        tx.set_rule("step", step)
        active = self._active(state)
        if step == "untap":
            tx.set_rule("priority", None)
            tx.set_rule("scored", False)
            for kind in ("actors", "sets"):
                for pid in state.zones[f"{kind}:{active}"].pieces:
                    if state.pieces[pid].rotation:
                        tx.change(pid, rotation=0)
        elif step == "draw":
            tx.set_rule("priority", None)
            self._draw(state, active, tx)
        elif step == "performance":
            tx.set_rule("scored", False)
            self._give_priority(state, tx, need=1)  # 0000.5.3.1: the active player gets priority
        else:
            self._give_priority(state, tx)

    def _draw(self, state: GameState, seat: int, tx: Tx) -> None:
        deck, discard, hand = f"deck:{seat}", f"discard:{seat}", f"hand:{seat}"
        if not state.zones[deck].pieces:
            if not state.zones[discard].pieces:
                tx.note("tragedy.draw_skipped", seat, "has no cards to draw: the draw is skipped (0000.3.1.3)")
                return
            for pid in list(state.zones[discard].pieces):
                tx.move(pid, deck)
            tx.shuffle(deck)
            tx.note("tragedy.reshuffle", seat, "shuffles the Discard into the Deck (0000.3.1.2)")
        tx.move(state.zones[deck].pieces[0], hand, by=seat)
        tx.note("draw", seat, data={"zone": deck, "to": hand, "count": 1})

    def _discard_of(self, state: GameState, pid: str) -> str:
        piece = state.pieces[pid]
        owner = piece.owner if piece.owner in state.seats else self._controller(state, pid)
        return f"discard:{owner if owner is not None else state.seats[0]}"

    def _remove(self, state: GameState, pid: str, tx: Tx, why: str) -> None:
        if pid not in state.pieces:
            raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        tx.move(pid, self._discard_of(state, pid))
        roles = dict(state.rules.get("roles") or {})
        if roles.pop(pid, None) is not None:
            tx.set_rule("roles", roles)
        tx.note("tragedy.remove", None, f"{self.ref(state, pid)} is {why}", {"piece": pid})

    def _resolve(self, state: GameState, pid: str, tx: Tx) -> None:
        stack = self._stack(state)
        if not stack:
            raise ActionError("empty_stack", "the Stack is empty")
        index = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].get("piece") == pid), len(stack) - 1)
        entry = stack.pop(index)
        tx.set_rule("stack", stack)
        pid = entry["piece"]
        role = entry.get("role", "Act")
        seat = entry.get("seat", self._active(state))
        piece = state.pieces.get(pid)
        name = self.ref(state, pid) if piece else pid
        if piece is None or state.zones[piece.zone].kind != "stack":
            tx.note("tragedy.resolve", seat, f"{name} is no longer on the Stack")
        elif role == "Act":
            text = self.card_info(piece.card)[3]
            tx.move(pid, self._discard_of(state, pid))
            tx.note("tragedy.resolve", seat, f"{name} resolves as an Act", {"piece": pid, "role": role})
            if text:
                tx.note("tragedy.effect", seat, f"apply by hand: {text}", {"piece": pid})
                tx.set_rule("effect", {"piece": pid, "seat": seat})
                tx.set_rule("priority", None)
                return
        elif role in HOST_ROLE:
            target = entry.get("target")
            if self._host_ok(state, role, target):
                self._attach(state, pid, target, tx)
                self._set_role(state, pid, role, tx)
                tx.note("tragedy.resolve", seat, f"{name} enters as {_article(role)} on "
                        f"{self.ref(state, target)}", {"piece": pid, "role": role, "target": target})
            else:
                tx.move(pid, self._discard_of(state, pid))
                tx.note("tragedy.resolve", seat, f"{name} has no {HOST_ROLE[role]} to attach to and is removed from "
                        f"play ({ATTACH_RULE[role]})", {"piece": pid, "role": role})
        else:
            tx.move(pid, f"{ROLE_ZONE.get(role, 'actors')}:{seat}")
            self._set_role(state, pid, role, tx)
            tx.note("tragedy.resolve", seat, f"{name} enters as {_article(role)}", {"piece": pid, "role": role})
        self._give_priority(state, tx)  # 0000.3.6.4

    def _set_role(self, state: GameState, pid: str, role: str, tx: Tx) -> None:
        roles = dict(state.rules.get("roles") or {})
        roles[pid] = role
        tx.set_rule("roles", roles)

    def _attach(self, state: GameState, pid: str, host: str, tx: Tx) -> None:
        """Put `pid` behind `host` in the host's zone (0000.2.6)."""
        h = state.pieces[host]
        zone = state.zones[h.zone]
        index = zone.pieces.index(host) + 1
        n = len(state.attached(host))
        tx.move(pid, h.zone, index=index, x=h.x + ATTACH_OFFSET * (n + 1), y=h.y + ATTACH_OFFSET * (n + 1))
        tx.change(pid, attached_to=host)

    # -- after: automatic actions --

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        r = state.rules
        if r.get("over") or "step" not in r:
            return ()
        for role in HOST_ROLE:
            for pid in self.in_play(state, None, role):
                host = state.pieces[pid].attached_to
                if host is None or self.role_of(state, host) != HOST_ROLE[role]:
                    return [(RemoveFromPlay(pid), None)]
        if r.get("effect") or self._priority(state) is not None:
            return ()
        stack = self._stack(state)
        if stack:
            return [(Resolve(stack[-1]["piece"]), None)]
        nxt = STEPS[(STEPS.index(self._step(state)) + 1) % len(STEPS)]
        return [(Advance(nxt), None)]

    # -- legal actions --

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        r = state.rules
        if seat is None or r.get("over") or "step" not in r:
            return
        effect = r.get("effect")
        if effect:
            if effect.get("seat") == seat:
                yield EffectDone()
            return
        if self._priority(state) != seat:
            return
        yield PassPriority()
        step = self._step(state)
        if step == "performance" and seat == self._active(state) and not r.get("scored"):
            actors = [a for a in self.in_play(state, seat, "Actor") if self._ready(state, a, "Prop")]
            sets = [s for s in self.in_play(state, seat, "Set") if self._ready(state, s, "Set Piece")]
            for a in actors:
                for s in sets:
                    if all(self.has_value(state, q) for q in (a, s, *self.attachments(state, a, "Prop"),
                                                              *self.attachments(state, s, "Set Piece"))):
                        yield Score(a, s)
        staging = step == "enter_stage" and not self._stack(state)
        hosts: dict[str, list[str]] = {}
        if staging:
            for role in HOST_ROLE:
                hosts[role] = [h for h in self.in_play(state, None, HOST_ROLE[role])
                               if not self.attachments(state, h, role)]
        for pid in list(state.zones[f"hand:{seat}"].pieces):
            if not self.has_value(state, pid):
                continue  # 0000.2.5: a card without a Value cannot be played
            for role in self.roles(state, pid):
                if role == "Act":
                    yield PlayCard(pid, "Act")
                elif staging:
                    if role in HOST_ROLE:
                        for h in hosts[role]:
                            yield PlayCard(pid, role, h)
                    else:
                        yield PlayCard(pid, role)

    def legal_paths(self, state: GameState, action: Action, seat: int | None) -> list[tuple[str, str | None]]:
        """The cards a legal move plays and where to (for the window's glow): a played card goes to its player's
        Stack; scoring taps the Actor and the Set where they are; passing plays no card."""
        if isinstance(action, PlayCard):
            return [(action.piece, f"stack:{seat}")]
        if isinstance(action, Score):
            return [(action.actor, None), (action.set, None)]
        return []

    def _todo(self, state: GameState) -> str | None:
        """What the player the game waits on may do now, in words that hold for any hand (no card is named)."""
        r = state.rules
        if r.get("over"):
            return None
        if r.get("effect"):
            return "apply the resolved Act's effect by hand, then say it is done"
        priority = self._priority(state)
        if priority is None:
            return None
        if not self._not_staging(state):
            return "stage an Actor, Set, Prop or Set Piece, play an Act, or pass"
        if self._step(state) == "performance" and priority == self._active(state) and not r.get("scored"):
            return "score with an Actor and a Set, play an Act, or pass"
        if self._stack(state):
            return "answer with an Act, or pass to let the latest Act resolve"
        return "play an Act or pass"

    def _ready(self, state: GameState, pid: str, extra: str) -> bool:
        return not any(_is_tapped(state.pieces[q]) for q in [pid, *self.attachments(state, pid, extra)])

    # -- status, audit, decks --

    def game_status(self, state: GameState, seat: int | None) -> Status:
        r = state.rules
        if "step" not in r:
            return Status(self.name)
        step = self._step(state)
        stack = []
        for entry in self._stack(state):
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
            stack.append(item)
        scores = [p.counters.get("favor", 0) for p in state.players]
        priority = self._priority(state)
        active = self._active(state)
        names = {p.seat: p.name for p in state.players}
        over = bool(r.get("over"))
        effect = r.get("effect")
        if over:
            w = r.get("winner")
            prompt = f"{names.get(w, w)} wins with {scores[w]} favor" if w in names else "Draw"
        elif effect:
            prompt = f"{names.get(effect.get('seat'))} applies the Act's effect by hand"
        elif priority is not None:
            who = "You have" if priority == seat else f"{names.get(priority, priority)} has"
            prompt = f"{STEP_LABELS[step]}: {who} priority"
        else:
            prompt = STEP_LABELS[step]
        extra: dict[str, Any] = {
            "first": r.get("first"),
            "step_label": STEP_LABELS[step],
            "win_at": self.options["win_favor"],
            "scored": bool(r.get("scored")),
            "stack": stack,
            # these two are read even when empty (no priority between steps, no winner yet)
            "priority": priority,
            "winner": r.get("winner"),
            "todo": self._todo(state),
        }
        if effect:
            extra["effect"] = {"seat": effect.get("seat")}
        return Status(self.name, phase=PHASES[step], step=step, turn=r.get("turn", 1), active=active,
                      scores=scores, score_name="Audience Favor", prompt=prompt, over=over, extra=extra)

    def audit(self, state: GameState) -> list[Violation]:
        """Everything on the table that contradicts the rules now (shown when the dial is turned up)."""
        out: list[Violation] = []
        r = state.rules
        if "step" not in r:
            return [_v("tragedy.no_game", "0000.5.1", "the table has no turn state: start a Tragedy game")]
        if r.get("active") not in state.seats:
            out.append(_v("tragedy.active", "0000.1.4", "no seat is the active player"))
        pr = r.get("priority")
        if pr is not None and pr not in state.seats:
            out.append(_v("tragedy.priority", "0000.5.1", f"priority is held by seat {pr}, who is not playing"))
        on_stack = {e.get("piece") for e in self._stack(state)}
        for entry in self._stack(state):
            pid = entry.get("piece")
            if pid not in state.pieces or state.zones[state.pieces[pid].zone].kind != "stack":
                out.append(_v("tragedy.stack", "0000.3.6.1", f"an Act of the Stack ({pid}) is not in a Stack zone",
                              (pid,) if isinstance(pid, str) else ()))
        for zone in state.zones.values():
            for pid in zone.pieces:
                piece = state.pieces[pid]
                if piece.kind != "card":
                    continue
                name = self.ref(state, pid)
                if zone.kind == "table":
                    out.append(_v("tragedy.zone", "0000.1.5", f"{name} lies on the table outside every Zone", (pid,)))
                elif zone.kind == "stack" and pid not in on_stack:
                    out.append(_v("tragedy.stack", "0000.3.6.1", f"{name} is in a Stack but was never played",
                                  (pid,)))
                elif zone.kind == "deck" and piece.face_up:
                    out.append(_v("tragedy.deck_hidden", "0000.3.1.4", f"{name} is face up in a Deck", (pid,)))
                elif zone.kind in ("actors", "sets"):
                    role = self.role_of(state, pid)
                    if role and role not in self.roles(state, pid) and pid in (r.get("roles") or {}):
                        out.append(_v("tragedy.role", "0000.2.2", f"{name} is in play as {_article(role)}, which "
                                      "it is not eligible for", (pid,)))
                    if role in HOST_ROLE:
                        host = piece.attached_to
                        if host is None or self.role_of(state, host) != HOST_ROLE[role]:
                            out.append(_v("tragedy.unattached", ATTACH_RULE[role],
                                          f"{name} is {_article(role)} not attached to {_article(HOST_ROLE[role])}",
                                          (pid,)))
                    elif role in HOST_ROLE_OF:
                        extra = HOST_ROLE_OF[role]
                        if len(self.attachments(state, pid, extra)) > 1:
                            out.append(_v("tragedy.one_" + extra.lower().replace(" ", "_"), ATTACH_RULE[extra],
                                          f"{name} has more than one {extra} attached", (pid,)))
        if self.options["singleton"]:
            for seat in state.seats:
                seen: dict[str, str] = {}
                for pid, piece in state.pieces.items():
                    if piece.kind == "card" and piece.owner == seat and piece.card:
                        name = self.card_name(state, pid)
                        if name in seen:
                            out.append(_v("tragedy.singleton", "0000.1.1.1",
                                          f"seat {seat} has {name} twice", (seen[name], pid), seat))
                        seen[name] = pid
        return out

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        """What keeps a deck list from being a legal Tragedy Deck (size, singleton, one Star, card traits)."""
        if library is not None:
            self.library = library
        out: list[Violation] = []
        refs = [ref for name in deck.sections for ref in deck.expanded(name)]
        if len(refs) < self.options["deck_min"]:
            out.append(_v("tragedy.deck_size", "0000.1.1",
                          f"a Deck has at least {self.options['deck_min']} cards; this one has {len(refs)}"))
        stars = deck.expanded("star")
        if len(stars) != 1:
            out.append(_v("tragedy.star", "0000.1.1.2",
                          f"a Deck has exactly one Star (a 'star' section with one card); this one has {len(stars)}"))
        if self.options["singleton"]:
            seen: dict[str, str] = {}
            for ref in refs:
                name = self.card_info(ref)[2] or ref
                if name in seen:
                    out.append(_v("tragedy.singleton", "0000.1.1.1",
                                  f"{name} is in the Deck more than once (cards with the same name are the same card, "
                                  "0000.2.8)", (ref,)))
                seen.setdefault(name, ref)
        for ref in dict.fromkeys(refs):
            value, roles, name, _ = self.card_info(ref)
            if not roles:
                out.append(_v("tragedy.no_roles", "0000.2.1",
                              f"{name or ref} has no Tragedy Role (give its set a tragedy: mapping)", (ref,)))
            elif value is None:
                out.append(_v("tragedy.no_value", "0000.2.5",
                              f"{name or ref} has Roles ({', '.join(roles)}) but no Value: each card has a Value "
                              "(give it one in its tragedy: block or its set's mapping)", (ref,)))
        return out


HOST_ROLE_OF = {"Actor": "Prop", "Set": "Set Piece"}


def _when(step: str) -> str:
    """A Step or Phase as "it is ..." reads it: "the Upkeep Step", "Performance"."""
    label = STEP_LABELS[step]
    return f"the {label}" if label.endswith("Step") else label


def _article(role: str, capital: bool = False) -> str:
    """"a Set Piece", "an Actor": the Role keeps the capitals the rules write it with (also after "A")."""
    article = "an " if role[0] in "AEIOU" else "a "
    return (article.capitalize() if capital else article) + role


# -- the generic table actions, checked by hand: one small check per action type --

Add = Callable[..., None]


def _g_tap(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        piece = state.pieces[pid]
        was = _is_tapped(piece)
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


def _g_flip(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        if state.zones[state.pieces[pid].zone].kind == "deck":
            add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck stay face down", pid)


def _g_draw(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    ok = (rs._step(state) == "draw" and seat == rs._active(state) and action.count == 1
          and action.source in (None, f"deck:{seat}") and action.to in (None, f"hand:{seat}"))
    if not ok:
        add("tragedy.draw_timing", "0000.5.2.3", "cards are drawn only in the Draw Step, one card, by the active player")


def _g_deal(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    add("tragedy.deal", "0000.1.2", "Hands are dealt only at the start of the game")


def _g_reveal(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    for pid in cards:
        kind = state.zones[state.pieces[pid].zone].kind
        if kind == "hand":
            add("tragedy.hand_hidden", "0000.3.2.2", "cards in the Hand can only be seen by the player who controls them",
                pid)
        elif kind == "deck":
            add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck cannot be seen by any player", pid)


def _g_look(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    zone = state.zones.get(action.zone)
    if zone is not None and zone.kind == "deck":
        add("tragedy.deck_hidden", "0000.3.1.4", "cards in the Deck cannot be seen by any player")
    elif zone is not None and zone.kind == "hand" and zone.owner != seat:
        add("tragedy.hand_hidden", "0000.3.2.2", "cards in the Hand can only be seen by the player who controls them")


def _g_attach(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.piece in cards:
        add("tragedy.attach", "0000.4.3.1", "Props and Set Pieces attach when they are played, to the card chosen then",
            action.piece)


def _g_detach(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.piece in cards:
        add("tragedy.detach", "0000.4.3.2", "a Prop stays attached to its Actor (a Set Piece to its Set)", action.piece)


def _g_create(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.kind == "card":
        add("tragedy.new_card", "0000.1.1", "every card comes from a player's Deck")


def _g_counter(rs: Tragedy, state: GameState, action: Action, seat: int | None, cards: list[str], add: Add) -> None:
    if action.seat is not None and action.piece is None and action.name == "favor":
        add("tragedy.favor", "0000.5.3.2", "Audience Favor changes only by scoring")


#: The check of each generic table action by its type (a move goes through `MOVE_POLICY` instead).
_GENERIC: dict[type[Action], Callable[..., None]] = {
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
