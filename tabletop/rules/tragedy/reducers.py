"""Tragedy's reducers: what playing, passing, scoring and the automatic steps do to the table (`@reduces`).

`Reducers` is a part with explicit inputs: the card lookup (a card's Value, an Act's text), `ref` (a card named in
a sentence) and the options (`win_favor`, `max_turns`); the rule state it reads through the functions of `table.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.reducer import ATTACH_OFFSET, ActionError, Tx
from ...core.state import GameState
from ..kit import reduces
from .actions import Advance, EffectDone, PassPriority, PlayCard, RemoveFromPlay, Resolve, Score
from .cards import TragedyCards
from .model import ATTACH_RULE, HOST_ROLE, PHASES, ROLE_ZONE, ROLES, STEP_LABELS, STEPS, article, score_value
from .table import active, attachments, controller, host_ok, next_seat, priority, stack, step

__all__ = ["Reducers"]


class Reducers:
    """Each action of Tragedy as events: `@reduces` methods per action type and the steps they share."""

    def __init__(self, cards: TragedyCards, ref: Callable[[GameState, str | None], str],
                 options: Mapping[str, Any]) -> None:
        self.card_info, self.value = cards.info, cards.value
        self.ref = ref
        self.options = options

    @reduces(EffectDone)
    def _effect_done(self, state: GameState, a: EffectDone, seat: int | None, tx: Tx) -> None:
        tx.del_rule("effect")
        self._give_priority(state, tx)

    @reduces(Advance)
    def _do_advance(self, state: GameState, a: Advance, seat: int | None, tx: Tx) -> None:
        self._advance(state, a.step, tx)

    @reduces(Resolve)
    def _do_resolve(self, state: GameState, a: Resolve, seat: int | None, tx: Tx) -> None:
        self._resolve(state, a.piece, tx)

    @reduces(RemoveFromPlay)
    def _do_remove(self, state: GameState, a: RemoveFromPlay, seat: int | None, tx: Tx) -> None:
        self._remove(state, a.piece, tx, "removed from play")

    @reduces(PassPriority)
    def _do_pass(self, state: GameState, a: PassPriority, seat: int | None, tx: Tx) -> None:
        self._pass(state, seat, tx)

    def _give_priority(self, state: GameState, tx: Tx, need: int | None = None) -> None:
        """Players get priority (0000.5.1.1): the active player first, then each other in seat order."""
        tx.set_rule("priority", active(state))
        tx.set_rule("passed", 0)
        tx.set_rule("need", need if need is not None else len(state.seats))

    @reduces(PlayCard)
    def _play(self, state: GameState, a: PlayCard, seat: int | None, tx: Tx) -> None:
        if seat is None:
            raise ActionError("spectator", "spectators cannot play cards")
        if a.role not in ROLES:
            raise ActionError("bad_role", f"{a.role!r} is not a Role (Roles: {', '.join(ROLES)})")
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            raise ActionError("not_a_card", "only cards can be played")
        if a.target is not None and a.target not in state.pieces:
            raise ActionError("unknown_piece", f"there is no piece {a.target!r}")
        tx.move(a.piece, f"stack:{seat}", face_up=True, by=seat)
        entry: dict[str, Any] = {"piece": a.piece, "seat": seat, "role": a.role}
        if a.target is not None:
            entry["target"] = a.target
        tx.set_rule("stack", [*stack(state), entry])
        # 0000.3.6.4 with 0000.5.1.2: the player who had priority keeps it, and a new round of passes starts
        tx.set_rule("priority", seat)
        tx.set_rule("passed", 0)
        tx.set_rule("need", len(state.seats))
        text = f"plays {self.ref(state, a.piece)} as {article(a.role)}"
        if a.target is not None:
            text += f" on {self.ref(state, a.target)}"
        tx.note("tragedy.play", seat, text, {"piece": a.piece, "role": a.role, "target": a.target})

    def _pass(self, state: GameState, seat: int | None, tx: Tx) -> None:
        holder = priority(state)
        if holder is None:
            tx.note("tragedy.pass", seat, "passes (nobody had priority)")
            return
        passed = int(state.rules.get("passed", 0)) + 1
        need = int(state.rules.get("need", len(state.seats)))
        if passed >= need:
            tx.set_rule("priority", None)
            tx.set_rule("passed", 0)
        else:
            tx.set_rule("priority", next_seat(state, holder))
            tx.set_rule("passed", passed)
        tx.note("tragedy.pass", seat, "passes")

    @reduces(Score)
    def _score(self, state: GameState, a: Score, seat: int | None, tx: Tx) -> None:
        if seat is None:
            raise ActionError("spectator", "spectators cannot score")
        for pid in (a.actor, a.set):
            if pid not in state.pieces:
                raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        props = attachments(state, a.actor, "Prop")
        pieces = attachments(state, a.set, "Set Piece")
        gained = score_value(self.value(state, a.actor), [self.value(state, p) for p in props],
                             self.value(state, a.set), [self.value(state, p) for p in pieces])
        for pid in (a.actor, *props, a.set, *pieces):
            tx.change(pid, rotation=90)
        favor = tx.add_player_counter(seat, "favor", gained, label="Audience Favor", rule="0000.5.3.2",
                                      why=f"scored with {self.ref(state, a.actor)} on {self.ref(state, a.set)}")
        tx.set_rule("scored", True)
        tx.note("tragedy.score", seat, f"scores {gained} with {self.ref(state, a.actor)} on "
                f"{self.ref(state, a.set)} ({favor} favor)", {"favor": gained, "total": favor})
        if favor >= self.options["win_favor"]:
            self._end(state, tx, seat)

    def _end(self, state: GameState, tx: Tx, winner: int | None) -> None:
        tx.set_rule("over", True)
        tx.set_rule("winner", winner)
        tx.set_rule("priority", None)
        tx.note("tragedy.win" if winner is not None else "tragedy.draw", winner,
                f"{state.seat_name(winner)} won the game (0000.1.6)" if winner is not None
                else "the game ended in a draw (turn cap)")

    def _advance(self, state: GameState, to: str, tx: Tx) -> None:
        if to not in PHASES:
            raise ActionError("bad_step", f"there is no step {to!r} (steps: {', '.join(STEPS)})")
        if to == "untap" and step(state) != "untap":
            turn = int(state.rules.get("turn", 1)) + 1
            cap = self.options["max_turns"]
            if cap and turn > cap:
                self._end(state, tx, None)
                return
            tx.set_rule("turn", turn)
            tx.set_rule("active", next_seat(state, active(state)))
            tx.note("tragedy.turn", active(state), f"{state.seat_name(active(state))}'s turn "
                    f"{turn} began", {"turn": turn})
        tx.set_rule("step", to)
        seat = active(state)
        tx.note("tragedy.step", seat, f"the {STEP_LABELS[to]} began", {"step": to})
        if to == "untap":
            tx.set_rule("priority", None)
            tx.set_rule("scored", False)
            for kind in ("actors", "sets"):
                for pid in state.zones[f"{kind}:{seat}"].pieces:
                    if state.pieces[pid].rotation:
                        tx.change(pid, rotation=0)
        elif to == "draw":
            tx.set_rule("priority", None)
            self._draw(state, seat, tx)
        elif to == "performance":
            tx.set_rule("scored", False)
            self._give_priority(state, tx, need=1)  # 0000.5.3.1: the active player gets priority
        else:
            self._give_priority(state, tx)

    def _draw(self, state: GameState, seat: int, tx: Tx) -> None:
        deck, discard, hand = f"deck:{seat}", f"discard:{seat}", f"hand:{seat}"
        if not state.zones[deck].pieces:
            if not state.zones[discard].pieces:
                tx.note("tragedy.draw_skipped", seat, "has no cards to draw: the draw is skipped (0000.3.1.3)")
                return
            for pid in list(state.zones[discard].pieces):
                tx.move(pid, deck)
            tx.shuffle(deck)
            tx.note("tragedy.reshuffle", seat, "shuffles the Discard into the Deck (0000.3.1.2)")
        tx.move(state.zones[deck].pieces[0], hand, by=seat)
        tx.note("draw", seat, data={"zone": deck, "to": hand, "count": 1})

    def _discard_of(self, state: GameState, pid: str) -> str:
        piece = state.pieces[pid]
        owner = piece.owner if piece.owner in state.seats else controller(state, pid)
        return f"discard:{owner if owner is not None else state.seats[0]}"

    def _remove(self, state: GameState, pid: str, tx: Tx, why: str) -> None:
        if pid not in state.pieces:
            raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        tx.move(pid, self._discard_of(state, pid))
        roles = dict(state.rules.get("roles") or {})
        if roles.pop(pid, None) is not None:
            tx.set_rule("roles", roles)
        tx.note("tragedy.remove", None, f"{self.ref(state, pid)} is {why}", {"piece": pid})

    def _resolve(self, state: GameState, pid: str, tx: Tx) -> None:
        acts = stack(state)
        if not acts:
            raise ActionError("empty_stack", "the Stack is empty")
        index = next((i for i in range(len(acts) - 1, -1, -1) if acts[i].get("piece") == pid), len(acts) - 1)
        entry = acts.pop(index)
        tx.set_rule("stack", acts)
        pid = entry["piece"]
        role = entry.get("role", "Act")
        seat = entry.get("seat", active(state))
        piece = state.pieces.get(pid)
        name = self.ref(state, pid) if piece else pid
        if piece is None or state.zones[piece.zone].kind != "stack":
            tx.note("tragedy.resolve", seat, f"{name} is no longer on the Stack")
        elif role == "Act":
            text = self.card_info(piece.card)[3]
            tx.move(pid, self._discard_of(state, pid))
            tx.note("tragedy.resolve", seat, f"{name} resolves as an Act", {"piece": pid, "role": role})
            if text:
                tx.note("tragedy.effect", seat, f"apply by hand: {text}", {"piece": pid})
                tx.set_rule("effect", {"piece": pid, "seat": seat})
                tx.set_rule("priority", None)
                return
        elif role in HOST_ROLE:
            target = entry.get("target")
            if host_ok(state, role, target):
                self._attach(state, pid, target, tx)
                self._set_role(state, pid, role, tx)
                tx.note("tragedy.resolve", seat, f"{name} enters as {article(role)} on "
                        f"{self.ref(state, target)}", {"piece": pid, "role": role, "target": target})
            else:
                tx.move(pid, self._discard_of(state, pid))
                tx.note("tragedy.resolve", seat, f"{name} has no {HOST_ROLE[role]} to attach to and is removed from "
                        f"play ({ATTACH_RULE[role]})", {"piece": pid, "role": role})
        else:
            tx.move(pid, f"{ROLE_ZONE.get(role, 'actors')}:{seat}")
            self._set_role(state, pid, role, tx)
            tx.note("tragedy.resolve", seat, f"{name} enters as {article(role)}", {"piece": pid, "role": role})
        self._give_priority(state, tx)  # 0000.3.6.4

    def _set_role(self, state: GameState, pid: str, role: str, tx: Tx) -> None:
        roles = dict(state.rules.get("roles") or {})
        roles[pid] = role
        tx.set_rule("roles", roles)

    def _attach(self, state: GameState, pid: str, host: str, tx: Tx) -> None:
        """Put `pid` behind `host` in the host's zone (0000.2.6)."""
        h = state.pieces[host]
        zone = state.zones[h.zone]
        index = zone.pieces.index(host) + 1
        n = len(state.attached(host))
        tx.move(pid, h.zone, index=index, x=h.x + ATTACH_OFFSET * (n + 1), y=h.y + ATTACH_OFFSET * (n + 1))
        tx.change(pid, attached_to=host)
