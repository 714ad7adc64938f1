"""`tabletop journal export` and `info` on a ruleset's journal, run as a user would: a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tabletop.game import new_session
from tabletop.store import Autosaver, load_game

ROOT = Path(__file__).resolve().parents[2]


def _journal(tmp_path: Path) -> Path:
    """An X-Files CCG game of a few legal actions, autosaved to a journal only (the YAML never written)."""
    session = new_session("xfiles-ccg", 2, seed=3)
    saver = Autosaver(session, tmp_path / "g.yaml")
    for _ in range(6):
        for seat in (0, 1):
            legal = list(session.rules.legal_actions(session.state, seat))
            if legal:
                session.submit(legal[0], seat)
    assert saver.flush()
    saver.writer.close()
    return tmp_path / "g.yaml"


def _tabletop(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)


def test_a_ruleset_journal_exports_and_tells_in_a_fresh_process(tmp_path: Path) -> None:
    save = _journal(tmp_path)
    info = _tabletop("journal", "info", str(save))
    assert info.returncode == 0, info.stderr
    assert "xfiles-ccg" in info.stdout
    out = tmp_path / "out.yaml"
    r = _tabletop("journal", "export", str(save), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert load_game(out).state.ruleset == "xfiles-ccg"
