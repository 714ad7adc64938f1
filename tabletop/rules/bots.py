"""Bots: seats that choose their own actions, for opponents in the UI, headless simulation and the conformance test.

A bot reads only what its seat may know through the ruleset's legal actions (its own hand and public zones) and
answers one action at a time. `random` picks uniformly among the legal actions; `greedy` is one simple heuristic
per ruleset. Each bot has its own RNG, apart from the table's, so games replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..core import actions as A
from ..core.actions import Action
from ..core.state import GameState
from ..errors import TabletopError
from .base import Ruleset

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "TragedyGreedy",
    "UnknownBot",
    "make_bot",
    "table_action",
]


class Bot(Protocol):
    """Something that plays a seat: `choose` answers the next action (None: nothing to do)."""

    name: str

    def choose(self, state: GameState, seat: int) -> Action | None: ...


class UnknownBot(TabletopError, KeyError):
    """A bot name that is not one of BOTS."""

    def __str__(self) -> str:
        return f"no bot {self.args[0]!r} (bots: {', '.join(BOTS)})"


class RandomBot:
    """Uniform over the legal actions; with `sandbox`, random table actions when the ruleset offers none."""

    name = "random"

    def __init__(self, ruleset: Ruleset, seed: int = 0, *, sandbox: bool = False) -> None:
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.sandbox = sandbox

    def choose(self, state: GameState, seat: int) -> Action | None:
        legal = list(self.ruleset.generate_actions(state, seat))
        if legal:
            return self.rng.choice(legal)
        return table_action(state, seat, self.rng) if self.sandbox else None


class TragedyGreedy:
    """Tragedy: score the best pair, stage the card that raises the best possible score most, never waste Acts."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        from .tragedy import EffectDone, PassPriority, PlayCard, Score

        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self._types = (EffectDone, PassPriority, PlayCard, Score)

    def choose(self, state: GameState, seat: int) -> Action | None:
        from .tragedy import HOST_ROLE, Tragedy

        effect_done, pass_, play, score = self._types
        rules = self.ruleset
        assert isinstance(rules, Tragedy)
        legal = list(rules.generate_actions(state, seat))
        if not legal:
            return None
        for a in legal:
            if isinstance(a, effect_done):
                return a
        scores = [a for a in legal if isinstance(a, score)]
        if scores:
            return max(scores, key=lambda a: self._pair_value(state, a.actor, a.set))
        actors = {a: self._with(state, a, "Prop") for a in rules.in_play(state, seat, "Actor")}
        sets = {s: self._with(state, s, "Set Piece") for s in rules.in_play(state, seat, "Set")}
        base = _potential(actors, sets)
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for a in legal:
            if not isinstance(a, play) or a.role == "Act":
                continue
            v = rules.value(state, a.piece)
            new_actors, new_sets = dict(actors), dict(sets)
            if a.role == "Actor":
                new_actors[a.piece] = v
            elif a.role == "Set":
                new_sets[a.piece] = v
            elif a.role in HOST_ROLE:
                hosts = new_actors if a.role == "Prop" else new_sets
                if a.target not in hosts:
                    continue  # never dress another player's card
                hosts[a.target] += v
            gain = _potential(new_actors, new_sets) - base
            # a tie keeps the lower card in hand for later turns
            key = (gain, -v)
            if gain > 0 and (best is None or key > best):
                best, choice = key, a
        if choice is not None:
            return choice
        for a in legal:
            if isinstance(a, pass_):
                return a
        return legal[0]

    def _with(self, state: GameState, host: str, role: str) -> int:
        rules = self.ruleset
        return rules.value(state, host) + sum(rules.value(state, q) for q in rules.attachments(state, host, role))

    def _pair_value(self, state: GameState, actor: str, set_: str) -> int:
        return self._with(state, actor, "Prop") * self._with(state, set_, "Set Piece")


def _potential(actors: dict[str, int], sets: dict[str, int]) -> int:
    # +1 on each side credits half a pair: an Actor alone is worth staging before its Set arrives
    return (max(actors.values(), default=0) + 1) * (max(sets.values(), default=0) + 1)


class GreedyBot:
    """The greedy bot of a ruleset without its own heuristic: the first legal action that is not a pass."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.ruleset = ruleset

    def choose(self, state: GameState, seat: int) -> Action | None:
        first = None
        for a in self.ruleset.generate_actions(state, seat):
            if first is None:
                first = a
            if not a.type.endswith(".pass"):
                return a
        return first


#: Greedy heuristics per ruleset name; other rulesets get `GreedyBot`.
GREEDY: dict[str, Callable[[Ruleset, int], Bot]] = {"tragedy": TragedyGreedy}
BOTS = ("random", "greedy")


def make_bot(name: str, ruleset: Ruleset, seed: int = 0, *, sandbox: bool = False) -> Bot:
    """A bot by name (`random` or `greedy`) for a ruleset instance, with its own seed."""
    if name == "random":
        return RandomBot(ruleset, seed, sandbox=sandbox)
    if name == "greedy":
        return GREEDY.get(ruleset.name, GreedyBot)(ruleset, seed)
    raise UnknownBot(name)


def table_action(state: GameState, seat: int, rng: random.Random) -> Action | None:
    """A random hand-made table action for `seat`, naming pieces only as that seat knows them (ids or handles).

    For sandbox tables (no legal-action generator) and for fuzzing: move, flip, tap, draw, shuffle, reveal, roll.
    """
    own = [z for z in state.zones.values() if z.visibility != "owner" or z.owner == seat]
    cards = [(pid, z) for z in own for pid in z.pieces if state.pieces[pid].kind == "card"]
    dice = [pid for pid in state.zones["table"].pieces if state.pieces[pid].kind == "die"] if "table" in state.zones \
        else []

    def name(pid: str) -> str:
        return state.handle_for(pid, seat)

    kinds = ["move", "move", "flip", "tap", "draw", "shuffle", "reveal", "look", "roll"]
    for _ in range(8):
        kind = rng.choice(kinds)
        if kind in ("move", "flip", "tap") and cards:
            pid, zone = rng.choice(cards)
            if kind == "move":
                dst = rng.choice(own)
                if dst.layout == "free":
                    return A.Move((name(pid),), dst.name, x=rng.uniform(0, state.table_size[0] - 130),
                                  y=rng.uniform(0, state.table_size[1] - 180))
                return A.Move((name(pid),), dst.name, index=rng.randrange(len(dst.pieces) + 1))
            if kind == "flip":
                return A.Flip((name(pid),))
            return A.Tap((name(pid),))
        if kind == "draw":
            decks = [z for z in own if z.kind == "deck" and z.pieces]
            hand = state.seat_zone("hand", seat)
            if decks and hand:
                return A.Draw(rng.randint(1, 3), source=rng.choice(decks).name, to=hand)
        if kind == "shuffle":
            stacks = [z for z in own if z.layout == "stack" and len(z.pieces) > 1]
            if stacks:
                return A.Shuffle(rng.choice(stacks).name)
        if kind == "reveal":
            hand = state.seat_zone("hand", seat)
            if hand and state.zones[hand].pieces:
                to = rng.choice([None, *state.seats])
                return A.Reveal((rng.choice(state.zones[hand].pieces),), to=to)
        if kind == "look":
            decks = [z for z in own if z.kind == "deck" and z.pieces]
            if decks:
                return A.LookTop(rng.choice(decks).name, rng.randint(1, 2))
        if kind == "roll" and dice:
            return A.Roll((rng.choice(dice),))
    return None
