"""Shared fixtures: a small table built by hand, and headless SDL for any test that opens a window."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the user's tabletop folder (certificate, pins, seat tokens: tabletop/net/userdir.py) is a temporary one in tests
os.environ["TABLETOP_HOME"] = tempfile.mkdtemp(prefix="tabletop-home-")
# caches a test run writes (the X-Files CCG card text read by its grammar) go to a folder of the run's own
os.environ.setdefault("TABLETOP_CACHE_DIR", tempfile.mkdtemp(prefix="tabletop-test-cache-"))

from tabletop.core import GameState, Piece, Player, Session, Zone  # noqa: E402


def make_table(cards: int = 20, seats: int = 2, seed: int = 7) -> GameState:
    """A deck of `cards` cards in the middle, a hand per seat, an open table and a discard pile."""
    s = GameState(players=[Player(i, f"P{i}") for i in range(seats)], seed=seed)
    s.add_zone(Zone("table", layout="free", rect=(0, 0, 2000, 1500)))
    s.add_zone(Zone("deck", visibility="hidden", layout="stack", face_up=False, kind="deck"))
    s.add_zone(Zone("discard", layout="stack", kind="discard"))
    for i in range(seats):
        s.add_zone(Zone(f"hand:{i}", owner=i, visibility="owner", layout="fan", kind="hand"))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    refs = [f"standard/{r}{suit}" for suit in "SHDC" for r in ranks]
    for i in range(cards):
        s.add_piece(Piece(id=s.new_piece_id(), card=refs[i % len(refs)], zone="deck", face_up=False),
                    index=len(s.zones["deck"].pieces))
    return s


@pytest.fixture
def table() -> GameState:
    return make_table()


@pytest.fixture
def session(table: GameState) -> Session:
    return Session(table)
