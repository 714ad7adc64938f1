"""The balance report of a simulation: what a designer acts on, each figure with its 95% interval.

Win rate per seat and the first player's advantage (Wilson intervals), bot and deck match-ups, each card's
contribution (its seat's win rate in games it was played against those it was not), the same games with one card
banned from one side (`--restrict`: paired game by game, McNemar's test), the game-length distribution, lead
changes and decisiveness where the ruleset keeps a score, unfinished games apart, and each bot's decision times.
Only finished games (a win or a draw) count towards a win rate.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from ..rules.simulate import GameRecord
from .stats import Z95, compare_binary, mean_ci, wilson

__all__ = ["balance", "card_label", "card_names", "decision_times", "format_balance", "rate", "restrict_effect"]


def rate(wins: int, n: int) -> dict[str, Any]:
    """A win rate with its Wilson 95% interval."""
    lo, hi = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": round(wins / n, 4) if n else None, "low": round(lo, 4),
            "high": round(hi, 4)}


def _won(r: GameRecord, seat: int) -> bool:
    return r.end == "win" and r.winner == seat


def _matchups(records: Sequence[GameRecord], label: Callable[[GameRecord, int], str]) -> dict[str, dict[str, Any]]:
    """Row A, column B: how often A won the finished games A and B played in different seats."""
    cells: dict[tuple[str, str], list[int]] = {}
    for r in records:
        if not r.finished:
            continue
        n = len(r.bots)
        for a in range(n):
            for b in range(n):
                la, lb = label(r, a), label(r, b)
                if a == b or la == lb:
                    continue
                cell = cells.setdefault((la, lb), [0, 0])
                cell[0] += int(_won(r, a))
                cell[1] += 1
    out: dict[str, dict[str, Any]] = {}
    for (la, lb), (w, n) in sorted(cells.items()):
        out.setdefault(la, {})[lb] = rate(w, n)
    return out


def _cards(records: Sequence[GameRecord], limit: int = 20, least: int = 5,
           name_of: Callable[[str], str | None] | None = None) -> list[dict[str, Any]]:
    """Per card: its seat's win rate when it was played and when it was not, and the difference (95% interval).

    The difference is taken within each stratum of the same bot, deck and seat, then pooled (weighted as the
    Cochran-Mantel-Haenszel risk difference): a card that sits only in the stronger deck, or that a weak bot or the
    favoured seat plays more often, does not look like a winning or a losing card for it. The played and not-played
    rates count the strata that hold both (those the difference is taken over); a card played in every game of its
    deck, or in none, has no row (nothing to compare it with). The rows come surest first (`_surest`)."""
    seat_games = [(r, s) for r in records if r.finished and r.played for s in range(len(r.played))
                  if not r.restricted]
    totals: dict[tuple[str, str, int], list[int]] = {}
    cells: dict[str, dict[tuple[str, str, int], list[int]]] = {}
    for r, s in seat_games:
        won = int(_won(r, s))
        stratum = (r.bots[s], r.decks[s] if s < len(r.decks) else "", s)
        tot = totals.setdefault(stratum, [0, 0])
        tot[0] += won
        tot[1] += 1
        for card in r.played[s]:
            cell = cells.setdefault(card, {}).setdefault(stratum, [0, 0])
            cell[0] += won
            cell[1] += 1
    out = []
    for card, strata in cells.items():
        row = _contribution(strata, totals, least)
        if row is not None:
            name = name_of(card) if name_of is not None else None
            out.append({"card": card, **({"name": name} if name and name != card else {}), **row})
    out.sort(key=_surest)
    return out[:limit]


def _surest(row: dict[str, Any]) -> tuple[float, float, str]:
    """The cards whose effect the games show surest first: the bound of its interval nearest zero (how large the
    effect is at least; 0 when the interval holds zero), then the difference, so six lucky games do not lead."""
    at_least = max(row["low"], 0.0) if row["difference"] > 0 else max(-row["high"], 0.0)
    return -at_least, -abs(row["difference"]), row["card"]


def _contribution(strata: dict[Any, list[int]], totals: dict[Any, list[int]], least: int) -> dict[str, Any] | None:
    """One card's pooled risk difference over the strata where it was both played and not (None: too few games)."""
    w1 = n1 = w0 = n0 = 0
    num = weights = var = 0.0
    for key, (bw1, bn1) in strata.items():
        bw0, bn0 = totals[key][0] - bw1, totals[key][1] - bn1
        if bn1 == 0 or bn0 == 0:
            continue
        w1, n1, w0, n0 = w1 + bw1, n1 + bn1, w0 + bw0, n0 + bn0
        p1, p0 = bw1 / bn1, bw0 / bn0
        w = bn1 * bn0 / (bn1 + bn0)
        num += w * (p1 - p0)
        weights += w
        var += w * w * (_rate_variance(bw1, bn1) + _rate_variance(bw0, bn0))
    if weights == 0 or n1 < least or n0 < least:
        return None
    diff, half = num / weights, Z95 * math.sqrt(var) / weights
    return {"played": rate(w1, n1), "not_played": rate(w0, n0), "difference": round(diff, 4),
            "low": round(diff - half, 4), "high": round(diff + half, 4)}


