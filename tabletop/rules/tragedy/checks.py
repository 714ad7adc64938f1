"""Tragedy's checks: one per action of its own (the kit's dispatch table), then the table actions made by hand.

A refusal names who has priority, which Step it is and what the card can be played as, so a player reads why.

`Checks` is a part with explicit inputs: the card lookup (a card's Roles and whether it has a Value) and `ref` (a
card named in a sentence, as each reader may see it); the rule state it reads through the functions of `table.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import actions as A
from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import Verdicts, checks
from .actions import Advance, EffectDone, PassPriority, PlayCard, RemoveFromPlay, Resolve, Score
from .cards import TragedyCards
from .model import (
    ATTACH_RULE,
    HOST_ROLE,
    HOST_ROLE_OF,
    ROLES,
    STEP_LABELS,
    STEPS,
    TIMING_RULE,
    article,
    is_tapped,
    v,
    when,
)
from .policy import GENERIC_CHECKS, MOVE_POLICY
from .table import active, attachments, controller, holder, not_staging, priority, role_of, stack, step

__all__ = ["Checks"]


class Checks:
    """What each action breaks, if anything: `@checks` methods per action type, `check_table_action` for the rest."""

    def __init__(self, cards: TragedyCards, ref: Callable[[GameState, str | None], str]) -> None:
        self.roles, self.has_value = cards.roles, cards.has_value
        self.ref = ref
        #: what hand-made card moves break (`policy.py`)
        self.move_policy = MOVE_POLICY

    # -- checks: one per action type (the kit's dispatch table), the generic table actions after them --

    def gate(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        if state.rules.get("over"):
            return [v("tragedy.game_over", "0000.1.6", "the game is over", seat=seat)]
        return []

    @checks(PassPriority)
    def _check_pass(self, state: GameState, a: PassPriority, seat: int | None) -> list[Violation]:
        if state.rules.get("effect"):
            return [v("tragedy.effect_pending", "0000.3.6.3",
                       "an Act's effect is being applied; say when it is done", seat=seat)]
        if priority(state) != seat:
            return [v("tragedy.priority", "0000.5.1", f"{holder(state)}: only the player with priority can "
                       "pass it", seat=seat)]
        return []

    @checks(EffectDone)
    def _check_effect_done(self, state: GameState, a: EffectDone, seat: int | None) -> list[Violation]:
        effect = state.rules.get("effect")
        if not effect:
            return [v("tragedy.no_effect", "0000.3.6.3", "no Act's effect is waiting to be applied", seat=seat)]
        if seat is not None and seat != effect.get("seat"):
            return [v("tragedy.effect_owner", "0000.3.6.3",
                       "the player whose Act resolved says when its effect is done", seat=seat)]
        return []

    @checks(Advance)
    def _check_advance(self, state: GameState, a: Advance, seat: int | None) -> list[Violation]:
        return self._check_progress(state, seat, advance=a.step)

    @checks(Resolve)
    def _check_resolve(self, state: GameState, a: Resolve, seat: int | None) -> list[Violation]:
        return self._check_progress(state, seat, resolve=a.piece)

    def check_table_action(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        effect = state.rules.get("effect")
        if effect and seat == effect.get("seat"):
            return []  # 0000.0.4: an Act's own-game effect is applied by hand by its player
        return self._check_generic(state, action, seat)

    @checks(PlayCard)
    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        out: list[Violation] = []
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            return [v("tragedy.not_a_card", "0000.3.2.1", "only a card in your Hand can be played", (a.piece,), seat)]
        pid = a.piece
        name = self.ref(state, pid)
        zone = state.zones[piece.zone]
        if zone.kind != "hand" or zone.owner != seat:
            out.append(v("tragedy.not_in_hand", "0000.3.2.1",
                          f"{name} can only be played while it is in your Hand", (pid,), seat))
        if state.rules.get("effect"):
            out.append(v("tragedy.effect_pending", "0000.3.6.3",
                          "an Act's effect is being applied; say when it is done", (pid,), seat))
        elif priority(state) != seat:
            out.append(v("tragedy.priority", "0000.5.1.3", f"{holder(state)}: a card can only be played by "
                          "the player who has priority", (pid,), seat))
        if a.role not in ROLES:
            out.append(v("tragedy.role", "0000.2.2",
                          f"{a.role!r} is not a Role (Roles: {', '.join(ROLES)})", (pid,), seat))
            return out
        eligible = self.roles(state, pid)
        if a.role not in eligible:
            can = ", ".join(eligible) or "no Role"
            out.append(v("tragedy.role", "0000.2.2",
                          f"{name} cannot be played as {article(a.role)} (it can be: {can})", (pid,), seat))
        if not self.has_value(state, pid):
            out.append(v("tragedy.no_value", "0000.2.5",
                          f"{name} has no Value, and each card has a Value: give it one in its tragedy: block or "
                          "its set's mapping", (pid,), seat))
        if a.role != "Act":
            late = not_staging(state)
            if late:
                code = "tragedy." + a.role.lower().replace(" ", "_") + "_timing"
                out.append(v(code, TIMING_RULE[a.role],
                              f"{late}: {article(a.role)} can only be played during the Enter Stage Phase "
                              "while the Stack is empty", (pid,), seat))
        if a.role in HOST_ROLE:
            host = HOST_ROLE[a.role]
            rule = TIMING_RULE[a.role]
            if a.target is None:
                out.append(v("tragedy.no_target", rule,
                              f"{article(a.role, True)} must name the {host} it attaches to", (pid,), seat))
            elif a.target not in state.pieces or role_of(state, a.target) != host:
                out.append(v("tragedy.bad_target", rule,
                              f"{article(a.role, True)} attaches to {article(host)} in play", (pid,), seat))
            elif attachments(state, a.target, a.role):
                out.append(v("tragedy.one_" + a.role.lower().replace(" ", "_"), ATTACH_RULE[a.role],
                              f"{self.ref(state, a.target)} already has {article(a.role)} attached",
                              (pid, a.target), seat))
        elif a.target is not None:
            out.append(v("tragedy.target", "0000.2.2",
                          f"only a Prop or a Set Piece names a card to attach to, not {article(a.role)}", (pid,), seat))
        return out

    @checks(Score)
    def _check_score(self, state: GameState, a: Score, seat: int | None) -> list[Violation]:
        out: list[Violation] = []
        rule = "0000.5.3.2"
        pieces = (a.actor, a.set)
        if step(state) != "performance":
            out.append(v("tragedy.score_timing", rule, f"it is {when(step(state))}: scoring "
                          "happens only during Performance", pieces, seat))
        if seat != active(state):
            out.append(v("tragedy.score_active", rule, f"it is {state.seat_name(active(state))}'s "
                          "turn: only the active player may score", pieces, seat))
        if priority(state) != seat:
            out.append(v("tragedy.score_priority", rule, f"{holder(state)}: a player can only score while "
                          "he has priority", pieces, seat))
        if state.rules.get("scored"):
            out.append(v("tragedy.score_once", rule, "scoring happens once during each Performance", pieces, seat))
        for pid, role in ((a.actor, "Actor"), (a.set, "Set")):
            if pid not in state.pieces or role_of(state, pid) != role or controller(state, pid) != seat:
                out.append(v("tragedy.score_" + role.lower(), rule,
                              f"scoring taps {article(role)} you control", (pid,), seat))
                continue
            extra = HOST_ROLE_OF[role]
            for q in [pid, *attachments(state, pid, extra)]:
                if not self.has_value(state, q):
                    out.append(v("tragedy.no_value", "0000.2.5",
                                  f"{self.ref(state, q)} has no Value to score with (each card has a Value)", (q,),
                                  seat))
                if is_tapped(state.pieces[q]):
                    out.append(v("tragedy.tapped", "0000.2.4",
                                  f"{self.ref(state, q)} is tapped and cannot be tapped again until it untaps",
                                  (q,), seat))
        return out

    def _check_progress(self, state: GameState, seat: int | None, *, advance: str | None = None,
                        resolve: str | None = None) -> list[Violation]:
        out: list[Violation] = []
        r = state.rules
        if r.get("effect"):
            out.append(v("tragedy.effect_pending", "0000.3.6.3", "an Act's effect is still being applied", seat=seat))
        if priority(state) is not None:
            out.append(v("tragedy.has_priority", "0000.5.1",
                          f"{holder(state)}: the game moves on only when every player has passed", seat=seat))
        acts = stack(state)
        if advance is not None:
            if acts:
                out.append(v("tragedy.stack_not_empty", "0000.3.6.2",
                              "the Acts on the Stack resolve before the game moves on", seat=seat))
            nxt = STEPS[(STEPS.index(step(state)) + 1) % len(STEPS)]
            if advance != nxt:
                out.append(v("tragedy.step_order", "0000.5.1",
                              f"the Phases and Steps go in order: after the {STEP_LABELS[step(state)]} comes "
                              f"the {STEP_LABELS[nxt]}", seat=seat))
        if resolve is not None and (not acts or acts[-1].get("piece") != resolve):
            out.append(v("tragedy.resolve_order", "0000.3.6.2", "the latest Act added to a Stack resolves first",
                          (resolve,), seat))
        return out

    @checks(RemoveFromPlay)
    def _check_remove(self, state: GameState, a: RemoveFromPlay, seat: int | None) -> list[Violation]:
        if a.piece not in state.pieces:
            return []
        role = role_of(state, a.piece)
        if role in HOST_ROLE:
            host = state.pieces[a.piece].attached_to
            if host is None or role_of(state, host) != HOST_ROLE[role]:
                return []
        return [v("tragedy.remove", "0000.3.5.3", "a card leaves play only when a rule or an effect removes it",
                   (a.piece,), seat)]

    def _check_generic(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        """What a hand-made table action breaks: the table `GENERIC_CHECKS` names the check of each action type."""
        verdicts = Verdicts(seat)
        if isinstance(action, A.Move):
            self._out_of_turn_play(state, action, seat, verdicts)
            self.move_policy.check(state, action, verdicts)
        else:
            check = GENERIC_CHECKS.get(type(action))
            if check is not None:
                cards = [pid for pid in action.piece_names()
                         if pid in state.pieces and state.pieces[pid].kind == "card"]
                check(self, state, action, seat, cards, verdicts.add)
        return verdicts.result()

    def _out_of_turn_play(self, state: GameState, action: A.Move, seat: int | None, verdicts: Verdicts) -> None:
        """A card dragged from its Hand towards play by a player without priority: that comes first (a newcomer
        read only the rule about Roles, not that Seat 2 had priority)."""
        dst = state.zones.get(action.to)
        if seat is None or dst is None or dst.kind not in ("stack", "actors", "sets") or priority(state) == seat:
            return
        for pid in action.pieces:
            piece = state.pieces.get(pid)
            src = state.zones.get(piece.zone) if piece is not None else None
            if src is not None and src.kind == "hand" and src.owner == seat:
                verdicts.add("tragedy.priority", "0000.5.1.3", f"{holder(state)}: a card can only be played "
                             "by the player who has priority", pid)
                return
