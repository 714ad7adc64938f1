"""Saves: byte-identical round trips, hand-written positions, and bad files that change nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import new_session, open_session, quick_table
from tabletop.store import (
    Autosaver,
    SaveError,
    dump_save,
    load_action_log,
    load_game,
    open_game,
    parse_save,
    save_game,
)


def played():
    session = quick_table(seed=11)
    session.submit(A.Deal(5, source="deck"), 0)
    hand = session.state.zones["hand:0"].pieces
    session.submit(A.Move((hand[0],), "table", x=400, y=500), 0)
    session.submit(A.Tap((hand[0],)), 0)
    session.submit(A.SetCounter("score", 3), 1)
    session.submit(A.Chat("nice"), 1)
    return session


def test_save_load_save_is_byte_identical(tmp_path: Path) -> None:
    session = played()
    path = save_game(session, tmp_path / "game.yaml")
    first = path.read_bytes()
    loaded = load_game(path)
    assert loaded.state == session.state
    assert [e.to_dict() for e in loaded.history] == [e.to_dict() for e in session.history]
    save_game(open_session(path), tmp_path / "again.yaml")
    assert (tmp_path / "again.yaml").read_bytes() == first


def test_a_loaded_game_can_be_undone_to_its_start(tmp_path: Path) -> None:
    session = quick_table(seed=2)
    start = session.state.hash()
    session.submit(A.Shuffle("deck"), 0)
    session.submit(A.Deal(3, source="deck"), 0)
    reopened = open_session(save_game(session, tmp_path / "g.yaml"))
    while reopened.undo().accepted:
        pass
    assert reopened.state.hash() == start


def test_hand_written_position(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.yaml"
    path.write_text(textwrap.dedent("""\
        format: tabletop-save
        version: 1
        ruleset: freeform
        players: [Ann, Ben]
        zones:
          hand:0: [standard/AS, standard/KH]
          table:
            - {card: standard/QS, x: 300, y: 200, rotation: 90}
          deck: [standard/2C, standard/3C]
        """))
    state = load_game(path).state
    assert [p.name for p in state.players] == ["Ann", "Ben"]
    assert [state.pieces[p].card for p in state.zones["hand:0"].pieces] == ["standard/AS", "standard/KH"]
    queen = state.pieces[state.zones["table"].pieces[0]]
    assert (queen.x, queen.y, queen.rotation) == (300, 200, 90)
    assert [state.pieces[p].face_up for p in state.zones["deck"].pieces] == [False, False]


FULL = dump_save(played().state)


def _break(old: str, new: str) -> str:
    assert old in FULL, old
    return FULL.replace(old, new, 1)


BAD = {
    "not yaml": ("zones: [unclosed\n  - {a: ", "flow sequence"),
    "not a mapping": ("- just\n- a list\n", "mapping"),
    "wrong format": (_break("format: tabletop-save", "format: something-else"), "format"),
    "newer version": (_break("version: 1", "version: 99"), "newer"),
    "unknown card": (_break("card: standard/", "card: standard/ZZ"), "unknown card"),
    "aliases": ("format: tabletop-save\nversion: 1\na: &x [1]\nb: *x\n", "alias"),
    "python tag": ("format: tabletop-save\nversion: 1\nx: !!python/object/apply:os.system ['echo hi']\n", "tag"),
    "bad enforcement": (_break("enforcement: 'off'", "enforcement: sometimes"), "enforcement"),
    "bad layout": (_break("layout: stack", "layout: pile"), "layout"),
    "unknown ruleset": (_break("ruleset: freeform", "ruleset: chess"), "chess"),
    "bad option": (_break("tokens: true", "tokens: 3"), "tokens"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_saves_raise_one_save_error_and_overwrite_nothing(tmp_path: Path, name: str) -> None:
    text, words = BAD[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveError) as info:
        load_game(path)
    err = info.value
    assert err.file == str(path)
    assert words.lower() in str(err).lower()
    if name not in ("not a mapping",):
        assert err.line is not None and err.line >= 1
    assert path.read_text() == text


def test_card_in_two_zones_names_line_and_field(tmp_path: Path) -> None:
    state = played().state
    deck = state.zones["deck"].pieces
    text = FULL.replace(f"pieces: [{deck[0]}, ", f"pieces: [{deck[0]}, {deck[0]}, ", 1)
    path = tmp_path / "twice.yaml"
    path.write_text(text)
    with pytest.raises(SaveError, match="two zones") as info:
        load_game(path)
    expected = next(i for i, line in enumerate(text.splitlines(), 1) if f"[{deck[0]}, {deck[0]}" in line)
    assert info.value.line == expected
    assert info.value.field.startswith("zones[")


def test_a_50mb_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.write(b"format: tabletop-save\nversion: 1\nx: '")
        f.write(b"a" * (50 * 1024 * 1024))
        f.write(b"'\n")
    with pytest.raises(SaveError, match="MiB|bytes"):
        load_game(path)


def test_missing_file() -> None:
    with pytest.raises(SaveError, match="cannot read"):
        load_game("/nonexistent/save.yaml")


def test_autosave_journals_every_action_and_writes_yaml_on_close(tmp_path: Path) -> None:
    session = quick_table(seed=5)
    saver = Autosaver(session, tmp_path / "auto.yaml")
    session.submit(A.Shuffle("deck"), 0)
    session.submit(A.Shuffle("deck"), 0)
    assert saver.flush()
    assert not saver.path.exists()  # the YAML is written on close; until then the journal holds the game
    assert open_game(saver.path).state == session.state
    session.submit(A.Shuffle("deck"), 0)
    session.submit(A.Chat("bye"), 0)
    assert saver.close()
    assert len(load_game(saver.path).history) == 4
    assert not saver.journal_path.exists()


def test_action_log_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "log.yaml"
    path.write_text("- {seat: 0, action: {type: draw, count: 2, source: deck}}\n- {seat: 1, action: {type: chat, text: hi}}\n")
    steps = load_action_log(path)
    assert steps == [(A.Draw(2, source="deck"), 0), (A.Chat("hi"), 1)]
    path.write_text("- {seat: 0, action: {type: draw, count: lots}}\n")
    with pytest.raises(Exception, match=r"log.yaml:1: \[0\].action: draw.count"):
        load_action_log(path)


WRITER = """
import sys
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import save_game
session = quick_table(seed=1)
session.submit(A.Deal(int(sys.argv[2]), source="deck"), 0)
print("ready", flush=True)
while True:
    save_game(session, sys.argv[1])
