"""Cards played outside the skill checks' windows, in the phase their text names ("Play during the Briefing Phase to
...", "Play this card during the case assignment phase to ..."), so that a card meant for the Briefing or the Case
Assignment is played there and nowhere else.

The seat whose decision it is in a step of that phase (the Investigating Player in the free draw, the purchase and
the placing of Sites; an opponent selling, or placing Bluffs) plays such a card: it goes on the chain as any card
played, and a chain of its own opens in that step (rule state `phase_chain`): every seat in turn may play another
card its text allows there or pass, the cards resolve last in first out, and when every seat has passed with the
chain empty the step goes on where it was. While the chain is open nothing else of the step is done
(`xfc.chain_open`, xfc.chain.1). The bots' short list offers such cards too (`generators_phase`): a Briefing card
before the step's purchases, a Case Assignment card after the step's own moves, and while the chain is open only the
cards its text allows there and the pass.
"""

from __future__ import annotations

from typing import Any

from ...core.state import GameState

__all__ = ["PHASE_CHAIN", "PHASE_STEPS", "phase_cards", "phase_play", "phase_steps"]

#: the rule state key of a chain opened outside a skill check (True while it is open)
PHASE_CHAIN = "phase_chain"
#: the steps of each phase a card's text may name ("during the Briefing Phase"), by the phase's name folded
PHASE_STEPS = {"briefing": ("draw", "buy", "sell"), "case assignment": ("sites", "bluffs")}


def phase_steps(rs: Any, ref: str | None) -> frozenset[str]:
    """The steps outside a skill check in which the card's text lets it be played (its `in_phase` conditions)."""
    cache, library = rs.card_cache(), rs.card_library
    key = ("phase_steps", ref)
    found = cache.get(key)
    if found is None or found[0] is not library:  # kept with its library: a game may be given another
        steps = frozenset(step for a in rs.card_text(ref).when("resolved") for name, args in a.conditions
                          if name == "in_phase" for step in PHASE_STEPS.get(str(args), ()))
        found = cache[key] = (library, steps)
    return found[1]


def phase_play(rs: Any, state: GameState, pid: str) -> bool:
    """Whether the card `pid` is one played in the step under way, outside a skill check."""
    piece = state.pieces.get(pid)
    return piece is not None and rs.step(state) in phase_steps(rs, piece.card)


def phase_cards(rs: Any, state: GameState, seat: int, step: str) -> list[str]:
    """The cards of `seat`'s hand whose text lets them be played in `step` (the listing offers each way to play
    them, each checked as strict mode checks it)."""
    zone = state.zones.get(f"hand:{seat}")
    pieces = state.pieces
    return [p for p in zone.pieces if step in phase_steps(rs, pieces[p].card)] if zone is not None else []
