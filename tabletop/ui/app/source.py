"""Table sources: what the window plays on, so one app serves a local game, a hosted LAN game and a joined one.

A source gives the window the seat's stream (view patches, the log lines as the seat may read them, status, legal
moves: tabletop.core.stream), a door for Actions, undo and redo, and what happened on the network since the last
frame. The app never asks which kind it has; it asks the source.

- `LocalSource`: a `Session` on this machine (hotseat, bots, scripts).
- `HostedSource` (hosted.py): a `Session` served to the LAN by an `EmbeddedHost`; this window plays the host's local
  seat and every change goes through the host, so the other seats get it at once.
- `RemoteSource` (remote.py): a seat at someone else's table through a `ClientThread`; the view is the one the host
  sent, actions are answered a moment later (as a `result` happening).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core import actions as A
from ...core.session import Result, Session
from ...core.stream import SeatStream
from .streams import Background, Stream

__all__ = ["Background", "Happening", "LocalSource", "LogRow", "Stream", "TableSource", "seat_label"]


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


def seat_label(seat: int | None, names: Mapping[int, str]) -> str:
    """A seat as a player reads it: "Seat 2", or with the name its player goes by "bob (Seat 2)"."""
    if seat is None:
        return "a spectator"
    plain = f"Seat {seat + 1}"
    name = names.get(seat) or plain
    return plain if name == plain else f"{name} ({plain})"
