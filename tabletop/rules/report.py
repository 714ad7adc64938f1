"""The playtest report: every rule broken in a game, per rule and per card, from the game's log.

A designer reads it to learn which rules players ignore (in `warn` every violation is kept in the log with the
action that broke it) and which cards keep getting played against the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.session import LogEntry
from ..core.state import GameState

__all__ = ["format_violations", "violation_report"]


def _card_label(state: GameState | None, pid: str, names: Mapping[str, str]) -> str:
    if state is None or pid not in state.pieces:
        return pid
    ref = state.pieces[pid].card
    if ref is None:
        return pid
    return names.get(ref, ref)


def violation_report(
    history: Iterable[LogEntry], state: GameState | None = None, library: Any = None
) -> dict[str, Any]:
    """Violations of a game grouped per rule (with codes, seats, examples) and per card (the card's name or ref).

    `state` maps piece ids to cards (the save's final state: cards are never deleted); `library` gives card names.
    """
    entries = list(history)
    names: dict[str, str] = {}
    if library is not None and state is not None:
        for piece in state.pieces.values():
            if piece.card and piece.card not in names:
                try:
                    names[piece.card] = library.get(piece.card).name
                except KeyError:
                    names[piece.card] = piece.card
    rules: dict[str, dict[str, Any]] = {}
    cards: dict[str, Counter[str]] = {}
    seats: Counter[str] = Counter()
    total = 0
    broken_actions = 0
    for entry in entries:
        if entry.violations:
            broken_actions += 1
        for v in entry.violations:
            total += 1
            key = v.rule or v.code
            r = rules.setdefault(key, {"rule": v.rule, "count": 0, "codes": Counter(), "seats": Counter(),
                                       "example": str(v), "first_seq": entry.seq, "cards": Counter()})
            r["count"] += 1
            r["codes"][v.code] += 1
            who = v.seat if v.seat is not None else entry.seat
            r["seats"]["host" if who is None else str(who)] += 1
            seats["host" if who is None else str(who)] += 1
            for pid in v.pieces:
                label = _card_label(state, pid, names)
                r["cards"][label] += 1
                cards.setdefault(label, Counter())[key] += 1
    per_rule = []
    for key, r in sorted(rules.items(), key=lambda kv: (-kv[1]["count"], kv[0])):
        per_rule.append({
            "rule": r["rule"] or key,
            "count": r["count"],
            "codes": dict(r["codes"].most_common()),
            "seats": dict(sorted(r["seats"].items())),
            "cards": dict(r["cards"].most_common()),
            "example": r["example"],
            "first_seq": r["first_seq"],
        })
    per_card = [
        {"card": label, "count": sum(c.values()), "rules": dict(c.most_common())}
        for label, c in sorted(cards.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    ]
    return {
        "actions": len(entries),
        "actions_with_violations": broken_actions,
        "violations": total,
        "per_seat": dict(sorted(seats.items())),
        "per_rule": per_rule,
        "per_card": per_card,
    }


def format_violations(report: Mapping[str, Any], title: str = "") -> str:
    """The report as text: totals, then each rule with its count and an example, then each card."""
    lines = []
    if title:
        lines.append(title)
    lines.append(f"{report['violations']} violation(s) in {report['actions_with_violations']} of "
                 f"{report['actions']} logged actions")
    if not report["violations"]:
        return "\n".join(lines)
    lines.append("")
    lines.append("per rule:")
    for r in report["per_rule"]:
        # the JSON keeps the engine's seat index; text names seats from 1, as the command line does
        seats = ", ".join(f"seat {int(s) + 1}: {n}" if s != "host" else f"engine: {n}" for s, n in r["seats"].items())
        lines.append(f"  {r['rule']:<12} {r['count']:>5}x  ({seats})  e.g. {r['example']}")
        if r["cards"]:
            top = ", ".join(f"{c} x{n}" for c, n in list(r["cards"].items())[:5])
            lines.append(f"  {'':<12}        cards: {top}")
    if report["per_card"]:
        lines.append("")
        lines.append("per card:")
        for c in report["per_card"]:
            rules = ", ".join(f"{k} x{n}" for k, n in c["rules"].items())
            lines.append(f"  {c['card']:<24} {c['count']:>5}x  {rules}")
    return "\n".join(lines)
