"""A passive capture of a whole game between two machines (network namespaces) holds no card name, password,
token or chat line in the clear: the host serves TLS by default off loopback (capture_game.py does the game)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


def _namespaces_or_skip() -> None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("needs root to make network namespaces and capture (AF_PACKET)")
    for tool in ("unshare", "ip", "nsenter"):
        if shutil.which(tool) is None:
            pytest.skip(f"needs the {tool} command")
    if subprocess.run(["unshare", "-n", "true"], capture_output=True, timeout=20).returncode != 0:
        pytest.skip("network namespaces are not permitted here")


def test_a_captured_lan_game_shows_nothing_in_the_clear(tmp_path: Path) -> None:
    _namespaces_or_skip()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(["unshare", "-n", "--", sys.executable, str(HERE / "capture_game.py"), str(tmp_path)],
                          capture_output=True, text=True, timeout=180, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    wire = (tmp_path / "wire.bin").read_bytes()
    assert len(wire) > 10_000 and b"\x16\x03\x01" in wire  # the capture saw the game: TLS records
    assert result["pinned"] == result["fingerprint"]  # the invite code's fingerprint is the pin now
    assert len(result["cards"]) >= 10
    clear = [c for c in result["cards"] if c.encode() in wire or c.split("/")[-1].encode() + b'"' in wire]
    assert not clear, f"card names in the clear: {clear}"
    for what, secret in result["secrets"].items():
        assert secret and secret.encode() not in wire, f"{what} in the clear"
    for marker in (b'"type"', b"hello", b"welcome", b"standard/", b"Tabletop-Hello", b"GET /"):
        assert marker not in wire, marker
