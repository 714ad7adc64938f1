"""The `Ruleset` base class: a game as data (zones, options, phases) plus small hooks.

A ruleset never touches pygame or files. Its rule state lives in `state.rules`, changed only through `Tx`, so it
saves, syncs and undoes with the rest of the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.events import Event
from ..core.messages import card_ref
from ..core.reducer import Tx
from ..core.ruleset import Violation
from ..core.state import GameState, Piece, Player, Zone
from ..errors import TabletopError

if TYPE_CHECKING:
    from ..cards import CardDef, CardLibrary, DeckList
    from .effects import CardText, Effects, Vocabulary

__all__ = [
    "CARD_H",
    "CARD_W",
    "LegalActions",
    "Option",
    "OptionError",
    "Ruleset",
    "SeatArea",
    "Verdicts",
    "ZoneSpec",
    "add_card",
    "seat_areas",
    "shuffle_now",
]

CARD_W, CARD_H = 126.0, 176.0
SEAT_W, SEAT_H, CENTER_H = 1400.0, 560.0, 420.0


class OptionError(TabletopError, ValueError):
    """A house rule that names no option of the ruleset, or gives it a value of the wrong type."""


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule: a name, its default, a one-line description, and the values it may take."""

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()

    def validate(self, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                raise OptionError(f"option {self.name!r} is one of {', '.join(map(str, self.choices))}, not {value!r}")
            return value
        want = type(self.default)
        if want is bool:
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} is true or false, not {value!r}")
        elif want is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} is a whole number, not {value!r}")
        elif want is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise OptionError(f"option {self.name!r} is a number, not {value!r}")
            value = float(value)
        elif not isinstance(value, want):
            raise OptionError(f"option {self.name!r} is a {want.__name__}, not {value!r}")
        return value


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A zone a ruleset declares: per seat (`name:seat`) or shared, with its place in seat-local coordinates.

    `rect` is (x, y, w, h) inside the seat's area, y measured from the player's table edge, so the same spec lays out
    the bottom row and (mirrored) the top row. Shared zones use coordinates inside the centre strip.
    """

    name: str
    per_seat: bool
    visibility: str = "public"
    layout: str = "stack"
    label: str = ""
    rect: tuple[float, float, float, float] = (0.0, 0.0, CARD_W + 20, CARD_H + 20)
    face_up: bool = True
    kind: str = ""


@dataclass(frozen=True, slots=True)
class SeatArea:
    """Where one seat sits: its rectangle on the table and whether it faces up (top row) or down."""

    seat: int
    rect: tuple[float, float, float, float]
    top: bool


def seat_areas(n: int) -> tuple[list[SeatArea], tuple[float, float, float, float], tuple[float, float]]:
    """Lay `n` seats around the table: the bottom row left to right, then the top row right to left.

    Returns the seat areas, the centre strip and the table size.
    """
    bottom = (n + 1) // 2
    top = n - bottom
    cols = max(bottom, top, 1)
    width = cols * SEAT_W
    height = 2 * SEAT_H + CENTER_H
    areas = []
    for i in range(bottom):
        x0 = (width - bottom * SEAT_W) / 2 + i * SEAT_W
        areas.append(SeatArea(i, (x0, SEAT_H + CENTER_H, SEAT_W, SEAT_H), top=False))
    for j in range(top):
        x0 = (width - top * SEAT_W) / 2 + (top - 1 - j) * SEAT_W
        areas.append(SeatArea(bottom + j, (x0, 0.0, SEAT_W, SEAT_H), top=True))
    return areas, (0.0, SEAT_H, width, CENTER_H), (width, height)


class Verdicts:
    """Collects the violations of one check, grouping every piece that breaks the same rule into one verdict."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self._found: dict[tuple[str, str, str], list[str]] = {}

    def add(self, code: str, rule: str, message: str, pid: str | None = None) -> None:
        pids = self._found.setdefault((code, rule, message), [])
        if pid is not None:
            pids.append(pid)

    def result(self) -> list[Violation]:
        return [Violation(code, rule, message, tuple(pids), self.seat) for (code, rule, message), pids in
                self._found.items()]


class LegalActions:
    """A lazy view of the legal actions of a seat: iterate it, or ask `action in legal`."""

    def __init__(self, ruleset: Ruleset, state: GameState, seat: int | None) -> None:
        self._ruleset = ruleset
        self._state = state
        self._seat = seat

    def __iter__(self) -> Iterator[Action]:
        return iter(self._ruleset.generate_actions(self._state, self._seat))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        return not self._ruleset.check(self._state, action, self._seat)

    def __bool__(self) -> bool:
        return any(True for _ in self)


