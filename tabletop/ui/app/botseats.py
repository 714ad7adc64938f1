"""Bot opponents at the table: seats played by `tabletop.rules.bots`, paced so a person can follow them.

Each frame the app calls `BotSeats.update(dt, submit)`; when the game waits on a bot's seat and it has legal moves
(as its stream says) and the bot's delay has passed, the bot chooses one action from what its stream brought and it goes through the same
door as a person's (`submit`). A search bot thinks in a worker process (tabletop.rules.thinking) from a snapshot of
its seat's knowledge: the frame returns at once, and the decision is submitted on a later frame only if the table
has not changed meanwhile (an undo, another seat, the host); otherwise it is dropped and the bot thinks again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.actions import Action
from ...core.session import Result, Session
from ...net.patches import PatchedView
from ...rules.thinking import TableClock, Thinker, known_choice, process_spec, snapshot_job, thinks_slowly

__all__ = ["BOT_CHOICES", "BotSeats", "parse_bots"]

BOT_CHOICES = ("human", "random", "greedy", "ismcts:easy", "ismcts", "ismcts:hard")
#: `_decision`'s answer while a search bot is still thinking
_THINKING = object()


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
    and lists legal moves for it. A search bot, and a greedy bot with `choose_known` (X-Files CCG's), decide
    instead from the seat's knowledge computed at the engine's edge (`search.knowledge`: its view, its rule state
    and deck list, the ruleset's moves for it), which lists the moves the bots play headless.
    """

    def __init__(self, session: Session, names: Mapping[int, str], *, seed: int = 0, delay: float = 0.3,
                 background: bool = True) -> None:
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
        #: search bots think in a worker process (False: inline, as headless self-play does)
        self.background = background
        self.seed = seed
        self.clock = TableClock(session)
        slow = background and any(thinks_slowly(bot) for bot in self.bots.values())
        self.thinker = Thinker(spec=process_spec(session.rules) if slow else None)
        self.thinker.warm()
        #: a finished decision waiting for its delay: ((seat, table changes when it was asked), action)
        self._ready: tuple[Any, Action | None] | None = None

    def close(self) -> None:
        """Stop following the table (the streams' listeners are removed, a pending decision is dropped)."""
        for seen in self.seen.values():
            seen.stream.close()
        self.thinker.close()
        self.clock.close()

    @property
    def thinking(self) -> bool:
        """Whether a search bot is deciding on the worker now."""
        return self.thinker.pending

    def settle(self, timeout: float | None = None) -> bool:
        """Block until a pending decision is ready (tests and scripts; the window never waits)."""
        return self.thinker.wait(timeout)

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
        """Let one waiting bot act if its delay has passed and its decision is ready; returns what the session
        answered. A search bot starts thinking as soon as its seat is waited on, so its delay and its thinking
        overlap."""
        seats = self.waiting()
        if not seats:
            self.wait = self.delay
            self._forget()
            return None
        self.wait -= dt
        if self.thinker.ready():
            self._ready = self.thinker.take()
        if self.wait > 1e-9:
            if self.background and thinks_slowly(self.bots[seats[0]]):
                self._decision(seats[0], ask_only=True)
            return None
        for seat in seats:
            action = self._decision(seat)
            if action is _THINKING:
                return None  # the delay has passed: submitted on the frame its decision is ready
            self.wait = self.delay
            seen = self.seen[seat]
            if action is None:
                self._stuck[seat] = seen.seq
                continue
            result = submit(action, seat)  # type: ignore[arg-type]
            if not result.accepted:
                self._stuck[seat] = seen.seq
                continue
            self.acted += 1
            return result
        return None

    def _forget(self) -> None:
        if self.thinker.pending:
            self.thinker.discard()
        self._ready = None

    def _decision(self, seat: int, ask_only: bool = False) -> Any:
        """The bot's action for `seat` (None: nothing it can do), or `_THINKING` while a search bot decides."""
        bot = self.bots[seat]
        if not thinks_slowly(bot):
            return None if ask_only else self._quick(bot, seat)
        key = (seat, self.clock.changes)
        if self._ready is not None:
            ready, self._ready = self._ready, None
            if ready[0] == key:
                if not ask_only:
                    return ready[1]
                self._ready = ready
                return _THINKING
            self.thinker.dropped += 1  # the table moved while it thought: think again from the table as it is
        if self.thinker.pending and self.thinker.key == key:
            return _THINKING
        try:
            job = snapshot_job(bot, self.session.state, seat, self.names[seat], self.seed + seat)
        except Exception:  # a bot bug must not take the table down; the seat just stops playing
            return None
        if not self.background:
            try:
                return job()
            except Exception:
                return None
        self.thinker.think(key, job)
        return _THINKING

    def _quick(self, bot: Any, seat: int) -> Action | None:
        """A quick bot's choice, made now: from the seat's knowledge where the bot reads it (`choose_known`), else
        from what its stream brought."""
        seen = self.seen[seat]
        try:
            if hasattr(bot, "choose_known"):
                return known_choice(bot, self.session.state, seat)
            if hasattr(bot, "choose_seen"):
                return bot.choose_seen(seen.view, seen.legal, seat)
            # a ruleset's own heuristic with no `choose_seen` yet reads the table (see `Bot`)
            return bot.choose(self.session.state, seat)
        except Exception:  # a bot bug must not take the table down; the seat just stops playing
            return None
