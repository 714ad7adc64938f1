"""The rules panel's words: any ruleset's `status` dict and legal actions, turned into readable HTML and lines.

Nothing here knows a particular ruleset. Seats become player names, card references and visible piece ids become
card names (through a lookup the app builds from the seat's own view), and everything else is shown as it is, so
the panel never shows more than the status and the view already told this seat. Pure Python, no pygame.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

__all__ = ["SEAT_KEYS", "describe_action", "badge_text", "field_words", "humanize", "status_html", "status_lines"]

#: status keys whose integer value is a seat
SEAT_KEYS = frozenset({"active", "active_seat", "priority", "first", "winner", "seat", "turn_seat", "player",
                       "controller", "owner", "attacker", "defender", "by", "to", "from_seat", "decider",
                       "decision", "leader", "waiting"})
#: endings of a status key whose integer value is a seat (`dealer_seat`, a ruleset's `..._player`)
_SEAT_ENDINGS = ("_seat", "_player")
#: labels for status keys whose humanized name reads wrong beside a player's name
_LABELS = {"decision": "Decides", "waiting": "Waiting for"}
#: words of a machine name a reader says otherwise (`deck_ordinality` is the deck order)
_WORDS = {"ordinality": "order"}
#: a machine identifier: lower-case words joined by underscores (`choose_first`), or camelCase (`deckOrdinality`)
_IDENT = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+")
#: keys shown elsewhere (top bar) or only meaningful together with another key
_HIDDEN = frozenset({"ruleset", "prompt", "score_name", "step"})
#: keys of a dict row that name it (its title)
_TITLE_KEYS = ("name", "title", "card", "piece", "id")
_MAX_ITEMS = 12
_MAX_DEPTH = 3

NameOf = Callable[[str], str | None]


def humanize(key: str, *, field: bool = False) -> str:
    """A machine name (`choose_first`, `deckOrdinality`) in words ("Choose first", "Deck order"), so no identifier
    reaches a panel or a card badge; for a card `field` a trailing "value" goes when other words remain
    (`investment_value` 2 is "Investment 2": the number beside it is the value)."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(key)).replace("_", " ").split()
    words = [_WORDS.get(w.lower(), w.lower()) for w in words]
    if field and len(words) > 1 and words[-1] == "value":
        words.pop()
    return " ".join(words).capitalize()


def badge_text(name: str, value: Any) -> str:
    """A counter on a piece as its badge says it: the bare number for a plain `value`/`counter`, else its name in
    words and the number ("Investment 2", not "investment_value 2")."""
    return str(value) if name in ("value", "counter") else f"{humanize(name, field=True)} {value}"


def _label(key: str) -> str:
    return _LABELS.get(key) or humanize(key)


def _seat(value: Any, names: Mapping[int, str]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, f"Seat {value + 1}")
    if isinstance(value, str) and value.isdigit():
        return names.get(int(value), f"Seat {int(value) + 1}")
    return str(value)


