"""What one simulated game is (a `GameSpec`: plain data that pickles to any worker) and how a worker plays it.

A spec names everything a game depends on (ruleset, options, bots and deck file per seat, seed, enforcement), so
the same spec gives the same game on any core or machine. Decks are read from their files in the worker (a
`DeckList` is not sent around), once per process.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.simulate import DEFAULT_MAX_ACTIONS, GameRecord, play_session, young_gc

__all__ = ["GameSpec", "deck_label", "lineup", "plan", "play_chunk", "play_spec", "records", "save_name"]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: everything it depends on, as plain data."""

    index: int
    seed: int
    ruleset: str
    bots: tuple[str, ...]
    #: the deck-list file of each seat ("" for the ruleset's default deck)
    decks: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    enforcement: str = "strict"
    max_actions: int = DEFAULT_MAX_ACTIONS
    variant: str = ""
    #: a folder to write the game's save (with its log) into; "" keeps nothing
    keep: str = ""
    #: a save to play on from (e.g. a `tabletop branch`), its chance re-seeded with `seed`; "" starts a new game
    start: str = ""
    #: a card banned from one seat before play, as (card ref, seat from 0); () bans nothing
    restrict: tuple[str, int] | tuple[()] = ()


def deck_label(path: str) -> str:
    """How a report names a deck: its file name without the extension ("" for the default deck)."""
    return Path(path).stem if path else ""


def lineup(bots: Sequence[str], seats: int) -> list[str]:
    """One bot name per seat: the list given, repeated to fill the seats."""
    return [bots[i % len(bots)] for i in range(seats)]


def plan(ruleset: str, games: int, seed: int, bots: Sequence[str], *, seats: int,
         decks: Mapping[int, str] | None = None, swap_seats: bool = False, options: Mapping[str, Any] | None = None,
         enforcement: str = "strict", max_actions: int = DEFAULT_MAX_ACTIONS, variant: str = "",
         keep: str = "", start: str = "", restrict: tuple[str, int] | None = None,
         first_index: int = 0) -> list[GameSpec]:
    """The games of one run: `games` seeds, bots rotating one seat per seed, decks fixed to seats or swapped.

    With `swap_seats` each seed is played twice: the decks as given, then rotated one seat on (for two seats:
    exchanged), with the bots staying in their seats, so a deck's results and a seat's results can be told apart.
    With `restrict` (card, seat) every game is played again with that card banned from that seat, so the two are
    compared game by game. `first_index`: the seeds start that many games on (a run that plays on in batches).
    """
    decks = dict(decks or {})
    order = [decks.get(s, "") for s in range(seats)]
    bot_line = lineup(bots, seats)
    specs: list[GameSpec] = []
    base = first_index * (2 if swap_seats else 1) * (2 if restrict else 1)
    for i in range(first_index, first_index + games):
        game_seed = seed * 1_000_003 + i
        seated = tuple(bot_line[(s + i) % seats] for s in range(seats))
        arrangements = [order, order[-1:] + order[:-1]] if swap_seats else [order]
        for deck_order in arrangements:
            for banned in ((), restrict) if restrict else ((),):
                specs.append(GameSpec(base + len(specs), game_seed, ruleset, seated, tuple(deck_order),
                                      dict(options or {}), enforcement, max_actions, variant, keep, start,
                                      tuple(banned)))  # type: ignore[arg-type]
    return specs


@functools.lru_cache(maxsize=64)
def _deck(path: str) -> tuple[Any, tuple[Any, ...]]:
    """A deck file read once per process: the deck and its lines that name no card (problems for the dial)."""
    from ..cards import default_library, read_deck_for_play

    deck, unknown = read_deck_for_play(Path(path), default_library())
    return deck, tuple(unknown)


