"""Bots: seats that choose their own actions, for opponents in the UI, headless simulation and the conformance test.

A bot reads only what its seat may know through the ruleset's legal actions (its own hand and public zones) and
answers one action at a time. `random` picks uniformly among the legal actions; `greedy` is one simple heuristic
per ruleset. Each bot has its own RNG, apart from the table's, so games replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol

from ..core import actions as A
from ..core.actions import Action
from ..core.state import GameState
from ..errors import TabletopError
from .base import Ruleset

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "GuessingGreedy",
    "RandomBot",
    "TragedyGreedy",
    "UnknownBot",
    "is_bot",
    "make_bot",
    "seen_moves",
    "table_action",
]


class Bot(Protocol):
    """Something that plays a seat: the next action (None: nothing to do).

    `choose_seen` decides from what the seat's stream brought (tabletop.core.stream): its view and its legal-move
    summary, listed in full (`SeatStream(..., moves=LEGAL_CAP)`), so a bot at a window, local or on the LAN, knows
    exactly what a person in that seat would. `choose` reads the table itself, for headless simulation and the
    conformance test, where millions of decisions are made. A ruleset's own heuristic registered in `GREEDY`
    without `choose_seen` still works at a window through `choose`; every bot here has both. A bot with
    `choose_known(know)` (X-Files CCG's greedy) decides at a table from the seat's knowledge instead, as a search
    bot does (`search.knowledge`: its view and the ruleset's moves for it, named as it names the cards).
    """

    name: str

    def choose(self, state: GameState, seat: int) -> Action | None: ...

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None: ...


def seen_moves(legal: dict[str, Any] | None) -> list[Action]:
    """The legal actions a stream's summary lists, as Actions (one that cannot be read is left out), without the
    moves that apply card text by hand (an action type with `by_hand`): a bot leaves them out before it chooses, so
    a bot seat at a window makes the choices it makes headless, where they are never listed."""
    out = []
    for d in (legal or {}).get("moves") or ():
        try:
            a = Action.from_dict(d)
        except (KeyError, TypeError, ValueError):
            continue
        if not getattr(type(a), "by_hand", False):
            out.append(a)
    return out


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
            action = self.rng.choice(legal)
            if not getattr(type(action), "by_hand", False):
                return action
            # a way to apply text by hand instead (a decline in warn): bots apply every effect the engine runs
            legal = [a for a in legal if not getattr(type(a), "by_hand", False)]
            if legal:
                return self.rng.choice(legal)
        return table_action(state, seat, self.rng) if self.sandbox else None

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        moves = seen_moves(legal)
        return self.rng.choice(moves) if moves else None


class TragedyGreedy:
    """Tragedy: score the best pair, stage the card that raises the best possible score most, never waste Acts."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        from .tragedy import HOST_ROLE, EffectDone, PassPriority, PlayCard, Score, Tragedy

        assert isinstance(ruleset, Tragedy)
        self.ruleset: Any = ruleset
        self.rng = random.Random(seed)
        self._types = (EffectDone, PassPriority, PlayCard, Score)
        self._host_role = HOST_ROLE  # imported once here, not at every decision

    def choose(self, state: GameState, seat: int) -> Action | None:
        rules = self.ruleset
        return self._pick(list(rules.generate_actions(state, seat)), lambda p: rules.value(state, p),
                          lambda role: list(rules.in_play(state, seat, role)),
                          lambda host, role: rules.attachments(state, host, role))

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        """The same heuristic on the seat's view: values from the cards it sees, roles from zones and attachments."""
        from .tragedy import ROLE_ZONE

        rules = self.ruleset
        pieces: dict[str, tuple[str, dict[str, Any]]] = {}
        for z in view.get("zones", ()):
            for p in z.get("pieces", ()):
                pieces[p["id"]] = (str(z.get("name", "")), p)

        def role(name: str) -> str | None:
            zone, p = pieces[name]
            kind = zone.split(":")[0]
            if kind == "actors":
                return "Prop" if p.get("attached_to") else "Actor"
            if kind == "sets":
                return "Set Piece" if p.get("attached_to") else "Set"
            return None

        def value(name: str) -> int:
            p = pieces.get(name)
            return (rules.card_info(p[1].get("card"))[0] or 0) if p is not None else 0

        def in_play(r: str) -> list[str]:
            zone = f"{ROLE_ZONE[r]}:{seat}"
            return [n for n, (z, _) in pieces.items() if z == zone and role(n) == r]

        def attachments(host: str, r: str) -> list[str]:
            return [n for n, (_, p) in pieces.items() if p.get("attached_to") == host and role(n) == r]

        return self._pick(seen_moves(legal), value, in_play, attachments)

    def _pick(self, legal: list[Action], value: Callable[[str], int], in_play: Callable[[str], list[str]],
              attachments: Callable[[str, str], list[str]]) -> Action | None:
        HOST_ROLE = self._host_role  # noqa: N806
        effect_done, pass_, play, score = self._types
        if not legal:
            return None
        for a in legal:
            if isinstance(a, effect_done):
                return a

        def dressed(host: str, role: str) -> int:
            return value(host) + sum(value(q) for q in attachments(host, role))

        scores = [a for a in legal if isinstance(a, score)]
        if scores:
            return max(scores, key=lambda a: dressed(a.actor, "Prop") * dressed(a.set, "Set Piece"))
        actors = {a: dressed(a, "Prop") for a in in_play("Actor")}
        sets = {s: dressed(s, "Set Piece") for s in in_play("Set")}
        base = _potential(actors, sets)
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for a in legal:
            if not isinstance(a, play) or a.role == "Act":
                continue
            v = value(a.piece)
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


def _potential(actors: dict[str, int], sets: dict[str, int]) -> int:
    # +1 on each side credits half a pair: an Actor alone is worth staging before its Set arrives
    return (max(actors.values(), default=0) + 1) * (max(sets.values(), default=0) + 1)


def _key(action: Action) -> Hashable:
    """A move's kind and the cards it moves (`piece_fields`), as a key of what a bot seat did since its last pass:
    the same card is not moved twice by one kind of move (out and back) before the seat passes."""
    fields = getattr(action, "piece_fields", ())
    return (action.type, *(getattr(action, f, None) for f in fields)) if fields else action


class GreedyBot:
    """The greedy bot of a ruleset without its own heuristic: the first legal action that is not a pass."""

    name = "greedy"

    #: moves of one kind a bot seat makes at a window between two of its passes, before it turns to other kinds
    QUOTA = 12

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        self.ruleset = ruleset
        #: per seat, since its last pass: moves made per kind, and the keys (`_key`) of the moves made
        self._made: dict[int, tuple[dict[str, int], set[Hashable]]] = {}

    def choose(self, state: GameState, seat: int) -> Action | None:
        return self._first(a for a in self.ruleset.generate_actions(state, seat)
                           if not getattr(type(a), "by_hand", False))

    def choose_seen(self, view: dict[str, Any], legal: dict[str, Any] | None, seat: int) -> Action | None:
        """The first move, but not one kind over and over: a stream lists every move a person could make, some of
        which undo each other (moving an Agent out and back), so "the first" alone can go round forever. Between
        two passes each kind has a quota and moves each card once (an Agent is deployed once, not out and back)."""
        made, keys = self._made.setdefault(seat, ({}, set()))
        moves = seen_moves(legal)
        action = self._first_seen((a for a in moves if a.type.endswith(".pass") or (
            made.get(a.type, 0) < self.QUOTA and _key(a) not in keys)), view, seat)
        if action is not None:
            if action.type.endswith(".pass"):
                made.clear()
                keys.clear()
            else:
                made[action.type] = made.get(action.type, 0) + 1
                keys.add(_key(action))
        return action

    def _first_seen(self, actions: Iterable[Action], view: dict[str, Any], seat: int) -> Action | None:
        """`_first` of a stream's moves (a ruleset's greedy bot may read the view as well)."""
        return self._first(actions)

    @staticmethod
    def _first(actions: Iterable[Action]) -> Action | None:
        first = None
        for a in actions:
            if first is None:
                first = a
            if not a.type.endswith(".pass"):
                return a
        return first


class GuessingGreedy(GreedyBot):
    """The greedy bot of a ruleset whose moves name a hidden card to guess (X-Files CCG: an opponent's X-File): the
    first move listed, but a guess at random among those listed, with its own seeded RNG (the search sets it per
    playout, `rng`). Taken in the list's order, the guess named the card library's first X-File first, so a deck
    holding it was named at once: greedy against greedy, the sample decks' second seat, holding that X-File, lost
    80% of the games."""

    #: the action types that guess (the moves listed together, one of which is drawn)
    GUESSES = frozenset({"xfc.guess"})

    def __init__(self, ruleset: Ruleset, seed: int = 0) -> None:
        super().__init__(ruleset, seed)
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action | None:
        """The first move; a guess drawn among the likely ones (`likely_guesses`: of the sets the table shows the
        seat played with), or among all listed when none is."""
        return self._pick((a for a in self.ruleset.generate_actions(state, seat)
                           if not getattr(type(a), "by_hand", False)),
                          lambda: _ccg().likely_guesses(self.ruleset, state, seat))

    def _first_seen(self, actions: Iterable[Action], view: dict[str, Any], seat: int) -> Action | None:
        return self._pick(actions, lambda: _ccg().likely_guesses_seen(self.ruleset, view, seat))

    def choose_known(self, know: dict[str, Any]) -> Action | None:
        """A bot seat's move at a table (a window's, or a host's stand-in for a dropped player) from the seat's
        knowledge with its status (`search.knowledge(..., status=True)`: its view, its deck list and the ruleset's
        moves for it, named as it names the cards): the move `choose` makes headless. From the stream's whole legal
        list (`choose_seen`) it took moves the bots' list leaves out, deploying Agents to the Bureau and passing
        Equipment round its Team turn after turn."""
        return self._pick(know["moves"], lambda: _ccg().likely_guesses_seen(self.ruleset, know["view"], know["seat"],
                                                                            know["deck"]))

    def _pick(self, actions: Iterable[Action], likely: Callable[[], set[str] | None]) -> Action | None:
        """The first move that is not a pass (else the first), or a guess drawn among the listed ones that
        `likely()` keeps (among all when it keeps none); `likely` is called only when a guess is listed."""
        first = None
        moves = iter(actions)
        for a in moves:
            if first is None:
                first = a
            if a.type in self.GUESSES:  # every guess listed with it, one drawn
                guesses = [a, *(b for b in moves if b.type in self.GUESSES)]
                tokens = likely()
                kept = [g for g in guesses if getattr(g, "token", None) in tokens] if tokens else []
                return self.rng.choice(kept or guesses)
            if not a.type.endswith(".pass"):
                return a
        return first


def _ccg() -> Any:
    """The search's X-Files CCG module (`likely_guesses`), imported when first asked: that package imports this one."""
    from .search import ccg

    return ccg


#: Greedy heuristics per ruleset name; other rulesets get `GreedyBot`.
GREEDY: dict[str, Callable[[Ruleset, int], Bot]] = {"tragedy": TragedyGreedy, "xfiles-ccg": GuessingGreedy}
#: the share of random moves in the search bot's playouts per ruleset (0 where none is named): X-Files CCG's greedy
#: bot takes the first move listed (a guess aside), so its playouts alone would all run one way
PLAYOUT_NOISE: dict[str, float] = {"xfiles-ccg": 0.2}
BOTS = ("random", "greedy", "ismcts", "ismcts:easy", "ismcts:hard")


def is_bot(name: str) -> bool:
    """Whether `name` names a bot: one of BOTS, or `ismcts:N` (N iterations per decision)."""
    if name in BOTS:
        return True
    head, _, level = name.partition(":")
    return head == "ismcts" and level.isdigit() and 0 < int(level) <= 100_000


def make_bot(name: str, ruleset: Ruleset, seed: int = 0, *, sandbox: bool = False) -> Bot:
    """A bot by name for a ruleset instance, with its own seed: `random`, `greedy`, or the search bot `ismcts`
    (`ismcts:easy`, `ismcts:hard` for its levels, `ismcts:N` for N iterations per decision)."""
    if name == "random":
        return RandomBot(ruleset, seed, sandbox=sandbox)
    if name == "greedy":
        return GREEDY.get(ruleset.name, GreedyBot)(ruleset, seed)
    if is_bot(name) and name.startswith("ismcts"):
        from .search.ismcts import Ismcts

        level = name.partition(":")[2]
        # its playouts follow the ruleset's greedy bot, with some random moves where that bot is a plain rule of thumb
        policy = GREEDY.get(ruleset.name, GreedyBot)(ruleset, seed)
        noise = PLAYOUT_NOISE.get(ruleset.name, 0.0)
        if level.isdigit():
            return Ismcts(ruleset, seed, iterations=int(level), policy=policy, noise=noise)
        return Ismcts(ruleset, seed, level=level or "normal", policy=policy, noise=noise)
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
