"""The client's sans-I/O protocol: keeps the last view it was sent, applies patches, checks hashes, asks again.

`ClientProtocol` takes frames from the host and gives frames to send, no sockets: it asks for a snapshot when it
detects a gap or a mismatch, and keeps each action's answer so a resend is answered once. client.py moves bytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core import actions as A
from ..core.view import view_hash
from .auth import make_proof, password_key
from .errors import BadFrame
from .messages import HOST_MESSAGES, PROTOCOL_VERSION, Limits, decode, encode
from .patches import PatchedView

__all__ = ["ANY_SEAT", "RESULT_CACHE", "ClientEvent", "ClientProtocol"]

#: a hello's seat asking for any free seat
ANY_SEAT = "any"
#: results kept per seat so a duplicate action gets its original answer
RESULT_CACHE = 64


@dataclass(slots=True)
class ClientEvent:
    """Something the client learned: welcome, view, result, log, players, undo_request, undo_result, error, desync."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


#: how many log lines a client keeps
CLIENT_LOG = 1000


class ClientProtocol:
    """A seat's (or a spectator's) side, without I/O: the last view it was sent, kept in step by patches.

    `seat` asks for a seat (a number, "any", or None to watch); `token` takes back a claimed seat. Actions are
    numbered (`cseq`) and kept until the host answers, so after a reconnect the unanswered ones are sent again and
    the host applies each at most once.
    """

    def __init__(
        self,
        *,
        name: str = "",
        seat: int | str | None = ANY_SEAT,
        token: str | None = None,
        password: str = "",
        limits: Limits | None = None,
        host_token: str = "",
        deck: dict[str, list[list[Any]]] | None = None,
    ) -> None:
        self.name = name
        #: the deck this guest brings, {section: [[set/ID, count], ...]} (sent with a hello that asks for a seat)
        self.deck = deck
        #: `serve`'s host token, presented with the hello for host rights (the rules dial) at the seat taken
        self.host_token = host_token
        self.version = PROTOCOL_VERSION
        self.want_seat = seat
        self.token = token
        self.password = password
        self.limits = limits or Limits(max_frame=64 * 1024 * 1024, max_depth=0)
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        #: the seat's legal-move summary as the host last sent it (tabletop.core.stream.legal_summary)
        self.legal: dict[str, Any] | None = None
        self.patched: PatchedView | None = None
        self.hash = ""
        self.seq = -1
        self.host_name = ""
        self.players: list[dict[str, Any]] = []
        self.spectators = 0
        self.paused = False
        #: to a seat with host rights: who watches (`{"id", "name"}` each) and whether spectators may watch
        self.watchers: list[dict[str, Any]] = []
        self.spectators_allowed = True
        self.log: list[dict[str, Any]] = []
        #: how many of the seat's log lines came before the first of `log` (the welcome says; the rest were dropped)
        self.log_start = 0
        self.connected = False
        self.welcomed = False
        self.desyncs = 0
        self.next_cseq = 1
        self.pending: dict[int, dict[str, Any]] = {}
        #: pieces in motion on the host's table now (transient: the resting place arrives as an ordinary patch)
        self.moving: dict[str, tuple[float, float, float]] = {}
        self.results: dict[int, dict[str, Any]] = {}
        self._awaiting_snapshot = False
        self._out: list[bytes] = []
        self._hello: dict[str, Any] = {}
        self._events: list[ClientEvent] = []

    # -- the I/O layer's side --

    def start(self) -> None:
        """A (re)connection is open: queue the hello (with the token when this client already has a seat)."""
        self.connected = True
        self.welcomed = False
        self._out.clear()
        hello: dict[str, Any] = {"type": "hello", "version": self.version, "name": self.name}
        if self.token:
            hello["token"] = self.token
        else:
            hello["seat"] = self.want_seat
            if self.deck and self.want_seat is not None:
                hello["deck"] = self.deck
        if self.host_token:
            hello["host_token"] = self.host_token
        self._out.append(encode(hello))  # a password goes as a proof, once the handshake's challenge is in
        self._hello = hello

    @property
    def header_ok(self) -> bool:
        """Whether the hello may ride on the opening handshake (not with a password: its proof needs the host's
        challenge, which comes with the handshake's answer; nor with a deck, too long for a header)."""
        return not self.password and "deck" not in self._hello

    def challenge(self, value: str | None, binding: str, loopback: bool) -> str:
        """The handshake's answer came (`value`: its `Tabletop-Challenge` header): with a password, the queued
        hello gets its proof bound to `binding` (the certificate's fingerprint, "" on plain). Returns why the
        hello cannot be sent (the host sent no challenge, and is not on this machine), else ""."""
        if not self.password or not self._out or self._out[0] != encode(self._hello):
            return ""
        hello = dict(self._hello)
        parts = (value or "").split()
        if len(parts) == 3 and parts[2].isdigit() and 0 < int(parts[2]) <= 10_000_000:
            try:
                key = password_key(self.password, bytes.fromhex(parts[1]), int(parts[2]))
            except ValueError:
                return "the host's password challenge is malformed"
            hello.update(proof=make_proof(key, parts[0], binding), binding=binding)
        elif loopback:  # a host of before challenges, on this machine: the password never leaves it
            hello["password"] = self.password
        else:
            return "the host sent no password challenge: it would have to be sent the password itself"
        self._out[0] = encode(hello)
        return ""

    def hello_header(self) -> str:
        """The queued hello as ASCII JSON, for the `Tabletop-Hello` header of the opening handshake.

        A host that takes it answers the handshake with `Tabletop-Hello: taken` and sends the welcome right after
        it, saving the round trip of a hello frame; call `hello_taken()` then. A host that does not know the
        header ignores it and waits for the hello frame, which is still queued.
        """
        return json.dumps(self._hello, separators=(",", ":"), ensure_ascii=True)

    def hello_taken(self) -> None:
        """The host took the hello from the handshake: do not send it again as a frame."""
        if self._out and self._out[0] == encode(self._hello):
            self._out.pop(0)

    def connection_lost(self) -> None:
        """The connection dropped: keep the last view; unanswered actions are resent after the next welcome."""
        self.connected = False
        self.welcomed = False

    def receive_data(self, data: bytes | str) -> None:
        """One frame from the host; one we cannot read is reported as an error event and answered with a resync."""
        try:
            msg = decode(data, HOST_MESSAGES, self.limits)
        except BadFrame as e:
            self._events.append(ClientEvent("error", {"code": e.code, "message": f"bad frame from the host: {e.reason}",
                                                      "fatal": False}))
            if self.welcomed:
                self._desync(f"bad frame from the host: {e.reason}")
            return
        getattr(self, "_on_" + msg["type"])(msg)

    def data_to_send(self) -> list[bytes]:
        out, self._out = self._out, []
        return out

    def events_received(self) -> list[ClientEvent]:
        out, self._events = self._events, []
        return out

    # -- what a player does --

    def submit(self, action: A.Action) -> int:
        """Queue an action; returns its client sequence number (the host answers with a `result` for it)."""
        return self._numbered({"type": "action", "action": action.to_dict(), "seq": max(self.seq, 0)})

    def undo(self) -> int:
        return self._numbered({"type": "undo"})

    def redo(self) -> int:
        return self._numbered({"type": "redo"})

    def vote(self, request: int, agree: bool) -> None:
        self._queue({"type": "vote", "request": request, "agree": agree})

    def pause(self, paused: bool = True) -> None:
        self._queue({"type": "pause", "paused": paused})

    def resync(self, reason: str = "asked") -> None:
        self._awaiting_snapshot = True
        self._queue({"type": "resync", "reason": reason})

    def kick(self, *, seat: int | None = None, watcher: int | None = None, close: bool = False) -> None:
        """Ask the host to remove a seat's player (and with `close` close the seat) or a spectator (host rights
        only; refused otherwise)."""
        self._queue({"type": "kick", **({"seat": seat, **({"close": True} if close else {})} if seat is not None
                                        else {"watcher": watcher})})

    def close_seat(self, seat: int, closed: bool) -> None:
        """Ask the host to close an open seat (nobody may claim it) or open a closed one (host rights only)."""
        self._queue({"type": "seat", "seat": seat, "closed": closed})

    def allow_spectators(self, allowed: bool) -> None:
        """Ask the host to let spectators watch or not (host rights only; refused otherwise)."""
        self._queue({"type": "spectators", "allowed": allowed})

    def ping(self, t: float = 0.0) -> None:
        self._queue({"type": "ping", "t": t})

    def bye(self) -> None:
        self._queue({"type": "bye"})

    def view_hash(self) -> str:
        return view_hash(self.view) if self.view is not None else ""

    # -- internals --

    def _numbered(self, msg: dict[str, Any]) -> int:
        cseq = self.next_cseq
        self.next_cseq += 1
        msg["cseq"] = cseq
        self.pending[cseq] = msg
        if self.welcomed:
            self._out.append(encode(msg))
        return cseq

    def _queue(self, msg: dict[str, Any]) -> None:
        if self.welcomed:
            self._out.append(encode(msg))

    def _set_view(self, v: dict[str, Any], seq: int, expect: str, digests: Any = None) -> bool:
        try:
            patched = PatchedView(v, digests)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
            self._events.append(ClientEvent("error", {"code": "bad_view", "fatal": False,
                                                      "message": f"the host sent a view that cannot be read: {e!r}"}))
            return False
        self.patched = patched
        self.view, self.seq, self.hash = v, seq, self.patched.hash
        return self.hash == expect

    def _on_welcome(self, msg: dict[str, Any]) -> None:
        self.welcomed = True
        self.seat = msg["seat"]
        self.token = msg["token"] or self.token
        self.host_name = msg["host"]
        self.players, self.spectators, self.paused = msg["players"], msg["spectators"], msg["paused"]
        self.log = log = msg["log"][-CLIENT_LOG:]
        self.log_start = max(0, int(msg.get("log_start") or 0)) + len(msg["log"]) - len(log)
        for line in log:  # `_full_line`, inlined: a welcome brings hundreds
            if type(line) is dict:
                if "violations" not in line:
                    line["violations"] = []
                if "notes" not in line:
                    line["notes"] = []
        self._awaiting_snapshot = False
        ok = self._set_view(msg["view"], msg["seq"], msg["hash"], msg.get("digests"))
        self.legal = msg.get("legal")
        done = msg["cseq"]
        for cseq in [c for c in self.pending if c <= done]:
            del self.pending[cseq]
        self.next_cseq = max(self.next_cseq, done + 1)
        for cseq in sorted(self.pending):
            self._out.append(encode(self.pending[cseq]))
        self._events.append(ClientEvent("welcome", {"seat": self.seat, "seq": self.seq, "view": self.view,
                                                    "legal": self.legal, "log": list(self.log),
                                                    "log_start": self.log_start}))
        if not ok:
            self._desync("the welcome view does not match its hash")

    def _on_patch(self, msg: dict[str, Any]) -> None:
        if msg.get("log"):
            self._add_log(msg["log"])
        if self._awaiting_snapshot:
            return
        if self.patched is None or msg["base"] != self.seq:
            self._desync(f"gap: patch from {msg['base']} but the view is at {self.seq}")
            return
        try:
            self.view = self.patched.apply(msg)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
            self._desync(f"patch does not apply: {e}")
            return
        self.seq, self.hash = msg["seq"], self.patched.hash
        if self.hash != msg["hash"]:
            self._desync(f"hash mismatch at {msg['seq']}")
            return
        self.legal = msg.get("legal", self.legal)
        self._events.append(ClientEvent("view", {"seq": self.seq, "patch": msg, "legal": self.legal}))

    def _on_snapshot(self, msg: dict[str, Any]) -> None:
        self._awaiting_snapshot = False
        ok = self._set_view(msg["view"], msg["seq"], msg["hash"], msg.get("digests"))
        self.legal = msg.get("legal", self.legal)
        self._events.append(ClientEvent("view", {"seq": self.seq, "snapshot": True, "ok": ok, "view": self.view,
                                                 "legal": self.legal}))

    def _on_result(self, msg: dict[str, Any]) -> None:
        self.pending.pop(msg["cseq"], None)
        self.results[msg["cseq"]] = msg
        if len(self.results) > 4 * RESULT_CACHE:
            for k in sorted(self.results)[: len(self.results) - 2 * RESULT_CACHE]:
                del self.results[k]
        self._events.append(ClientEvent("result", msg))

    def _on_players(self, msg: dict[str, Any]) -> None:
        self.players, self.spectators, self.paused = msg["players"], msg["spectators"], msg["paused"]
        self.watchers = [w for w in msg.get("watchers", []) if isinstance(w, dict)]
        self.spectators_allowed = bool(msg.get("spectators_allowed", True))
        self._events.append(ClientEvent("players", msg))

    def _on_undo_request(self, msg: dict[str, Any]) -> None:
        self._events.append(ClientEvent("undo_request", msg))

    def _on_undo_result(self, msg: dict[str, Any]) -> None:
        self._events.append(ClientEvent("undo_result", msg))

    def _on_error(self, msg: dict[str, Any]) -> None:
        self._events.append(ClientEvent("error", msg))

    def _on_notice(self, msg: dict[str, Any]) -> None:
        self._events.append(ClientEvent("notice", msg))

    def _on_pong(self, msg: dict[str, Any]) -> None:
        self._events.append(ClientEvent("pong", msg))

    def _on_motion(self, msg: dict[str, Any]) -> None:
        moving: dict[str, tuple[float, float, float]] = {}
        for row in msg["pieces"][:2000]:
            if (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str)
                    and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in row[1:])):
                moving[row[0]] = (float(row[1]), float(row[2]), float(row[3]))
        self.moving = moving
        self._events.append(ClientEvent("motion", {"pieces": moving}))

    def _add_log(self, lines: list[dict[str, Any]]) -> None:
        lines = [_full_line(line) for line in lines]
        self.log.extend(lines)
        if len(self.log) > CLIENT_LOG:
            self.log_start += len(self.log) - CLIENT_LOG
            del self.log[: len(self.log) - CLIENT_LOG]
        self._events.append(ClientEvent("log", {"lines": lines}))

    def _desync(self, reason: str) -> None:
        self.desyncs += 1
        self._events.append(ClientEvent("desync", {"reason": reason}))
        self.resync(reason)


def _full_line(line: Any) -> Any:
    """A log line with the fields the wire leaves out when empty put back."""
    if isinstance(line, dict):
        line.setdefault("violations", [])
        line.setdefault("notes", [])
    return line
