"""Conformance: seeded random games of every registered ruleset, checked at every step.

At each step: the save round-trips (state exactly, and the log too at intervals), no seat's view or log names a card
it cannot see, and in strict self-play no legal action is refused or breaks a rule. At the end, undo all the way back
restores the first state hash. New rulesets join this test by registering.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, DeckEntry, DeckList, default_library
from tabletop.cards.loader import read_set
from tabletop.core import GameState, Session
from tabletop.core.state import EVERYONE
from tabletop.rules import RULESETS, get_ruleset
from tabletop.rules.bots import table_action
from tabletop.store import dump_save, parse_save

STEPS = 160
#: one seed per ruleset in the default run; the others in the slow run (`-m slow`)
SEEDS = (1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow))
LIBRARY = default_library()
#: cards whose text runs as effects (the Fan's wordings): targets, choices, scoring text, captures
EFFECT_SET = read_set(Path(__file__).parent / "rules" / "fixtures" / "fan-text")[0]
EFFECT_LIBRARY = CardLibrary.from_sets(LIBRARY.sets["xfiles-fan-sample"], EFFECT_SET)


def _name(ref: str) -> str:
    for library in (LIBRARY, EFFECT_LIBRARY):
        if ref in library:
            return library.get(ref).name
    return ""


class Lines:
    """Each seat's log lines as `log_for` renders them, rendered once per entry: a line depends only on its entry
    (who saw what, where, as of that entry), so the lines of the entries before are the lines `log_for` would give
    again; `check_whole` holds the two to it. Each line's card references are checked once, when it is new."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.lines: dict[int | None, list[dict]] = {}
        self.text: dict[int | None, list[str]] = {}

    def of(self, seat: int | None) -> str:
        """The seat's whole log as JSON text (its lines without `cards`), with every new line checked."""
        lines = self.lines.setdefault(seat, [])
        text = self.text.setdefault(seat, [])
        history = self.session.history
        for entry in history[len(lines):]:
            line = entry.for_seat(seat)
            # the log may name a card by id where the seat saw it at the time; card refs only in a line's `cards`,
            # and only those of the pieces the seat saw in that entry (as the id is)
            for pid, ref in line.pop("cards", {}).items():
                who = entry.seen.get(pid, ())
                assert EVERYONE in who or seat in who, f"seat {seat} reads {ref} in line {entry.seq} it never saw"
            lines.append(line)
            text.append(json.dumps(line))
        return "[" + ", ".join(text) + "]"

    def check_whole(self) -> None:
        """`log_for` itself gives every seat the lines kept here."""
        for seat, lines in self.lines.items():
            whole = self.session.log_for(seat)
            for line in whole:
                line.pop("cards", None)
            assert whole == lines, f"seat {seat}: log_for differs from its lines rendered one entry at a time"


def assert_nothing_hidden_leaks(session: Session, seat: int | None, lines: Lines | None = None) -> None:
    state = session.state
    shown = session.view(seat)
    view = json.dumps(shown)
    text = view + (lines or Lines(session)).of(seat)
    visible_refs = {p.card for p in state.pieces.values() if p.card and state.can_see(p, seat)}
    ids = set(re.findall(r'"(p\d+)"', view))
    visible_names = {_name(ref) for ref in visible_refs}
    # the notebook lists the X-Files of the whole card pool (public knowledge) and high_card the cards everyone saw
    # turned up to choose the first player: their titles are no leak
    public = dict(shown)
    if isinstance(shown.get("rules"), dict):
        public["rules"] = {k: v for k, v in shown["rules"].items() if k not in ("notebook", "high_card")}
    named = json.dumps(public)  # (the log may name a card that was in plain sight when it was played)
    for piece in state.pieces.values():
        if piece.kind != "card" or state.can_see(piece, seat):
            continue
        assert piece.id not in ids, f"seat {seat} sees the id of hidden {piece.id}"
        if piece.card not in visible_refs:
            assert piece.card not in text, f"seat {seat} sees hidden card {piece.card}"
            # nor its title, in a status line, a rule's sentence or a note (unless a card it can see bears it)
            name = _name(piece.card)
            # (an all-capitals name such as X-FILES doubles as a role the rules talk about; the X-Files of the card
            # pool are listed to every player as the possible answers)
            catalog = piece.card in LIBRARY and LIBRARY.get(piece.card).type == "X-File"
            if (name and not name.isupper() and not catalog and name not in visible_names
                    and not any(name in v for v in visible_names)):
                assert name not in named, f"seat {seat} reads the name of hidden card {piece.card}: {name}"
    for zone in shown["zones"]:
        for pv in zone["pieces"]:
            if pv["id"].startswith("h"):
                assert "card" not in pv


