"""What a balance report needs from each self-play game beyond who won: cards played, the lead, decision times.

`GameTracker` watches one game as `simulate.play_session` plays it: every card a seat moved out of its hand into a
zone that is not a hand, deck or discard counts as played by that seat; the scores are read at every turn change
(lead changes: how often the strict leader changed); each bot decision is timed (a search bot times its own
decisions with two or more moves; others are timed per call). `restrict` bans a card from one seat before play.

During play the tracker does as little as it can per action: it keeps each action's piece moves as the session
recorded them (`kept`), and reads which cards they played once, at the end (`settle`), without a call per action.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.events import PieceMoved, PieceRemoved
from ..core.state import GameState

__all__ = ["GameTracker", "restrict_card"]

_NOT_PLAYED = ("hand", "deck", "discard")
#: per table layout (its zones' names and kinds, in order): its hands, and the zones a card is played into
_LAYOUTS: dict[tuple[tuple[str, str], ...], tuple[frozenset[str], frozenset[str]]] = {}


def _kind(state: GameState, zone: str) -> str:
    z = state.zones.get(zone)
    return (z.kind if z is not None and z.kind else zone.split(":")[0])


class GameTracker:
    """Collects one game's cards played, lead changes and decision times (see the module)."""

    def __init__(self, seats: int) -> None:
        self.played: list[set[str]] = [set() for _ in range(seats)]
        self.leader: int | None = None
        self.lead_changes = 0
        self.turn: Any = None
        #: per seat, its decision times in ms, as `timed` keeps them (`decision_ms` adds those kept in seconds)
        self.times: dict[int, list[float]] = {}
        #: per seat, decision times in seconds that a caller timed itself (`play_session`, without a call to `timed`
        #: per action); `decision_ms` turns them into ms as `timed` would have
        self.seconds: list[list[float]] = [[] for _ in range(seats)]
        #: the table's hand zones, and the zones a card moved into from a hand is played in, with the zones they were
        #: read from (`_read_zones`): a table makes its zones when it is built and keeps them all game
        self._zones: Any = None
        self._hands: frozenset[str] = frozenset()
        self._into_play: frozenset[str] = frozenset()
        #: per accepted action, its piece moves (`Result.moves`) and its seat, read at the end (`settle`)
        self.kept: list[tuple[Sequence[PieceMoved], int | None]] = []
        #: the scores `lead` last judged (a caller may skip calling `lead` with scores equal to these: no change)
        self.judged: list[Any] | None = None

    def timed(self, bot: Any, state: GameState, seat: int) -> Any:
        """The bot's next action, its decision time kept (in ms)."""
        own = getattr(bot, "decision_times", None)
        before = len(own) if own is not None else 0
        t0 = time.perf_counter()
        action = bot.choose(state, seat)
        spent = time.perf_counter() - t0
        if own is not None:
            self.times.setdefault(seat, []).extend(t * 1e3 for t in own[before:])
        else:
            self.times.setdefault(seat, []).append(spent * 1e3)
        return action

    def decision_ms(self, seat: int) -> list[float]:
        """The seat's decision times in ms to the microsecond: those `timed` kept, then those in `seconds`.

        `round(t * 1000) / 1000`, not `round(t, 3)`, whose correctly rounded decimal conversion per float was 2-3% of
        a self-play game (a time may differ from it in its last digit, once in a while)."""
        kept = [round(t * 1000) / 1000 for t in self.times.get(seat, ())]
        return kept + [round(t * 1e6) / 1000 for t in self.seconds[seat]]

    def saw(self, state: GameState, events: Sequence[Any], seat: int | None, scores: Any) -> None:
        """After an accepted action: the cards it played, and the lead when the turn changed."""
        self.moves(state, events, seat)
        turn = state.rules.get("turn")
        if turn != self.turn:
            self.turn = turn
            self.lead(scores())

    def moves(self, state: GameState, events: Sequence[Any], seat: int | None) -> None:
        """The cards an accepted action played (`saw` without the lead: a caller that watches the turn itself)."""
        self.moved(state, [e for e in events if type(e) is PieceMoved], seat)

    def moved(self, state: GameState, moves: Sequence[PieceMoved], seat: int | None) -> None:
        """`moves` given only the action's `PieceMoved` events, in order (`Result.moves`, as the session's
        transactions recorded them: no scan of every event)."""
        if state.zones is not self._zones:
            self._read_zones(state)
        hands, into_play = self._hands, self._into_play
        for e in moves:
            if e.src in hands and e.dst in into_play:  # most moves are not out of a hand: two set lookups
                piece = state.pieces.get(e.pid)
                if piece is None or not piece.card:
                    continue
                who = piece.owner if piece.owner is not None else seat
                if who is not None and 0 <= who < len(self.played):
                    self.played[who].add(piece.card)

    def settle(self, state: GameState, history: Iterable[Any] = ()) -> None:
        """Read the moves `kept` during play into `played`, as `moved` would have read them action by action.

        A table keeps its zones all game, and a piece its card and owner, so the table at the end tells which moves
        played a card (a card played and later removed from the game is found among the `history`'s removals)."""
        kept, self.kept = self.kept, []
        if state.zones is not self._zones:
            self._read_zones(state)
        hands, into_play = self._hands, self._into_play
        found = []
        for moves, seat in kept:
            for e in moves:
                if e.src in hands and e.dst in into_play:  # most moves are not out of a hand: two set lookups
                    found.append((e.pid, seat))
        pieces = state.pieces
        played = self.played
        gone: dict[str, tuple[Any, Any]] | None = None
        for pid, seat in found:
            piece = pieces.get(pid)
            if piece is not None:
                card, owner = piece.card, piece.owner
            else:
                gone = _removed(history) if gone is None else gone
                card, owner = gone.get(pid, (None, None))
            who = owner if owner is not None else seat
            if card and who is not None and 0 <= who < len(played):
                played[who].add(card)

    def _read_zones(self, state: GameState) -> None:
        """Which zones are hands, and which count as play (`_NOT_PLAYED` do not), read once per table (and found
        again for a table laid out as one before: every game of a ruleset and seat count)."""
        zones = self._zones = state.zones
        key = tuple([(name, z.kind) for name, z in zones.items()])
        found = _LAYOUTS.get(key)
        if found is None:
            kinds = {name: _kind(state, name) for name in zones}
            if len(_LAYOUTS) >= 64:
                _LAYOUTS.clear()
            found = _LAYOUTS[key] = (frozenset(name for name, kind in kinds.items() if kind == "hand"),
                                     frozenset(name for name, kind in kinds.items() if kind not in _NOT_PLAYED))
        self._hands, self._into_play = found

    def lead(self, scores: Any) -> None:
        if not isinstance(scores, list) or len(scores) < 2:
            return
        if scores == self.judged:  # the same scores name the same leader: nothing changes (most turn changes)
            return
        self.judged = list(scores)
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        leader = leaders[0] if len(leaders) == 1 else None
        if leader is not None and leader != self.leader:
            if self.leader is not None:
                self.lead_changes += 1
            self.leader = leader