def _rate_variance(wins: int, n: int) -> float:
    """The variance of a win rate, read with one win and one loss added (Agresti and Caffo): 6 wins of 6 games
    still leave room either side, where the plain p(1-p)/n would call the rate exact."""
    p = (wins + 1) / (n + 2)
    return p * (1 - p) / (n + 2)


def restrict_effect(records: Sequence[GameRecord]) -> dict[str, Any] | None:
    """The same games with and without the banned card (paired by seed and seating): the banned seat's win rate."""
    banned = [r for r in records if r.restricted]
    if not banned:
        return None
    tag = banned[0].restricted
    card, _, seat_text = tag.rpartition("@")
    seat = int(seat_text) - 1
    base = {(r.seed, tuple(r.bots), tuple(r.decks)): r for r in records if not r.restricted}
    pairs = [(base[k], r) for r in banned if (k := (r.seed, tuple(r.bots), tuple(r.decks))) in base]
    with_card = [_won(a, seat) if a.finished and b.finished else None for a, b in pairs]
    without = [_won(b, seat) if a.finished and b.finished else None for a, b in pairs]
    c = compare_binary("restrict", with_card, without)
    return {"card": card, "seat": seat + 1, "pairs": c.pairs,
            "with_card": rate(sum(1 for v in with_card if v), c.pairs),
            "without_card": rate(sum(1 for v in without if v), c.pairs),
            "difference": _num(c.difference), "low": _num(c.low), "high": _num(c.high), "p": _num(c.p),
            "test": c.test}


def _named(row: dict[str, Any] | None, name_of: Callable[[str], str | None] | None) -> dict[str, Any] | None:
    """`row` with its card's name beside its ref, where `name_of` knows it."""
    name = name_of(row["card"]) if row is not None and name_of is not None else None
    return {**row, "name": name} if row is not None and name and name != row["card"] else row


def _num(x: float) -> float | None:
    return None if isinstance(x, float) and math.isnan(x) else round(x, 4)


def _histogram(values: Sequence[int], bins: int = 10) -> list[dict[str, int]]:
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts: dict[int, int] = {}
    for v in values:
        start = lo + (v - lo) // width * width
        counts[start] = counts.get(start, 0) + 1
    return [{"from": k, "to": k + width - 1, "games": counts[k]} for k in sorted(counts)]


def _scores(finished: Sequence[GameRecord]) -> dict[str, Any] | None:
    """Lead changes and the winner's margin, where the ruleset keeps a score that moved."""
    scored = [r for r in finished if r.scores and any(r.scores) and len(r.scores) > 1]
    if not scored or not any(r.scored for r in finished):  # no score, or only the win (`GameRecord.scored`)
        return None
    m, lo, hi = mean_ci([float(r.lead_changes) for r in scored])
    margins = []
    for r in scored:
        if r.end == "win" and r.winner is not None and r.winner < len(r.scores):
            top = r.scores[r.winner]
            second = max((v for s, v in enumerate(r.scores) if s != r.winner), default=0)
            margins.append((top - second) / max(abs(top), 1))
    dm, dlo, dhi = mean_ci(margins)
    return {"games": len(scored), "lead_changes": {"mean": _num(m), "low": _num(lo), "high": _num(hi)},
            "decisiveness": {"mean": _num(dm), "low": _num(dlo), "high": _num(dhi),
                             "meaning": "the winner's lead over the runner-up, as a share of the winner's score"}}


