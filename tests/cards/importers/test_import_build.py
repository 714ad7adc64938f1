"""Several sources into one set, `--add` and `--force`, ids kept across re-imports, and the import defects of #26/#27."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tabletop.cards import check_path, load_set
from tabletop.cards.importers import ImportFailed
from tabletop.cards.importers.xfiles_ccg_json import import_cards
from tabletop.cards.importers.xfiles_fan_js import import_cards as import_fan

ROOT = Path(__file__).resolve().parents[3]


def _record(cid: str, title: str, ctype: str = "Event", **more: object) -> dict[str, object]:
    return {"id": cid, "title": title, "set": "Premiere", "type": ctype, "cost": "1 RP", **more}


def _write(path: Path, records: object) -> Path:
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    return path


@pytest.fixture()
def two_sets(tmp_path: Path) -> tuple[Path, Path]:
    first = _write(tmp_path / "premiere.json", [
        _record("XF96-0001v1", "Quiet Room", gameText="Add 1 to one Team's OBSERVATION."),
        _record("XF96-0002v1", "Loud Hall", gameText="Draw one card."),
    ])
    second = _write(tmp_path / "truth.json", [
        _record("XF97-0001v1", "Hidden Stair", gameText="Look at one Bluff card."),
        _record("XF97-0002v1", "Quiet Room", gameText="Add 2 to one Team's OBSERVATION."),
    ])
    return first, second


def _cards(out: Path) -> dict[str, dict[str, object]]:
    data = yaml.safe_load((out / "cards.yaml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["cards"]}


def test_several_sources_make_one_set_with_printings_numbered(two_sets, tmp_path: Path) -> None:
    out = tmp_path / "cards" / "xfc"
    report = import_cards(list(two_sets), out, mode="new")
    assert report.cards == 4 and check_path(out) == []
    cards = _cards(out)
    quiet = sorted((c["printing"], c["source_file"]) for c in cards.values() if c["name"] == "Quiet Room")
    assert quiet == [(1, "premiere.json"), (2, "truth.json")]
    assert "printing" not in cards["xf96-0002v1"]
    meta = yaml.safe_load((out / "set.yaml").read_text(encoding="utf-8"))
    assert [e["file"] for e in meta["imported_from"]] == ["premiere.json", "truth.json"]


def test_a_second_import_is_refused_without_add_or_force(two_sets, tmp_path: Path) -> None:
    out = tmp_path / "xfc"
    import_cards(two_sets[0], out, mode="new")
    before = (out / "cards.yaml").read_bytes()
    with pytest.raises(ImportFailed, match="--add.*--force"):
        import_cards(two_sets[1], out, mode="new")
    assert (out / "cards.yaml").read_bytes() == before


def test_force_with_another_source_keeps_the_first_sources_cards(two_sets, tmp_path: Path) -> None:
    """Premiere, then another set with --force into the same folder: the set holds both (it once kept only one)."""
    out = tmp_path / "xfc"
    import_cards(two_sets[0], out, mode="new")
    report = import_cards(two_sets[1], out, mode="force")
    assert report.total == 4 and len(load_set(out).cards) == 4


def test_add_extends_and_a_reimport_keeps_every_id(two_sets, tmp_path: Path) -> None:
    first, second = two_sets
    out = tmp_path / "xfc"
    import_cards(first, out, mode="new")
    ids_before = {c["source_id"]: cid for cid, c in _cards(out).items()}
    report = import_cards(second, out, mode="add")
    assert (report.cards, report.added, report.total) == (2, 2, 4)
    # the same file again, its records in another order and one text changed: same ids, refreshed in place
    records = json.loads(first.read_text(encoding="utf-8"))[::-1]
    records[0]["gameText"] = "Draw two cards."
    _write(first, records)
    import_cards(first, out, mode="add")
    after = _cards(out)
    assert len(after) == 4
    assert {c["source_id"]: cid for cid, c in after.items() if c["source_file"] == "premiere.json"} == ids_before
    assert after[ids_before["XF96-0002v1"]]["text"] == "Draw two cards."


def test_force_removes_what_left_the_source_and_says_so(two_sets, tmp_path: Path) -> None:
    first, second = two_sets
    out = tmp_path / "xfc"
    import_cards([first, second], out, mode="new")
    _write(first, [_record("XF96-0001v1", "Quiet Room", gameText="Add 1 to one Team's OBSERVATION.")])
    report = import_cards(first, out, mode="force")
    assert (report.cards, report.total) == (1, 3)
    assert [n.card for n in report.notes if n.kind == "removed"] == ["Loud Hall"]
    assert {c["name"] for c in _cards(out).values()} == {"Quiet Room", "Hidden Stair"}


def test_one_id_on_two_cards_imports_both_and_is_reported(tmp_path: Path) -> None:
    src = _write(tmp_path / "db.json", [_record("XF96-0100v1", "Twin One"), _record("XF96-0100v1", "Twin Two")])
    report = import_cards(src, tmp_path / "xfc")
    cards = _cards(tmp_path / "xfc")
    assert sorted(c["name"] for c in cards.values()) == ["Twin One", "Twin Two"]
    assert len(set(cards)) == 2
    dup = [n for n in report.notes if n.kind == "duplicate"]
    assert len(dup) == 1 and "Twin One" in dup[0].message


# ------------------------------------------------------------------------------------------------ defects


def test_text_under_a_key_with_a_space_is_imported(tmp_path: Path) -> None:
    src = _write(tmp_path / "db.json", [
        {"id": "XF96-0200v1", "title": "Night Watch", "type": "Event", "cost": "2 RP",
         "Game Effect": "Play on one Team to add 1 to its OBSERVATION this turn."},
    ])
    import_cards(src, tmp_path / "xfc")
    (card,) = _cards(tmp_path / "xfc").values()
    assert card["text"] == "Play on one Team to add 1 to its OBSERVATION this turn."
    assert "game effect" not in card and "game_effect" not in card


def test_a_list_of_names_is_an_error_and_writes_nothing(tmp_path: Path) -> None:
    src = _write(tmp_path / "names.json", ["Quiet Room", "Loud Hall"])
    with pytest.raises(ImportFailed, match=r"names.json:1: .*not card records"):
        import_cards(src, tmp_path / "xfc")
    assert not (tmp_path / "xfc").exists()
    run = subprocess.run([sys.executable, "-m", "tabletop", "import", "xfiles-ccg-json", str(src), "--out",
                          str(tmp_path / "xfc")], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2 and "names.json" in run.stderr and "Traceback" not in run.stderr


def test_a_set_file_with_no_cards_is_an_error(tmp_path: Path) -> None:
    for name, body in (("empty.json", "[]"), ("wrapped.json", '{"cards": []}')):
        src = tmp_path / name
        src.write_text(body, encoding="utf-8")
        with pytest.raises(ImportFailed, match=name):
            import_cards(src, tmp_path / "xfc")
    js = tmp_path / "cards.js"
    js.write_text("var cards = [];\n", encoding="utf-8")
    with pytest.raises(ImportFailed, match="no card"):
        import_fan(js, tmp_path / "fan")
    assert not (tmp_path / "xfc").exists() and not (tmp_path / "fan").exists()


def test_credits_and_placeholder_records_are_skipped_and_reported(tmp_path: Path) -> None:
    src = _write(tmp_path / "db.json", [
        _record("XF96-0001v1", "Quiet Room"),
        {"id": "XF96-CRED", "title": "Credits", "set": "Premiere", "type": "Credits",
         "gameText": "Game design by a team of many."},
        {"id": "XF96-0999v1", "title": "…", "set": "Premiere", "type": "Event"},
    ])
    report = import_cards(src, tmp_path / "xfc")
    assert [c["name"] for c in _cards(tmp_path / "xfc").values()] == ["Quiet Room"]
    skipped = [n for n in report.notes if n.kind == "skipped"]
    assert len(skipped) == 2 and all(n.line for n in skipped)
    assert any("Credits" in n.message for n in skipped) and any("placeholder" in n.message for n in skipped)


def test_the_fan_files_font_markup_is_not_card_text(tmp_path: Path) -> None:
    js = tmp_path / "cards.js"
    js.write_text("var cards = [{name: 'Shared Trust', type: 'following', description: ['Requires [MULDER].', "
                  "'70%)If player who played this card also plays the _Conclusion_, keep it.']}];\n",
                  encoding="utf-8")
    import_fan(js, tmp_path / "fan")
    (card,) = _cards(tmp_path / "fan").values()
    assert "%)" not in card["text"]
    assert card["text"].endswith("If player who played this card also plays the _Conclusion_, keep it.")


def test_a_hand_written_set_is_never_rewritten_by_an_import(two_sets, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "set.yaml").write_text("set: mine\ntitle: Mine\n", encoding="utf-8")
    (out / "cards.yaml").write_text("defaults: {type: event}\ncards:\n- {id: a, name: A}\n", encoding="utf-8")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(ImportFailed, match="cards.yaml has defaults"):
        import_cards(two_sets[0], out, mode="add")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
