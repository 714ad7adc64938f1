"""The ruleset kit: the one module a ruleset author reads, with what every ruleset needs written once.

A ruleset is data plus small hooks (docs/WRITE_A_RULESET.md builds one end to end). `KitRuleset` adds to the base
`Ruleset`:

- **setup helpers** for a new table: `put_cards`, `shuffle_into`, `deal`, `draw_up_to` (no zone lists mutated by
  hand);
- **the card library**, owned by the base: `self.card_library`, the library the game was set up with, else the
  shipped cards;
- **hand-made moves as data**: a `MovePolicy` of `MoveRule`s says which rule a card moved by hand from one kind of
  zone to another breaks (first match wins);
- **one dispatch style**: methods marked `@checks(ActionType)` and `@reduces(ActionType)` form tables keyed by the
  action's type; `check_table_action` handles the generic table actions (move, flip, tap, ...);
- **typed status**: `game_status` returns a `Status`, which the HUD, bots and the network read as a dict;
- **plugin discovery**: a ruleset in its own package is found through the `tabletop.rulesets` entry point group.

Every name an author needs is importable from here: actions, events, `Tx`, `Violation`, `Option`, `ZoneSpec`, ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..core import actions as A
from ..core.actions import Action, action_type
from ..core.events import Event
from ..core.reducer import ActionError, Tx
from ..core.ruleset import Violation
from ..core.state import GameState, Piece, Zone
from ..errors import register as register_code
from .base import (
    CARD_H,
    CARD_W,
    SEAT_W,
    LegalActions,
    Option,
    OptionError,
    Ruleset,
    Verdicts,
    ZoneSpec,
    add_card,
    shuffle_now,
)
from .effects import (
    EFFECT_ACTIONS,
    KIT_VOCABULARY,
    Ability,
    CardText,
    ChooseOption,
    ChooseTarget,
    Ctx,
    DeclineEffect,
    EffectError,
    Effects,
    ResolveEffect,
    Selection,
    Vocabulary,
    card_field,
    modifier_total,
    parse_abilities,
    read_card_text,
    sentences,
)

if TYPE_CHECKING:
    from ..cards import CardLibrary, DeckList

__all__ = [
    "CARD_H",
    "CARD_W",
    "EFFECT_ACTIONS",
    "CardsKeepLibrary",
    "ENTRY_POINT_GROUP",
    "KIT_VOCABULARY",
    "SEAT_W",
    "Ability",
    "Action",
    "ActionError",
    "CardText",
    "ChooseOption",
    "ChooseTarget",
    "Ctx",
    "DeclineEffect",
    "EffectError",
    "Effects",
    "Event",
    "GameState",
    "KitRuleset",
    "PartsRuleset",
    "LegalActions",
    "MovePolicy",
    "MoveRule",
    "Option",
    "OptionError",
    "Piece",
    "ResolveEffect",
    "Selection",
    "Status",
    "Tx",
    "Verdicts",
    "Violation",
    "Vocabulary",
    "Zone",
    "ZoneSpec",
    "action_type",
    "card_field",
    "checks",
    "deal",
    "discover_rulesets",
    "draw_up_to",
    "marked",
    "modifier_total",
    "parse_abilities",
    "put_cards",
    "put_on",
    "read_card_text",
    "reduces",
    "register_code",
    "sentences",
    "shuffle_into",
    "shuffle_now",
]

#: The entry point group a ruleset package declares, e.g. in its pyproject.toml:
#: `[project.entry-points."tabletop.rulesets"]` then `war = "tabletop_war:War"`.
ENTRY_POINT_GROUP = "tabletop.rulesets"


# -- setup: filling a new table (no events: the table is being built, not played) --


def put_cards(
    state: GameState, refs: Iterable[str], zone: str, *, owner: int | None = None, face_up: bool | None = None
) -> list[str]:
    """Put new cards at the bottom of `zone`, in order; returns their piece ids."""
    return [add_card(state, ref, zone, owner=owner, face_up=face_up).id for ref in refs]


def shuffle_into(state: GameState, refs: Iterable[str], zone: str, *, owner: int | None = None) -> list[str]:
    """Put new cards in `zone` and shuffle it with the table's seeded RNG; returns their piece ids."""
    pids = put_cards(state, refs, zone, owner=owner)
    shuffle_now(state, zone)
    return pids


def _move_now(state: GameState, pid: str, dst: str, face_up: bool | None) -> None:
    piece = state.own(pid)
    state.zones[piece.zone].pieces.remove(pid)
    zone = state.zones[dst]
    piece.zone = dst
    piece.face_up = zone.face_up if face_up is None else face_up
    zone.pieces.append(pid)


