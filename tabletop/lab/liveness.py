"""Liveness: does a bot game of a ruleset end, or at least keep making progress, within a bound?

A game is stuck when nobody can act, a bot has no action, strict mode refuses a legal action, or a long stretch of
actions passes without progress. Progress is the turn counter the ruleset reports moving on (or the game ending);
a ruleset with no turns and no legal-action generator (a sandbox) progresses while its table keeps changing.
A game that has not ended within the bound passes only if it was still progressing: a long game is no bug, a loop is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.session import Session
from ..rules import Ruleset, get_ruleset
from ..rules.bots import make_bot

__all__ = ["Liveness", "check_liveness"]


@dataclass(slots=True)
class Liveness:
    """What a liveness check found: `problem` is "" when the game ended or kept progressing."""

    ruleset: str
    bots: tuple[str, ...]
    seed: int
    actions: int = 0
    ended: bool = False
    problem: str = ""

    def __str__(self) -> str:
        what = self.problem or ("ended" if self.ended else "still progressing")
        return f"{self.ruleset} seed {self.seed} ({', '.join(self.bots)}) after {self.actions} actions: {what}"


def check_liveness(ruleset: str | Ruleset, bots: tuple[str, ...], seed: int, *, bound: int = 5000,
                   window: int = 400, enforcement: str = "strict") -> Liveness:
    """Play one seeded bot game for at most `bound` bot actions; fail when `window` actions pass without progress."""
    rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    state = rules.new_game(max(len(bots), rules.min_seats), seed=seed, enforcement=enforcement)
    session = Session(state, rules)
    sandbox = not any(any(True for _ in rules.generate_actions(state, s)) for s in state.seats) \
        and not state.rules.get("over")
    # on a sandbox table every bot makes random table moves (a greedy heuristic needs rules to be greedy about)
    players = [make_bot("random" if sandbox else b, rules, seed * 7919 + i, sandbox=sandbox)
               for i, b in enumerate(bots)]
    out = Liveness(rules.name, tuple(bots), seed)
    mark, since = _progress_mark(rules, session, sandbox), 0
    while out.actions < bound:
        if state.rules.get("over"):
            out.ended = True
            return out
        waiting = rules.waiting_for(state)
        if not waiting:
            out.problem = "stuck: the game is not over but waits for nobody"
            return out
        seat = waiting[0]
        action = players[seat % len(players)].choose(state, seat)
        if action is None:
            out.problem = f"stuck: seat {seat + 1} is waited for but has no legal action"
            return out
        result = session.submit(action, seat)
        if not result.accepted:
            out.problem = f"stuck: seat {seat + 1}'s legal {action.type} was refused: {result.error}"
            return out
        out.actions += 1
        since += 1
        if since >= window or sandbox and since >= window // 8:
            now = _progress_mark(rules, session, sandbox)
            if now == mark:
                out.problem = (f"no progress: {since} actions without the "
                               f"{'table changing' if sandbox else 'turn moving on'} (turn {now})")
                return out
            mark, since = now, 0
    out.ended = bool(state.rules.get("over"))
    return out


def _progress_mark(rules: Ruleset, session: Session, sandbox: bool) -> object:
    if sandbox:
        return session.state.hash()
    status = rules.status(session.state, None)
    return (status.get("turn"), status.get("round"), status.get("period"), bool(status.get("over")))
