"""Stand-in bots: a dropped LAN player's seat is played by a bot until its player comes back with its seat token.

The host hands a dropped seat to a bot (`serve`/`host --bot-dropped NAME` does it for every seat that drops; the
hosting window has a link beside the seat). The bot decides from that seat's knowledge alone, as every bot does:
a search bot from `search.knowledge` (the seat's view, its rule state as it may know it, its deck list, its legal
moves as its view names them), a quick bot from the seat's view and legal-move summary. A search bot thinks in a
worker process (rules/thinking.py) and its move is submitted on the host's loop only if the table has not changed
meanwhile. When the player rejoins (a `joined` with that seat), the bot stops at once and any decision it was making
is dropped. The players list marks the seat with `"bot": NAME` while a bot plays it (docs/PROTOCOL.md), so every
window can say so in its log (`bot_news`), and the host's own log gets a `bot_on` / `bot_off` event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .hostevents import HostEvent

__all__ = ["StandIns", "bot_news"]


def _who(player: dict[str, Any] | None, seat: int) -> str:
    name = str((player or {}).get("name") or "")
    plain = f"Seat {seat + 1}"
    return plain if not name or name == plain else f"{name} ({plain})"


def bot_news(before: Sequence[dict[str, Any]], after: Sequence[dict[str, Any]]) -> list[str]:
    """What changed about stand-in bots between two players lists, as log lines every window shows:
    "bob (Seat 2) dropped; a bot plays it until they return", "bob is back", or that the host stopped the bot."""
    old = {int(p["seat"]): p for p in before if "seat" in p}
    out = []
    for p in after:
        seat = int(p["seat"])
        was = old.get(seat) or {}
        who = _who(p, seat)
        if p.get("bot") and not was.get("bot"):
            out.append(f"{who} dropped; a bot ({p['bot']}) plays it until they return")
        elif was.get("bot") and not p.get("bot"):
            name = str(p.get("name") or f"Seat {seat + 1}")
            out.append(f"{name} is back" if p.get("connected") else
                       f"The bot stops playing {who}; the seat waits for its player")
    return out


class StandIns:
    """The stand-in bots of one host, run on the host's loop (every method is called there).

    `protocol` is the `HostProtocol`; `auto` the bot given every seat that drops ("": only when the host asks,
    `hand`); `wake(fn)` runs `fn` soon on the host's loop (thread-safe: a worker's answer comes back through it);
    `pump()` sends what the protocol queued. `background=False` decides inline (tests, deterministic).
    """

    def __init__(self, protocol: Any, *, auto: str = "", seed: int = 0,
                 wake: Callable[[Callable[[], None]], None], pump: Callable[[], None] = lambda: None,
                 background: bool = True) -> None:
        from ..rules.bots import is_bot
        from ..rules.thinking import TableClock, Thinker, process_spec

        if auto and not is_bot(auto):
            raise ValueError(f"--bot-dropped: no bot {auto!r}")
        self.protocol = protocol
        self.session = protocol.session
        self.auto = auto
        self.seed = seed
        self.wake = wake
        self.pump = pump
        self.background = background
        self.bots: dict[int, Any] = {}
        self.clock = TableClock(self.session)
        self.thinker = Thinker(on_done=lambda: wake(self.step), name="tabletop-standin",
                               spec=process_spec(self.session.rules) if background else None)
        self._ready: tuple[Any, Any] | None = None
        #: seat -> table changes at which its bot had nothing accepted to do (it waits for the table to move)
        self._stuck: dict[int, int] = {}
        #: moves the stand-ins made
        self.acted = 0
        #: called with (seat, bot) for each stand-in made, before it decides anything (tests record its inputs)
        self.on_bot: Callable[[int, Any], None] | None = None
        self.session.listeners.append(self._changed)

    @property
    def held(self) -> dict[int, str]:
        """Seats a bot plays now, with the bot's name (the protocol's players list reads it)."""
        return self.protocol.bot_seats

    def close(self) -> None:
        self.thinker.close()
        self.clock.close()
        if self._changed in self.session.listeners:
            self.session.listeners.remove(self._changed)

    # -- who plays --

    def saw(self, ev: HostEvent) -> None:
        """A host event went by: a drop hands the seat to the `auto` bot, a return takes it back, a vote is
        answered for the seats bots hold."""
        if ev.seat is not None and ev.kind == "left" and self.auto and ev.seat not in self.held \
                and ev.seat not in self.protocol.connected_seats():
            self.hand(ev.seat, self.auto)
        elif ev.seat is not None and ev.kind in ("joined", "claimed") and ev.seat in self.held:
            self.release(ev.seat, back=True)
        elif ev.kind == "undo_vote":
            self.wake(self._answer_votes)
        elif ev.kind in ("resumed", "autosave_resumed"):  # the host takes changes again: the bots play on
            self.wake(self.step)

    def hand(self, seat: int, name: str) -> None:
        """Give `seat` to the bot `name` until its player returns (raises ValueError when it cannot be: a seat
        that does not exist, is played at the host, has its player connected or was never taken)."""
        from ..rules.bots import make_bot

        p = self.protocol
        if seat not in self.session.state.seats:
            raise ValueError(f"there is no seat {seat + 1}")
        if seat in p.local_seats:
            raise ValueError(f"seat {seat + 1} is played at the host")
        if seat in p.connected_seats():
            raise ValueError(f"seat {seat + 1} has its player at the table")
        if seat not in p.records:
            raise ValueError(f"seat {seat + 1} has no player to stand in for (nobody has taken it)")
        bot = make_bot(name, self.session.rules, self.seed + seat)  # type: ignore[arg-type]
        if self.background and hasattr(bot, "decide"):
            self.thinker.warm()
        if self.on_bot is not None:
            self.on_bot(seat, bot)
        self.bots[seat] = bot
        self.held[seat] = name
        self._stuck.pop(seat, None)
        who = self._who(seat)
        p._events.append(HostEvent("bot_on", None, seat, f"{who} dropped; a bot ({name}) plays it until they return"))
        p._broadcast_players()
        self.wake(self.pump)
        self.wake(self.step)
        self.wake(self._answer_votes)

    def release(self, seat: int, back: bool = False) -> None:
        """The bot stops playing `seat` (its player is `back`, or the host took the bot away)."""
        if seat not in self.held:
            return
        self.held.pop(seat)
        self.bots.pop(seat, None)
        key = self.thinker.key
        if self.thinker.pending and isinstance(key, tuple) and key[0] == seat:
            self.thinker.discard()
        if self._ready is not None and self._ready[0][0] == seat:
            self._ready = None
        p = self.protocol
        rec = p.records.get(seat)
        name = (rec.name if rec is not None and rec.name else "") or f"Seat {seat + 1}"
        text = f"{name} is back" if back else f"The bot stops playing {self._who(seat)}; the seat waits for its player"
        p._events.append(HostEvent("bot_off", None, seat, text))
        p._broadcast_players()
        self.wake(self.pump)

    def _who(self, seat: int) -> str:
        rec = self.protocol.records.get(seat)
        player = next((q for q in self.session.state.players if q.seat == seat), None)
        name = (rec.name if rec is not None and rec.name else "") or (player.name if player is not None else "")
        return _who({"name": name}, seat)

    # -- playing --

    def _changed(self, kind: str, entry: Any) -> None:
        if self.bots:
            self.wake(self.step)

    def _waited_on(self, seat: int) -> bool:
        rules = self.session.rules
        try:
            return seat in rules.waiting_for(self.session.state)
        except Exception:  # a ruleset without turns (the sandbox): its bots have nothing to wait for
            return False

    def step(self) -> None:
        """Let a stand-in act if the game waits on its seat: submit a ready decision made for the table as it
        still is, else start one (a stale one is dropped and thought again)."""
        p = self.protocol
        if self.thinker.ready():
            self._ready = self.thinker.take()
        if not self.bots or p.halted or p.paused:
            return
        now = self.clock.changes
        for seat in sorted(self.bots):
            if not self._waited_on(seat) or self._stuck.get(seat) == now:
                continue
            key = (seat, now)
            if self._ready is not None:
                ready, self._ready = self._ready, None
                if ready[0] == key:
                    self._submit(seat, ready[1], now)
                    return
                self.thinker.dropped += 1  # the table moved while it thought
            if self.thinker.pending:
                if self.thinker.key == key:
                    return
                self.thinker.discard()
            self._decide(seat, key)
            return
        self._ready = None
        if self.thinker.pending:
            self.thinker.discard()

    def _decide(self, seat: int, key: tuple[int, int]) -> None:
        from ..rules.thinking import snapshot_job, thinks_slowly

        bot = self.bots[seat]
        try:
            if not thinks_slowly(bot):
                self._submit(seat, self._quick(bot, seat), key[1])
                return
            job = snapshot_job(bot, self.session.state, seat, self.held[seat], self.seed + seat)
        except Exception:  # a bot bug: the seat waits for its player, the host goes on
            self._stuck[seat] = key[1]
            return
        if not self.background:
            try:
                action = job()
            except Exception:
                action = None
            self._submit(seat, action, key[1])
            return
        self.thinker.think(key, job)

    def _quick(self, bot: Any, seat: int) -> Any:
        """A quick bot's choice, as a window's bot seat makes it: from the seat's knowledge where the bot reads it
        (`choose_known`), else from the seat's view and its whole legal-move list."""
        from ..core.legal import LEGAL_CAP, legal_summary
        from ..rules.thinking import known_choice

        if hasattr(bot, "choose_known"):
            return known_choice(bot, self.session.state, seat)
        legal = legal_summary(self.session, seat, list_cap=LEGAL_CAP, kind_cap=LEGAL_CAP)
        return bot.choose_seen(self.session.view(seat), legal, seat)

    def _submit(self, seat: int, action: Any, changes: int) -> None:
        if action is None:
            self._stuck[seat] = changes
            return
        result = self.protocol.submit_local(action, seat)
        if not result.accepted:
            self._stuck[seat] = changes
            return
        self.acted += 1
        self.wake(self.pump)

    def _answer_votes(self) -> None:
        """A seat a bot holds answers an undo vote as its player would be asked: yes only to taking back a move
        its seat made (`undo_vote` of the bot)."""
        p = self.protocol
        for vote in list(p._votes.values()):
            target = next((e for e in reversed(self.session.history) if e.seq == vote.entry_seq), None)
            for seat in sorted(set(vote.needs) & set(self.bots)):
                bot = self.bots[seat]
                entry_seat = target.seat if target is not None else None
                agree = getattr(bot, "undo_vote", lambda who, me: who == me)(entry_seat, seat)
                p.vote_local(vote.id, seat, agree)
        self.pump()
