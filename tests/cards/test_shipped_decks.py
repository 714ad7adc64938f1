"""A set's shipped deck lists are read with the set, so rulesets build default decks without opening a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, DeckError, shipped_deck


def _library(tmp_path: Path, deck: str) -> CardLibrary:
    demo = tmp_path / "demo"
    (demo / "decks").mkdir(parents=True)
    (demo / "set.yaml").write_text("set: demo\n")
    (demo / "cards.yaml").write_text("cards:\n  - {id: a, name: A, type: x}\n  - {id: b, name: B, type: x}\n")
    (demo / "decks" / "pair.yaml").write_text(deck)
    return CardLibrary([tmp_path])


def test_a_shipped_deck_is_kept_with_its_set_and_built_without_the_file(tmp_path: Path) -> None:
    library = _library(tmp_path, "name: Pair\nset: demo\ncards: [a, b]\n")
    (tmp_path / "demo" / "decks" / "pair.yaml").unlink()  # read already: the file is no longer needed
    deck = shipped_deck(library, "demo", "pair.yaml")
    assert deck.name == "Pair" and deck.expanded("deck") == ["demo/a", "demo/b"]


def test_a_broken_or_missing_shipped_deck_is_reported_when_used_and_the_set_still_loads(tmp_path: Path) -> None:
    library = _library(tmp_path, "name: Pair\nset: demo\ncards: [a, zz]\n")
    with pytest.raises(DeckError, match=r"pair\.yaml:3"):
        shipped_deck(library, "demo", "pair.yaml")
    with pytest.raises(DeckError, match="ships no deck 'none.yaml' \\(its decks: pair.yaml\\)"):
        shipped_deck(library, "demo", "none.yaml")
