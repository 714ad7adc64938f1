"""Bot opponents at the table: seats played by `tabletop.rules.bots`, paced so a person can follow them.

Each frame the app calls `BotSeats.update(dt, submit)`; when the ruleset waits on a bot's seat and the bot's
delay has passed, the bot chooses one action and it goes through the same door as a person's (`submit`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.actions import Action
from ..core.session import Result, Session

__all__ = ["BOT_CHOICES", "BotSeats", "parse_bots"]

BOT_CHOICES = ("human", "random", "greedy")


def parse_bots(specs: list[str] | tuple[str, ...], seats: int | None = None) -> dict[int, str]:
    """`SEAT=NAME` strings (seats count from 1, NAME random or greedy) as {seat from 0: name}."""
    from ..rules.bots import BOTS

    out: dict[int, str] = {}
    for spec in specs:
        seat, sep, name = spec.partition("=")
        name = name.strip().lower()
        if not sep or not seat.strip().isdigit() or int(seat) < 1:
            raise ValueError(f"--bot wants SEAT=NAME (e.g. 2=greedy), not {spec!r}")
        if name not in BOTS:
            raise ValueError(f"no bot {name!r} (bots: {', '.join(BOTS)})")
        if seats is not None and int(seat) > seats:
            raise ValueError(f"--bot {spec}: there are only {seats} seats")
        out[int(seat) - 1] = name
    return out


class BotSeats:
    """The bots of one session, by seat, with their pacing."""

    def __init__(self, session: Session, names: Mapping[int, str], *, seed: int = 0, delay: float = 0.3) -> None:
        from ..rules.bots import make_bot

        self.session = session
        self.delay = delay
        self.names = {seat: name for seat, name in names.items() if seat in session.state.seats}
        self.bots: dict[int, Any] = {seat: make_bot(name, session.rules, seed + seat)  # type: ignore[arg-type]
                                     for seat, name in self.names.items()}
        self.wait = delay
        self._stuck: dict[int, int] = {}  # seat -> state seq at which its bot had nothing accepted to do
        self.acted = 0

    def waiting(self) -> list[int]:
        """Bot seats the game waits on now."""
        rules = self.session.rules
        waiting_for = getattr(rules, "waiting_for", None)
        state = self.session.state
        seats = waiting_for(state) if waiting_for is not None else list(state.seats)
        return [s for s in seats if s in self.bots and self._stuck.get(s) != state.seq]

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
        state = self.session.state
        for seat in seats:
            try:
                action = self.bots[seat].choose(state, seat)
            except Exception:  # a bot bug must not take the table down; the seat just stops playing
                action = None
            if action is None:
                self._stuck[seat] = state.seq
                continue
            result = submit(action, seat)
            if not result.accepted:
                self._stuck[seat] = state.seq
                continue
            self.acted += 1
            return result
        return None
