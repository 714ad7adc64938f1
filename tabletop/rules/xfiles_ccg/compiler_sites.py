"""What the compiler does with the sites families beyond placing their meanings: a Bluff's own words for the
Site it is revealed at ("The printed cost of any Bluff played at this Site is halved") run as it is revealed."""

from __future__ import annotations

import dataclasses
from typing import Any

from .cardmeaning import Meaning

__all__ = ["for_kind"]


def for_kind(m: Meaning, kind: str) -> Meaning:
    """`m` as a card of `kind` means it. A Bluff's standing words of the Site ("Bluffs played at this Site cost 1
    additional [CP]", "... is halved") are what it does when revealed there: the change noted for the Site under
    check for the turn (`site_cost`), read by the cards played there after it. An Agent's own words of the Sites its
    player places (`sites_cheaper`) are read of Agents alone."""
    if kind not in ("agent", "") and any("sites_cheaper" in s for a in m.standing for s in a.get("do", ())):
        raise ValueError("the Sites an Agent in the Field makes cheaper, on a card that is no Agent")
    if kind not in ("adversary", "") and any("combat_cheaper" in s or "wound_sit_out" in s for a in m.standing
                                             for s in a.get("do", ())):
        raise ValueError("an Adversary's words, on a card that is no Adversary")
    if kind != "bluff" or not m.standing or m.steps:
        return m
    steps = [step for ability in m.standing for step in ability.get("do", ())]
    if not all("site_cost" in step for step in steps) or any(a.get("when") != "static" for a in m.standing):
        return m
    return dataclasses.replace(m, standing=[], steps=[{"site_cost": {**step["site_cost"], "words": _words(step)}}
                                                     for step in steps])


def _words(step: dict[str, Any]) -> str:
    args = step["site_cost"]
    return str(args.get("words") or ("half" if args.get("half") else f"{int(args.get('add', 0)):+d}"))