def _removed(history: Iterable[Any]) -> dict[str, tuple[Any, Any]]:
    """The card and owner of every piece the log removed from the game (its last removal)."""
    out: dict[str, tuple[Any, Any]] = {}
    for entry in history:
        for e in entry.events:
            if type(e) is PieceRemoved:
                out[e.piece["id"]] = (e.piece.get("card"), e.piece.get("owner"))
    return out


def restrict_card(state: GameState, ref: str, seat: int) -> int:
    """Ban card `ref` from `seat` before play: its copies leave the table; one in hand is replaced from the deck's
    top. Returns how many copies were removed. Used by the lab's `--restrict` on a freshly set-up table, before
    any session logs it (the changes go through `Tx`, whose events are then dropped)."""
    from ..core.tx import Tx
    from .kit import put_on

    removed = 0
    deck = state.seat_zone("deck", seat)
    tx = Tx(state)
    for pid in [p for p, piece in state.pieces.items() if piece.card == ref and piece.owner == seat]:
        hand = state.pieces[pid].zone
        tx.remove_piece(pid)
        removed += 1
        if _kind(state, hand) == "hand" and deck is not None:
            swap = next((q for q in state.zones[deck].pieces if state.pieces[q].card != ref), None)
            if swap is not None:
                put_on(state, swap, hand)
                state.own(swap).known = frozenset((seat,))
    return removed
