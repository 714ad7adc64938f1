"""One readable line per log entry, for the log panel (from `Session.log_for(seat)`: already filtered)."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["describe_entry", "entry_html"]


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def describe_entry(entry: Mapping[str, Any], names: Mapping[int, str], zones: Mapping[str, str],
                   name_of: Callable[[str], str | None] | None = None) -> str:
    """What happened, as a short sentence without the actor (e.g. "drew 2 cards", "rolled 5").

    A ruleset's own actions read as the rules panel words them ("play A Quiet Road", "guess"), with cards named
    through `name_of` (piece id or card ref -> name, for what the seat may see)."""
    a = entry.get("action", {})
    t = a.get("type", "?")
    notes = {n.get("what"): n for n in entry.get("notes", [])}

    def zn(name: Any) -> str:
        return zones.get(str(name), str(name)) if name is not None else "?"

    pieces = a.get("pieces") or ([a["piece"]] if a.get("piece") else [])
    count = len(pieces)
    if t == "move":
        return f"moved {_n(count, 'piece')} to {zn(a.get('to'))}"
    if t == "flip":
        return f"flipped {_n(count, 'card')}"
    if t == "tap":
        return f"tapped {_n(count, 'card')}" if a.get("tapped", True) is not False else f"untapped {_n(count, 'card')}"
    if t == "rotate":
        return f"rotated {_n(count, 'piece')} by {a.get('degrees', 90)}°"
    if t == "shuffle":
        return f"shuffled {zn(a.get('zone'))}"
    if t == "draw":
        c = notes.get("draw", {}).get("data", {}).get("count", a.get("count", 1))
        return f"drew {_n(int(c), 'card')}"
    if t == "deal":
        return f"dealt {_n(int(a.get('count', 1)), 'card')} to each seat"
    if t == "reveal":
        to = a.get("to")
        return f"revealed {_n(count, 'card')}" + (f" to {names.get(to, to)}" if to is not None else "")
    if t == "look":
        return f"looked at the top {_n(int(a.get('count', 1)), 'card')} of {zn(a.get('zone'))}"
    if t == "search":
        return f"is searching {zn(a.get('zone'))}"
    if t == "end_search":
        return f"finished searching {zn(a.get('zone'))}"
    if t == "attach":
        return "attached a piece under another"
    if t == "detach":
        return "detached a piece"
    if t == "create":
        return f"created a {a.get('kind', 'token')}"
    if t == "delete":
        return f"removed {_n(count, 'piece')}"
    if t in ("set_counter", "add_counter"):
        target = "a piece" if a.get("piece") else names.get(a.get("seat"), "their") if a.get("seat") is not None else "their"
        if t == "add_counter":
            d = int(a.get("delta", 1))
            return f"{'+' if d >= 0 else ''}{d} {a.get('name')} on {target}"
        return f"set {a.get('name')} to {a.get('value')} on {target}"
    if t == "roll":
        results = notes.get("roll", {}).get("data", {}).get("results", [])
        faces = ", ".join(str(r[1]) for r in results if isinstance(r, list) and len(r) == 2)
        return f"rolled {faces}" if faces else "rolled"
    if t == "chat":
        return f"says: {a.get('text', '')}"
    if t == "start":
        return "the game starts"
    if t == "set_enforcement":
        return f"turned the rules dial to {a.get('mode')}"
    from .status import describe_action

    text = describe_action({k: v for k, v in a.items() if k != "token"}, name_of or (lambda _: None), names)
    return text[:1].lower() + text[1:]


def entry_html(entry: Mapping[str, Any], names: Mapping[int, str], zones: Mapping[str, str],
               name_of: Callable[[str], str | None] | None = None) -> str:
    """An entry as pygame-gui HTML: the actor in bold, chat in its own colour, each violation on a warning line."""
    seat = entry.get("seat")
    who = html.escape(str(names.get(seat, "Host" if seat is None else f"Seat {seat + 1}")))
    text = html.escape(describe_entry(entry, names, zones, name_of))
    colour = "#9fd3ff" if entry.get("action", {}).get("type") == "chat" else "#e6e9ec"
    out = f"<font color='#8a949e'>{entry.get('seq', '')}</font> <b>{who}</b> <font color='{colour}'>{text}</font>"
    for v in entry.get("violations", []):
        rule = html.escape(str(v.get("rule", "")))
        msg = html.escape(str(v.get("message", "")))
        out += f"<br>&nbsp;&nbsp;<font color='#f0b040'>{'Rule ' + rule + ': ' if rule else ''}{msg}</font>"
    return out
