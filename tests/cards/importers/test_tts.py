"""`tts`: a Tabletop Simulator save (our own, in its JSON shape) becomes a card set with faces cut from its sheets."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tabletop.cards import check_path, load_set
from tabletop.cards.importers import ImportFailed
from tabletop.cards.importers.tts import import_cards

SAVE = Path(__file__).resolve().parents[1] / "fixtures" / "tts" / "harbor-night.json"
ROOT = Path(__file__).resolve().parents[3]
#: the colour of each place on the 4x2 sheet the test paints
COLOURS = [(200, 10 * i, 40, 255) for i in range(8)]


@pytest.fixture()
def sheets(tmp_path: Path) -> Path:
    folder = tmp_path / "Mods" / "Images"
    folder.mkdir(parents=True)
    sheet = Image.new("RGBA", (4 * 50, 2 * 70))
    for place, colour in enumerate(COLOURS):
        col, row = place % 4, place // 4
        sheet.paste(colour, (col * 50, row * 70, (col + 1) * 50, (row + 1) * 70))
    sheet.save(folder / "harbor-sheet.png")
    # the second sheet as TTS's image cache names it: the URL without its punctuation
    Image.new("RGB", (2 * 40, 56), (0, 90, 200)).save(folder / "httpcloudexampleinvalidugc9911EXTRAPNG.png")
    return folder


def test_a_save_becomes_a_set_with_each_card_once_and_faces_cut(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "cards" / "harbor"
    report = import_cards(SAVE, out, images=sheets)
    assert check_path(out) == []
    card_set = load_set(out)
    assert card_set.title == "Harbor Night"
    names = sorted(c.name for c in card_set.cards.values())
    assert names == ["Agent Odile Ferre", "Lighthouse", "Pier 9", "Salt & Iron", "The Tide Man"]
    assert report.cards == 5
    odile = card_set.cards["100"]
    assert odile.text == "Once per turn, look at the top card of your deck." and odile.get("tags") == ["Agent"]
    assert odile.get("tts") == {"card_id": 100, "face_url": "https://example.invalid/decks/harbor-sheet.png",
                                "back_url": "https://example.invalid/decks/harbor-back.png", "sheet": [4, 2],
                                "place": 0}
    assert card_set.cards["102"].get("gm_notes") == "event"
    tide = card_set.cards["105"]
    with Image.open(out / tide.image) as face:
        assert face.size == (50, 70) and face.convert("RGBA").getpixel((25, 35)) == COLOURS[5]
    light = card_set.cards["201"]
    with Image.open(out / light.image) as face:
        assert face.size == (40, 56) and face.convert("RGB").getpixel((5, 5)) == (0, 90, 200)
    assert [n for n in report.notes if n.kind == "image"] == []


def test_a_reimport_keeps_ids_and_without_images_nothing_is_cut(tmp_path: Path) -> None:
    out = tmp_path / "harbor"
    report = import_cards(SAVE, out)
    assert not (out / "images").exists() and all(not c.image for c in load_set(out).cards.values())
    assert any(n.kind == "image" and "--images" in n.message for n in report.notes)
    before = sorted(load_set(out).cards)
    import_cards(SAVE, out, mode="force")
    assert sorted(load_set(out).cards) == before == ["100", "101", "102", "105", "201"]


def test_a_missing_sheet_is_reported_once_and_its_cards_still_import(tmp_path: Path) -> None:
    empty = tmp_path / "pics"
    empty.mkdir()
    report = import_cards(SAVE, tmp_path / "harbor", images=empty)
    missing = [n for n in report.notes if n.kind == "image"]
    assert len(missing) == 2 and all("is not in" in n.message and n.line for n in missing)
    assert len(load_set(tmp_path / "harbor").cards) == 5


def test_one_card_id_on_two_sheets_keeps_both(tmp_path: Path) -> None:
    save = json.loads(SAVE.read_text(encoding="utf-8"))
    other = {"FaceURL": "https://example.invalid/other.png", "BackURL": "", "NumWidth": 2, "NumHeight": 2}
    save["ObjectStates"].append({"Name": "Card", "Nickname": "Stranger", "CardID": 100, "CustomDeck": {"1": other}})
    src = tmp_path / "save.json"
    src.write_text(json.dumps(save), encoding="utf-8")
    report = import_cards(src, tmp_path / "harbor")
    cards = load_set(tmp_path / "harbor").cards
    assert len(cards) == 6 and {c.name for c in cards.values()} >= {"Stranger", "Agent Odile Ferre"}
    assert any(n.kind == "duplicate" and "CardID 100" in n.message for n in report.notes)


@pytest.mark.parametrize(("body", "message"), [
    (lambda t: t[: len(t) // 2], r"save.json:\d+:\d+: not JSON"),
    (lambda t: '<?xml version="1.0"?><set/>', r"save.json:1:1: XML, not JSON"),
    (lambda t: '[{"title": "Quiet Room", "type": "Event"}]', r"save.json:1: not a Tabletop Simulator save"),
    (lambda t: '{"SaveName": "x", "ObjectStates": [{"Name": "Custom_Token"}]}', r"save.json: no card objects"),
])
def test_broken_saves_fail_with_file_and_line_and_write_nothing(tmp_path: Path, body, message) -> None:
    src = tmp_path / "save.json"
    src.write_text(body(SAVE.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ImportFailed, match=message):
        import_cards(src, tmp_path / "harbor")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_bad_encoding_and_an_unreadable_sheet(tmp_path: Path) -> None:
    src = tmp_path / "save.json"
    src.write_bytes(SAVE.read_bytes().replace(b"Pier 9", b"Pier \xff9", 1))
    with pytest.raises(ImportFailed, match=r"save.json:\d+: not UTF-8"):
        import_cards(src, tmp_path / "harbor")
    pics = tmp_path / "pics"
    pics.mkdir()
    (pics / "harbor-sheet.png").write_bytes(b"not a picture at all")
    report = import_cards(SAVE, tmp_path / "harbor", images=pics)
    assert any("not a picture we can read" in n.message for n in report.notes)


def test_the_command_reads_a_save_and_cuts_faces(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "harbor"
    run = subprocess.run([sys.executable, "-m", "tabletop", "import", "tts", str(SAVE), "--images", str(sheets),
                          "--out", str(out)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].startswith("Imported 5 card(s)")
    faces = sorted((out / "images").iterdir())
    assert len(faces) == 5
    assert Image.open(io.BytesIO(faces[0].read_bytes())).size in {(50, 70), (40, 56)}


def test_reference_images_do_not_point_the_set_at_the_sheets(sheets: Path, tmp_path: Path) -> None:
    out = tmp_path / "harbor"
    import_cards(SAVE, out, images=sheets, reference_images=True)
    card_set = load_set(out)
    assert "images" not in card_set.extra and len(list((out / "images").iterdir())) == 5
    assert all((out / c.image).is_file() for c in card_set.cards.values())
