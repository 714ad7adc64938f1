"""Words for a ruleset's actions: one phrase per action type, used by the legal-move list, the status line and the log.

An action class says what it does once, as an imperative template (`words = "Sell {pieces}"`), and optionally what
a seat asked to make it is doing (`todo = "sell cards"`). The legal-move list fills the template with the names a
seat's view gives (`tabletop.ui.panels.whatnow.worded`, same syntax); the log fills it with card references and puts it in
the past tense ("sold Dr. Amos Pell"), and names the cards the action drew into a hand to the seats that may see
them ("and drew Ace of Spades" / "and drew 2 cards"). Every sentence is rendered per seat by `LogEntry.for_seat`
through `messages.render_safe`, so a reference to a card a seat cannot see reads as where it was, and the backstop
replaces a sentence naming a hidden card in plain words.

Template syntax: `{field}` the field's value (pieces by reference, seats by name), `{field:s}` "s" unless the value
is 1, `{field:a}` the value after "a" or "an", `{field:?}` the value unless it is 0 or empty,
`{field:yes words|no words}` the first words when the value is set (not None, False or empty), `{field:#yes words|no
words}` the first words when the number is not 0 (a count or a place among cards; a seat 0 is set), `{field:lookup}` a
value from a table
the caller passes (left out, with the brackets round it, when it has none).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import ACTION_TYPES, Action
from .events import Event, Note, PieceMoved
from .messages import card_ref
from .tx import CHANGED

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["PAST", "SEAT_FIELDS", "action_defaults", "action_todo", "action_words", "cards_phrase", "fill", "past", "plural", "seat_name",
           "sentence", "zone_words"]

#: action fields that hold a seat number
SEAT_FIELDS = frozenset({"seat", "at", "winner", "about", "first", "player", "by"})

#: imperative verbs of the rulesets' templates in the past tense (a verb not listed gets "-ed")
PAST = {
    "buy": "bought", "sell": "sold", "draw": "drew", "take": "took", "give": "gave", "pay": "paid",
    "choose": "chose", "play": "played", "place": "placed", "form": "formed", "hire": "hired", "deploy": "deployed",
    "discard": "discarded", "requisition": "requisitioned", "investigate": "investigated", "bluff": "bluffed",
    "stage": "staged", "score": "scored", "pass": "passed", "resolve": "resolved", "remove": "removed",
    "say": "said", "apply": "applied", "exchange": "exchanged", "keep": "kept", "send": "sent", "ask": "asked",
    "guess": "guessed", "end": "ended", "start": "started", "begin": "began", "advance": "advanced",
    "move": "moved", "put": "put", "let": "let", "declare": "declared", "set": "set", "win": "won",
}

_FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def action_words(kind: str) -> str | None:
    """The imperative template of action type `kind` (its class's `words`), or None when it has none."""
    cls = ACTION_TYPES.get(kind)
    words = getattr(cls, "words", None) if cls is not None else None
    return words if isinstance(words, str) and words else None


def action_defaults(kind: str) -> dict[str, Any]:
    """The fields of action type `kind` that take a default, with it: a move's dict leaves them out (`to_dict`),
    and its words must still read them (`{pay:Pay for|Discard}` with `pay` left at True)."""
    cls = ACTION_TYPES.get(kind)
    if cls is None or not dataclasses.is_dataclass(cls):
        return {}
    return {f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}


def action_todo(kind: str) -> str | None:
    """What a seat asked to make a move of type `kind` does, for the status line ("take the free draw")."""
    cls = ACTION_TYPES.get(kind)
    todo = getattr(cls, "todo", None) if cls is not None else None
    return todo if isinstance(todo, str) and todo else None


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def fill(template: str, fields: Mapping[str, Any], name: Callable[[str, Any], str],
         lookups: Mapping[str, Any] | None = None) -> str:
    """`template` with each `{field}` filled: `name(field, value)` words a value (see the module's syntax)."""
    lookups = lookups or {}

    def one(m: re.Match[str]) -> str:
        key, spec = m.group(1), m.group(2)
        value = fields.get(key)
        if spec == "s":
            n = len(value) if isinstance(value, (list, tuple)) else value
            return "" if n == 1 else "s"
        if spec == "a":  # with its article: "an Act", "a Prop"
            word = name(key, value)
            return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}" if word else ""
        if spec == "?":  # the value, only when it is not 0 or empty
            return name(key, value) if value not in (None, 0, "", (), []) else ""
        if spec is not None and "|" in spec:
            yes, no = spec.split("|", 1)
            if yes.startswith("#"):
                return yes[1:] if value not in (None, 0, False) else no
            given = value is not False and value not in (None, "", (), [])
            return yes if given else no
        if spec:
            table = lookups.get(spec)
            raw = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
            found = table.get(str(raw)) if isinstance(table, Mapping) else None
            return "" if found is None else str(found)
        return name(key, value)

    text = _FIELD.sub(one, template)
    return re.sub(r"\s+", " ", re.sub(r"\s*\(\s*\)", "", text)).strip()


