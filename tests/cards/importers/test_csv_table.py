"""`csv`: a designer's spreadsheet (CSV, our own cards) and a LackeyCCG carddata.txt become card sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards import check_path, load_set
from tabletop.cards.importers import ImportFailed
from tabletop.cards.importers.csv_table import import_cards

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "csv"


def test_a_spreadsheet_becomes_a_set(tmp_path: Path) -> None:
    out = tmp_path / "lanterns"
    report = import_cards(FIXTURES / "lanterns.csv", out)
    assert report.cards == 3 and check_path(out) == []
    cards = list(load_set(out).cards.values())
    keeper = cards[0]
    assert (keeper.id, keeper.name, keeper.type, keeper.get("cost"), keeper.image) == \
        ("lc-001", "Moth Keeper", "Ally", 2, "moth.png")
    assert keeper.text == "When played, draw a card.\nIt can't block." and keeper.get("tags") == ["small", "keeper"]
    assert [(c.get("cost"), c.get("printing")) for c in cards if c.name == "Moth Keeper"] == [(2, 1), (3, 2)]


def test_a_lackey_carddata_file_keeps_its_set_column_as_abbrev(tmp_path: Path) -> None:
    out = tmp_path / "lanterns"
    import_cards(FIXTURES / "carddata.txt", out)
    card_set = load_set(out)
    assert card_set.extra["abbrev"] == "LNT"
    assert [(c.name, c.get("abbrev"), c.image, c.get("cost")) for c in card_set.cards.values()] == [
        ("Moth Keeper", "LNT", "moth", 2), ("Glass Wick", "LNT", "glass", 4)]


@pytest.mark.parametrize(("body", "message"), [
    (b"Card;Kind\nMoth;Ally\n", r"cards.csv:1: no .name. column among Card, Kind"),
    (b"Name,Type\nMoth,Ally\nGl\xe9ss,Relic\n", r"cards.csv:3: not UTF-8"),
    (b'<?xml version="1.0"?><set/>', r"cards.csv:1: this is XML or JSON"),
    (b"just some words\n", r"cards.csv:1: the first line is no header"),
    (b"Name,Type\n,\n", r"cards.csv: no cards in it"),
])
def test_broken_sheets_fail_with_file_and_line_and_write_nothing(tmp_path: Path, body, message) -> None:
    src = tmp_path / "cards.csv"
    src.write_bytes(body)
    with pytest.raises(ImportFailed, match=message):
        import_cards(src, tmp_path / "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]
