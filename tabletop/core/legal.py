"""A seat's legal-move summary: what it may do now, as plain data any screen can use without the ruleset.

The window glows the cards these moves play, lists the moves grouped by kind (an action type), offers Pass, and
says who the game waits on; a joined window gets the same summary from the host. Every piece is named as the seat's
view names it, so the summary tells a seat nothing its view does not.

Which cards a move plays, and where to: a ruleset may define `legal_paths(state, action, seat)` returning
`(piece id, destination zone or None)` for each card the move plays (None: the card stays where it is, e.g. it is
tapped to score). Without it, the cards are the action's piece fields except its `target_fields` (an action class
attribute, default `("target",)`: the card a move attaches to or aims at is not played), and the destination is the
action's `to` / `zone` / `dst` field.

What a gesture on the table means: a ruleset may define `legal_gestures(state, action, seat)` returning
`(gesture, zone)` pairs for a move that a freeform gesture stands for, so the window makes the move when the seat
makes the gesture and the rules would refuse it as it is: `("draw", deck)` a click on (or D over) that deck, `("look",
deck)` looking at its top cards (the window then shows the cards the move let the seat see), `("drop", zone)` a card
the move plays let go on that zone (besides the zone its path takes it to: a Site dropped on the Field of the
opponent it is directed at).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import actions as A

if TYPE_CHECKING:
    from .session import Session
    from .state import GameState

__all__ = ["KIND_CAP", "LEGAL_CAP", "LIST_CAP", "PASS_TYPES", "legal_summary", "move_paths"]

#: action types that end a seat's turn or phase (offered as the Pass button), matched within the type name
PASS_TYPES = ("pass", "next_phase", "end_phase", "end_turn", "advance")
#: how many legal actions are looked at (for the glow and the listed moves)
LEGAL_CAP = 400
#: how many moves are listed in all, and of each kind (so every kind the ruleset offers is listed)
LIST_CAP = 120
KIND_CAP = 30
_DEST_FIELDS = ("to", "zone", "dst")


def _dest_field(action: A.Action) -> str | None:
    for name in _DEST_FIELDS:
        v = getattr(action, name, None)
        if isinstance(v, str) and name not in action.piece_fields:
            return v
    return None


def move_paths(rules: Any, state: GameState, action: A.Action, seat: int | None) -> list[tuple[str, str | None]]:
    """The cards `action` plays and where each goes: (piece id, destination zone or None), only pieces on the table."""
    hook = getattr(rules, "legal_paths", None)
    if hook is not None:
        found: Iterable[tuple[str, str | None]] = hook(state, action, seat)
    else:
        targets = set(getattr(type(action), "target_fields", ("target",)))
        dst = _dest_field(action)
        dst = dst if dst in state.zones else None
        found = []
        for name in action.piece_fields:
            if name in targets:
                continue
            v = getattr(action, name)
            for pid in (v if isinstance(v, tuple) else (v,) if isinstance(v, str) else ()):
                found.append((pid, dst))
    return [(pid, dst) for pid, dst in found if pid in state.pieces]


def _listed(actions: list[A.Action], list_cap: int, kind_cap: int) -> tuple[list[A.Action], bool]:
    """The moves to list: each kind's first `kind_cap`, kinds in the order they came, `list_cap` in all."""
    by_kind: dict[str, list[A.Action]] = {}
    for a in actions:
        by_kind.setdefault(a.type, []).append(a)
    out: list[A.Action] = []
    more = False
    for group in by_kind.values():
        room = min(kind_cap, list_cap - len(out))
        out.extend(group[:max(0, room)])
        more = more or len(group) > room
    return out, more


def _as_named(d: dict[str, Any], fields: Iterable[str], name: Any) -> dict[str, Any]:
    """An action's dict with its pieces named as the seat knows them (ids it sees, handles for the rest)."""
    for f in fields:
        v = d.get(f)
        if isinstance(v, str):
            d[f] = name(v)
        elif isinstance(v, list):
            d[f] = [name(x) for x in v]
    return d


def legal_summary(session: Session, seat: int | None, cap: int = LEGAL_CAP, list_cap: int = LIST_CAP,
                  kind_cap: int = KIND_CAP) -> dict[str, Any]:
    """What `seat` may legally do now, as plain data any screen can use without the ruleset.

    `moves`: legal actions to list (each kind's first `kind_cap`, grouped by kind in the order the ruleset gives
    them, `list_cap` in all), `paths`: per listed move the cards it plays as `[piece, from zone, to zone or None]`,
    `more`: whether some were left out, `glow`: every card that up to `cap` moves play, leaving out the moves that
    apply card text by hand (an action type with `by_hand`: a discard offered for every hand card would make every
    card glow and hide the real plays; their rows and drops still make them), `passes`: pass /
    next-phase actions (for the Pass button), `from` / `to`: the zones those moves take cards from and put them in,
    `waiting`: the seats the game waits on now, `gestures`: per listed move the `[gesture, zone]` pairs it stands
    for (`legal_gestures`, see the module). Pieces are named as the seat's view names them. Computed lazily
    with caps, so a ruleset with thousands of moves costs the same as one with a few.
    """
    state = session.state
    rules = session.rules
    found = list(itertools.islice(iter(session.legal_actions(seat)), cap + 1))
    more = len(found) > cap
    found = found[:cap]
    names: dict[str, str] = {}

    def name(pid: str) -> str:
        n = names.get(pid)
        if n is None:
            n = names[pid] = state.handle_for(pid, seat) if pid in state.pieces else pid
        return n

    glow: dict[str, None] = {}
    src: dict[str, None] = {}
    dst: dict[str, None] = {}
    paths: dict[int, list[list[Any]]] = {}
    for action in found:
        row = []
        plays = not getattr(type(action), "by_hand", False)
        for pid, to in move_paths(rules, state, action, seat):
            where = state.pieces[pid].zone
            if plays:
                glow[name(pid)] = None
            src[where] = None
            if to is not None:
                dst[to] = None
            row.append([name(pid), where, to])
        paths[id(action)] = row
    listed, cut = _listed(found, list_cap, kind_cap)
    moves = [_as_named(a.to_dict(), a.piece_fields, name) for a in listed]
    said = getattr(rules, "legal_gestures", None)
    gestures = [[[str(g), str(z)] for g, z in said(state, a, seat)] if said is not None else [] for a in listed]
    passes = [a.to_dict() for a in found if any(t in a.type for t in PASS_TYPES)][:3]
    waiting = [s for s in rules.waiting_for(state) if s in state.seats] if state.seats else []
    return {"moves": moves, "paths": [paths[id(a)] for a in listed], "gestures": gestures, "more": more or cut,
            "glow": sorted(glow), "passes": passes, "from": list(src), "to": list(dst), "waiting": waiting}
