"""The host's handshake: a hello checked (version, password proof, host token, name), a seat found for it, the
welcome sent. A part of `HostProtocol` (a mixin, as `DeskKeeper` is), which owns the state this uses."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.session import Session
from ..core.stream import names_changed
from .auth import HostAuth, Peer
from .clientproto import ANY_SEAT
from .desk import hello_name, hello_problem
from .errors import BadFrame, NetError
from .flood import FloodGate
from .guestdeck import DeckRefused, GuestDeck, seat_deck, started
from .hostevents import HostEvent
from .messages import Limits
from .names import name_problem
from .seats import SeatRecord, new_token, valid_token

__all__ = ["HelloKeeper"]


def _deck_refusal_line(r: DeckRefused) -> str:
    """A refused deck for the host's log: the rules it broke, never a card of it (the deck is the guest's)."""
    rules = sorted({p["rule"] or p["code"] for p in r.problems})
    return f"refused a guest's deck: {r.message.split(':', 1)[0]}" + (f" (rules {', '.join(rules)})" if rules else "")


@dataclass(slots=True)
class _Conn:
    id: int
    open: bool = False
    seat: int | None = None
    name: str = ""
    gate: FloodGate | None = None
    opened: float = 0.0
    cseq: int = 0  # spectators' dedup counter (seats keep theirs in SeatRecord)
    #: where it comes from and its password challenge (None: made inside this process)
    peer: Peer | None = None


class _Refusal(NetError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class HelloKeeper:
    """The handshake side of `HostProtocol`."""

    session: Session
    auth: HostAuth
    limits: Limits
    records: dict[int, SeatRecord]
    local_seats: set[int]
    _conns: dict[int, _Conn]
    _events: list[HostEvent]
    _close: list[tuple[int, str]]
    _out: list[tuple[int, bytes]]
    _next_conn: int
    _live: dict[Any, Any]
    _tails: dict[Any, Any]
    _legal_sent: dict[Any, Any]
    #: a seat was claimed (or took host rights) since the seat tokens were last kept
    tokens_due: bool = False

    if TYPE_CHECKING:  # HostProtocol's
        def clock(self) -> float:
            ...

        def spectators(self) -> int:
            ...

        def kick(self, cid: int, reason: str) -> None:
            ...

        def live(self, seat: int | None) -> Any:
            ...

        def _send(self, cid: int, msg: dict[str, Any]) -> None:
            ...

        def _with_view(self, msg: dict[str, Any], seat: int | None, log: bool = False) -> bytes:
            ...

        def _welcome_head(self, seat: int | None, rec: Any, lv: Any, spectators: int) -> dict[str, Any]:
            ...

        def _broadcast_players(self, but: Any = ()) -> None:
            ...

        def _snapshot(self, conn: _Conn) -> None:
            ...

    def _refuse(self, conn: _Conn, code: str, message: str) -> None:
        self._send(conn.id, {"type": "error", "code": code, "message": message, "fatal": True})
        self._events.append(HostEvent("refused", conn.id, None, message))
        self._close.append((conn.id, message))
        self._conns.pop(conn.id, None)

    def _hello(self, conn: _Conn, msg: dict[str, Any]) -> None:
        problem = hello_problem(msg, self.auth, conn.peer)
        if problem is not None:
            self._refuse(conn, *problem)
            return
        name = hello_name(msg)
        try:
            guest = self._guest_deck(msg)
            seat, claimed = self._seat_for(conn, msg, name)
            if guest is not None:
                self._deal_guest_deck(conn, guest, seat, claimed, name)
        except DeckRefused as r:
            self._send(conn.id, {"type": "error", "code": r.code, "message": r.message, "fatal": True,
                                 **({"problems": r.problems} if r.problems else {})})
            self._events.append(HostEvent("refused", conn.id, None, _deck_refusal_line(r)))
            self._close.append((conn.id, r.message))
            self._conns.pop(conn.id, None)
            return
        except _Refusal as r:
            self._refuse(conn, r.code, r.message)
            return
        if claimed:
            self.tokens_due = True  # kept on disk before the welcome that hands its token out (Host.pump)
            self._events.append(HostEvent("claimed", conn.id, seat, name))
        conn.open, conn.seat, conn.name = True, seat, name
        rec = self.records.get(seat) if seat is not None else None
        if rec is not None and "host_token" in msg:  # checked by hello_problem: the seat may turn the dial
            rec.host = True
            self.tokens_due = True
            self.session.hosts.add(seat)
            self._events.append(HostEvent("claimed", conn.id, seat, "host rights (host token)"))
        renamed = self._rename(seat, rec, name)
        lv = self.live(seat)
        self._out.append((conn.id, self._with_view(self._welcome_head(seat, rec, lv, self.spectators()), seat,
                                                   log=True)))
        if guest is not None and guest.problems:  # warn: dealt, and the guest reads each problem of its deck
            self._send(conn.id, {"type": "error", "code": "deck_problems", "fatal": False, "problems": guest.told(),
                                 "message": f"your deck has {len(guest.problems)} problem"
                                            f"{'s' if len(guest.problems) != 1 else ''}: the game goes on (the "
                                            "rules dial is at warn) and logs each"})
        self._events.append(HostEvent("joined", conn.id, seat, name))
        self._broadcast_players(but=(conn.id,))  # the welcome told the joiner already
        if renamed:
            for other in list(self._conns.values()):
                if other.open and other.id != conn.id:
                    self._snapshot(other)
            # the host's own seats' streams (its window's, bot seats') read their log in the new name too; told
            # after `joined`, so a window that reads the news reads the new name with it (EmbeddedHost.events)
            names_changed(self.session)
            self._events.append(HostEvent("renamed", conn.id, seat, name))

    def _guest_deck(self, msg: dict[str, Any]) -> GuestDeck | None:
        """The deck a hello brings, read and judged (net/guestdeck.py); raises DeckRefused."""
        if "deck" not in msg:
            return None
        if msg.get("seat", ANY_SEAT) is None and "token" not in msg:
            raise DeckRefused("bad_deck", "hello.deck: a spectator brings no deck")
        return GuestDeck.judge(self.session, msg["deck"])

    def _deal_guest_deck(self, conn: _Conn, guest: GuestDeck, seat: int | None, claimed: bool, name: str) -> None:
        """Deal the table again with the guest's deck at its seat, before play starts; raises DeckRefused (the
        seat it claimed is let go then)."""
        assert seat is not None
        why = started(self.session)
        if why and not guest.same_as(seat_deck(self.session, seat)):
            if claimed:
                self.records.pop(seat, None)
            raise DeckRefused("deck", f"the game has started ({why}): it goes on with the decks it was dealt; join "
                                      "without a deck to take a seat, or ask the host to start a new game")
        if why:  # the very deck this seat was dealt, brought again on a reconnect: nothing to do
            return
        try:
            line = guest.deal(self.session, seat, name or f"Seat {seat + 1}")
        except DeckRefused:
            if claimed:
                self.records.pop(seat, None)
            raise
        self._events.append(HostEvent("deck", conn.id, seat, line))

    def _seat_for(self, conn: _Conn, msg: dict[str, Any], name: str) -> tuple[int | None, bool]:
        """The seat this hello takes (None: it watches) and whether it claims it now; raises _Refusal."""
        token = msg.get("token")
        if token is not None:
            if not valid_token(token):
                raise _Refusal("bad_token", "hello.token: not a seat token (leave it out to ask for a seat)")
            seat = next((s for s, r in self.records.items() if secrets.compare_digest(r.token, token)), None)
            if seat is None:
                raise _Refusal("bad_token", "unknown seat token")
            self._check_name(conn, seat, name)
            for other in list(self._conns.values()):
                if other is not conn and other.open and other.seat == seat:
                    self.kick(other.id, f"seat {seat + 1} reconnected from another connection")
            return seat, False
        want = msg.get("seat", ANY_SEAT)
        if want is None:
            if self.spectators() >= self.limits.max_spectators:
                raise _Refusal("full", f"{self.limits.max_spectators} spectators are watching already")
            self._check_name(conn, None, name)
            return None, False
        seats = self.session.state.seats
        if want == ANY_SEAT:
            free = [s for s in seats if s not in self.records and s not in self.local_seats]
            if not free:
                raise _Refusal("no_seat", "no free seat (join as a spectator to watch)")
            seat = free[0]
        elif isinstance(want, int) and not isinstance(want, bool):
            seat = want
            if seat not in seats:
                raise _Refusal("no_seat", f"there is no seat {seat + 1}")
            if seat in self.records or seat in self.local_seats:
                raise _Refusal("seat_taken", f"seat {seat + 1} is taken (reconnect with its token)")
        else:
            raise BadFrame(f"hello.seat: {want!r} is not a seat number, 'any' or null", "bad_message")
        self._check_name(conn, seat, name)
        self.records[seat] = SeatRecord(new_token(), name=name)
        return seat, True

    def _check_name(self, conn: _Conn, seat: int | None, name: str) -> None:
        """Refuse a name that looks like another seat's or watcher's (net/names.py)."""
        if not name:
            return
        problem = name_problem(name, self._other_names(conn, seat))
        if problem:
            raise _Refusal("bad_name", problem)

    def _other_names(self, conn: _Conn | None, seat: int | None) -> list[str]:
        """The names at the table but `seat`'s (and `conn`'s): players', default "Seat N", spectators'."""
        state = self.session.state
        others = [n for p in list(state.players) if p.seat != seat for n in (p.name, f"Seat {p.seat + 1}")]
        others += [n for s, n in list(state.seat_names.items()) if s != seat]
        others += [r.name for s, r in list(self.records.items()) if s != seat]
        others += [c.name for c in list(self._conns.values())
                   if c.open and c is not conn and (seat is None or c.seat != seat)]
        return others

    def _rename(self, seat: int | None, rec: SeatRecord | None, name: str) -> bool:
        """Call the seat by its player's name from now on; whether that changed its name."""
        if rec is None or not name:
            return False
        rec.name = name
        state = self.session.state
        # what every sentence of the rules calls this seat from now on (status, log, refusals)
        renamed = state.seat_names.get(seat) != name  # type: ignore[arg-type]
        state.seat_names[seat] = name  # type: ignore[index]
        if renamed:  # the status the others were sent names the seat as it was called: work it out again
            self._live.clear()
            self._tails.clear()
            self._legal_sent.clear()
        return renamed

    def _open_spectator(self, cid: int, name: str) -> None:
        """Seat connection `cid` as a spectator called `name` (welcomed from the desk already)."""
        now = self.clock()
        self._next_conn = max(self._next_conn, cid + 1)
        self._conns[cid] = _Conn(cid, open=True, seat=None, name=name, opened=now,
                                 gate=FloodGate(self.limits.rate, self.limits.burst, now))
        self._events.append(HostEvent("joined", cid, None, name))
