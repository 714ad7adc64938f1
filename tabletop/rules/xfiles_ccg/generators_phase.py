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
into a flag kept with the library's data (`known_traits`, which a new library or a live card edit replaces), and a
step's listing only looks at the hand's refs; the checks run only for a hand that holds such a card.
"""

from __future__ import annotations

from collections.abc import Iterator
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

__all__ = ["ANY_TIME", "BRIEFING", "PHASED", "PhaseCards"]

#: the flag of a card played at any time of its player's turn, beside the steps of a phase card
ANY_TIME = "*"
#: the steps of the Briefing, where a phase card is played before the step's own moves (its purchases)
BRIEFING = frozenset(PHASE_STEPS["briefing"])
#: the steps in which a card's text may let it be played outside a skill check
PHASED = frozenset(step for steps in PHASE_STEPS.values() for step in steps)
#: the flags of a card played only in a skill check (most cards)
_NONE: frozenset[str] = frozenset()
_PASS = Pass()


class PhaseCards:
    """The bots' plays of phase cards and anytime cards (see the module), for the move lister `mv`."""

    def __init__(self, mv: Moves) -> None:
        self.mv = mv
        #: the library data the flags were read with (`known_traits`: a new dict once the library changes)
        self._token: object = None
        #: per card ref: the steps outside a skill check its text lets it be played in, ANY_TIME for an anytime card
        self._flags: dict[str | None, frozenset[str]] = {}

    def flags(self, ref: str | None) -> frozenset[str]:
        """The steps outside a skill check in which the card `ref` is played (`ANY_TIME`: any step of its player's
        turn), read from its text once per ref and library."""
        token = self.mv.known_traits()
        if token is not self._token:
            self._token, self._flags = token, {}
        found = self._flags.get(ref)
        if found is None:
            rs = self.mv.ruleset
            found = phase_steps(rs, ref) | ({ANY_TIME} if played_any_time(rs, ref) else _NONE)
            self._flags[ref] = found
        return found

    def _special(self, state: GameState, seat: int, step: str, anytime: bool) -> list[str]:
        """The cards of `seat`'s hand played in `step` outside a skill check (`anytime`: the anytime cards too)."""
        zone = state.zones.get(f"hand:{seat}")
        if zone is None or not zone.pieces:
            return []
        token = self.mv.known_traits()
        if token is not self._token:
            self._token, self._flags = token, {}
        flags, pieces, flag = self._flags, state.pieces, self.flags
        out = []
        for pid in zone.pieces:
            ref = pieces[pid].card
            found = flags.get(ref)
            if found is None:
                found = flag(ref)
            if found and (step in found or (anytime and ANY_TIME in found)):
                out.append(pid)
        return out

    def first(self, state: GameState, seat: int, step: str) -> list[PlayCard]:
        """Before a Briefing step's own moves (its purchases, `step` one of BRIEFING): the plays of `seat`'s phase
        cards named for `step`, played in their phase before its cards are bought."""
        pids = self._special(state, seat, step, False)
        return list(self._checked(state, seat, pids)) if pids else []

    def plays(self, state: GameState, seat: int, step: str) -> list[PlayCard]:
        """After the step's own moves (`step` outside a skill check): the plays of `seat`'s anytime cards in its own
        turn and, outside the Briefing (`first`), of its phase cards named for `step`; legal, paid for and leaving
        what the pool keeps for the hand."""
        anytime = seat == active(state)
        if step in BRIEFING:
            if not anytime:
                return []
            step = ""  # its phase cards were listed first
        elif not anytime and step not in PHASED:
            return []
        pids = self._special(state, seat, step, anytime)
        return list(self._checked(state, seat, pids)) if pids else []

    def chain_moves(self, state: GameState, seat: int, step: str) -> list[Action]:
        """While a phase chain is open: the phase cards `seat` may add to it in `step` (as `first` lists them),
        then the pass."""
        pids = self._special(state, seat, step, False)
        return [*self._checked(state, seat, pids), _PASS] if pids else [_PASS]

    def _checked(self, state: GameState, seat: int, pids: list[str]) -> Iterator[PlayCard]:
        """Each way to play each card of `pids` the strict check accepts and `seat` can pay for, leaving the pool
        what the hand keeps (`_kept`); the greatest X first."""
        mv = self.mv
        for pid in pids:
            info = mv.pinfo(state, pid)
            kept: dict[str, int] = {}  # per pool, what the hand keeps beside this card
            for play in _ways(mv, state, seat, pid):
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


def _ways(mv: Moves, state: GameState, seat: int, pid: str) -> Iterator[PlayCard]:
    """Each way to play a card (`moves._plays`): each effect it names, each side of a *P card, each value of X its
    pool can pay, the greatest first."""
    info = mv.pinfo(state, pid)
    choices = range(1, len(info.alternatives) + 1) if info.alternatives else (0,)
    sides = ("agents", "conspiracy") if info.pool == "*P" else ("",)
    for choice in choices:
        for side in sides:
            if info.cost is None:
                have = pool_of(state, seat, mv.pay_pool(state, info, seat, side))
                for x in range(max(0, have - info.cost_extra) // max(1, info.cost_mult), -1, -1):
                    yield PlayCard(pid, side, x, choice)
            else:
                yield PlayCard(pid, side, 0, choice)
