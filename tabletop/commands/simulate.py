"""`tabletop simulate`: bot-vs-bot games of a ruleset, headless, on every core, with win, length and score statistics.

Decks per seat (`--deck 2=FILE`, any deck list of any loaded card set), each seed played twice with the decks
exchanged (`--swap-seats`), the games kept as saves (`--keep DIR`), or run on a Dask cluster (`--scheduler`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "add_lab_arguments", "check_lab_arguments", "judge_decks", "progress_for",
           "run"]

NAME = "simulate"
HELP = "Play bot-vs-bot games of a ruleset headless (every core) and report wins, lengths, scores and violations."


def add_lab_arguments(parser: argparse.ArgumentParser) -> None:
    """The options `simulate` and `sweep` share: games, seeds, bots, decks, dial, workers, kept games."""
    parser.add_argument("--ruleset", help="ruleset to play (see `tabletop rulesets`)")
    parser.add_argument("--games", type=int, default=100, help="number of seeds to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--bots", default="greedy,random",
                        help="one bot per seat, comma-separated: random, greedy or ismcts (the search bot; "
                             "ismcts:easy, ismcts:hard, ismcts:N for N iterations a decision) (default "
                             "greedy,random); the bots rotate one seat each seed")
    parser.add_argument("--seats", type=int, help="number of seats (default: as many as bots or decks need)")
    parser.add_argument("--deck", action="append", default=[], metavar="SEAT=FILE",
                        help="deck list for a seat (seats count from 1), from any loaded card set; repeatable")
    parser.add_argument("--swap-seats", action="store_true",
                        help="play each seed twice, the second time with the decks exchanged (rotated one seat "
                             "with more than two); results are reported per deck and per seat")
    parser.add_argument("--enforce", choices=("warn", "strict"), default="strict",
                        help="rules dial for the games (default strict)")
    parser.add_argument("--enforcement", dest="enforce", choices=("warn", "strict"), help=argparse.SUPPRESS)
    parser.add_argument("--max-actions", type=int, default=20_000,
                        help="bot actions before a game is stopped and reported as unfinished (default 20000)")
    parser.add_argument("--jobs", "-j", type=int, default=0,
                        help="worker processes (default: every core; 1: play in this process)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on a Dask distributed cluster at this scheduler address (tcp://host:8786); "
                             "needs the `cluster` extra")
    parser.add_argument("--keep", metavar="DIR",
                        help="write every game into DIR as a save with its log (open it with `violations`, "
                             "`replay`, `branch` or `play`)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_lab_arguments(parser)
    parser.add_argument("--house-rules", metavar="FILE", help="YAML file of option overrides")
    parser.add_argument("--restrict", metavar="CARD[@SEAT]",
                        help="play every game again with this card (a ref set/id or a card name) banned from one "
                             "seat (default seat 1), and report the difference it makes to that seat's win rate")
    parser.add_argument("--precision", type=float, metavar="P",
                        help="after --games seeds, play on until every interval that matters (seat, first "
                             "player, bot, deck, --restrict) is at most +-P (e.g. 0.03); with search bots, use "
                             "every core or --scheduler")
    parser.add_argument("--max-games", type=int, default=20_000,
                        help="with --precision, the most seeds to play (default 20000)")
    parser.add_argument("--from", dest="start", metavar="SAVE",
                        help="play every game on from this saved position (e.g. a `tabletop branch`), with its "
                             "ruleset, options and decks; each game's chance is re-seeded from its seed")


def progress_for(args: argparse.Namespace, total: int, label: str = "games"):
    """The progress bar the flags ask for (None: no bar)."""
    from ..lab.runner import Progress

    show = sys.stderr.isatty() if args.progress is None else args.progress
    return Progress(total, label) if show else None


def _has_moves(ruleset: object) -> bool:
    """Whether a ruleset (class or instance) lists legal moves, which is what bots play from (freeform lists none)."""
    from ..rules import Ruleset

    cls = ruleset if isinstance(ruleset, type) else type(ruleset)
    return cls.generate_actions is not Ruleset.generate_actions or cls.legal_actions is not Ruleset.legal_actions


def check_lab_arguments(args: argparse.Namespace, command: str) -> tuple[list[str], dict[int, str], int] | None:
    """Bots, decks per seat (checked by loading them) and the seat count; None after printing what is wrong."""
    from ..rules import UnknownRuleset, get_ruleset

    def fail(message: str) -> None:
        print(f"tabletop {command}: {message}", file=sys.stderr)

    problem = _check_start(args)
    if problem:
        return fail(problem)
    if not args.ruleset:
        return fail("say which game: --ruleset NAME")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    problem = _check_counts(args, bots)
    if problem:
        return fail(problem)
    try:
        rules = get_ruleset(args.ruleset)
    except UnknownRuleset as e:
        return fail(str(e))
    found = _seats_and_decks(args, rules, bots)
    if isinstance(found, str):
        return fail(found)
    decks, seats = found
    problem = _check_deck_files(args, rules, decks, command)
    if problem:
        return fail(problem)
    return bots, decks, seats


def _check_start(args: argparse.Namespace) -> str | None:
    """With `--from SAVE`: what is wrong with playing on from it; else the ruleset and seats are taken from it."""
    start = getattr(args, "start", None)
    if not start:
        return None
    from ..store import SaveError, open_game

    if args.deck or args.swap_seats or getattr(args, "house_rules", None):
        return "--from plays on with the save's decks and options: no --deck, --swap-seats or --house-rules with it"
    try:
        saved = open_game(start).state
    except (SaveError, OSError) as e:
        return str(e)
    if args.ruleset and args.ruleset != saved.ruleset:
        return f"{start} is a game of {saved.ruleset}, not {args.ruleset}"
    if saved.rules.get("over"):
        return f"{start}: that game is over; branch it at an earlier point (tabletop branch --at SEQ)"
    args.ruleset = saved.ruleset
    args.seats = len(saved.seats)
    return None


def _check_counts(args: argparse.Namespace, bots: list[str]) -> str | None:
    """The bot names and the numbers given (games, actions, jobs)."""
    from ..rules.bots import BOTS, is_bot

    bad = [b for b in bots if not is_bot(b)]
    if not bots or bad:
        return f"unknown bot(s) {', '.join(bad) or '(none)'}; bots: {', '.join(BOTS)}, ismcts:N (N iterations)"
    if args.games < 1:
        return "--games must be at least 1"
    if args.max_actions < 1:
        return "--max-actions must be at least 1"
    if args.jobs < 0:
        return "--jobs must be 0 (every core) or more"
    return None


def _seats_and_decks(args: argparse.Namespace, rules: Any, bots: list[str]) -> tuple[dict[int, str], int] | str:
    """The deck file per seat and the seat count, or what is wrong with them (or with a ruleset without moves)."""
    from ..rules import available_rulesets
    from .play import _decks

    if not _has_moves(rules):
        return (f"{args.ruleset} has no moves for bots to play (it lists no legal moves): simulate a ruleset "
                "with rules, e.g. " + ", ".join(n for n, c in sorted(available_rulesets().items()) if _has_moves(c)))
    try:
        decks = _decks(args.deck)
    except ValueError as e:
        return str(e)
    if any(s < 0 for s in decks):
        return "--deck seats count from 1"
    seats = args.seats or max(len(bots), rules.min_seats, max(decks, default=-1) + 1)
    if not rules.min_seats <= seats <= rules.max_seats:
        return f"{args.ruleset} is played by {rules.min_seats} to {rules.max_seats} seats, not {seats}"
    if decks and max(decks) >= seats:
        return f"--deck {max(decks) + 1}=...: there are only {seats} seats"
    if args.swap_seats and len(decks) < seats:
        missing = ", ".join(str(s + 1) for s in range(seats) if s not in decks)
        return f"--swap-seats exchanges the decks given: give a --deck for every seat (missing: {missing})"
    return decks, seats


def _check_deck_files(args: argparse.Namespace, rules: Any, decks: dict[int, str], command: str) -> str | None:
    """Each deck file can be read (else what is wrong: bad input); whether it is legal is `judge_decks`' part."""
    from ..cards import DeckError, default_library, read_deck_for_play

    library = default_library()
    for seat, path in sorted(decks.items()):
        try:
            read_deck_for_play(path, library)
        except DeckError as e:
            return f"--deck {seat + 1}={path}: {e}"
        except OSError as e:
            return f"--deck {seat + 1}={path}: {e.strerror or e}"
    return None


