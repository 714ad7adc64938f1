"""Tragedy's rule of thumb for the search bot: a card it would keep blocks the other player's best Actor or Set.

Why: an Actor takes one Prop and a Set one Set Piece (0000.4.3.2), and a Prop or Set Piece may name any player's
Actor or Set. A card the bot has no use for now, played as a Prop on the opponent's best Actor that has none (a Set
Piece on their best Set), keeps that slot from the strong Prop they would put there for the rest of the game. The
search cannot see it: its playouts follow the greedy bot for two turns and its race heuristic counts only what is in
play, so the block reads as a gift (its Value added to the opponent's pair). Measured with the greedy bot itself,
seeded games from both seats: the greedy bot that blocks beats the plain one in 71% of 200 (95% interval 64-77%).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import GameState
from .heuristics import spread
from .sampler import CardPool

__all__ = ["tragedy_choice", "tragedy_heuristic"]


def tragedy_choice(rules: Any, state: GameState, know: dict[str, Any], pool: CardPool,
                   policy: Any = None) -> Action | None:
    """The block (see the module) when `policy`, the playouts' greedy bot, would pass while staging; None otherwise
    (the search decides, as it does without a policy).

    `state` is the table as the seat knows it: the cards it reads (its own hand, every card in play) are all seen."""
    from ..tragedy import HOST_ROLE, PassPriority, PlayCard

    moves: list[Action] = know["moves"]
    seat: int = know["seat"]
    blocks = [a for a in moves if isinstance(a, PlayCard) and a.role in HOST_ROLE and a.target in state.pieces
              and _owner(state, a.target) not in (None, seat)]
    if not blocks or policy is None or not isinstance(policy.choose(state, seat), PassPriority):
        return None
    best: tuple[tuple[int, int], Action] | None = None
    for a in blocks:
        host = rules.value(state, a.target)
        owner = _owner(state, a.target)
        if host < max((rules.value(state, h) for h in rules.in_play(state, owner, HOST_ROLE[a.role])), default=0):
            continue  # only the opponent's best host of its Role: a weaker one they would not dress first
        key = (host, -rules.value(state, a.piece))  # the strongest host, with the lowest card
        if best is None or key > best[0]:
            best = (key, a)
    return None if best is None else best[1]


def _owner(state: GameState, pid: str) -> int | None:
    return state.zones[state.pieces[pid].zone].owner


def tragedy_heuristic(rules: Any, state: GameState) -> list[float]:
    """Tragedy is a race to the winning favor: each seat's Performances still needed at the rate its pair scores,
    halfway between what its best Actor and Set score now (dressed) and what they could score with the cards in its
    hand (`_potential`); fewer than the others is good.

    Why the hand counts through the pair it could make, not per card: counted per card, a card staged was a card
    lost, so the search kept an Actor in hand while no Set was staged (its playouts scored keeping above staging);
    and a block (`tragedy_choice`) now reads as what it is, a slot taken from the opponent's best Prop."""
    win = float(getattr(rules, "options", {}).get("win_favor", 1000) or 1000)
    needed = []
    for p in state.players:
        try:
            now, could, cards = _potential(rules, state, p.seat)
        except (AttributeError, KeyError, TypeError):
            now = could = cards = 0
        rate = 0.5 * (now + could) + 1.0 * cards + 1.0
        # capped: a seat with nothing staged is far behind, but not so far that nothing else it does counts
        needed.append(min(40.0, max(0.0, win - float(p.counters.get("favor", 0))) / rate))
    return spread([-n for n in needed], 40.0)


def _potential(rules: Any, state: GameState, seat: int) -> tuple[int, int, int]:
    """The seat's pair score now, the best it could score with its hand's cards staged, and its hand's size."""
    hand = state.zones.get(f"hand:{seat}")
    held = [pid for pid in hand.pieces if state.pieces[pid].card is not None] if hand is not None else []

    def best(role: str) -> int:
        return max((rules.value(state, q) for q in held if role in rules.roles(state, q)), default=0)

    def pair(host_role: str, extra: str) -> tuple[int, int]:
        spare = best(extra)
        now, could = 0, 0
        for h in rules.in_play(state, seat, host_role):
            dressed = rules.attachments(state, h, extra)
            worn = sum(rules.value(state, q) for q in dressed)
            now = max(now, rules.value(state, h) + worn)
            could = max(could, rules.value(state, h) + (worn if dressed else spare))
        return now, max(could, best(host_role) + spare if best(host_role) else 0)

    actor_now, actor_could = pair("Actor", "Prop")
    set_now, set_could = pair("Set", "Set Piece")
    return actor_now * set_now, actor_could * set_could, len(hand.pieces) if hand is not None else 0

