"""What a seat knows, as plain data, and a table rebuilt from it: the only input a search bot decides from.

`knowledge(state, seat, rules)` is computed at the engine's edge, exactly as a stream would be: the seat's view
(pieces it cannot see under their handles, with no card), the rule state with every hidden piece named by its
handle and no hidden card named, the seat's own deck list (a player knows the cards it brought) and its legal moves
named as its view names them. `rebuild(knowledge)` turns that back into a `GameState` whose hidden cards have no
card yet; a sampler (`search.sampler`) deals them before each simulation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.actions import Action
from ...core.legal import _as_named
from ...core.state import EVERYONE, GameState, Piece, Player, Zone
from ...core.view import view

__all__ = ["knowledge", "rebuild", "seat_rules", "named_moves"]

#: a card reference of a hidden card, where the rule state held one
HIDDEN = "?"


def seat_rules(state: GameState, seat: int) -> Any:
    """The rule state as `seat` may know it: hidden pieces by their handles, hidden cards' references blanked.

    A reference is blanked only when no card the seat can see or owns has it (two copies of one card: the visible
    copy says nothing about the hidden one)."""
    pieces = state.pieces
    hidden_ids: dict[str, str] = {}
    hidden_refs: set[str] = set()
    seen_refs: set[str] = set()
    for pid, p in pieces.items():
        if state.can_see(p, seat):
            if p.card is not None:
                seen_refs.add(p.card)
        else:
            hidden_ids[pid] = state.handle(pid)
            if p.card is not None:
                hidden_refs.add(p.card)
        if p.owner == seat and p.card is not None:
            seen_refs.add(p.card)
    hidden_refs -= seen_refs

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return hidden_ids.get(v, HIDDEN if v in hidden_refs else v)
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [walk(x) for x in v]
        return v

    return walk(state.rules)


def named_moves(state: GameState, seat: int, actions: Iterable[Action]) -> list[Action]:
    """Legal actions with their pieces named as `seat` knows them (ids it sees, handles for the rest)."""
    out = []
    for a in actions:
        if getattr(type(a), "by_hand", False):
            continue
        fields = a.piece_fields
        if fields and any(not state.can_see(state.pieces[p], seat) for p in a.piece_names() if p in state.pieces):
            a = Action.from_dict(_as_named(a.to_dict(), fields,
                                           lambda pid: state.handle_for(pid, seat) if pid in state.pieces else pid))
        out.append(a)
    return out


def knowledge(state: GameState, seat: int, rules: Any, moves: Iterable[Action] | None = None, *,
              status: bool = False) -> dict[str, Any]:
    """Everything a search bot at `seat` may use to decide, as plain data (see the module). `status`: the view
    with the ruleset's status for the seat, as its stream has it (what a person in the seat reads: the X-Files CCG's
    guesses by name and its Notebook; a table's greedy seat reads them, `GuessingGreedy.choose_known`)."""
    deck = sorted(p.card for p in state.pieces.values() if p.owner == seat and p.card is not None)
    if moves is None:
        moves = rules.generate_actions(state, seat)
    return {
        "seat": seat,
        "view": view(state, seat, rules if status else None),
        "rules": seat_rules(state, seat),
        "deck": deck,
        "moves": named_moves(state, seat, moves),
    }


def rebuild(know: dict[str, Any]) -> GameState:
    """A table as the seat knows it: its view's zones and pieces (hidden cards with no card), its rule state."""
    v = know["view"]
    seat = know["seat"]
    s = GameState(ruleset=v["ruleset"], options=v.get("options"), enforcement=v.get("enforcement", "strict"),
                  players=[Player(p["seat"], p.get("name", ""), dict(p.get("counters", {})), p.get("color", ""))
                           for p in v["players"]],
                  secret="search", table_size=tuple(v.get("table", (2400.0, 1600.0))))  # type: ignore[arg-type]
    s.rules = know["rules"]
    own = frozenset((seat,))
    everyone = frozenset((EVERYONE,))
    for zd in v["zones"]:
        rect = zd.get("rect", (0, 0, 0, 0))
        zone = Zone(zd["name"], zd.get("owner"), zd.get("visibility", "public"), zd.get("layout", "free"),
                    zd.get("label", ""), (float(rect[0]), float(rect[1]), float(rect[2]), float(rect[3])),
                    bool(zd.get("face_up", True)), [], zd.get("kind", ""))
        s.zones[zone.name] = zone
        for pd in zd.get("pieces", ()):
            known = everyone if pd.get("revealed") else own if pd.get("known") else frozenset()
            piece = Piece(pd["id"], pd.get("kind", "card"), pd.get("card"), zone.name, float(pd.get("x", 0)),
                          float(pd.get("y", 0)), int(pd.get("rotation", 0)), bool(pd.get("face_up", True)),
                          pd.get("owner"), pd.get("attached_to"), dict(pd.get("counters", {})), known, 0,
                          int(pd.get("sides", 0)), int(pd.get("value", 0)), pd.get("label", ""),
                          pd.get("color", ""))
            s.add_piece(piece, index=len(zone.pieces))
    s.next_id = 1_000_000  # past any id of the real table: a piece made in a simulation never takes a known id
    return s
