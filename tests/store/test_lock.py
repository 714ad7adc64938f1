"""One keeper per save: a second host on a save is refused with a clear message; a dead holder's lock is taken over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import Autosaver, open_game
from tabletop.store.lock import SaveLock, SaveLocked, lock_path_for

from .test_kill9 import ROOT, free_port


def test_a_second_lock_on_a_save_is_refused_and_names_the_holder(tmp_path: Path) -> None:
    save = tmp_path / "g.yaml"
    first = SaveLock(save).acquire()
    assert lock_path_for(save).read_text().startswith(f"pid={os.getpid()}\n")
    with pytest.raises(SaveLocked, match=rf"already open in another tabletop \(process {os.getpid()} on "):
        SaveLock(save).acquire()
    first.release()
    assert not lock_path_for(save).exists()
    with SaveLock(save):
        pass


def test_a_lock_file_left_by_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    save = tmp_path / "g.yaml"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    lock_path_for(save).write_text(f"pid={dead.stdout.strip()}\nhost=elsewhere\nsince=yesterday\n")
    with SaveLock(save) as lock:
        assert lock.path.read_text().startswith(f"pid={os.getpid()}\n")


def test_a_second_autosave_on_one_save_is_refused_before_it_touches_the_journal(tmp_path: Path) -> None:
    session = quick_table(seed=3)
    saver = Autosaver(session, tmp_path / "g.yaml")
    session.submit(A.Chat("one"), 0)
    assert saver.flush()
    journal = saver.journal_path.read_bytes()
    other = quick_table(seed=4)
    with pytest.raises(SaveLocked, match="stop that one first"):
        Autosaver(other, tmp_path / "g.yaml")
    with pytest.raises(SaveLocked):
        Autosaver(other, tmp_path / "g.journal")  # the same save named by its journal
    assert saver.journal_path.read_bytes() == journal  # not set aside, not written
    assert not list(tmp_path.glob("g.*.journal"))
    session.submit(A.Chat("two"), 0)
    assert saver.close()
    again = Autosaver(quick_table(seed=3), tmp_path / "g.yaml")  # the first let go on close
    assert again.close()


def _serve(save: Path, port: int) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "tabletop", "serve", str(save), "--port", str(port), "--bind", "127.0.0.1",
            "--no-announce", "--quiet"]
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def test_two_serve_commands_on_one_save(tmp_path: Path) -> None:
    save = tmp_path / "g.yaml"
    session = quick_table(seed=5)
    saver = Autosaver(session, save)
    session.submit(A.Chat("before"), 0)
    assert saver.close()
    first = _serve(save, free_port())
    try:
        assert first.stdout is not None
        line = first.stdout.readline()
        assert line.startswith("serving"), (line, first.stderr.read() if first.stderr else "")
        second = _serve(save, free_port())
        out, err = second.communicate(timeout=120)
        assert second.returncode == 2, (out, err)
        assert f"already open in another tabletop (process {first.pid}" in err and "Traceback" not in err
        assert not out.startswith("serving")
        # the holder is killed outright: its lock goes with it, and the next host takes the save over
        first.send_signal(signal.SIGKILL)
        first.wait(30)
        third = _serve(save, free_port())
        try:
            assert third.stdout is not None
            line = third.stdout.readline()
            assert line.startswith("serving"), (line, third.stderr.read() if third.stderr else "")
        finally:
            third.send_signal(signal.SIGINT)
            third.communicate(timeout=60)
        assert third.returncode == 0
        assert open_game(save).history[-1].action.text == "before"
    finally:
        if first.poll() is None:
            first.kill()
            first.communicate()
