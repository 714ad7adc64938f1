"""The table source of a hosted LAN game: this window plays the host's local seat of a `Session` that an
`EmbeddedHost` serves; every change goes through the host, so the other seats get it at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import actions as A
from ...core.session import Result
from ...core.stream import SeatStream
from .news import PLAYER_EVENTS, host_news
from .source import Happening, LocalSource, seat_label
from .streams import Stream, _HostedStream

__all__ = ["HostedSource"]


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


def _joined_as(player: Mapping[str, Any], names: Mapping[int, str], short: bool = False) -> str:
    """A joined player and the seat it plays: "bob joined as Seat 2" ("Seat 2 joined" when it has no name), or
    `short` "bob: Seat 2" ("Seat 2")."""
    seat = int(player["seat"])
    plain = f"Seat {seat + 1}"
    name = str(player.get("name") or names.get(seat) or plain)
    if short:
        return plain if name == plain else f"{name}: {plain}"
    return f"{plain} joined" if name == plain else f"{name} joined as {plain}"
