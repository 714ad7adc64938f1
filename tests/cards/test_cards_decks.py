"""Deck lists resolve counts, shorthand and cross-set refs, and locate every bad entry with a suggestion."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tabletop.cards import (
    CardDef,
    CardLibrary,
    CardSet,
    DeckEntry,
    DeckError,
    deck_to_data,
    load_deck,
    load_deck_text,
    read_deck,
)
from tabletop.yamlsafe import dump


def card_set(name: str, *ids: str) -> CardSet:
    cards = {i: CardDef(set=name, id=i, name=f"Card {i}", type="t") for i in ids}
    return CardSet(name=name, title=name, cards=cards)


@pytest.fixture
def library() -> CardLibrary:
    return CardLibrary.from_sets(
        card_set("standard", "AS", "KH", "QS", "10D", "JK1"),
        card_set("extra", "ID", "x-file.1"),
    )


def write(tmp_path: Path, text: str, name: str = "deck.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_sections_counts_shorthand_and_cross_set(tmp_path: Path, library: CardLibrary) -> None:
    path = write(
        tmp_path,
        """
        name: Test deck
        set: standard
        description: For tests.
        ruleset: freeform
        sections:
          deck:
            - AS
            - {card: KH, count: 2}
            - 3x QS
            - extra/ID
            - 10D
          sideboard:
            - 2 x JK1
            - {card: extra/x-file.1}
          empty:
        """,
    )
    deck = load_deck(path, library)
    assert deck.name == "Test deck" and deck.set == "standard" and deck.path == path
    assert deck.description == "For tests." and deck.ruleset == "freeform"
    assert list(deck.sections) == ["deck", "sideboard", "empty"]
    assert deck.sections["deck"] == [
        DeckEntry("standard/AS", 1, 7),
        DeckEntry("standard/KH", 2, 8),
        DeckEntry("standard/QS", 3, 9),
        DeckEntry("extra/ID", 1, 10),
        DeckEntry("standard/10D", 1, 11),
    ]
    assert deck.expanded("deck") == [
        "standard/AS",
        "standard/KH",
        "standard/KH",
        "standard/QS",
        "standard/QS",
        "standard/QS",
        "extra/ID",
        "standard/10D",
    ]
    assert deck.expanded("sideboard") == ["standard/JK1", "standard/JK1", "extra/x-file.1"]
    assert deck.expanded("missing") == []
    assert deck.total("deck") == 8 and deck.total("sideboard") == 3 and deck.total() == 11
    assert deck.counts("deck")["standard/QS"] == 3
    assert deck.counts()["standard/JK1"] == 2
    assert deck.sections["empty"] == []


def test_flat_list_is_the_deck_section(tmp_path: Path, library: CardLibrary) -> None:
    path = write(tmp_path, "- standard/AS\n- 2x extra/ID\n- QS\n", name="flat.yaml")
    deck = load_deck(path, library)
    assert deck.name == "flat"
    assert deck.expanded() == ["standard/AS", "extra/ID", "extra/ID", "standard/QS"]


def test_cards_key_is_the_deck_section(library: CardLibrary) -> None:
    deck = load_deck_text("name: D\nset: extra\ncards: [ID, 2x ID]\n", "mem.yaml", library)
    assert deck.expanded("deck") == ["extra/ID"] * 3


def test_unknown_ids_and_bad_entries_are_all_located(tmp_path: Path, library: CardLibrary) -> None:
    path = write(
        tmp_path,
        """
        name: Broken
        set: standard
        colour: blue
        sections:
          deck:
            - AZ
            - {card: KH, count: 0}
            - {card: QS, count: two}
            - {count: 2}
            - nope/AS
            - two words here
            - [AS]
            - {card: AS, copies: 2}
            - extra/IDD
        """,
    )
    with pytest.raises(DeckError) as info:
        load_deck(path, library)
    found = {(p.line, p.field): p.message for p in info.value.problems}
    assert all(p.file == str(path) or p.file.endswith("deck.yaml") for p in info.value.problems)
    assert found[(3, "colour")].startswith("unknown key 'colour'")
    assert found[(6, "sections.deck[0]")] == "unknown card 'AZ' in set 'standard' (did you mean 'AS'?)"
    assert found[(7, "sections.deck[1].count")] == "count must be 1 to 999, not 0"
    assert "whole number" in found[(8, "sections.deck[2].count")]
    assert found[(9, "sections.deck[3]")] == "missing 'card'"
    assert found[(10, "sections.deck[4]")].startswith("unknown card set 'nope'")
    assert found[(11, "sections.deck[5]")].startswith("no card named 'two words here'")  # a name, not an id
    assert "expected a card id or name" in found[(12, "sections.deck[6]")]
    assert found[(13, "sections.deck[7].copies")].startswith("unknown key 'copies'")
    assert found[(14, "sections.deck[8]")] == "unknown card 'IDD' in set 'extra' (did you mean 'ID'?)"
    assert len(found) == 10
    assert "problems in deck list" in str(info.value)


def test_unknown_default_set_is_reported_once(tmp_path: Path, library: CardLibrary) -> None:
    path = write(tmp_path, "set: standrd\nsections:\n  deck: [AS, KH, extra/ID]\n")
    deck, problems = read_deck(path, library)
    assert [(p.line, p.field, p.message) for p in problems] == [
        (1, "set", "unknown card set 'standrd' (did you mean 'standard'?)")
    ]
    assert deck is not None and deck.expanded() == ["extra/ID"]


def test_bare_id_without_default_set(library: CardLibrary) -> None:
    deck = load_deck_text("- AS\n- ID\n", "mem.yaml", library)
    assert deck.expanded() == ["standard/AS", "extra/ID"]
    with pytest.raises(DeckError, match="unknown card 'ZZZ' in any loaded set"):
        load_deck_text("- ZZZ\n", "mem.yaml", library)


def test_yaml_errors_in_decks(tmp_path: Path, library: CardLibrary) -> None:
    path = write(tmp_path, "sections:\n  deck: [AS\n")
    with pytest.raises(DeckError) as info:
        load_deck(path, library)
    assert info.value.problems[0].line is not None
    with pytest.raises(DeckError, match="aliases"):
        load_deck_text("a: &x [AS]\nsections: {deck: *x}\n", "mem.yaml", library)


def test_not_a_deck(library: CardLibrary) -> None:
    with pytest.raises(DeckError, match="expected a deck"):
        load_deck_text("just text\n", "mem.yaml", library)
    with pytest.raises(DeckError, match="missing 'sections'"):
        load_deck_text("name: x\n", "mem.yaml", library)


def test_deck_round_trips_through_data(tmp_path: Path, library: CardLibrary) -> None:
    text = (
        "name: R\nset: standard\nsections:\n  deck: [AS, 3x QS, extra/ID]\n  team: [{card: KH, count: 2}]\n"
    )
    deck = load_deck_text(text, "mem.yaml", library)
    data = deck_to_data(deck)
    assert data == {
        "name": "R",
        "set": "standard",
        "sections": {"deck": ["AS", "3x QS", "extra/ID"], "team": ["2x KH"]},
    }
    again = load_deck_text(dump(data), "again.yaml", library)
    assert again.counts() == deck.counts() and again.sections.keys() == deck.sections.keys()
