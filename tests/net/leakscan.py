"""A sans-I/O table for adversarial tests: a host, clients by raw frames, and a scan of every frame for leaks.

`Table` joins clients written from docs/PROTOCOL.md (plain JSON frames, no ClientProtocol) to a `HostProtocol`,
captures every frame each receives, and `scan` checks each new frame against what that client could see at that
moment (before or after the step that produced it): no id, card reference, title or current handle of any card it
could not see.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tabletop.cards import default_library
from tabletop.core import Session
from tabletop.core.state import GameState
from tabletop.net.messages import PROTOCOL_VERSION, Limits
from tabletop.net.protocol import HostProtocol

LIBRARY = default_library()
_ID = re.compile(r"(?<![\w])p\d+(?![\w])")
_HANDLE = re.compile(r"(?<![\w])h[0-9a-f]{12}(?![\w])")


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@dataclass
class Raw:
    """One client: the frames it got (decoded), where its unscanned ones start, and whether it was closed."""

    cid: int
    seat: int | None = None
    frames: list[str] = field(default_factory=list)
    scanned: int = 0
    closed: str | None = None
    next_cseq: int = 1

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        out = [json.loads(f) for f in self.frames]
        return [m for m in out if kind is None or m.get("type") == kind]

    def last(self, kind: str) -> dict[str, Any]:
        return self.messages(kind)[-1]


def card_title(session: Session, pid: str) -> str:
    title_of = getattr(session.rules, "card_title", None)
    piece = session.state.pieces[pid]
    title = title_of(session.state, pid) if title_of is not None else None
    if not title and piece.card in LIBRARY:
        title = LIBRARY.get(piece.card).name
    return title or ""


def visible_set(state: GameState, seat: int | None) -> set[str]:
    return {pid for pid, p in state.pieces.items() if p.kind == "card" and state.can_see(p, seat)}


class Table:
    """A host with raw clients; `send` queues a frame, `pump` delivers everything and scans it."""

    def __init__(self, session: Session, limits: Limits | None = None, **kwargs: Any) -> None:
        self.session = session
        self.clock = Clock()
        self.host = HostProtocol(session, clock=self.clock, limits=limits, **kwargs)
        self.clients: dict[int, Raw] = {}
        self.frames_scanned = 0
        self.leaks: list[str] = []
        self._before: dict[int | None, set[str]] = {}
        self._handles_before: dict[int | None, set[str]] = {}
        #: per seat: every card it could see at some moment (what its history may name)
        self.ever: dict[int | None, set[str]] = {}

    # -- clients --

    def join(self, hello: dict[str, Any] | None = None, **fields: Any) -> Raw:
        cid = self.host.connect()
        raw = self.clients[cid] = Raw(cid)
        msg = {"type": "hello", "version": PROTOCOL_VERSION, **fields} if hello is None else hello
        self.step(lambda: self.host.receive_data(cid, json.dumps(msg)))
        welcome = [m for m in raw.messages("welcome")]
        if welcome:
            raw.next_cseq = welcome[-1]["cseq"] + 1
        return raw

    def watch_from_desk(self, name: str = "") -> Raw | None:
        """A spectator welcomed as the host's network thread welcomes one (net/desk.py): the welcome taken from the
        desk, the spectator seated by the host's next step; None when the desk stays empty (spectators full)."""
        self.step(self.host.ready_welcome)
        hello = json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "seat": None, "name": name})
        who = self.host.desk_hello(hello)
        assert who is not None
        cid = self.host._next_conn + 100  # the network thread numbers connections itself
        frame = self.host.desk.take(cid, who)
        if frame is None:
            return None
        raw = self.clients[cid] = Raw(cid)
        raw.frames.append(frame.decode())
        self.scan()
        return raw

    def send(self, raw: Raw, msg: dict[str, Any]) -> None:
        """A frame as a client would write it (escaped JSON text, so even a lone surrogate can be sent)."""
        self.host.receive_data(raw.cid, json.dumps(msg))

    def act(self, raw: Raw, action: Any) -> dict[str, Any]:
        """Send an action (an Action or its dict) with the next cseq; returns the host's result."""
        body = action if isinstance(action, dict) else action.to_dict()
        cseq = raw.next_cseq
        raw.next_cseq += 1
        self.step(lambda: self.send(raw, {"type": "action", "cseq": cseq, "action": body}))
        return self.result(raw, cseq)

    def numbered(self, raw: Raw, kind: str) -> dict[str, Any]:
        cseq = raw.next_cseq
        raw.next_cseq += 1
        self.step(lambda: self.send(raw, {"type": kind, "cseq": cseq}))
        return self.result(raw, cseq)

    def result(self, raw: Raw, cseq: int) -> dict[str, Any]:
        for m in reversed(raw.messages("result")):
            if m["cseq"] == cseq:
                return m
        return {"accepted": False, "code": "closed" if raw.closed else "no_answer"}

    # -- moving and scanning frames --

    def _snapshot_visibility(self) -> None:
        state = self.session.state
        for raw in self.clients.values():
            if raw.closed is None:
                self._before[raw.cid] = visible_set(state, raw.seat)
                self._handles_before[raw.cid] = self._view_handles(raw.seat)

    def _view_handles(self, seat: int | None) -> set[str]:
        return set(_HANDLE.findall(json.dumps(self.session.view(seat))))

    def step(self, fn: Any) -> None:
        """Run `fn` (which feeds the host), deliver what it queued, and scan each new frame."""
        self._snapshot_visibility()
        fn()
        self.deliver()

    def deliver(self) -> None:
        for cid, data in self.host.data_to_send():
            raw = self.clients.get(cid)
            if raw is not None and raw.closed is None:
                text = data.decode() if isinstance(data, bytes) else data
                raw.frames.append(text)
                if text.startswith('{"type":"welcome"'):
                    raw.seat = json.loads(text)["seat"]
        for cid, reason in self.host.connections_to_close():
            if cid in self.clients:
                self.clients[cid].closed = reason
        self.host.events_received()
        self.scan()

    def scan(self) -> None:
        """Check every new frame: its view parts against what the client sees now or saw just before; its log
        lines (history the seat witnessed, also when sent again in a welcome) against what the seat ever saw."""
        state = self.session.state
        for raw in self.clients.values():
            new = raw.frames[raw.scanned:]
            if not new:
                continue
            raw.scanned = len(raw.frames)
            seen = self._before.get(raw.cid, set()) | visible_set(state, raw.seat)
            ever = self.ever.setdefault(raw.seat, set())
            ever |= seen
            handles_ok = self._handles_before.get(raw.cid, set()) | self._view_handles(raw.seat)
            checks = (self._secrets(seen), self._secrets(ever))
            for frame in new:
                self.frames_scanned += 1
                msg = json.loads(frame)
                history = {k: msg.pop(k) for k in ("log", "entry") if k in msg}
                # a seat token is random text ("p5-Svub…" once read as the id p5): it names no piece
                msg.pop("token", None)
                for part, (hidden_ids, secrets) in ((json.dumps(msg, ensure_ascii=False), checks[0]),
                                                    (json.dumps(history, ensure_ascii=False), checks[1])):
                    text = _without_catalog(part)
                    for pid in set(_ID.findall(text)) & hidden_ids:
                        self.leaks.append(f"client {raw.cid} (seat {raw.seat}) read the id {pid}: {frame[:300]}")
                    for word, pid in secrets:
                        if _names(text, word):
                            self.leaks.append(f"client {raw.cid} (seat {raw.seat}) read {word!r} ({pid}): "
                                              f"{frame[:300]}")
                hidden_handles = {state.handle(pid) for pid in checks[0][0]} - handles_ok
                for h in set(_HANDLE.findall(frame)) & hidden_handles:
                    self.leaks.append(f"client {raw.cid} (seat {raw.seat}) read a handle it never saw {h}: "
                                      f"{frame[:300]}")

    def _secrets(self, seen: set[str]) -> tuple[set[str], list[tuple[str, str]]]:
        """The ids of cards outside `seen`, and the words (card references, titles) that would name them."""
        state = self.session.state
        visible_refs = {state.pieces[p].card for p in seen if p in state.pieces}
        visible_titles = {card_title(self.session, p) for p in seen if p in state.pieces}
        secrets: list[tuple[str, str]] = []
        hidden_ids: set[str] = set()
        for pid, piece in state.pieces.items():
            if piece.kind != "card" or pid in seen:
                continue
            hidden_ids.add(pid)
            if piece.card and piece.card not in visible_refs:
                secrets.append((piece.card, pid))
            title = card_title(self.session, pid)
            catalog = piece.card in LIBRARY and LIBRARY.get(piece.card).type == "X-File"
            if (title and len(title) > 3 and not title.isupper() and not catalog and title not in visible_titles
                    and not any(title in v for v in visible_titles)):
                secrets.append((title, pid))
        return hidden_ids, secrets


def _names(text: str, word: str) -> bool:
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        at = text.find(word, at + 1)
    return False


def _without_catalog(frame: str) -> str:
    """The frame without the parts that list public knowledge (the X-Files notebook, the opening high cards)."""
    if '"notebook"' not in frame and '"high_card"' not in frame:
        return frame
    try:
        msg = json.loads(frame)
    except ValueError:
        return frame

    def strip(o: Any) -> Any:
        if isinstance(o, dict):
            return {k: strip(v) for k, v in o.items() if k not in ("notebook", "high_card")}
        if isinstance(o, list):
            return [strip(v) for v in o]
        return o

    return json.dumps(strip(msg), ensure_ascii=False)
