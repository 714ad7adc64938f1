"""`tabletop import`: every format's broken input exits 2 with the file and line and writes nothing; --add/--force."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "cards" / "fixtures"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", "import", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize(("fmt", "name", "body", "where"), [
    ("cockatrice", "cards.xml", b'<?xml version="1.0"?>\n<cockatrice_carddatabase version="4">\n<cards>\n<card>',
     "cards.xml:4:"),
    ("octgn", "set.xml", b'<?xml version="1.0" encoding="utf-8"?>\n<set name="S">\n<cards>\xff</cards></set>',
     "set.xml:3:"),
    ("tts", "save.json", b'{"SaveName": "x",\n "ObjectStates": [\n {"Name": "Card", ', "save.json:3:"),
    ("xfiles-fan-js", "cards.js", b"var cards = [\n  {name: 'A', type: 'case',\n", "cards.js:3:"),
    ("xfiles-ccg-json", "db.json", b'[\n "Quiet Room",\n "Loud Hall"\n]\n', "db.json:1:"),
    ("gccg-xml", "set.xml", b'{"ObjectStates": []}', "set.xml:1:1:"),
])
def test_broken_input_exits_2_naming_file_and_line_and_writes_nothing(tmp_path: Path, fmt, name, body,
                                                                      where) -> None:
    (tmp_path / name).write_bytes(body)
    run = _run(fmt, name, "--out", "cards/out", cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    assert where in run.stderr and "Traceback" not in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_add_and_force_say_what_they_did(tmp_path: Path) -> None:
    gccg = FIXTURES / "gccg"
    assert _run("gccg-xml", str(gccg / "harbor.xml"), "--out", "cards/xfc", cwd=tmp_path).returncode == 0
    again = _run("gccg-xml", str(gccg / "tideline.xml"), "--out", "cards/xfc", cwd=tmp_path)
    assert again.returncode == 2 and "--add" in again.stderr and "--force" in again.stderr
    added = _run("gccg-xml", str(gccg / "tideline.xml"), "--out", "cards/xfc", "--add", cwd=tmp_path)
    assert added.returncode == 0 and "(2 new, 0 refreshed; the set now holds 9)" in added.stdout
    forced = _run("gccg-xml", str(gccg / "harbor.xml"), "--out", "cards/xfc", "--force", cwd=tmp_path)
    assert forced.returncode == 0 and "(0 new, 7 refreshed; the set now holds 9)" in forced.stdout
    both = _run("gccg-xml", str(gccg / "harbor.xml"), "--out", "cards/xfc", "--add", "--force", cwd=tmp_path)
    assert both.returncode == 2 and "not allowed with" in both.stderr
