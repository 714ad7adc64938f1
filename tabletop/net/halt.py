"""The host's autosave guard: while its journal cannot be written the host takes no change (nothing more could be
acknowledged), and takes changes again once the game is journaled again. A part of `HostProtocol` (a mixin over
its connections, votes, queues and welcome desk), kept apart because it is a concern of its own: what the store's failures mean
on the wire."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .hostevents import HostEvent

__all__ = ["HaltGuard"]


class HaltGuard:
    """`halted` is why the host stopped taking changes (its journal could not be written), or "".

    Mixed into `HostProtocol`, which owns what this uses: `_conns`, `_votes`, `_events`, `_send`, `_decide` (net/undovote.py) and
    `seat_from_desk` (a spectator welcomed from the desk is told too).
    """

    halted: str = ""
    _conns: dict[int, Any]
    _votes: dict[int, Any]
    _events: list[HostEvent]

    if TYPE_CHECKING:  # UndoVoting's, DeskKeeper's, HostProtocol's: a stub here would shadow them in the MRO
        def _decide(self, vote: Any, accepted: bool, reason: str) -> None:
            ...

        def _send(self, cid: int, msg: dict[str, Any]) -> None:
            ...

        def seat_from_desk(self, *, tell: bool = True) -> list[int]:
            ...

    def halted_answer(self) -> dict[str, Any] | None:
        """The answer to any change while halted (an undo, a redo, a local seat's action), or None."""
        if not self.halted:
            return None
        return {"accepted": False, "code": "autosave_failed", "error": self.halted}

    def halt(self, reason: str) -> None:
        """Stop taking changes until `resume`: the journal cannot be written, so nothing more could be acknowledged.
        Every open connection is told now (a non-fatal `error`, code `autosave_failed`), and every action, undo,
        redo and vote from here on is refused with that code and `reason`; the table stays as it is."""
        if self.halted:
            return
        self.seat_from_desk()
        self.halted = reason
        for vote in list(self._votes.values()):
            self._decide(vote, False, reason)
        self._events.append(HostEvent("autosave_failed", text=reason))
        for conn in self._conns.values():
            if conn.open:
                self._send(conn.id, {"type": "error", "code": "autosave_failed", "fatal": False, "message": reason})

    def resume(self, message: str) -> None:
        """Take changes again: the game is journaled again (saved elsewhere, or the journal could be written once
        more). Every open connection is told (a non-fatal `error`, code `autosave_resumed`, `message` saying where
        the game is kept now)."""
        if not self.halted:
            return
        self.seat_from_desk()
        self.halted = ""
        self._events.append(HostEvent("autosave_resumed", text=message))
        for conn in self._conns.values():
            if conn.open:
                self._send(conn.id, {"type": "error", "code": "autosave_resumed", "fatal": False, "message": message})

    def _refuse_halted(self, conn: Any, msg: dict[str, Any]) -> bool:
        """Refuse a change once the host is halted (a duplicate too: its first answer may not be durable)."""
        if not self.halted:
            return False
        self._send(conn.id, {"type": "result", "cseq": msg["cseq"], "accepted": False, "code": "autosave_failed",
                             "error": self.halted})
        return True