def _judged_start(spec: GameSpec, read: Mapping[int, tuple[Any, tuple[Any, ...]]]) -> Any:
    """A new game whose decks break the deck rules, as `play` starts one: strict refuses (IllegalDeck), warn logs
    every problem in a first `start` entry; None when the decks are legal (the game is set up as usual)."""
    from ..cards import default_library
    from ..core.session import Session
    from ..game import IllegalDeck, deck_violations, log_deck_problems
    from ..rules.simulate import shared_ruleset

    rules = shared_ruleset(spec.ruleset, spec.options)
    library = default_library()
    problems = {}
    for seat, (deck, unknown) in sorted(read.items()):
        found = deck_violations(rules, deck, unknown, library)
        if found:
            problems[seat] = (spec.decks[seat], found)
    if not problems:
        return None
    if spec.enforcement == "strict":
        raise IllegalDeck(spec.ruleset, problems)
    state = rules.new_game(len(spec.bots), seed=spec.seed, enforcement=spec.enforcement, library=None,
                           decks={seat: deck for seat, (deck, _) in read.items()})
    session = Session(state, rules)
    log_deck_problems(session, problems)
    return session


@functools.lru_cache(maxsize=4)
def _saved(path: str) -> Any:
    from ..store import open_game

    return open_game(path)


def _start(spec: GameSpec) -> Any:
    """A session on a copy of the saved position (loaded once per process), its chance re-seeded for this game."""
    from ..core.rng import Rng
    from ..core.session import Session
    from ..rules.simulate import shared_ruleset

    loaded = _saved(spec.start)
    state = loaded.state.copy()
    # a new stream from where the old one stood: the log still replays onto this table (its RNG never runs back)
    state.rng = Rng(spec.seed, loaded.state.rng.counter)
    state.enforcement = spec.enforcement
    return Session(state, shared_ruleset(state.ruleset, state.options), history=list(loaded.history))


def save_name(spec: GameSpec) -> str:
    """The file a kept game is written to: variant, game number and seed, safe on any file system."""
    variant = re.sub(r"[^A-Za-z0-9_.=-]+", "_", spec.variant).strip("_")
    return f"{variant + '-' if variant else ''}game{spec.index:05d}-seed{spec.seed}.yaml"


def play_spec(spec: GameSpec) -> dict[str, Any]:
    """Play one game in this process; the record as a dict (with the save's path when the spec keeps games)."""
    from ..game import IllegalDeck

    try:
        read = {s: _deck(path) for s, path in enumerate(spec.decks) if path}
        start = _start(spec) if spec.start else _judged_start(spec, read)
        record, session = play_session(spec.ruleset, spec.bots, spec.seed, index=spec.index,
                                       options=spec.options, enforcement=spec.enforcement,
                                       max_actions=spec.max_actions, decks={s: d for s, (d, _) in read.items()},
                                       session=start, restrict=spec.restrict or None)  # type: ignore[arg-type]
    except IllegalDeck as e:  # strict: the game is refused before it starts, as `play` refuses it
        record = GameRecord(spec.index, spec.seed, list(spec.bots), end="refused", error=str(e))
        session = None
    except Exception as e:  # a ruleset bug ends this game, not the whole run: the report names its seed
        record = GameRecord(spec.index, spec.seed, list(spec.bots), end="crash",
                            error=f"{type(e).__name__}: {e}")
        session = None
    record.decks = [deck_label(p) for p in spec.decks] if spec.decks else [""] * len(spec.bots)
    record.variant = spec.variant
    if spec.keep and session is not None:
        from ..store import save_game

        folder = Path(spec.keep)
        folder.mkdir(parents=True, exist_ok=True)
        record.kept = str(save_game(session, folder / save_name(spec)))
    return record.to_dict()


def play_chunk(specs: Sequence[GameSpec]) -> list[dict[str, Any]]:
    """Play several games in order (the unit of work sent to a process or a cluster worker)."""
    with young_gc():
        return [play_spec(s) for s in specs]


def records(dicts: Sequence[Mapping[str, Any]]) -> list[GameRecord]:
    """Game records back from their dicts."""
    return [GameRecord.from_dict(d) for d in dicts]
