"""Undo with consent on the host: a seat's undo that takes back another seat's action is put to a vote.

A part of `HostProtocol` (a mixin over its session, connections and queues), kept apart because it is a concern of
its own: who must agree, how long they have, and what everyone is told when the vote ends. Every claimed seat is
asked, connected or not, so dropping off never lets an undo through; a seat nobody claimed has nothing at stake.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .hostevents import HostEvent
from .messages import Limits

__all__ = ["UndoVoting"]


@dataclass(slots=True)
class _Vote:
    id: int
    seat: int
    entry_seq: int
    needs: set[int]
    deadline: float
    conn: int | None
    cseq: int
    #: every seat whose consent the session needs (those nobody claimed agree by default)
    agreed: set[int] = field(default_factory=set)


class UndoVoting:
    """Undo requests and their votes, mixed into `HostProtocol`.

    The host owns what this uses: `session`, `records`, `local_seats`, `limits`, `clock`, `paused`, `_conns`,
    `_events`, `_votes`, `_next_vote`, `_send`, `_answer`, `_fresh`, `_log_line`, `_refuse_halted` and
    `halted_answer` (an undo while the journal cannot be written is refused like any change).
    """

    session: Any
    records: dict[int, Any]
    local_seats: set[int]
    limits: Limits
    clock: Callable[[], float]
    paused: bool
    halted: str
    _conns: dict[int, Any]
    _events: list[HostEvent]
    _votes: dict[int, _Vote]
    _next_vote: int

    if TYPE_CHECKING:  # provided by HostProtocol and HaltGuard (stubs here would shadow them in the MRO)
        def _send(self, cid: int, msg: dict[str, Any]) -> None:
            ...

        def _answer(self, conn: Any, cseq: int, result: dict[str, Any]) -> None:
            ...

        def _fresh(self, conn: Any, cseq: int) -> bool:
            ...

        def _log_line(self, kind: str, entry: Any, seat: int | None) -> dict[str, Any]:
            ...

        def _refuse_halted(self, conn: Any, msg: dict[str, Any]) -> bool:
            ...

        def halted_answer(self) -> dict[str, Any] | None:
            ...

    def _expire_votes(self, now: float) -> None:
        """Votes whose time ran out end as a no (called from the host's `tick`)."""
        for vote in list(self._votes.values()):
            if now >= vote.deadline:
                self._decide(vote, False, "the vote timed out")

    def request_undo_local(self, seat: int) -> dict[str, Any]:
        """Undo for a local seat: applied at once, or put to a vote (the answer says which)."""
        return self._undo(None, seat, 0)

    def vote_local(self, request: int, seat: int, agree: bool) -> None:
        vote = self._votes.get(request)
        if vote is not None and seat in vote.needs:
            self._cast(vote, seat, agree)

    def pending_votes(self) -> list[dict[str, Any]]:
        return [{"request": v.id, "seat": v.seat, "needs": sorted(v.needs)} for v in self._votes.values()]

    def _on_undo(self, conn: Any, msg: dict[str, Any]) -> None:
        if self._refuse_halted(conn, msg) or not self._fresh(conn, msg["cseq"]):
            return
        if conn.seat is None:
            self._answer(conn, msg["cseq"], {"accepted": False, "code": "forbidden", "error": "spectators cannot undo"})
            return
        self._answer(conn, msg["cseq"], self._undo(conn.id, conn.seat, msg["cseq"]))

    def _on_vote(self, conn: Any, msg: dict[str, Any]) -> None:
        vote = self._votes.get(msg["request"])
        if vote is None or conn.seat is None or conn.seat not in vote.needs:
            self._send(conn.id, {"type": "error", "code": "stale", "fatal": False,
                                 "message": f"no open undo vote {msg['request']} for you"})
            return
        self._cast(vote, conn.seat, msg["agree"])

    def _undo(self, cid: int | None, seat: int, cseq: int) -> dict[str, Any]:
        halted = self.halted_answer()
        if halted is not None:
            return halted
        if self.paused or self._votes:
            return {"accepted": False, "code": "busy", "error": "not now (paused or another undo vote is open)"}
        target, needs = self.session.undo_needs(seat)
        if target is None:
            return {"accepted": False, "code": "nothing_to_undo", "error": "nothing to undo"}
        # a seat nobody has claimed has no one to ask (and nothing at stake); every claimed seat is asked,
        # connected or not, so dropping off never lets an undo through
        claimed = set(self.records) | self.local_seats
        ask = set(needs) & claimed
        if not ask:
            r = self.session.undo(seat, agreed=needs)
            if not r.accepted:
                return {"accepted": False, "code": r.code, "error": r.error}
            self._events.append(HostEvent("undo", cid, seat, f"took back {target.action.type}"))
            return {"accepted": True}
        vote = _Vote(self._next_vote, seat, target.seq, ask, self.clock() + self.limits.vote_timeout, cid, cseq,
                     set(needs))
        self._next_vote += 1
        self._votes[vote.id] = vote
        for conn in self._conns.values():
            if conn.open and conn.seat in ask:
                self._send(conn.id, {"type": "undo_request", "request": vote.id, "seat": seat,
                                     "entry": self._log_line("submit", target, conn.seat),
                                     "needs": sorted(ask), "timeout": self.limits.vote_timeout})
        self._events.append(HostEvent("undo_vote", cid, seat, f"asks {sorted(ask)} to agree"))
        who = ", ".join(str(s + 1) for s in sorted(ask))  # seats as players count them, from 1
        return {"accepted": False, "code": "vote", "error": f"seat(s) {who} must agree", "request": vote.id}

    def _cast(self, vote: _Vote, seat: int, agree: bool) -> None:
        if not agree:
            self._decide(vote, False, f"seat {seat + 1} said no")
            return
        vote.needs.discard(seat)
        self._settle(vote)

    def _settle(self, vote: _Vote) -> None:
        if not vote.needs and vote.id in self._votes:
            self._decide(vote, True, "everyone agreed")

    def _decide(self, vote: _Vote, accepted: bool, reason: str) -> None:
        self._votes.pop(vote.id, None)
        target = next((e for e in reversed(self.session.history) if e.undoable), None)
        if accepted and self.halted:
            accepted, reason = False, self.halted
        if accepted and (target is None or target.seq != vote.entry_seq):
            accepted, reason = False, "the table changed during the vote"
        if accepted:
            r = self.session.undo(vote.seat, agreed=vote.agreed)
            if not r.accepted:
                accepted, reason = False, r.error
        self._events.append(HostEvent("undo" if accepted else "undo_refused", vote.conn, vote.seat, reason))
        msg = {"type": "undo_result", "request": vote.id, "accepted": accepted, "reason": reason}
        for conn in self._conns.values():
            if conn.open and conn.seat is not None:
                self._send(conn.id, msg)
