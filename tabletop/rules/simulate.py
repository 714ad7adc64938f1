"""Headless bot-vs-bot games of any ruleset, with the statistics a designer wants: wins, lengths, scores, violations.

Every game goes through `Session.submit`, exactly as a person's would, so a strict self-play that reports a
violation has found a disagreement between a ruleset's legal actions and its checks.

A game's record says how it ended (`end`): `win`, `draw`, or one of the unfinished endings `cap` (a playtest turn
cap or the action bound stopped it), `deadlock` (nobody could act, or a bot had no action), `refused` (strict mode
refused a bot's legal action: a ruleset bug) and `crash` (an exception: a bug). Only `win` and `draw` count as
finished. Running many games, on every core or a cluster, is `tabletop.lab`'s job; this module plays one.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.messages import plain
from ..core.session import Session
from ..core.state import GameState
from . import get_ruleset
from .bots import make_bot
from .tracking import GameTracker, restrict_card

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "FINISHED",
    "GAME_GC_THRESHOLD",
    "GameRecord",
    "card_text_counts",
    "card_text_line",
    "card_text_report",
    "distribution",
    "format_report",
    "play_game",
    "play_session",
    "shared_ruleset",
    "simulate",
    "young_gc",
]

DEFAULT_MAX_ACTIONS = 20_000
#: the endings that count as a finished game; every other ending is reported as unfinished
FINISHED = ("win", "draw")


@dataclass(slots=True)
class GameRecord:
    """How one simulated game went (plain data: it crosses process and network boundaries)."""

    index: int
    seed: int
    bots: list[str]
    first: int | None = None
    winner: int | None = None
    over: bool = False
    turns: int = 0
    actions: int = 0
    auto: int = 0
    scores: list[int] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    #: what stopped an unfinished game that was no error (a cap), for the report
    detail: str = ""
    #: win, draw, cap, deadlock or refused (see the module docstring)
    end: str = ""
    #: the deck label of each seat ("" where the ruleset's default deck was used)
    decks: list[str] = field(default_factory=list)
    variant: str = ""
    #: the save written for this game (with --keep), "" otherwise
    kept: str = ""
    #: card text played: [resolved, engine, by_hand] (`card_text_counts`)
    card_text: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: per seat, the cards it played (moved from its hand into play), for each card's contribution
    played: list[list[str]] = field(default_factory=list)
    #: how often the strict leader by score changed, read at each turn change
    lead_changes: int = 0
    #: per seat, its bot's decision times in ms (a search bot: CPU time of decisions with two or more moves);
    #: left out of comparisons: the same game played twice takes other times
    decisions: list[list[float]] = field(default_factory=list, compare=False)
    #: "CARD@SEAT" when the card was banned from that seat (seats from 1), "" otherwise
    restricted: str = ""

    @property
    def finished(self) -> bool:
        return self.end in FINISHED

    @property
    def scored(self) -> bool:
        """Whether this game's scores say more than who won: a ruleset whose only score is the win (1 for the
        winner, 0 for the others) keeps no score to report lead changes, margins or spreads of."""
        win = [1 if self.end == "win" and self.winner == s else 0 for s in range(len(self.scores))]
        return bool(self.scores) and list(self.scores) != win

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> GameRecord:
        return cls(**dict(d))


def play_session(
    ruleset: str,
    bots: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    options: Mapping[str, Any] | None = None,
    enforcement: str = "strict",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    library: Any = None,
    decks: Mapping[int, Any] | None = None,
    session: Session | None = None,
    restrict: tuple[str, int] | None = None,
) -> tuple[GameRecord, Session]:
    """Play one game with one bot per seat, in seat order, and return its record and the session (with its log).

    `decks` maps seats (from 0) to `DeckList`s; seats without one get the ruleset's default deck. A `session`
    given plays on from that position instead of setting up a new game.
    """
    if session is None:
        rules = shared_ruleset(ruleset, options) if library is None else get_ruleset(ruleset, options)
        state = rules.new_game(len(bots), seed=seed, enforcement=enforcement, library=library, decks=decks)
        if restrict is not None:
            restrict_card(state, *restrict)
        session = Session(state, rules)
    rules = session.rules  # type: ignore[assignment]
    state = session.state
    players = [make_bot(name, rules, seed * 7919 + seat) for seat, name in enumerate(bots)]  # type: ignore[arg-type]
    record = GameRecord(index, seed, list(bots))
    if restrict is not None:
        record.restricted = f"{restrict[0]}@{restrict[1] + 1}"
    tracker = GameTracker(len(bots))
    # per seat, the bot's choice and where its decision times go: a bot that times its own decisions (a search bot)
    # through `tracker.timed`, the others timed here, in seconds (`tracker.decision_ms`), without a call per action
    choosers: list[tuple[Callable[[GameState, int], Any], Callable[[float], None] | None]] = []
    for s, p in enumerate(players):
        if getattr(p, "decision_times", None) is None:
            choosers.append((p.choose, tracker.seconds[s].append))
        else:
            choosers.append((functools.partial(tracker.timed, p), None))
    clock = time.perf_counter
    keep_moves = tracker.kept.append
    turn: Any = None
    actions = auto = 0  # counted here, set on the record after the game (no attribute written per action)
    while not state.rules.get("over"):
        if actions >= max_actions:
            record.end = "cap"
            record.detail = f"still going after {max_actions} bot actions"
            break
        waiting = rules.waiting_for(state)
        if not waiting:
            record.end, record.error = "deadlock", "nobody can act"
            break
        seat = waiting[0]
        choose, keep = choosers[seat]
        if keep is not None:
            t0 = clock()
            action = choose(state, seat)
            keep(clock() - t0)
        else:
            action = choose(state, seat)
        if action is None:
            record.end, record.error = "deadlock", f"seat {seat + 1} has no action"
            break
        result = session.submit(action, seat)
        if not result.accepted:
            record.end, record.error = "refused", f"seat {seat}: {action.type} refused: {result.error}"
            break
        actions += 1
        entry = result.entry
        if entry is not None:
            auto += len(entry.auto)
            moves = result.moves
            if moves:  # the cards they played are read after the game (`tracker.settle`)
                keep_moves((moves, seat))
            now = state.rules.get("turn")
            if now != turn:  # `tracker.saw`'s lead, with the turn watched here
                turn = now
                read = rules.scores(state)
                if read != tracker.judged:  # most turn changes leave the scores as they were: no call to judge them
                    tracker.lead(read)
    record.actions += actions
    record.auto += auto
    tracker.settle(state, session.history)
    record.first = state.rules.get("first")  # some games only choose the first player after setup
    status = rules.status(state, None)
    record.over = bool(status.get("over", state.rules.get("over", False)))
    record.winner = status.get("winner") if record.over else None
    record.turns = int(status.get("turn", 0) or 0)
    scores = status.get("scores")
    record.scores = list(scores) if isinstance(scores, list) else [0] * len(bots)
    tracker.lead(record.scores)
    record.played = [sorted(p) for p in tracker.played]
    record.lead_changes = tracker.lead_changes
    record.decisions = [tracker.decision_ms(s) for s in range(len(bots))]
    record.violations = [dict(v.to_dict(), message=plain(v.message)) for _, v in session.violations()]
    record.card_text = card_text_counts(state)
    if record.over:
        record.end = "cap" if _ended_by_cap(session, record.turns, record.winner) else (
            "win" if record.winner is not None else "draw")
        if record.end == "cap":
            record.detail = f"the playtest cap of {rules.options.get('max_turns')} turns ended it"  # type: ignore
    return record, session


#: the youngest generation's threshold while many games are played (Python's default is 700)
GAME_GC_THRESHOLD = 100_000
_gc_lock = threading.Lock()
_gc_depth = 0
_gc_saved: tuple[int, ...] = ()


@contextlib.contextmanager
def young_gc(threshold: int = GAME_GC_THRESHOLD) -> Iterator[None]:
    """Collect the youngest objects less often while bot games run, and restore the collector's thresholds after.

    A game makes and drops tens of thousands of small event, action and rule-state objects, few in cycles, and keeps
    its log; with the default threshold the collector ran every 700 allocations and took an eighth of X-Files Fan
    self-play (measured: 12.6%; 2% at 10,000). At 100,000, above the ~15,000 objects one X-Files Fan game keeps, a
    finished game is mostly freed before the collector ever walks it (0.9% fewer instructions than at 10,000), and
    what a collection walks stays a few megabytes. Wrap a run of games, not each game: putting the threshold back
    after every game collects that game's whole log at once (measured: a third of the time). Cycles are still
    collected, later. Nested and concurrent uses (a cluster worker's threads) share one setting.
    """
    global _gc_depth, _gc_saved
    with _gc_lock:
        if _gc_depth == 0:
            _gc_saved = gc.get_threshold()
            if 0 < _gc_saved[0] < threshold:  # collection turned off, or already rarer: left as it is
                gc.set_threshold(threshold, *_gc_saved[1:])
        _gc_depth += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_depth -= 1
            if _gc_depth == 0:
                gc.set_threshold(*_gc_saved)


_RULESETS: dict[tuple[str, str], Any] = {}


def shared_ruleset(name: str, options: Mapping[str, Any] | None) -> Any:
    """One ruleset instance per name and options in this thread: a ruleset keeps no game state on itself, only
    what it read from the card library (card data, sample decks), which every game would otherwise read again.

    Per thread, because a game sets the library it plays with on its ruleset and its card parts drop and refill
    their memos then: two games on the threads of one Dask worker sharing an instance read each other's half-dropped
    memos (a KeyError at setup)."""
    key = (name, repr(sorted((options or {}).items())), threading.get_ident())
    rules = _RULESETS.get(key)
    if rules is None:
        if len(_RULESETS) >= 32:
            _RULESETS.clear()
        rules = _RULESETS[key] = get_ruleset(name, options)
    return rules


def _ended_by_cap(session: Session, turns: int, winner: int | None) -> bool:
    """Did the ruleset's playtest turn cap (`max_turns`) end this game, rather than its own rules?

    A ruleset says so with a note whose kind ends in `.cap`, or ends the game undecided once the turns reach the cap
    (a game won on the last turn before the cap was won by the rules)."""
    cap = getattr(session.rules, "options", {}).get("max_turns")
    if not cap:
        return False
    for entry in session.history[-3:]:
        for e in entry.events:
            if getattr(e, "what", "").endswith(".cap"):
                return True
    return turns >= cap and winner is None


def play_game(
    ruleset: str,
    bots: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    options: Mapping[str, Any] | None = None,
    enforcement: str = "strict",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    library: Any = None,
    decks: Mapping[int, Any] | None = None,
) -> GameRecord:
    """Play one game to its end (or `max_actions` bot actions) with one bot per seat, in seat order."""
    return play_session(ruleset, bots, seed, index=index, options=options, enforcement=enforcement,
                        max_actions=max_actions, library=library, decks=decks)[0]


def distribution(values: Sequence[float]) -> dict[str, float]:
    """min, quartiles, max and mean of a sample ({} when empty)."""
    if not values:
        return {}
    data = sorted(values)
    if len(data) > 1:
        q1, q2, q3 = statistics.quantiles(data, n=4, method="inclusive")
    else:
        q1 = q2 = q3 = data[0]
    return {
        "min": data[0],
        "p25": round(q1, 2),
        "median": round(q2, 2),
        "p75": round(q3, 2),
        "max": data[-1],
        "mean": round(statistics.fmean(data), 2),
    }


def simulate(
    ruleset: str,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    *,
    options: Mapping[str, Any] | None = None,
    enforcement: str = "strict",
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[int, int], None] | None = None,
    library: Any = None,
) -> dict[str, Any]:
    """Play `games` games in this process and report wins per seat and per bot, lengths, scores, violations, speed.

    The bots rotate one seat each game, so seat effects and bot strength can be told apart. `tabletop.lab.run`
    does the same on every core, with decks per seat.
    """
    rules = get_ruleset(ruleset, options)
    n = max(len(bots), rules.min_seats)
    lineup = [bots[i % len(bots)] for i in range(n)]
    records: list[GameRecord] = []
    start = time.perf_counter()
    with young_gc():
        for i in range(games):
            seated = [lineup[(s + i) % n] for s in range(n)]
            records.append(play_game(ruleset, seated, seed * 1_000_003 + i, index=i, options=options,
                                     enforcement=enforcement, max_actions=max_actions, library=library))
            if progress is not None:
                progress(i + 1, games)
    seconds = time.perf_counter() - start
    return report(ruleset, rules.options, seed, lineup, enforcement, records, seconds)


def _rate(wins: int, played: int) -> dict[str, Any]:
    return {"wins": wins, "played": played, "win_rate": round(wins / played, 3) if played else None}


def report(ruleset: str, options: Mapping[str, Any], seed: int, lineup: Sequence[str], enforcement: str,
           records: Sequence[GameRecord], seconds: float, *, workers: int = 1) -> dict[str, Any]:
    """The statistics of a list of game records (in index order), as plain data."""
    records = sorted(records, key=lambda r: r.index)
    games = len(records)
    n = len(lineup)
    decided = [r for r in records if r.end == "win" and r.winner is not None]
    finished = [r for r in records if r.finished]
    wins_seat = [sum(1 for r in decided if r.winner == s) for s in range(n)]
    per_seat = [_rate(wins_seat[s], sum(1 for r in finished if s < len(r.bots))) for s in range(n)]
    per_bot: dict[str, dict[str, Any]] = {}
    for r in records:
        for s, bot in enumerate(r.bots):
            b = per_bot.setdefault(bot, {"seats_played": 0, "finished": 0, "wins": 0})
            b["seats_played"] += 1
            b["finished"] += int(r.finished)
            b["wins"] += int(r.end == "win" and r.winner == s)
    for b in per_bot.values():  # over finished games: a game stopped by a cap was won by nobody
        b["win_rate"] = round(b["wins"] / b["finished"], 3) if b["finished"] else 0.0
    per_deck: dict[str, dict[str, Any]] = {}
    for r in finished:
        for s, label in enumerate(r.decks):
            d = per_deck.setdefault(label or "(default)", {"played": 0, "wins": 0, "by_seat": {}})
            d["played"] += 1
            d["wins"] += int(r.end == "win" and r.winner == s)
            by = d["by_seat"].setdefault(s + 1, {"played": 0, "wins": 0})
            by["played"] += 1
            by["wins"] += int(r.end == "win" and r.winner == s)
    for d in per_deck.values():
        d["win_rate"] = round(d["wins"] / d["played"], 3) if d["played"] else None
        for by in d["by_seat"].values():
            by["win_rate"] = round(by["wins"] / by["played"], 3) if by["played"] else None
    with_first = [r for r in decided if r.first is not None]
    first_wins = sum(1 for r in with_first if r.winner == r.first)
    by_rule: Counter[str] = Counter()
    for r in records:
        for v in r.violations:
            by_rule[v.get("rule") or v.get("code", "")] += 1
    actions = sum(r.actions for r in records)
    auto = sum(r.auto for r in records)
    winner_scores = [r.scores[r.winner] for r in decided if r.winner < len(r.scores)]
    loser_scores = [sc for r in decided for s, sc in enumerate(r.scores) if s != r.winner]
    unfinished: dict[str, dict[str, Any]] = {}
    for r in records:
        if not r.finished:
            u = unfinished.setdefault(r.end or "deadlock", {"count": 0, "seeds": [], "example": ""})
            u["count"] += 1
            if len(u["seeds"]) < 5:
                u["seeds"].append(r.seed)
            u["example"] = u["example"] or r.error or r.detail
    errors = [f"game {r.index} (seed {r.seed}): {r.error}" for r in records if r.end in ("deadlock", "refused", "crash")]
    return {
        "ruleset": ruleset,
        "games": games,
        "seed": seed,
        "bots": list(lineup),
        "enforcement": enforcement,
        "options": dict(options),
        "finished": len(finished),
        "unfinished": games - len(finished),
        "unfinished_by_reason": unfinished,
        "draws": sum(1 for r in records if r.end == "draw"),
        "wins_per_seat": wins_seat,
        "win_rate_per_seat": per_seat,
        "wins_per_bot": per_bot,
        "wins_per_deck": per_deck,
        "first_player_wins": first_wins,
        "first_player_win_rate": round(first_wins / len(with_first), 3) if with_first else None,
        "length": {
            "turns": distribution([r.turns for r in finished]),
            "actions": distribution([r.actions for r in records]),
        },
        "scores": {"winner": distribution(winner_scores), "others": distribution(loser_scores),
                   "kept": any(r.scored for r in finished)},
        "violations": {"total": sum(by_rule.values()), "by_rule": dict(sorted(by_rule.items()))},
        "card_text": card_text_report(records),
        "errors": errors[:20],
        "kept": [r.kept for r in records if r.kept][:1],
        "speed": {
            "seconds": round(seconds, 3),
            "workers": workers,
            "games_per_second": round(games / seconds, 2) if seconds else None,
            "bot_actions": actions,
            "auto_actions": auto,
            "actions_per_second": round((actions + auto) / seconds, 1) if seconds else None,
        },
    }


def card_text_counts(state: GameState) -> list[int]:
    """A game's card text played, from the effect interpreter's rule state: [resolved (each time a card's text
    came to apply), engine (executed), by_hand (left to the players, or declined)]."""
    found = state.rules.get("card_text")
    if isinstance(found, list) and len(found) == 3 and all(isinstance(x, int) for x in found):
        return list(found)
    return [0, 0, 0]


def card_text_report(records: Sequence[GameRecord]) -> dict[str, Any]:
    """The card text of a run of games: resolved, engine, by_hand summed, and the share left by hand."""
    resolved = sum(r.card_text[0] for r in records if len(r.card_text) == 3)
    engine = sum(r.card_text[1] for r in records if len(r.card_text) == 3)
    by_hand = sum(r.card_text[2] for r in records if len(r.card_text) == 3)
    return {"resolved": resolved, "engine": engine, "by_hand": by_hand,
            "by_hand_share": round(by_hand / resolved, 4) if resolved else None}


def card_text_line(ct: Mapping[str, Any]) -> str:
    """The report's card-text line: how much of the game the numbers cover."""
    if not ct.get("resolved"):
        return "card text: none resolved (no card text came to apply, or the ruleset counts none)"
    return (f"card text: {ct['resolved']} resolved, {ct['engine']} run by the engine, {ct['by_hand']} left by hand "
            f"({_pct(ct['by_hand_share'])})")


def _dist_line(d: Mapping[str, float]) -> str:
    if not d:
        return "-"
    return f"min {d['min']}, median {d['median']}, mean {d['mean']}, max {d['max']} (p25 {d['p25']}, p75 {d['p75']})"


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.1%}"


