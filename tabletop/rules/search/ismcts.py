"""`ismcts`: an information-set Monte-Carlo tree search bot that decides from its seat's knowledge alone.

Each decision starts from `knowledge(state, seat)` (the seat's view, its rule state, its deck list and its legal
moves: see `search.knowledge`), never from the table itself. Every iteration deals the cards the seat cannot see at
random, consistently with that knowledge (`search.hooks.sampler_for`), walks the one tree shared by all the deals
(single-observer ISMCTS: a move's statistics count the deals in which it was available), adds one move, plays on at
random up to a depth on the fast engine path (`search.fast.step` on a `GameState.fork`) and scores the table with the
ruleset's heuristic. The move played is the root's most visited. Budgets are iterations (repeatable: the bot's own
seeded RNG drives every deal and playout); a time budget is there on request.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from .fast import step
from .hooks import evaluate, sampler_for
from .knowledge import knowledge, rebuild
from .sampler import CardPool

__all__ = ["LEVELS", "Ismcts"]

#: difficulty levels: iterations per decision and playout depth (actions after the tree)
LEVELS: dict[str, tuple[int, int]] = {"easy": (30, 10), "normal": (200, 30), "hard": (600, 30)}


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "mover")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.mover = mover


class Ismcts:
    """The search bot (see the module); `recorder`, when set, is called with every knowledge it decides from."""

    name = "ismcts"

    def __init__(self, ruleset: Any, seed: int = 0, *, level: str = "normal", iterations: int | None = None,
                 depth: int | None = None, seconds: float | None = None, explore: float = 0.7,
                 playout: str = "auto", noise: float = 0.0) -> None:
        if level not in LEVELS:
            raise ValueError(f"no level {level!r} (levels: {', '.join(LEVELS)})")
        base_iterations, base_depth = LEVELS[level]
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.iterations = iterations or base_iterations
        self.depth = base_depth if depth is None else depth
        self.seconds = seconds
        self.explore = explore
        self.recorder: Any = None
        self._sample = sampler_for(ruleset)
        #: the playouts' policy: the ruleset's own greedy heuristic (with `noise` of random moves) when it has one
        from ..bots import GREEDY

        greedy = GREEDY.get(ruleset.name) if playout in ("auto", "greedy") else None
        self._policy = greedy(ruleset, seed) if greedy is not None else None
        self.noise = noise
        self._pool: CardPool | None = None
        #: seconds per decision with two or more moves (the lab reports their median and 95th percentile)
        self.decision_times: list[float] = []

    # -- the Bot protocol --

    def choose(self, state: GameState, seat: int) -> Action | None:
        """Decide from the seat's knowledge, computed here at the engine's edge as a stream would."""
        return self.decide(knowledge(state, seat, self.ruleset))

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        """A window's bot seat without the session at hand: the first listed move (`choose` is the search)."""
        from ..bots import seen_moves

        moves = seen_moves(legal)
        return moves[0] if moves else None

    def undo_vote(self, entry_seat: int | None, seat: int) -> bool:
        """Asked to agree to an undo: yes only for its own last move, as its player would be asked."""
        return entry_seat == seat

    # -- the search --

    def decide(self, know: dict[str, Any]) -> Action | None:
        """The move to play from what the seat knows (see the module)."""
        if self.recorder is not None:
            self.recorder(know)
        moves: list[Action] = know["moves"]
        if len(moves) <= 1:
            return moves[0] if moves else None
        started = time.perf_counter()
        seat = know["seat"]
        base = rebuild(know)
        if self._pool is None:
            self._pool = CardPool(self.ruleset, know["deck"])
        deal = self._sample(self.ruleset, base, seat, know, self._pool)
        root = _Node(seat)
        deadline = None if self.seconds is None else started + self.seconds
        for i in range(self.iterations if deadline is None else 1_000_000):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            self._iterate(base, deal, know, moves, root)
        best = max(range(len(moves)), key=lambda k: (root.children[k].visits, root.children[k].value)
                   if k in root.children else (-1, 0.0))
        self.decision_times.append(time.perf_counter() - started)
        return moves[best]

    def _deal(self, base: GameState, deal: Any) -> GameState:
        state = base.fork()
        state.rng.seed = self.rng.getrandbits(64)  # the table's own RNG is unknown to the seat: a fresh future
        state.rng.counter = 0
        deal(state, self.rng)
        return state

    def _root_moves(self, state: GameState, moves: list[Action], seat: int) -> list[tuple[int, Action]]:
        """The seat's real moves as this deal spells them: a ruleset may name a move by a token keyed with the
        table's secret, which the deal has not, so moves are matched by kind and order when not by value."""
        generated = [a for a in self.ruleset.generate_actions(state, seat) if not getattr(type(a), "by_hand", False)]
        if [a.type for a in generated] == [a.type for a in moves]:
            return list(enumerate(generated))
        index = {a: k for k, a in enumerate(moves)}
        return [(index[a], a) for a in generated if a in index]

    def _iterate(self, base: GameState, deal: Any, know: dict[str, Any], moves: list[Action], root: _Node) -> None:
        rules = self.ruleset
        rng = self.rng
        state = self._deal(base, deal)
        path = [root]
        node = root
        first = True
        while not state.rules.get("over"):
            waiting = rules.waiting_for(state)
            if not waiting:
                break
            mover = waiting[0]
            if first:
                options = self._root_moves(state, moves, know["seat"])
                first = False
            else:
                options = [(a, a) for a in rules.generate_actions(state, mover)
                           if not getattr(type(a), "by_hand", False)]
            if not options:
                break
            children = node.children
            untried = []
            for key, _ in options:
                child = children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.avail += 1
            by_key = dict(options)
            if untried:
                key = rng.choice(untried)
                if not step(state, rules, by_key[key], mover):
                    return
                child = children[key] = _Node(mover)
                child.avail = 1
                path.append(child)
                break
            best_key, best = None, -1.0
            for key, _ in options:
                c = children[key]
                score = c.value / c.visits + self.explore * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
                if score > best:
                    best_key, best = key, score
            if not step(state, rules, by_key[best_key], mover):
                return
            node = children[best_key]
            path.append(node)
        self._playout(state)
        values = evaluate(rules, state)
        for n in path:
            n.visits += 1
            if n.mover is not None and n.mover < len(values):
                n.value += values[n.mover]

    def _playout(self, state: GameState) -> None:
        rules = self.ruleset
        rng = self.rng
        for _ in range(self.depth):
            if state.rules.get("over"):
                return
            waiting = rules.waiting_for(state)
            if not waiting:
                return
            mover = waiting[0]
            action = None
            if self._policy is not None and rng.random() >= self.noise:
                action = self._policy.choose(state, mover)
            else:
                options = list(rules.generate_actions(state, mover))
                action = rng.choice(options) if options else None
            if action is None or not step(state, rules, action, mover):
                return