def past(text: str) -> str:
    """An imperative phrase in the past tense, as a log line reads: "Buy 2 cards" -> "bought 2 cards"."""
    head, _, rest = text.partition(" ")
    low = head.lower()
    if low in PAST:
        verb = PAST[low]
    elif low.isalpha() and head[:1].isupper() and head[1:].islower():
        verb = low + ("d" if low.endswith("e") else "ed")
    else:
        return text  # not a verb: a sentence of its own ("{agent} takes the damage")
    return f"{verb} {rest}" if rest else verb


def cards_phrase(named: Sequence[str], hidden: int, word: str = "card", shown: int = 20) -> str:
    """"Ace of Spades, Seven of Hearts and 1 other card" / "2 cards": the named ones, the rest counted.

    Up to `shown` names: a whole hand drawn (13 in X-Files Fan) is named to the drawer, a deck's worth is counted."""
    if not named:
        return plural(hidden, word)
    head = list(named[:shown])
    more = len(named) - len(head)
    parts = head + ([f"{more} more"] if more else []) + ([plural(hidden, "other " + word)] if hidden else [])
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def seat_name(state: GameState, seat: Any) -> str:
    """A seat as people read it: the name its player goes by at this table (`GameState.seat_name`)."""
    return state.seat_name(seat)


def zone_words(state: GameState, name: str) -> str:
    """A zone as a sentence names it: "Ben's Discard", "the Stack"."""
    zone = state.zones.get(name)
    if zone is None:
        return name
    label = zone.label or zone.kind or name.split(":")[0]
    return f"{seat_name(state, zone.owner)}'s {label}" if zone.owner is not None else f"the {label}"


def _namer(state: GameState, action: Action, visible: Callable[[str], bool],
           title: Callable[[str], str]) -> Callable[[str, Any], str]:
    pieces = set(type(action).piece_fields)

    def ref(pid: str) -> str:
        return card_ref(pid, title(pid)) if pid in state.pieces else "a card"

    def name(key: str, value: Any) -> str:
        if value is None:
            return ""
        if key in pieces:
            if isinstance(value, (list, tuple)):
                seen = [ref(p) for p in value if visible(p)]
                return cards_phrase(seen, len(value) - len(seen))
            return ref(value) if isinstance(value, str) else "a card"
        if key in SEAT_FIELDS and isinstance(value, int) and not isinstance(value, bool):
            return seat_name(state, value)
        if key == "to" and isinstance(value, str) and value in state.zones:
            return zone_words(state, value)
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return "" if value is None else str(value)

    return name


def _fields(action: Action) -> dict[str, Any]:
    """Every field of `action`, defaults included (a Hire's `to` reads "the field" even when left at its default)."""
    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}


