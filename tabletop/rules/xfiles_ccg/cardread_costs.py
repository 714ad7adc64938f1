"""The grammar's reader for what Agent, Equipment and Adversary text says of costs and wards (the `// -- costs --`
block of `cardtext.lark`): a card's cost and Activators where it is played (`waivers`), Adversaries let at a Team by
its Equipment, and Equipment warding its Agent from Adversaries of a Keyword (`wards`). A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["CostsReader"]


def _static(*steps: dict[str, Any]) -> Meaning:
    return Meaning(standing=[{"when": "static", "do": list(steps)}])


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


def _when(c: list[Any]) -> dict[str, Any]:
    return next(x for x in c if isinstance(x, dict) and ("site_kw" in x or "prereq" in x))


class CostsReader:
    """Tree -> meanings for the families of the `costs` block (mixed into the grammar's Transformer)."""

    # -- a card's cost and Activators where it is played --
    def site_is(self, c: list[Any]) -> dict[str, Any]:
        return {"prereq": _skill(next(x for x in c if isinstance(x, Token) and x.type == "SKILL"))}

    def site_kw(self, c: list[Any]) -> dict[str, Any]:
        return {"site_kw": next(x for x in c if isinstance(x, list))}

    def waive_and(self, c: list[Any]) -> dict[str, Any]:
        return {"_waive": True}

    def cost_set(self, c: list[Any]) -> Meaning:
        """"The cost to play this card is 3 [CP] if the Site Prerequisite is OCCULT INVESTIGATION"."""
        return _static({"cost_at": {"when": _when(c), "set": _ints(c)[0]}})

    def cost_free(self, c: list[Any]) -> Meaning:
        """"This card is free (and Activator requirements are ignored) if it is played on a Keyword X Site"."""
        when = _when(c)
        waive = [{"waive_activators": {"when": when}}] if any(isinstance(x, dict) and "_waive" in x for x in c) else []
        return _static({"cost_at": {"when": when, "set": 0}}, *waive)

    def cost_less(self, c: list[Any]) -> Meaning:
        """"Play this card for 2 [CP] less if played on a Site card with the Keyword OCCULT INVESTIGATION"."""
        return _static({"cost_at": {"when": _when(c), "add": -_ints(c)[0]}})

    def waive_team(self, c: list[Any]) -> Meaning:
        """"... or on any Team that includes at least one Agent with the keyword SKEPTIC, ignoring Activator
        requirements"."""
        return _static({"waive_activators": {"when": {"team_kw": next(x for x in c if isinstance(x, list))}}})

    def opens_to(self, c: list[Any]) -> Meaning:
        """An Equipment: "GOVERNMENT Adversaries may now attack the Agent's Team ..., even when they would otherwise
        be barred from doing so": their Activators are waived against its holder's Team."""
        return _static({"opens_to": {"keyword": next(x for x in c if isinstance(x, list))}})

    # -- Equipment warding its Agent (`wards`) --
    @staticmethod
    def _ward(c: list[Any], **what: Any) -> Meaning:
        kws = next(x for x in c if isinstance(x, list))
        return _static({"ward": {"keyword": kws, **what}})

    def ward_shun(self, c: list[Any]) -> Meaning:
        """"OCCULT Adversaries may not assign damage to this Agent unless there are no other eligible targets"."""
        return self._ward(c, shun=True)

    def ward_half(self, c: list[Any]) -> Meaning:
        """"If the Agent is the only eligible target then the damage from OCCULT Adversaries is halved"."""
        return self._ward(c, half=True)

    def ward_minus(self, c: list[Any]) -> Meaning:
        """"Subtract one point from each damaging hit caused by an OCCULT CREATURE": an Adversary of every one of
        the Keywords."""
        return self._ward(c, minus=_ints(c)[0], all=True)

    def ward_no_cards(self, c: list[Any]) -> Meaning:
        """"OCCULT Adversaries may not play combat cards on Agents equipped with a Mojo Bag"."""
        return self._ward(c, no_cards=True)
