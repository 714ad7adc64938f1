"""The save format's log schema: derived from the core's event dataclasses, every event kind round-trips, saves
written before load again byte for byte, and a bad entry names its file, line and field."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import actions as A
from tabletop.core.events import (
    EVENT_TYPES,
    Event,
    Note,
    PieceAdded,
    PieceChanged,
    PieceMoved,
    PieceRemoved,
    PlayerCounterChanged,
    RngAdvanced,
    RuleStateChanged,
    StateFieldChanged,
    ZoneReordered,
    event_from_dict,
)
from tabletop.core.session import LogEntry
from tabletop.game import open_session, quick_table
from tabletop.store import SaveError, dump_save, load_game, parse_save
from tabletop.store.schema import EVENT_SCHEMAS, Bad, check_event, compile_event, piece_checks

DATA = Path(__file__).parent / "data"
#: saves written by the program at commit a94f348 (before the schema was derived), one per ruleset family
OLD_SAVES = sorted(DATA.glob("*_a94f348.yaml"))
SEATS = frozenset({0, 1})

PIECE = {"id": "p9", "kind": "token", "card": None, "zone": "table", "x": 1.5, "y": 2.0, "rotation": 90,
         "face_up": True, "owner": 1, "attached_to": None, "counters": {"hp": 3}, "known": [0], "gen": 2,
         "sides": 0, "value": 0, "label": "T", "color": "red"}
#: one event of every kind the core has (a kind without a sample fails `test_every_core_event_kind_round_trips`)
SAMPLES: dict[str, Event] = {
    "moved": PieceMoved("p1", "deck", 0, "table", 3),
    "changed": PieceChanged("p1", (("x", 1.0, 2.5), ("known", frozenset({0}), frozenset({0, 1})),
                                   ("counters", {}, {"hp": 2}), ("owner", None, 1))),
    "reordered": ZoneReordered("deck", ("p1", "p2"), ("p2", "p1")),
    "added": PieceAdded(dict(PIECE), 0, 9, 10),
    "removed": PieceRemoved(dict(PIECE), 4),
    "player_counter": PlayerCounterChanged(1, "score", None, 3),
    "rng": RngAdvanced(4, 5),
    "state_field": StateFieldChanged("enforcement", "off", "warn"),
    "rules": RuleStateChanged("phase", {"turn": 1, "stack": [1, "a"]}, "__missing__"),
    "note": Note("roll", 0, "rolled a 6", {"faces": [6]}, (1,)),
}


def test_the_schema_is_the_core_dataclasses() -> None:
    assert set(EVENT_SCHEMAS) == set(EVENT_TYPES)
    for kind, cls in EVENT_TYPES.items():
        schema = EVENT_SCHEMAS[kind]
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        assert [f[0] for f in schema.fields] == [f.name for f in fields]
        assert schema.names == {"kind", *(f.name for f in fields)}
        required = {f.name for f in fields if f.default is dataclasses.MISSING}
        assert {f[0] for f in schema.fields if f[2]} == required


def test_a_field_added_to_an_event_is_read_and_checked_without_another_list() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Marked(Event):
        pid: str
        mark: int
        tags: tuple[str, ...] = ()
        where: float | None = None

    schema = compile_event("marked", Marked)
    assert schema.names == {"kind", "pid", "mark", "tags", "where"}
    assert [(name, required) for name, _, required, _ in schema.fields] == [
        ("pid", True), ("mark", True), ("tags", False), ("where", False)]
    good = {"kind": "marked", "pid": "p1", "mark": 3, "tags": ["a"], "where": 2.5}
    assert schema.fast is not None
    for bad in ({"mark": "3"}, {"tags": ["a", 1]}, {"where": float("nan")}, {"extra": 1}, {"mark": True}):
        assert schema.fast({**good, **bad}, {}) is None, bad
    with pytest.raises(TypeError, match="no save schema"):
        compile_event("odd", dataclasses.make_dataclass("Odd", [("when", set)], bases=(Event,)))


def test_every_core_event_kind_round_trips() -> None:
    assert set(SAMPLES) == set(EVENT_TYPES), "add a sample of the new event kind"
    checks = piece_checks(SEATS)
    for kind, event in SAMPLES.items():
        data = json.loads(json.dumps(event.to_dict()))  # as a save holds it
        assert data["kind"] == kind
        built = check_event(data, checks)
        assert built == event == event_from_dict(data), kind
        assert built.to_dict() == event.to_dict()
    # and through a whole save: one entry carrying every kind (the fit check is not the point here)
    entry = LogEntry(1, 0, A.Chat("x"), list(SAMPLES.values()))
    line = json.dumps(entry.to_dict())
    assert LogEntry.from_dict(json.loads(line)).events == entry.events


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_kind_refuses_a_wrong_value_with_its_field(kind: str) -> None:
    checks = piece_checks(SEATS)
    data = SAMPLES[kind].to_dict()
    name = next(f for f in data if f != "kind")
    with pytest.raises(Bad) as info:
        check_event({**data, name: object()}, checks)
    assert info.value.path[:1] in ((name,), ()) and info.value.message
    with pytest.raises(Bad, match="unknown field 'colour'"):
        check_event({**data, "colour": 1}, checks)


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_saves_written_before_load_and_write_back_byte_identical(path: Path, tmp_path: Path) -> None:
    game = load_game(path)
    assert len(game.history) > 10
    assert dump_save(game.state, game.history) == path.read_text(encoding="utf-8")
    # every entry decodes (the compact log decodes on reading) to what the file says
    lines = path.read_text(encoding="utf-8").split("\nlog:\n")[1].splitlines()
    assert [e.to_dict() for e in game.history] == [json.loads(line[2:]) for line in lines]
    # and the game can be taken back to its start and played on
    session = open_session(path)
    undone = 0
    while session.undo().accepted:
        undone += 1
    assert undone > 0
    assert session.redo().accepted


def test_the_old_saves_cover_every_event_kind_and_the_schema_builds_what_the_core_decodes() -> None:
    events = [ev for path in OLD_SAVES
              for line in path.read_text(encoding="utf-8").split("\nlog:\n")[1].splitlines()
              for ev in json.loads(line[2:])["events"]]
    assert {ev["kind"] for ev in events} == set(EVENT_TYPES)
    checks = piece_checks(SEATS)
    for ev in events:
        assert check_event(ev, checks) == event_from_dict(ev), ev


def _bad_line(text: str, entry: int, change: Any) -> str:
    head, log = text.split("\nlog:\n")
    lines = log.splitlines()
    data = json.loads(lines[entry][2:])
    change(data)
    lines[entry] = "- " + json.dumps(data)
    return head + "\nlog:\n" + "\n".join(lines) + "\n"


def test_a_bad_entry_names_file_line_and_field() -> None:
    text = OLD_SAVES[0].read_text(encoding="utf-8")
    log_line = text.split("\n").index("log:") + 1  # 0-based index of the line `log:` -> its 1-based number
    cases = [
        (lambda d: d["events"][0].update(kind="teleported"), "log[3].events[0].kind", "unknown event kind"),
        (lambda d: d["events"][0].update(pid=7), "log[3].events[0].pid", "expected text"),
        (lambda d: d.update(seat=5), "log[3].seat", "there is no seat 5"),
        (lambda d: d["action"].update(type="fly"), "log[3].action", "not an action"),
        (lambda d: d.update(seen={"p1": [9]}), "log[3].seen.p1", "seen maps"),
        (lambda d: d.update(colour=1), "log[3].colour", "unknown field"),
    ]
    for change, field, message in cases:
        with pytest.raises(SaveError, match=message) as info:
            parse_save(_bad_line(text, 3, change), "bad.yaml")
        assert (info.value.file, info.value.line, info.value.field) == ("bad.yaml", log_line + 4, field)


def test_a_deep_or_huge_entry_is_refused_with_a_message() -> None:
    text = OLD_SAVES[0].read_text(encoding="utf-8")
    deep = _bad_line(text, 2, lambda d: d["events"].append({"kind": "rules", "key": "k", "old": None,
                                                              "new": json.loads("[" * 200 + "]" * 200)}))
    with pytest.raises(SaveError, match="nesting deeper") as info:
        parse_save(deep, "deep.yaml")
    assert info.value.line is not None
    very_deep = text.replace('\n- {"seq": 3,', '\n- {"x": ' + "[" * 100_000 + "]" * 100_000 + ', "seq": 3,', 1)
    with pytest.raises(SaveError):
        parse_save(very_deep, "deep.yaml")


def test_the_log_entry_keeps_no_store_state() -> None:
    """The save text of an entry is the store's business: core's LogEntry carries no cache for it."""
    names = {f.name for f in dataclasses.fields(LogEntry)}
    assert not any("text" in name or "cache" in name for name in names)
    session = quick_table(seed=4)
    assert session.submit(A.SetCounter("score", 1, seat=0), 0).accepted
    first = dump_save(session.state, session.history)
    assert session.undo().accepted
    assert session.redo().accepted  # renumbers the entry: the text written follows
    again = dump_save(session.state, session.history)
    assert again != first and json.loads(again.split("\nlog:\n")[1][2:])["seq"] == session.history[-1].seq


def test_what_a_type_hint_cannot_say_is_checked_and_located_too() -> None:
    text = OLD_SAVES[0].read_text(encoding="utf-8")
    lines = text.split("\nlog:\n")[1].splitlines()
    i = next(n for n, line in enumerate(lines) if '"kind": "changed"' in line)
    j = next(k for k, ev in enumerate(json.loads(lines[i][2:])["events"]) if ev["kind"] == "changed")
    log_line = text.split("\n").index("log:") + 1

    def change(d: dict[str, Any]) -> None:
        d["events"][j]["changes"][0][0] = "zone"  # a change may not move a piece: that is a `moved` event

    with pytest.raises(SaveError, match="a change is") as info:
        parse_save(_bad_line(text, i, change), "bad.yaml")
    assert (info.value.line, info.value.field) == (log_line + i + 1, f"log[{i}].events[{j}].changes[0]")