def _identical(a: object, b: object) -> bool:
    """Equal as the save writer sees data: the same types, the same key order, the same spelling of every float
    (YAML writes `1` and `1.0`, `True` and `1`, `0.0` and `-0.0` apart, and keys in their order)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return len(a) == len(b) and all(  # type: ignore[arg-type]
            type(x) is type(y) and x == y and _identical(a[x], b[y])  # type: ignore[index]
            for x, y in zip(a, b, strict=True))
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(_identical, a, b))  # type: ignore[arg-type]
    if type(a) is float:
        return repr(a) == repr(b)
    return a == b


def assert_round_trip(session: Session, with_log: bool, library: CardLibrary | None = None) -> None:
    state = session.state
    text = dump_save(state, session.history if with_log else None)
    loaded = parse_save(text, "<conformance>", library=library)
    assert loaded.state == state
    assert loaded.state.hash() == state.hash()
    # save -> load -> save is byte-identical: the writer is a function of the table's data (`to_dict`, in order)
    # and of the log's entries (each its JSON, or the very text it was read from), so data identical as the
    # writer sees it writes the same text; the text itself is written again at intervals, and at the end
    assert _identical(loaded.state.to_dict(), state.to_dict())
    if with_log:
        assert [e.to_dict() for e in loaded.history] == [e.to_dict() for e in session.history]
        assert dump_save(loaded.state, loaded.history) == text


def play(name: str, seed: int, enforcement: str) -> tuple[Session, str]:
    rules = get_ruleset(name)
    seats = max(2, rules.min_seats)
    state: GameState = rules.new_game(seats, seed=seed, enforcement=enforcement)
    session = Session(state, rules)
    lines = Lines(session)
    first = state.hash()
    rng = random.Random(seed)
    for step in range(STEPS):
        if state.rules.get("over"):
            break
        waiting = rules.waiting_for(state) or list(state.seats)
        seat = rng.choice(waiting)
        legal = list(rules.generate_actions(state, seat))
        action = rng.choice(legal) if legal else table_action(state, seat, rng)
        if action is None:
            continue
        result = session.submit(action, seat)
        if legal and enforcement == "strict":
            assert result.accepted, f"legal {action} refused: {result.error}"
        assert_round_trip(session, with_log=step % 40 == 0)
        for who in (*state.seats, None):
            assert_nothing_hidden_leaks(session, who, lines)
    assert_round_trip(session, with_log=True)
    lines.check_whole()
    return session, first


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_strict_games_conform(name: str, seed: int) -> None:
    session, first = play(name, seed, "strict")
    assert session.history, "the game made no move"
    assert [str(v) for _, v in session.violations()] == []
    while session.undo().accepted:
        pass
    assert session.state.hash() == first


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_warn_games_conform(name: str) -> None:
    """Warn applies hand-made moves too; the table stays saveable, private and undoable."""
    rules = get_ruleset(name)
    state = rules.new_game(max(2, rules.min_seats), seed=9, enforcement="warn")
    session = Session(state, rules)
    lines = Lines(session)
    first = state.hash()
    rng = random.Random(9)
    for step in range(STEPS):
        if state.rules.get("over"):
            break
        seat = rng.choice(rules.waiting_for(state) or list(state.seats))
        legal = list(rules.generate_actions(state, seat))
        action = rng.choice(legal) if legal and rng.random() < 0.7 else table_action(state, seat, rng)
        if action is None:
            continue
        session.submit(action, seat)
        assert_round_trip(session, with_log=step % 40 == 0)
        for who in (*state.seats, None):
            assert_nothing_hidden_leaks(session, who, lines)
    assert_round_trip(session, with_log=True)
    lines.check_whole()
    while session.undo().accepted:
        pass
    assert session.state.hash() == first


def _effect_deck() -> DeckList:
    """A deck whose cards' text the engine runs at almost every turn (fan-text fixtures)."""
    counts = {"the-lake-case": 10, "canvass": 10, "calm-down": 4, "shake-it-off": 8, "taken-away": 4,
              "not-alone": 4, "small-comfort": 3, "trusted-partner": 3, "local-deputy": 3, "plain-ending": 5,
              "faint-warning": 3, "undo-capture": 2}
    return DeckList("effects", sections={
        "deck": [DeckEntry(f"fan-text/{cid}", n) for cid, n in counts.items()],
        "environment": [DeckEntry(f"fan-text/{cid}", 1) for cid in ("agent-scully", "agent-mulder",
                                                                     "basement-files")]})


