"""A card's abilities as data: the `effects:` list of a card record, parsed and validated into frozen values.

The format (docs/FORMATS.md, "effects"): each ability has `text` (the sentence it came from), `when` (played,
resolved, static, step:NAME, event:KIND), `who` (owner, opponent, any), named `targets` (a selector and a count),
`if` (conditions), `cost` and `do` (steps, each `{primitive: args}`; `choose` holds branches of steps), and
`compiled` (written by a compiler, not by a designer). Everything stays plain data (JSON-compatible), so a pending
ability can keep its steps in rule state and saves, undo and replay need nothing special.

Validation names the card, the ability (counted from 1) and the field, so `cards check` can point at the line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import TabletopError

if TYPE_CHECKING:
    from .vocab import Vocabulary

__all__ = [
    "WHENS",
    "WHOS",
    "Ability",
    "EffectError",
    "Selection",
    "chooser",
    "options",
    "parse_abilities",
    "step_name",
]

#: when an ability applies; `step:NAME` and `event:KIND` carry the ruleset's step or event after the colon,
#: `resolved:N` the effect a card offering several was played naming (N from 2; the first is `resolved`)
WHENS = ("played", "resolved", "static")
WHOS = ("owner", "opponent", "any")
_ABILITY_KEYS = {"text", "when", "who", "targets", "if", "cost", "do", "compiled"}


class EffectError(TabletopError, ValueError):
    """An `effects:` entry that does not say what the language can run, naming the card, ability and field."""

    def __init__(self, card: str, index: int | None, where: str, message: str) -> None:
        self.card, self.index, self.where = card, index, where
        ability = f" ability {index}" if index is not None else ""
        field = f" {where}" if where else ""
        super().__init__(f"{card}: effects{ability}{field}: {message}")
        self.message = message


@dataclass(frozen=True, slots=True)
class Selection:
    """A named choice of pieces: what may be picked (`select`, a mapping of selector keys) and how many.

    `low`..`high` pieces are chosen one at a time (high None: every piece the selector finds, no choice made).
    """

    name: str
    select: Mapping[str, Any]
    low: int = 1
    high: int | None = 1

    @property
    def takes_all(self) -> bool:
        return self.high is None


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: when it applies, who uses it, its targets, conditions, cost and steps."""

    card: str
    index: int
    text: str = ""
    when: str = "played"
    who: str = "owner"
    targets: tuple[Selection, ...] = ()
    conditions: tuple[tuple[str, Any], ...] = ()
    cost: tuple[Mapping[str, Any], ...] = ()
    do: tuple[Mapping[str, Any], ...] = ()
    compiled: bool = False

    @property
    def key(self) -> str:
        """Where the ability is found: `card#index`, the name pending abilities keep in rule state."""
        return f"{self.card}#{self.index}"

    def target(self, name: str) -> Selection | None:
        return next((t for t in self.targets if t.name == name), None)

    def to_data(self) -> dict[str, Any]:
        """The ability back as the plain data of a card file (what `parse_abilities` reads)."""
        out: dict[str, Any] = {"when": self.when, "who": self.who}
        if self.text:
            out["text"] = self.text
        if self.targets:
            out["targets"] = {t.name: {"select": dict(t.select), "count": _count_data(t)} for t in self.targets}
        if self.conditions:
            out["if"] = [{name: args} for name, args in self.conditions]
        if self.cost:
            out["cost"] = [dict(s) for s in self.cost]
        out["do"] = [dict(s) for s in self.do]
        if self.compiled:
            out["compiled"] = True
        return out


def _count_data(t: Selection) -> Any:
    if t.high is None:
        return "all"
    return t.high if t.low == t.high else {"min": t.low, "max": t.high}


def step_name(step: Mapping[str, Any]) -> str:
    """The primitive a step calls (a step is a mapping of one key: `{draw: 1}`)."""
    return next(iter(step))


def options(args: Any) -> list[Any]:
    """The branches of a `choose` step: its list, or the `options` of `{by, options}`."""
    return list(args.get("options") or ()) if isinstance(args, Mapping) else list(args)


def chooser(args: Any) -> str:
    """Who answers a `choose` step: `owner` (the ability's user), or `opponent` ("your opponent may pay ...")."""
    return str(args.get("by", "owner")) if isinstance(args, Mapping) else "owner"


def _choice(args: Any, at: str, fail: Any) -> list[Any]:
    if isinstance(args, Mapping):
        if set(args) - {"by", "options"} or chooser(args) not in ("owner", "opponent"):
            raise fail(at, "is a list of branches, or {by: owner/opponent, options: [branches]}")
        args = args.get("options")
    if not isinstance(args, Sequence) or isinstance(args, str) or len(args) < 2:
        raise fail(at, "lists two or more branches, each a list of steps")
    return list(args)


def parse_abilities(data: Any, card: str, vocab: Vocabulary | None = None, *, compiled: bool = False
                    ) -> tuple[Ability, ...]:
    """The abilities of `card` from its `effects:` data; `vocab` (when given) checks every name used exists.

    Raises `EffectError` naming the ability and the field at the first thing that cannot run.
    """
    if data is None:
        return ()
    if not isinstance(data, Sequence) or isinstance(data, (str, bytes)):
        raise EffectError(card, None, "", "is a list of abilities (each a mapping with `do:`)")
    return tuple(_ability(item, card, i, vocab, compiled) for i, item in enumerate(data, 1))


