"""The check that a save's log fits its table: undo every entry on a copy of the table, then redo them all, so
undo can never break a loaded game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.events import (
    Event,
    PieceAdded,
    PieceChanged,
    PieceMoved,
    PieceRemoved,
    PlayerCounterChanged,
    ZoneReordered,
)
from ..core.state import PIECE_KINDS, GameState
from .tableread import _attach_problem, _library, _Reader

__all__ = ["check_log_fits"]


def check_log_fits(r: _Reader, state: GameState, history: list[list[Event]], library: Any) -> None:
    """Undo every entry (given as its events) on a copy of the table, then redo them all: the log must fit the table
    at every step."""
    if not history:
        return
    work = state.copy()
    lib: list[Any] = []
    checks = _REVERT_CHECKS
    pieces_get, zones, kinds = work.pieces.get, work.zones, _KINDS
    for i in range(len(history) - 1, -1, -1):
        events = history[i]
        for j in range(len(events) - 1, -1, -1):
            ev = events[j]
            check = checks.get(type(ev))
            problem = check(work, ev, lib, library) if check is not None else ""
            if not problem:
                try:
                    ev.revert(work)
                except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
                    problem = f"it cannot be undone ({type(e).__name__}: {e})"
            if problem:
                raise r.fail(("log", i, "events", j), f"the log does not fit the table: {problem}"[:300])
        for ev in events:
            for pid in ev.pieces():
                # the usual piece (in a zone that exists, of a known kind, attached to nothing) answered inline
                piece = pieces_get(pid)
                if piece is not None and (piece.attached_to is not None or piece.zone not in zones
                                          or piece.kind not in kinds):
                    problem = _piece_problem(work, pid)
                    if problem:
                        raise r.fail(("log", i), f"undoing this entry would break the table: {problem}"[:300])
    problem = _table_problem(work)
    if problem:
        raise r.fail(("log",), f"undoing the whole log would break the table: {problem}"[:300])
    try:
        for events in history:
            for ev in events:
                ev.apply(work)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
        raise r.fail(("log",), f"the log cannot be redone after an undo ({type(e).__name__}: {e})"[:300]) from None
    if work.canonical() != state.canonical():
        raise r.fail(("log",), "the log does not lead to the table saved with it (undo would not give it back)")


_KINDS = frozenset(PIECE_KINDS)


def _moved_problem(state: GameState, ev: PieceMoved, lib: list[Any], library: Any) -> str:
    zones = state.zones
    if ev.dst not in zones or ev.src not in zones:
        return f"a move between zones that do not exist ({ev.src!r} -> {ev.dst!r})"
    dst = zones[ev.dst].pieces
    if ev.pid not in state.pieces or not 0 <= ev.dst_index < len(dst) or dst[ev.dst_index] != ev.pid:
        return f"piece {ev.pid!r} is not at place {ev.dst_index} of {ev.dst!r}"
    if not 0 <= ev.src_index <= len(zones[ev.src].pieces) - (ev.src == ev.dst):
        return f"place {ev.src_index} of {ev.src!r} does not exist"
    return ""


def _changed_problem(state: GameState, ev: PieceChanged, lib: list[Any], library: Any) -> str:
    return "" if ev.pid in state.pieces else f"there is no piece {ev.pid!r}"


def _reordered_problem(state: GameState, ev: ZoneReordered, lib: list[Any], library: Any) -> str:
    if ev.zone not in state.zones or Counter(ev.old) != Counter(state.zones[ev.zone].pieces):
        return f"zone {ev.zone!r} does not hold the pieces its reordering names"
    return ""


def _added_problem(state: GameState, ev: PieceAdded, lib: list[Any], library: Any) -> str:
    zones, pieces = state.zones, state.pieces
    pid = ev.piece["id"]
    if pid not in pieces or pieces[pid].zone not in zones:
        return f"there is no piece {pid!r}"
    here = zones[pieces[pid].zone].pieces
    if not 0 <= ev.index < len(here) or here[ev.index] != pid:
        return f"piece {pid!r} is not at place {ev.index} of {pieces[pid].zone!r}"
    return ""


def _removed_problem(state: GameState, ev: PieceRemoved, lib: list[Any], library: Any) -> str:
    zones = state.zones
    pid, zone = ev.piece["id"], ev.piece["zone"]
    if pid in state.pieces:
        return f"piece {pid!r} would be there twice"
    if zone not in zones or not 0 <= ev.index <= len(zones[zone].pieces):
        return f"place {ev.index} of zone {zone!r} does not exist"
    kind, card = ev.piece.get("kind", "card"), ev.piece.get("card")
    if kind == "card" and card is None:
        return f"card piece {pid!r} has no card reference"
    if card is not None:
        if not lib:
            lib.append(_library(library))
        if card not in lib[0]:
            return f"unknown card {card!r}"
    return ""


def _counter_problem(state: GameState, ev: PlayerCounterChanged, lib: list[Any], library: Any) -> str:
    return "" if ev.seat in state.seats else f"there is no seat {ev.seat}"


#: per event type: why reverting it on a table would corrupt the table, or '' (types not listed cannot)
_REVERT_CHECKS: dict[type, Callable[[GameState, Any, list[Any], Any], str]] = {
    PieceMoved: _moved_problem, PieceChanged: _changed_problem, ZoneReordered: _reordered_problem,
    PieceAdded: _added_problem, PieceRemoved: _removed_problem, PlayerCounterChanged: _counter_problem,
}


def _piece_problem(state: GameState, pid: str) -> str:
    """What is inconsistent about one piece after an entry was undone (its zone, its kind, its attachment), or ''.

    Where a piece is listed needs no scan here: the table saved is checked to list every piece exactly once, and
    each event's revert is checked to take the piece from the very place it names (`_REVERT_CHECKS`), so every
    step keeps that true; `_table_problem` checks it once more, in one pass, after the whole log is undone.
    """
    piece = state.pieces.get(pid)
    if piece is None:
        return ""
    if piece.zone not in state.zones:
        return f"piece {pid!r} is in a zone that does not exist ({piece.zone!r})"
    if piece.kind not in PIECE_KINDS:
        return f"piece {pid!r} has kind {piece.kind!r}"
    return _attach_problem(state, pid)


def _table_problem(state: GameState) -> str:
    """What is inconsistent about a whole table (a piece listed twice or nowhere, a lost piece), in one pass."""
    where: dict[str, str] = {}
    for zone in state.zones.values():
        for pid in zone.pieces:
            if pid in where:
                return f"piece {pid!r} is not in exactly one zone ({where[pid]!r} and {zone.name!r})"
            if pid not in state.pieces:
                return f"zone lists a lost piece {pid!r}"
            where[pid] = zone.name
    for pid, piece in state.pieces.items():
        if where.get(pid) != piece.zone:
            return f"piece {pid!r} is not listed in its zone {piece.zone!r}"
        problem = _piece_problem(state, pid)
        if problem:
            return problem
    return ""
