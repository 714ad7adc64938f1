"""Tragedy's reading of the table: each card's Value and Roles, and whose turn, Step and priority it is.

The rule state (`state.rules`, plain data) holds `turn`, `first`, `active`, `step`, `priority` (None between
Steps), `passed` and `need` (the passes of the current round of priority), `stack` (one entry per Act: piece, seat,
role, target), `roles` (the Role each card in play resolved as), `scored`, `stars`, `effect` (an Act's effect being
applied by hand: piece, seat), `over` and `winner`. Every part of the ruleset reads it through `RuleState`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.state import GameState
from ..kit import KitRuleset
from .model import HOST_ROLE, PHASES, ROLE_KEY, ROLE_ZONE, ROLES, when

__all__ = ["RuleState"]


class RuleState(KitRuleset):
    """Card data and rule state as the checks, reducers, moves and status read them (every Tragedy part's base)."""

    # -- card data --

    def card_info(self, ref: str | None) -> tuple[int | None, tuple[str, ...], str, str]:
        """(Value, eligible Roles, name, text) of a card ref; Value None when nothing gives it one (0000.2.5)."""
        if ref is None:
            return (None, (), "", "")
        lib = self.library  # `card_cache()`, its version test written out (the hottest call of the ruleset)
        if lib is not None and getattr(lib, "version", 0) == self._card_cache_version:
            info = self._card_cache.get(ref)
            if info is not None:
                return info
        cache = self.card_cache()
        info = cache.get(ref)
        if info is None:
            lib = self.card_library
            try:
                card = lib.get(ref)
            except KeyError:
                info = (None, (), ref, "")
            else:
                t = lib.traits(card, ROLE_KEY)
                info = (t.value, tuple(r for r in t.roles if r in ROLES), card.name, card.text)
            cache[ref] = info
        return info

    def value(self, state: GameState, pid: str) -> int:
        """The card's Value; a card without one (0000.2.5, reported when it is played or scored) counts 0."""
        return self.card_info(state.pieces[pid].card)[0] or 0

    def has_value(self, state: GameState, pid: str) -> bool:
        return self.card_info(state.pieces[pid].card)[0] is not None

    def roles(self, state: GameState, pid: str) -> tuple[str, ...]:
        return self.card_info(state.pieces[pid].card)[1]

    def card_name(self, state: GameState, pid: str) -> str:
        return self.card_info(state.pieces[pid].card)[2] or pid

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.card_info(state.pieces[pid].card)[2] or None if state.pieces[pid].card else None

    # -- rule state --

    @staticmethod
    def _active(state: GameState) -> int:
        return state.rules.get("active", state.seats[0] if state.seats else 0)

    def _priority(self, state: GameState) -> int | None:
        r = state.rules
        return r["priority"] if "priority" in r else self._active(state)

    @staticmethod
    def _step(state: GameState) -> str:
        step = state.rules.get("step", "upkeep")
        return step if step in PHASES else "upkeep"

    @staticmethod
    def _stack(state: GameState) -> list[dict[str, Any]]:
        return list(state.rules.get("stack") or [])

    @staticmethod
    def _next_seat(state: GameState, seat: int) -> int:
        seats = state.seats
        return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seats[0]

    @staticmethod
    def _seat_name(state: GameState, seat: int | None) -> str:
        return state.seat_name(seat)

    def _holder(self, state: GameState) -> str:
        """Who has priority, as the first words of a refusal ("Bob has priority", "nobody has priority now")."""
        holder = self._priority(state)
        return f"{self._seat_name(state, holder)} has priority" if holder is not None else "nobody has priority now"

    def _not_staging(self, state: GameState) -> str:
        """Why an Actor, Set, Prop or Set Piece cannot be staged now, in words ("" when it can)."""
        step = self._step(state)
        if step != "enter_stage":
            return f"it is {when(step)}, not Enter Stage"
        stack = self._stack(state)
        if stack:
            return f"the Stack is not empty ({len(stack)} Act{'s' if len(stack) != 1 else ''} to resolve first)"
        return ""

    def role_of(self, state: GameState, pid: str) -> str | None:
        """The Role of a card in play (None elsewhere): as it resolved, else read from its zone and attachment."""
        piece = state.pieces[pid]
        kind = state.zones[piece.zone].kind
        if kind not in ("actors", "sets"):
            return None
        role = (state.rules.get("roles") or {}).get(pid)
        if role in ROLE_ZONE and ROLE_ZONE[role] == kind:
            return role
        if kind == "actors":
            return "Prop" if piece.attached_to else "Actor"
        return "Set Piece" if piece.attached_to else "Set"

    def in_play(self, state: GameState, seat: int | None, role: str) -> Iterator[str]:
        kind = ROLE_ZONE[role]
        seats = state.seats if seat is None else [seat]
        pieces, zones = state.pieces, state.zones
        roles = state.rules.get("roles") or {}
        for s in seats:
            zone = zones.get(f"{kind}:{s}")
            if zone is None:
                continue
            for pid in zone.pieces:
                # `role_of(state, pid) == role`, written out: the rule state's roles read once per call
                piece = pieces[pid]
                here = zones[piece.zone].kind
                if here not in ("actors", "sets"):
                    continue
                found = roles.get(pid)
                if not (found in ROLE_ZONE and ROLE_ZONE[found] == here):
                    if here == "actors":
                        found = "Prop" if piece.attached_to else "Actor"
                    else:
                        found = "Set Piece" if piece.attached_to else "Set"
                if found == role:
                    yield pid

    def attachments(self, state: GameState, host: str, role: str) -> list[str]:
        return [q for q in state.attached(host) if self.role_of(state, q) == role]

    def _host_ok(self, state: GameState, role: str, target: str | None) -> bool:
        """Whether `target` can take a new Prop (role Prop) or Set Piece now."""
        if target is None or target not in state.pieces:
            return False
        return self.role_of(state, target) == HOST_ROLE[role] and not self.attachments(state, target, role)

    def _controller(self, state: GameState, pid: str) -> int | None:
        zone = state.zones[state.pieces[pid].zone]
        return zone.owner

    def waiting_for(self, state: GameState) -> list[int]:
        r = state.rules
        if r.get("over"):
            return []
        effect = r.get("effect")
        if effect:
            return [effect["seat"]]
        pr = self._priority(state)
        return [] if pr is None else [pr]
