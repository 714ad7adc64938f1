"""What now, in words: the status line (the step, who acts, what they may do) and the legal moves as rows to click.

Built from the seat's stream only: the ruleset's status (already rendered for this seat) and its legal-move summary
(`tabletop.core.legal`). Nothing here names a ruleset: a kind of move is an action type, worded from its name, so a
ruleset that lists a new kind (buy, assign damage, bluff...) gets a row and a place in the status line as it is.
Pure Python, no pygame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.words import action_defaults, action_todo, action_words, fill
from .byhandrows import OTHER_MOVES, by_hand_rows, is_by_hand
from .status import SEAT_KEYS, describe_action, field_words

__all__ = ["MoveRow", "StatusLine", "card_moves", "group_head", "hand_to", "kind_verb", "move_rows", "moves_to", "names_piece", "short_title", "status_variants", "who_acts", "with_handover",
           "todo_words", "worded"]

#: the fields that name a seat in a move's words (a Site is directed `at` one)
MOVE_SEAT_KEYS = SEAT_KEYS | {"at"}

NameOf = Callable[[str], str | None]


def kind_verb(kind: str) -> str:
    """An action type as a verb: `game.play` -> "play", `game.assign_damage` -> "assign damage"."""
    return kind.rsplit(".", 1)[-1].replace("_", " ").strip()


@dataclass(slots=True)
class MoveRow:
    """One row of the legal-move list: one move, or the moves of one kind on the same cards that need a choice
    (a Role, a target, a value, a guess) and open a choice dialog listing them."""

    kind: str
    label: str
    #: indices into the summary's `moves`
    moves: list[int] = field(default_factory=list)
    #: for a choice: the dialog's title and one label per move
    title: str = ""
    options: list[str] = field(default_factory=list)
    #: each move in full words ("Play Queen of Spades as Actor")
    texts: list[str] = field(default_factory=list)
    #: the cards the row's moves play (as the seat's view names them)
    subjects: tuple[str, ...] = ()
    #: the cards each move plays, when they differ from move to move (a choice of card)
    parts: list[tuple[str, ...]] = field(default_factory=list)
    #: what the row tells on hover, when it says more than the row (short words, a heading)
    tip: str = ""

    @property
    def choice(self) -> bool:
        return len(self.moves) > 1


def _subjects(paths: Sequence[Sequence[Any]]) -> tuple[str, ...]:
    return tuple(str(p[0]) for p in paths if p)


_FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def worded(template: str, move: Mapping[str, Any], name_of: NameOf, names: Mapping[int, str],
           piece_fields: Sequence[str], lookups: Mapping[str, Any]) -> str:
    """A move in a ruleset's own words: `template` (from the status's `move_words`, per action type) with each
    `{field}` filled as the rules panel names it, and a spec after a colon: `{count:s}` "s" unless 1,
    `{pay:pay for it|discard it}` the first words when true, `{piece:move_costs}` the value the status's mapping
    of that name gives the field's raw value (left out, with the brackets round it, when it has none). Fields the
    template does not use are added as the rules panel words them when set, so no choice is lost."""
    used = {m.group(1) for m in _FIELD.finditer(template)}
    given = {**action_defaults(str(move.get("type"))), **move}  # a dict leaves out the fields left at their default
    text = fill(template, given, lambda key, value: _value(key, value, name_of, names, piece_fields), lookups)
    rest = {k: v for k, v in move.items() if k not in used and k != "type" and v not in (None, "", 0, False, [], ())}
    if rest:
        more = describe_action({"type": "x", **rest}, name_of, names, tuple(piece_fields))
        text += ", " + more.split(": ", 1)[-1] if ": " in more else ""
    return text


def _value(key: str, value: Any, name_of: NameOf, names: Mapping[int, str], piece_fields: Sequence[str]) -> str:
    """One field's value as the rules panel words it ("Owen Marsh, Ruth Calder", "Ben", "field"); `at` names a seat."""
    return field_words(key, value, name_of, names, piece_fields, MOVE_SEAT_KEYS)


