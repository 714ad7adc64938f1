"""The search bot's scores of a cut-off playout for the rulesets whose race is not a plain score.

`hooks.HEURISTICS` (the registry the search reads) points at these. Each returns one value per seat in 0..1
(0.5: level), from the table a playout reached: a deal made from the seat's knowledge, so nothing here reads
anything the deciding seat could not have dealt itself.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.state import GameState

__all__ = ["FAN_SCALE", "ccg_heuristic", "ccg_question", "fan_heuristic", "fan_points", "spread"]


def spread(values: list[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat, squashed into 0..1 (0.5: level; `scale` a clear lead)."""
    out = []
    for s, v in enumerate(values):
        best_other = max((w for t, w in enumerate(values) if t != s), default=0.0)
        out.append(0.5 + 0.5 * math.tanh((v - best_other) / scale))
    return out


def _information(rules: Any, state: GameState, seat: int, universe: int) -> float:
    """How near `seat` is to naming an opponent's X-File: 0 knowing nothing, 1 with one candidate left (each
    answer that halves the candidates counts the same)."""
    try:
        opps = rules.notebook(state, seat)["opponents"]
    except (AttributeError, KeyError, TypeError):
        return 0.0
    best = 0.0
    for o in opps:
        left = max(1, len(o["candidates"]))
        best = max(best, 1.0 - math.log(min(left, universe)) / math.log(universe))
    return best


def _means(rules: Any, state: GameState, seat: int) -> float:
    """What `seat` has to investigate with: Agents fit to go (not in the Hospital), and a little for cards in hand.
    Pools are left out: what they are for is to be spent (a Site, a Bluff, a card), and counted they made each of
    those a small loss, enough to tip a close call to passing on the turn's only chance to investigate."""
    try:
        agents = len(rules.agents(state, seat, ("bureau", "field")))
    except (AttributeError, KeyError, TypeError):
        agents = 0
    hand = state.zones.get(f"hand:{seat}")
    cards = len(hand.pieces) if hand is not None else 0
    return 2.0 * agents + 0.5 * cards


def ccg_heuristic(rules: Any, state: GameState) -> list[float]:
    """X-Files CCG: a race to name the opponent's X-File, so mostly what each seat has learnt about its opponent's
    (the Notebook's candidates, on a log scale: an answer halves them), and a little for the means to go on."""
    try:
        universe = max(2, len(rules.xfiles()))
    except (AttributeError, TypeError):
        universe = 2
    n = len(state.players)
    info = [_information(rules, state, s, universe) for s in range(n)]
    means = [_means(rules, state, s) for s in range(n)]
    out = []
    for s in range(n):
        other = max((info[t] for t in range(n) if t != s), default=0.0)
        means_other = max((means[t] for t in range(n) if t != s), default=0.0)
        v = 0.5 + 0.4 * (info[s] - other) + 0.08 * math.tanh((means[s] - means_other) / 8.0)
        out.append(min(1.0, max(0.0, v)))
    return out


def ccg_question(rules: Any, state: GameState) -> list[float] | None:
    """X-Files CCG, where a playout reaches a successful check's question: the asker's chance to name the X-File now,
    by expectation (None anywhere else). A question splits the k candidates into two non-empty parts, after which a
    guess is right with chance 2/k whatever the split (each part: its share of k, times one over its size); a guess
    alone is right with 1/k. Scored so, a playout's value is no longer a coin toss on the dealt X-File (0 or 1):
    moves that lead to a check are compared by what the check gives, with far less noise. The asker gets that chance
    of a win and the rest of its heuristic value; every other seat the rest."""
    try:
        if rules.step(state) != "question":
            return None
        asker = rules.active(state)
        ctx = rules.question_context(state, asker)
        if not ctx or not (ctx.get("ask") or ctx.get("guess")):
            return None
        opp, _ = rules.notes_about(state, asker, ctx["about"])
        k = max(1, len(opp["candidates"])) if opp else 1
    except (AttributeError, KeyError, TypeError):
        return None
    chance = 0.0
    if ctx.get("guess"):
        chance = min(1.0, 2.0 / k) if ctx.get("ask") else 1.0 / k
    values = ccg_heuristic(rules, state)
    return [chance + (1.0 - chance) * v if s == asker else (1.0 - chance) * v for s, v in enumerate(values)]


#: how much of the round in progress counts for the seat whose card is last in it (it may still be taken over)
FAN_ROUND_SHARE = 0.6


#: the lead (in points) that is clear in X-Files Fan (the tanh scale of its score)
FAN_SCALE = 40.0


def fan_points(rules: Any, state: GameState) -> list[float]:
    """X-Files Fan: each seat's score, with the round in progress counted in part for the seat whose card is its last
    (that seat takes the round's points when it ends now, xff.5.2), so a playout cut mid-round sees who it favours."""
    scores = [float(p.counters.get("score", 0)) for p in state.players]
    rnd = state.rules.get("round") or []
    if rnd:
        last = rnd[-1].get("seat")
        if isinstance(last, int) and 0 <= last < len(scores):
            try:
                scores[last] += FAN_ROUND_SHARE * rules.round_total(state, rnd)
            except (AttributeError, KeyError, TypeError):
                pass
    return scores


def fan_heuristic(rules: Any, state: GameState) -> list[float]:
    """X-Files Fan: the lead in `fan_points`, `FAN_SCALE` being clear."""
    scores = fan_points(rules, state)
    out = []
    for s, v in enumerate(scores):
        other = max((w for t, w in enumerate(scores) if t != s), default=0.0)
        out.append(0.5 + 0.5 * math.tanh((v - other) / FAN_SCALE))
    return out
