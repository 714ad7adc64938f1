"""The bots' plays of the cards played outside a skill check, so self-play plays them and the lab can measure them.

Two kinds of card are played outside the skill checks' windows: a phase card ("Play during the Briefing Phase to
...", "Play this card during the case assignment phase ...", `phase_plays`), in the steps of that phase, where it
opens a chain of its own (`PHASE_CHAIN`); and an anytime card ("Play this card at anytime during your turn ...",
`anytime`), in any step of its player's turn, where it resolves at once. The window's listing (`Moves.legal_moves`)
has them; this module gives the bots' short list (`Moves.generate_actions`) the same plays:

- `PhaseCards.first`, before a Briefing step's own moves: the plays of the hand's Briefing cards (played in their
  phase before its purchases spend the pools); `PhaseCards.plays`, after a step's own moves: the plays of the
  hand's Case Assignment cards (once the Sites they protect are placed) and, in its player's turn, of its anytime
  cards. Each is accepted by the strict `check` and paid for, leaving the pool what the hand keeps: an [RP] card
  the [RP] of its Sites and Equipment (`upkeep.rp_kept`, what the bots' purchases keep), a [CP] card the Cost of
  the hand's cheapest other [CP] card (to answer in a skill check). The greedy bot takes the first move that is
  not a pass, so it plays such a card where it is listed when the pool is spare, not always and not never;
- `PhaseCards.chain_moves`: while a phase chain is open (the step's own moves are refused, `xfc.chain_open`), the
  phase cards the seat may add to it, then the pass.

The listing is the playouts' hot path: a card's text is read once per card ref (`phase_steps`, `played_any_time`)
into a flag kept with the library's data (`known_traits`, which a new library or a live card edit replaces); whether
a table holds such a card at all is found once per table (`_in_game`), so the tables of most decks cost a test per
decision, and only a hand of a table that holds one is looked at; the checks run only for a hand holding one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.state import GameState
from .actions import Pass, PlayCard
from .anytime import played_any_time
from .phase_plays import PHASE_STEPS, phase_steps
from .table import active, pool_of
from .upkeep import rp_kept

if TYPE_CHECKING:
    from .moves import Moves

__all__ = ["ANY_TIME", "BRIEFING", "PHASED", "PhaseCards", "card_plays"]

#: the flag of a card played at any time of its player's turn, beside the steps of a phase card
ANY_TIME = "*"
#: the steps of the Briefing, where a phase card is played before the step's own moves (its purchases)
BRIEFING = frozenset(PHASE_STEPS["briefing"])
#: the steps in which a card's text may let it be played outside a skill check
PHASED = frozenset(step for steps in PHASE_STEPS.values() for step in steps)
#: the flags of a card played only in a skill check (most cards)
_NONE: frozenset[str] = frozenset()
_PASS = Pass()
_EMPTY: tuple[PlayCard, ...] = ()
#: no library: a table's answer is not kept (`PhaseCards._in_game`)
_UNSET = object()


class PhaseCards:
    """The bots' plays of phase cards and anytime cards (see the module), for the move lister `mv`."""

    def __init__(self, mv: Moves) -> None:
        self.mv = mv
        #: the library data the flags were read with (`known_traits`: a new dict once the library changes)
        self._token: object = None
        #: per card ref: the steps outside a skill check its text lets it be played in, ANY_TIME for an anytime card
        self._flags: dict[str | None, frozenset[str]] = {}
        #: the last table asked about (its `seat_names`, one object shared by every copy and fork of a table), its
        #: number of pieces, and whether one of its cards is played outside a skill check (`_in_game`)
        self._names: object = None
        self._count = -1
        self._any = False
        #: the card part, and the library (and its version) `_any` was found with: the listing's first test reads
        #: them without a call (`known_traits` asks the same)
        self._cards_part = mv.cards
        self._lib: object = _UNSET
        self._version = -1

    def _fresh(self) -> None:
        """Read the flags again once the library changed (a new library, a live card edit: `known_traits`)."""
        token = self.mv.known_traits()
        if token is not self._token:
            self._token, self._flags, self._names = token, {}, None

    def flags(self, ref: str | None) -> frozenset[str]:
        """The steps outside a skill check in which the card `ref` is played (`ANY_TIME`: any step of its player's
        turn), read from its text once per ref and library."""
        self._fresh()
        found = self._flags.get(ref)
        if found is None:
            rs = self.mv.ruleset
            found = phase_steps(rs, ref) | ({ANY_TIME} if played_any_time(rs, ref) else _NONE)
            self._flags[ref] = found
        return found

    def _in_game(self, state: GameState) -> bool:
        """Whether a card of this table is one played outside a skill check: the listing's first question, asked
        at most decisions and answered once per table (most decks hold no such card), again when the table has
        another number of pieces. The table is known by its `seat_names`, which its copies and forks share: a card
        the search deals a hidden piece of such a table is not listed (an omission, never an illegal move)."""
        self._fresh()
        if state.seat_names is self._names and len(state.pieces) == self._count:
            return self._any
        flags, flag = self._flags, self.flags
        refs = {p.card for p in state.pieces.values()}
        self._any = any([flags[r] if r in flags else flag(r) for r in refs])  # every ref read once
        self._names, self._count = state.seat_names, len(state.pieces)
        lib = self._cards_part.library  # (None until a game sets it: then `_in_game` is asked every time)
        self._lib, self._version = (lib, lib.version) if lib is not None else (_UNSET, -1)
        return self._any

    def _cards(self, state: GameState, seat: int, step: str, anytime: bool) -> list[str]:
        """The cards of `seat`'s hand played in `step` outside a skill check (`anytime`: the anytime cards too)."""
        zone = state.zones.get(f"hand:{seat}")
        if zone is None:
            return []
        flags, pieces = self._flags, state.pieces
        out = []
        for pid in zone.pieces:
            found = flags.get(pieces[pid].card)
            if found is None:
                found = self.flags(pieces[pid].card)
            if found and (step in found or (anytime and ANY_TIME in found)):
                out.append(pid)
        return out

    def first(self, state: GameState, seat: int, step: str) -> Sequence[PlayCard]:
        """Before a Briefing step's own moves (its purchases, `step` one of BRIEFING): the plays of `seat`'s phase
        cards named for `step`, played in their phase before its cards are bought."""
        lib = self._lib  # the table of the last listing, found to hold none, the library unchanged: no call
        if (state.seat_names is self._names and not self._any and len(state.pieces) == self._count
                and self._cards_part.library is lib and lib.version == self._version) or not self._in_game(state):  # type: ignore[attr-defined]
            return _EMPTY
        pids = self._cards(state, seat, step, False)
        return list(self._checked(state, seat, pids)) if pids else _EMPTY

    def plays(self, state: GameState, seat: int, step: str) -> Sequence[PlayCard]:
        """After the step's own moves (`step` outside a skill check): the plays of `seat`'s anytime cards in its own
        turn and, outside the Briefing (`first`), of its phase cards named for `step`; legal, paid for and leaving
        what the pool keeps for the hand."""
        lib = self._lib  # (as in `first`)
        if (state.seat_names is self._names and not self._any and len(state.pieces) == self._count
                and self._cards_part.library is lib and lib.version == self._version) or not self._in_game(state):  # type: ignore[attr-defined]
            return _EMPTY
        anytime = seat == active(state)
        if step in BRIEFING:
            if not anytime:
                return _EMPTY
            step = ""  # its phase cards were listed first
        elif not anytime and step not in PHASED:
            return _EMPTY
        pids = self._cards(state, seat, step, anytime)
        return list(self._checked(state, seat, pids)) if pids else _EMPTY

    def chain_moves(self, state: GameState, seat: int, step: str) -> list[Action]:
        """While a phase chain is open: the phase cards `seat` may add to it in `step` (as `first` lists them),
        then the pass."""
        pids = self._cards(state, seat, step, False) if self._in_game(state) else []
        return [*self._checked(state, seat, pids), _PASS] if pids else [_PASS]

    def _checked(self, state: GameState, seat: int, pids: list[str]) -> Iterator[PlayCard]:
        """Each way to play each card of `pids` the strict check accepts and `seat` can pay for, leaving the pool
        what the hand keeps (`_kept`); the greatest X first."""
        mv = self.mv
        for pid in pids:
            info = mv.pinfo(state, pid)
            kept: dict[str, int] = {}  # per pool, what the hand keeps beside this card
            for play in card_plays(mv, state, seat, pid, greatest_first=True):
                if not mv.can_pay(state, play, seat, info) or mv.check(state, play, seat):
                    continue
                pool = mv.pay_pool(state, info, seat, play.side)
                if pool not in kept:
                    kept[pool] = _kept(mv, state, seat, pool, pid)
                if pool_of(state, seat, pool) - info.x_cost(play.x) >= kept[pool]:
                    yield play  # not what the hand's other cards need of that pool