class Ruleset:
    """Base class of every ruleset; the defaults are a rule-free sandbox."""

    name = "base"
    title = "Base"
    description = ""
    min_seats = 2
    max_seats = 6
    option_specs: tuple[Option, ...] = ()
    #: the card types in this game's natural order (as its manual lists them), for a hand sorted "in the ruleset's
    #: order" (`hand_rank`); empty: by type name
    hand_order: tuple[str, ...] = ()
    #: counters this ruleset keeps on pieces for its own bookkeeping (a once-per-turn use, the turn a token was
    #: spent): the table draws no badge for them, since they mean nothing to a player
    quiet_counters: frozenset[str] = frozenset()

    @classmethod
    def hand_rank(cls, card_type: str | None) -> tuple[int, str]:
        """Where a card of `card_type` goes in a hand sorted in this game's order: its place in `hand_order`
        (types it does not list after, by name); with no `hand_order`, by type name."""
        kind = (card_type or "").casefold()
        order = [k.casefold() for k in cls.hand_order]
        return (order.index(kind) if kind in order else len(order), kind or "~")

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = self.resolve_options(options or {})

    # -- options --

    @classmethod
    def resolve_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overridden by `given`; unknown names and wrong types raise OptionError."""
        specs = {o.name: o for o in cls.option_specs}
        out = {o.name: o.default for o in cls.option_specs}
        for name, value in given.items():
            if name not in specs:
                known = ", ".join(specs) or "none"
                raise OptionError(f"{cls.name} has no option {name!r} (its options: {known})")
            out[name] = specs[name].validate(value)
        return out

    # -- the table --

    def zone_specs(self, seats: int, decks: Mapping[int, DeckList] | None = None) -> list[ZoneSpec]:
        return [ZoneSpec("hand", True, "owner", "fan", "Hand", (20, 10, SEAT_W - 40, CARD_H + 20), kind="hand")]

    def build_table(
        self,
        seats: int,
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        enforcement: str = "off",
        decks: Mapping[int, DeckList] | None = None,
    ) -> GameState:
        """An empty table with this ruleset's zones laid out for `seats` players."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.name} is played by {self.min_seats} to {self.max_seats} seats, not {seats}")
        areas, center, size = seat_areas(seats)
        players = [
            Player(i, (names[i] if names and i < len(names) else f"Seat {i + 1}"), color=_SEAT_COLORS[i % 6])
            for i in range(seats)
        ]
        state = GameState(
            ruleset=self.name,
            options=dict(self.options),
            enforcement=enforcement,
            players=players,
            seed=seed,
            table_size=size,
        )
        state.add_zone(Zone("table", None, "public", "free", "Table", (0.0, 0.0, size[0], size[1]), True, kind="table"))
        for spec in self.zone_specs(seats, decks):
            if spec.per_seat:
                for area in areas:
                    state.add_zone(_place(spec, area, area.seat))
            else:
                x, y, w, h = spec.rect
                cx, cy, cw, ch = center
                rect = (cx + cw / 2 + x, cy + y, w, h)
                state.add_zone(Zone(spec.name, None, spec.visibility, spec.layout, spec.label, rect, spec.face_up,
                                    kind=spec.kind))
        return state

    def new_game(
        self,
        seats: int = 2,
        *,
        names: Sequence[str] | None = None,
        decks: Mapping[int, DeckList] | None = None,
        library: CardLibrary | None = None,
        seed: int = 0,
        enforcement: str = "off",
    ) -> GameState:
        """A table ready to play: zones, decks dealt out, rule state set up."""
        state = self.build_table(seats, names=names, seed=seed, enforcement=enforcement, decks=decks)
        self.setup(state, decks or {}, library)
        return state

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        """Fill the table: put each seat's deck in its zones. Override for opening hands and rule state."""
        for seat, deck in decks.items():
            for section, entries in deck.sections.items():
                zone = state.seat_zone(section, seat) or state.seat_zone("deck", seat)
                if zone is None or (section == "sideboard" and zone != state.seat_zone(section, seat)):
                    continue  # a sideboard stays off the table unless the ruleset has a zone for it
                for entry in entries:
                    for _ in range(entry.count):
                        add_card(state, entry.ref, zone, owner=seat)

    # -- hooks the session calls --

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        return []

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        """Apply a ruleset-specific action; return False for actions the generic reducer handles."""
        return False

    def after(self, state: GameState, events: list[Event], seat: int | None) -> Iterable[tuple[Action, int | None]]:
        return ()

    def generate_actions(self, state: GameState, seat: int | None) -> Iterable[Action]:
        return ()

    def legal_actions(self, state: GameState, seat: int | None) -> LegalActions:
        return LegalActions(self, state, seat)

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return {}

    def scores(self, state: GameState) -> list[int] | None:
        """The seats' scores, as `status(state, None)` gives them under `scores` (None when it gives none).

        For readers that want the scores alone (the lab reads them at every turn change): a ruleset whose status
        does much more work gives them directly, and tests hold the two to each other."""
        found = self.status(state, None).get("scores")
        return found if isinstance(found, list) else None

    def waiting_for(self, state: GameState) -> list[int]:
        """The seats the game waits on now (e.g. who holds priority), for bots and the HUD; default: every seat."""
        return list(state.seats)

    def audit(self, state: GameState) -> list[Violation]:
        """What is inconsistent on the table now (used when the dial is turned up mid-game)."""
        return []

    def deck_problems(self, deck: DeckList, library: CardLibrary | None = None) -> list[Violation]:
        return []

    #: The sections of a deck list, in the order a deck editor shows them: (name, label).
    deck_sections: tuple[tuple[str, str], ...] = (("deck", "Deck"),)

    def deck_section_for(self, card: CardDef) -> str:
        """The section a card added to a deck goes to when the player names none: the main deck."""
        names = [name for name, _ in self.deck_sections]
        return "deck" if "deck" in names else names[0]

    def deck_copy_limit(self, card: CardDef) -> int | None:
        """Most copies of a card a legal deck holds (None: no limit); the deck editor shows it as it is reached."""
        return None

    def winner(self, state: GameState) -> int | None | str:
        return state.rules.get("winner")

    # -- card text: the effect language (tabletop.rules.effects) --

    def effect_vocabulary(self) -> Vocabulary:
        """The ruleset's own primitives, conditions, selectors and durations (the kit's generic ones are added)."""
        from .effects import Vocabulary

        return Vocabulary()

    @property
    def effects(self) -> Effects:
        """The interpreter of this ruleset's card abilities (its vocabulary over the kit's), made once."""
        found = self.__dict__.get("_effects")
        if found is None:
            from .effects import KIT_VOCABULARY, Effects

            found = self.__dict__["_effects"] = Effects(self, self.effect_vocabulary().over(KIT_VOCABULARY))
        return found

    def compile_text(self, card: CardDef) -> tuple[list[dict[str, Any]], list[str]]:
        """The ruleset's compiler: `card`'s English as abilities (`effects:` data) and the sentences it could not
        read. The default reads none: every sentence of game text is left to apply by hand."""
        from .effects import sentences

        return [], sentences(card.text)

    def card_set_problems(self, card_set: Any) -> list[tuple[Any, str, str]]:
        """What is wrong across a set's text for this ruleset, as (card, field, message) (`cards check` reports
        them with file and line); default: nothing."""
        return []

    def text_of(self, card: CardDef) -> CardText:
        """What the engine makes of `card`'s text (a designer's `effects:` wins over `compile_text`)."""
        from .effects import read_card_text

        return read_card_text(self, card)

    # -- naming cards in sentences --

    def card_title(self, state: GameState, pid: str) -> str | None:
        """The title people know this card by (None: the ruleset has no card data). Never put it in a sentence
        directly: use `ref`, so each reader sees it only if it can see the card."""
        return None

    def ref(self, state: GameState, pid: str | None) -> str:
        """A card named in a sentence: its title for a seat that can see it, where it lies for any other."""
        if pid is None or pid not in state.pieces:
            return "a card"
        return card_ref(pid, self.card_title(state, pid) or "a card")


