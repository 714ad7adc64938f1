"""Card text applied by hand (the part `XFilesCCG.by_hand`): the manual effect (xfc.effect.1), one small method per
kind, and the effects the engine suggests for the common forms of text it cannot run, ready to confirm.

Why a part: what a player applies by hand reads and changes the table through named inputs (the card data, the reading
of Agents, the flow's and Combat's steps, the card text's triggers), not through the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.reducer import ActionError, Tx
from ...core.state import GameState
from ..kit import reduces
from .actions import ManualEffect
from .data import SECTIONS
from .table import damage, pool_of
from .table import owner as owner_of

if TYPE_CHECKING:
    from .cards import CcgCards
    from .combat import Combat
    from .flow import Flow
    from .reading import Table
    from .textrun import CcgText

__all__ = ["EFFECTS", "SUGGESTIONS", "ByHand"]

#: The method that applies each kind of manual effect; it returns the log line's text.
EFFECTS = {
    "skill": "_effect_skill", "pool": "_effect_pool", "damage": "_effect_damage", "combat": "_effect_combat",
    "move": "_effect_move", "negate": "_effect_negate", "abduct": "abduct", "leave": "_effect_leave",
}
#: The method that turns each kind of suggested effect into the manual effects it may be now.
SUGGESTIONS = {"skill": "_suggest_skill", "damage": "_suggest_damage", "negate": "_suggest_negate",
               "combat": "_suggest_combat"}


class ByHand:
    """Manual effects and suggested effects (the part `XFilesCCG.by_hand`)."""

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, fights: Combat,
                 ref: Callable[[GameState, str], str]) -> None:
        #: the card data; the reading of Agents (Health, skills, the check's total, seat names)
        self.cards, self.table = cards, table
        #: the card text (the triggers an abduction sets off), the flow's steps and Combat's (`fights`)
        self.text, self.flow, self.fights = text, flow, fights
        self.ref = ref

    @reduces(ManualEffect)
    def _do_effect(self, state: GameState, a: ManualEffect, seat: int, tx: Tx) -> None:
        r = state.rules
        src = self.ref(state, a.source) if a.source else "by hand"
        why = f" ({a.text})" if a.text else ""
        data: dict[str, Any] = {"kind": a.kind, "amount": a.amount, "source": a.source, "piece": a.piece}
        name = EFFECTS.get(a.kind)
        if name is None:
            raise ActionError("bad_effect", "a manual effect is skill, pool, damage, combat, move, negate, abduct or "
                              "leave")
        text = getattr(self, name)(state, a, seat, src, tx)
        if a.source:
            sugg = [s for s in r.get("suggestions") or [] if s.get("piece") != a.source]
            if sugg != list(r.get("suggestions") or []):
                tx.set_rule("suggestions", sugg)
        tx.note("xfc.effect", seat, text + why, data)

    @staticmethod
    def _by_hand(a: ManualEffect, src: str) -> str:
        """What the log says changed a number by an effect applied by hand (`Tx.changed`)."""
        return f"the effect of {src}, applied by hand" if a.source else "an effect applied by hand"

    def _effect_skill(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        check = dict(state.rules.get("check") or {})
        if not check:
            raise ActionError("no_check", "there is no skill check to adjust")
        check["mods"] = [*check.get("mods", []), {"amount": a.amount, "source": a.source, "name": src}]
        tx.set_rule("check", check)
        return (f"{src}: {a.amount:+d} to the {check.get('skill')} check (now {self.table.check_total(state)} against "
                f"{check.get('need', 0)}+)")

    def _effect_pool(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        who = a.seat if a.seat is not None else seat
        if a.pool not in ("rp", "cp") or who not in state.seats:
            raise ActionError("bad_pool", "name a seat and its pool: rp or cp")
        value = max(0, pool_of(state, who, a.pool) + a.amount)
        tx.set_player_counter(who, a.pool, value, why=self._by_hand(a, src), rule="xfc.effect.1")
        return f"{src}: {a.amount:+d} {a.pool.upper()} for {self.table.seat_name(state, who)} ({value})"

    def _effect_damage(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        if a.piece is None:
            raise ActionError("no_piece", "name the card that takes or heals damage")
        printed = self.table.rating(state, a.piece)
        new = max(0, damage(state, a.piece) + a.amount)
        self.flow.set_damage(state, a.piece, min(new, printed) if printed else new, tx, why=self._by_hand(a, src),
                         rule="xfc.effect.1")
        verb = "healed" if a.amount < 0 else "took"
        return f"{src}: {self.ref(state, a.piece)} {verb} {abs(a.amount)} ({self.table.health(state, a.piece)} Health)"

    def _effect_combat(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        combat = dict(state.rules.get("combat") or {})
        if not combat or a.side not in ("agents", "adversary"):
            raise ActionError("no_combat", "a combat adjustment needs a Combat and a side: agents or adversary")
        mods = dict(combat.get("mods") or {})
        mods[a.side] = int(mods.get(a.side, 0)) + a.amount
        combat["mods"] = mods
        tx.set_rule("combat", combat)
        return f"{src}: {a.amount:+d} damage for the {a.side} this round"

    def _effect_move(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        if a.piece is None or a.to not in state.zones:
            raise ActionError("bad_move", "name a card and the zone it goes to")
        if self.cards.pinfo(state, a.piece).kind == "agent" and state.zones[a.to].kind in SECTIONS:
            self.flow.move_agent(state, a.piece, state.zones[a.to].kind, tx)
        else:
            tx.move(a.piece, a.to, by=seat)
        return f"{src}: {self.ref(state, a.piece)} went to {state.zones[a.to].label or a.to}"

    def _effect_negate(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        if a.piece is None:
            raise ActionError("no_piece", "name the card to negate")
        chain = [e for e in self.flow.chain(state) if e.get("piece") != a.piece]
        if chain != self.flow.chain(state):
            tx.set_rule("chain", chain)
        combat = state.rules.get("combat")
        name = self.ref(state, a.piece)
        if combat and combat.get("adversary") == a.piece:
            self.fights.end_combat(state, tx, f"{name} was negated")
        elif state.zones[state.pieces[a.piece].zone].kind != "discard":
            self.flow.to_discard(state, a.piece, tx)
        return f"{src}: negated {name}"

    def _effect_leave(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        check = dict(state.rules.get("check") or {})
        if not check or a.piece not in check.get("team", []):
            raise ActionError("not_in_team", "that Agent is not in the investigating Team")
        check["team"] = [p for p in check["team"] if p != a.piece]
        tx.set_rule("check", check)
        return f"{src}: {self.ref(state, a.piece)} stayed behind (check now {self.table.check_total(state)})"

    def abduct(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> str:
        """Abduction (the X-File power, Alien Harvester...): the Agent goes face up `amount` (10) cards down in its owner's
        Bureau Deck, its Equipment discarded; when the last card over it is drawn it goes to the Hospital, undamaged."""
        pid = a.piece
        if pid is None or self.cards.pinfo(state, pid).kind != "agent" or state.zones[state.pieces[pid].zone].kind not in SECTIONS:
            raise ActionError("not_an_agent", "name an Agent in play to abduct")
        depth = a.amount if a.amount > 0 else 10
        owner = owner_of(state, pid)
        for q in state.attached(pid):
            self.flow.to_discard(state, q, tx)
        deck = f"deck:{owner}"
        index = min(depth, len(state.zones[deck].pieces))
        tx.move(pid, deck, index=index, face_up=True)
        if state.pieces[pid].counters:
            tx.change(pid, counters={})
        tx.set_rule("abducted", [*(state.rules.get("abducted") or []), pid])
        check = state.rules.get("check")
        if check and pid in check.get("team", []):
            tx.set_rule("check", {**check, "team": [p for p in check["team"] if p != pid]})
        if index == 0:
            self.flow.return_abducted(state, tx)
        self.text.event_triggers(state, tx, "event:abducted", owner)  # "If one of your Agents is Abducted, ..."
        return f"{src}: {self.ref(state, pid)} was abducted, {index} cards down in the Bureau Deck"

    # -- suggested effects --

    def settle(self, state: GameState, seat: int, tx: Tx) -> None:
        """`seat` passes priority with effects of its resolved cards still offered: each that leaves no choice is
        applied now, the others lapse, each said in the log.

        Why: "the effects are immediately resolved" (manual p.9); a pass used to drop them unsaid, so a newcomer's
        Retired Ranger (+3) left the check at "0 vs 4". An effect with a choice (which Agent heals, which card is
        negated) is the player's to make, by hand, before passing."""
        r = state.rules
        every = list(r.get("suggestions") or [])
        mine = [sug for sug in every if sug.get("seat") == seat]
        if not mine:
            return
        tx.set_rule("suggestions", [sug for sug in every if sug.get("seat") != seat])
        for sug in mine:
            src = sug.get("piece")
            if src not in state.pieces:
                continue
            for e in sug.get("effects", []):
                options = self.expand(state, seat, src, e)
                said = str(e.get("text", "")).rstrip(".")
                if len(options) == 1:
                    a = options[0]
                    text = getattr(self, EFFECTS[a.kind])(state, a, seat, self.ref(state, src), tx)
                    tx.note("xfc.effect", seat, text, {"kind": a.kind, "amount": a.amount, "source": src,
                                                       "piece": a.piece})
                elif options:
                    tx.note("xfc.lapsed", seat, f"{self.ref(state, src)}'s effect was not applied ({said}): it "
                            "left a choice to make by hand", {"piece": src})
                else:
                    tx.note("xfc.lapsed", seat, f"{self.ref(state, src)}'s effect did not apply now ({said})",
                            {"piece": src})

    def suggestion_actions(self, state: GameState, seat: int) -> list[ManualEffect]:
        """The pending suggested effects of `seat`'s resolved cards, as manual effects ready to confirm."""
        out: list[ManualEffect] = []
        for sug in state.rules.get("suggestions") or []:
            if sug.get("seat") != seat:
                continue
            src = sug.get("piece")
            for e in sug.get("effects", []):
                out += self.expand(state, seat, src, e)
        return out

    def expand(self, state: GameState, seat: int, src: str, e: Mapping[str, Any]) -> list[ManualEffect]:
        name = SUGGESTIONS.get(e.get("kind", ""))
        return [] if name is None else getattr(self, name)(state, seat, src, e, e.get("text", ""))

    def _suggest_skill(self, state: GameState, seat: int, src: str, e: Mapping[str, Any],
                       text: str) -> list[ManualEffect]:
        check = state.rules.get("check") or {}
        if not check or (e.get("skill") and e.get("skill") != check.get("skill")):
            return []
        return [ManualEffect("skill", int(e.get("amount", 0)), source=src, text=text)]

    def _suggest_damage(self, state: GameState, seat: int, src: str, e: Mapping[str, Any],
                        text: str) -> list[ManualEffect]:
        check = state.rules.get("check") or {}
        team = [*(check.get("team") or self.table.agents(state, seat)), *check.get("witnesses", [])]
        return [ManualEffect("damage", int(e.get("amount", 0)), piece=p, source=src, text=text) for p in team
                if p in state.pieces and damage(state, p) > 0]

    def _suggest_negate(self, state: GameState, seat: int, src: str, e: Mapping[str, Any],
                        text: str) -> list[ManualEffect]:
        r = state.rules
        kw = e.get("keyword", "")
        targets = [x["piece"] for x in r.get("chain") or [] if x.get("piece") in state.pieces]
        combat = r.get("combat")
        if combat:
            targets.append(combat["adversary"])
        return [ManualEffect("negate", piece=p, source=src, text=text) for p in targets
                if p != src and self.cards.pinfo(state, p).has(kw)]

    def _suggest_combat(self, state: GameState, seat: int, src: str, e: Mapping[str, Any],
                        text: str) -> list[ManualEffect]:
        if not state.rules.get("combat"):
            return []
        return [ManualEffect("combat", int(e.get("amount", 0)), side=e.get("side") or "agents", source=src,
                             text=text)]