def _replayed(session: Session, start: GameState) -> str:
    """The hash of the table the log's actions make again from `start`, through the rules."""
    again = Session(start, session.rules)
    for entry in session.history:
        # the log keeps the pieces an action named; the seat named each as it saw it then (a handle if hidden)
        names = {pid: again.state.handle_for(pid, entry.seat) for pid in entry.action.piece_names()
                 if pid in again.state.pieces}
        result = again.submit(entry.action.with_pieces(names), entry.seat)
        assert result.accepted, f"replaying {entry.action} refused: {result.error}"
    return again.state.hash()


# strict in every run; warn and off (the same game, choices declined) in the slow run CI also makes: the suite's time
@pytest.mark.parametrize("mode", ("strict", pytest.param("warn", marks=pytest.mark.slow),
                                  pytest.param("off", marks=pytest.mark.slow)))
def test_random_games_with_card_effects_conform(mode: str) -> None:
    """Card text run as effects at every turn (targets chosen, choices declined in warn and off, scores changed,
    characters captured): every step saves and loads, hides what it must from every seat, the log replays to the
    same table, and undo goes back to the start."""
    from tabletop.core.actions import SetEnforcement
    from tabletop.rules.xfiles_fan import XFilesFan

    rules = XFilesFan(library=EFFECT_LIBRARY)
    deck = _effect_deck()
    # off runs no automatic step: the game is set up and played in warn, then the host turns the dial to off
    state = rules.new_game(2, seed=5, enforcement="warn" if mode == "off" else mode, library=EFFECT_LIBRARY,
                           decks={0: deck, 1: deck})
    start = state.copy()
    session = Session(state, rules)
    lines = Lines(session)
    first = state.hash()
    rng = random.Random(5)
    effects = 0
    for step in range(STEPS * 2):
        if state.rules.get("over"):
            break
        if mode == "off" and step == 40:
            assert session.submit(SetEnforcement("off"), 0).accepted
        seat = rng.choice(rules.waiting_for(state) or list(state.seats))
        legal = list(rules.generate_actions(state, seat))
        action = rng.choice(legal) if legal else table_action(state, seat, rng)
        if action is None:
            continue
        result = session.submit(action, seat)
        if legal and mode == "strict":
            assert result.accepted, f"legal {action} refused: {result.error}"
        effects += sum(getattr(e, "what", "") in ("effects.applied", "effects.declined") for e in result.events)
        assert_round_trip(session, with_log=step % 40 == 0, library=EFFECT_LIBRARY)
        for who in (*state.seats, None):
            assert_nothing_hidden_leaks(session, who, lines)
    assert effects >= 5, "too few card effects ran to test them"
    assert_round_trip(session, with_log=True, library=EFFECT_LIBRARY)
    lines.check_whole()
    assert _replayed(session, start) == state.hash()
    while session.undo().accepted:
        pass
    assert session.state.hash() == first
