"""Table sources: what the window plays on, so one app serves a local game, a hosted LAN game and a joined one.

A source gives the window the seat's stream (view patches, the log lines as the seat may read them, status, legal
moves: tabletop.core.stream), a door for Actions, undo and redo, and what happened on the network since the last
frame. The app never asks which kind it has; it asks the source.

- `LocalSource`: a `Session` on this machine (hotseat, bots, scripts).
- `HostedSource`: a `Session` served to the LAN by an `EmbeddedHost`; this window plays the host's local seat and
  every change goes through the host, so the other seats get it at once.
- `RemoteSource`: a seat at someone else's table through a `ClientThread`; the view is the one the host sent,
  actions are answered a moment later (as a `result` happening).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core import actions as A
from ...core.ruleset import Violation
from ...core.session import Result, Session
from ...core.stream import SeatStream
from .news import PLAYER_EVENTS, host_news, remote_news
from .streams import Background, Stream, _HostedStream, _RemoteStream

__all__ = ["Background", "Happening", "HostedSource", "LocalSource", "LogRow", "RemoteSource", "Stream", "TableSource",
           "seat_label"]


@dataclass(slots=True)
class LogRow:
    """One line of the log: a stable key (its place), a version (changes when the line does) and the line itself
    as the seat may read it (a `LogEntry.for_seat` dict, made only when the window needs it)."""

    key: Any
    version: Any
    line: Callable[[], dict[str, Any]]


@dataclass(slots=True)
class Happening:
    """Something the network brought since the last frame.

    kinds: `notice` (text, level), `result` (the answer to an action sent earlier), `vote` (an undo this seat is
    asked to agree to: `data` has request, seat, entry), `vote_done` (that request is settled), `players`, `log`,
    `save_failed` (the host's journal could not be written: text names the file and the reason).
    """

    kind: str
    text: str = ""
    level: str = "info"
    result: Result | None = None
    data: dict[str, Any] = field(default_factory=dict)


class TableSource:
    """The interface every source has (the local one implements it directly; see the module docstring)."""

    kind = "none"
    #: one screen shared by several seats (Next seat, the cover screen, bots)
    hotseat = False
    session: Session | None = None

    @property
    def seats(self) -> list[int]:
        return [p["seat"] for p in self.view(None).get("players", [])]

    def seq(self) -> int:
        """A number that changes whenever the view may have changed (the table's sequence number)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def stream(self, seat: int | None) -> Stream:
        """The seat's stream (tabletop.core.stream): the window takes every view change from it."""
        raise NotImplementedError

    def submit(self, action: A.Action, seat: int | None) -> Result | None:
        """Send an Action; the answer, or None when it comes later as a `result` happening."""
        raise NotImplementedError

    def undo(self, seat: int | None) -> Result | None:
        raise NotImplementedError

    def redo(self, seat: int | None) -> Result | None:
        raise NotImplementedError


    def can_turn_dial(self, seat: int | None) -> bool:
        return False

    def moderator(self, seat: int | None) -> Any:
        """The host's moderation for this window's `seat` (ui/app/moderator.py), or None when it may not moderate."""
        return None

    def ended(self) -> str:
        """Why a joined table will not come back (the host removed this window, or refused it), or ""."""
        return ""

    def cards_changed(self) -> None:
        """Card files were reloaded under this table (live card edits): tell whoever else shows it."""
        return None

    def poll(self) -> list[Happening]:
        return []

    def players(self) -> list[dict[str, Any]] | None:
        """Who is connected (LAN only): `[{seat, name, claimed, connected, local}]`, or None at a local table."""
        return None

    @property
    def paused(self) -> bool:
        return False

    @property
    def online(self) -> bool:
        """False while a joined table has lost its host (the view shown is the last one received)."""
        return True

    def connection(self) -> str:
        """"" at a local table; else the LAN state in words ("hosting on 10.0.0.5:7531", "connected", ...)."""
        return ""

    def connection_lines(self, seat: int | None, names: Mapping[int, str]) -> list[str]:
        """The LAN state in words with who this window plays, longest first (the top bar shows the longest that
        fits beside the status); [] at a local table. `names`: each seat's name at this table."""
        lan = self.connection()
        if not lan:
            return []
        return [f"{lan} as {seat_label(seat, names)}", lan] if seat is not None else [lan]

    def vote(self, request: int, seat: int | None, agree: bool) -> None:
        return None

    def stream_motion(self, positions: dict[str, tuple[float, float, float]]) -> None:
        """Tell joined seats where this table's pieces in motion are now (a hosted table only)."""
        return None

    def remote_motion(self) -> dict[str, tuple[float, float, float]]:
        """Pieces moving on the host's table, named as this seat knows them (a joined table only)."""
        return {}

    def save(self, path: Any) -> None:
        raise NotImplementedError("this table is kept by its host")

    def close(self) -> None:
        return None


class LocalSource(TableSource):
    """A session on this machine: every call goes straight to it."""

    kind = "local"
    hotseat = True

    def __init__(self, session: Session) -> None:
        self.session = session
        #: the window's autosave (the window sets it): once its journal cannot be written, no change is taken
        self.autosaver: Any = None
        #: while bots play here: (their seats, which of them agree to undo an entry made by a seat)
        self.bot_consent: tuple[set[int], Any] | None = None

    def halted(self) -> str:
        """Why changes are refused now (the autosave stopped: nothing more could be kept), or ""."""
        saver = self.autosaver
        return saver.last_error or "autosave stopped" if saver is not None and saver.failed else ""

    @property
    def seats(self) -> list[int]:
        return list(self.session.state.seats)

    def seq(self) -> int:
        return self.session.state.seq

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.session.view(seat)

    def stream(self, seat: int | None) -> Stream:
        return SeatStream(self.session, seat)

    def submit(self, action: A.Action, seat: int | None) -> Result | None:
        if why := self.halted():
            return Result(False, error=why, code="autosave_failed")
        return self.session.submit(action, seat)

    def undo(self, seat: int | None) -> Result | None:
        if why := self.halted():
            return Result(False, error=why, code="autosave_failed")
        # a hotseat table: every seat sits at this one screen, so every seat's consent is at hand, but a bot's:
        # a bot seat agrees only to take back its own last move (`bot_consent`, set while bots play here)
        agreed = set(self.session.state.seats)
        if self.bot_consent is not None:
            entry = self.session.last_undoable()
            agreed = (agreed - self.bot_consent[0]) | self.bot_consent[1](entry.seat if entry is not None else None)
        return self.session.undo(seat, agreed=agreed)

    def redo(self, seat: int | None) -> Result | None:
        if why := self.halted():
            return Result(False, error=why, code="autosave_failed")
        return self.session.redo(None)  # hotseat: whoever took it back sits here too


    def can_turn_dial(self, seat: int | None) -> bool:
        return seat in self.session.hosts

    def save(self, path: Any) -> None:
        from ...store import save_game

        save_game(self.session, path)


class HostedSource(LocalSource):
    """A session served on the LAN by an `EmbeddedHost`; this window plays one of the host's local seats.

    The session belongs to the host's thread: reads and changes go through `host.call`/`host.submit`, so a remote
    seat's action and this window's never meet half-way. The log is read from the session's history list (entries
    are never changed once logged).
    """

    kind = "host"
    hotseat = False

    def __init__(self, host: Any, address: str = "") -> None:
        super().__init__(host.session)
        self.host = host
        self.address = address or f"port {host.port}"
        self._players: list[dict[str, Any]] = []
        #: whether a guest ever sat here: an empty table after that is not "no one joined yet"
        self._had_guest = False
        self._paused = False
        self._asked: set[int] = set()
        #: the names of the spectators watching this table now
        self.watchers: list[str] = []
        self._refresh_players()

    def _refresh_players(self) -> None:
        try:
            self._players = self.host.players()
            self._had_guest = self._had_guest or any(p.get("claimed") and not p["local"] for p in self._players)
            self.watchers = self.host.watchers()
            self._paused = bool(self.host.call(lambda: self.host.host.protocol.paused))
        except Exception:  # the host is closing: keep the last list
            pass

    def seq(self) -> int:
        return self.host.seq

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.host.view(seat)

    def stream(self, seat: int | None) -> Stream:
        """The seat's stream, kept on the host's thread (its listener runs there) and drained by the window."""
        return _HostedStream(self.host, self.host.call(SeatStream, self.session, seat))

    def submit(self, action: A.Action, seat: int | None) -> Result | None:
        try:
            return self.host.submit(action, seat)
        except Exception as e:  # NetError: the host thread is gone
            return Result(False, error=str(e), code="host_down")

    def undo(self, seat: int | None) -> Result | None:
        try:
            answer = self.host.undo(seat)
        except Exception as e:
            return Result(False, error=str(e), code="host_down")
        if answer.get("accepted"):
            return Result(True)
        if answer.get("code") == "vote":
            return Result(False, error="Undo: asked the other players to agree", code="vote")
        return Result(False, error=answer.get("error", "cannot undo"), code=answer.get("code", ""))

    def redo(self, seat: int | None) -> Result | None:
        halted = getattr(self.host.host.protocol, "halted", "")
        if halted:  # the host's journal failed: it takes no more changes
            return Result(False, error=halted, code="autosave_failed")
        try:
            return self.host.call(self.session.redo, seat)
        except Exception as e:
            return Result(False, error=str(e), code="host_down")


    def moderator(self, seat: int | None) -> Any:
        """The host's own window moderates its table (net/moderation.py)."""
        from .moderator import HostedModerator

        return HostedModerator(self)

    def cards_changed(self) -> None:
        """The joined seats get their views again, worked out with the new cards (a snapshot each)."""
        try:
            self.host.call(self._resend)
        except Exception:  # the host is closing: nobody left to tell
            pass

    def _resend(self) -> None:
        self.host.host.protocol.cards_changed()
        self.host.host.pump()

    def stream_motion(self, positions: dict[str, tuple[float, float, float]]) -> None:
        try:
            self.host.motion(positions)
        except Exception:  # the host is closing: the resting moves still land through submit
            pass

    def poll(self) -> list[Happening]:
        out: list[Happening] = []
        names = {p["seat"]: p["name"] for p in self._players}
        players = False
        for ev in self.host.events():
            who = "a spectator" if ev.seat is None else names.get(ev.seat, f"Seat {ev.seat + 1}")
            players = players or ev.kind in PLAYER_EVENTS
            news = host_news(ev.kind, ev.seat, ev.text, who)  # joins, drops, autosave, moderation (ui/app/news.py)
            if news is not None:
                out.append(Happening(*news))
            elif ev.kind == "undo_vote":
                out += self._votes()
            elif ev.kind in ("undo", "undo_refused"):
                for req in sorted(self._asked):
                    out.append(Happening("vote_done", data={"request": req}))
                self._asked.clear()
                if ev.kind == "undo_refused":
                    out.append(Happening("notice", f"Undo refused: {ev.text}", "warn"))
        if players:
            self._refresh_players()
            out.append(Happening("players"))
        return out

    def _votes(self) -> list[Happening]:
        out = []
        try:
            pending = self.host.pending_votes()
        except Exception:
            return out
        local = set(self.host.host.local_seats)
        for v in pending:
            voters = local & set(v["needs"])
            if v["request"] in self._asked or not voters:
                continue
            self._asked.add(v["request"])
            voter = min(voters)
            entry = next((e for e in reversed(self.session.history) if e.undoable), None)
            line = entry.for_seat(voter) if entry is not None else {}
            out.append(Happening("vote", data={"request": v["request"], "seat": v["seat"], "entry": line,
                                               "voter": voter}))
        return out

    def players(self) -> list[dict[str, Any]] | None:
        return self._players

    @property
    def paused(self) -> bool:
        return self._paused

    def connection(self) -> str:
        others = sum(1 for p in self._players if p["connected"] and not p["local"])
        return f"hosting on {self.address} · {others} joined"

    def connection_lines(self, seat: int | None, names: Mapping[int, str]) -> list[str]:
        """Who is where, so the host never reads a joined count as its own seat: "hosting on 10.0.0.5:7531 · you:
        Seat 1 · bob joined as Seat 2", then "… · you: Seat 1 · bob: Seat 2", and last the bare count (which names
        no seat, so it cannot be misread)."""
        here = f"hosting on {self.address}"
        joined = [p for p in self._players if p["connected"] and not p["local"]]
        count = f"{len(joined)} joined" if joined else self._nobody_here(names)
        them = [", ".join(_joined_as(p, names) for p in joined) or count,
                ", ".join(_joined_as(p, names, short=True) for p in joined) or count]
        if self.watchers:  # the host sees who watches
            them = [f"{t} · watching: {', '.join(self.watchers)}" for t in them] + them
        if seat is None:
            return list(dict.fromkeys([f"{here} · {t}" for t in them] + [f"{here} · {count}"]))
        you = f"you: {seat_label(seat, names)}"
        return list(dict.fromkeys([f"{here} · {you} · {t}" for t in them] + [f"{here} · {count}"]))

    def _nobody_here(self, names: Mapping[int, str]) -> str:
        """The host's bar when no guest is connected: someone who joined and left is not "no one joined yet" (the
        seat waits for them, or a bot plays it), nor is a guest the host removed (the seat is open or closed)."""
        gone = [p for p in self._players if p.get("claimed") and not p["connected"] and not p["local"]]
        waiting = [p for p in gone if not p.get("bot")]
        said = ([f"{len(waiting)} left (their seats wait for them)"] if waiting else []) + [
            f"{seat_label(int(p['seat']), names)}: a bot ({p['bot']}) plays until they return"
            for p in gone if p.get("bot")]
        if said:
            return "; ".join(said)
        if not self._had_guest:
            return "no one joined yet"
        free = [f"{seat_label(int(p['seat']), names)} {'closed' if p.get('closed') else 'open'}"
                for p in self._players if not p["local"]]
        return "no guest now" + (f" ({', '.join(free)})" if free else "")

    def hand_to_bot(self, seat: int, name: str) -> None:
        """A bot plays this dropped seat until its player returns (net/standin.py; ValueError says why not)."""
        self.host.hand_to_bot(seat, name)

    def take_from_bot(self, seat: int) -> None:
        self.host.take_from_bot(seat)

    @property
    def bot_dropped(self) -> str:
        """The bot the host gives every dropped seat (`--bot-dropped`), or ""."""
        return str(getattr(self.host.host, "bot_dropped", "") or "")

    def vote(self, request: int, seat: int | None, agree: bool) -> None:
        self._asked.discard(request)
        if seat is not None:
            self.host.vote(request, seat, agree)

    def save(self, path: Any) -> None:
        self.host.save(path)  # after a failed journal write the host autosaves beside this file from now on

    def close(self) -> None:
        self.host.close()


def seat_label(seat: int | None, names: Mapping[int, str]) -> str:
    """A seat as a player reads it: "Seat 2", or with the name its player goes by "bob (Seat 2)"."""
    if seat is None:
        return "a spectator"
    plain = f"Seat {seat + 1}"
    name = names.get(seat) or plain
    return plain if name == plain else f"{name} ({plain})"


def _joined_as(player: Mapping[str, Any], names: Mapping[int, str], short: bool = False) -> str:
    """A joined player and the seat it plays: "bob joined as Seat 2" ("Seat 2 joined" when it has no name), or
    `short` "bob: Seat 2" ("Seat 2")."""
    seat = int(player["seat"])
    plain = f"Seat {seat + 1}"
    name = str(player.get("name") or names.get(seat) or plain)
    if short:
        return plain if name == plain else f"{name}: {plain}"
    return f"{plain} joined" if name == plain else f"{name} joined as {plain}"


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
