"""Helpers shared by several commands: house-rule files, and loading a save or exiting with its error."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["house_rules_or_exit", "session_or_exit"]


def house_rules_or_exit(path: str | None, ruleset: str) -> dict[str, Any]:
    """The options in a house-rules file, or exit 2 with the file's error."""
    if not path:
        return {}
    try:
        from ..rules.houserules import HouseRulesError, load_house_rules
    except ImportError:  # pragma: no cover - the module ships with the rules engine
        print("tabletop: house rules are not available in this build", file=sys.stderr)
        raise SystemExit(2) from None
    try:
        return load_house_rules(path, ruleset)
    except HouseRulesError as e:
        print(f"tabletop: {e}", file=sys.stderr)
        raise SystemExit(2) from None


def session_or_exit(path: str):
    """The session saved in `path`, or exit 2 with the SaveError naming file, line and field."""
    from ..game import open_session
    from ..store import SaveError

    try:
        return open_session(path, on_note=lambda note: print(f"tabletop: {note}", file=sys.stderr))
    except SaveError as e:
        print(f"tabletop: {e}", file=sys.stderr)
        raise SystemExit(2) from None
