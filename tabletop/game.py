"""Glue that turns "a ruleset, some seats and decks" or "a save file" into a ready `Session`.

The UI, the command line, the network host and the tests all start games through these few functions.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .core import actions as A
from .core.ruleset import Violation
from .core.session import LogEntry, Session
from .core.state import GameState
from .errors import TabletopError
from .rules import Ruleset, get_ruleset

__all__ = [
    "GameSetup",
    "IllegalDeck",
    "card_watcher",
    "deck_violations",
    "game_setup",
    "log_deck_problems",
    "make_rules",
    "new_session",
    "open_session",
    "quick_table",
    "session_for",
    "start_problems",
    "starting_dial",
]


def starting_dial(ruleset: str) -> str:
    """The rules dial a new game starts at when no one asks for another: `warn` for a ruleset with rules (at `off`
    its own steps, such as drawing, scoring and moving to the next step, wait for the dial), `off` for freeform."""
    return "off" if ruleset == "freeform" else "warn"


class IllegalDeck(TabletopError, ValueError):
    """A strict game refused at the start: a deck list breaks the ruleset's deck rules (each problem with its rule).

    `problems` maps each seat (from 0) to its deck file and the violations `deck_problems` found in it.
    """

    def __init__(self, ruleset: str, problems: Mapping[int, tuple[str, list[Violation]]]) -> None:
        self.ruleset = ruleset
        self.problems = dict(problems)
        count = sum(len(found) for _, found in self.problems.values())
        lines = [f"cannot start a strict {ruleset} game: {count} deck problem{'s' if count != 1 else ''} "
                 "(fix the deck, or start with the rules dial at warn or off)"]
        for seat, (path, found) in sorted(self.problems.items()):
            lines += [f"  seat {seat + 1} deck {path}: {v}" for v in found]
        super().__init__("\n".join(lines))


class GameSetup:
    """What a new game was dealt from (each seat's deck list and the cards), kept beside its session so a LAN host
    can deal the table again with a guest's own deck before play starts (net/guestdeck.py). A game opened from a
    save has none: its decks were dealt in another sitting."""

    def __init__(self, decks: Mapping[int, Any], library: Any) -> None:
        self.decks: dict[int, Any] = dict(decks)
        self.library = library


_SETUPS: weakref.WeakKeyDictionary[Session, GameSetup] = weakref.WeakKeyDictionary()


def game_setup(session: Session) -> GameSetup | None:
    """What `session`'s table was dealt from, when `new_session` made it (None for a game opened from a save)."""
    return _SETUPS.get(session)


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
    from .cards import DeckError, default_library, read_deck_for_play

    rules = get_ruleset(ruleset, house_rules)
    lib = library if library is not None else default_library()
    read = {seat: read_deck_for_play(Path(path), lib) for seat, path in (decks or {}).items()}
    deck_lists = {seat: deck for seat, (deck, _) in read.items()}
    if enforcement == "off":  # no dial to judge a line that names no card: say so rather than deal a deck short
        unknown = [p for _, found in read.values() for p in found]
        if unknown:
            raise DeckError(unknown)
    # an illegal deck: strict refuses before anything is made, warn starts and logs every problem, off says nothing
    problems: dict[int, tuple[str, list[Violation]]] = {}
    if enforcement != "off":
        for seat, (deck, unknown) in sorted(read.items()):
            found = deck_violations(rules, deck, unknown, lib)
            if found:
                problems[seat] = (str((decks or {})[seat]), found)
    if problems and enforcement == "strict":
        raise IllegalDeck(rules.name, problems)
    state = rules.new_game(
        seats,
        names=names,
        decks=deck_lists,
        library=lib,
        seed=random.SystemRandom().randrange(1 << 63) if seed is None else seed,
        enforcement=enforcement,
    )
    session = Session(state, rules)
    _SETUPS[session] = GameSetup(deck_lists, lib)
    if problems:
        log_deck_problems(session, problems)
    return session


def deck_violations(rules: Ruleset, deck: Any, unknown: Sequence[Any], library: Any) -> list[Violation]:
    """What keeps a deck from being legal: its lines that name no card, then the ruleset's deck rules.

    A line naming no card is told by its line number, not its words: a deck list is its owner's secret, and a name
    that is no card has no piece to hide it behind.
    """
    out = [Violation("unknown_card", "", f"line {p.line} names no card of the loaded sets" if p.line
                     else "a card of it is not in the loaded sets") for p in unknown]
    return out + list(rules.deck_problems(deck, library))


def log_deck_problems(session: Session, problems: Mapping[int, tuple[str, list[Violation]]]) -> None:
    """The first log entry of a warn game started with illegal decks: each problem as a violation of its rule.

    A problem about a card names it by the card's piece in that seat's deck, and that seat alone reads its name:
    a deck list is its owner's secret.
    """
    state = session.state
    names = {p.seat: p.name for p in state.players}
    violations: list[Violation] = []
    seen: dict[str, frozenset[int]] = {}
    for seat, (path, found) in sorted(problems.items()):
        owned: dict[str, str] = {}
        for pid, piece in state.pieces.items():
            if piece.owner == seat and piece.card is not None:
                owned.setdefault(piece.card, pid)
        deck = f"{names.get(seat, f'Seat {seat + 1}')}'s deck ({Path(path).name})"
        for v in found:
            pids = tuple(owned[r] for r in v.pieces if r in owned)
            for pid in pids:
                seen[pid] = frozenset({seat})
            violations.append(Violation(v.code, v.rule, f"{deck}: {v.message}", pids, seat))
    count = len(violations)
    session.begin(violations, f"the game starts with {count} deck problem{'s' if count != 1 else ''} "
                              "(the rules dial is at warn)", seen)


def start_problems(session: Session) -> list[Violation]:
    """The deck problems a game was started with (warn), as logged in its first entry; empty for a legal start."""
    history = session.history
    first = history[0] if len(history) else None
    return list(first.violations) if first is not None and isinstance(first.action, A.Start) else []


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
    session.bookmarks = dict(loaded.bookmarks)  # kept by the next save (Ctrl+S) as they were read
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

