"""The README's command examples are shipped and run: each line of its code blocks, as a newcomer would type it."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Examples that need another machine on the LAN; tests/net/test_commands.py runs `join` against a real host.
NOT_RUN_HERE = {"join"}


def _examples() -> list[list[str]]:
    out = []
    for line in (ROOT / "README.md").read_text().splitlines():
        m = re.match(r"^    tabletop( .*)?$", line)
        if m:
            out.append(shlex.split(line.split("#", 1)[0])[1:])
    return out


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh folder holding what a checkout ships (cards/, examples/) and a game played to leave an autosave."""
    d = tmp_path_factory.mktemp("readme")
    (d / "cards").symlink_to(ROOT / "cards")
    (d / "examples").symlink_to(ROOT / "examples")
    (d / "saves").mkdir()
    _play_a_game(d)
    return d


def _play_a_game(d: Path) -> None:
    """A game in warn with a broken rule, autosaved where the README's `violations` example reads it."""
    game = d / "game.yaml"
    game.write_text("- {action: {type: draw, count: 1}, seat: 0}\n- {action: {type: draw, count: 1}, seat: 1}\n")
    r = _run(d, ["play", "--ruleset", "tragedy", "--enforce", "warn", "--headless", "--autosave",
                 "saves/autosave.yaml", "--script", str(game)])
    assert r.returncode == 0, r.stderr
    assert (d / "saves" / "autosave.yaml").is_file()


def _env() -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))


def _run(cwd: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], cwd=cwd, capture_output=True, text=True,
                          env=_env(), timeout=240)


def _fitted(args: list[str]) -> list[str]:
    """The example as a test runs it: windows headless for one frame, hosts on loopback, fewer simulated games."""
    command = args[0] if args else ""
    args = list(args)
    if command in ("play", "host"):
        args += ["--headless", "--frames", "1"]
    if command in ("host", "serve"):
        args += ["--port", "0", "--bind", "127.0.0.1", "--no-announce"]
    if command in ("simulate", "sweep") and "--games" in args:
        args[args.index("--games") + 1] = "3"
    if command == "sweep":
        args += ["--jobs", "1"]
    return args


def test_the_readme_has_examples_of_every_kind() -> None:
    commands = {args[0] for args in _examples() if args}
    assert {"play", "host", "join", "serve", "simulate", "violations"} <= commands


def test_the_files_the_examples_name_are_shipped() -> None:
    for args in _examples():
        for arg in args:
            value = arg.split("=", 1)[-1]
            if value.endswith(".yaml") and not value.startswith("saves/"):
                assert (ROOT / value).is_file(), value


@pytest.mark.parametrize("args", [a for a in _examples() if a and a[0] not in NOT_RUN_HERE], ids=" ".join)
def test_a_readme_example_runs(args: list[str], workdir: Path) -> None:
    args = _fitted(args)
    if args[0] == "serve":  # a server runs until stopped: wait until it serves, then stop it as a user would
        proc = subprocess.Popen([sys.executable, "-m", "tabletop", *args], cwd=workdir, env=_env(),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            first = proc.stdout.readline()
            assert first.startswith("serving"), first + proc.stderr.read()
            proc.send_signal(signal.SIGINT)
            assert proc.wait(timeout=60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
        return
    if args[0] == "violations":  # other examples open tables that autosave to the same place
        _play_a_game(workdir)
    r = _run(workdir, args)
    assert r.returncode == 0, f"tabletop {' '.join(args)}\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    if args[0] == "violations":
        assert "violation(s)" in r.stdout and "seat 1: 1" in r.stdout
    if args[0] == "simulate" and "--json" in args:
        import json

        assert json.loads(r.stdout)["games"] == 3
