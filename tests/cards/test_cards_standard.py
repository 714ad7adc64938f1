"""The shipped standard deck loads cleanly and carries the fields and Tragedy mapping rulesets rely on."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tabletop.cards import CardLibrary, check_path, load_deck, load_set

REPO = Path(__file__).resolve().parents[2]
STANDARD = REPO / "cards" / "standard"


def test_standard_set_has_54_unique_cards() -> None:
    card_set = load_set(STANDARD)
    assert card_set.name == "standard"
    assert card_set.title == "Standard 52-card deck"
    assert len(card_set) == 54
    assert len({c.ref for c in card_set}) == 54
    types = Counter(c.type for c in card_set)
    assert types == {"ace": 4, "number": 36, "face": 12, "joker": 2}
    suits = Counter(c.get("suit") for c in card_set)
    assert suits == {"spades": 13, "hearts": 13, "diamonds": 13, "clubs": 13, None: 2}
    for card in card_set:
        assert card.back == "standard-back"
        if card.type == "joker":
            assert card.get("rank") is None
        else:
            assert 1 <= card.get("rank") <= 13
            assert card.get("color") == ("red" if card.get("suit") in ("hearts", "diamonds") else "black")


def test_standard_names_and_ids() -> None:
    cards = load_set(STANDARD).cards
    assert cards["AS"].name == "Ace of Spades"
    assert cards["10H"].name == "Ten of Hearts" and cards["10H"].get("rank") == 10
    assert cards["KD"].type == "face" and cards["KD"].get("rank") == 13
    assert cards["JK1"].name == "Joker (red)" and cards["JK2"].get("color") == "black"
    assert cards["AS"].ref == "standard/AS"
    assert cards["AS"].source.endswith("cards.yaml") and cards["AS"].line > 0


def test_standard_tragedy_mapping() -> None:
    library = CardLibrary([REPO / "cards"])
    assert library.traits("standard/KS", "tragedy").roles == ("Actor", "Act")
    assert library.traits("standard/KS", "tragedy").value == 13
    assert library.traits("standard/AH", "tragedy").value == 1
    assert set(library.traits("standard/7C", "tragedy").roles) == {"Set", "Set Piece", "Prop", "Act"}
    joker = library.traits("standard/JK1", "tragedy")
    assert joker.value == 0 and set(joker.roles) == {"Actor", "Set", "Set Piece", "Prop", "Act"}
    for card in library.sets["standard"]:
        traits = library.traits(card, "tragedy")
        assert isinstance(traits.value, int) and traits.roles


def test_standard_deck_list() -> None:
    library = CardLibrary([REPO / "cards"])
    deck = load_deck(STANDARD / "decks" / "standard.yaml", library)
    assert list(deck.sections) == ["deck"]
    assert deck.total() == 54
    assert sorted(deck.expanded("deck")) == sorted(c.ref for c in library.sets["standard"])


def test_shipped_cards_folder_checks_clean() -> None:
    assert check_path(REPO / "cards") == []
