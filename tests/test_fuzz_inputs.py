"""Fuzzing every input parser: bad saves, card files, decks, imports, network frames and actions give one clear error.

The product rule: bad input of any kind gets a message naming what and where, and loses nothing (no crash, no
half-written file, no changed state). Each test starts from real input (a played game's save, the shipped card sets,
the importers' fixtures, a live host), mutates it at random and checks that only the documented error comes out.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cards import CardSetError, DeckError, check_path, load_deck, load_set
from tabletop.cards.importers import ImportFailed, get_importer
from tabletop.core import actions as A
from tabletop.core.session import Session
from tabletop.core.state import GameState
from tabletop.core.view import view_hash
from tabletop.game import quick_table, session_for
from tabletop.net.messages import CLIENT_MESSAGES, HOST_MESSAGES, PROTOCOL_VERSION, encode
from tabletop.net.protocol import ClientProtocol, HostProtocol
from tabletop.rules import get_ruleset
from tabletop.rules.bots import make_bot
from tabletop.store import SaveError, dump_save, load_game, parse_save

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "cards" / "fixtures"
#: TABLETOP_FUZZ_EXAMPLES=2000 runs a long, randomly seeded fuzz; by default a short, repeatable one
_LONG = int(os.environ.get("TABLETOP_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=_LONG or 60, deadline=None, derandomize=not _LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

#: values that are wrong somewhere: other types, edge numbers, names that look like ids, zones, refs
WEIRD: list[Any] = [None, True, False, 0, -1, 1, 7, 2**70, -(2**70), 1.5, float("nan"), float("inf"), "", "x", "p1",
                    "p999", "standard/AS", "standard/ZZ", "hand:0", "deck", "owner", [], {}, [1, 2], {"a": 1}, ["p1"],
                    [[[]]], "é\u202e\u0000", "h0123456789ab", {"kind": "moved"}, 360, -720, 10**6]
weird = st.sampled_from(WEIRD) | st.integers() | st.text(max_size=8) | st.floats()


# ------------------------------------------------------------------------------------------------ helpers


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate_tree(draw: st.DrawFn, data: Any, steps: int = 3) -> Any:
    """Delete, duplicate, retype, move or swap values at random paths of parsed YAML/JSON data."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, steps))):
        paths = _paths(data)[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _at(data, path[:-1]), path[-1]
        op = draw(st.sampled_from(["delete", "duplicate", "retype", "copy", "swap"]))
        if op == "delete":
            del parent[key]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op in ("retype", "duplicate"):
            parent[key] = draw(weird)
        else:
            other = draw(st.sampled_from(paths))
            if other[: len(path)] == path or path[: len(other)] == other:
                continue  # a value and its own ancestor or descendant
            oparent, okey = _at(data, other[:-1]), other[-1]
            if op == "copy":
                parent[key] = copy.deepcopy(oparent[okey])
            else:
                parent[key], oparent[okey] = oparent[okey], parent[key]
    return data


def mutate_text(draw: st.DrawFn, text: str) -> str | bytes:
    """Truncate, insert random characters or bytes, or slip in YAML/JS syntax at a random point."""
    at = draw(st.integers(0, len(text)))
    op = draw(st.sampled_from(["truncate", "chars", "bytes", "syntax"]))
    if op == "truncate":
        return text[:at]
    if op == "chars":
        return text[:at] + draw(st.text(min_size=1, max_size=6)) + text[at:]
    if op == "bytes":
        raw = text.encode()
        at = min(at, len(raw))
        return raw[:at] + draw(st.binary(min_size=1, max_size=6)) + raw[at:]
    piece = draw(st.sampled_from(["&a ", "*a", "!!python/name:os.system ", "!foo ", "<<: {}", "\t", "\n---\n",
                                  "%YAML 1.1\n", "? ", "[", "{", "}", "]", '"', "'", "\\u{d800}", "\\ud800", "/*",
                                  "-", ": ", "\n  - ", "1e999", "9" * 5000, "\ufeff", "\x85"]))
    return text[:at] + piece + text[at:]


def dump_yaml(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


@functools.lru_cache(maxsize=256)
def _parsed(text: str) -> Any:
    """`yaml.safe_load` of a text the examples start from, read once (callers mutate a copy, never this): the same
    few saves, card files and deck lists are read again in every example otherwise (measured: 60% of the save-tree
    fuzz)."""
    return yaml.safe_load(text)


def parsed(text: str) -> Any:
    """A fresh copy of `_parsed(text)`, free to change."""
    return copy.deepcopy(_parsed(text))


# ------------------------------------------------------------------------------------------------ 1. saves


def _bot_game(ruleset: str, steps: int, seed: int = 1) -> Session:
    rules = get_ruleset(ruleset)
    state = rules.new_game(2, seed=seed, enforcement="warn")
    session = Session(state, rules)
    bots = [make_bot("random", rules, seed + i) for i in range(2)]
    for _ in range(steps):
        waiting = rules.waiting_for(state)
        action = bots[waiting[0]].choose(state, waiting[0]) if waiting else None
        if action is None:
            break
        session.submit(action, waiting[0])
    return session


def _played_quick() -> Session:
    session = quick_table(seed=11)
    session.submit(A.Deal(3, source="deck"), 0)
    hand = session.state.zones["hand:0"].pieces
    tokens = [p for p in session.state.zones["table"].pieces if session.state.pieces[p].kind != "card"]
    session.submit(A.Move((hand[0],), "table", x=400, y=500), 0)
    session.submit(A.Tap((hand[0],)), 0)
    session.submit(A.Attach(tokens[0], tokens[1]), 0)
    session.submit(A.Roll((tokens[2],)), 1)
    session.submit(A.SetCounter("score", 3, seat=1), 1)
    session.submit(A.Chat("nice"), 1)
    return session


POSITION = """\
format: tabletop-save
version: 1
ruleset: freeform
players: [Ann, Ben]
zones:
  hand:0: [standard/AS, standard/KH]
  table:
    - {card: standard/QS, x: 300, y: 200, rotation: 90}
  deck: [standard/2C, standard/3C]
"""


@functools.cache
def base_saves() -> tuple[str, ...]:
    quick = _played_quick()
    games = [_bot_game(name, 6) for name in ("tragedy", "xfiles-fan", "xfiles-ccg")]
    return (dump_save(quick.state, quick.history), POSITION,
            *(dump_save(s.state, s.history) for s in games))


def check_save_text(text: str | bytes) -> None:
    """parse_save gives a sound state that round-trips, or exactly one SaveError with a message and the file."""
    try:
        loaded = parse_save(text, "fuzz.yaml")
    except SaveError as e:
        assert e.message and e.file == "fuzz.yaml"
        assert e.line is None or e.line >= 1
        return
    state = loaded.state
    where: dict[str, str] = {}
    for zone in state.zones.values():
        for pid in zone.pieces:
            assert pid not in where, f"{pid} in two zones"
            where[pid] = zone.name
    assert set(where) == set(state.pieces)
    assert all(state.pieces[pid].zone == z for pid, z in where.items())
    again = dump_save(state, loaded.history)
    reloaded = parse_save(again, "again.yaml")
    assert reloaded.state == state
    assert dump_save(reloaded.state, reloaded.history) == again
    # a loaded table can be read, hashed and undone to its start without raising
    session = session_for(reloaded.state, reloaded.history)
    state.hash()
    session.rules.waiting_for(session.state)
    for seat in [None, *state.seats]:
        view_hash(session.view(seat))
        list(session.legal_actions(seat))
        session.rules.status(session.state, seat)
    while session.undo().accepted:
        pass


@FUZZ
@given(st.data())
def test_mutated_save_trees_load_or_raise_save_error(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(base_saves()))
    tree = mutate_tree(data.draw, _parsed(base))  # mutate_tree changes a copy
    check_save_text(dump_yaml(tree))


@FUZZ
@given(st.data())
def test_mutated_rules_state_is_refused_at_load_or_readable(data: st.DataObject) -> None:
    tree = parsed(data.draw(st.sampled_from(_tables()[1:])))  # no log: the rules state alone is at fault
    tree["rules"] = mutate_tree(data.draw, {"rules": tree["rules"]}).get("rules", {})
    check_save_text(dump_yaml(tree))


@FUZZ
@given(st.data())
def test_mutated_save_text_loads_or_raises_save_error(data: st.DataObject) -> None:
    check_save_text(mutate_text(data.draw, data.draw(st.sampled_from(base_saves()))))


@FUZZ
@given(st.data())
def test_swapped_piece_ids_versions_and_tags(data: st.DataObject) -> None:
    tree = parsed(base_saves()[0])
    kind = data.draw(st.sampled_from(["swap", "version", "tag", "alias"]))
    if kind == "swap":
        zones = [z for z in tree["zones"] if z["pieces"]]
        a, b = data.draw(st.sampled_from(zones)), data.draw(st.sampled_from(zones))
        i, j = data.draw(st.integers(0, len(a["pieces"]) - 1)), data.draw(st.integers(0, len(b["pieces"]) - 1))
        a["pieces"][i], b["pieces"][j] = b["pieces"][j], a["pieces"][i]
        text = dump_yaml(tree)
    elif kind == "version":
        tree["version"] = data.draw(weird)
        text = dump_yaml(tree)
    else:
        text = dump_yaml(tree)
        lines = text.splitlines(keepends=True)
        at = data.draw(st.integers(0, len(lines) - 1))
        extra = "!!python/object:tabletop.core.state.GameState {}" if kind == "tag" else "&x 1"
        lines[at] = lines[at].rstrip("\n") + (f" {extra}\n" if ":" in lines[at] else "\n")
        text = "".join(lines) + ("\nother: *x\n" if kind == "alias" else "")
    check_save_text(text)


def test_load_game_never_modifies_the_file(tmp_path: Path) -> None:
    rng = random.Random(5)
    for i, base in enumerate(base_saves()):
        for _ in range(4):
            raw = base.encode()
            at = rng.randrange(len(raw))
            raw = raw[:at] + bytes(rng.randrange(256) for _ in range(3)) + raw[at + 3:]
            path = tmp_path / f"game{i}.yaml"
            path.write_bytes(raw)
            try:
                load_game(path)
            except SaveError as e:
                assert e.file == str(path)
            assert path.read_bytes() == raw
            assert sorted(p.name for p in tmp_path.iterdir()) == [f"game{j}.yaml" for j in range(i + 1)]


def test_known_bad_saves_name_the_place() -> None:
    quick = _played_quick()
    tree = yaml.safe_load(dump_save(quick.state, quick.history))
    attached = next(p for p in tree["pieces"] if p.get("attached_to"))
    attached_index = tree["pieces"].index(attached)
    host = next(p for p in tree["pieces"] if p["id"] == attached["attached_to"])
    host["attached_to"] = attached["id"]  # a loop: each under the other
    with pytest.raises(SaveError, match="attached"):
        parse_save(dump_yaml(tree), "loop.yaml")
    # a log entry that does not fit the table: it moved a piece the table no longer holds there
    tree = yaml.safe_load(dump_save(quick.state, quick.history))
    moved = next(ev for e in tree["log"] for ev in e["events"] if ev["kind"] == "moved")
    moved["dst_index"] = 99
    with pytest.raises(SaveError, match="does not fit") as info:
        parse_save(dump_yaml(tree), "log.yaml")
    assert info.value.line is not None and "log[" in info.value.field
    # a loaded save keeps its attachments working: moving the host carries the attached piece
    loaded = session_for(*_load_pair(dump_save(quick.state, quick.history)))
    host_id = tree["pieces"][attached_index]["attached_to"]
    for session in (quick, loaded):
        session.submit(A.Move((host_id,), "table", x=50, y=60), 0)
    assert loaded.state == quick.state


def _load_pair(text: str) -> tuple[GameState, list[Any]]:
    loaded = parse_save(text)
    return loaded.state, loaded.history


# ------------------------------------------------------------------------------------------------ 2. card sets and decks


CARD_SETS = ["standard", "xfiles-fan-sample", "xfiles-ccg-sample"]


def _yaml_files(set_name: str) -> list[Path]:
    return sorted(p for p in (ROOT / "cards" / set_name).rglob("*.yaml"))


def _card_problems_ok(problems: list[Any]) -> None:
    for p in problems:
        assert p.file and p.message, p


@FUZZ
@given(st.data())
def test_mutated_card_sets_give_card_problems(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    set_name = data.draw(st.sampled_from(CARD_SETS))
    folder = tmp_path_factory.mktemp("sets") / set_name
    shutil.copytree(ROOT / "cards" / set_name, folder)
    victim = data.draw(st.sampled_from(sorted(folder.rglob("*.yaml"))))
    text = victim.read_text(encoding="utf-8")
    if data.draw(st.booleans()):
        victim.write_text(dump_yaml(mutate_tree(data.draw, _parsed(text))), encoding="utf-8")
    else:
        out = mutate_text(data.draw, text)
        victim.write_bytes(out if isinstance(out, bytes) else out.encode("utf-8", "surrogatepass"))
    problems = check_path(folder)
    _card_problems_ok(problems)
    try:
        load_set(folder)
    except CardSetError as e:
        assert e.problems
        _card_problems_ok(e.problems)
    for deck in sorted((folder / "decks").glob("*.yaml")):
        try:
            load_deck(deck)
        except DeckError as e:
            assert e.problems
            _card_problems_ok(e.problems)
            assert any(p.line for p in e.problems) or all("no such" in p.message for p in e.problems) or any(
                "YAML" in p.message or "UTF-8" in p.message or p.line is None for p in e.problems)


@FUZZ
@given(st.data())
def test_mutated_deck_lists_give_deck_errors(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(sorted((ROOT / "cards").glob("*/decks/*.yaml"))))
    text = source.read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("decks") / "decks" / "fuzzed.yaml"
    path.parent.mkdir()
    if data.draw(st.booleans()):
        path.write_text(dump_yaml(mutate_tree(data.draw, _parsed(text))), encoding="utf-8")
    else:
        out = mutate_text(data.draw, text)
        path.write_bytes(out if isinstance(out, bytes) else out.encode("utf-8", "surrogatepass"))
    try:
        deck = load_deck(path)
    except DeckError as e:
        assert e.problems
        for p in e.problems:
            assert p.file.endswith("fuzzed.yaml") and p.message
    else:
        assert all(entry.count >= 1 for entries in deck.sections.values() for entry in entries)
    _card_problems_ok(check_path(path))


# ------------------------------------------------------------------------------------------------ 3. importers


IMPORTS = {
    "xfiles-fan-js": FIXTURES / "xfiles_fan" / "cards.js",
    "xfiles-ccg-json": FIXTURES / "xfiles_ccg" / "cards.json",
    "gccg-xml": FIXTURES / "gccg" / "harbor.xml",
    "cockatrice": FIXTURES / "cockatrice" / "lanterns.xml",
    "octgn": FIXTURES / "octgn" / "set.xml",
    "tts": FIXTURES / "tts" / "harbor-night.json",
    "csv": FIXTURES / "csv" / "lanterns.csv",
}


def _json_mutation(draw: st.DrawFn, text: str) -> str:
    return json.dumps(mutate_tree(draw, json.loads(text)), ensure_ascii=draw(st.booleans()))


@FUZZ
@given(st.data())
def test_importers_fail_cleanly_and_never_leave_half_a_set(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    fmt = data.draw(st.sampled_from(sorted(IMPORTS)))
    text = IMPORTS[fmt].read_bytes().decode("latin-1" if fmt == "gccg-xml" else "utf-8")
    work = tmp_path_factory.mktemp("import")
    src = work / IMPORTS[fmt].name
    if fmt == "xfiles-ccg-json" and data.draw(st.booleans()):
        src.write_text(_json_mutation(data.draw, text), encoding="utf-8")
    else:
        out = mutate_text(data.draw, text)
        encoding = "latin-1" if fmt == "gccg-xml" else "utf-8"
        src.write_bytes(out if isinstance(out, bytes) else out.encode(encoding, "surrogatepass" if encoding ==
                                                                      "utf-8" else "replace"))
    out_dir = work / "imported"
    try:
        report = get_importer(fmt).import_cards(src, out_dir)
    except ImportFailed as e:
        assert str(e)
        assert not out_dir.exists(), "a failed import left a folder behind"
    else:
        assert sorted(p.name for p in out_dir.iterdir()) == ["cards.yaml", "set.yaml"]
        assert all(str(n) for n in report.notes)
        _card_problems_ok(check_path(out_dir))
    assert {p.name for p in work.iterdir()} <= {"imported", src.name}


def test_a_failed_import_keeps_the_set_it_would_have_replaced(tmp_path: Path) -> None:
    out = tmp_path / "fan"
    get_importer("xfiles-fan-js").import_cards(IMPORTS["xfiles-fan-js"], out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    bad = tmp_path / "cards.js"
    bad.write_text("var cards = [{name: 'Mulder', type: 'agent', text: '\\ud800'}];", encoding="utf-8")
    with pytest.raises(ImportFailed, match="cards.js"):
        get_importer("xfiles-fan-js").import_cards(bad, out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    deep = tmp_path / "cards.json"
    deep.write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    with pytest.raises(ImportFailed, match="cards.json"):
        get_importer("xfiles-ccg-json").import_cards(deep, out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.js", "cards.json", "fan"]


# ------------------------------------------------------------------------------------------------ 4. network frames


class _Wire:
    """A host with two seated clients and a spectator, joined by lists of bytes (as tests/net's Wire)."""

    def __init__(self) -> None:
        self.session = quick_table(seed=3)
        self.host = HostProtocol(self.session, clock=lambda: 0.0)
        self.clients: dict[int, ClientProtocol] = {}
        self.closed: dict[int, str] = {}
        for seat in (0, 1, None):
            cid = self.host.connect()
            client = ClientProtocol(name=f"c{cid}", seat=seat)
            self.clients[cid] = client
            client.start()
            self.pump()

    def pump(self) -> None:
        for _ in range(50):
            moved = False
            for cid, client in self.clients.items():
                for data in client.data_to_send():
                    moved = True
                    if cid not in self.closed:
                        self.host.receive_data(cid, data)
            for cid, data in self.host.data_to_send():
                moved = True
                if cid not in self.closed:
                    self.clients[cid].receive_data(data)
            for cid, reason in self.host.connections_to_close():
                moved = True
                assert reason
                self.closed[cid] = reason
                self.clients[cid].connection_lost()
            if not moved:
                return
        raise AssertionError("the wire never settled")


@functools.cache
def _json_values() -> st.SearchStrategy[Any]:
    scalars = (st.none() | st.booleans() | st.integers() | st.sampled_from([2**70, -(2**64), 10**400])
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=10) | st.sampled_from(["p1", "h1", "deck", "any"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


def _message(data: st.DataObject, schemas: dict[str, Any]) -> dict[str, Any]:
    """A message of a real type with fields kept, dropped, retyped or added at random."""
    kind = data.draw(st.sampled_from(sorted(schemas)))
    msg: dict[str, Any] = {"type": kind}
    for name in schemas[kind]:
        choice = data.draw(st.sampled_from(["good", "good", "weird", "drop"]))
        if choice == "drop":
            continue
        msg[name] = data.draw(_json_values()) if choice == "weird" else _good_value(data, kind, name)
    if data.draw(st.integers(0, 9)) == 0:
        msg[data.draw(st.text(max_size=6))] = data.draw(_json_values())
    return msg


def _good_value(data: st.DataObject, kind: str, name: str) -> Any:
    if name == "version":
        return PROTOCOL_VERSION
    if name == "action":
        return data.draw(st.fixed_dictionaries(
            {"type": st.sampled_from(sorted(A.ACTION_TYPES))},
            optional={"pieces": st.lists(st.sampled_from(["p1", "p2", "p60", "hzz"]), max_size=2),
                      "to": st.sampled_from(["table", "hand:1", "deck", 0, None]),
                      "zone": st.sampled_from(["deck", "hand:1", "table"]), "count": st.integers(-2, 60),
                      "text": st.text(max_size=5), "mode": st.sampled_from(["strict", "off", "loud"])}))
    if name in ("view", "entry", "set", "zones"):
        return data.draw(st.dictionaries(st.sampled_from(["zones", "pieces", "seat", "hand:0", "players", "p1"]),
                                         _json_values(), max_size=4))
    if name in ("log", "pieces", "players", "needs", "violations"):
        return data.draw(st.lists(_json_values(), max_size=3))
    return data.draw(st.sampled_from([0, 1, 2, 5, True, "x", None, 0.5]))


def _frame(data: st.DataObject, schemas: dict[str, Any]) -> bytes:
    how = data.draw(st.sampled_from(["bytes", "json", "message", "message", "message", "deep", "huge"]))
    if how == "bytes":
        return data.draw(st.binary(max_size=64))
    if how == "json":
        return json.dumps(data.draw(_json_values())).encode()
    if how == "deep":
        depth = data.draw(st.integers(10, 5000))
        return ("[" * depth + "]" * depth).encode()
    if how == "huge":
        return b'{"type":"ping","t":' + b"9" * data.draw(st.integers(300, 6000)) + b"}"
    return encode(_message(data, schemas))


@FUZZ
@given(st.data())
def test_host_survives_any_frame(data: st.DataObject) -> None:
    wire = _Wire()
    victim = data.draw(st.sampled_from(sorted(wire.clients)))
    others = {cid: wire.clients[cid].view_hash() for cid in wire.clients if cid != victim}
    start = wire.session.state.hash()
    for _ in range(data.draw(st.integers(1, 4))):
        before = wire.session.state.hash()
        frame = _frame(data, CLIENT_MESSAGES)
        wire.host.receive_data(victim, frame)
        sent = wire.host.data_to_send()
        closed = wire.host.connections_to_close()
        assert all(reason for _, reason in closed)
        msg = _decoded(frame)
        if msg is None or msg.get("type") != "action" or not any(
                cid == victim and b'"accepted":true' in out for cid, out in sent):
            assert wire.session.state.hash() == before, frame[:200]
        for cid, out in sent:
            if cid not in wire.closed:
                wire.clients[cid].receive_data(out)
        for cid, reason in closed:
            wire.closed[cid] = reason
            wire.clients[cid].connection_lost()
        wire.pump()
    for cid, before_view in others.items():
        if cid not in wire.closed:
            client = wire.clients[cid]
            assert client.view_hash() == view_hash(wire.session.view(client.seat))
            if wire.session.state.hash() == start:
                assert client.view_hash() == before_view


def _decoded(frame: bytes) -> dict[str, Any] | None:
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) else None


@FUZZ
@given(st.data())
def test_client_survives_any_frame(data: st.DataObject) -> None:
    wire = _Wire()
    cid = data.draw(st.sampled_from(sorted(wire.clients)))
    client = wire.clients[cid]
    client.events_received()
    for _ in range(data.draw(st.integers(1, 4))):
        client.receive_data(_frame(data, HOST_MESSAGES))
    for event in client.events_received():
        assert event.kind


# ------------------------------------------------------------------------------------------------ 5. actions


@FUZZ
@given(st.dictionaries(st.sampled_from(["type", "pieces", "to", "x", "zone", "count", "piece", "name", "value",
                                        "mode", "text", "kind", "seat", "source", "index", "face_up", "delta"])
                       | st.text(max_size=4), weird | st.lists(weird, max_size=3), max_size=5)
       | st.sampled_from([None, [], "move", 3]) | st.fixed_dictionaries({"type": st.sampled_from(
           sorted(A.ACTION_TYPES))}, optional={"pieces": st.lists(weird, max_size=2), "to": weird,
                                                "zone": weird, "count": weird, "piece": weird, "x": weird}))
def test_action_dicts_raise_only_action_format_error(d: Any) -> None:
    try:
        action = A.action_from_dict(d)
    except A.ActionFormatError as e:
        assert str(e)
    else:
        assert A.action_from_dict(action.to_dict()) == action


@functools.cache
def _tables() -> tuple[str, ...]:
    return (dump_save(_played_quick().state), *(dump_save(_bot_game(n, 4).state) for n in
                                                ("tragedy", "xfiles-fan", "xfiles-ccg")))


@FUZZ
@given(st.data())
def test_any_action_for_any_seat_is_applied_or_refused_cleanly(data: st.DataObject) -> None:
    loaded = parse_save(data.draw(st.sampled_from(_tables())))
    session = session_for(loaded.state)
    session.state.enforcement = data.draw(st.sampled_from(["off", "warn", "strict"]))
    state = session.state
    names = [*state.pieces, *(state.handle(p) for p in list(state.pieces)[:5]), "p0", "hnothing"]
    zones = [*state.zones, "nowhere"]
    cls = data.draw(st.sampled_from(sorted(A.ACTION_TYPES.values(), key=lambda c: c.type)))
    d: dict[str, Any] = {"type": cls.type}
    for f in cls.__dataclass_fields__.values():
        if not f.init:
            continue
        if f.name in cls.piece_fields:
            pick = st.sampled_from(names)
            d[f.name] = data.draw(st.lists(pick, min_size=1, max_size=3) if f.name == "pieces" else pick)
        elif f.name in ("zone", "to", "source") and data.draw(st.booleans()):
            d[f.name] = data.draw(st.sampled_from(zones))
        elif data.draw(st.booleans()):
            d[f.name] = data.draw(weird)
    try:
        action = A.action_from_dict(d)
    except A.ActionFormatError:
        return
    seat = data.draw(st.sampled_from([None, -1, 5, *state.seats]))
    before = state.hash()
    result = session.submit(action, seat)
    if not result.accepted:
        assert result.error
        assert state.hash() == before
    for s in [None, *state.seats]:
        view_hash(session.view(s))