def decision_times(records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per bot, its decision times in ms: median and 95th percentile (a search bot: decisions with 2+ moves)."""
    by_bot: dict[str, list[float]] = {}
    for r in records:
        for s, times in enumerate(r.decisions):
            if s < len(r.bots):
                by_bot.setdefault(r.bots[s], []).extend(times)
    out = {}
    for bot, times in sorted(by_bot.items()):
        if not times:
            continue
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        out[bot] = {"median_ms": round(statistics.median(times), 3), "p95_ms": round(p95, 3), "decisions": len(times)}
    return out


def balance(records: Sequence[GameRecord], seats: int,
            name_of: Callable[[str], str | None] | None = None) -> dict[str, Any]:
    """The balance report of a run's records (see the module), as plain data; `name_of` gives a card's name for
    its ref (the cards' rows carry it beside the ref)."""
    plain = [r for r in records if not r.restricted]
    finished = [r for r in plain if r.finished]
    decided = [r for r in finished if r.end == "win" and r.winner is not None and r.first is not None]
    first = rate(sum(1 for r in decided if r.winner == r.first), len(decided))
    fair = 1 / max(1, seats)
    first["advantage"] = None if first["rate"] is None else round(first["rate"] - fair, 4)
    first["advantage_low"], first["advantage_high"] = round(first["low"] - fair, 4), round(first["high"] - fair, 4)
    endings: dict[str, int] = {}
    for r in records:
        endings[r.end] = endings.get(r.end, 0) + 1
    turns = [r.turns for r in finished]
    decks = any(d for r in plain for d in r.decks)
    return {
        "finished": len(finished),
        "seats": [dict(rate(sum(1 for r in finished if _won(r, s)), len(finished)), seat=s + 1) for s in range(seats)],
        "first_player": first,
        "bots": _matchups(plain, lambda r, s: r.bots[s]) if len({b for r in plain for b in r.bots}) > 1 else {},
        "decks": _matchups(plain, lambda r, s: r.decks[s] or "(default)") if decks else {},
        "cards": _cards(plain, name_of=name_of),
        "restrict": _named(restrict_effect(records), name_of),
        "length": {"turns": _histogram(turns), "mean": _num(mean_ci([float(t) for t in turns])[0])},
        "scores": _scores(finished),
        "endings": endings,
    }


def card_names() -> Callable[[str], str | None]:
    """A card's name by its ref in the loaded card sets (`default_library`; None for a ref none of them holds)."""
    from ..cards import default_library

    library = default_library()

    def name_of(ref: str) -> str | None:
        try:
            return library.get(ref).name
        except KeyError:
            return None

    return name_of


def card_label(row: dict[str, Any]) -> str:
    """A card's row named as a designer reads it: its name and its ref, or its ref alone."""
    return f"{row['name']} ({row['card']})" if row.get("name") else str(row["card"])


def _r(d: dict[str, Any]) -> str:
    if d.get("rate") is None:
        return "-"
    return f"{d['rate']:.1%} [{d['low']:.1%}, {d['high']:.1%}] (n={d['n']})"


def format_balance(report: dict[str, Any]) -> str:
    """The balance section of a simulation report as readable lines."""
    b = report.get("balance") or {}
    lines = ["balance (95% intervals; finished games only):"]
    lines.append("  win rate per seat: " + ", ".join(f"seat {d['seat']}: {_r(d)}" for d in b.get("seats", [])))
    f = b.get("first_player") or {}
    if f.get("rate") is not None:
        lines.append(f"  first player: {_r(f)}; advantage {f['advantage']:+.1%} "
                     f"[{f['advantage_low']:+.1%}, {f['advantage_high']:+.1%}]")
    for title, key in (("bot", "bots"), ("deck", "decks")):
        for row, cols in (b.get(key) or {}).items():
            lines.append(f"  {title} {row} vs " + ", ".join(f"{col}: {_r(d)}" for col, d in cols.items()))
    for c in (b.get("cards") or [])[:10]:
        lines.append(f"  card {card_label(c)}: played {_r(c['played'])}, not {_r(c['not_played'])}; "
                     f"difference {c['difference']:+.1%} [{c['low']:+.1%}, {c['high']:+.1%}]")
    rs = b.get("restrict")
    if rs and rs.get("difference") is not None:
        lines.append(f"  {card_label(rs)} banned from seat {rs['seat']} ({rs['pairs']} paired games): seat "
                     f"{rs['seat']} wins {_r(rs['with_card'])} with it, {_r(rs['without_card'])} without; "
                     f"banning it moves it {rs['difference']:+.1%} [{rs['low']:+.1%}, {rs['high']:+.1%}], "
                     f"p={rs['p']:.3g} ({rs['test']})")
    hist = (b.get("length") or {}).get("turns") or []
    if hist:
        lines.append("  game length (turns): " + ", ".join(f"{h['from']}-{h['to']}: {h['games']}" for h in hist))
    sc = b.get("scores")
    if sc:
        lc, dc = sc["lead_changes"], sc["decisiveness"]
        lines.append(f"  lead changes per game: {lc['mean']} [{lc['low']}, {lc['high']}]; winner's margin: "
                     f"{dc['mean']} [{dc['low']}, {dc['high']}] of its score")
    endings = b.get("endings") or {}
    stuck = {k: v for k, v in endings.items() if k not in ("win", "draw")}
    lines.append("  endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(endings.items()))
                 + (" (unfinished games are left out of every rate above)" if stuck else ""))
    for bot, d in (report.get("decisions") or {}).items():
        lines.append(f"  {bot} decision time: median {d['median_ms']} ms, p95 {d['p95_ms']} ms "
                     f"over {d['decisions']} decisions")
    return "\n".join(lines)
