"""No machine name reaches a reader: every ruleset's rules panel, walked through a played game, and the stats and
badges of every card set's faces say things in words ("Decides: Seat 1", "Investment 2"), never an identifier
(`choose_first`, `investment_value`) or a bare seat index ("Decision 0"): found by a newcomer's trial."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from tabletop.cards import default_library
from tabletop.game import new_session
from tabletop.rules import RULESETS
from tabletop.rules.bots import GreedyBot
from tabletop.ui.panels.status import badge_text, status_html, status_lines
from tabletop.ui.table.assets import AssetLoader

#: snake_case, camelCase, or a status label followed by a bare seat index
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[a-z]+[A-Z][a-z]+\b|\b(?:Decision|Decides|Leader|Waiting|Waiting for)\s+\d\b")
WALK = 120


def _leaks(text: str) -> list[str]:
    return IDENTIFIER.findall(re.sub(r"<[^>]+>", " ", text))


def _panel_text(session: Any, seat: int) -> str:
    state, lib = session.state, default_library()
    names = {s: f"Seat {s + 1}" for s in state.seats}

    def name_of(v: str) -> str | None:
        piece = state.pieces.get(v)
        ref = piece.card if piece is not None else v
        return lib.get(ref).name if isinstance(ref, str) and ref in lib else None

    return status_html(session.rules.status(state, seat), names, name_of)  # what the rules panel shows


def _mover(session: Any) -> int | None:
    rules, state = session.rules, session.state
    if hasattr(rules, "decision"):
        return rules.decision(state)
    waiting = getattr(rules, "waiting_for", None)
    return next(iter(waiting(state)), None) if waiting is not None else None


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_rules_panel_never_shows_an_identifier_through_a_game(name: str) -> None:
    session = new_session(name, 2, enforcement="strict", seed=3)
    bot = GreedyBot(session.rules)
    seen: set[str] = set()
    for _ in range(WALK):
        for seat in session.state.seats:
            text = _panel_text(session, seat)
            assert not _leaks(text), f"{name}: {_leaks(text)} in the rules panel: {text[:400]}"
            seen.add(text)
        seat = _mover(session)
        action = bot.choose(session.state, seat) if seat is not None else None
        if action is None or not session.submit(action, seat).accepted:
            break
    assert seen


def test_the_phase_identifier_and_the_deciding_seat_read_as_words() -> None:
    names = {0: "Ann", 1: "Bo"}
    status = {"phase": "choose_first", "step": "choose_first", "step_label": "Setup: who plays first",
              "decision": 0, "result": "round_over", "waiting": [1], "lead_player": 1}
    lines = status_lines(status, names, lambda v: None)
    assert ("Decides", "Ann") in [(label, text) for _, label, text in lines]
    assert ("Waiting for", "Bo") in [(label, text) for _, label, text in lines]
    assert ("Lead player", "Bo") in [(label, text) for _, label, text in lines]
    assert "Phase" not in [label for _, label, _ in lines]
    assert ("Result", "Round over") in [(label, text) for _, label, text in lines]


def test_card_badges_name_their_field_in_words() -> None:
    assert badge_text("investment_value", 2) == "Investment 2"
    assert badge_text("deck_ordinality", 4) == "Deck order 4"
    assert badge_text("deckOrdinality", 4) == "Deck order 4"
    assert badge_text("value", 3) == "3"


class _Recording:
    """A font that remembers every text it renders (what a card face says)."""

    def __init__(self, font: pygame.font.Font, said: list[str]) -> None:
        self._font, self._said = font, said

    def render(self, text: str, *args: Any, **kw: Any) -> pygame.Surface:
        self._said.append(str(text))
        return self._font.render(text, *args, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


def test_every_card_sets_faces_say_no_identifier() -> None:
    pygame.init()
    lib = default_library()
    loader = AssetLoader(lambda r: lib.get(r), None, set_lookup=lambda n: lib.sets.get(n))
    said: list[str] = []
    real_font = loader.font
    loader.font = lambda size, bold=False: _Recording(real_font(size, bold), said)  # type: ignore[method-assign]
    sets: dict[str, int] = {}
    for card in lib:
        if sets.get(card.set, 0) >= 12:  # a sample of each set: every type its first cards have
            continue
        sets[card.set] = sets.get(card.set, 0) + 1
        before = len(said)
        loader.render_face(card.ref, (252, 352))
        leaks = [t for t in said[before:] if _leaks(t) and not _leaks(card.text or "")]
        assert not leaks, f"{card.ref}: {leaks} on its face"
    assert len(sets) >= 2


def _choice_rows(name: str, seed: int) -> list[Any]:
    """Every grouped row (a choice) the legal-move list shows either seat while greedy bots play `name`."""
    from tabletop.core import actions as A
    from tabletop.core.legal import legal_summary
    from tabletop.ui.panels.sidebar import _token_words
    from tabletop.ui.panels.whatnow import move_rows

    session = new_session(name, 2, enforcement="strict", seed=seed)
    state, lib, bot = session.state, default_library(), GreedyBot(session.rules)
    names = {s: f"Seat {s + 1}" for s in state.seats}

    def name_of(v: str) -> str | None:
        piece = state.pieces.get(v)
        ref = piece.card if piece is not None else v
        return lib.get(ref).name if isinstance(ref, str) and ref in lib else None

    def fields(kind: str) -> tuple[str, ...]:
        return getattr(A.ACTION_TYPES.get(kind), "piece_fields", ())

    rows = []
    for _ in range(WALK * 2):
        for seat in state.seats:
            found = legal_summary(session, seat)
            status = session.rules.status(state, seat)
            rows += [r for r in move_rows(found.get("moves", []), found.get("paths", []), name_of, names,
                                          _token_words(status), fields, status) if r.choice]
        seat = _mover(session)
        action = bot.choose(state, seat) if seat is not None else None
        if action is None or not session.submit(action, seat).accepted:
            break
    return rows


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_grouped_row_reads_as_words(name: str) -> None:
    """A grouped row read "Choose first: choose… (2)" (the action type's name, then an ellipsis standing for the
    word a player wanted): it says what the seat chooses, in words, and how many choices there are."""
    from tabletop.ui.panels.whatnow import kind_verb

    rows = [r for seed in (3, 5) for r in _choice_rows(name, seed)]
    for row in rows:
        for text in (row.label, row.title):
            assert "…" not in text and "..." not in text, (name, text)
            assert not _leaks(text), (name, text)
        assert re.fullmatch(rf".+ \({len(row.moves)} choices\)", row.label), (name, row.label)
        head = row.label.rsplit(" (", 1)[0]
        verb = kind_verb(row.kind)
        if " " in verb:  # an action type's name made into words ("Choose first", "Bluff resolve") says nothing
            assert not head.lower().startswith(verb), (name, row.label)
    if name in ("xfiles-ccg", "xfiles-fan"):
        kinds = {r.kind for r in rows}
        assert len(kinds) >= (5 if name == "xfiles-ccg" else 2), kinds
        if name == "xfiles-fan":
            assert "Choose who plays first (2 choices)" in {r.label for r in rows}
