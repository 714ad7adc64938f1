"""One readable line per log entry, for the log panel (from `Session.log_for(seat)`: already filtered)."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["describe_entry", "entry_html"]


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _counter(a: Mapping[str, Any], names: Mapping[int, str]) -> str:
    target = "a piece" if a.get("piece") else names.get(a.get("seat"), "their") if a.get("seat") is not None else "their"
    if a.get("type") == "add_counter":
        d = int(a.get("delta", 1))
        return f"{'+' if d >= 0 else ''}{d} {a.get('name')} on {target}"
    return f"set {a.get('name')} to {a.get('value')} on {target}"


def _rolled(notes: Mapping[str, Any]) -> str:
    results = notes.get("roll", {}).get("data", {}).get("results", [])
    faces = ", ".join(str(r[1]) for r in results if isinstance(r, list) and len(r) == 2)
    return f"rolled {faces}" if faces else "rolled"


def _tapped(a: Mapping[str, Any], count: int) -> str:
    return f"tapped {_n(count, 'card')}" if a.get("tapped", True) is not False else f"untapped {_n(count, 'card')}"


def _revealed(a: Mapping[str, Any], count: int, names: Mapping[int, str]) -> str:
    to = a.get("to")
    return f"revealed {_n(count, 'card')}" + (f" to {names.get(to, to)}" if to is not None else "")


def _flipped(pieces: list[str], name_of: Callable[[str], str | None]) -> str:
    """"flipped Ace of Spades": the cards this seat's view shows by name, the rest counted."""
    names = [n for n in (name_of(str(p)) for p in pieces) if n]
    hidden = len(pieces) - len(names)
    if not names:
        return f"flipped {_n(hidden, 'card')}"
    named = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"flipped {named}" + (f" and {_n(hidden, 'other card')}" if hidden else "")


#: the engine's own actions in words: (action, piece count, notes by kind, zone namer, seat names) -> text
_CORE_WORDS: dict[str, Callable[..., str]] = {
    "move": lambda a, c, nt, zn, nm: f"moved {_n(c, 'piece')} to {zn(a.get('to'))}",
    "flip": lambda a, c, nt, zn, nm: f"flipped {_n(c, 'card')}",
    "tap": lambda a, c, nt, zn, nm: _tapped(a, c),
    "rotate": lambda a, c, nt, zn, nm: f"rotated {_n(c, 'piece')} by {a.get('degrees', 90)}°",
    "shuffle": lambda a, c, nt, zn, nm: f"shuffled {zn(a.get('zone'))}",
    "draw": lambda a, c, nt, zn, nm: f"drew {_n(int(nt.get('draw', {}).get('data', {}).get('count', a.get('count', 1))), 'card')}",
    "deal": lambda a, c, nt, zn, nm: f"dealt {_n(int(a.get('count', 1)), 'card')} to each seat",
    "reveal": lambda a, c, nt, zn, nm: _revealed(a, c, nm),
    "look": lambda a, c, nt, zn, nm: f"looked at the top {_n(int(a.get('count', 1)), 'card')} of {zn(a.get('zone'))}",
    "search": lambda a, c, nt, zn, nm: f"is searching {zn(a.get('zone'))}",
    "end_search": lambda a, c, nt, zn, nm: f"finished searching {zn(a.get('zone'))}",
    "attach": lambda a, c, nt, zn, nm: "attached a piece under another",
    "detach": lambda a, c, nt, zn, nm: "detached a piece",
    "create": lambda a, c, nt, zn, nm: f"created a {a.get('kind', 'token')}",
    "delete": lambda a, c, nt, zn, nm: f"removed {_n(c, 'piece')}",
    "set_counter": lambda a, c, nt, zn, nm: _counter(a, nm),
    "add_counter": lambda a, c, nt, zn, nm: _counter(a, nm),
    "roll": lambda a, c, nt, zn, nm: _rolled(nt),
    "chat": lambda a, c, nt, zn, nm: f"says: {a.get('text', '')}",
    "start": lambda a, c, nt, zn, nm: "the game starts",
    "set_enforcement": lambda a, c, nt, zn, nm: f"turned the rules dial to {a.get('mode')}",
}


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
    if t == "flip" and name_of is not None:
        return _flipped(pieces, name_of)
    word = _CORE_WORDS.get(t)
    if word is not None:
        return word(a, len(pieces), notes, zn, names)
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
