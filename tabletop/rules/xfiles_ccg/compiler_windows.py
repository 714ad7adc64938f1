"""How the compiler places the steps of the hands-and-decks families (`cardread_windows`) in an ability: each a
function of the ability being assembled, its step's arguments and the sentence's duration (s16events block).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .vocab_windows import KEYWORDS

__all__ = ["WINDOW_STEPS"]


def _retrieve(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"retrieve all Keyword RESOURCE cards from your Discard Pile": every such card of its player's Discard Pile,
    to the hand, or shuffled into the Bureau Deck when the sentence (or the next) says so."""
    ability.targets["retrieved"] = {"select": {"zone": "discard", "owner": "you", "not": "source",
                                                   **args["select"]}, "count": "all"}
    ability.steps.append({"retrieve": {"target": "retrieved", "to": "deck" if args.get("back") else "hand"}})


def _retrieved(ability: Any) -> dict[str, Any]:
    found = next((s["retrieve"] for s in ability.steps if "retrieve" in s), None)
    if found is None:
        raise ValueError("nothing retrieved before")
    return found


def _shuffle_back(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Shuffle them back into your Bureau Deck (and discard this card)": the cards retrieved before go to the
    Bureau Deck, shuffled (an Event played goes to the Discard Pile once it resolved)."""
    found = _retrieved(ability)
    if found["to"] == "deck":
        raise ValueError("already shuffled back")
    found["to"] = "deck"
    if args.get("discard"):
        _self_discarded(ability, args, until)


def _self_discarded(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Discard this card" after an Event's retrieve: the card goes to its Discard Pile once it resolved, as every
    Event played does (nothing more to run)."""
    if ability.kind != "event" or ability.when != "resolved" or _retrieved(ability)["to"] != "deck":
        raise ValueError("a card discarded of which this block knows nothing")


def _pushed_discarded(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"The two cards are discarded": the cards pushed off the top of a deck just before went to the Discard Pile
    (the step before discards them)."""
    last = ability.steps[-1] if ability.steps else {}
    if int((last.get("discard_top") or {}).get("count", -1)) != args["count"]:
        raise ValueError("no cards pushed off a deck before")


def _swap_keyword(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"Change one Keyword to any other one Keyword on a card played by your opponent": a card of the opponent's on
    the chain or in play, chosen (played only when there is one); then one of its Keywords, then another of the
    game's Keywords (each option offered only when it fits, `kw_from` / `kw_to`)."""
    ability.targets["changed"] = {"select": {"zone": ["chain", "field"], "in_play_now": True,
                                             "played_by": "opponent"}, "count": 1}
    ability._condition({"has_target": "changed"})
    ability.steps.append({"choose": [[{"kw_from": {"target": "changed", "keyword": k}}] for k in KEYWORDS]})
    ability.steps.append({"choose": [[{"kw_to": {"target": "changed", "keyword": k, **({"until": until} if until
                                                                                        else {})}}]
                                     for k in KEYWORDS]})


def _swap_for_turn(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"This effect lasts until the end of the turn": the Keyword the step before changed, until then."""
    last = ability.steps[-1] if ability.steps else {}
    branches = last.get("choose") if isinstance(last.get("choose"), list) else []
    if not branches or not all("kw_to" in b[0] for b in branches):
        raise ValueError("no Keyword changed before")
    for b in branches:
        b[0]["kw_to"]["until"] = "end_of_turn"


def _no_use_turn(ability: Any, args: dict[str, Any], until: str | None) -> None:
    """"You cannot use the card this turn": the card the step before took into the hand."""
    if not any((s.get("move") or {}).get("target") == "fetched" for s in ability.steps):
        raise ValueError("no card taken into the hand before")
    ability.steps.append({"no_play": {"target": "fetched"}})


#: the compiler's placing of each step a `cardread_windows` reader writes, by the step's name
WINDOW_STEPS: dict[str, Callable[[Any, Any, str | None], None]] = {
    "_retrieve": _retrieve, "_shuffle_back": _shuffle_back, "_self_discarded": _self_discarded,
    "_pushed_discarded": _pushed_discarded, "_swap_keyword": _swap_keyword, "_swap_for_turn": _swap_for_turn,
    "_no_use_turn": _no_use_turn,
}
