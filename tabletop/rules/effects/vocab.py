"""A ruleset's vocabulary of effects, the context a step runs in, and the kit's generic primitives and selectors.

A ruleset declares only its vocabulary: `Vocabulary(primitives={name: fn}, conditions={name: fn},
selectors={key: fn}, durations={name: step})`, merged over `KIT_VOCABULARY` (draw, discard, move, reveal, look,
gain/lose a counter, add to a stat for a duration, change a keyword, shuffle, log a line). A primitive is
`fn(ctx, tx, args) -> str | None` (the words the log adds), a condition `fn(ctx, args) -> str | None` (None: it
holds; else why not), a selector `fn(ctx, piece, value) -> bool`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.reducer import ActionError, Tx
from ...core.state import EVERYONE, GameState, Piece
from ...core.words import zone_words
from ...errors import TabletopError

if TYPE_CHECKING:
    from .model import Ability

__all__ = [
    "KIT_VOCABULARY",
    "EffectStopped",
    "Condition",
    "Ctx",
    "Primitive",
    "Selector",
    "Vocabulary",
    "card_field",
    "modifier_total",
]

Primitive = Callable[["Ctx", Tx, Any], "str | None"]
Condition = Callable[["Ctx", Any], "str | None"]
Selector = Callable[["Ctx", Piece, Any], bool]

#: the rule state key of the interpreter: pending abilities, lasting modifiers, counts
KEY = "effects"


class EffectStopped(TabletopError):  # noqa: N818 (no error: the ability stops where its text says so)
    """Raised by a primitive when the rest of its ability does not happen (a cost its player cannot pay now): the
    steps done stay done, the others are skipped, and the words say why."""


@dataclass(frozen=True)
class Vocabulary:
    """What a ruleset's abilities may say: its primitives, conditions, selectors and durations.

    `durations` maps a duration's name to the ruleset step at whose end it expires (`Effects.expire(step)`);
    `steps` lists the steps `when: step:NAME` may name (empty: any); `rule` is the rule a failed condition cites,
    `condition_rules` a rule per condition that cites another; `blind` names the selectors that read only where a
    card is, never its face (a chooser may name a face-down card by them, e.g. "any one Bluff"); `affords` maps a
    primitive to its precondition (a condition): an option of a `choose` whose first step it fails is not offered
    (a pool that cannot pay).
    """

    primitives: Mapping[str, Primitive] = field(default_factory=dict)
    conditions: Mapping[str, Condition] = field(default_factory=dict)
    selectors: Mapping[str, Selector] = field(default_factory=dict)
    durations: Mapping[str, str] = field(default_factory=dict)
    steps: tuple[str, ...] = ()
    rule: str = ""
    condition_rules: Mapping[str, str] = field(default_factory=dict)
    blind: frozenset[str] = frozenset()
    affords: Mapping[str, Condition] = field(default_factory=dict)

    def over(self, base: Vocabulary) -> Vocabulary:
        """This vocabulary over `base`: its names win."""
        return Vocabulary({**base.primitives, **self.primitives}, {**base.conditions, **self.conditions},
                          {**base.selectors, **self.selectors}, {**base.durations, **self.durations},
                          self.steps or base.steps, self.rule or base.rule,
                          {**base.condition_rules, **self.condition_rules}, self.blind | base.blind,
                          {**base.affords, **self.affords})

    def rule_of(self, condition: str) -> str:
        return self.condition_rules.get(condition, self.rule)


@dataclass
class Ctx:
    """What a step, condition or selector reads: the table, the ruleset, the acting seat, the source card, the
    chosen targets by name, the ability, and `data` (scratch a ruleset's steps share, e.g. a score being summed)."""

    state: GameState
    ruleset: Any
    seat: int | None
    source: str | None
    ability: Ability | None = None
    targets: dict[str, list[str]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def pieces(self, args: Any) -> list[str]:
        """The pieces a step's `target` names (a chosen target, or `source`/`self`), still on the table."""
        name = args.get("target") if isinstance(args, Mapping) else None
        if name in (None, "source", "self"):
            found = [self.source] if self.source else []
        else:
            found = self.targets.get(name, [])
        return [p for p in found if p in self.state.pieces]

    def seat_of(self, who: Any) -> int | None:
        """`you` (the acting seat), `opponent` (the next seat), or a seat number."""
        if who in (None, "you", "owner"):
            return self.seat
        if who == "opponent":
            seats = self.state.seats
            if self.seat in seats and len(seats) > 1:
                return seats[(seats.index(self.seat) + 1) % len(seats)]
            return None
        return who if who in self.state.seats else None

    def zone(self, kind: str, seat: int | None) -> str:
        name = self.state.seat_zone(kind, seat)
        if name is None:
            raise ActionError("no_zone", f"this table has no {kind} zone for seat {seat}")
        return name

    def name(self, pid: str | None) -> str:
        ref = getattr(self.ruleset, "ref", None)
        return ref(self.state, pid) if ref is not None else (pid or "a card")

    def why(self) -> str:
        """What the log says changed a number by this step: its card's text, named by reference (`Tx.changed`)."""
        return f"the text of {self.name(self.source)}" if self.source in self.state.pieces else "a card's text"


def card_field(ctx: Ctx, pid: str, key: str) -> Any:
    """A field of the card a piece shows (`type`, `name`, `text` or a free field), None when it has none."""
    piece = ctx.state.pieces.get(pid)
    library = getattr(ctx.ruleset, "card_library", None)
    if piece is None or not piece.card or library is None:
        return None
    try:
        card = library.get(piece.card)
    except KeyError:
        return None
    if key in ("type", "name", "text"):
        return getattr(card, key)
    return card.get(key)


def _number(args: Any, key: str = "count", default: int = 1) -> int:
    value = args.get(key, default) if isinstance(args, Mapping) else args
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionError("effect_step", f"a step's {key} is a whole number, not {value!r}")
    return value


# -- the kit's primitives --


def _draw(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat") if isinstance(args, Mapping) else None)
    deck, hand = ctx.zone("deck", seat), ctx.zone("hand", seat)
    n = 0
    for _ in range(max(0, _number(args))):
        top = ctx.state.zones[deck].pieces
        if not top:
            break
        tx.move(top[0], hand, by=seat)
        n += 1
    return f"{ctx.state.seat_name(seat)} draws {n} card{'s' * (n != 1)}"


def _discard(ctx: Ctx, tx: Tx, args: Any) -> str:
    face_up = bool(args.get("face_up", True)) if isinstance(args, Mapping) else True
    pieces = ctx.pieces(args)
    for pid in pieces:
        owner = ctx.state.pieces[pid].owner
        tx.move(pid, ctx.zone("discard", owner if owner is not None else ctx.seat), by=ctx.seat, face_up=face_up)
    how = "" if face_up else " unrevealed"
    return f"discards {len(pieces)} card{'s' * (len(pieces) != 1)}{how}"


def _move(ctx: Ctx, tx: Tx, args: Any) -> str:
    to = args.get("to") if isinstance(args, Mapping) else None
    if not isinstance(to, str):
        raise ActionError("effect_step", "a move step names the zone it moves to (`to:`)")
    pieces = ctx.pieces(args)
    for pid in pieces:
        owner = ctx.state.pieces[pid].owner
        dst = to if to in ctx.state.zones else ctx.zone(to, owner if owner is not None else ctx.seat)
        tx.move(pid, dst, by=ctx.seat, face_up=args.get("face_up"))
    return f"moves {', '.join(ctx.name(p) for p in pieces) or 'nothing'} to {to}"


def _reveal(ctx: Ctx, tx: Tx, args: Any) -> str:
    to = args.get("to", "all") if isinstance(args, Mapping) else "all"
    seat = EVERYONE if to == "all" else ctx.seat_of(to)
    pieces = ctx.pieces(args)
    for pid in pieces:
        tx.change(pid, known=ctx.state.pieces[pid].known | {seat})
    return f"reveals {', '.join(ctx.name(p) for p in pieces)}"


def _look(ctx: Ctx, tx: Tx, args: Any) -> str:
    seat = ctx.seat_of(args.get("seat") if isinstance(args, Mapping) else None)
    zone = ctx.zone(args.get("zone", "deck") if isinstance(args, Mapping) else "deck", seat)
    top = ctx.state.zones[zone].pieces[:max(0, _number(args))]
    for pid in top:
        if seat is not None:
            tx.change(pid, known=ctx.state.pieces[pid].known | {seat})
    return f"looks at the top {len(top)} card{'s' * (len(top) != 1)} of {zone}"


def _counter(sign: int) -> Primitive:
    def step(ctx: Ctx, tx: Tx, args: Any) -> str:
        if not isinstance(args, Mapping) or not isinstance(args.get("counter"), str):
            raise ActionError("effect_step", "a gain or lose step names its `counter:` and `amount:`")
        seat = ctx.seat_of(args.get("seat"))
        amount = _number(args, "amount")
        if seat is None:
            return "no seat to count for"
        tx.add_player_counter(seat, args["counter"], sign * amount, why=ctx.why())
        return f"{ctx.state.seat_name(seat)} {'gains' if sign > 0 else 'loses'} {amount} {args['counter']}"

    return step


def _add_stat(ctx: Ctx, tx: Tx, args: Any) -> str:
    stat, amount = args.get("stat"), _number(args, "amount")
    pieces = ctx.pieces(args)
    _add_mods(ctx, tx, [{"piece": p, "gen": ctx.state.pieces[p].gen, "stat": stat, "amount": amount,
                          "until": args.get("until")} for p in pieces])
    sign = "+" if amount >= 0 else ""
    return f"{sign}{amount} {stat} to {', '.join(ctx.name(p) for p in pieces) or 'nothing'}"


def _keyword(ctx: Ctx, tx: Tx, args: Any) -> str:
    word, lose = args.get("keyword"), bool(args.get("lose"))
    pieces = ctx.pieces(args)
    _add_mods(ctx, tx, [{"piece": p, "gen": ctx.state.pieces[p].gen, "keyword": word, "lose": lose,
                          "until": args.get("until")} for p in pieces])
    return f"{'loses' if lose else 'gains'} {word}: {', '.join(ctx.name(p) for p in pieces)}"


def _add_mods(ctx: Ctx, tx: Tx, mods: list[dict[str, Any]]) -> None:
    if not mods:
        return
    book = dict(ctx.state.rules.get(KEY) or {})
    book["mods"] = [*book.get("mods", ()), *({**m, "source": ctx.source} for m in mods)]
    tx.set_rule(KEY, book)


def _shuffle(ctx: Ctx, tx: Tx, args: Any) -> str:
    zone = ctx.zone(args.get("zone", "deck") if isinstance(args, Mapping) else "deck", ctx.seat)
    tx.shuffle(zone)
    return f"shuffles {zone_words(ctx.state, zone)}"


def _log(ctx: Ctx, tx: Tx, args: Any) -> str:
    return str(args.get("text", "") if isinstance(args, Mapping) else args)


def modifier_total(state: GameState, pid: str, stat: str) -> int:
    """What the lasting modifiers add to a piece's stat now (a piece that left and came back keeps none)."""
    piece = state.pieces.get(pid)
    mods = (state.rules.get(KEY) or {}).get("mods") or ()
    if piece is None:
        return 0
    return sum(int(m.get("amount", 0)) for m in mods
               if m.get("piece") == pid and m.get("gen") == piece.gen and m.get("stat") == stat)


# -- the kit's selectors --


def _sel_zone(ctx: Ctx, piece: Piece, value: Any) -> bool:
    zone = ctx.state.zones.get(piece.zone)
    wanted = value if isinstance(value, (list, tuple)) else (value,)
    return zone is not None and (zone.kind in wanted or zone.name in wanted)


def _sel_owner(ctx: Ctx, piece: Piece, value: Any) -> bool:
    if value in (None, "any"):
        return True
    return piece.owner == ctx.seat_of(value)


def _sel_field(key: str) -> Selector:
    def sel(ctx: Ctx, piece: Piece, value: Any) -> bool:
        have = card_field(ctx, piece.id, key)
        wanted = value if isinstance(value, (list, tuple)) else (value,)
        have_all = have if isinstance(have, (list, tuple)) else (have,)
        folded = {str(h).casefold() for h in have_all if h is not None}
        return any(str(w).casefold() in folded for w in wanted)

    return sel


def _sel_keyword(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return _sel_field("keywords")(ctx, piece, value)


def _sel_not(ctx: Ctx, piece: Piece, value: Any) -> bool:
    if value in ("source", "self"):
        return piece.id != ctx.source
    taken = {p for name in (value if isinstance(value, (list, tuple)) else (value,))
             for p in ctx.targets.get(name, ())}
    return piece.id not in taken


def _sel_face_up(ctx: Ctx, piece: Piece, value: Any) -> bool:
    return piece.face_up == bool(value)


def _sel_search(ctx: Ctx, piece: Piece, value: Any) -> bool:
    """A search ("look through your Bureau deck"): its chooser sees the faces of its own hidden zone's cards."""
    return True


KIT_VOCABULARY = Vocabulary(
    primitives={"draw": _draw, "discard": _discard, "move": _move, "reveal": _reveal, "look": _look,
                "gain": _counter(1), "lose": _counter(-1), "add_stat": _add_stat, "keyword": _keyword,
                "shuffle": _shuffle, "log": _log},
    selectors={"zone": _sel_zone, "owner": _sel_owner, "type": _sel_field("type"), "name": _sel_field("name"),
               "keyword": _sel_keyword, "not": _sel_not, "face_up": _sel_face_up,
               "search": _sel_search},
)
