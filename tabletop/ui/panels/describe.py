"""One readable line per log entry, for the log panel (from `Session.log_for(seat)`: already filtered)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from typing import Any

from ...core.tx import CHANGED
from .rulebook import rule_link
from .status import humanize

__all__ = ["describe_entry", "entry_html"]


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _counter(a: Mapping[str, Any], names: Mapping[int, str], nf: NameOf) -> str:
    """"added 1 to Counter", "took 2 Damage from Agent Keller", "set Score of Seat 2 to 5": the counter or token
    named as the reader sees it (its card's name, or its label), a plain `value`/`counter` by its piece alone."""
    name = str(a.get("name", ""))
    plain = name in ("value", "counter")
    if a.get("piece"):
        piece = (nf(str(a["piece"])) if nf is not None else None) or "a piece"
        what = piece if plain else f"{humanize(name, field=True)} on {piece}"
    else:
        seat = a.get("seat")
        who = f"{names.get(seat, f'Seat {seat + 1}')}'s" if isinstance(seat, int) else "their"
        what = f"{who} {'counter' if plain else humanize(name, field=True)}"
    if a.get("type") == "add_counter":
        d = int(a.get("delta", 1))
        return f"added {d} to {what}" if d >= 0 else f"took {-d} from {what}"
    return f"set {what} to {a.get('value')}"


def _searched(a: Mapping[str, Any], zn: Callable[[Any], str]) -> str:
    """"finished searching Deck and shuffled it": an end of search says whether the zone's order is secret again."""
    done = f"finished searching {zn(a.get('zone'))}"
    return done + (" and shuffled it" if a.get("shuffle", True) is not False else " (not shuffled)")


def _rolled(notes: Mapping[str, Any]) -> str:
    results = notes.get("roll", {}).get("data", {}).get("results", [])
    faces = [str(r[1]) for r in results if isinstance(r, list) and len(r) == 2]
    if not faces:
        return "rolled"
    return f"rolled a die: {faces[0]}" if len(faces) == 1 else f"rolled {len(faces)} dice: {', '.join(faces)}"


def _names(pieces: list[str], name_of: NameOf) -> tuple[list[str], int]:
    """The names this seat may read of `pieces` (its line keeps the ids of what it saw), and how many others."""
    if name_of is None:
        return [], len(pieces)
    names = [n for n in (name_of(str(p)) for p in pieces) if n]
    return _grouped(names), len(pieces) - len(names)


#: the plural of a piece's kind where "s" is not it
_PLURALS = {"die": "dice"}


def _grouped(names: list[str]) -> list[str]:
    """Equal names once each, counted: "a token, a token, a token" reads "3 tokens", two copies of a card
    "2 × Ace of Spades"."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    out = []
    for n, k in counts.items():
        article, _, noun = n.partition(" ")
        if k == 1:
            out.append(n)
        elif article in ("a", "an") and noun:
            out.append(f"{k} {_PLURALS.get(noun, noun + 's')}")
        else:
            out.append(f"{k} × {n}")
    return out


def _named(verb: str, pieces: list[str], name_of: NameOf, word: str = "card",
           tail: str = "") -> str:
    """"flipped Ace of Spades": the cards this seat may see by name, the rest counted ("and 1 other card")."""
    names, hidden = _names(pieces, name_of)
    if not names:
        return f"{verb} {_n(hidden, word)}{tail}"
    named = ", ".join(names[:_SHOWN]) + (f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
    return f"{verb} {named}" + (f" and {_n(hidden, 'other ' + word)}" if hidden else "") + tail


def _seen_list(count: int, cards: list[str], name_of: NameOf, verb: str, word: str,
               tail: str = "") -> str:
    """"drew 2 cards: Ace of Spades, 7 of Hearts": the cards the seat may see among those the entry moved."""
    names, _ = _names(cards, name_of)
    text = f"{verb} {_n(count, word)}{tail}"
    if names:
        text += ": " + ", ".join(names[:_SHOWN]) + (f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else "")
    return text


#: at most this many card names on one log line: a whole hand (13 cards, say) is named, a deck is counted
_SHOWN = 20


def _revealed(a: Mapping[str, Any], pieces: list[str], names: Mapping[int, str],
              name_of: NameOf, verb: str = "revealed") -> str:
    to = a.get("to")
    secs = a.get("seconds")
    tail = (f" to {names.get(to, to)}" if to is not None else "") + (f" for {secs} s" if secs else "")
    return _named(verb, pieces, name_of, tail=tail)


NameOf = Callable[[str], "str | None"] | None


def _to_place(a: Mapping[str, Any], zn: Callable[[Any], str]) -> str:
    """" to Deck", " to the top of Deck", " to Deck, place 4": where a move put its pieces."""
    index = a.get("index")
    if not isinstance(index, int):
        return f" to {zn(a.get('to'))}"
    return f" to the top of {zn(a.get('to'))}" if index == 0 else f" to {zn(a.get('to'))}, place {index + 1}"


def _drew(a: Mapping[str, Any], nt: Mapping[str, Any], nf: NameOf, cards: list[str]) -> str:
    count = int(nt.get("draw", {}).get("data", {}).get("count", a.get("count", 1)))
    return _seen_list(count, cards, nf, "drew", "card")


def _dealt(a: Mapping[str, Any], nf: NameOf, cards: list[str]) -> str:
    """"dealt 1 card to each seat (you got Four of Diamonds)": the cards named are the reader's own."""
    text = f"dealt {_n(int(a.get('count', 1)), 'card')} to each seat"
    names, _ = _names(cards, nf)
    return text + (f" (you got {', '.join(names[:_SHOWN])})" if names else "")


def _point_end(pid: Any, end: Mapping[str, Any], zn: Callable[[Any], str], nf: NameOf) -> str:
    """An end of a pointer in this reader's words: the card by name when it may see it, else where it lies."""
    name = nf(str(pid)) if nf is not None and pid and pid != "hidden" else None
    if name:
        return name
    zone = end.get("zone")
    if pid:
        return f"a card in {zn(zone)}" if zone else "a card"
    return zn(zone) if zone else "the table"


def _pointed(a: Mapping[str, Any], nt: Mapping[str, Any], zn: Callable[[Any], str], nf: NameOf) -> str:
    """"points at Deep Throat", "points from Ace of Spades to Discard", "points at the table"."""
    data = nt.get("point", {}).get("data", {}) or {}
    to = _point_end(a.get("at"), data.get("to") or {"zone": a.get("zone")}, zn, nf)
    if a.get("source") is None:
        return f"points at {to}"
    return f"points from {_point_end(a.get('source'), data.get('from') or {}, zn, nf)} to {to}"


def _attached(pieces: list[str], nf: NameOf) -> str:
    """"attached Nine of Spades under a piece": each of the two named when the seat may see it."""
    child, host = (nf(str(p)) if nf is not None and p else None for p in (pieces + [None, None])[:2])
    if child is None and host is None:
        return "attached a piece under another"
    return f"attached {child or 'a piece'} under {host or 'a piece'}"


#: the engine's own actions in words: (action, pieces, notes by kind, zone namer, seat names, card namer, the
#: cards of the entry the seat may see) -> text
_CORE_WORDS: dict[str, Callable[..., str]] = {
    "move": lambda a, ps, nt, zn, nm, nf, cs: _named("moved", ps, nf, "piece", _to_place(a, zn)),
    "flip": lambda a, ps, nt, zn, nm, nf, cs: _named("flipped", ps, nf),
    "tap": lambda a, ps, nt, zn, nm, nf, cs: _named("tapped" if a.get("tapped", True) is not False else "untapped",
                                                     ps, nf),
    "rotate": lambda a, ps, nt, zn, nm, nf, cs: _named("rotated", ps, nf, "piece", f" by {a.get('degrees', 90)}°"),
    "shuffle": lambda a, ps, nt, zn, nm, nf, cs: f"shuffled {zn(a.get('zone'))}",
    "draw": lambda a, ps, nt, zn, nm, nf, cs: _drew(a, nt, nf, cs),
    "deal": lambda a, ps, nt, zn, nm, nf, cs: _dealt(a, nf, cs),
    "reveal": lambda a, ps, nt, zn, nm, nf, cs: _revealed(a, ps, nm, nf),
    "end_reveal": lambda a, ps, nt, zn, nm, nf, cs: _revealed(a, ps, nm, nf, "ended the reveal of"),
    "look": lambda a, ps, nt, zn, nm, nf, cs: _seen_list(int(a.get("count", 1)), cs, nf, "looked at the top",
                                                         "card", f" of {zn(a.get('zone'))}"),
    "search": lambda a, ps, nt, zn, nm, nf, cs: f"is searching {zn(a.get('zone'))}",
    "end_search": lambda a, ps, nt, zn, nm, nf, cs: _searched(a, zn),
    "attach": lambda a, ps, nt, zn, nm, nf, cs: _attached(ps, nf),
    "detach": lambda a, ps, nt, zn, nm, nf, cs: _named("detached", ps, nf, "piece"),
    "create": lambda a, ps, nt, zn, nm, nf, cs: f"created a {a.get('kind', 'token')}",
    "delete": lambda a, ps, nt, zn, nm, nf, cs: _named("removed", ps, nf, "piece"),
    "set_counter": lambda a, ps, nt, zn, nm, nf, cs: _counter(a, nm, nf),
    "add_counter": lambda a, ps, nt, zn, nm, nf, cs: _counter(a, nm, nf),
    "roll": lambda a, ps, nt, zn, nm, nf, cs: _rolled(nt),
    "chat": lambda a, ps, nt, zn, nm, nf, cs: f"says: {a.get('text', '')}",
    "point": lambda a, ps, nt, zn, nm, nf, cs: _pointed(a, nt, zn, nf),
    # the table's own start says what it found ("ann brought their own deck ...: the table is dealt again")
    "start": lambda a, ps, nt, zn, nm, nf, cs: str(nt.get("start", {}).get("text") or "the game starts"),
    "set_enforcement": lambda a, ps, nt, zn, nm, nf, cs: f"turned the rules dial to {a.get('mode')}",
}


_RULE_CITED = re.compile(r"\(rule ([\w.:-]+)\)")


def _with_causes(text: str, entry: Mapping[str, Any]) -> str:
    """`text` and why a rule changed a number after it (`Tx.changed`): a table action the rules followed up."""
    causes = [str(n["text"]) for n in entry.get("notes", []) if n.get("what") == CHANGED and n.get("text")]
    return "; ".join([text, *causes])


def describe_entry(entry: Mapping[str, Any], names: Mapping[int, str], zones: Mapping[str, str],
                   name_of: Callable[[str], str | None] | None = None) -> str:
    """What happened, as a short sentence without the actor (e.g. "drew 2 cards", "rolled 5").

    Every card the reading seat may see is named: the line's `cards` give the card of each piece the seat saw (as
    of the entry), and `name_of` (piece id or card ref -> name) names it, or a piece the seat's view shows now;
    the rest are counted. A ruleset's own actions read as the rules panel words them ("play A Quiet Road")."""
    a = entry.get("action", {})
    t = a.get("type", "?")
    notes = {n.get("what"): n for n in entry.get("notes", [])}
    cards = entry.get("cards") or {}

    def zn(name: Any) -> str:
        return zones.get(str(name), str(name)) if name is not None else "?"

    nf: NameOf = None
    if name_of is not None:
        def nf(pid: str) -> str | None:
            return name_of(cards[pid]) if pid in cards else name_of(pid)

    pieces = a.get("pieces") or ([a["piece"]] if a.get("piece") else [])
    if t == "attach" and a.get("to"):
        pieces = [a.get("piece"), a.get("to")]
    if entry.get("text"):  # a ruleset's action, worded by the engine for this seat (`core.words`)
        return str(entry["text"])
    word = _CORE_WORDS.get(t)
    if word is not None:
        return _with_causes(word(a, pieces, notes, zn, names, nf, list(cards)), entry)
    said = [n.get("text") for n in entry.get("notes", []) if n.get("text")]
    if a.get("token") is not None and said:
        # a move named by an opaque token (a question, a guess): the last sentence the engine rendered for this
        # seat says what this seat may know of it (the question and its answer, or only that one was asked)
        return str(said[-1])
    from .status import describe_action

    text = describe_action({k: v for k, v in a.items() if k != "token"}, nf or (lambda _: None), names)
    return text[:1].lower() + text[1:]


def entry_html(entry: Mapping[str, Any], names: Mapping[int, str], zones: Mapping[str, str],
               name_of: Callable[[str], str | None] | None = None, number: int | str | None = None) -> str:
    """An entry as pygame-gui HTML: the actor in bold, chat in its own colour, each violation on a warning line;
    `number` is its place in the log as its reader sees it (else its sequence number; "" for none)."""
    seat = entry.get("seat")
    who = html.escape(str(names.get(seat, "Host" if seat is None else f"Seat {seat + 1}")))
    # "(rule xfc.chain.3)" after a number a rule changed: a link that opens the rules at it, its parentheses
    # inside, so the ")" never wraps to a line of its own
    text = _RULE_CITED.sub(lambda m: rule_link(html.unescape(m.group(1)), f"(rule {html.unescape(m.group(1))})"),
                           html.escape(describe_entry(entry, names, zones, name_of)))
    colour = "#9fd3ff" if entry.get("action", {}).get("type") == "chat" else "#e6e9ec"
    shown = entry.get("seq", "") if number is None else number
    out = f"<font color='#8a949e'>{shown}</font> <b>{who}</b> <font color='{colour}'>{text}</font>"
    for v in entry.get("violations", []):
        rule = str(v.get("rule", ""))
        msg = html.escape(str(v.get("message", "")))
        cite = f"Rule {rule_link(rule)}: " if rule else ""  # a click opens the Rules window at that rule
        out += f"<br>&nbsp;&nbsp;<font color='#f0b040'>{cite}{msg}</font>"
    return out
