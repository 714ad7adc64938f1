"""How the compiler places the Bluff, Witness, Combat and Site families (`cardread_bluffs`, bluffs block) in an
ability, and how it compiles a card that offers a choice of effects ("Alternately", "..., or play this card to ...").

A card offering effects is played naming one (xfc.chain.7): the abilities of its first effect apply when it resolves
(`resolved`), those of effect N only when N was named (`resolved:N`), so naming one never runs the other.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .cardtext import sentences
from .data import alternatives

__all__ = ["BLUFF_STEPS", "alternative_when", "compile_alternatives"]

Compiled = tuple[list[dict[str, Any]], list[str]]


def alternative_when(choice: int) -> str:
    """The moment the abilities of effect `choice` apply: `resolved` for the first (or a card with no choice)."""
    return "resolved" if choice < 2 else f"resolved:{choice}"


def compile_alternatives(text: str, compile_one: Callable[[str], Compiled]) -> Compiled | None:
    """The abilities of a card offering several effects, each effect compiled alone (None: it offers none).

    An effect after the first applies only when the card resolves naming it: an ability of it that would stand in
    play or be used later (a cost, a trigger) is left by hand, with its sentences."""
    parts = alternatives(text)
    if not parts:
        return None
    abilities: list[dict[str, Any]] = []
    left: list[str] = []
    for n, part in enumerate(parts, 1):
        got, part_left = compile_one(part)
        left += part_left
        for ability in got:
            if n == 1:
                abilities.append(ability)
            elif ability.get("when") == "resolved":
                abilities.append({**ability, "when": alternative_when(n)})
            else:
                left += sentences(str(ability.get("text", "")))
    return abilities, left


def _only_fbi(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"If they fail only Agents with the Keyword FBI may contribute their skills to any skill check made on this
    Site": the forced check's failure leaves the other Agents of the Team out of the Site's checks."""
    check = next((s for s in reversed(ability.steps) if "team_check" in s), None)
    if check is None or check["team_check"].get("else"):
        raise ValueError("no check before it to fail")
    ability.targets["barred"] = {"select": {"type": "Agent", "in_team": True, "not_keyword": list(args["keywords"])},
                                 "count": "all"}
    check["team_check"]["else"] = [{"sit_out": {"target": "barred"}}]


def _copy(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """A step written as it is (its targets named by a `_targets` step beside it)."""
    ability.steps.append(ability._resolved(copy.deepcopy(args), until))


def _targets(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """Targets a step beside it names ("all attached Keyword ELECTRICAL Equipment": every one, maybe none)."""
    for name, spec in args.items():
        if name in ability.targets:
            raise ValueError(f"a target {name} named twice")
        ability.targets[name] = copy.deepcopy(spec)


def _has(ability: Any, args: str, until: str | None) -> None:
    """A target that must be there for the card to be played (strict refuses it otherwise)."""
    ability._condition({"has_target": args})


def _after_round(ability: Any, args: str, until: str | None) -> None:
    """"... after an LRC round": played in a Combat once a round of that kind was fought."""
    ability._condition({"after_round": args})


def _after_look(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"You may put that card on the bottom ...": the card the ability looked at just before."""
    if not any("look" in s for s in ability.steps):
        raise ValueError("no card looked at before")
    ability.steps.append(copy.deepcopy(args))


#: the compiler's placing of each step a `cardread_bluffs` reader writes, by the step's name
BLUFF_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {"_only_kw": _only_fbi, "_copy": _copy,
                                                                  "_targets": _targets, "_has": _has,
                                                                  "_after_round": _after_round,
                                                                  "_after_look": _after_look}