def _ability(item: Any, card: str, index: int, vocab: Vocabulary | None, compiled: bool) -> Ability:
    def fail(where: str, message: str) -> EffectError:
        return EffectError(card, index, where, message)

    if not isinstance(item, Mapping):
        raise fail("", "is a mapping with `do:` (and optionally text, when, who, targets, if, cost)")
    unknown = sorted(str(k) for k in item if k not in _ABILITY_KEYS)
    if unknown:
        raise fail(unknown[0], f"is not a key of an ability (keys: {', '.join(sorted(_ABILITY_KEYS))})")
    text = item.get("text", "")
    if not isinstance(text, str):
        raise fail("text", "is the sentence the ability comes from, a string")
    when = item.get("when", "played")
    if not isinstance(when, str) or not (when in WHENS or _prefixed(when)):
        raise fail("when", f"is one of {', '.join(WHENS)}, step:NAME, event:KIND or resolved:N, not {when!r}")
    if vocab is not None and when.startswith("step:") and vocab.steps and when[5:] not in vocab.steps:
        raise fail("when", f"names no step of the ruleset ({', '.join(vocab.steps)}): {when!r}")
    who = item.get("who", "owner")
    if who not in WHOS:
        raise fail("who", f"is one of {', '.join(WHOS)}, not {who!r}")
    targets = _targets(item.get("targets"), fail, vocab)
    names = {t.name for t in targets}
    conditions = _conditions(item.get("if"), fail, vocab)
    cost = _steps(item.get("cost", ()), "cost", fail, vocab, names)
    do = _steps(item.get("do"), "do", fail, vocab, names)
    if not do and not cost and not conditions:
        raise fail("do", "lists the steps the ability takes (at least one), or `if:` the conditions of its play")
    return Ability(card, index, text, when, who, targets, conditions, cost, do,
                   bool(item.get("compiled", compiled)))


def _prefixed(when: str) -> bool:
    kind, _, rest = when.partition(":")
    if kind == "resolved":  # `resolved:N`: the card resolved naming its effect N of several (N from 2)
        return rest.isdigit() and int(rest) >= 2
    return kind in ("step", "event") and bool(rest.strip())


def _targets(data: Any, fail: Any, vocab: Vocabulary | None) -> tuple[Selection, ...]:
    if data is None:
        return ()
    if not isinstance(data, Mapping):
        raise fail("targets", "maps each target's name to {select: {...}, count: N}")
    out = []
    for name, spec in data.items():
        where = f"targets.{name}"
        if not isinstance(name, str) or not name.isidentifier():
            raise fail(where, "a target's name is a word (letters, digits, _)")
        if not isinstance(spec, Mapping) or not isinstance(spec.get("select", {}), Mapping):
            raise fail(where, "is {select: {zone: ..., owner: ..., ...}, count: N}")
        select = dict(spec.get("select") or {})
        if vocab is not None:
            bad = [k for k in select if k not in vocab.selectors]
            if bad:
                raise fail(f"{where}.select.{bad[0]}", f"is not a selector of the ruleset "
                           f"({', '.join(sorted(vocab.selectors))})")
        low, high = _count(spec.get("count", 1), f"{where}.count", fail)
        out.append(Selection(name, select, low, high))
    return tuple(out)


def _count(value: Any, where: str, fail: Any) -> tuple[int, int | None]:
    if value == "all":
        return 0, None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value, value
    if isinstance(value, Mapping):
        low, high = value.get("min", 0), value.get("max", 1)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)) and 0 <= low <= high and high:
            return low, high
    raise fail(where, f"is a number of pieces (1 or more), {{min: N, max: M}} or all, not {value!r}")


def _conditions(data: Any, fail: Any, vocab: Vocabulary | None) -> tuple[tuple[str, Any], ...]:
    if data is None:
        return ()
    if isinstance(data, Mapping):
        data = [{k: v} for k, v in data.items()]
    if not isinstance(data, Sequence) or isinstance(data, str):
        raise fail("if", "lists conditions, each {name: args}")
    out = []
    for i, item in enumerate(data, 1):
        if not isinstance(item, Mapping) or len(item) != 1:
            raise fail(f"if[{i}]", "is one condition, {name: args}")
        name, args = next(iter(item.items()))
        if vocab is not None and name not in vocab.conditions:
            raise fail(f"if[{i}].{name}", f"is not a condition of the ruleset "
                       f"({', '.join(sorted(vocab.conditions)) or 'it has none'})")
        out.append((str(name), args))
    return tuple(out)


def _steps(data: Any, where: str, fail: Any, vocab: Vocabulary | None, targets: Iterable[str]
           ) -> tuple[Mapping[str, Any], ...]:
    if data is None:
        return ()
    if not isinstance(data, Sequence) or isinstance(data, str):
        raise fail(where, "lists steps, each {primitive: args}")
    out = []
    names = set(targets)
    for i, step in enumerate(data, 1):
        at = f"{where}[{i}]"
        if not isinstance(step, Mapping) or len(step) != 1:
            raise fail(at, "is one step, {primitive: args}")
        name, args = next(iter(step.items()))
        if name == "choose":
            for j, branch in enumerate(_choice(args, f"{at}.choose", fail), 1):
                _steps(branch, f"{at}.choose[{j}]", fail, vocab, names)
        elif vocab is not None and name not in vocab.primitives:
            raise fail(f"{at}.{name}", f"is not a primitive of the ruleset ({', '.join(sorted(vocab.primitives))})")
        target = args.get("target") if isinstance(args, Mapping) else None
        if target is not None and target not in names and target not in ("source", "self"):
            raise fail(f"{at}.{name}.target", f"names no target of the ability ({', '.join(sorted(names)) or 'none'})")
        until = args.get("until") if isinstance(args, Mapping) else None
        if until is not None and vocab is not None and until not in vocab.durations:
            raise fail(f"{at}.{name}.until", f"is not a duration of the ruleset "
                       f"({', '.join(sorted(vocab.durations)) or 'it has none'})")
        out.append({str(name): args})
    return tuple(out)