def judge_decks(args: argparse.Namespace, decks: dict[int, str], variants: list[tuple[str, dict[str, Any]]],
                command: str) -> int | None:
    """The decks against the deck rules of each variant's options, as `play` judges them: strict refuses an illegal
    deck (exit 1, every problem named), warn plays it and each game logs its problems in a first `start` entry."""
    from ..cards import default_library, read_deck_for_play
    from ..game import deck_violations
    from ..rules import get_ruleset

    library = default_library()
    found: list[str] = []
    for variant, options in variants:
        rules = get_ruleset(args.ruleset, options)
        for seat, path in sorted(decks.items()):
            deck, unknown = read_deck_for_play(path, library)
            where = f"--deck {seat + 1}={path}" + (f" (variant {variant})" if variant else "")
            found += [f"{where}: {v}" for v in deck_violations(rules, deck, unknown, library)]
    if not found:
        return None
    if args.enforce == "strict":
        print(f"tabletop {command}: {len(found)} deck problem(s): a strict game refuses an illegal deck (fix it, "
              "or play with --enforce warn):", file=sys.stderr)
        for line in dict.fromkeys(found):
            print(f"  {line}", file=sys.stderr)
        return 1
    for line in dict.fromkeys(found):
        print(f"tabletop {command}: warning: {line} (each game logs it as a violation)", file=sys.stderr)
    return None


