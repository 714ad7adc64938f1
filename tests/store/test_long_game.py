"""A game longer than the old 32 MiB cap per save: it saves, loads (YAML and journal) and plays on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, load_game, open_game, save_game
from tabletop.store.saves import MAX_SAVE_BYTES


def long_game(actions: int):
    session = quick_table(seed=1)
    on_table = list(session.state.zones["table"].pieces)
    for i in range(actions):
        pid = on_table[i % len(on_table)]
        if i % 10 == 9:
            action = A.Chat(f"move {i} went well, on to the next one")
        else:
            action = A.Move((pid,), "table", x=float(100 + (i * 37) % 1200), y=float(100 + (i * 53) % 1300))
        assert session.submit(action, i % 2).accepted
    return session


def check_long_game(tmp_path: Path, actions: int, past_cap: bool) -> None:
    session = long_game(actions)
    path = save_game(session, tmp_path / "long.yaml")
    if past_cap:
        assert path.stat().st_size > MAX_SAVE_BYTES  # the old cap per save: such a file could not be loaded
    loaded = load_game(path)
    assert len(loaded.history) == actions
    assert loaded.state == session.state

    # plays on: more actions, an undo, and it is saved and loaded again (as YAML, then through the journal)
    again = open_session(path)
    saver = Autosaver(again, tmp_path / "long.yaml")
    pid = again.state.zones["table"].pieces[0]
    assert again.submit(A.Move((pid,), "table", x=5.0, y=6.0), 0).accepted
    assert again.submit(A.Chat("still going"), 1).accepted
    assert again.undo(0).accepted
    assert saver.flush(300)
    from_journal = open_game(tmp_path / "long.yaml")
    assert from_journal.source.endswith("long.journal")
    assert from_journal.state == again.state and len(from_journal.history) == actions + 1
    assert saver.close()
    final = load_game(tmp_path / "long.yaml")
    assert final.state == again.state and len(final.history) == actions + 1


def test_a_long_game_saves_loads_and_plays_on(tmp_path: Path) -> None:
    check_long_game(tmp_path, 3_000, past_cap=False)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_a_150k_action_game_past_the_old_cap(tmp_path: Path) -> None:
    check_long_game(tmp_path, 150_000, past_cap=True)
