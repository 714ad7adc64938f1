"""docs/UI.md's mouse table says what a gesture does in the window, not what a reader might guess from it."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "UI.md"


def _row(gesture: str) -> str:
    rows = [line for line in DOC.read_text().splitlines() if line.startswith(f"| Mouse | {gesture} |")]
    assert len(rows) == 1, f"one '{gesture}' row in docs/UI.md"
    return rows[0]


def test_ctrl_drag_to_the_felt_says_the_stack_stays_where_it_was() -> None:
    # the window leaves the deck in place with a notice (ui/gestures.py `drop`): the doc said "it stays a deck" on
    # the felt, which a newcomer read as the deck moving there (newcomer trial s7, g02)
    row = _row("Ctrl + drag")
    assert "it stays a deck" not in row
    assert "nothing moves" in row and "stays where it was" in row and "notice" in row