def format_report(report: Mapping[str, Any]) -> str:
    """The report as a few readable lines."""
    lines = [
        f"{report['games']} games of {report['ruleset']} ({report['enforcement']}), seed {report['seed']}, "
        f"bots {', '.join(report['bots'])} (rotating seats)",
        f"finished {report['finished']}, unfinished {report['unfinished']}, draws {report['draws']}",
    ]
    for reason, u in report.get("unfinished_by_reason", {}).items():
        lines.append(f"  unfinished by {reason}: {u['count']} (seeds {', '.join(map(str, u['seeds']))}"
                     f"{', ...' if u['count'] > len(u['seeds']) else ''}): {u['example']}")
    lines.append("wins per seat: " + ", ".join(
        f"seat {s + 1}: {d['wins']}/{d['played']} ({_pct(d['win_rate'])})"
        for s, d in enumerate(report["win_rate_per_seat"])))
    lines.append("wins per bot (finished games): " + ", ".join(
        f"{b}: {d['wins']}/{d.get('finished', d['seats_played'])} ({d['win_rate']:.1%})"
        for b, d in report["wins_per_bot"].items()))
    decks = report.get("wins_per_deck", {})
    if decks and list(decks) != ["(default)"]:
        for label, d in decks.items():
            seats = ", ".join(f"seat {s}: {b['wins']}/{b['played']}" for s, b in sorted(d["by_seat"].items()))
            lines.append(f"deck {label}: {d['wins']}/{d['played']} ({_pct(d['win_rate'])}; {seats})")
    rate = report["first_player_win_rate"]
    lines.append(f"first player wins: {report['first_player_wins']}" + (f" ({rate:.1%})" if rate is not None else ""))
    lines.append("turns (finished games): " + _dist_line(report["length"]["turns"]))
    lines.append("bot actions per game: " + _dist_line(report["length"]["actions"]))
    if report["scores"].get("kept", True):  # a ruleset whose only score is the win has none to show
        lines.append("winner's score: " + _dist_line(report["scores"]["winner"]))
        lines.append("other scores: " + _dist_line(report["scores"]["others"]))
    v = report["violations"]
    lines.append(f"violations: {v['total']}" + (
        " (" + ", ".join(f"{k}: {c}" for k, c in v["by_rule"].items()) + ")" if v["total"] else ""))
    if "card_text" in report:
        lines.append(card_text_line(report["card_text"]))
    for e in report["errors"]:
        lines.append(f"error: {e}")
    sp = report["speed"]
    lines.append(f"speed: {sp['seconds']} s on {sp.get('workers', 1)} worker(s), {sp['games_per_second']} games/s, "
                 f"{sp['actions_per_second']} actions/s ({sp['bot_actions']} bot + {sp['auto_actions']} automatic "
                 "actions)")
    return "\n".join(lines)