def _describe(move: Mapping[str, Any], name_of: NameOf, names: Mapping[int, str], tokens: Mapping[str, str],
              piece_fields: Sequence[str], words: Mapping[str, Any] | None = None,
              lookups: Mapping[str, Any] | None = None) -> str:
    """A move in words (the ruleset's own when its status gives them); an opaque token (a question, a guess) in
    the words the status gave it."""
    template = (words or {}).get(str(move.get("type"))) or action_words(str(move.get("type")))
    if isinstance(template, str):
        return worded(template, move, name_of, names, piece_fields, lookups or {})
    token = move.get("token")
    if isinstance(token, str) and token in tokens:
        rest = {k: v for k, v in move.items() if k != "token"}
        text = describe_action(rest, name_of, names, tuple(piece_fields))
        return f"{text}: {tokens[token]}" if ":" not in text else f"{text}, {tokens[token]}"
    return describe_action(move, name_of, names, tuple(piece_fields))


def _option(text: str, head: str) -> str:
    """An option of a choice, without the words its row already says ("Play Queen as Actor" -> "as Actor")."""
    rest = text[len(head):].lstrip(" :,") if text.startswith(head) else text
    return (rest[:1].upper() + rest[1:]) if rest else text


#: words the words a choice's moves share may end in that say nothing on their own ("Deploy Ann to the")
_DANGLING = frozenset("a an and as at by for from in into of on or the to under with".split())


def group_head(kind: str, texts: Sequence[str], named: Sequence[str]) -> tuple[str, str]:
    """A choice's row in words a player reads (never "Choose first: choose…"), and the words its options leave out.

    The words all its moves share, cut back to a whole phrase ("Deploy Ruth Calder" of "Deploy Ruth Calder to the
    field" / "... to the bureau"), when they say more than the verb and name the row's cards; else what the seat
    does with that kind of move ("Choose who plays first", "Buy cards"), naming the cards it plays."""
    words = texts[0].split(" ") if texts else []
    for text in texts[1:]:
        other = text.split(" ")
        n = 0
        while n < min(len(words), len(other)) and words[n] == other[n]:
            n += 1
        words = words[:n]
    rests = [text.split(" ") for text in texts]

    def whole(n: int) -> bool:  # the first n words end a phrase: "Requisition Kit (2 RP)", not "Choose Seat" (1)
        return words[n - 1].endswith((",", ":", ")")) or all(
            len(r) > n and (r[n].lower() in _DANGLING or r[n].startswith("(")) for r in rests)

    while words and not whole(len(words)):
        words.pop()
    while words and (words[-1].lower().strip(":,") in _DANGLING or not words[-1].strip(":,")):
        words.pop()
    shared = " ".join(words).rstrip(":,")
    if len(words) > 1 and all(n in shared for n in named):
        return shared, shared
    head = action_todo(kind) or kind_verb(kind)
    head = head[:1].upper() + head[1:]
    missing = [n for n in named if n not in head]
    if missing:
        head += ": " + ", ".join(missing)
    return head, shared if len(words) > 1 else kind_verb(kind).capitalize()