def _kept(mv: Moves, state: GameState, seat: int, pool: str, pid: str) -> int:
    """What `seat`'s pool keeps for its hand instead of playing the card `pid`: in [RP], what the Briefing purchase
    keeps (`upkeep.rp_kept`: its two cheapest Sites and its cheapest Equipment); in [CP], the Cost of the hand's
    cheapest other [CP] card, so a seat still answers in a skill check's window."""
    if pool == "rp":
        return rp_kept(mv, state, seat)
    costs = [info.cost for info in (mv.pinfo(state, p) for p in state.zones[f"hand:{seat}"].pieces if p != pid)
             if info.pool == "CP" and isinstance(info.cost, int)]
    return min(costs, default=0)


def card_plays(mv: Moves, state: GameState, seat: int, pid: str, greatest_first: bool = False) -> Iterator[PlayCard]:
    """Each way to play a card: each effect it names, each side of a *P card, each value of X its pool can pay
    (`greatest_first`: the greatest X first, as the bots try it; else from 0, as the full listing offers it)."""
    info = mv.pinfo(state, pid)
    choices = range(1, len(info.alternatives) + 1) if info.alternatives else (0,)
    sides = ("agents", "conspiracy") if info.pool == "*P" else ("",)
    for choice in choices:
        for side in sides:
            if info.cost is None:
                have = pool_of(state, seat, mv.pay_pool(state, info, seat, side))
                top = max(0, have - info.cost_extra) // max(1, info.cost_mult)
                for x in (range(top, -1, -1) if greatest_first else range(top + 1)):
                    yield PlayCard(pid, side, x, choice)
            else:
                yield PlayCard(pid, side, 0, choice)


