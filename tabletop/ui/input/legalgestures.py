"""Gestures that make a legal move: what a seat does on the table, where a legal move does that same thing, is that move.

With the rules on (warn or strict), a gesture the rules would refuse as it is (a freeform Move, Draw or LookTop)
becomes the legal move that does the same thing, or a choice when several do: a card let go where a move's path
takes it (a hand card dropped on its pile), or on a zone the ruleset says the move stands for (`("drop", zone)`: a
Site let go on the Field of the opponent it is directed at); a click on a deck whose draw is a move (`("draw",
deck)`); a look at a deck a move looks at (`("look", deck)`). Which move a gesture stands for is the ruleset's word
(`legal_gestures`, carried in the seat's legal-move summary), so a joined window does the same without the ruleset,
and nothing here names one. A move that looks at a deck opens that deck's gallery once made: the cards the seat
has seen show their faces there, and its buttons (To top, To hand) are gestures too, making the moves that put
those cards back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import actions as A
from ..panels.whatnow import moves_to, names_piece

__all__ = ["GESTURES", "LegalGesturesMixin", "gesture_moves", "gesture_of", "move_gestures"]

#: the freeform actions that are gestures on a zone: action type -> (gesture, the field naming the zone)
GESTURES = {"draw": ("draw", "source"), "look": ("look", "zone"), "search": ("search", "zone")}


def gesture_of(action: A.Action) -> tuple[str, str | None] | None:
    """The gesture a freeform action makes and the zone it makes it on (None: the seat's default), or None."""
    entry = GESTURES.get(action.type)
    if entry is None:
        return None
    zone = getattr(action, entry[1], None)
    return entry[0], zone if isinstance(zone, str) else None


def move_gestures(summary: Mapping[str, Any], moves: Sequence[A.Action]) -> list[list[tuple[str, str]]]:
    """The `(gesture, zone)` pairs the summary gives each of `moves` (the window's legal moves, built from the
    summary's, which may leave out one it does not know), in the order of `moves`."""
    said = summary.get("gestures") or []
    out: list[list[tuple[str, str]]] = [[] for _ in moves]
    for d, pairs in zip(summary.get("moves") or (), said, strict=False):
        if not pairs or not isinstance(pairs, list):
            continue
        try:
            move = A.action_from_dict(d)
        except (A.ActionFormatError, KeyError, TypeError, ValueError):
            continue
        if move in moves:
            out[moves.index(move)] = [(str(p[0]), str(p[1])) for p in pairs
                                      if isinstance(p, (list, tuple)) and len(p) == 2]
    return out


def gesture_moves(summary: Mapping[str, Any], moves: Sequence[A.Action], gesture: str, zone: str | None) -> list[int]:
    """The indices in `moves` of those the summary says stand for `gesture` on `zone` (None: on any zone)."""
    return [i for i, pairs in enumerate(move_gestures(summary, moves))
            if any(g == gesture and zone in (None, z) for g, z in pairs)]


class LegalGesturesMixin:
    """Gestures that make a legal move (a part of `TableApp`, through `CommandsMixin`)."""

    def _as_legal_move(self, action: A.Action, onto: str | None = None) -> bool:
        """With the rules on (warn or strict): a gesture that is no legal move as it is, but that a legal move does
        (see the module), makes that move instead, or asks which when there are several; False: `action` goes
        through as it is (off is a sandbox: a drop is a move, a click on a deck a draw)."""
        if self.view.get("enforcement") not in ("warn", "strict") or action in self.legal.moves:
            return False
        found = self._dropped_moves(action, onto) if isinstance(action, A.Move) else self._gesture_moves(action)
        moves = self.legal.moves
        if len(found) == 1:
            self.submit(moves[found[0]])
        elif found:
            texts = {i: t for row in self.legal.rows for i, t in zip(row.moves, row.texts, strict=False)}
            what = (self._card_name(action.pieces[0]) or "This card") if isinstance(action, A.Move) else "Which move"
            self.choose_move(f"{what}: choose one", [texts.get(i, moves[i].type) for i in found],
                             [moves[i] for i in found])
        return bool(found)

    def _dropped_moves(self, action: A.Move, onto: str | None) -> list[int]:
        """The legal moves a card let go on `action.to` stands for: those whose path takes it there, and those that
        play it and that the ruleset says a drop on that zone means; let go on a piece one names (Equipment on its
        Agent), that move. A card put at a place in a deck below its top (a gallery's To bottom) asks for that
        place: a move that puts it elsewhere is not the same thing."""
        if len(action.pieces) != 1:
            return []
        zone = self.layout.zone_by_name.get(action.to)
        if zone is not None and zone.layout == "stack" and action.index not in (None, 0):
            return []
        pid, moves, paths = action.pieces[0], self.legal.moves, self.legal.summary.get("paths") or []
        found = [i for i in moves_to(pid, action.to, paths, len(moves)) if not isinstance(moves[i], A.Move)]
        found += [i for i in gesture_moves(self.legal.summary, moves, "drop", action.to)
                  if i not in found and i < len(paths) and any(p[0] == pid for p in paths[i])]
        named = [i for i in found if onto is not None and names_piece(moves[i], onto)]
        return named or found

    def _gesture_moves(self, action: A.Action) -> list[int]:
        """The legal moves a freeform Draw, LookTop or Search stands for, on its zone."""
        said = gesture_of(action)
        return gesture_moves(self.legal.summary, self.legal.moves, *said) if said is not None else []

    def _looks_at(self, action: A.Action) -> tuple[str, int] | None:
        """The deck a legal move looks at (the ruleset says so: `("look", deck)`) and how many of its cards it
        shows, for the gallery that opens once the move is made; None for any other action."""
        moves = self.legal.moves
        if action not in moves:
            return None
        i = moves.index(action)
        zone = next((z for g, z in move_gestures(self.legal.summary, moves)[i] if g == "look"), None)
        if zone is None:
            return None
        paths = self.legal.summary.get("paths") or []
        return zone, sum(1 for p in (paths[i] if i < len(paths) else ()) if p[1] == zone)

    def _opened_look(self, looks: tuple[str, int] | None, result: Any) -> None:
        """After a move that looks at a deck was made (or sent to the host): that deck's gallery, where the seat
        sees the cards it looked at and puts them back."""
        if looks is None or (result is not None and not result.accepted):
            return
        zone, count = looks
        label = self._zone_labels().get(zone, zone)
        self._open_peek(zone, f"Top {count} of {label}" if count else label, search=False)
