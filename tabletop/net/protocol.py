"""The sans-I/O protocol: host and client state machines that take frames in and give frames out, no sockets.

`HostProtocol` wraps the authoritative `Session`: it seats connections (seat tokens, spectators), runs
`Session.submit` for every client action with the seat of the connection, and after every change queues for each
connection a patch computed from that seat's view only, with the view's sequence number and hash. Each seat's
view is kept current by a `LiveView`, so a change costs time in proportion to what it touched, and a late join
sends a view that is already built and hashed.
`ClientProtocol` (net/clientproto.py, re-exported here) is the client's side. The asyncio layers in host.py and
client.py only move bytes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable
from typing import Any

from ..core import actions as A
from ..core.session import LogEntry, Result, Session
from ..core.stream import legal_summary
from ..core.view import LiveView, touched
from .auth import HostAuth, Peer
from .clientproto import ANY_SEAT, ClientEvent, ClientProtocol
from .desk import DeskKeeper, WelcomeDesk
from .errors import BadFrame
from .flood import FloodGate
from .halt import HaltGuard
from .hello import HelloKeeper, _Conn
from .hostevents import HostEvent
from .messages import CLIENT_MESSAGES, PROTOCOL_VERSION, Limits, decode, encode
from .moderation import Moderation
from .patches import make_patch
from .seats import SeatRecord, new_token, valid_token
from .undovote import UndoVoting, _Vote

__all__ = [
    "ANY_SEAT",
    "ClientEvent",
    "ClientProtocol",
    "HostEvent",
    "HostProtocol",
    "FloodGate",
    "SeatRecord",
    "new_token",
    "valid_token",
]

#: log lines sent with a welcome (the client asks for nothing older)
WELCOME_LOG = 200
#: how far ahead of the last client sequence number a new one may jump (clients count up by one)
CSEQ_WINDOW = 10_000





class HostProtocol(Moderation, HelloKeeper, DeskKeeper, UndoVoting, HaltGuard):
    """The authoritative host, without I/O: feed it frames per connection, take the frames it queues.

    `records` maps claimed seats to their token and last client sequence number (persist them beside the autosave
    so a restarted host lets everyone rejoin). `local_seats` are played on the host itself (the embedded host's UI):
    no client can claim them and they count as connected.
    """

    def __init__(
        self,
        session: Session,
        *,
        name: str = "tabletop",
        password: str = "",
        records: dict[int, SeatRecord] | None = None,
        local_seats: Iterable[int] = (),
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        auth: HostAuth | None = None,
        spectators: bool = True,
    ) -> None:
        self.session = session
        #: whether spectators may watch, the seat tokens the host revoked and the seats it closed (moderation.py)
        self.spectators_allowed = spectators
        self.revoked: dict[str, str] = {}
        self.closed_seats: set[int] = set()
        self.name = name
        self.password = password
        #: the password proof, the host token and the guesses per address (net/auth.py)
        self.auth = auth if auth is not None else HostAuth(password)
        self.records: dict[int, SeatRecord] = dict(records or {})
        self.local_seats = set(local_seats)
        #: seats a stand-in bot plays until their player returns, with the bot's name (net/standin.py)
        self.bot_seats: dict[int, str] = {}
        self.limits = limits or Limits()
        self.clock = clock
        self.paused = False
        #: why the host stopped taking changes (its journal could not be written), or "": see net/halt.py
        self.halted = ""
        self._conns: dict[int, _Conn] = {}
        self._next_conn = 1
        self._out: list[tuple[int, bytes]] = []
        self._close: list[tuple[int, str]] = []
        self._events: list[HostEvent] = []
        self._votes: dict[int, _Vote] = {}
        self._next_vote = 1
        self._live: dict[int | None, LiveView] = {}
        #: per seat: the legal-move summary its connections were last sent (a patch leaves it out when unchanged)
        self._legal_sent: dict[int | None, Any] = {}
        self._pool: dict[str, Any] = {}
        #: per seat: log lines as sent in a welcome (JSON), by entry seq
        self._welcome_lines: dict[int | None, dict[int, str]] = {}
        #: per seat: the view (and log) part of its last welcome or snapshot, with what it was built from
        self._tails: dict[int | None, tuple[tuple[Any, ...], bytes]] = {}
        #: one budget shared by every spectator's actions
        self._spectator_gate = FloodGate(self.limits.spectator_rate, self.limits.spectator_burst, clock())
        #: a spectator's welcome kept ready for the network thread (net/desk.py; `ready_welcome` fills it)
        self.desk = WelcomeDesk()
        session.listeners.append(self._on_entry)

    # -- the I/O layer's side --

    def connect(self, cid: int | None = None, peer: Peer | None = None) -> int:
        """A new connection (before its hello) from `peer`; returns its id (`cid` when the I/O layer numbers them
        itself)."""
        if cid is None or cid in self._conns:
            cid = self._next_conn
        self._next_conn = max(self._next_conn, cid + 1)
        now = self.clock()
        opened = peer.accepted if peer is not None and peer.accepted is not None else now
        self._conns[cid] = _Conn(cid, gate=FloodGate(self.limits.rate, self.limits.burst, now), opened=opened,
                                 peer=peer)
        return cid

    def disconnect(self, cid: int) -> None:
        """The connection is gone (closed by either side); its seat stays claimed for its token."""
        self.seat_from_desk()
        conn = self._conns.pop(cid, None)
        if conn is None:
            return
        if conn.open:
            self._events.append(HostEvent("left", cid, conn.seat, conn.name))
            self._broadcast_players()
            if conn.seat is not None and conn.seat not in self.connected_seats():
                # a voter that drops votes no: leaving must never let an undo through
                for vote in list(self._votes.values()):
                    if conn.seat in vote.needs:
                        self._decide(vote, False, f"seat {conn.seat + 1} left during the vote")

    def receive_data(self, cid: int, data: bytes | str, at: float | None = None, *, binary: bool = False) -> None:
        """One text frame's payload from a connection; a bad frame queues that connection's close, nothing else.

        `at` is when the frame arrived (the reader's clock): the flood limit counts arrivals, not when the host got
        round to reading them. `binary` says the frame was a binary one: refused, the protocol is text.
        """
        self.seat_from_desk()
        conn = self._conns.get(cid)
        if conn is None:
            return
        try:
            assert conn.gate is not None
            if not conn.gate.admit(self.clock() if at is None else at):
                raise BadFrame(f"flood: more than {self.limits.rate:g} messages a second", "flood")
            if binary:
                raise BadFrame("frames are UTF-8 JSON text; binary frames are refused", "binary")
            msg = decode(data, CLIENT_MESSAGES, self.limits)
            if not conn.open:
                if msg["type"] != "hello":
                    raise BadFrame("the first message must be a hello", "bad_message")
                self._hello(conn, msg)
            else:
                getattr(self, "_on_" + msg["type"])(conn, msg)
        except BadFrame as e:
            self.kick(cid, e.reason if len(e.reason) <= 200 else e.reason[:197] + "...")

    def data_to_send(self) -> list[tuple[int, bytes]]:
        """Frames queued since the last call, as (connection, frame) in order."""
        out, self._out = self._out, []
        return out

    def connections_to_close(self) -> list[tuple[int, str]]:
        """Connections to close now, with the reason to give (sent after their queued frames)."""
        out, self._close = self._close, []
        return out

    def events_received(self) -> list[HostEvent]:
        out, self._events = self._events, []
        return out

    def tick(self) -> None:
        """Expire undo votes whose time ran out and close connections that never said hello (call every second)."""
        now = self.clock()
        self._expire_votes(now)
        for conn in list(self._conns.values()):
            if not conn.open and now - conn.opened >= self.limits.hello_timeout:
                self._refuse(conn, "hello_timeout", f"no hello within {self.limits.hello_timeout:g} s")

    def kick(self, cid: int, reason: str) -> None:
        """Close a connection with a reason; its seat stays claimed."""
        conn = self._conns.get(cid)
        if conn is None:
            return
        self._events.append(HostEvent("closed", cid, conn.seat, reason))
        self._close.append((cid, reason))
        self.disconnect(cid)

    # -- the embedded host's own seats --

    def submit_local(self, action: A.Action, seat: int | None) -> Result:
        """Apply an action for a seat played on the host itself."""
        if self.halted:  # the journal cannot be written (net/halt.py)
            return Result(False, error=self.halted, code="autosave_failed")
        if self.paused and not isinstance(action, A.Chat):
            return Result(False, error="the game is paused", code="paused")
        return self.session.submit(action, seat)

    def set_paused(self, paused: bool) -> None:
        if self.paused != paused:
            self.paused = paused
            self._events.append(HostEvent("paused" if paused else "resumed"))
            self._broadcast_players()

    # -- reading --

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self._conns.values() if c.open and c.seat is not None} | self.local_seats

    def players(self) -> list[dict[str, Any]]:
        """Every seat with its name, whether it is claimed, and whether it is connected now."""
        online = self.connected_seats()
        out = []
        for p in self.session.state.players:
            rec = self.records.get(p.seat)
            out.append({
                "seat": p.seat,
                "name": (rec.name if rec and rec.name else p.name),
                "claimed": rec is not None or p.seat in self.local_seats,
                "connected": p.seat in online,
                "local": p.seat in self.local_seats,
            })
            if p.seat in self.bot_seats:  # a stand-in bot plays it until its player returns (net/standin.py)
                out[-1]["bot"] = self.bot_seats[p.seat]
            if p.seat in self.session.hosts:  # may turn the rules dial (said only where true: welcomes stay small)
                out[-1]["host"] = True
            if p.seat in self.closed_seats:  # the host closed it: nobody may claim it (net/moderation.py)
                out[-1]["closed"] = True
        return out

    def spectators(self) -> int:
        return sum(1 for c in self._conns.values() if c.open and c.seat is None)

    def watchers(self) -> list[str]:
        """The names of the spectators watching now (the hosting window lists them), in the order they came."""
        return [c.name or "someone" for c in self._conns.values() if c.open and c.seat is None]

    def live(self, seat: int | None) -> LiveView:
        """The seat's view, kept current after every change (built on first use)."""
        lv = self._live.get(seat)
        if lv is None or lv.seq != self.session.state.seq:
            lv = self._live[seat] = LiveView(self.session.state, seat, self.session.rules, self._pool)
        return lv

    def view_message(self, seat: int | None) -> dict[str, Any]:
        lv = self.live(seat)
        return {"type": "snapshot", "seq": lv.seq, "hash": lv.hash, "view": lv.view()}

    def _with_view(self, msg: dict[str, Any], seat: int | None, log: bool = False) -> bytes:
        """`msg` with the seat's whole view as its `view` (and its `log`), spliced in from cached JSON.

        The view and log part is kept per seat until the table changes, so joins in a row (spectators, a
        reconnecting seat) each encode only their own header.
        """
        lv = self.live(seat)
        history = self.session.history
        key = (lv, lv.seq, log, history[-1].seq if history else -1, len(history))
        cached = self._tails.get(seat)
        if cached is None or cached[0] != key:
            tail = b',"view":' + lv.view_json().encode()
            if log:
                lines = self._welcome_log(seat)
                tail += b',"log":[' + ",".join(lines).encode() + b'],"log_start":' + str(len(history) - len(lines)).encode()
            cached = self._tails[seat] = (key, tail + b"}")
        return encode(msg)[:-1] + cached[1]

    # -- the per-seat stream's additions (tabletop.core.stream): zone digests with a whole view, legal moves --

    def _seat_extras(self, seat: int | None, lv: LiveView) -> dict[str, Any]:
        """What a whole view carries besides itself: its zones' digests (the client takes them instead of
        hashing the table again) and the seat's legal-move summary."""
        legal = self._legal_sent[seat] = self._legal(seat)
        return {"digests": [z.digest for z in lv.zones.values()], "legal": legal}

    def _legal(self, seat: int | None) -> dict[str, Any] | None:
        """The seat's legal moves (what the window glows and lists); None for a spectator."""
        if seat is None:
            return None
        try:
            return legal_summary(self.session, seat)
        except Exception as e:  # a ruleset bug costs the glow, never the connection
            return {"moves": [], "more": False, "glow": [], "passes": [], "from": [], "to": [], "error": str(e)}

    def _welcome_log(self, seat: int | None) -> list[str]:
        """The last log lines as `seat` may read them, as JSON (each kept, so a late join encodes none again)."""
        cache = self._welcome_lines.setdefault(seat, {})
        entries = self.session.history[-WELCOME_LOG:]
        out = []
        for e in entries:
            text = cache.get(e.seq)
            if text is None:
                text = cache[e.seq] = encode(self._log_line("submit", e, seat)).decode()
            out.append(text)
        if len(cache) > 2 * WELCOME_LOG:
            keep = {e.seq for e in entries}
            for k in [k for k in cache if k not in keep]:
                del cache[k]
        return out

    # -- handshake --

    def _welcome_head(self, seat: int | None, rec: SeatRecord | None, lv: LiveView, spectators: int) -> dict[str, Any]:
        """A welcome without its view and log (`_with_view` adds them)."""
        return {
            "type": "welcome",
            "version": PROTOCOL_VERSION,
            "host": self.name,
            "seat": seat,
            "token": rec.token if rec else None,
            "cseq": rec.cseq if rec else 0,
            "seq": lv.seq,
            "hash": lv.hash,
            "players": self.players(),
            "spectators": spectators,
            "paused": self.paused,
            **self._seat_extras(seat, lv),
        }

    # -- messages from an open connection --

    def _fresh(self, conn: _Conn, cseq: int) -> bool:
        """Whether `cseq` is new for this connection's seat; answers a duplicate with its first result."""
        rec = self.records.get(conn.seat) if conn.seat is not None else None
        last = rec.cseq if rec else conn.cseq
        if cseq < 1 or cseq > last + CSEQ_WINDOW:
            # a far jump would make every later action of the seat a "duplicate"
            raise BadFrame(f"cseq {cseq} is not between 1 and {last + CSEQ_WINDOW} (the last was {last})", "bad_cseq")
        if cseq > last:
            if rec:
                rec.cseq = cseq
            else:
                conn.cseq = cseq
            return True
        first = rec.results.get(cseq) if rec else None
        answer = dict(first) if first else {"type": "result", "cseq": cseq, "accepted": False, "code": "duplicate",
                                            "error": f"action {cseq} was already received"}
        answer["duplicate"] = True
        self._send(conn.id, answer)
        return False

    def _answer(self, conn: _Conn, cseq: int, result: dict[str, Any]) -> None:
        msg = {"type": "result", "cseq": cseq, **result}
        rec = self.records.get(conn.seat) if conn.seat is not None else None
        if rec:
            rec.remember(cseq, msg)
        self._send(conn.id, msg)

    def _on_action(self, conn: _Conn, msg: dict[str, Any]) -> None:
        try:
            action = A.action_from_dict(msg["action"])
        except A.ActionFormatError as e:
            raise BadFrame(f"action: {e}", "bad_message") from None
        if self._refuse_halted(conn, msg) or not self._fresh(conn, msg["cseq"]):
            return
        if self.paused and not isinstance(action, A.Chat):
            self._answer(conn, msg["cseq"], {"accepted": False, "code": "paused", "error": "the game is paused"})
            return
        if conn.seat is None and not self._spectator_gate.admit(self.clock()):
            self._answer(conn, msg["cseq"], {"accepted": False, "code": "flood", "error": "the spectators together "
                                             f"send at most {self.limits.spectator_rate:g} actions a second"})
            return
        result = self.session.submit(action, conn.seat)
        body: dict[str, Any] = {"accepted": result.accepted}
        if result.accepted:
            body["seq"] = self.session.state.seq
        else:
            body["code"] = result.code
            body["error"] = result.error
        if result.violations:  # already as this seat reads them: sentences rendered, hidden pieces by handle
            body["violations"] = [v.to_dict() for v in result.violations]
        self._events.append(HostEvent("applied" if result.accepted else "refused_action", conn.id, conn.seat,
                                      f"{action.type}: {result.error or 'ok'}"))
        self._answer(conn, msg["cseq"], body)

    def _on_redo(self, conn: _Conn, msg: dict[str, Any]) -> None:
        if self._refuse_halted(conn, msg) or not self._fresh(conn, msg["cseq"]):
            return
        if conn.seat is None or self.paused or self._votes:
            why = "spectators cannot redo" if conn.seat is None else "not now (paused or an undo vote is open)"
            self._answer(conn, msg["cseq"], {"accepted": False, "code": "forbidden", "error": why})
            return
        r = self.session.redo(conn.seat)
        self._answer(conn, msg["cseq"], {"accepted": r.accepted, **({} if r else {"code": r.code, "error": r.error})})

    def cards_changed(self) -> None:
        """The card library changed under the table (live card edits, tabletop.cards.watch): each seat's view,
        status and legal moves are worked out again, and every open connection gets its view as a snapshot, the
        view that seat may see."""
        self.seat_from_desk()
        self._live.clear()
        self._tails.clear()
        self._legal_sent.clear()
        for conn in list(self._conns.values()):
            if conn.open:
                self._snapshot(conn)

    def _on_resync(self, conn: _Conn, msg: dict[str, Any]) -> None:
        self._events.append(HostEvent("resync", conn.id, conn.seat, msg.get("reason", "")))
        self._snapshot(conn)

    def _snapshot(self, conn: _Conn) -> None:
        lv = self.live(conn.seat)
        self._out.append((conn.id, self._with_view({"type": "snapshot", "seq": lv.seq, "hash": lv.hash,
                                                     **self._seat_extras(conn.seat, lv)}, conn.seat)))

    def _on_pause(self, conn: _Conn, msg: dict[str, Any]) -> None:
        if conn.seat is None:
            self._send(conn.id, {"type": "error", "code": "forbidden", "fatal": False,
                                 "message": "spectators cannot pause"})
            return
        self.set_paused(msg["paused"])

    def _on_ping(self, conn: _Conn, msg: dict[str, Any]) -> None:
        self._send(conn.id, {"type": "pong", **({"t": msg["t"]} if "t" in msg else {})})

    def _on_bye(self, conn: _Conn, msg: dict[str, Any]) -> None:
        self._close.append((conn.id, "bye"))
        self.disconnect(conn.id)

    def _on_hello(self, conn: _Conn, msg: dict[str, Any]) -> None:
        raise BadFrame("hello sent twice", "bad_message")

    # -- broadcasting --

    def _violations(self, vs: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Violations as `seat` may read them: pieces it cannot see named by their handles."""
        state = self.session.state
        out = []
        for v in vs:
            if v.get("pieces"):
                v = dict(v, pieces=[state.handle_for(p, seat) if p in state.pieces else "hidden"
                                    for p in v["pieces"]])
            out.append(v)
        return out

    def _log_line(self, kind: str, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        """A log line as `seat` may read it; empty `violations` and `notes` are left out on the wire."""
        line = self.session.line_for(entry, seat)
        line["kind"] = kind
        if line["violations"]:
            line["violations"] = self._violations(line["violations"], seat)
        else:
            del line["violations"]
        if not line["notes"]:
            del line["notes"]
        return line

    def _on_entry(self, kind: str, entry: LogEntry) -> None:
        """After every change: each seat's view is brought up to date and its connections get the patch."""
        self.seat_from_desk()
        state = self.session.state
        touch = touched(state, entry.events)
        conns: dict[int | None, list[_Conn]] = {}
        for conn in self._conns.values():
            if conn.open:
                conns.setdefault(conn.seat, []).append(conn)
        for seat, lv in list(self._live.items()):
            base = lv.seq
            change = lv.update(entry.events, touch)
            if seat not in conns:
                continue
            if change.rebuilt:
                for conn in conns[seat]:
                    self._snapshot(conn)
                continue
            patch = {"type": "patch", "base": base, "seq": lv.seq, "hash": lv.hash}
            patch.update(make_patch(change))
            patch["log"] = [self._log_line(kind, entry, seat)]
            legal = self._legal(seat)
            if legal != self._legal_sent.get(seat):  # unchanged legal moves are not sent again
                patch["legal"] = self._legal_sent[seat] = legal
            data = encode(patch)
            for conn in conns[seat]:
                self._out.append((conn.id, data))
        if kind == "submit" and self._votes:
            for vote in list(self._votes.values()):
                if entry.undoable:
                    self._decide(vote, False, "the table changed during the vote")

    def _broadcast_players(self, but: Collection[int] = ()) -> None:
        """Tell every open connection (but those in `but`) who is at the table, encoded once."""
        self.seat_from_desk(tell=False)  # those seated now get this list too: it is newer than their welcome's
        self._send_players(but)  # (net/moderation.py: a seat with host rights also reads who watches)

    def motion(self, positions: dict[str, tuple[float, float, float]]) -> None:
        """Stream where pieces in motion are now (a fling, a thrown die): transient, never logged, no sequence.

        Each seat gets the pieces named as it knows them (a face-down card by its handle); positions of loose
        pieces on the open table are public, so nothing else is filtered. An empty dict says "all at rest".
        """
        self.seat_from_desk()
        state = self.session.state
        for conn in self._conns.values():
            if not conn.open:
                continue
            rows = [[state.handle_for(pid, conn.seat), round(x, 1), round(y, 1), round(a, 1)]
                    for pid, (x, y, a) in positions.items() if pid in state.pieces]
            self._send(conn.id, {"type": "motion", "pieces": rows})

    def _send(self, cid: int, msg: dict[str, Any]) -> None:
        self._out.append((cid, encode(msg)))
