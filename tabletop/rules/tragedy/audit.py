"""Tragedy's audit: what on the table, or in a deck list, contradicts the rules (shown when the dial is up).

`Audit` is a part with explicit inputs: the card lookup, `ref` (a card named in a sentence) and the options
(`singleton`, `deck_min`); the rule state it reads through the functions of `table.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .cards import TragedyCards
from .model import ATTACH_RULE, HOST_ROLE, HOST_ROLE_OF, article, v
from .table import attachments, role_of, stack

if TYPE_CHECKING:
    from ...cards import CardDef, DeckList

__all__ = ["Audit"]


class Audit:
    """`audit` of a position (saves, hand-made tables) and `deck_problems` of a deck list."""

    def __init__(self, cards: TragedyCards, ref: Callable[[GameState, str | None], str],
                 options: Mapping[str, Any]) -> None:
        self.card_info, self.roles, self.card_name = cards.info, cards.roles, cards.name
        self.ref = ref
        self.options = options

    def audit(self, state: GameState) -> list[Violation]:
        """Everything on the table that contradicts the rules now (shown when the dial is turned up)."""
        if "step" not in state.rules:
            return [v("tragedy.no_game", "0000.5.1", "the table has no turn state: start a Tragedy game")]
        out = self._audit_turn(state)
        on_stack = {e.get("piece") for e in stack(state)}
        for zone in state.zones.values():
            check = _BY_ZONE_KIND.get(zone.kind)
            if check is None:
                continue
            for pid in zone.pieces:
                if state.pieces[pid].kind == "card":
                    out.extend(check(self, state, pid, on_stack))
        if self.options["singleton"]:
            out.extend(self._audit_singleton(state))
        return out

    def _audit_turn(self, state: GameState) -> list[Violation]:
        """The turn state: an active player and a priority holder who are playing, every Act in a Stack zone."""
        out: list[Violation] = []
        r = state.rules
        if r.get("active") not in state.seats:
            out.append(v("tragedy.active", "0000.1.4", "no seat is the active player"))
        pr = r.get("priority")
        if pr is not None and pr not in state.seats:
            out.append(v("tragedy.priority", "0000.5.1", f"priority is held by seat {pr}, who is not playing"))
        for entry in stack(state):
            pid = entry.get("piece")
            if pid not in state.pieces or state.zones[state.pieces[pid].zone].kind != "stack":
                out.append(v("tragedy.stack", "0000.3.6.1", f"an Act of the Stack ({pid}) is not in a Stack zone",
                             (pid,) if isinstance(pid, str) else ()))
        return out

    def _audit_on_table(self, state: GameState, pid: str, on_stack: set[Any]) -> list[Violation]:
        return [v("tragedy.zone", "0000.1.5", f"{self.ref(state, pid)} lies on the table outside every Zone", (pid,))]

    def _audit_in_stack(self, state: GameState, pid: str, on_stack: set[Any]) -> list[Violation]:
        if pid in on_stack:
            return []
        return [v("tragedy.stack", "0000.3.6.1", f"{self.ref(state, pid)} is in a Stack but was never played", (pid,))]

    def _audit_in_deck(self, state: GameState, pid: str, on_stack: set[Any]) -> list[Violation]:
        if not state.pieces[pid].face_up:
            return []
        return [v("tragedy.deck_hidden", "0000.3.1.4", f"{self.ref(state, pid)} is face up in a Deck", (pid,))]

    def _audit_in_play(self, state: GameState, pid: str, on_stack: set[Any]) -> list[Violation]:
        """A card in a Tableau: a Role it is eligible for, a Prop or Set Piece attached, one attachment per host."""
        out: list[Violation] = []
        name = self.ref(state, pid)
        role = role_of(state, pid)
        if role and role not in self.roles(state, pid) and pid in (state.rules.get("roles") or {}):
            out.append(v("tragedy.role", "0000.2.2", f"{name} is in play as {article(role)}, which "
                         "it is not eligible for", (pid,)))
        if role in HOST_ROLE:
            host = state.pieces[pid].attached_to
            if host is None or role_of(state, host) != HOST_ROLE[role]:
                out.append(v("tragedy.unattached", ATTACH_RULE[role],
                             f"{name} is {article(role)} not attached to {article(HOST_ROLE[role])}", (pid,)))
        elif role in HOST_ROLE_OF:
            extra = HOST_ROLE_OF[role]
            if len(attachments(state, pid, extra)) > 1:
                out.append(v("tragedy.one_" + extra.lower().replace(" ", "_"), ATTACH_RULE[extra],
                             f"{name} has more than one {extra} attached", (pid,)))
        return out

    def _audit_singleton(self, state: GameState) -> list[Violation]:
        """No seat owns two cards of the same name (0000.1.1.1)."""
        out: list[Violation] = []
        for seat in state.seats:
            seen: dict[str, str] = {}
            for pid, piece in state.pieces.items():
                if piece.kind == "card" and piece.owner == seat and piece.card:
                    name = self.card_name(state, pid)
                    if name in seen:
                        out.append(v("tragedy.singleton", "0000.1.1.1",
                                     f"{state.seat_name(seat)} has {name} twice", (seen[name], pid), seat))
                    seen[name] = pid
        return out

    def deck_copy_limit(self, card: CardDef) -> int | None:
        """Every card once in a singleton Deck (0000.1.1.1)."""
        return 1 if self.options["singleton"] else None

    def deck_problems(self, deck: DeckList) -> list[Violation]:
        """What keeps a deck list from being a legal Tragedy Deck (size, singleton, one Star, card traits)."""
        out: list[Violation] = []
        refs = [ref for name in deck.sections if name != "sideboard" for ref in deck.expanded(name)]
        if len(refs) < self.options["deck_min"]:
            out.append(v("tragedy.deck_size", "0000.1.1",
                          f"a Deck has at least {self.options['deck_min']} cards; this one has {len(refs)}"))
        stars = deck.expanded("star")
        if len(stars) != 1:
            out.append(v("tragedy.star", "0000.1.1.2",
                          f"a Deck has exactly one Star (a 'star' section with one card); this one has {len(stars)}"))
        if self.options["singleton"]:
            seen: dict[str, str] = {}
            for ref in refs:
                name = self.card_info(ref)[2] or ref
                if name in seen:
                    out.append(v("tragedy.singleton", "0000.1.1.1",
                                  f"{name} is in the Deck more than once (cards with the same name are the same card, "
                                  "0000.2.8)", (ref,)))
                seen.setdefault(name, ref)
        for ref in dict.fromkeys(refs):
            value, roles, name, _ = self.card_info(ref)
            if not roles:
                out.append(v("tragedy.no_roles", "0000.2.1",
                              f"{name or ref} has no Tragedy Role (give its set a tragedy: mapping)", (ref,)))
            elif value is None:
                out.append(v("tragedy.no_value", "0000.2.5",
                              f"{name or ref} has Roles ({', '.join(roles)}) but no Value: each card has a Value "
                              "(give it one in its tragedy: block or its set's mapping)", (ref,)))
        return out


#: The audit of a card by the kind of zone it lies in (cards in a Hand or Discard break nothing by lying there).
_BY_ZONE_KIND: dict[str, Callable[[Audit, GameState, str, set[Any]], list[Violation]]] = {
    "table": Audit._audit_on_table,
    "stack": Audit._audit_in_stack,
    "deck": Audit._audit_in_deck,
    "actors": Audit._audit_in_play,
    "sets": Audit._audit_in_play,
}
