"""How the compiler places the steps of the later families of card text (`cardwords`) in an ability: each a
function of the ability being assembled, its step's arguments and the sentence's duration (words block).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["WORD_STEPS"]


def _foe_may_negate(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Your opponent may pay 3 [CP] to negate this Witness": the card's opponent chooses first, before anything it
    does applies; paid, the card is negated and the rest does not happen."""
    if ability.when != "resolved":
        raise ValueError("a card negated by payment when it is played: only a card that resolves")
    amount, pool = int(args["amount"]), str(args["pool"])
    pay = {"pay": {"seat": "opponent", "amount": amount, "pool": pool,
                   "words": f"pay {amount} {pool.upper()} to negate it"}}
    let = {"log": {"text": "its opponent does not pay to negate it", "words": "let it apply"}}
    ability.steps.insert(0, {"choose": {"by": "opponent", "options": [[pay, {"negate_self": {}}], [let]]}})


def _afterwards(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Discard this card afterwards", "Remove this card from play": after the steps before it in its ability; with
    none before it (what it comes after is left by hand, or the card stays in play), it is left by hand too."""
    if not ability.steps:
        raise ValueError("nothing the card did before it")
    ability.steps.append(dict(args))


def _check_of(ability: Any, args: list[str], until: str | None) -> None:
    """A step on the skill check under way (of the skills named, or any): played only during one."""
    ability._condition({"check_skill": list(args)})


def _bar(ability: Any, args: list[str], until: str | None) -> None:
    """"prevent all Agents with the Keyword X from contributing ... to this Site": those of the Team, out of it."""
    ability.targets["barred"] = {"select": {"type": "Agent", "in_team": True, "keyword": list(args)}, "count": "all"}
    ability.steps.append({"sit_out": {"target": "barred"}})


def _reveal_bluff(ability: Any, args: Any, until: str | None) -> None:
    """"reveal any face down card": a card face down beneath a Site (named by its place), known to every seat."""
    ability.targets["bluff"] = {"select": {"bluff": True}, "count": 1}
    ability._condition({"has_target": "bluff"})
    ability.steps.append({"reveal": {"target": "bluff", "to": "all"}})


#: the compiler's placing of each step a `cardwords` reader writes, by the step's name
WORD_STEPS: dict[str, Callable[[Any, dict[str, Any], str | None], None]] = {
    "_foe_may_negate": _foe_may_negate, "_afterwards": _afterwards, "_check_of": _check_of, "_bar": _bar,
    "_reveal_bluff": _reveal_bluff,
}
