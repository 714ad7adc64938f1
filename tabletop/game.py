"""Glue that turns "a ruleset, some seats and decks" or "a save file" into a ready `Session`.

The UI, the command line, the network host and the tests all start games through these few functions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .core.session import LogEntry, Session
from .core.state import GameState
from .rules import Ruleset, get_ruleset

__all__ = ["card_watcher", "make_rules", "new_session", "open_session", "quick_table", "session_for"]


def make_rules(state: GameState) -> Ruleset:
    """The ruleset a state was set up with, with the options saved in it."""
    return get_ruleset(state.ruleset, state.options)


def session_for(
    state: GameState, history: list[LogEntry] | None = None, hosts: Sequence[int | None] | None = None
) -> Session:
    return Session(state, make_rules(state), history=history, hosts=hosts)


def new_session(
    ruleset: str = "freeform",
    seats: int = 2,
    *,
    decks: Mapping[int, str | Path] | None = None,
    enforcement: str = "off",
    seed: int | None = None,
    house_rules: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    library: Any = None,
) -> Session:
    """A new game of `ruleset`: decks loaded from deck-list files per seat, options from house rules."""
    from .cards import default_library, load_deck

    rules = get_ruleset(ruleset, house_rules)
    lib = library if library is not None else default_library()
    deck_lists = {seat: load_deck(Path(path), lib) for seat, path in (decks or {}).items()}
    state = rules.new_game(
        seats,
        names=names,
        decks=deck_lists,
        library=lib,
        seed=random.SystemRandom().randrange(1 << 63) if seed is None else seed,
        enforcement=enforcement,
    )
    return Session(state, rules)


def quick_table(seed: int | None = None) -> Session:
    """Two seats, the standard deck shuffled in the middle, a few tokens and dice: something to touch at once."""
    return new_session("freeform", 2, seed=seed)


def open_session(path: str | Path, *, on_note: Callable[[str], None] | None = None) -> Session:
    """A session from a save file, continued by its autosave journal if it has one (raises store.SaveError).

    `on_note` hears how the game was opened when there is something to tell (a journal replayed, a torn end dropped).
    """
    from .store import open_game

    loaded = open_game(Path(path))
    if loaded.note and on_note is not None:
        on_note(loaded.note)
    session = session_for(loaded.state, loaded.history)
    session.redo_stack = list(loaded.redo)
    return session


def card_watcher(session: Session):
    """A `CardWatcher` over the card library `session` plays with, for live card edits.

    Whoever runs the table calls its `poll()` now and then (about once a second): changed sets are reloaded into
    that library, and a file with a mistake comes back as problems to show, never as an exception.
    """
    from .cards import default_library
    from .cards.watch import CardWatcher

    library = getattr(session.rules, "library", None)
    return CardWatcher(library if library is not None else default_library())

