"""The `xfiles-fan` setup choices and periods: who plays first, the environment, periods that start and end,
drawing to a full hand, the exchange with the sideboard and the end of the game.

`Periods` is a part with explicit inputs (the card lookup, the interpreter whose durations end with a period, the
options); its reducers are marked with the action type each handles, and the steps a turn shares with it (`fill`,
`start_turn`, `finish`, `drop_pending`) are its public methods.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.events import PieceChanged
from ...core.reducer import Tx
from ...core.state import GameState
from ..effects import Effects
from ..kit import reduces
from .actions import ChooseFirst, EndPeriod, Exchange, PlayEnvironment, StartPeriod
from .cards import FanCards
from .common import DECK, DISCARD, ENV_DECK, HAND, SIDEBOARD, hand_of, other_seat, seat_name
from .model import ENV_ROLES

__all__ = ["Periods"]


class Periods:
    """The reducers of the setup choices and of periods, and the steps a turn shares with them."""

    def __init__(self, cards: FanCards, effects: Effects, options: Mapping[str, Any]) -> None:
        self.info = cards.info
        self.effects = effects
        self.options = options

    def drop_pending(self, state: GameState, tx: Tx, match: dict[str, Any]) -> None:
        """Drop the pending decisions that match every key of `match`."""
        keep = []
        for p in state.rules.get("pending") or ():  # loops, not comprehensions' calls: asked at most turns
            for k, value in match.items():
                if p.get(k) != value:
                    keep.append(dict(p))  # a copy, for this change alone
                    break
        tx.set_rule("pending", keep, fresh=True)

    @reduces(ChooseFirst)
    def _do_choose_first(self, state: GameState, a: ChooseFirst, seat: int | None, tx: Tx) -> None:
        first = a.seat if a.seat in state.seats else (seat if seat in state.seats else state.seats[0])
        tx.set_rule("pending", [])
        tx.set_rule("first", first)
        tx.set_rule("xfiles_player", first)
        tx.note("xfiles-fan.first", seat, f"seat {first} plays first (xff.1.3)", {"first": first})
        self._next_environment(state, tx, 0)

    def _next_environment(self, state: GameState, tx: Tx, step: int) -> None:
        """Ask for the next environment card (xff.1.4), skipping a seat that has none of that role."""
        first = state.rules.get("first")
        while step < len(ENV_ROLES):
            role = ENV_ROLES[step]
            who = other_seat(state, first) if step == 1 else first
            zone = state.zones.get(ENV_DECK[who])
            if zone and any(role in self.info(state, p).caps.split() for p in zone.pieces):
                tx.set_rule("phase", "environment")
                tx.set_rule("env_step", step)
                tx.set_rule("pending", [{"kind": "environment", "seat": who, "role": role}], fresh=True)
                return
            tx.note("xfiles-fan.environment", who, f"seat {who} has no {role} card to play; the step is skipped "
                    "(xff.1.4)", {"role": role})
            step += 1
        tx.set_rule("env_step", step)
        tx.set_rule("pending", [])
        tx.set_rule("phase", "period_start")

    @reduces(PlayEnvironment)
    def _do_environment(self, state: GameState, a: PlayEnvironment, seat: int | None, tx: Tx) -> None:
        info = self.info(state, a.piece)
        tx.move(a.piece, "environment", by=seat, face_up=True)
        tx.note("xfiles-fan.environment", seat, f"{info.name} enters the environment", {"piece": a.piece})
        self._next_environment(state, tx, int(state.rules.get("env_step", 0)) + 1)

    @reduces(StartPeriod)
    def _do_start_period(self, state: GameState, a: StartPeriod, seat: int | None, tx: Tx) -> None:
        r = state.rules
        period = int(r.get("period", 0)) + 1
        tx.set_rule("period", period)
        tx.set_rule("deck_out", False)
        tx.set_rule("round", [])
        tx.set_rule("round_over", False)
        tx.set_rule("passes", 0)
        tx.set_rule("pending", [])
        tx.set_rule("phase", "play")
        for s in state.seats:
            deck = DECK[s]
            for pid in list(state.zones[DISCARD[s]].pieces):
                tx.move(pid, deck, face_up=False)
            tx.shuffle(deck)
        for s in state.seats:
            self.fill(state, tx, s)
        tx.note("xfiles-fan.period", None, f"period {period} begins (xff.2)", {"period": period})
        leader = r.get("leader")
        start = leader if period > 1 and leader in state.seats else other_seat(state, r.get("xfiles_player"))
        self.start_turn(state, tx, start)

    def fill(self, state: GameState, tx: Tx, seat: int) -> None:
        """Draw to the hand size (xff.2.2, xff.3.1); drawing the last card of the deck ends the period (xff.6.1)."""
        hand = HAND[seat]
        deck = state.zones[DECK[seat]]
        need = self.options["hand_size"] - len(state.zones[hand].pieces)
        n = min(need, len(deck.pieces))
        if n <= 0:
            return
        top = deck.pieces
        for _ in range(n):
            tx.move(top[0], hand, by=seat)
        tx.note("draw", seat, data={"zone": deck.name, "to": hand, "count": n})
        if not deck.pieces and not state.rules.get("deck_out"):
            tx.set_rule("deck_out", True)
            tx.note("xfiles-fan.deck_out", seat, f"seat {seat} drew the last card of the draw deck: the period "
                    "ends with the round in progress (xff.6.1)")

    def start_turn(self, state: GameState, tx: Tx, seat: int) -> None:
        r = state.rules
        turns = int(r.get("turns", 0)) + 1
        cap = self.options["max_turns"]
        if cap and turns > cap:
            tx.note("xfiles-fan.cap", None, f"the playtest cap of {cap} turns is reached")
            self.finish(state, tx)
            return
        tx.set_rule("turns", turns)
        tx.set_rule("turn", seat)
        if not r.get("round") and not r.get("passes"):
            tx.set_rule("opener", seat)
        self.fill(state, tx, seat)

    @reduces(EndPeriod)
    def _do_end_period(self, state: GameState, a: EndPeriod, seat: int | None, tx: Tx) -> None:
        r = state.rules
        period = int(r.get("period", 1))
        tx.note("xfiles-fan.period_end", None, f"period {period} ends (xff.6.1)", {"period": period})
        tx.set_rule("turn", None)
        self.effects.expire(state, tx, "period_end")  # what card text gave "until the end of the period" ends
        if period >= self.options["periods"]:
            self.finish(state, tx)
            return
        asks = []
        for s in state.seats:
            deck = DECK[s]
            for pid in list(state.zones[DISCARD[s]].pieces) + [
                    p for p in state.zones["round"].pieces if state.pieces[p].owner == s]:
                tx.move(pid, deck, face_up=False)
            if self.options["return_hands"]:
                for pid in hand_of(state, s):
                    tx.move(pid, deck, face_up=False)
            pieces, owner = state.pieces, frozenset((s,))
            for pid in state.zones[deck].pieces:  # the owner looks through it to exchange (`tx.change`, inline)
                known = pieces[pid].known
                if not owner <= known:
                    tx.emit(PieceChanged(pid, (("known", known, known | owner),)))
            asks.append({"kind": "exchange", "seat": s, "sideboard": len(state.zones[SIDEBOARD[s]].pieces)})
        tx.set_rule("phase", "exchange")
        tx.set_rule("pending", asks, fresh=True)

    @reduces(Exchange)
    def _do_exchange(self, state: GameState, a: Exchange, seat: int | None, tx: Tx) -> None:
        for pid in a.give:
            tx.move(pid, SIDEBOARD[seat], by=seat, face_up=True)
        for pid in a.take:
            tx.move(pid, DECK[seat], by=seat, face_up=False)
        # the opponent learns the counts only (xff.6.2); the owner's log line names the cards
        tx.note("xfiles-fan.exchange", seat, f"seat {seat} exchanges {len(a.give)} card(s) with the sideboard; the "
                f"sideboard holds {len(state.zones[f'sideboard:{seat}'].pieces)}",
                {"out": len(a.give), "in": len(a.take), "sideboard": len(state.zones[SIDEBOARD[seat]].pieces)})
        self.drop_pending(state, tx, {"kind": "exchange", "seat": seat})
        if not any(p.get("kind") == "exchange" for p in state.rules.get("pending") or []):
            tx.set_rule("phase", "period_start")

    def finish(self, state: GameState, tx: Tx) -> None:
        """xff.7: the higher score wins; equal scores are a tie."""
        scores = {p.seat: p.counters.get("score", 0) for p in state.players}
        best = max(scores.values()) if scores else 0
        top = [s for s, v in scores.items() if v == best]
        winner = top[0] if len(top) == 1 else None
        tx.set_rule("pending", [])
        tx.set_rule("turn", None)
        tx.set_rule("phase", "over")
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.set_rule("result", "win" if winner is not None else "tie")
        text = f"{seat_name(state, winner)} won with {best}" if winner is not None else f"a tie at {best}"
        tx.note("xfiles-fan.game_over", winner, f"the game ended: {text} (xff.7)", {"scores": list(scores.values())})
