"""The host moderates: it removes a seat's player or a spectator, and lets spectators watch or not.

A part of `HostProtocol` (a mixin, as `HaltGuard` is), kept apart because it is a concern of its own: who may
moderate, what a removed player is told, and what every connection's log says. The host's own window calls the
`remove_seat`, `remove_watcher` and `set_spectators` methods (as the host); a seat with host rights (`serve`'s host
token, `--host-seat`) sends a `kick` or `spectators` message (docs/PROTOCOL.md, "Moderation"); anyone else is
refused with a non-fatal `forbidden` error and nothing changes.

What a removal does (decided here, said in the docs):
- a removed seat is **open** again: its record is dropped, so anyone may claim it (its cards stay where they are),
  and the removed player's seat token is **revoked**: a hello with it is refused with `kicked` and the reason,
  never swapped for another seat. A removal is not a ban: nothing on a LAN names a person, so the player may join
  again as a new player, and the host may remove them again;
- a removed spectator is closed with a reason;
- spectators off refuses every new spectator (`no_spectators`) and closes the ones watching now, each told why;
- every connection (and the host's own log, as a `removed` / `spectators` host event) reads one line that names
  the player and the seat, never a card: "The host removed bob from Seat 2";
- what stays decided (revoked tokens, closed seats, spectators off) is kept before anyone is told (`on_moderation`:
  the host writes its tokens file beside the save, net/tokens.py), so a host restarted on its save, after a kill -9
  too, still refuses them; `restore` puts it back at start.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from ..core.stream import names_changed
from .clientproto import ANY_SEAT
from .errors import BadFrame
from .hello import _Refusal
from .hostevents import HostEvent
from .messages import encode
from .tokens import Moderated

__all__ = ["KICKED", "NO_SPECTATORS", "SEAT_CLOSED", "Moderation"]

#: the fatal error code a removed player gets, and its revoked token's refusal
KICKED = "kicked"
#: the refusal of a spectator's hello while the host takes none
NO_SPECTATORS = "no_spectators"
#: the refusal of a hello for a seat the host closed
SEAT_CLOSED = "seat_closed"
#: revoked tokens remembered (oldest forgotten first: a hello with a forgotten one is an unknown token)
REVOKED_KEEP = 256


class Moderation:
    """Removing players and spectators, and spectators on or off: mixed into `HostProtocol`, which owns what this
    uses (`session`, `records`, `local_seats`, `_conns`, `_events`, `_close`, `_votes`, `_send`, `_decide`,
    `_broadcast_players`, `_snapshot`, `seat_from_desk`, `desk`); as the first of its parts it also
    refines the handshake (`_seat_for`, `_hello`), the desk (`desk_hello`, `desk_wanted`) and the players list."""

    session: Any
    records: dict[int, Any]
    local_seats: set[int]
    _conns: dict[int, Any]
    _events: list[HostEvent]
    _close: list[tuple[int, str]]
    _votes: dict[int, Any]
    _out: list[tuple[int, bytes]]
    _live: dict[Any, Any]
    _tails: dict[Any, Any]
    _legal_sent: dict[Any, Any]
    paused: bool
    desk: Any
    #: whether the host takes spectators (read by the network thread's desk too: a plain flag)
    spectators_allowed: bool = True
    #: called once a lasting decision changed, before anyone is told of it (the host keeps it on disk)
    on_moderation: Callable[[], None] | None = None

    if TYPE_CHECKING:  # HostProtocol's, UndoVoting's, DeskKeeper's: stubs here would shadow them in the MRO
        def _send(self, cid: int, msg: dict[str, Any]) -> None:
            ...

        def _decide(self, vote: Any, accepted: bool, reason: str) -> None:
            ...

        def _broadcast_players(self, but: Any = ()) -> None:
            ...

        def seat_from_desk(self, *, tell: bool = True) -> list[int]:
            ...

        def players(self) -> list[dict[str, Any]]:
            ...

        def spectators(self) -> int:
            ...

        def _snapshot(self, conn: Any) -> None:
            ...

    #: seat tokens the host revoked, each with what a hello presenting it is told (HostProtocol makes it)
    revoked: dict[str, str]
    #: seats the host closed: nobody may claim them until it opens them again (HostProtocol makes it)
    closed_seats: set[int]

    # -- what the host's window calls (as the host) --

    def remove_seat(self, seat: int, by: int | None = None, close: bool = False) -> str:
        """Remove the player of `seat` (`by`: the seat asking, None for the host's own window), and with `close`
        close the seat (nobody may claim it until the host opens it); "" once done, else why not (nothing
        changed)."""
        why = self._seat_problem(seat, by)
        if why:
            return why
        self.seat_from_desk()  # spectators welcomed from the desk are seated first: they are told too
        rec = self.records.pop(seat)
        who = rec.name or f"Seat {seat + 1}"
        told = (f"The host removed you from Seat {seat + 1}. Your seat token no longer opens it; join again only "
                "if the host asks you to.")
        self.revoked[rec.token] = f"the host removed you from Seat {seat + 1}; this seat token no longer opens it"
        while len(self.revoked) > REVOKED_KEEP:
            del self.revoked[next(iter(self.revoked))]
        if rec.host and seat in self.session.hosts:  # host rights came with the host token, kept by the record
            self.session.hosts.discard(seat)
        renamed = self.session.state.seat_names.pop(seat, None) is not None
        for conn in [c for c in self._conns.values() if c.open and c.seat == seat]:
            self._send(conn.id, {"type": "error", "code": KICKED, "fatal": True, "message": told})
            self._close.append((conn.id, f"removed by the host from Seat {seat + 1}"))
            self._conns.pop(conn.id, None)
        for vote in list(self._votes.values()):  # a removed voter votes no, as one who drops does
            if seat in vote.needs:
                self._decide(vote, False, f"Seat {seat + 1}'s player was removed during the vote")
        if renamed:  # the seat reads "Seat N" again: every view naming it is worked out again and sent whole
            self._renamed()
        if close:
            self.closed_seats.add(seat)
        self._kept()
        self._tell("removed", seat, f"The host removed {who} from Seat {seat + 1}; the seat is "
                   + ("closed" if close else "open"))
        return ""

    def close_seat(self, seat: int, closed: bool = True, by: int | None = None) -> str:
        """Close an open seat (nobody may claim it), or open a closed one again; "" once done, else why not."""
        if by is not None and by not in self.session.hosts:
            return "only the host may close or open a seat"
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.session.state.seats:
            return f"there is no seat {seat + 1 if isinstance(seat, int) and seat >= 0 else seat}"
        if closed and (seat in self.records or seat in self.local_seats):
            return f"Seat {seat + 1} has a player: remove them to close it"
        if closed == (seat in self.closed_seats):
            return ""
        if closed:
            self.closed_seats.add(seat)
        else:
            self.closed_seats.discard(seat)
        self._kept()
        self._tell("seat", seat, f"The host {'closed' if closed else 'opened'} Seat {seat + 1}")
        return ""

    def remove_watcher(self, watcher: int, by: int | None = None) -> str:
        """Close spectator connection `watcher` (its id in `watcher_list`); "" once done, else why not."""
        if by is not None and by not in self.session.hosts:
            return "only the host may remove a spectator"
        self.seat_from_desk()
        conn = self._conns.get(watcher)
        if conn is None or not conn.open or conn.seat is not None:
            return f"no spectator {watcher} is watching (the list may have changed)"
        who = conn.name or "a spectator"
        self._send(conn.id, {"type": "error", "code": KICKED, "fatal": True,
                             "message": "The host removed you from the spectators."})
        self._close.append((conn.id, "removed by the host from the spectators"))
        self._conns.pop(conn.id, None)
        self._tell("removed", None, f"The host removed the spectator {who}")
        return ""

    def set_spectators(self, allowed: bool, by: int | None = None) -> str:
        """Let spectators watch or not; off closes every spectator watching now, each told why. "" once done."""
        if by is not None and by not in self.session.hosts:
            return "only the host may turn spectators on or off"
        if allowed == self.spectators_allowed:
            return ""
        self.spectators_allowed = allowed
        self._kept()
        self.seat_from_desk()  # empties the desk too: no welcome is handed out from here on
        if allowed:
            self._tell("spectators", None, "The host lets spectators watch again")
            return ""
        gone = [c for c in self._conns.values() if c.open and c.seat is None]
        for conn in gone:
            self._send(conn.id, {"type": "error", "code": NO_SPECTATORS, "fatal": True,
                                 "message": "The host turned spectators off."})
            self._close.append((conn.id, "the host turned spectators off"))
            self._conns.pop(conn.id, None)
        closed = f" ({len(gone)} watching closed)" if gone else ""
        self._tell("spectators", None, f"The host turned spectators off{closed}")
        return ""

    def watcher_list(self) -> list[dict[str, Any]]:
        """The spectators watching now: `{"id", "name"}` each, in the order they came (what `remove_watcher` takes)."""
        return [{"id": c.id, "name": c.name or "someone"} for c in list(self._conns.values())
                if c.open and c.seat is None]

    # -- kept across a restart --

    def moderated(self) -> Moderated:
        """What stays decided: revoked tokens, closed seats, spectators on or off (the tokens file keeps it)."""
        return Moderated(dict(self.revoked), set(self.closed_seats), self.spectators_allowed)

    def restore(self, kept: Moderated) -> list[str]:
        """Put back what an earlier run of this host decided (at start, before anyone connects); the lines say
        what could not stand (a seat the table does not have, a seat someone holds a token for)."""
        problems: list[str] = []
        self.revoked.update(kept.revoked)
        for seat, rec in list(self.records.items()):
            if rec.token in self.revoked:  # revoked after it was written as a seat's: the revocation stands
                del self.records[seat]
                problems.append(f"Seat {seat + 1}'s token was revoked: the seat is open")
        for seat in sorted(kept.closed):
            if seat not in self.session.state.seats:
                problems.append(f"there is no seat {seat + 1} to keep closed")
            elif seat in self.records or seat in self.local_seats:
                problems.append(f"Seat {seat + 1} has a player: it stays open")
            else:
                self.closed_seats.add(seat)
        if not kept.spectators:
            self.spectators_allowed = False
        return problems

    def _kept(self) -> None:
        if self.on_moderation is not None:
            self.on_moderation()

    # -- messages from a connection with host rights --

    def _on_kick(self, conn: Any, msg: dict[str, Any]) -> None:
        seat, watcher = msg.get("seat"), msg.get("watcher")
        if (seat is None) == (watcher is None):
            raise BadFrame("kick: give exactly one of 'seat' and 'watcher'", "bad_message")
        if not self._host_asks(conn, "remove a player or a spectator"):
            return
        why = (self.remove_seat(seat, conn.seat, bool(msg.get("close"))) if seat is not None
               else self.remove_watcher(watcher, conn.seat))
        if why:
            self._refuse_moderation(conn, "bad_kick", why)

    def _on_seat(self, conn: Any, msg: dict[str, Any]) -> None:
        if not self._host_asks(conn, "close or open a seat"):
            return
        why = self.close_seat(msg["seat"], msg["closed"], conn.seat)
        if why:
            self._refuse_moderation(conn, "bad_close", why)

    def _on_spectators(self, conn: Any, msg: dict[str, Any]) -> None:
        if not self._host_asks(conn, "turn spectators on or off"):
            return
        self.set_spectators(msg["allowed"], conn.seat)

    # -- internals --

    def _seat_problem(self, seat: Any, by: int | None) -> str:
        if by is not None and by not in self.session.hosts:
            return "only the host may remove a player"
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.session.state.seats:
            return f"there is no seat {seat + 1 if isinstance(seat, int) and seat >= 0 else seat}"
        if seat in self.local_seats:
            return f"Seat {seat + 1} is played on the host's own machine"
        if seat == by:
            return "you cannot remove yourself (leave the table instead)"
        if seat not in self.records:
            return f"Seat {seat + 1} is open: nobody sits there to remove"
        return ""

    def _host_asks(self, conn: Any, what: str) -> bool:
        """Whether `conn` has host rights; else it is told only the host may do `what` (nothing changes)."""
        if conn.seat is not None and conn.seat in self.session.hosts:
            return True
        self._refuse_moderation(conn, "forbidden", f"only the host may {what}")
        return False

    def _refuse_moderation(self, conn: Any, code: str, message: str) -> None:
        self._send(conn.id, {"type": "error", "code": code, "fatal": False, "message": message})
        self._events.append(HostEvent("refused_moderation", conn.id, conn.seat, message))

    def _tell(self, kind: str, seat: int | None, text: str) -> None:
        """Every open connection's log reads `text` (a `notice`); the host's own log gets it as an event."""
        self.seat_from_desk()
        self._events.append(HostEvent(kind, None, seat, text))
        for c in list(self._conns.values()):
            if c.open:
                self._send(c.id, {"type": "notice", "code": kind, "message": text})
        self._broadcast_players()

    def _renamed(self) -> None:
        """A seat's name changed back: each connection gets its view again, and the host's own seat streams read
        the seat's plain name too (as a join's rename does)."""
        for table in (self._live, self._tails, self._legal_sent):
            table.clear()
        for c in list(self._conns.values()):
            if c.open:
                self._snapshot(c)
        names_changed(self.session)

    # -- the handshake and the desk, as moderation changes them --

    def _seat_for(self, conn: Any, msg: dict[str, Any], name: str) -> tuple[int | None, bool]:
        token = msg.get("token")
        if isinstance(token, str) and token in self.revoked:
            raise _Refusal(KICKED, self.revoked[token])
        want = msg.get("seat", ANY_SEAT)
        if token is None and "seat" in msg and want is None and not self.spectators_allowed:
            raise _Refusal(NO_SPECTATORS, "the host does not take spectators now")
        if token is None and self.closed_seats:
            if type(want) is int and want in self.closed_seats:
                raise _Refusal(SEAT_CLOSED, f"the host closed Seat {want + 1}")
            if want == ANY_SEAT:  # the first free seat the host has not closed
                free = [s for s in self.session.state.seats
                        if s not in self.records and s not in self.local_seats and s not in self.closed_seats]
                if not free:
                    raise _Refusal("no_seat", "no free seat (join as a spectator to watch)")
                msg = {**msg, "seat": free[0]}
        return super()._seat_for(conn, msg, name)  # type: ignore[misc]

    def _hello(self, conn: Any, msg: dict[str, Any]) -> None:
        super()._hello(conn, msg)  # type: ignore[misc]
        if conn.open and conn.seat is not None and conn.seat in self.session.hosts and self.watcher_list():
            self._send_players(())  # its welcome's players list has no watchers: the host-rights one does

    def desk_hello(self, text: str) -> str | None:
        return super().desk_hello(text) if self.spectators_allowed else None  # type: ignore[misc]

    def desk_wanted(self) -> bool:
        return self.spectators_allowed and super().desk_wanted()  # type: ignore[misc]

    def _send_players(self, but: Collection[int]) -> None:
        """Who is at the table, to every open connection but `but`: a seat with host rights also reads who
        watches (`watchers`, ids to remove them by) and whether spectators may watch."""
        conns = [c for c in self._conns.values() if c.open and c.id not in but]
        if not conns:
            return
        body = {"type": "players", "players": self.players(), "spectators": self.spectators(), "paused": self.paused}
        plain = encode(body)
        hosted: bytes | None = None
        for c in conns:
            if c.seat is not None and c.seat in self.session.hosts:
                if hosted is None:
                    hosted = encode({**body, "watchers": self.watcher_list(),
                                     "spectators_allowed": self.spectators_allowed})
                self._out.append((c.id, hosted))
            else:
                self._out.append((c.id, plain))
