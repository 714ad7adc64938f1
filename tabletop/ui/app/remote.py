"""The table source of a seat at someone else's table, through a `ClientThread`: the view is the one the host
sent, and actions are answered a moment later (as a `result` happening)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from ...core import actions as A
from ...core.ruleset import Violation
from ...core.session import Result
from .news import remote_news
from .source import Happening, TableSource
from .streams import Stream, _RemoteStream

__all__ = ["RemoteSource"]


def _result(msg: dict[str, Any]) -> Result:
    vs = []
    for v in msg.get("violations") or []:
        try:
            vs.append(Violation.from_dict(v))
        except (KeyError, TypeError, ValueError):
            continue
    return Result(bool(msg.get("accepted")), violations=vs, error=str(msg.get("error", "")),
                  code=str(msg.get("code", "")))


class RemoteSource(TableSource):
    """A seat at a table hosted elsewhere, through a `ClientThread` (already connected)."""

    kind = "remote"

    def __init__(self, thread: Any) -> None:
        self.thread = thread
        self._status = thread.status
        self._view_id = 0
        self._version = 0
        self._actions: dict[int, A.Action] = {}
        self._stream: _RemoteStream | None = None
        #: the players list as last read, so a stand-in bot taking or leaving a seat is said in the log
        self._seen_players: list[dict[str, Any]] = []
        #: the host removed this window (or turned spectators off): it does not come back
        self._removed = False

    def _protocol(self) -> Any:
        return self.thread.client.protocol

    @property
    def seat(self) -> int | None:
        return self.thread.seat

    @property
    def seats(self) -> list[int]:
        return [p["seat"] for p in self.view(None).get("players", [])]

    def seq(self) -> int:
        v = self.thread.view()
        if v is not None and id(v) != self._view_id:
            self._view_id = id(v)
            self._version += 1
        return self._version

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.thread.view() or {"seat": self.seat, "seq": -1, "zones": [], "players": [], "rules": {}}

    def stream(self, seat: int | None) -> Stream:
        """The stream the host sends this seat: its view, then each patch with its legal moves, as they came."""
        p = self._protocol()
        self._stream = _RemoteStream(self.view(seat), getattr(p, "legal", None), list(getattr(p, "log", [])),
                                     getattr(p, "log_start", 0))
        return self._stream

    def submit(self, action: A.Action, seat: int | None) -> Result | None:
        if ended := self.ended():  # removed by the host, or refused: nothing will be sent again
            return Result(False, error=ended, code="ended")
        try:
            cseq = self.thread.submit(action)
        except Exception as e:  # HostLost, a timeout: the action was not queued
            return Result(False, error=f"not sent: {e or 'the connection is closed'}", code="host_lost")
        self._actions[cseq] = action
        return None

    def undo(self, seat: int | None) -> Result | None:
        try:
            self.thread.undo()
        except Exception as e:
            return Result(False, error=f"not sent: {e}", code="host_lost")
        return None

    def remote_motion(self) -> dict[str, tuple[float, float, float]]:
        moving = getattr(self.thread, "moving", None)
        return dict(moving()) if moving is not None else {}

    def redo(self, seat: int | None) -> Result | None:
        redo = getattr(self.thread, "redo", None)
        if redo is None:
            return Result(False, error="redo is not available over the LAN yet", code="unsupported")
        try:
            redo()
        except Exception as e:
            return Result(False, error=f"not sent: {e}", code="host_lost")
        return None

    def poll(self) -> list[Happening]:
        out: list[Happening] = []
        for ev in self.thread.events():
            d = ev.data
            if ev.kind in ("welcome", "view") and self._stream is not None:
                self._stream.put(d)
            if ev.kind == "welcome":
                out += [Happening("log"), Happening("players"), *self._bot_news()]
            elif ev.kind == "log":  # the lines come with their patch, through the stream
                out.append(Happening("log"))
            elif ev.kind == "players":
                out += [Happening("players"), *self._bot_news()]
            elif ev.kind == "result":
                if d.get("duplicate"):
                    continue
                self._actions.pop(d.get("cseq", -1), None)
                if d.get("code") == "vote":
                    out.append(Happening("notice", "Undo: asked the other players to agree"))
                elif d.get("code") == "nothing_to_undo":
                    out.append(Happening("notice", "Nothing to undo"))
                else:
                    out.append(Happening("result", result=_result(d)))
            elif ev.kind == "undo_request":
                out.append(Happening("vote", data={"request": d.get("request"), "seat": d.get("seat"),
                                                   "entry": d.get("entry") or {}, "voter": self.seat}))
            elif ev.kind == "undo_result":
                out.append(Happening("vote_done", data={"request": d.get("request")}))
                if not d.get("accepted"):
                    out.append(Happening("notice", f"Undo refused: {d.get('reason', '')}", "warn"))
            elif (news := remote_news(ev.kind, d)) is not None:  # the host's notices and errors (ui/app/news.py)
                # a removal's own words say it all: no "LAN: ..." notice of the status after it
                self._removed = self._removed or news[0] == "kicked"
                out.append(Happening(*news, data={"seat": self.seat} if news[0] == "kicked" else {}))
                out += _deck_problems(d) if ev.kind == "error" else []
        return out + self._status_news()

    def _status_news(self) -> list[Happening]:
        """The connection's state changed: said (but after a removal, whose own words said it) and the seats
        list read again."""
        status = self.thread.status
        if status == self._status:
            return []
        self._status = status
        said = [] if self._removed else [Happening("notice", f"LAN: {status}", "info" if status == "connected"
                                                   else "error")]
        return [*said, Happening("players")]

    def players(self) -> list[dict[str, Any]] | None:
        return list(self._protocol().players)

    def _bot_news(self) -> list[Happening]:
        """A stand-in bot took a dropped seat or left it (net/standin.py): a line in this seat's log."""
        from ...net.standin import bot_news

        now = [dict(p) for p in self._protocol().players]
        before, self._seen_players = self._seen_players, now
        return [Happening("notice", line) for line in bot_news(before, now)]

    def can_turn_dial(self, seat: int | None) -> bool:
        """Whether the host lets this seat turn the rules dial (its player list marks the seats that may)."""
        return seat is not None and any(p.get("seat") == seat and p.get("host") for p in self._protocol().players)

    def moderator(self, seat: int | None) -> Any:
        """A seat with host rights moderates by asking the host (`kick`, `spectators` messages)."""
        from .moderator import RemoteModerator

        return RemoteModerator(self) if self.seat is not None and self.can_turn_dial(self.seat) else None

    def connection_lines(self, seat: int | None, names: Mapping[int, str]) -> list[str]:
        ended = self.ended()
        return [ended] if ended else super().connection_lines(seat, names)

    def ended(self) -> str:
        c = self.thread.client
        return self.thread.status if c.error is not None and self.thread.status != "connected" else ""

    @property
    def paused(self) -> bool:
        return bool(self._protocol().paused)

    @property
    def online(self) -> bool:
        return self.thread.status == "connected"

    def connection(self) -> str:
        c = self.thread.client
        where = f"{c.host}:{c.port}"
        status = self.thread.status
        if status != "connected":
            return status
        return f"watching {html.escape(where)} (public information only)" if self.seat is None \
            else f"joined {html.escape(where)}"

    def vote(self, request: int, seat: int | None, agree: bool) -> None:
        try:
            self.thread.vote(request, agree)
        except Exception:  # the host went away: the vote times out there
            pass

    def close(self) -> None:
        self.thread.close()


def _deck_problems(d: dict[str, Any]) -> list[Happening]:
    """The host refused the deck this guest brought: each problem, with its rule, as a line of the log."""
    return [Happening("notice", f"Your deck: {p.get('rule') or p.get('code')} {p.get('message', '')}", "warn")
            for p in d.get("problems") or [] if isinstance(p, dict)]