def move_rows(moves: Sequence[Mapping[str, Any]], paths: Sequence[Sequence[Sequence[Any]]], name_of: NameOf,
              names: Mapping[int, str], tokens: Mapping[str, str] | None = None,
              piece_fields: Callable[[str], Sequence[str]] = lambda kind: (),
              status: Mapping[str, Any] | None = None,
              by_hand: Callable[[str], bool] = is_by_hand, place_of: NameOf | None = None) -> list[MoveRow]:
    """The legal moves as rows, grouped by kind (kinds in the order the ruleset lists them, pass-like ones first as
    they come): a kind's moves on the same cards share a row, which opens a choice when there are several. A
    status's `move_words` (action type -> template, see `worded`) words the moves the ruleset's way. Moves that
    apply card text by hand (`by_hand` of their type) come first, under a heading per card (`byhandrows`), and the
    other moves then under one of their own. `place_of` (piece id -> "2nd from the top of your draw deck", or
    None) tells apart a by-hand choice's cards that share a name with others."""
    status = status or {}
    words = status.get("move_words") if isinstance(status.get("move_words"), Mapping) else {}
    tokens = tokens or {}
    subjects = [_subjects(paths[i] if i < len(paths) else ()) for i in range(len(moves))]
    hand = [i for i, move in enumerate(moves) if by_hand(str(move.get("type", "?")))]
    apart = set(hand)
    groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for i, move in enumerate(moves):
        if i not in apart:
            groups.setdefault((str(move.get("type", "?")), subjects[i]), []).append(i)
    by_kind: dict[str, list[MoveRow]] = {}
    for (kind, subject), idx in groups.items():
        fields = piece_fields(kind)
        texts = [_describe(moves[i], name_of, names, tokens, fields, words, status) for i in idx]
        by_kind.setdefault(kind, []).append(_kind_row(kind, subject, idx, texts, name_of))
    rows = [row for rows in by_kind.values() for row in _alike_together(rows)]
    if not hand:
        return rows
    texts_of = {i: _describe(moves[i], name_of, names, tokens, piece_fields(str(moves[i].get("type", "?"))), words,
                             status) for i in hand}
    out: list[MoveRow] = by_hand_rows(hand, moves, subjects, texts_of, name_of, MoveRow, place_of)
    return out + ([MoveRow("", OTHER_MOVES), *rows] if rows else [])


def _alike_together(rows: list[MoveRow]) -> list[MoveRow]:
    """Rows that read the same (two copies of a card) next to each other, where the first of them stood: a
    newcomer's trial found identical rows apart in the list."""
    first: dict[str, int] = {}
    for row in rows:
        first.setdefault(row.label, len(first))
    return sorted(rows, key=lambda row: first[row.label])


def _kind_row(kind: str, subjects: tuple[str, ...], idx: list[int], texts: list[str], name_of: NameOf) -> MoveRow:
    """The row of a kind's moves on the same cards: the move, or the choice of them."""
    if len(idx) == 1:
        return MoveRow(kind, texts[0], idx, texts=texts, subjects=subjects)
    named = [name_of(s) or "a hidden card" for s in subjects]
    head, shared = group_head(kind, texts, named)
    title = head if head.lower().startswith("choose ") or ": " in head else f"{head}: choose one"
    return MoveRow(kind, f"{head} ({len(idx)} choices)", idx, title, [_option(t, shared) for t in texts], texts,
                   subjects)


def card_moves(rows: Sequence[MoveRow], pid: str, name: str | None) -> list[tuple[int, str]]:
    """The moves that play card `pid`, as (index into the moves, words) for its menu, whose title names the card
    ("Play as Actor" rather than "Play Queen of Spades as Actor")."""
    out = []
    for row in rows:
        if pid not in row.subjects:
            continue
        verb = kind_verb(row.kind).capitalize()
        for n, (i, text) in enumerate(zip(row.moves, row.texts, strict=False)):
            if n < len(row.parts) and pid not in row.parts[n]:
                continue  # a choice of card: this move plays another one
            if name and text.startswith(f"{verb} {name} "):
                text = f"{verb} {text[len(verb) + len(name) + 2:]}"
            out.append((i, text))
    return out


def names_piece(action: Any, pid: str) -> bool:
    """Whether one of `action`'s fields is piece `pid` (or a list holding it): Equipment let go on an Agent picks
    the move for that Agent."""
    for value in action.to_dict().values():
        if value == pid or (isinstance(value, (list, tuple)) and pid in value):
            return True
    return False


