"""The `xfiles-fan` turn: what playing a card, passing, an Action card, a chosen value, a discard and scoring do.

Each reducer is marked with the action type it handles (the kit's dispatch table) and changes the table through `Tx`
only, so every step is logged, undone and saved like any other. `Turns` is a part with explicit inputs: the card
lookup, the legality (a round's points), the card text (run when a card is played and when a round is scored), the
interpreter, the options and the period steps it shares (`Periods`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.reducer import ActionError, Tx
from ...core.state import GameState
from ..effects import Effects
from ..kit import reduces
from .actions import ChooseValue, DiscardCards, NoAction, Pass, PlayAction, PlayCard, ScoreRound
from .cards import FanCards
from .cardtext import FanText
from .common import DECK, DISCARD, HAND, NO_CIRC, hand_of, other_seat, round_copy, seat_name, seated
from .legality import Legality
from .model import CIRCUMSTANCES, establish_ops
from .periods import Periods

__all__ = ["Turns"]


class Turns:
    """The reducers of a turn and of scoring."""

    def __init__(self, cards: FanCards, legality: Legality, cardtext: FanText, effects: Effects,
                 options: Mapping[str, Any], periods: Periods) -> None:
        self.card, self.info = cards.card, cards.info
        self.round_total, self.round_value = legality.round_total, legality.round_value
        self.cardtext = cardtext
        self.effects = effects
        self.options = options
        self.fill, self.start_turn, self.drop_pending = periods.fill, periods.start_turn, periods.drop_pending
        #: what each title's card does to the circumstances (`model.establish_ops`), read once per title
        self._circ_ops: dict[str, tuple[Any, tuple[bool | None, ...]]] = {}
        #: whether each title is an Action card (`holds_action`, the move lister's Action card choices)
        self._action_titles: dict[str | None, bool] = {}
        #: the pieces of the last table asked that are Action cards (`action_pieces`)
        self._action_memo: tuple[Any, int, int, frozenset[str]] | None = None
        cards.on_forget.append(self.forget)

    def forget(self) -> None:
        """The card data changed: what was read of each title goes."""
        self._circ_ops.clear()
        self._action_titles.clear()
        self._action_memo = None

    @reduces(PlayCard)
    def _do_play(self, state: GameState, a: PlayCard, seat: int | None, tx: Tx) -> None:
        pid = a.piece
        pieces = state.pieces
        if pid not in pieces:
            raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        info = self.info(state, pid)
        who = seat if seated(state, seat) else pieces[pid].owner
        old = state.rules.get("round") or []
        # entries are shared with the state's round until one changes (copied then): the new round goes into a
        # fresh event as it is, and the state takes its own copy, so nothing here is copied twice
        rnd = list(old)
        before = rnd[-1]["circ"] if rnd else NO_CIRC
        tx.move(pid, "round", by=who, face_up=True)
        negated = []
        if info.negates:
            gone = {t.casefold() for t in info.negates}
            for i, e in enumerate(rnd):
                if not e.get("negated") and e.get("piece") in pieces and \
                        self.info(state, e["piece"]).provided() & gone:
                    rnd[i] = dict(e, negated=True)
                    negated.append(e["piece"])
        ref = pieces[pid].card or ""
        ops = self._circ_ops.get(ref)
        if ops is None or ops[0] is not info:  # `establish`, with what the card does read once per title
            ops = self._circ_ops[ref] = (info, establish_ops(info.establishes_circ))
        circ = {}
        for c, op in zip(CIRCUMSTANCES, ops[1], strict=True):  # a loop, not a comprehension's call, at every play
            circ[c] = bool(before.get(c, False)) if op is None else op
        rnd.append({"piece": pid, "seat": who, "circ": circ, "negated": False, "value": None})
        # stored uncopied (`fresh`): built here for this change alone, and the entries it shares with the previous
        # round are never changed by anyone either (rule state is only ever replaced)
        tx.set_rule("round", rnd, fresh=True)
        tx.set_rule("passes", 0)
        text = f"{info.name} {'starts the round' if len(rnd) == 1 else 'joins the round'}"
        tx.note("xfiles-fan.play", who, text, {"piece": pid, "negated": negated})
        if negated:
            names = ", ".join(self.info(state, p).name for p in negated)
            tx.note("xfiles-fan.negate", who, f"{info.name} negates {names}", {"pieces": list(negated)})
            self.cardtext.release(state, tx, negated)
        if info.unparsed:
            tx.note("xfiles-fan.by_hand", who, f"apply by hand: {' / '.join(info.unparsed)}", {"piece": pid})
        if info.type == "conclusion":
            tx.set_rule("round_over", True)
        if info.has_text and self.cardtext.on_play(state, tx, pid, info, who, "play"):
            return  # a choice its text asks for comes first (`effects_done` goes on)
        self._after_play(state, tx, who)

    def _after_play(self, state: GameState, tx: Tx, who: int | None) -> None:
        """A card is in the round and its text applied: an Action card may follow (xff.3.4), else the turn ends."""
        if self.options["action_cards"] and self.holds_action(state, who):
            tx.set_rule("pending", [{"kind": "action", "seat": who}], fresh=True)
            return
        self._turn_done(state, tx, who)

    def effects_done(self, state: GameState, tx: Tx, entry: dict[str, Any]) -> None:
        """The kit's interpreter closed the last choice of a card's text: the turn goes on where it stopped."""
        seat = entry.get("seat")
        if entry.get("declined") and entry.get("then") == "action":
            src = entry.get("source")
            if src in state.pieces:  # its window of by-hand moves opens (`ByHand.open_action`)
                tx.set_rule("by_hand_declined", [*(state.rules.get("by_hand_declined") or []),
                                                 [src, state.pieces[src].gen]])
        if entry.get("then") == "play":
            self._after_play(state, tx, seat)
        elif entry.get("then") == "action":
            self._turn_done(state, tx, seat)

    def holds_action(self, state: GameState, seat: int | None) -> bool:
        zone = state.zones.get(HAND[seat])
        if zone is None:
            return False
        return not self.action_pieces(state).isdisjoint(zone.pieces)  # asked at every play: one set operation

    def action_pieces(self, state: GameState) -> frozenset[str]:
        """The pieces of this table that are Action cards, found once per table.

        A piece never changes its card, so the answer holds while the table has the same pieces (its piece dict,
        held so its identity cannot be reused, with the same size and next id: a piece added or removed changes one)
        and the card data stand (`forget` drops this memo with them)."""
        pieces = state.pieces
        memo = self._action_memo
        if memo is not None and memo[0] is pieces and memo[1] == len(pieces) and memo[2] == state.next_id:
            return memo[3]
        flags, card = self._action_titles, self.card
        found = []
        for pid, piece in pieces.items():
            ref = piece.card
            flag = flags.get(ref)
            if flag is None:
                flag = flags[ref] = card(ref).type == "action"
            if flag:
                found.append(pid)
        out = frozenset(found)
        self._action_memo = (pieces, len(pieces), state.next_id, out)
        return out

    def _turn_done(self, state: GameState, tx: Tx, seat: int | None) -> None:
        if state.rules.get("round_over"):
            self.round_end(state, tx)
        else:
            self.start_turn(state, tx, other_seat(state, seat))

    def round_end(self, state: GameState, tx: Tx) -> None:
        """The round ended (xff.5.1): ask for every value still to choose (xff.5.3); scoring follows."""
        asks = []
        pieces = state.pieces
        for e in state.rules.get("round") or ():  # read, not changed: no copy of the entries
            pid = e.get("piece")
            if pid in pieces and not e.get("negated") and e.get("value") is None:
                info = self.info(state, pid)
                sign = info.sign if not info.value_by_text else None  # a value its text decides is not asked
                if sign:
                    asks.append({"kind": "value", "seat": e.get("seat"), "piece": pid, "sign": sign})
        tx.set_rule("pending", asks, fresh=True)
        tx.set_rule("turn", None)

    @reduces(Pass)
    def _do_pass(self, state: GameState, a: Pass, seat: int | None, tx: Tx) -> None:
        r = state.rules
        passes = int(r.get("passes", 0)) + 1
        tx.set_rule("passes", passes)
        tx.note("xfiles-fan.pass", seat, f"seat {seat} passes")
        if r.get("round"):
            if passes >= 2:
                tx.note("xfiles-fan.round_end", None, "both players passed: the round ends (xff.5.1)")
                tx.set_rule("round_over", True)
                self.round_end(state, tx)
            else:
                self.start_turn(state, tx, other_seat(state, seat))
        elif passes >= 2:
            self._both_pass(state, tx)
        else:
            self.start_turn(state, tx, other_seat(state, seat))

    def _both_pass(self, state: GameState, tx: Tx) -> None:
        """xff.4: both passed with no round in progress."""
        tx.set_rule("passes", 0)
        opener = state.rules.get("opener")
        opener = opener if opener in state.seats else state.seats[0]
        if self.options["both_pass"] == "redraw_hand":
            tx.note("xfiles-fan.both_pass", None, "both passed: each shuffles the hand into the draw deck and draws "
                    "a new hand (xff.4)")
            for s in state.seats:
                deck = DECK[s]
                for pid in hand_of(state, s):
                    tx.move(pid, deck, face_up=False)
                tx.shuffle(deck)
                self.fill(state, tx, s)
            self.start_turn(state, tx, opener)
            return
        count = self.options["discard_count"]
        asks = [{"kind": "discard", "seat": s, "count": min(count, len(hand_of(state, s)))} for s in state.seats
                if hand_of(state, s) and count > 0]
        tx.note("xfiles-fan.both_pass", None, f"both passed: each discards {count} card(s) (xff.4)")
        tx.set_rule("turn", None)
        tx.set_rule("pending", asks, fresh=True)
        if not asks:
            self.start_turn(state, tx, opener)

    @reduces(DiscardCards)
    def _do_discard(self, state: GameState, a: DiscardCards, seat: int | None, tx: Tx) -> None:
        for pid in dict.fromkeys(a.pieces):
            owner = state.pieces[pid].owner
            tx.move(pid, DISCARD[owner if owner in state.seats else seat], by=seat, face_up=True)
        tx.note("xfiles-fan.discard", seat, f"seat {seat} discards {len(set(a.pieces))} card(s)",
                {"pieces": list(a.pieces)})
        self.drop_pending(state, tx, {"kind": "discard", "seat": seat})
        if not any(p.get("kind") == "discard" for p in state.rules.get("pending") or []):
            opener = state.rules.get("opener")
            self.start_turn(state, tx, opener if opener in state.seats else state.seats[0])

    @reduces(PlayAction)
    def _do_action(self, state: GameState, a: PlayAction, seat: int | None, tx: Tx) -> None:
        info = self.info(state, a.piece)
        owner = state.pieces[a.piece].owner
        tx.move(a.piece, DISCARD[owner if seated(state, owner) else seat], by=seat, face_up=True)
        by_hand = info.text and (info.unparsed or not info.abilities)
        tx.note("xfiles-fan.action", seat, f"{info.name}: apply by hand: {info.text}" if by_hand else info.name,
                {"piece": a.piece})
        self.drop_pending(state, tx, {"kind": "action", "seat": seat})
        if info.has_text and self.cardtext.on_play(state, tx, a.piece, info, seat, "action"):
            return
        self._turn_done(state, tx, seat)

    @reduces(NoAction)
    def _do_no_action(self, state: GameState, a: NoAction, seat: int | None, tx: Tx) -> None:
        self.drop_pending(state, tx, {"kind": "action", "seat": seat})
        self._turn_done(state, tx, seat)

    @reduces(ChooseValue)
    def _do_value(self, state: GameState, a: ChooseValue, seat: int | None, tx: Tx) -> None:
        rnd = round_copy(state)
        for e in rnd:
            if e.get("piece") == a.piece:
                e["value"] = a.value
        tx.set_rule("round", rnd)
        name = self.info(state, a.piece).name if a.piece in state.pieces else a.piece
        tx.note("xfiles-fan.value", seat, f"seat {seat} values {name} at {a.value} (xff.5.3)",
                {"piece": a.piece, "value": a.value})
        self.drop_pending(state, tx, {"kind": "value", "piece": a.piece})

    @reduces(ScoreRound)
    def _do_score(self, state: GameState, a: ScoreRound, seat: int | None, tx: Tx) -> None:
        rnd = state.rules.get("round") or []  # read, not changed: no copy of the entries
        self.cardtext.count_round(state, tx, rnd)
        total = self.round_total(state, rnd)
        text = self.cardtext.in_round(state, rnd)
        if text:
            total = self.cardtext.score(state, tx, rnd, total, lambda e: self.round_value(state, e))
        last = rnd[-1].get("seat") if rnd else None
        seats = state.seats
        if last in seats:
            tx.add_player_counter(last, "score", total, rule="xff.5.2", why=f"the round of {len(rnd)} "
                                  f"card{'s' if len(rnd) != 1 else ''} scored {total}, for its last player")
            tx.note("xfiles-fan.score", last, f"{seat_name(state, last)} scored {total} for the round (xff.5.2)",
                    {"points": total, "cards": len(rnd)})
        pieces = state.pieces
        if text and self.cardtext.in_round(state, rnd):  # asked again: its scoring may have changed what it reads
            self.cardtext.after_score(state, tx, rnd)
        for e in rnd:
            pid = e.get("piece")
            if pid in pieces and pieces[pid].zone == "round":
                owner = pieces[pid].owner
                tx.move(pid, DISCARD[owner if owner in seats else e.get("seat")], face_up=True)
        tx.set_rule("round", [], fresh=True)
        tx.set_rule("round_over", False)
        tx.set_rule("passes", 0)
        if last in seats:
            tx.set_rule("leader", last)
        self.effects.expire(state, tx, "round_end")
        if not state.rules.get("deck_out"):
            self.start_turn(state, tx, last if last in seats else seats[0])
        else:
            tx.set_rule("turn", None)

