"""Periodic table snapshots in the journal: replay from a snapshot gives the same game as replay from the start,
and a snapshot cut short by a crash at any byte leaves a journal that loads with every acknowledged change."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, open_game, read_journal, save_game
from tabletop.store import autosave as autosave_module
from tabletop.store.journal import encode_snapshot


def crash(saver: Autosaver) -> None:
    """What a crash leaves: the journal as written so far, no YAML, and the save's lock let go (by the kernel)."""
    saver.writer.close()
    saver.lock.release()


def step(session, rng: random.Random) -> None:
    """One random change: a shuffle, a draw, a chat, a move, or an undo / redo when there is one."""
    roll = rng.random()
    if roll < 0.15 and session.last_undoable() is not None:
        session.undo()
    elif roll < 0.25 and session.redo_stack:
        session.redo()
    elif roll < 0.35:
        session.submit(A.Shuffle("deck"), 0)
    elif roll < 0.5:
        session.submit(A.Draw(1, source="deck"), rng.randrange(2))
    elif roll < 0.7:
        session.submit(A.Chat(f"line {rng.random()}"), rng.randrange(2))
    else:
        pieces = session.state.zones["table"].pieces
        if pieces:
            pid = pieces[rng.randrange(len(pieces))]
            session.submit(A.Move((pid,), "table", x=float(rng.randrange(900)), y=float(rng.randrange(700))), 0)


def same_game(game, session) -> None:
    assert game.state == session.state
    assert [e.to_dict() for e in game.history] == [e.to_dict() for e in session.history]
    assert [e.to_dict() for e in game.redo] == [e.to_dict() for e in session.redo_stack]


@pytest.fixture
def often(monkeypatch):
    """Snapshots every few records (the shipping policy takes one every few hundred kB)."""
    monkeypatch.setattr(autosave_module, "SNAP_MIN_BYTES", 0)
    monkeypatch.setattr(autosave_module, "SNAP_FACTOR", 0)
    return monkeypatch


