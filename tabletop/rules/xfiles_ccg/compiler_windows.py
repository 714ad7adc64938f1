"""How the compiler places the steps of the hands-and-decks families (`cardread_windows`) in an ability: each a
function of the ability being assembled, its step's arguments and the sentence's duration (windows block).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .vocab_windows import ANY_KEYWORD

__all__ = ["WINDOW_STEPS", "keyword_options", "printed_keywords"]


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
    game's Keywords (each option offered only when it fits, `kw_from` / `kw_to`): the Keywords printed on the cards
    the table loaded, filled in by `keyword_options` (the compiler knows no table)."""
    ability.targets["changed"] = {"select": {"zone": ["chain", "field"], "in_play_now": True,
                                             "played_by": "opponent"}, "count": 1}
    ability._condition({"has_target": "changed"})
    ability.steps.append({"choose": [[{"kw_from": {"target": "changed", "keyword": ANY_KEYWORD}}]] * 2})
    ability.steps.append({"choose": [[{"kw_to": {"target": "changed", "keyword": ANY_KEYWORD,
                                                  **({"until": until} if until else {})}}]] * 2})


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


def printed_keywords(cards: Iterable[Any]) -> list[str]:
    """Every Keyword printed on `cards` (each once, in any case; as first printed), in alphabetical order."""
    seen: dict[str, str] = {}
    for card in cards:
        get = getattr(card, "get", None)
        for word in (get("keywords") if get is not None else None) or ():
            seen.setdefault(str(word).casefold(), str(word))
    return [seen[k] for k in sorted(seen)]


def keyword_options(abilities: list[dict[str, Any]], keywords: list[str]) -> list[dict[str, Any]]:
    """`abilities` (compiled) with each Keyword change's choice (`kw_from` / `kw_to` naming `ANY_KEYWORD`) made one
    option per Keyword of `keywords` (the table's printed Keywords)."""
    def fill(steps: list[Any]) -> list[Any]:
        out = []
        for step in steps:
            branches = step.get("choose") if isinstance(step, dict) else None
            first = branches[0][0] if isinstance(branches, list) and branches and branches[0] else {}
            name = next((n for n in ("kw_from", "kw_to") if isinstance(first, dict) and n in first), None)
            if name is not None and first[name].get("keyword") == ANY_KEYWORD and len(keywords) > 1:
                step = {"choose": [[{name: {**first[name], "keyword": k}}] for k in keywords]}
            out.append(step)
        return out
    if not any("kw_from" in str(a.get("do")) for a in abilities):
        return abilities
    return [{**a, "do": fill(list(a.get("do") or ()))} for a in abilities]