def put_on(state: GameState, pid: str, zone: str, *, face_up: bool | None = None) -> None:
    """Move a card already on the table into `zone` during setup: on top of a stack (a deck, a discard pile), at the
    end of any other zone; face up or down as the zone shows cards unless `face_up` says."""
    piece = state.own(pid)
    state.zones[piece.zone].pieces.remove(pid)
    dst = state.zones[zone]
    if dst.layout == "stack":
        dst.pieces.insert(0, pid)
    else:
        dst.pieces.append(pid)
    piece.zone = zone
    piece.face_up = dst.face_up if face_up is None else face_up


def draw_up_to(state: GameState, src: str, dst: str, size: int, *, face_up: bool | None = None) -> list[str]:
    """Move cards from the top of `src` to `dst` until `dst` holds `size` pieces (or `src` runs out)."""
    moved = []
    source = state.zones[src].pieces
    while len(state.zones[dst].pieces) < size and source:
        pid = source[0]
        _move_now(state, pid, dst, face_up)
        moved.append(pid)
    return moved


def deal(
    state: GameState, src: str | Callable[[int], str], count: int, *, to: str = "hand",
    seats: Sequence[int] | None = None, face_up: bool | None = None,
) -> dict[int, list[str]]:
    """Deal `count` cards to each seat, one at a time round the table, from the top of `src` into `to:SEAT`.

    `src` is a zone name, or a function of the seat (`lambda seat: f"deck:{seat}"`) for a deck per seat.
    """
    dealt: dict[int, list[str]] = {seat: [] for seat in (seats if seats is not None else state.seats)}
    for _ in range(count):
        for seat in dealt:
            source = src(seat) if callable(src) else src
            if state.zones[source].pieces:
                pid = state.zones[source].pieces[0]
                _move_now(state, pid, f"{to}:{seat}", face_up)
                dealt[seat].append(pid)
    return dealt


# -- hand-made moves as data --


@dataclass(frozen=True, slots=True)
class MoveRule:
    """One line of a move policy: moving a card from a `src` kind of zone to a `dst` kind breaks `rule`.

    `src` and `dst` are a zone kind, a tuple of kinds, or "*" for any; `same_owner` True (or False) matches only
    moves between zones of the same (or another) owner.
    """

    code: str
    rule: str
    message: str
    src: str | tuple[str, ...] = "*"
    dst: str | tuple[str, ...] = "*"
    same_owner: bool | None = None

    def matches(self, src: str, dst: str, same_owner: bool) -> bool:
        return (_kind_matches(self.src, src) and _kind_matches(self.dst, dst)
                and (self.same_owner is None or self.same_owner == same_owner))


def _kind_matches(pattern: str | tuple[str, ...], kind: str) -> bool:
    return pattern == "*" or kind == pattern or (isinstance(pattern, tuple) and kind in pattern)


class MovePolicy:
    """The rules that hand-made card moves break, as data: the first matching `MoveRule` wins, else `default`."""

    def __init__(self, *rules: MoveRule, default: MoveRule | None = None) -> None:
        self.rules = rules
        self.default = default

    def verdict(self, src: str, dst: str, same_owner: bool) -> MoveRule | None:
        """The rule a card moved from a `src` kind of zone to a `dst` kind breaks, or None when it breaks none."""
        return next((r for r in self.rules if r.matches(src, dst, same_owner)), self.default)

    def check(self, state: GameState, move: A.Move, verdicts: Verdicts) -> None:
        """Add a verdict for every card `move` takes to another zone against the policy."""
        dst = state.zones.get(move.to)
        if dst is None:
            return
        for pid in move.pieces:
            piece = state.pieces.get(pid)
            if piece is None or piece.kind != "card" or piece.zone == dst.name:
                continue
            src = state.zones[piece.zone]
            found = self.verdict(src.kind, dst.kind, src.owner == dst.owner)
            if found is not None:
                verdicts.add(found.code, found.rule, found.message, pid)


# -- typed status --


@dataclass(slots=True)
class Status:
    """What the HUD, bots and clients read about the game: typed fields, plus anything else in `extra`.

    `to_dict` gives the dict every consumer reads (`None` fields are left out), so a new field is one line here.
    """

    ruleset: str = ""
    phase: str | None = None
    step: str | None = None
    turn: int | None = None
    active: int | None = None
    priority: int | None = None
    scores: list[int] | None = None
    score_name: str | None = None
    prompt: str | None = None
    over: bool | None = None
    winner: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "extra"}
        out = {k: v for k, v in out.items() if v is not None}
        out.update(self.extra)
        return out


# -- one dispatch style --

_CHECK_MARK = "_kit_checks"
_REDUCE_MARK = "_kit_reduces"


