"""`cockatrice` and `octgn`: card databases in those programs' XML shapes (our own cards) become card sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, check_path, load_set
from tabletop.cards.importers import ImportFailed, get_importer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
COCKATRICE = FIXTURES / "cockatrice" / "lanterns.xml"
OCTGN = FIXTURES / "octgn" / "set.xml"


def test_a_cockatrice_database_keeps_props_printings_and_relations(tmp_path: Path) -> None:
    out = tmp_path / "lanterns"
    report = get_importer("cockatrice").import_cards(COCKATRICE, out)
    assert report.cards == 4 and check_path(out) == []
    cards = {c.name: c for c in load_set(out).cards.values()}
    keeper = cards["Moth Keeper"]
    assert (keeper.id, keeper.type, keeper.get("type_line"), keeper.get("mana_cost"), keeper.get("cmc")) == \
        ("moth-keeper", "Creature", "Creature — Human Keeper", "1G", 2)
    assert (keeper.get("power"), keeper.get("toughness"), keeper.get("related")) == (1, 3, ["Moth"])
    assert keeper.text == "When Moth Keeper enters, draw a card.\nIt can't block."
    assert [p["set"] for p in keeper.get("printings")] == ["LNT", "LNX"] and keeper.get("abbrev") == "LNT"
    assert keeper.get("printings")[1]["uuid"] == "5b0f7a58-1c1e-4d8e-9a55-0b8f0c1d2e02"
    assert cards["Moth"].get("token") == 1 and cards["Ember & Ash"].get("abbrev") == "LNX"
    sets = load_set(out).extra["printed_sets"]
    assert [(s["name"], s["longname"], s["settype"]) for s in sets] == [
        ("LNT", "Lanterns Core", "Custom"), ("LNX", "Lanterns Expansion", "Custom")]


def test_cockatrice_pictures_are_found_by_their_names_and_never_downloaded(tmp_path: Path) -> None:
    pics = tmp_path / "pics"
    pics.mkdir()
    (pics / "12.jpg").write_bytes(b"\xff\xd8 a jpeg")              # the picture URL's file name
    (pics / "Moth.full.jpg").write_bytes(b"\xff\xd8 another")      # Cockatrice's own naming
    out = tmp_path / "lanterns"
    report = get_importer("cockatrice").import_cards(COCKATRICE, out, images=pics)
    cards = {c.name: c for c in load_set(out).cards.values()}
    assert cards["Moth Keeper"].image == "images/12.jpg" and cards["Moth"].image == "images/Moth.full.jpg"
    assert not cards["Glass Wick"].image and report.images_copied == 2
    assert sorted(p.name for p in (out / "images").iterdir()) == ["12.jpg", "Moth.full.jpg"]


def test_an_octgn_set_keeps_guids_properties_and_alternate_faces(tmp_path: Path) -> None:
    out = tmp_path / "harbor"
    report = get_importer("octgn").import_cards(OCTGN, out)
    assert report.cards == 4 and check_path(out) == []
    card_set = load_set(out)
    odile = card_set.cards["a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c01"]
    assert (odile.name, odile.type, odile.get("cost"), odile.get("health")) == ("Agent Odile Ferré", "Agent", 6, 4)
    assert odile.text == "Once per turn, look at the top card of your deck."   # rich text read as plain text
    tide = card_set.cards["a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c03"]
    assert tide.get("alternates") == [{"name": "The Drowned Man", "face": "B", "type": "Villain",
                                      "text": "Each Agent takes 1 damage.", "health": 9}]
    piers = [c for c in card_set.cards.values() if c.name == "Pier 9"]
    assert [(c.get("cost"), c.get("printing")) for c in piers] == [(2, 1), (3, 2)]
    assert card_set.extra["octgn"]["gameId"] == "e2a4c6d8-0b1d-4f3a-9c5e-7a9b1d3f5e70"
    lib = CardLibrary([tmp_path])
    assert lib.get("harbor/a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c02").name == "Pier 9"


def test_octgn_images_are_found_by_guid(tmp_path: Path) -> None:
    pics = tmp_path / "Cards"
    pics.mkdir()
    (pics / "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c03.png").write_bytes(b"\x89PNG not really")
    get_importer("octgn").import_cards(OCTGN, tmp_path / "harbor", images=pics)
    tide = load_set(tmp_path / "harbor").cards["a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c03"]
    assert tide.image == "images/a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c03.png"


@pytest.mark.parametrize(("fmt", "fixture", "mangle", "message"), [
    ("cockatrice", COCKATRICE, lambda b: b[:1200], r"lanterns.xml:\d+:\d+: the file ends inside <"),
    ("cockatrice", COCKATRICE, lambda b: b.replace(b"Moth Keeper", "Moth Ke\xe9per".encode("latin-1"), 1),
     r"lanterns.xml:23:\d+: not utf-8 text"),
    ("cockatrice", COCKATRICE, lambda b: OCTGN.read_bytes(), r"lanterns.xml:3: this is an OCTGN set.xml.*import octgn"),
    ("cockatrice", COCKATRICE, lambda b: b"name,type\nMoth,Creature\n", r"lanterns.xml:1:1: not XML"),
    ("cockatrice", COCKATRICE, lambda b: b.split(b"<cards>")[0] + b"<cards/></cockatrice_carddatabase>", "no cards"),
    ("octgn", OCTGN, lambda b: b[:-40], r"set.xml:34:\d+: the file ends inside <card> \(opened at line 31\)"),
    ("octgn", OCTGN, lambda b: COCKATRICE.read_bytes(), r"set.xml:3: this is a Cockatrice card database"),
    ("octgn", OCTGN, lambda b: b'{"ObjectStates": []}', r"set.xml:1:1: this is JSON"),
    ("octgn", OCTGN, lambda b: b.replace(b"</property>", b"</propert>", 1), r"set.xml:15:\d+: not well-formed"),
])
def test_broken_files_fail_with_file_and_line_and_write_nothing(tmp_path: Path, fmt, fixture, mangle,
                                                                 message) -> None:
    src = tmp_path / fixture.name
    src.write_bytes(mangle(fixture.read_bytes()))
    with pytest.raises(ImportFailed, match=message):
        get_importer(fmt).import_cards(src, tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == [fixture.name]


def test_two_octgn_sets_named_set_xml_stay_apart_on_a_reimport(tmp_path: Path) -> None:
    other = tmp_path / "Expansion" / "set.xml"
    other.parent.mkdir()
    text = OCTGN.read_text(encoding="utf-8").replace("7c1d2f40-6a0e-4f3b-8d5e-2b9a1c0e4f10",
                                                     "7c1d2f40-6a0e-4f3b-8d5e-2b9a1c0e4f11")
    other.write_text(text.replace("a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c0", "b0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c0"),
                     encoding="utf-8")
    out = tmp_path / "harbor"
    importer = get_importer("octgn")
    importer.import_cards([OCTGN, other], out, mode="new")
    assert len(load_set(out).cards) == 8
    report = importer.import_cards(OCTGN, out, mode="force")
    assert (report.total, [n for n in report.notes if n.kind == "removed"]) == (8, [])