_SEAT_COLORS = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e", "#9b59b6", "#1abc9c")


def _place(spec: ZoneSpec, area: SeatArea, seat: int) -> Zone:
    ax, ay, aw, ah = area.rect
    x, y, w, h = spec.rect
    rect = (ax + x, ay + y, w, h) if area.top else (ax + x, ay + ah - y - h, w, h)
    return Zone(f"{spec.name}:{seat}", seat, spec.visibility, spec.layout, spec.label, rect, spec.face_up,
                kind=spec.kind or spec.name)


def add_card(state: GameState, ref: str, zone: str, *, owner: int | None = None, face_up: bool | None = None) -> Piece:
    """Put a new card piece in a zone during setup (play creates pieces through Tx instead)."""
    z = state.zones[zone]
    piece = Piece(
        id=state.new_piece_id(),
        kind="card",
        card=ref,
        zone=zone,
        owner=owner,
        face_up=z.face_up if face_up is None else face_up,
    )
    return state.add_piece(piece, index=len(z.pieces))


def shuffle_now(state: GameState, zone: str) -> None:
    """Shuffle a zone during setup, drawing from the state's RNG (play uses `Tx.shuffle`, which logs it)."""
    pieces = state.zones[zone].pieces
    order = state.rng.permutation(len(pieces))
    pieces[:] = [pieces[i] for i in order]
