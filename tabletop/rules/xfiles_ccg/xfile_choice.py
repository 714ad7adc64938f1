"""Which X-Files a game can hold: one drawn at random for a deck that names none (house rule `random_xfile`, as
GCCG's server does), and the Notebook's universe (the X-Files of the sets the game uses, each title once).

The manual has each player select one X-File for the game (Advanced Game set-up: "Select an X-File card"), so a
deck names at most one; with `random_xfile` it may name none and gets one of the X-Files of the sets the game's
decks use, drawn with the table's seeded RNG and put face down like any X-File.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from ...core.state import GameState
from .data import CardInfo
from .steps import SAMPLE_SET

if TYPE_CHECKING:
    from ...cards import DeckList

__all__ = ["game_sets", "random_xfile", "xfile_universe"]


def _set_of(ref: str) -> str:
    return ref.partition("/")[0]


def deck_sets(decks: Iterable[DeckList]) -> set[str]:
    """The card sets the decks draw on (any section)."""
    return {_set_of(ref) for deck in decks for entries in deck.sections.values() for ref in (e.ref for e in entries)}


def random_xfile(state: GameState, decks: Mapping[int, DeckList], xfiles: Iterable[CardInfo]) -> list[str]:
    """One X-File ref drawn with the table's RNG from the X-Files of the sets the game's decks use ([] if none)."""
    used = deck_sets(decks.values())
    pool = sorted(x.ref for x in xfiles if _set_of(x.ref) in used)
    return [pool[state.rng.below(len(pool))]] if pool else []


def game_sets(state: GameState) -> set[str]:
    """The card sets on this table: which sets the players brought is set-up knowledge, not a hidden card."""
    return {_set_of(p.card) for p in state.pieces.values() if p.card}


def xfile_universe(state: GameState, xfiles: Callable[[], list[CardInfo]]) -> list[CardInfo]:
    """The X-Files an opponent may hold: the sample set's only when the game uses it, each title once."""
    # `SAMPLE_SET in game_sets(state)`, stopping at the first card of the set (the Notebook asks at every guess)
    sample = any(p.card and _set_of(p.card) == SAMPLE_SET for p in state.pieces.values())
    every = xfiles()
    found = _UNIVERSES.get((id(every), sample))
    if found is not None and found[0] is every:  # read once per list of X-Files (a new one per card library)
        return list(found[1])
    seen: dict[str, CardInfo] = {}
    for x in every:
        if (sample or _set_of(x.ref) != SAMPLE_SET) and x.name.casefold() not in seen:
            seen[x.name.casefold()] = x
    if len(_UNIVERSES) >= 32:
        _UNIVERSES.clear()
    _UNIVERSES[(id(every), sample)] = (every, tuple(seen.values()))  # the list kept: its id is not reused
    return list(seen.values())


#: per list of X-Files (by identity, kept with it) and whether the sample set is used, the universe it gives
_UNIVERSES: dict[tuple[int, bool], tuple[list[CardInfo], tuple[CardInfo, ...]]] = {}