@pytest.mark.parametrize("seed", range(6))
def test_replay_from_snapshots_mid_journal_equals_the_game(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    session = quick_table(seed=seed)
    saver = Autosaver(session, tmp_path / "g.yaml")
    for i in range(120):
        step(session, rng)
        if rng.random() < 0.08:
            saver.snapshot()
        if i % 30 == 29:
            assert saver.flush()
            same_game(open_game(tmp_path / "g.yaml"), session)
    assert saver.flush()
    assert saver.writer.snapshots >= 3
    game = open_game(tmp_path / "g.yaml")
    same_game(game, session)
    # the reopened game plays on as the original does (undo and redo included)
    reopened = open_session(tmp_path / "g.yaml")
    for s in (session, reopened):
        s.undo()
        s.submit(A.Chat("after"), 0)
    assert reopened.state.hash() == session.state.hash()
    crash(saver)


def test_the_shipping_policy_snapshots_a_long_game(tmp_path: Path) -> None:
    session = quick_table(seed=3)
    saver = Autosaver(session, tmp_path / "g.yaml")
    pieces = session.state.zones["table"].pieces
    for i in range(3000):
        session.submit(A.Move((pieces[i % len(pieces)],), "table", x=float(i % 900), y=float(i % 700)), 0)
    assert saver.flush()
    assert saver.writer.snapshots >= 2
    same_game(open_game(tmp_path / "g.yaml"), session)
    crash(saver)


def test_a_snapshot_cut_short_at_any_byte_loses_no_acknowledged_change(tmp_path: Path, often) -> None:
    session = quick_table(seed=7)
    saver = Autosaver(session, tmp_path / "g.yaml")
    rng = random.Random(7)
    for _ in range(20):
        step(session, rng)
    assert saver.flush()
    crash(saver)
    data = saver.journal_path.read_bytes()
    lines = data.splitlines(keepends=True)
    snaps = [i for i, line in enumerate(lines) if b'{"k":"snap"' in line[:40]]
    assert len(snaps) >= 10
    expected = open_game(tmp_path / "g.yaml")
    same_game(expected, session)
    k = snaps[-1]
    before = b"".join(lines[:k])  # everything acknowledged before the last snapshot began
    game_before = read_journal(saver.journal_path)
    snap = lines[k]
    for cut in sorted({1, 9, 10, len(snap) // 3, len(snap) // 2, len(snap) - 2, len(snap) - 1,
                       *random.Random(1).sample(range(1, len(snap)), 20)}):
        saver.journal_path.write_bytes(before + snap[:cut])  # the crash came mid-write
        game = open_game(tmp_path / "g.yaml")
        assert game.state == game_before.state  # a snapshot changes nothing: the state after it is the same
        assert len(game.history) == len(game_before.history)
        assert ("dropped 1" in game.note) == (cut > 0)
    # pages of the snapshot lost while later bytes reached the disk: the damaged line ends the journal there
    damaged = snap[:20] + b"\x00" * (len(snap) - 21) + b"\n"
    saver.journal_path.write_bytes(before + damaged + b"".join(lines[k + 1:]))
    game = open_game(tmp_path / "g.yaml")
    assert game.state == game_before.state if k == len(lines) - 1 else "dropped" in game.note


def test_a_mid_game_yaml_is_found_on_the_way_past_snapshots(tmp_path: Path, often) -> None:
    session = quick_table(seed=5)
    saver = Autosaver(session, tmp_path / "g.yaml")
    rng = random.Random(5)
    for _ in range(15):
        step(session, rng)
    assert saver.flush()
    save_game(session, tmp_path / "g.yaml")  # Ctrl+S over the autosave file while the journal runs
    for _ in range(15):
        step(session, rng)
    assert saver.flush()
    game = open_game(tmp_path / "g.yaml")
    assert "journal" in game.source
    same_game(game, session)
    crash(saver)


def test_a_snapshot_that_does_not_match_the_replay_is_refused(tmp_path: Path) -> None:
    session = quick_table(seed=2)
    saver = Autosaver(session, tmp_path / "g.yaml")
    session.submit(A.Chat("one"), 0)
    assert saver.flush()
    crash(saver)
    table = session.state.to_dict()
    with open(saver.journal_path, "ab") as f:
        f.write(encode_snapshot({"k": "snap", "seq": session.state.seq + 5, "entries": 1}, table))
    with pytest.raises(Exception, match="snapshot is at change"):
        read_journal(saver.journal_path)


def test_the_snapshot_encoding_is_the_table_json() -> None:
    import json
    import zlib

    state = quick_table(seed=1).state.to_dict()
    line = encode_snapshot({"k": "snap", "seq": 0, "entries": 0}, state, chunk=7)
    payload = line[9:-1]
    assert int(line[:8], 16) == zlib.crc32(payload) and line.endswith(b"\n") and b"\n" not in payload
    head, _, body = payload.partition(b"\t")
    assert json.loads(head)["k"] == "snap" and json.loads(body) == json.loads(json.dumps(state))


def test_act_records_read_the_same_on_the_quick_path_and_the_general_one(tmp_path: Path) -> None:
    import json
    import zlib

    session = quick_table(seed=8)
    count = {"n": 0}

    def meta() -> dict:
        count["n"] += 1
        return {"cseq": {"0": count["n"]}}

    saver = Autosaver(session, tmp_path / "g.yaml", meta=meta)
    rng = random.Random(8)
    for _ in range(60):
        step(session, rng)
    session.submit(A.Chat("last"), 0)
    assert saver.flush()
    crash(saver)
    quick = read_journal(saver.journal_path)
    assert quick.meta == {"cseq": {"0": count["n"]}}
    # the same records written with other spacing: no longer the writer's exact form, read by the general path
    out = []
    for line in saver.journal_path.read_bytes().splitlines(keepends=True):
        head, tab, raw = line[9:-1].partition(b"\t")
        head = json.dumps(json.loads(head), separators=(", ", ": ")).encode()
        payload = head + tab + raw
        out.append(b"%08x %s\n" % (zlib.crc32(payload), payload))
    other = tmp_path / "other.journal"
    other.write_bytes(b"".join(out))
    general = read_journal(other)
    assert general.state == quick.state == session.state and general.meta == quick.meta
    assert [e.to_dict() for e in general.history] == [e.to_dict() for e in quick.history]
    assert [e.to_dict() for e in general.redo] == [e.to_dict() for e in quick.redo]


def test_a_snapshot_that_cannot_be_encoded_is_skipped_and_the_journal_stays_whole(tmp_path: Path) -> None:
    session = quick_table(seed=6)
    saver = Autosaver(session, tmp_path / "g.yaml")
    session.submit(A.Chat("before"), 0)
    table = session.state.to_dict()
    table["rules"] = {"odd": {1, 2}}  # not JSON
    saver.writer.snapshot({"k": "snap", "seq": session.state.seq, "entries": len(session.history)}, table)
    session.submit(A.Chat("after"), 0)
    assert saver.flush()
    assert "could not be encoded" in saver.writer.snap_error and saver.writer.snapshots == 0
    same_game(open_game(tmp_path / "g.yaml"), session)
    crash(saver)
