"""Bot opponents at the table: seats played by `tabletop.rules.bots`, paced so a person can follow them.

Each frame the app calls `BotSeats.update(dt, submit)`; when the game waits on a bot's seat and it has legal moves
(as its stream says) and the bot's delay has passed, the bot chooses one action from what its stream brought and it goes through the same
door as a person's (`submit`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.actions import Action
from ...core.session import Result, Session
from ...net.patches import PatchedView

__all__ = ["BOT_CHOICES", "BotSeats", "parse_bots"]

BOT_CHOICES = ("human", "random", "greedy", "ismcts:easy", "ismcts", "ismcts:hard")


def parse_bots(specs: list[str] | tuple[str, ...], seats: int | None = None) -> dict[int, str]:
    """`SEAT=NAME` strings (seats count from 1, NAME random, greedy or ismcts[:easy|hard|N]) as {seat from 0: name}."""
    from ...rules.bots import BOTS, is_bot

    out: dict[int, str] = {}
    for spec in specs:
        seat, sep, name = spec.partition("=")
        name = name.strip().lower()
        if not sep or not seat.strip().isdigit() or int(seat) < 1:
            raise ValueError(f"--bot wants SEAT=NAME (e.g. 2=greedy), not {spec!r}")
        if not is_bot(name):
            raise ValueError(f"no bot {name!r} (bots: {', '.join(BOTS)})")
        if seats is not None and int(seat) > seats:
            raise ValueError(f"--bot {spec}: there are only {seats} seats")
        out[int(seat) - 1] = name
    return out


class _Seen:
    """What one bot seat knows: its view and legal moves, kept from its stream as a window keeps them."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.patched: PatchedView | None = None
        self.view: dict[str, Any] = {}
        self.legal: dict[str, Any] | None = None
        self.seq = -1

    def catch_up(self) -> None:
        for item in self.stream.take():
            if item.view is not None:
                self.patched = PatchedView(item.view, checked=False)
                self.view = item.view
            elif item.patch is not None and self.patched is not None:
                if item.seq <= self.seq:
                    continue
                if item.base != self.seq:  # a gap: start again from a whole view
                    self.stream.resync()
                    continue
                self.view = self.patched.apply({**item.patch, "seq": item.seq})
            self.seq = item.seq
            self.legal = item.legal


class BotSeats:
    """The bots of one table, by seat, with their pacing.

    Each bot seat reads its own stream (tabletop.core.stream: its view and its legal moves, listed in full), the
    one a window or a joined client of that seat gets, and decides from that alone (`Bot.choose_seen`); its
    action goes through the same door as a person's. A bot acts when its stream says the game waits on its seat
    and lists legal moves for it.
    """

    def __init__(self, session: Session, names: Mapping[int, str], *, seed: int = 0, delay: float = 0.3) -> None:
        from ...core.stream import LEGAL_CAP, SeatStream
        from ...rules.bots import make_bot

        self.session = session
        self.delay = delay
        self.names = {seat: name for seat, name in names.items() if seat in session.state.seats}
        self.bots: dict[int, Any] = {seat: make_bot(name, session.rules, seed + seat)  # type: ignore[arg-type]
                                     for seat, name in self.names.items()}
        self.seen = {seat: _Seen(SeatStream(session, seat, moves=LEGAL_CAP)) for seat in self.bots}
        self.wait = delay
        self._stuck: dict[int, int] = {}  # seat -> view seq at which its bot had nothing accepted to do
        self.acted = 0

    def close(self) -> None:
        """Stop following the table (the streams' listeners are removed)."""
        for seen in self.seen.values():
            seen.stream.close()

    def consents(self, entry_seat: int | None) -> set[int]:
        """The bot seats that agree to undo an entry made by `entry_seat`: as its player would be asked, a bot
        agrees only to take back its own last move."""
        return {seat for seat, bot in self.bots.items()
                if getattr(bot, "undo_vote", lambda who, me: who == me)(entry_seat, seat)}

    def waiting(self) -> list[int]:
        """Bot seats that have something to do now, as their streams say."""
        out = []
        for seat, seen in self.seen.items():
            seen.catch_up()
            legal = seen.legal
            if legal and seat in legal.get("waiting", [seat]) and legal.get("moves") and self._stuck.get(seat) != seen.seq:
                out.append(seat)
        return out

    def update(self, dt: float, submit: Callable[[Action, int], Result]) -> Result | None:
        """Let one waiting bot act if its delay has passed; returns what the session answered."""
        seats = self.waiting()
        if not seats:
            self.wait = self.delay
            return None
        self.wait -= dt
        if self.wait > 1e-9:
            return None
        self.wait = self.delay
        for seat in seats:
            seen = self.seen[seat]
            bot = self.bots[seat]
            try:
                if hasattr(bot, "decide"):  # the search bot: its seat's knowledge, made at the engine's edge
                    action = bot.choose(self.session.state, seat)
                elif hasattr(bot, "choose_seen"):
                    action = bot.choose_seen(seen.view, seen.legal, seat)
                else:  # a ruleset's own heuristic with no `choose_seen` yet reads the table (see `Bot`)
                    action = bot.choose(self.session.state, seat)
            except Exception:  # a bot bug must not take the table down; the seat just stops playing
                action = None
            if action is None:
                self._stuck[seat] = seen.seq
                continue
            result = submit(action, seat)
            if not result.accepted:
                self._stuck[seat] = seen.seq
                continue
            self.acted += 1
            return result
        return None