"""


def test_kill_9_during_saves_leaves_old_or_new_file(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    old = quick_table(seed=1)
    save_game(old, path)
    old_bytes = path.read_bytes()
    new = quick_table(seed=1)
    new.submit(A.Deal(7, source="deck"), 0)
    new_bytes = dump_save(new.state, new.history).encode()
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "7"], stdout=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        content = path.read_bytes()
        assert content in (old_bytes, new_bytes)
        parse_save(content)
    leftovers = [p for p in tmp_path.iterdir() if p.name != "save.yaml"]
    for p in leftovers:  # a killed writer may leave its temp file, never a broken save
        assert p.name.startswith(".save.yaml.")


def test_new_session_with_decks(tmp_path: Path) -> None:
    deck = Path(__file__).resolve().parents[2] / "cards" / "standard" / "decks" / "standard.yaml"
    session = new_session("freeform", 2, decks={0: deck, 1: deck}, seed=3)
    assert len(session.state.zones["deck:0"].pieces) == 54
    assert len(session.state.zones["deck:1"].pieces) == 54


def test_the_log_is_one_json_line_per_entry_that_yaml_reads_the_same() -> None:
    import json

    import yaml

    session = played()
    session.submit(A.Chat("accents é, quotes \" and a long line " + "word " * 40), 0)
    session.undo()
    session.redo()  # a redo renumbers its entry: its kept text must follow
    text = dump_save(session.state, session.history)
    assert text == dump_save(session.state, session.history)  # from the kept texts this time
    head, log = text.split("log:\n")
    lines = log.splitlines()
    assert len(lines) == len(session.history)
    for line, entry in zip(lines, session.history, strict=True):
        assert line.startswith("- {")
        assert json.loads(line[2:]) == entry.to_dict()
    assert yaml.safe_load(text)["log"] == [e.to_dict() for e in session.history]
    assert parse_save(text).history[-1].seq == session.history[-1].seq
