"""`tabletop join` against a running host: it prints the table its seat may see, and refusals exit non-zero."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.embedded import EmbeddedHost

ROOT = Path(__file__).parent.parent.parent


def join(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tabletop", "join", *args], capture_output=True, text=True,
                          timeout=30, env=env, cwd=ROOT)


def test_join_once_prints_the_seat_view() -> None:
    session = quick_table(seed=9)
    host = EmbeddedHost(session, port=0, local_seats=(0,), bind="127.0.0.1", announce=False,
                        password="pw").start()
    try:
        host.submit(A.Draw(2), 0)
        mine = sorted(session.state.pieces[p].card for p in session.state.zones["hand:0"].pieces)
        out = join(f"127.0.0.1:{host.port}", "--once", "--password", "pw", "--name", "cli")
        assert out.returncode == 0, out.stderr
        assert "seat 2" in out.stdout and "hand:0: 2 hidden card(s)" in out.stdout
        assert not any(card in out.stdout for card in mine)
        out = join(f"127.0.0.1:{host.port}", "--once", "--json", "--watch", "--password", "pw")
        lines = [json.loads(line) for line in out.stdout.splitlines()]
        assert lines[0]["kind"] == "welcome" and lines[0]["seat"] is None
        assert lines[1]["kind"] == "view" and lines[1]["view"]["seq"] == session.state.seq
        bad = join(f"127.0.0.1:{host.port}", "--once", "--password", "nope")
        assert bad.returncode == 2 and "wrong password" in bad.stderr
        taken = join(f"127.0.0.1:{host.port}", "--once", "--seat", "1", "--password", "pw")
        assert taken.returncode == 2 and "taken" in taken.stderr
    finally:
        host.close()


def test_join_opens_the_window_by_default_and_says_when_nobody_is_there() -> None:
    import os

    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "tabletop", "join", "127.0.0.1:9"], capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 1
    assert "cannot join 127.0.0.1:9" in out.stderr
