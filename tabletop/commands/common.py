"""Helpers shared by several commands: seat numbers, house-rule files, and loading a save or exiting with its error.

The command line follows three conventions, kept here so every command keeps them the same way:

- seats count from 1 in flags and in text output (`--seat 2`, `--deck 2=FILE`, "seat 2"); files and JSON keep the
  engine's seat index, which counts from 0 (`hand:0` in a save, `"seat": 0` in a log line or a protocol message);
- exit 2 for bad usage or bad input (a flag, a file that cannot be read, a seat that does not exist, a host refusing
  the password), 1 when the command ran but what it checked failed (an illegal deck, card problems, no host there),
  0 otherwise;
- every message names the command, and for a file its path (and line, where there is one).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from ..errors import TabletopError

__all__ = [
    "EXIT_FAILED",
    "EXIT_USAGE",
    "UsageError",
    "check_seat",
    "house_rules_or_exit",
    "parse_seat_map",
    "seat_label",
    "session_or_exit",
]

EXIT_FAILED = 1
EXIT_USAGE = 2


class UsageError(TabletopError, ValueError):
    """Bad usage or input on the command line: `tabletop` prints it after the command's name and exits 2."""


def seat_label(seat: int | None) -> str:
    """How text output names a seat: "seat 1" for the engine's seat 0, "spectator" for none."""
    return "spectator" if seat is None else f"seat {seat + 1}"


def check_seat(number: int | str, seats: int | None, flag: str) -> int:
    """A seat number given on the command line (from 1) as the engine's seat index (from 0), or a UsageError."""
    text = str(number).strip()
    if not text.lstrip("-").isdigit():
        raise UsageError(f"{flag}: a seat is a number from 1, not {number!r}")
    n = int(text)
    if n < 1:
        raise UsageError(f"{flag} {n}: seats count from 1")
    if seats is not None and n > seats:
        raise UsageError(f"{flag} {n}: there {'is only 1 seat' if seats == 1 else f'are only {seats} seats'}")
    return n - 1


def parse_seat_map(
    specs: Iterable[str], flag: str, what: str, example: str, seats: int | None = None
) -> dict[int, str]:
    """`SEAT=VALUE` flags (seats from 1) as {seat index from 0: value}; a seat given twice or out of range is refused.

    `what` names the value in the message (`FILE`, `NAME`) and `example` shows one (`1=decks/mine.yaml`).
    """
    out: dict[int, str] = {}
    for spec in specs:
        seat, sep, value = spec.partition("=")
        if not sep or not value.strip():
            raise UsageError(f"{flag} wants SEAT={what} (e.g. {example}), not {spec!r}")
        index = check_seat(seat, seats, flag)
        if index in out:
            raise UsageError(f"{flag}: seat {index + 1} is given twice")
        out[index] = value.strip()
    return out


def house_rules_or_exit(path: str | None, ruleset: str, command: str = "") -> dict[str, Any]:
    """The options in a house-rules file, or exit 2 with the file, the line and a suggestion for a misspelt option."""
    if not path:
        return {}
    from ..rules import UnknownRuleset
    from ..store.houserules import load_house_rules
    from ..yamlsafe import YamlError

    try:
        return load_house_rules(path, ruleset)
    except (YamlError, UnknownRuleset, OSError) as e:
        print(f"tabletop{' ' + command if command else ''}: {e}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None


def session_or_exit(path: str, command: str = ""):
    """The session saved in `path`, or exit 2 with the SaveError naming file, line and field."""
    from ..game import open_session
    from ..store import SaveError

    try:
        return open_session(path, on_note=lambda note: print(f"tabletop: {note}", file=sys.stderr))
    except SaveError as e:
        print(f"tabletop{' ' + command if command else ''}: {e}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None