def run(args: argparse.Namespace) -> int:
    from ..lab import simulate_run
    from ..lab.runner import ClusterUnavailable
    from ..rules import OptionError
    from ..rules.simulate import format_report
    from ..store.houserules import load_house_rules
    from ..yamlsafe import YamlError

    checked = check_lab_arguments(args, NAME)
    if checked is None:
        return 2
    bots, decks, seats = checked
    try:
        options = load_house_rules(args.house_rules, args.ruleset) if args.house_rules else {}
    except (OptionError, YamlError) as e:
        print(f"tabletop simulate: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tabletop simulate: {args.house_rules}: {e.strerror or e}", file=sys.stderr)
        return 2
    judged = judge_decks(args, decks, [("", options)], NAME)
    if judged is not None:
        return judged
    restrict = _restrict(args, seats)
    if isinstance(restrict, str):
        print(f"tabletop simulate: {restrict}", file=sys.stderr)
        return 2
    total = args.games * (2 if args.swap_seats else 1) * (2 if restrict else 1)
    try:
        report, _ = simulate_run(args.ruleset, args.games, args.seed, bots, decks=decks, swap_seats=args.swap_seats,
                                 options=options, enforcement=args.enforce, max_actions=args.max_actions,
                                 seats=seats, jobs=args.jobs or None, scheduler=args.scheduler,
                                 keep=args.keep or "", start=args.start or "",
                                 progress=progress_for(args, total), restrict=restrict,
                                 precision=args.precision, max_games=args.max_games)
    except (ClusterUnavailable, OptionError) as e:
        print(f"tabletop simulate: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        from ..lab.balance import format_balance

        print(format_report(report))
        print(format_balance(report))
        _where(report)
    return 1 if report["errors"] else 0


def _restrict(args: argparse.Namespace, seats: int) -> tuple[str, int] | str | None:
    """`--restrict CARD[@SEAT]` as (card ref, seat from 0), or what is wrong with it; also checks --precision."""
    if args.precision is not None and not 0 < args.precision < 0.5:
        return f"--precision wants a half-width between 0 and 0.5 (e.g. 0.03 for +-3 points), not {args.precision}"
    if args.max_games < 1:
        return "--max-games must be at least 1"
    if not args.restrict:
        return None
    from ..cards import default_library

    name, _, seat_text = args.restrict.rpartition("@") if "@" in args.restrict else (args.restrict, "", "1")
    if not seat_text.isdigit() or not 1 <= int(seat_text) <= seats:
        return f"--restrict {args.restrict}: the seat after @ counts from 1 to {seats}"
    found = default_library().find(name)
    if len(found) != 1:
        return (f"--restrict {args.restrict}: " + ("no loaded card is called that" if not found else
                "several cards are called that, name one by its ref: " + ", ".join(c.ref for c in found[:6])))
    return found[0].ref, int(seat_text) - 1


def _where(report: dict[str, Any]) -> None:
    if report.get("from"):
        print(f"every game played on from {report['from']}")
    print(f"played on {report['where']}")
    if report.get("kept"):
        print(f"games kept as saves, e.g. {report['kept'][0]}")