def _scalar(key: str, value: Any, names: Mapping[int, str], name_of: NameOf) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in SEAT_KEYS or key.endswith(_SEAT_ENDINGS):
        return _seat(value, names)
    if isinstance(value, str):
        return name_of(value) or (humanize(value) if _IDENT.fullmatch(value) else value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _row_text(row: Mapping[str, Any], names: Mapping[int, str], name_of: NameOf) -> str:
    """One dict of a list (a Stack entry, a site, an agent) on one line: its title first, then the rest."""
    title, title_key = "", None
    for k in _TITLE_KEYS:
        v = row.get(k)
        if isinstance(v, str) and v:
            title = name_of(v) or (v if k in ("name", "title") else "")
            if title:
                title_key = k
                break
    if not title and isinstance(row.get("piece"), str):
        title, title_key = "a hidden card", "piece"
    rest = []
    for k, v in row.items():
        # the piece id and card ref of a named row say the same as its name
        if k == title_key or title and k in _TITLE_KEYS and isinstance(v, str) and name_of(v) in (title, None):
            continue
        if v is None or v == [] or v == {}:
            continue
        if isinstance(v, (list, tuple)):
            text = ", ".join(_scalar(k, x, names, name_of) if not isinstance(x, (dict, list)) else "…" for x in v)
        elif isinstance(v, dict):
            text = ", ".join(f"{_label(str(a))} {_scalar(str(a), b, names, name_of)}" for a, b in v.items()
                             if not isinstance(b, (dict, list)))
        else:
            text = _scalar(k, v, names, name_of)
        rest.append(f"{_label(k).lower()} {text}" if k not in ("role",) else text)
    body = " · ".join(rest)
    return f"{title} — {body}" if title and body else title or body or "—"


def _list_lines(key: str, label: str, value: Sequence[Any], depth: int, names: Mapping[int, str],
                name_of: NameOf) -> list[tuple[int, str, str]]:
    if not value:
        return [(depth, label, "none")]
    if all(not isinstance(v, (dict, list, tuple)) for v in value):
        return [(depth, label, ", ".join(_scalar(key, v, names, name_of) for v in value[:_MAX_ITEMS])
                 + (f" … ({len(value)})" if len(value) > _MAX_ITEMS else ""))]
    out = [(depth, f"{label} ({len(value)})", "")]
    for v in value[:_MAX_ITEMS]:
        if isinstance(v, Mapping):
            out.append((depth + 1, "•", _row_text(v, names, name_of)))
        else:
            out.append((depth + 1, "•", ", ".join(str(x) for x in v)))
    return out


def _mapping_lines(label: str, value: Mapping[Any, Any], depth: int, names: Mapping[int, str],
                   name_of: NameOf) -> list[tuple[int, str, str]]:
    if not value:
        return [(depth, label, "none")]
    out = [(depth, label, "")]
    seat_keyed = all(isinstance(k, str) and k.isdigit() or isinstance(k, int) for k in value)
    if depth + 1 >= _MAX_DEPTH:
        return [*out, (depth + 1, "", str(value))]
    sub: dict[str, Any] = {(_seat(k, names) if seat_keyed else str(k)): v for k, v in value.items()}
    if not seat_keyed:
        return out + status_lines(sub, names, name_of, depth + 1)
    for who, v in sub.items():
        if isinstance(v, Mapping):
            out.append((depth + 1, who, _row_text(v, names, name_of)))
        elif isinstance(v, (list, tuple)):
            out.append((depth + 1, who, "; ".join(_row_text(x, names, name_of) if isinstance(x, Mapping)
                                                  else _scalar("", x, names, name_of)
                                                  for x in v[:_MAX_ITEMS]) or "none"))
        else:
            out.append((depth + 1, who, _scalar("", v, names, name_of)))
    return out


def status_lines(status: Mapping[str, Any], names: Mapping[int, str], name_of: NameOf,
                 depth: int = 0) -> list[tuple[int, str, str]]:
    """(indent, label, text) lines for every key of a status dict, in its own order."""
    out: list[tuple[int, str, str]] = []
    score_name = status.get("score_name") if depth == 0 else None
    for key, value in status.items():
        if depth == 0 and (key in _HIDDEN or _said_by_step(status, key, value)):
            continue
        if key == "step_label" and depth == 0:
            out.append((depth, "Step", str(value)))
            continue
        if value is None:
            continue
        label = _label(key)
        if key == "scores" and isinstance(value, (list, tuple)) and all(isinstance(v, (int, float)) for v in value):
            text = " · ".join(f"{names.get(i, f'Seat {i + 1}')} {_scalar(key, v, names, name_of)}"
                              for i, v in enumerate(value))
            out.append((depth, f"Scores ({score_name})" if score_name else label, text))
        elif isinstance(value, (list, tuple)):
            out.extend(_list_lines(key, label, value, depth, names, name_of))
        elif isinstance(value, Mapping):
            out.extend(_mapping_lines(label, value, depth, names, name_of))
        else:
            out.append((depth, label, _scalar(key, value, names, name_of)))
    return out


def _said_by_step(status: Mapping[str, Any], key: str, value: Any) -> bool:
    """Whether `key` is a phase identifier (`choose_first`, `play`) that the status's `step_label` already says in
    words: shown, it would only repeat the step as machine data."""
    return (key == "phase" and "step_label" in status and isinstance(value, str)
            and (value.islower() or bool(_IDENT.fullmatch(value))) and " " not in value)


def _plumbing(status: Mapping[str, Any]) -> set[str]:
    """Keys a status gives the window to word its moves with, not a reader: `move_words`, the lookups its
    templates name (`{piece:move_costs}`), and menus of opaque tokens (questions, guesses: the legal-move list
    and the board offer them in words)."""
    words = status.get("move_words")
    out = {"move_words", "todo"} if isinstance(words, Mapping) else {"todo"}
    if isinstance(words, Mapping):
        for template in words.values():
            for spec in re.findall(r"\{\w+:(\w+)\}", str(template)):
                if isinstance(status.get(spec), Mapping):
                    out.add(spec)
    for key, value in status.items():
        if isinstance(value, list) and value and all(isinstance(r, Mapping) and "token" in r for r in value):
            out.add(key)
    return out


def status_html(status: Mapping[str, Any], names: Mapping[int, str], name_of: NameOf) -> str:
    """The status as pygame-gui HTML: the prompt first (what the game waits for), then every key a reader wants
    (not the window's plumbing: see `_plumbing`)."""
    plumbing = _plumbing(status)
    status = {k: v for k, v in status.items() if k not in plumbing}
    parts = []
    prompt = status.get("prompt")
    if prompt:
        parts.append(f"<font color='#ffd450'><b>{html.escape(str(prompt))}</b></font>")
    inline: list[str] = []  # plain top-level values share one paragraph; lists and mappings get lines of their own
    for indent, label, text in status_lines(status, names, name_of):
        lab = f"<b>{html.escape(label)}</b>" if label else ""
        if indent == 0 and text:
            inline.append(f"{lab} <font color='#c9d3cf'>{html.escape(text)}</font>")
            continue
        if inline:
            parts.append(" · ".join(inline))
            inline = []
        pad = "&nbsp;&nbsp;&nbsp;" * indent
        sep = " " if label == "•" else ": " if label and text else ""
        parts.append(f"{pad}{lab}{sep}<font color='#c9d3cf'>{html.escape(text)}</font>")
    if inline:
        parts.append(" · ".join(inline))
    return "<br>".join(parts) if parts else "<font color='#8a949e'>The ruleset reports nothing yet.</font>"


def field_words(key: str, value: Any, name_of: NameOf, names: Mapping[int, str], piece_fields: Sequence[str] = (),
                seat_keys: Collection[str] = SEAT_KEYS) -> str:
    """One field of a move in words, as the seat reading it may: a seat by its name, a card by its name, a card the
    reader cannot see as "a hidden card", a list joined ("Owen Marsh, Ruth Calder"); nothing for None."""
    if isinstance(value, (list, tuple)):
        return ", ".join(field_words(key, v, name_of, names, piece_fields, seat_keys) for v in value)
    if value is None:
        return ""
    if key in seat_keys:
        return _seat(value, names)
    if isinstance(value, str):
        found = name_of(value)
        if found:
            return found
        if key in piece_fields or key in ("piece", "target", "card"):
            return "a hidden card"
    return _scalar(key, value, names, name_of)


def describe_action(action: Mapping[str, Any], name_of: NameOf, names: Mapping[int, str] | None = None,
                    piece_fields: tuple[str, ...] = ()) -> str:
    """An action dict (`Action.to_dict()`) in words: its verb, the card it plays, then its other fields.

    `<ruleset>.play {piece, role, target}` reads "Play Queen of Hearts as Prop on King of Spades";
    `<ruleset>.score {actor, set}` reads "Score: actor King of Spades, set Ten of Clubs".
    """
    names = names or {}
    verb = str(action.get("type", "?")).rsplit(".", 1)[-1].replace("_", " ").strip().capitalize()

    def named(key: str, v: Any) -> str:
        return field_words(key, v, name_of, names, piece_fields)

    text = verb
    rest = []
    for key, v in action.items():
        if key == "type":
            continue
        if key == "piece" or key == "card":
            text += f" {named(key, v)}"
        elif key == "role":
            text += f" as {v}"
        elif key == "target":
            text += f" on {named(key, v)}"
        elif key == "seat":  # a player's name says it is a seat
            rest.append(named(key, v))
        else:
            rest.append(f"{_label(key).lower()} {named(key, v)}")
    return f"{text}: {', '.join(rest)}" if rest else text
