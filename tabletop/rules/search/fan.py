"""X-Files Fan's hooks of the search bot: its deal, what it notes through a game, and the decisions it takes by a
rule of thumb because no playout can judge them.

`FanDeal` deals the opponent no card it could have played into the round it just passed on. `fan_observe` notes, at
each of the seat's turns, which of its own titles could go into the round (its own cards and the public round only).
`fan_choice` takes three decisions itself: the exchange between periods and the both-pass discard (what they change
is the deck a playout never draws far into, so a dozen of them scored alike and the choice was noise), by how often
each title was playable this game; and a chosen point value (xff.5.3), which has one best answer the search found
only roughly among its twenty-one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from .sampler import CardPool, Deal

__all__ = ["FanDeal", "fan_choice", "fan_observe"]


class FanDeal(Deal):
    """The default deal, less what the opponent's pass ruled out: in X-Files Fan a player must play a legal card if
    it holds one (xff.3.2, xff.3.3), so when the seat's turn comes after the other's pass, with the table as it
    stood then, the other's hand holds no title that is legal now."""

    def __init__(self, rules: Any, state: GameState, seat: int, know: dict[str, Any], pool: CardPool) -> None:
        super().__init__(state, seat, know, pool)
        r = state.rules
        if r.get("phase") != "play" or r.get("turn") != seat or r.get("passes") != 1 or r.get("pending"):
            return
        try:
            legal = rules.title_legal
            pieces = state.pieces
            out = []
            for pid, cards in self.others:
                if state.zones[pieces[pid].zone].kind == "hand":
                    kept = [c for c in cards if not legal(state, c)]
                    cards = kept or cards
                out.append((pid, cards))
            self.others = out
        except (AttributeError, KeyError, TypeError):
            pass  # a table the rules cannot judge keeps the default deal


#: X-Files Fan card types that are played (an Action card counts as never playable: the bots apply no text by hand)
_FAN_PLAYED = frozenset({"case", "incident", "following", "conclusion", "action"})


def fan_observe(rules: Any, state: GameState, seat: int, know: dict[str, Any], pool: CardPool) -> None:
    """At each turn of the seat's, which titles of its own (deck and sideboard) could go into the round as it stands
    (`title_legal`): over a game, how often each title is playable here, against this opponent."""
    r = state.rules
    if r.get("phase") != "play" or r.get("pending") or r.get("turn") != seat:
        return
    notes = pool.notes
    titles = notes.get("titles")
    if titles is None:
        titles = notes["titles"] = sorted({ref for ref in know["deck"] if rules.card(ref).type in _FAN_PLAYED})
    playable = notes.setdefault("playable", Counter())
    for ref in titles:
        if rules.title_legal(state, ref):
            playable[ref] += 1


def _exchange(rules: Any, state: GameState, moves: list[Action], playable: Counter[str]) -> Action | None:
    """The exchange between periods (xff.6.2; the card taken is shuffled into the deck): the card given for the card
    taken that gains most in how often it was playable this game, or no exchange when none gains."""
    pieces = state.pieces
    keep: Action | None = None
    best: Action | None = None
    gain = 0
    for a in moves:
        give, take = getattr(a, "give", ()), getattr(a, "take", ())
        if not give and not take:
            keep = a
            continue
        change = sum(playable[pieces[p].card or ""] for p in take) - sum(playable[pieces[p].card or ""] for p in give)
        if change > gain:
            best, gain = a, change
    return best or keep


def _discard(rules: Any, state: GameState, moves: list[Action], playable: Counter[str]) -> Action | None:
    """The both-pass discard (xff.4; the hand is drawn full again from the deck): the cards least often playable
    this game, of equals the ones worth fewest points (as the greedy bot gives up)."""
    pieces = state.pieces

    def points(ref: str | None) -> int:  # a value chosen later counts as the greedy bot counts it
        value = rules.card(ref).points if ref else 0
        return value if isinstance(value, int) else {"positive": 5, "negative": -5}.get(str(value), 0)

    def cost(a: Action) -> tuple[int, int]:
        refs = [pieces[p].card for p in getattr(a, "pieces", ())]
        return sum(playable[r or ""] for r in refs), sum(points(r) for r in refs)

    return min(moves, key=cost)


def _value(rules: Any, state: GameState, moves: list[Action], seat: int) -> Action | None:
    """A card's chosen point value (xff.5.3): the round's points go to the seat whose card is last in it, so the
    highest value when that is this seat, else the lowest."""
    rnd = state.rules.get("round") or []
    mine = bool(rnd) and rnd[-1].get("seat") == seat
    return max(moves, key=lambda a: a.value if mine else -a.value)  # type: ignore[attr-defined]


_RULES: dict[str, Callable[..., Action | None]] = {"xfiles-fan.exchange": _exchange,
                                                    "xfiles-fan.discard": _discard}


def fan_choice(rules: Any, state: GameState, know: dict[str, Any], pool: CardPool, policy: Any = None) -> Action | None:
    """The exchange, the discard or a chosen value by its rule of thumb (see the module); None for any other decision
    (the search decides), and for an exchange or discard before the seat has noted anything."""
    moves: list[Action] = know["moves"]
    kinds = {a.type for a in moves}
    if len(kinds) != 1:
        return None
    kind = next(iter(kinds))
    if kind == "xfiles-fan.choose_value":
        return _value(rules, state, moves, know["seat"])
    playable = pool.notes.get("playable")
    choose = _RULES.get(kind)
    if choose is None or not playable:
        return None
    return choose(rules, state, moves, playable)
