"""Messages as data: sentences hold piece references, rendered for each reader through what it may see.

A ruleset never writes a card's title into a sentence meant for people; it writes `card_ref(pid, title)`, a marker
that carries both. Whatever leaves the engine for a seat (a refusal, a violation, a log line, an audit finding, an
error) is passed through `render`, which prints the title only when that seat can see the piece and otherwise a
description that names nothing the seat's view does not show ("a face-down card in Seat 2's Bureau Deck").
`scrub` is the backstop for sentences written without references: a text that names a hidden piece it concerns by
id, card reference or title is replaced as a whole. Text that comes from people (names, chat) is checked by
`text_problem` / `clean_text`, so it cannot carry markers, escape codes or lone surrogates.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .state import EVERYONE

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "MAX_CHAT",
    "MAX_NAME",
    "card_ref",
    "clean_text",
    "has_refs",
    "plain",
    "hidden_place",
    "ref_pids",
    "render",
    "render_for",
    "render_safe",
    "scrub",
    "seen_cards",
    "status_for",
    "text_problem",
]

#: characters of a player's name and of one chat line
MAX_NAME = 40
MAX_CHAT = 500

_OPEN, _MID, _CLOSE = "\ue000", "\ue001", "\ue002"
_REF = re.compile(f"{_OPEN}([^{_MID}{_CLOSE}]*){_MID}([^{_CLOSE}]*){_CLOSE}")


def card_ref(pid: str | None, title: str) -> str:
    """A reference to piece `pid` for a sentence: rendered as `title` for a seat that can see it, described else."""
    if pid is None:
        return title
    clean = title.replace(_OPEN, "").replace(_MID, "").replace(_CLOSE, "")
    return f"{_OPEN}{pid}{_MID}{clean}{_CLOSE}"


def plain(text: str) -> str:
    """`text` with every reference read as its title: for the host's own tools (reports of a save), never a seat."""
    return _REF.sub(lambda m: m.group(2), text) if _OPEN in text else text


def has_refs(text: str) -> bool:
    return _OPEN in text


def ref_pids(text: str) -> list[str]:
    """The pieces a sentence refers to, in order."""
    return [m.group(1) for m in _REF.finditer(text)] if _OPEN in text else []


def render(text: str, visible: Callable[[str], bool], hidden: Callable[[str], str]) -> str:
    """`text` with each reference replaced by its title (when `visible(pid)`) or by `hidden(pid)`."""
    if _OPEN not in text:
        return text
    return _REF.sub(lambda m: m.group(2) if visible(m.group(1)) else hidden(m.group(1)), text)


def hidden_place(state: GameState, pid: str) -> str:
    """How a piece one cannot see is described: by where it is, as the seat's view shows that place."""
    piece = state.pieces.get(pid)
    if piece is None:
        return "a hidden card"
    zone = state.zones.get(piece.zone)
    if zone is None:
        return "a hidden card"
    label = zone.label or zone.kind or zone.name.split(":")[0]
    if zone.owner is not None:
        try:
            where = f"{state.seat_name(zone.owner)}'s {label}"
        except (KeyError, IndexError):
            where = label
    else:
        where = f"the {label}"
    kind = "a card" if zone.visibility == "owner" else "a face-down card"
    return f"{kind} in {where}"


def render_for(state: GameState, text: str, seat: int | None) -> str:
    """`text` as `seat` reads it now, on the current table."""
    if _OPEN not in text:
        return text

    def visible(pid: str) -> bool:
        piece = state.pieces.get(pid)
        return piece is not None and state.can_see(piece, seat)

    return render(text, visible, lambda pid: hidden_place(state, pid))


def seen_cards(cards: Mapping[str, str], seen: Mapping[str, Iterable[int]], seat: int | None) -> dict[str, str]:
    """The cards of a log entry `seat` may read by name: each piece it could see before or after the entry
    (`seen`: piece -> seats, EVERYONE for all), with its card reference; nothing of the cards it could not see."""
    out = {}
    for pid, ref in cards.items():
        who = seen.get(pid, ())
        if EVERYONE in who or (seat is not None and seat in who):
            out[pid] = ref
    return out


def render_safe(
    text: str,
    visible: Callable[[str], bool],
    hidden: Callable[[str], str],
    secrets: Iterable[str],
    fallback: str,
) -> str:
    """`render`, after checking that the words outside references name none of `secrets` (else `fallback`)."""
    bare = _REF.sub("", text) if _OPEN in text else text
    if scrub(bare, secrets, "") != bare:
        return fallback
    return render(text, visible, hidden)


def status_for(state: GameState, status: Any, seat: int | None) -> Any:
    """A ruleset's status as `seat` may read it: an entry about a card it cannot see keeps only that card's handle
    (and whose it is), a bare id becomes the handle, and references in sentences are rendered."""
    return _status_walk(status, state, seat)


def _status_walk(o: Any, state: GameState, seat: int | None) -> Any:
    # a module function, not a closure that calls itself: such a closure is a reference cycle, garbage the cyclic
    # collector has to find after every change, for every seat (most of what a host's collections took)
    if isinstance(o, dict):
        pid = o.get("piece")
        if _hidden(pid, state, seat):
            kept = {"piece": state.handle(pid), "hidden": True}
            if "seat" in o:
                kept["seat"] = o["seat"]
            return kept
        return {k: _status_walk(v, state, seat) for k, v in o.items()}
    if isinstance(o, list):
        return [_status_walk(v, state, seat) for v in o]
    if isinstance(o, str):
        if _hidden(o, state, seat):
            return state.handle(o)
        return render_for(state, o, seat) if _OPEN in o else o
    return o


def _hidden(pid: Any, state: GameState, seat: int | None) -> bool:
    return isinstance(pid, str) and pid in state.pieces and not state.can_see(state.pieces[pid], seat)


def scrub(text: str, secrets: Iterable[str], fallback: str) -> str:
    """`fallback` when `text` names any of `secrets` (ids, card references, titles of hidden pieces), else `text`.

    The backstop for sentences built without references: better a vaguer sentence than a named hidden card.
    """
    low = text.casefold()
    for s in secrets:
        if not s or len(s) < 2:
            continue
        key = s.casefold()
        at = low.find(key)
        while at >= 0:
            end = at + len(key)
            if (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum()):
                return fallback
            at = low.find(key, at + 1)
    return text


_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def text_problem(text: object, what: str = "name", limit: int = MAX_NAME) -> str | None:
    """Why `text` may not be a player's name or a chat line, or None when it is fine.

    Valid Unicode only: no lone surrogates, no control, format or escape characters (terminal codes, bidi
    overrides), no private-use characters (they would forge piece references), at most `limit` characters.
    """
    if not isinstance(text, str):
        return f"{what} must be text"
    if len(text) > limit:
        return f"{what} is {len(text)} characters long (at most {limit})"
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in _BAD_CATEGORIES and ch not in "\u200d":
            return f"{what} has a control or invalid character U+{ord(ch):04X} at position {i + 1}"
    return None


def clean_text(text: object, limit: int = MAX_NAME) -> str:
    """`text` made acceptable: bad characters dropped, whitespace runs joined, cut to `limit` characters."""
    s = text if isinstance(text, str) else str(text)
    s = "".join(" " if ch in "\t\n\r" else ch for ch in s
                if ch in "\t\n\r" or unicodedata.category(ch) not in _BAD_CATEGORIES or ch == "\u200d")
    s = " ".join(s.split())
    return s[:limit]
