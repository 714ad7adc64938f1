"""Per-ruleset hooks of the search bot: how a cut-off playout is scored, and how hidden cards are dealt.

A ruleset may define `heuristic(state) -> [value per seat in 0..1]` and `sample_hidden(state, seat, rng, know)` on
itself; otherwise the entries here, keyed by ruleset name, are used, and else the kit defaults: the seats' scores
(the status's `scores`, or the players' first counter) and the default sampler (`search.sampler`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from .ccg import ccg_question_choice, likely_xfiles
from .fan import FanDeal, fan_choice, fan_observe
from .heuristics import ccg_heuristic, ccg_question, fan_heuristic, fan_points, spread
from .sampler import CardPool, Deal
from .tragedy import tragedy_choice, tragedy_heuristic

__all__ = ["BUDGETS", "CHOOSERS", "GAINS", "HEURISTICS", "HORIZONS", "LEAVES", "MARGINS", "OBSERVERS", "SAMPLERS", "DealMaker", "Heuristic", "evaluate",
           "gains_at", "sampler_for", "score_heuristic"]

Heuristic = Callable[[Any, GameState], list[float]]
#: what makes a decision's deal: (ruleset, the table as the seat knows it, seat, knowledge, pool) -> deal(state, rng)
DealMaker = Callable[[Any, GameState, int, dict[str, Any], CardPool], Callable[[GameState, random.Random], None]]


def counter_heuristic(counter: str, scale: float) -> Heuristic:
    """Score by one player counter (favor, points), `scale` being a clear lead."""
    def h(rules: Any, state: GameState) -> list[float]:
        return spread([float(p.counters.get(counter, 0)) for p in state.players], scale)
    return h


def score_heuristic(rules: Any, state: GameState) -> list[float]:
    """The kit default: the status's scores (else each player's first counter), a lead of 10 being clear."""
    scores = None
    try:
        scores = rules.status(state, None).get("scores")
    except Exception:  # noqa: BLE001 - a status that cannot be shown for an imagined table scores it level
        scores = None
    if not isinstance(scores, list) or len(scores) != len(state.players):
        scores = [float(next(iter(p.counters.values()), 0)) for p in state.players]
    return spread([float(x or 0) for x in scores], 10.0)


class _CcgDeal(Deal):
    """The default deal, then each opponent's X-File drawn from those the seat's Notebook still allows, of the sets
    the game is seen to be played with (`ccg.likely_xfiles`)."""

    def __init__(self, rules: Any, state: GameState, seat: int, know: dict[str, Any], pool: CardPool) -> None:
        super().__init__(state, seat, know, pool)
        self.xfiles: list[tuple[str, list[str]]] = []
        try:
            by_name = {x.name: x.ref for x in rules.xfiles()}
            for opp in rules.notebook(state, seat)["opponents"]:
                zone = state.zones.get(f"xfile:{opp['seat']}")
                cands = [by_name[c["name"]] for c in likely_xfiles(rules, pool, opp["seat"], opp["candidates"])
                         if c["name"] in by_name]
                if zone is not None and cands:
                    self.xfiles += [(pid, cands) for pid in zone.pieces if state.pieces[pid].card is None]
        except (AttributeError, KeyError, TypeError):
            pass  # a ruleset without a Notebook keeps the default deal

    def __call__(self, state: GameState, rng: random.Random) -> None:
        super().__call__(state, rng)
        for pid, cands in self.xfiles:
            state.own(pid).card = rng.choice(cands)


HEURISTICS: dict[str, Heuristic] = {
    "tragedy": tragedy_heuristic,
    "xfiles-fan": fan_heuristic,
    "xfiles-ccg": ccg_heuristic,
}
SAMPLERS: dict[str, DealMaker] = {"xfiles-ccg": _CcgDeal, "xfiles-fan": FanDeal}


#: per ruleset: what the search notes at every decision of its seat's, forced ones too (into its `CardPool.notes`)
OBSERVERS: dict[str, Callable[[Any, GameState, int, dict[str, Any], CardPool], None]] = {"xfiles-fan": fan_observe}
#: per ruleset: a decision taken by a rule of thumb instead of the search (None: search), for what playouts cannot
#: judge
CHOOSERS: dict[str, Callable[[Any, GameState, dict[str, Any], CardPool, Any], Action | None]] = {
    "xfiles-fan": fan_choice, "xfiles-ccg": ccg_question_choice, "tragedy": tragedy_choice}


#: the search's iterations per decision at each level, scaled per ruleset: those whose decisions are cheap get more of
#: them (each still well under the 1 s a decision may take at the default level, bench/bench_strength.py)
BUDGETS: dict[str, float] = {"tragedy": 2.0, "xfiles-ccg": 1.5}

#: how much better than its playout policy's move (mean value, 0..1) a move must score to be played instead, where
#: the policy is a sound rule of thumb the short playouts cannot tell apart from passing (X-Files CCG: acting now)
MARGINS: dict[str, float] = {"xfiles-ccg": 0.05, "tragedy": 0.05}

#: rulesets whose cut-off playouts are scored by what each seat *gained* on the others since the decision (its points
#: per seat, the scale of a clear gain), not by the lead alone: a seat far behind (or ahead) would otherwise find
#: every move scored alike (a squashed lead of 80 points is 0.02 whatever it plays) and choose by noise
GAINS: dict[str, tuple[Callable[[Any, GameState], list[float]], float]] = {"xfiles-fan": (fan_points, 20.0)}

#: a playout ends where this finds a value (per seat, 0..1): a point of chance it scores by expectation rather than
#: by one throw (X-Files CCG: a successful check's question, see `heuristics.ccg_question`)
LEAVES: dict[str, Callable[[Any, GameState], list[float] | None]] = {"xfiles-ccg": ccg_question}

#: playouts end when the rule state's `turn` has moved on this many times (else after the bot's depth in actions)
HORIZONS: dict[str, int] = {"tragedy": 2, "xfiles-ccg": 2}


def gains_at(rules: Any, state: GameState) -> list[float] | None:
    """Each seat's lead over the best other in its ruleset's `GAINS` points at a decision (None: not scored so)."""
    entry = GAINS.get(rules.name)
    return None if entry is None else _leads(entry[0](rules, state))


def _leads(points: list[float]) -> list[float]:
    return [v - max((w for t, w in enumerate(points) if t != s), default=0.0) for s, v in enumerate(points)]


def evaluate(rules: Any, state: GameState, root: list[float] | None = None) -> list[float]:
    """Each seat's value of a table: 1/0 once someone won, 0.5 each on a draw, else the ruleset's heuristic, or with
    `root` (`gains_at` the decision) each seat's gain in lead since then, squashed into 0..1 (0.5: none)."""
    r = state.rules
    n = len(state.players)
    if r.get("over"):
        winner = r.get("winner")
        if isinstance(winner, int) and 0 <= winner < n:
            return [1.0 if s == winner else 0.0 for s in range(n)]
        return [0.5] * n
    entry = GAINS.get(rules.name) if root is not None else None
    if entry is not None and root is not None:
        leads = _leads(entry[0](rules, state))
        return [0.5 + 0.5 * math.tanh((lead - before) / entry[1])
                for lead, before in zip(leads, root, strict=True)]
    own = getattr(rules, "heuristic", None)
    if own is not None:
        return list(own(state))
    return HEURISTICS.get(rules.name, score_heuristic)(rules, state)


def sampler_for(rules: Any) -> DealMaker:
    """The hidden-card sampler of a ruleset: its own `sample_hidden(state, seat, rng, know)` method, its entry
    here, else the kit default (`sampler.Deal`)."""
    own = getattr(rules, "sample_hidden", None)
    if own is not None:
        return lambda _r, base, seat, know, pool: lambda state, rng: own(state, seat, rng, know)
    return SAMPLERS.get(rules.name, lambda _r, base, seat, know, pool: Deal(base, seat, know, pool))
