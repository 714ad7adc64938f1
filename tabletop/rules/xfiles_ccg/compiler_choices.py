"""How the compiler places the steps of the `choices` block (`cardread_choices`): a choice among effects, each option a
step `option` the player may take when it can be done (its target chosen, its check under way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["MOST_SEATS", "CHOICE_STEPS"]

#: the most seats a table of the game has: a choice of "any opponent" offers each that is one
MOST_SEATS = 6

#: the most a target of one option takes: one card, or none when there is none
_ONE = 1


def _target(ability: Any, key: str, select: dict[str, Any]) -> None:
    if key in ability.targets:
        raise ValueError(f"two options name the target {key}")
    ability.targets[key] = {"select": select, "count": _ONE}


def _branch(ability: Any, steps: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str | None, list[Any], str]:
    """One option's conditions, the target it needs chosen, its steps and what the option is called."""
    marks = [s["_target"] for s in steps if "_target" in s]
    steps = [s for s in steps if "_target" not in s]
    if len(steps) != 1:
        raise ValueError("an option of more than one step")
    name, args = next(iter(steps[0].items()))
    if name == "negate":  # a card on the chain
        _target(ability, "negated", {"zone": "chain", "negatable": True, **args.get("select", {})})
        return [{"has_target": "negated"}], "negated", [{"negate": {"target": "negated"}}], "negate a card"
    if name == "_bluff_of_site":  # a Site with Bluffs beneath; one of them discarded
        _target(ability, "site", {"type": "Site", "has_bluffs": True})
        return [{"has_target": "site"}], "site", [{"discard_bluff": {"target": "site"}}], "discard a Bluff of a Site"
    if name == "heal" and len(marks) == 1 and str(marks[0]).startswith("agent_in:"):  # a damaged Agent there
        _target(ability, "agent", {"type": "Agent", "zone": marks[0].split(":")[1], "damaged": True})
        amount = int(args["amount"])
        return [{"has_target": "agent"}], "agent", [{"heal": {"target": "agent", "amount": amount}}], f"heal {amount}"
    if name == "ban_kind":  # a ban noted on the Site's check under way
        return [{"check_skill": []}], None, [{"ban_kind": dict(args)}], f"no {args['kind']} played at this Site"
    if name == "check_mod" and isinstance(args.get("skill"), str):  # a skill check of that skill under way
        words = f"{int(args['amount']):+d} to the {args['skill']} check"
        return [{"check_skill": [args["skill"]]}], None, [{"check_mod": dict(args)}], words
    raise ValueError(f"{name}: no option of a choice reads it")


def _one_of(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"gain one of the following: A, B, or C": played when one of them can be done (`any_of`); as it resolves, its
    player chooses among those that can (`option`), the targets of each chosen first (one, when there is one)."""
    found = [_branch(ability, steps) for steps in args["branches"]]
    if len(found) < 2:
        raise ValueError("not two effects to choose from")
    guards = [{"if": conds, **({"need": need} if need else {})} for conds, need, _, _ in found]
    ability._condition({"any_of": [g["if"] for g in guards]})
    ability.steps.append({"choose": [[{"option": {**g, "do": do, "others": guards, "words": words}}]
                                     for g, (_, _, do, words) in zip(guards, found, strict=True)]})


def _skip_heal(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"force any opponent to skip the Healing phase": the opponent chosen (an option per seat, offered when it is
    an opponent's) heals no Agent in the next Healing phase."""
    ability.steps.append({"choose": [[{"skip_heal": {"seat": seat, "words": f"the player of seat {seat + 1}"}}]
                                     for seat in range(MOST_SEATS)]})


def _chosen_out(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"That Agent ... cannot contribute ... to any Site skill check" (this turn), "The chosen Agent contributes a
    skill value of zero for the Site Prerequisites": the Agent a sentence before chose, out of the check."""
    if "agent" not in ability.targets:
        raise ValueError("no Agent chosen before")
    ability.steps.append({"sit_out_turn" if args.get("turn") else "sit_out": {"target": "agent"}})


def _double_witness(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Double the skill value provided by the Witness for the current skill check": the Witness a sentence before
    chose (on the chain, beneath the card) adds twice its modifier as it resolves; played in a skill check."""
    if "witness" not in ability.targets:
        raise ValueError("no Witness chosen before")
    ability._condition({"check_skill": []})
    ability.steps.append({"double_mod": {"target": "witness"}})


def _shield_restated(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"The Agent takes no damage that round and may not deal any damage either": said of the round a sentence
    before skipped for the Agent (a `no_damage` with `shield`); nothing more to run."""
    if not any((s.get("no_damage") or {}).get("shield") for s in ability.steps):
        raise ValueError("no round skipped before")


def _still_deals(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"The team still deals damage during that LRC round": said of a reduction of the Adversary's damage in that
    round, written before; nothing more to run."""
    if not any((s.get("combat_mod") or {}).get("side") == "adversary" and s["combat_mod"].get("round") == args["round"]
               for s in ability.steps):
        raise ValueError("no reduction of the Adversary's damage in that round before")


def _printed_said(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"This effect must be applied before any other modifier and only over the LRC listed on that Agent's card":
    said of a doubling of that round's printed skill, written before (`add_printed`); nothing more to run."""
    if not any((s.get("add_printed") or {}).get("round") == args["round"] for s in ability.steps):
        raise ValueError("no doubling of that round's skill before")


def _out_said(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"If in combat, the Agent takes no damage and contributes no skills": said of an Agent a sentence before sent
    to the Bureau out of its Team (out of its check and Combat); nothing more to run."""
    if not any((s.get("to_section") or {}).get("section") == "bureau" for s in ability.steps) or \
            not any("sit_out" in s for s in ability.steps):
        raise ValueError("no Agent sent to the Bureau before")


#: the compiler's placing of each step a `cardread_choices` reader writes, by the step's name
CHOICE_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {"_one_of": _one_of, "_skip_heal": _skip_heal,
                                                                      "_chosen_out": _chosen_out,
                                                                      "_double_witness": _double_witness,
                                                                      "_shield_restated": _shield_restated,
                                                                      "_still_deals": _still_deals,
                                                                      "_printed_said": _printed_said,
                                                                      "_out_said": _out_said}