def _drawn(state: GameState, action: Action, events: Sequence[Event]) -> dict[int | None, tuple[int, list[str]]]:
    """The cards the events put into a hand that the action does not name itself (a draw, a buy), by hand owner,
    each with the index of the first such event (where it falls among the rules' notes)."""
    own: set[str] = set()
    for f in type(action).piece_fields:
        v = getattr(action, f, None)
        own.update(v if isinstance(v, tuple) else (v,) if isinstance(v, str) else ())
    out: dict[int | None, tuple[int, dict[str, None]]] = {}
    for i, e in enumerate(events):
        if isinstance(e, PieceMoved) and e.pid not in own:
            zone = state.zones.get(e.dst)
            if zone is not None and zone.kind == "hand" and e.src != e.dst:
                out.setdefault(zone.owner, (i, {}))[1][e.pid] = None
    return {owner: (first, list(pids)) for owner, (first, pids) in out.items()}


def _told(events: Sequence[Event], kinds: Sequence[str], seat: int | None) -> list[Note]:
    """The notes of `kinds` among `events` that `seat` may read, in the order of `kinds` (then of the events)."""
    return [e for _, e in _told_at(events, kinds, seat)]


def _told_at(events: Sequence[Event], kinds: Sequence[str], seat: int | None) -> list[tuple[int, Note]]:
    """`_told`, each note with its index among `events`."""
    out = []
    for kind in kinds:
        for i, e in enumerate(events):
            if isinstance(e, Note) and e.what == kind and e.text and (
                    e.private is None or (seat is not None and seat in e.private)):
                out.append((i, e))
    return out


def sentence(state: GameState, entry: Any, seat: int | None, visible: Callable[[str], bool],
             title: Callable[[str], str], also: Sequence[str] = ()) -> str | None:
    """A log entry of a ruleset's action in words, without the actor, with card references (None: no words).

    The action's `words` in the past tense (or, for a move named by an opaque token, the first note of its `told`
    kinds `seat` may read: the question and its answer to the asker, that one was asked to the rest); the cards
    the events drew into a hand, named to the seats that may see them and counted for the rest; each automatic
    action that followed with `done` words ("Nine of Clubs resolved and went to Ben's Discard"); then the notes
    of the ruleset's `also` kinds (a round scored, the game won), and last why a rule changed a number
    (`Tx.changed`: "Ann's RP 5 -> 3: paid for Spin Kick (rule xfc.chain.3)")."""
    action = entry.action
    events = entry.events
    words = action_words(action.type)
    if words is not None:
        text = past(fill(words, _fields(action), _namer(state, action, visible, title)))
    else:
        told = _told(events, getattr(type(action), "told", ()), seat)
        if not told:
            return None
        text = told[0].text
    later: list[tuple[int, str]] = []  # another seat's draw, in the order of the events among the notes below
    for owner, (first, pids) in _drawn(state, action, events).items():
        seen = [card_ref(p, title(p)) for p in pids if visible(p)]
        got = cards_phrase(seen, len(pids) - len(seen))
        if owner == entry.seat:
            text += f" and drew {got}"
        else:
            later.append((first, f"{seat_name(state, owner)} drew {got}"))
    for a, _ in entry.auto:
        done = getattr(type(a), "done", None)
        if not isinstance(done, str) or not done:
            continue
        part = fill(done, _fields(a), _namer(state, a, visible, title))
        moved = [e.dst for e in events if isinstance(e, PieceMoved)
                 and e.pid in {getattr(a, f, None) for f in type(a).piece_fields}]
        if moved:
            part += f" and went to {zone_words(state, moved[-1])}"
        text = f"{text.rstrip('.')}; {part}"
    notes = _told_at(events, also if CHANGED in also else (*also, CHANGED), seat)
    # a draw goes before the first note that followed it (the Draw Step began; Bob drew 1 card), the notes keep
    # the order of the ruleset's kinds
    for i, note in notes:
        while later and later[0][0] < i:
            text += f"; {later.pop(0)[1]}"
        text += f"; {note.text}"
    for _, words in later:
        text += f"; {words}"
    return text
