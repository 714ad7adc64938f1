"""`ismcts`: an information-set Monte-Carlo tree search bot that decides from its seat's knowledge alone.

Each decision starts from `knowledge(state, seat)` (the seat's view, its rule state, its deck list and its legal
moves: see `search.knowledge`), never from the table itself. Every iteration deals the cards the seat cannot see at
random, consistently with that knowledge (`search.hooks.sampler_for`), walks the one tree shared by all the deals
(single-observer ISMCTS: a move's statistics count the deals in which it was available), adds one move, plays on with
the ruleset's greedy bot (a share of its moves random where `bots.PLAYOUT_NOISE` names one) up to a depth on the fast
engine path (`search.fast.step` on a `GameState.fork`) and scores the table with the ruleset's heuristic. The move played is the root's most visited. Budgets are iterations (repeatable: the bot's own
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
from .hooks import BUDGETS, CHOOSERS, HORIZONS, LEAVES, MARGINS, OBSERVERS, evaluate, gains_at, sampler_for
from .knowledge import knowledge, rebuild
from .sampler import CardPool

__all__ = ["LEVELS", "Ismcts", "alike"]

#: difficulty levels: iterations per decision (scaled per ruleset by `hooks.BUDGETS`) and playout depth (actions
#: after the tree)
LEVELS: dict[str, tuple[int, int]] = {"easy": (30, 10), "normal": (120, 20), "hard": (600, 30)}


def alike(state: GameState, moves: list[Action]) -> list[int]:
    """For each move, the index of the first move that does the same: the same kind with copies of one card from
    the same hand (playing one Shadowed of three is playing any), so the search spends its budget once on them."""
    first: dict[Any, int] = {}
    out = []
    for k, a in enumerate(moves):
        out.append(first.setdefault(_same(state, a, k), k))
    return out


def _same(state: GameState, action: Action, k: int) -> Any:
    """What `alike` compares: the move with each card it names from a hand as its title and hand; the move's index
    (alike to no other) when it names any other piece: a card in play may carry damage, tokens or attachments."""
    fields = action.piece_fields
    if not fields:
        return action
    out: list[Any] = [action.type]
    for name, value in sorted(action.to_dict().items()):
        if name not in fields:
            out.append((name, repr(value)))
            continue
        titles = []
        for pid in (value if isinstance(value, (list, tuple)) else (value,)):
            p = state.pieces.get(pid)
            if p is None or p.card is None or state.zones[p.zone].kind != "hand":
                return k
            titles.append((p.card, p.zone))
        out.append((name, tuple(sorted(titles))))
    return tuple(out)


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "mover", "dealt")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.mover = mover
        #: at the root: how many deals this move was tried on (the next deal to try it on)
        self.dealt = 0


class Ismcts:
    """The search bot (see the module); `recorder`, when set, is called with every knowledge it decides from."""

    name = "ismcts"

    def __init__(self, ruleset: Any, seed: int = 0, *, level: str = "normal", iterations: int | None = None,
                 depth: int | None = None, seconds: float | None = None, explore: float = 0.7,
                 policy: Any = None, noise: float = 0.0, deals: int = 12, width: int = 12,
                 margin: float | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"no level {level!r} (levels: {', '.join(LEVELS)})")
        base_iterations, base_depth = LEVELS[level]
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.iterations = iterations or max(1, round(base_iterations * BUDGETS.get(ruleset.name, 1.0)))
        self.depth = base_depth if depth is None else depth
        self.seconds = seconds
        self.explore = explore
        #: the deals (hidden cards and future chance) every root move is tried on, in turn
        self.deals = max(1, deals)
        #: at most this many root moves are searched (see `_candidates`)
        self.width = max(2, width)
        #: how much better (in mean value, 0..1) a move must score than the policy's own to be played instead
        self.margin = MARGINS.get(ruleset.name, 0.0) if margin is None else margin
        self.recorder: Any = None
        self._sample = sampler_for(ruleset)
        #: the playouts' policy (`make_bot` gives the ruleset's own greedy heuristic when it has one; None: random
        #: moves), with `noise` of random moves
        self._policy = policy
        self.noise = noise
        self._pool: CardPool | None = None
        #: the decision's leads a playout's gains are scored from (`hooks.gains_at`; None: scored by the heuristic)
        self._root: list[float] | None = None
        #: seconds per decision with two or more moves (the lab reports their median and 95th percentile)
        self.decision_times: list[float] = []

    # -- the Bot protocol --

    def choose(self, state: GameState, seat: int) -> Action | None:
        """Decide from the seat's knowledge, computed here at the engine's edge as a stream would."""
        return self.decide(knowledge(state, seat, self.ruleset))

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        """A seat fed by a stream alone (no rule state to search from): the playout policy's choice from the
        stream, else the first listed move. A table's bot seats search (`choose`, see `ui.botseats`)."""
        if self._policy is not None and hasattr(self._policy, "choose_seen"):
            return self._policy.choose_seen(view, legal, seat)
        for d in (legal or {}).get("moves") or ():
            try:
                return Action.from_dict(d)
            except (KeyError, TypeError, ValueError):
                continue
        return None

    def undo_vote(self, entry_seat: int | None, seat: int) -> bool:
        """Asked to agree to an undo: yes only for its own last move, as its player would be asked."""
        return entry_seat == seat

    # -- the search --

    def decide(self, know: dict[str, Any]) -> Action | None:
        """The move to play from what the seat knows (see the module)."""
        if self.recorder is not None:
            self.recorder(know)
        started, cpu = time.perf_counter(), time.process_time()
        moves: list[Action] = know["moves"]
        seat = know["seat"]
        if self._pool is None:
            self._pool = CardPool(self.ruleset, know["deck"])
        self._pool.observe(know["view"], seat)  # every view it is given, a forced move's too: what it saw played
        base = None
        observe = OBSERVERS.get(self.ruleset.name)
        if observe is not None:
            base = rebuild(know)
            observe(self.ruleset, base, seat, know, self._pool)
        if len(moves) <= 1:
            return moves[0] if moves else None
        base = base or rebuild(know)
        choose = CHOOSERS.get(self.ruleset.name)
        chosen = None if choose is None else choose(self.ruleset, base, know, self._pool, self._policy)
        if chosen is not None:
            self.decision_times.append(time.process_time() - cpu)
            return chosen
        first = alike(base, moves)
        distinct = sorted(set(first))
        if len(distinct) == 1:  # copies of one card (two Shadowed, the only play): nothing to compare
            self.decision_times.append(time.process_time() - cpu)
            return moves[distinct[0]]
        self._root = gains_at(self.ruleset, base)
        tables = self._tables(base, self._sample(self.ruleset, base, seat, know, self._pool), moves, seat)
        root = _Node(seat)
        hint = self._hint(tables, seat) if self.margin > 0 or len(distinct) > self.width else None
        hint = None if hint is None else first[hint]
        root.children = {k: _Node(seat) for k in self._candidates(distinct, hint)}
        deadline = None if self.seconds is None else started + self.seconds
        for i in range(self.iterations if deadline is None else 1_000_000):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            self._iterate(tables, root, seat)
        best = self._best(root, hint)
        self.decision_times.append(time.process_time() - cpu)
        return moves[best]

    def _tables(self, base: GameState, deal: Any, moves: list[Action],
                seat: int) -> list[tuple[GameState, dict[int, Action], int]]:
        """The decision's deals: each a table with the hidden cards dealt and a future of its own (the table's
        RNG is unknown to the seat), the root moves as that table spells them, and a seed for its playouts.
        Every root move is tried on the same deals in the same order, so moves are compared deal by deal."""
        out = []
        for _ in range(self.deals):
            table = base.fork()
            table.rng.seed = self.rng.getrandbits(64)
            table.rng.counter = 0
            deal(table, self.rng)
            out.append((table, dict(self._root_moves(table, moves, seat)), self.rng.getrandbits(32)))
        return out

    def _hint(self, tables: list[tuple[GameState, dict[int, Action], int]], seat: int) -> int | None:
        """The playout policy's move on the first deal (its index among the seat's moves), or None."""
        if self._policy is None:
            return None
        table, options, _ = tables[0]
        if hasattr(self._policy, "rng"):
            self._policy.rng = random.Random(self.rng.getrandbits(32))
        choice = self._policy.choose(table.fork(), seat)
        return next((k for k, a in options.items() if a == choice), None)

    def _candidates(self, distinct: list[int], hint: int | None) -> list[int]:
        """The root moves searched (`distinct`: one of each set of alike moves, see `alike`): all of them, or where
        there are more than `width` (a discard of two cards of twelve, an exchange with the sideboard: dozens of
        near-identical moves that would each get a visit or two and be chosen by noise), the playout policy's move
        (`hint`) and others at random up to `width`, so the budget compares few moves well and the policy's move is
        always one of them."""
        if len(distinct) <= self.width:
            return distinct
        picked = [] if hint is None else [hint]
        rest = [k for k in distinct if k != hint]
        picked += self.rng.sample(rest, self.width - len(picked))
        return sorted(picked)

    def _best(self, root: _Node, hint: int | None) -> int:
        """The root's most visited move; the policy's move instead when it scored within `margin` of it, so the
        search departs from its ruleset's rule of thumb only where its playouts found clearly better."""
        kids = root.children
        best = max(kids, key=lambda k: (kids[k].visits, kids[k].value / max(kids[k].visits, 1)))
        if hint is None or hint == best or hint not in kids or not kids[hint].visits or self.margin <= 0:
            return best
        mean = kids[best].value / max(kids[best].visits, 1)
        return hint if kids[hint].value / kids[hint].visits >= mean - self.margin else best

    def _root_moves(self, state: GameState, moves: list[Action], seat: int) -> list[tuple[int, Action]]:
        """The seat's real moves as this deal spells them: a ruleset may name a move by a token keyed with the
        table's secret, which the deal has not, so moves are matched by kind and order when not by value."""
        generated = [a for a in self.ruleset.generate_actions(state, seat) if not getattr(type(a), "by_hand", False)]
        if [a.type for a in generated] == [a.type for a in moves]:
            return list(enumerate(generated))
        index = {a: k for k, a in enumerate(moves)}
        return [(index[a], a) for a in generated if a in index]

    def _pick(self, node: _Node, keys: list[Any], total: int) -> Any:
        """UCB1 over the children `keys` of `node` (the first never visited, if any)."""
        children = node.children
        best_key, best = None, -1.0
        log_total = math.log(max(total, 1))
        for key in keys:
            c = children[key]
            if c.visits == 0:
                return key
            score = c.value / c.visits + self.explore * math.sqrt(log_total / c.visits)
            if score > best:
                best_key, best = key, score
        return best_key

    def _iterate(self, tables: list[tuple[GameState, dict[int, Action], int]], root: _Node, seat: int) -> None:
        rules = self.ruleset
        kids = root.children
        k = self._pick(root, list(kids), sum(c.visits for c in kids.values()))
        child = kids[k]
        table, options, seed = tables[child.dealt % len(tables)]
        child.dealt += 1
        action = options.get(k)
        state = table.fork()
        if action is None or not step(state, rules, action, seat):
            child.visits += 1  # not a move in this deal: counted, so the search moves on
            child.value += 0.5
            return
        rng = random.Random(seed)
        path = [root, child]
        node = child
        while not state.rules.get("over"):
            waiting = rules.waiting_for(state)
            if not waiting:
                break
            mover = waiting[0]
            options_here = [a for a in rules.generate_actions(state, mover) if not getattr(type(a), "by_hand", False)]
            if not options_here:
                break
            children = node.children
            fresh = [a for a in options_here if a not in children]
            for a in options_here:
                if a in children:
                    children[a].avail += 1
            if fresh:
                a = rng.choice(fresh)
                if not step(state, rules, a, mover):
                    break
                node = children[a] = _Node(mover)
                node.avail = 1
                path.append(node)
                break
            a = self._pick(node, options_here, max(1, node.visits))
            if not step(state, rules, a, mover):
                break
            node = children[a]
            path.append(node)
        values = self._playout(state, rng) or evaluate(rules, state, self._root)
        for n in path:
            n.visits += 1
            if n.mover is not None and n.mover < len(values):
                n.value += values[n.mover]

    def _playout(self, state: GameState, rng: random.Random) -> list[float] | None:
        """Play on with the policy: `depth` actions, or, where the ruleset has a horizon (`hooks.HORIZONS`), until
        its turn counter moved on that many times (at most `depth` x 10 actions), so every playout is scored at
        the same point of the game and a move that only spends actions does not push the other seats' turns
        past the horizon. The value where the ruleset's leaf (`hooks.LEAVES`) found one on the way, else None
        (the table it stopped at is scored)."""
        rules = self.ruleset
        leaf = LEAVES.get(rules.name)
        policy = self._policy
        if policy is not None and hasattr(policy, "rng"):
            policy.rng = rng  # the deal's own stream: the same playout for every move tried on it
        turns = HORIZONS.get(rules.name)
        limit = self.depth * 10 if turns else self.depth
        start = state.rules.get("turn")
        changes = 0
        for _ in range(limit):
            if state.rules.get("over"):
                return None
            if turns:
                now = state.rules.get("turn")
                if now != start:
                    changes += 1
                    start = now
                    if changes >= turns:
                        return None
            waiting = rules.waiting_for(state)
            if not waiting:
                return None
            mover = waiting[0]
            action = None
            if self._policy is not None and rng.random() >= self.noise:
                action = self._policy.choose(state, mover)
            else:
                options = list(rules.generate_actions(state, mover))
                action = rng.choice(options) if options else None
            if action is None or not step(state, rules, action, mover):
                return None
            if leaf is not None:
                found = leaf(rules, state)
                if found is not None:
                    return found
        return None