def checks(*types: type[Action]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a method `(self, state, action, seat) -> Iterable[Violation]` as the check of these action types."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _CHECK_MARK, types)
        return fn

    return mark


def reduces(*types: type[Action]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a method `(self, state, action, seat, tx) -> None` as what these action types do to the table."""

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _REDUCE_MARK, types)
        return fn

    return mark


def marked(*parts: object) -> tuple[dict[type[Action], Callable[..., Any]], dict[type[Action], Callable[..., Any]]]:
    """The dispatch tables of a ruleset made of parts: the `@checks` and `@reduces` methods of each part (a plain
    object, not a mixin), bound to it, by action type (`checks[type(a)](state, a, seat)`,
    `reducers[type(a)](state, a, seat, tx)`); a later part's mark wins over an earlier one's."""
    check_fns: dict[type[Action], Callable[..., Any]] = {}
    reduce_fns: dict[type[Action], Callable[..., Any]] = {}
    for part in parts:
        for klass in reversed(type(part).__mro__):
            for name, member in vars(klass).items():
                for t in getattr(member, _CHECK_MARK, ()):
                    check_fns[t] = getattr(part, name)
                for t in getattr(member, _REDUCE_MARK, ()):
                    reduce_fns[t] = getattr(part, name)
    return check_fns, reduce_fns


class KitRuleset(Ruleset):
    """A `Ruleset` with the kit's card library, dispatch tables, move policy and typed status.

    Subclasses mark their hooks with `@checks(...)` / `@reduces(...)`; an action type with no check goes to
    `check_table_action` (the generic table actions), one with no reducer to the generic reducer.
    """

    #: What hand-made card moves break (None: nothing; the sandbox).
    move_policy: ClassVar[MovePolicy | None] = None
    _check_table: ClassVar[dict[type[Action], str]] = {}
    _reduce_table: ClassVar[dict[type[Action], str]] = {}
    #: the marked methods themselves, looked up once on the class (plain methods, called with the ruleset): a
    #: dispatch that runs at every action without `getattr` by name
    _check_fns: ClassVar[dict[type[Action], Callable[..., Any]]] = {}
    _reduce_fns: ClassVar[dict[type[Action], Callable[..., Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_table: dict[type[Action], str] = {}
        reduce_table: dict[type[Action], str] = {}
        for klass in reversed(cls.__mro__):  # a subclass's marks override its base's
            for name, member in vars(klass).items():
                for t in getattr(member, _CHECK_MARK, ()):
                    check_table[t] = name
                for t in getattr(member, _REDUCE_MARK, ()):
                    reduce_table[t] = name
        cls._check_table = check_table
        cls._reduce_table = reduce_table
        cls._check_fns = {t: getattr(cls, name) for t, name in check_table.items()}
        cls._reduce_fns = {t: getattr(cls, name) for t, name in reduce_table.items()}

    def __init__(self, options: Mapping[str, Any] | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(options)
        self.library = library
        self._card_cache: dict[str, Any] = {}
        self._card_cache_version = -1

    # -- the card library --

    def card_cache(self) -> dict[str, Any]:
        """A cache for what the ruleset derives from card data, emptied when cards are reloaded from disk.

        Live card edits (`tabletop.cards.watch`) replace a set in the same library and bump `library.version`; a
        ruleset that keeps card-derived data here sees the new text at its next lookup.
        """
        version = getattr(self.card_library, "version", 0)
        if version != self._card_cache_version:
            self._card_cache = {}
            self._card_cache_version = version
        return self._card_cache

    @property
    def card_library(self) -> CardLibrary:
        """The cards this game plays with: the library it was set up with, else the shipped cards (loaded once)."""
        if self.library is None:
            from ..cards import default_library

            self.library = default_library()
        return self.library

    def new_game(self, seats: int = 2, *, library: CardLibrary | None = None, **kwargs: Any) -> GameState:
        if library is not None:
            self.library = library
        return super().new_game(seats, library=library, **kwargs)

    def setup(self, state: GameState, decks: Mapping[int, DeckList], library: CardLibrary | None) -> None:
        if library is not None:
            self.library = library
        super().setup(state, decks, library)

    # -- card text --

    def card_text(self, ref: str | None) -> CardText:
        """What the engine makes of the card `ref` plays (read once per card, again after a live card edit)."""
        cache = self.card_cache()
        key = ("card_text", ref)
        found = cache.get(key)
        if found is None:
            try:
                card = self.card_library.get(ref or "")
            except KeyError:
                found = CardText((), (), has_text=False)
            else:
                found = self.text_of(card)
            cache[key] = found
        return found

    # -- dispatch --

    @property
    def rule_actions(self) -> tuple[type[Action], ...]:
        """The action types this ruleset checks itself (its own actions, and any generic one it takes over)."""
        return tuple(self._check_table)

    @property
    def reduced_actions(self) -> tuple[type[Action], ...]:
        """The action types this ruleset's own reducers handle."""
        return tuple(self._reduce_table)

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        if type(action) in EFFECT_ACTIONS:
            return self.effects.check(state, action, seat)
        name = self._check_table.get(type(action))
        if name is None:
            return list(self.check_table_action(state, action, seat))
        gate = list(self.gate(state, action, seat))
        if gate:
            return gate
        return list(getattr(self, name)(state, action, seat))

    def gate(self, state: GameState, action: Action, seat: int | None) -> Iterable[Violation]:
        """Violations that refuse every action this ruleset checks before its own check runs (e.g. game over)."""
        return ()

    def check_table_action(self, state: GameState, action: Action, seat: int | None) -> Iterable[Violation]:
        """The check of a generic table action (move, flip, tap, ...): by default, the move policy on moves."""
        if self.move_policy is None or not isinstance(action, A.Move):
            return ()
        verdicts = Verdicts(seat)
        self.move_policy.check(state, action, verdicts)
        return verdicts.result()

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        if type(action) in EFFECT_ACTIONS:
            self.effects.reduce(state, action, seat, tx)
            return True
        name = self._reduce_table.get(type(action))
        if name is None:
            return False
        getattr(self, name)(state, action, seat, tx)
        return True

    # -- status --

    def status(self, state: GameState, seat: int | None) -> dict[str, Any]:
        found = self.game_status(state, seat)
        return {} if found is None else found.to_dict()

    def game_status(self, state: GameState, seat: int | None) -> Status | None:
        """The game as the HUD shows it to `seat` (None: nothing to show)."""
        return None


# -- plugins --


def discover_rulesets(group: str = ENTRY_POINT_GROUP) -> tuple[dict[str, type[Ruleset]], list[str]]:
    """The rulesets other installed packages declare in the entry point `group`, and what went wrong loading any.

    A plugin that fails to import, or is not a `Ruleset`, is reported and skipped: one broken package never keeps
    the others (or the bundled rulesets) from loading.
    """
    from importlib.metadata import entry_points

    found: dict[str, type[Ruleset]] = {}
    problems: list[str] = []
    for ep in entry_points(group=group):
        try:
            obj = ep.load()
        except Exception as e:  # noqa: BLE001 - any import error of a third-party package is reported, not raised
            problems.append(f"ruleset plugin {ep.name!r} ({ep.value}): {type(e).__name__}: {e}")
            continue
        if not (isinstance(obj, type) and issubclass(obj, Ruleset)):
            problems.append(f"ruleset plugin {ep.name!r} ({ep.value}) is not a Ruleset class")
            continue
        found[getattr(obj, "name", ep.name) or ep.name] = obj
    return found, problems


class CardsKeepLibrary:
    """A ruleset's `library` kept by its card part (`ruleset.cards.library`), so the part's check that the cards it
    read are still current costs no call; the card part is made before the kit's `__init__` sets the library.

    Why: X-Files CCG and Tragedy wrote the same property twice."""

    def __get__(self, ruleset: Any, owner: type | None = None) -> Any:
        return self if ruleset is None else ruleset.cards.library

    def __set__(self, ruleset: Any, library: CardLibrary | None) -> None:
        ruleset.cards.library = library


class PartsRuleset(KitRuleset):
    """A ruleset made of parts (docs/WRITE_A_RULESET.md section 11): its `check` and `reduce` hand each action over
    to the part that marked a check or reducer for it (`marked(...)`, kept as `_checkers` and `_reducers`), after
    the `checks` part's `gate`; the interpreter's actions go to `effects`, table gestures to the `checks` part.

    Why: X-Files Fan and Tragedy wrote the same dispatch twice; a ruleset of parts sets `checks`, `_checkers` and
    `_reducers` in `__init__` and adds only its own guards around these."""

    checks: Any
    _checkers: dict[type[Action], Callable[..., Any]]
    _reducers: dict[type[Action], Callable[..., Any]]

    @property
    def rule_actions(self) -> tuple[type[Action], ...]:
        return tuple(self._checkers)

    @property
    def reduced_actions(self) -> tuple[type[Action], ...]:
        return tuple(self._reducers)

    def check(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        check = self._checkers.get(type(action))
        if check is None:
            if type(action) in EFFECT_ACTIONS:
                return self.effects.check(state, action, seat)
            return self.checks.check_table_action(state, action, seat)
        gate = self.checks.gate(state, action, seat)
        if gate:
            return gate
        found = check(state, action, seat)
        return found if type(found) is list else list(found)  # each check makes a new list: not copied again

    def reduce(self, state: GameState, action: Action, seat: int | None, tx: Tx) -> bool:
        reducer = self._reducers.get(type(action))
        if reducer is None:
            if type(action) not in EFFECT_ACTIONS:
                return False
            self.effects.reduce(state, action, seat, tx)
            return True
        reducer(state, action, seat, tx)
        return True