def moves_to(pid: str, zone: str, paths: Sequence[Sequence[Sequence[Any]]], count: int) -> list[int]:
    """The indices of the (first `count`) moves that take card `pid` to `zone`."""
    return [i for i, path in enumerate(paths[:count]) if any(p[0] == pid and p[2] == zone for p in path)]


def _join(words: Sequence[str], last: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def todo_words(moves: Sequence[Mapping[str, Any]], paths: Sequence[Sequence[Sequence[Any]]]) -> str:
    """What the seat may do, from its legal moves: "play a card, score or pass" (pass-like kinds last)."""
    kinds: dict[str, bool] = {}
    for i, move in enumerate(moves):
        kind = str(move.get("type", "?"))
        one_card = i < len(paths) and len(paths[i]) == 1
        kinds[kind] = kinds.get(kind, True) and one_card
    words = [action_todo(k) or kind_verb(k) + (" a card" if single and " " not in kind_verb(k) else "")
             for k, single in kinds.items()]
    words = list(dict.fromkeys(words))
    passes = [w for w in words if w.startswith(("pass", "next phase", "end ", "done"))]
    return _join([w for w in words if w not in passes] + passes)


def _who(seats: Sequence[int], seat: int | None, names: Mapping[int, str], everyone: int) -> str:
    if everyone > 1 and len(seats) >= everyone:
        return "anyone"
    out = []
    for s in seats:
        n = names.get(s, f"Seat {s + 1}")
        out.append(f"{n} (you)" if s == seat else n)
    return _join(out, "and")


def _waiting(status: Mapping[str, Any], legal: Mapping[str, Any] | None, seats: int) -> list[int] | None:
    """The seats the game waits on: from the legal summary when it names some of them; when it names every seat
    (a ruleset's default), the status's priority, decider or active seat if it tells one."""
    found = None
    if legal is not None and isinstance(legal.get("waiting"), list):
        found = [s for s in legal["waiting"] if isinstance(s, int)]
        if len(found) < seats:
            return found
    for key in ("priority", "decision", "decider", "active"):
        v = status.get(key)
        if isinstance(v, int) and not isinstance(v, bool):
            return [v]
    return found


def who_acts(status: Mapping[str, Any], legal: Mapping[str, Any] | None, seat: int | None,
             names: Mapping[int, str], seats: int) -> str | None:
    """Whom the game waits on, in words ("Seat 2", "Seat 1 (you)", "anyone"); None when no one or not known."""
    if status.get("over"):
        return None
    waiting = _waiting(status, legal, seats)
    return _who(waiting, seat, names, seats) if waiting else None


def hand_to(status: Mapping[str, Any], legal: Mapping[str, Any] | None, seat: int | None, seats: int) -> int | None:
    """At a hotseat table, the one seat the game waits on when it is not `seat`: the table is handed to it."""
    if status.get("over"):
        return None
    waiting = _waiting(status, legal, seats)
    return waiting[0] if waiting and len(waiting) == 1 and waiting[0] != seat else None


def with_handover(line: StatusLine, name: str) -> StatusLine:
    """The status line with how to hand a hotseat table over ("— Tab (Next seat): hand over to Bob"): every whole
    variant with it is tried first (one line, then two in the smaller font), so the bar leaves it out only when
    even the shortest one with it does not fit; then the whole variants without it."""
    told = [f"{v} — Tab (Next seat): hand over to {name}" for v in line[:line.whole]]
    return StatusLine([*told, *line[:line.whole], *line[line.whole:]], 2 * line.whole, len(told))


class StatusLine(list[str]):
    """The status line's variants, longest first; the first `whole` of them say the step, who acts and what to
    do (all three that the status tells), the rest less (for a bar that holds none of the whole ones)."""

    def __init__(self, variants: Sequence[str], whole: int | None = None, first: int = 0) -> None:
        super().__init__(variants)
        self.whole = len(self) if whole is None else whole
        #: how many of the whole ones the bar tries before the others (`TopBar.set_status`)
        self.first = first


def short_title(title: str) -> str:
    """A ruleset's title abbreviated: without a leading "The" or a parenthesis ("X-Files CCG")."""
    short = re.sub(r"\s*\([^()]*\)", "", title).strip()
    return re.sub(r"^The\s+", "", short) or title


def status_variants(title: str, status: Mapping[str, Any], legal: Mapping[str, Any] | None, seat: int | None,
                    names: Mapping[int, str], seats: int, mode: str = "warn") -> StatusLine:
    """The status line, longest first, then shorter ones for a narrow bar: "Duel · Enter Stage: Bob (you) to
    act — play a card or pass". The words come from the seat's own legal moves when it acts (exact), else from
    the ruleset's `todo` (what the seat it waits on may do, in words that name no card). The whole variants
    (`StatusLine.whole`) drop the ruleset's title, then abbreviate it; never the step, who acts or the words."""
    step = status.get("step_label") or status.get("phase") or status.get("step")
    if isinstance(step, str) and re.fullmatch(r"[a-z0-9_]+", step):  # an identifier: "choose_first"
        step = step.replace("_", " ").capitalize()
    heads = list(dict.fromkeys([f"{t} · {step}" if step else t for t in (title, short_title(title))]))
    head = heads[0]
    if status.get("over"):
        prompt = status.get("prompt") or "the game is over"
        return StatusLine([f"{h}: game over — {prompt}" for h in heads] + [f"Game over — {prompt}"])
    waiting = _waiting(status, legal, seats)
    moves = list(legal.get("moves") or ()) if legal is not None else []
    if not status and not moves:
        return StatusLine([f"{title}: no rules watch this table — anyone may act", f"{title}: anyone may act"])
    if waiting is None:
        return StatusLine(heads)
    if not waiting:
        if mode == "off":  # the rules' own steps (resolve, advance) run only with the dial on warn or strict
            return StatusLine([f"{head}: no one to act — the rules are off: turn the Rules dial to warn to let the "
                               "game move on", f"{head}: rules off — turn the dial to warn to move on",
                               f"{step or head}: rules off — turn the dial to warn to move on",
                               "Rules off — turn the dial to warn", head], 3)
        return StatusLine([f"{h}: the game moves on" for h in heads] + [head])
    return _acting_variants(heads, step, status, legal, seat, names, seats, waiting, moves)


def _without_aside(todo: str) -> str:
    """`todo` without a closing parenthesis that explains it ("pass (you do it in your own turn)" -> "pass")."""
    m = re.fullmatch(r"(.+?)\s*\([^()]*\)", todo)
    return m.group(1) if m else todo


def _acting_variants(heads: list[str], step: Any, status: Mapping[str, Any], legal: Mapping[str, Any] | None,
                     seat: int | None, names: Mapping[int, str], seats: int, waiting: list[int],
                     moves: list[Any]) -> StatusLine:
    who = _who(waiting, seat, names, seats)
    acting = seat in waiting
    todo = str(status.get("todo") or "")  # the ruleset's words for the step, else its moves' words (`core.words`)
    if acting and moves and not todo:
        todo = todo_words(moves, list(legal.get("paths") or ()) if legal is not None else [])
    lines = [f"{h}: {who} to act" for h in heads] + [f"{step}: {who} to act" if step else f"{who} to act"]
    lines = list(dict.fromkeys(lines))
    tail = [f"{who} to act"] + (["Your move"] if acting else [])
    if not todo:
        return StatusLine(list(dict.fromkeys(lines + tail)), len(lines))
    whole = [f"{line} — {todo}" for line in lines]
    bare = _without_aside(todo)
    if bare != todo:  # an aside saying why ("(the Investigating Player's step: ...)") goes before what to do
        whole += [f"{line} — {bare}" for line in lines]
    return StatusLine(list(dict.fromkeys(whole + [f"{who} to act — {todo}"] + lines + tail)), len(whole))
