"""Card names resolve in one place: folded spellings, sets by abbrev, '#N' printings, '#' inside names, near misses."""

from __future__ import annotations

import pytest

from tabletop.cards import CardDef, CardLibrary, CardSet, UnknownCardError
from tabletop.cards.names import CardSpec, fold, name_index, parse_spec


def _set(name: str, abbrev: str, *cards: tuple[str, str]) -> CardSet:
    return CardSet(name=name, title=f"{name} title", extra={"abbrev": abbrev},
                   cards={i: CardDef(set=name, id=i, name=n, type="Site") for i, n in cards})


@pytest.fixture
def library() -> CardLibrary:
    return CardLibrary.from_sets(
        _set("alpha", "ALP", ("a1", "AGENT NORA QUILL"), ("a2", "AGENT NORA QUILL"), ("a3", '"NO COMMENT"'),
             ("a4", "CAMPSITE #53, SIOUX CITY, IA"), ("a5", "Wûluag's Cave")),
        _set("beta", "BET", ("b1", "AGENT NORA QUILL"), ("b2", "MILLBROOK QUARRY, OR"), ("b3", "ECHO #2")),
    )


def test_fold_ignores_case_spacing_punctuation_accents_and_typographic_quotes() -> None:
    assert fold("\u201cNo  Comment\u201d") == fold('"NO COMMENT"') == "no comment"
    assert fold("Millbrook Quarry OR") == fold("MILLBROOK QUARRY, OR")
    assert fold("Wuluag\u2019s Cave") == fold("WÛLUAG'S CAVE")


def test_parse_spec_reads_sets_printings_and_numbers_but_keeps_a_hash_inside_a_name() -> None:
    assert parse_spec("AGENT NORA QUILL #2 (ALP)") == CardSpec("AGENT NORA QUILL", "ALP", 2)
    assert parse_spec("AGENT NORA QUILL (ALP) #2") == CardSpec("AGENT NORA QUILL", "ALP", 2)
    assert parse_spec("CAMPSITE #53, SIOUX CITY, IA") == CardSpec("CAMPSITE #53, SIOUX CITY, IA")
    assert parse_spec("Millbrook Quarry (BET) 12", numbers=True) == CardSpec("Millbrook Quarry", "BET", None, "12")


def test_candidates_by_set_abbrev_title_and_printing(library: CardLibrary) -> None:
    index = name_index(library)
    assert [c.ref for c in index.candidates(parse_spec("agent nora quill"))] == ["alpha/a1", "alpha/a2", "beta/b1"]
    assert [c.ref for c in index.candidates(parse_spec("Agent Nora Quill (bet)"))] == ["beta/b1"]
    assert [c.ref for c in index.candidates(parse_spec("AGENT NORA QUILL #2"))] == ["alpha/a2"]
    assert [c.ref for c in index.candidates(parse_spec("AGENT NORA QUILL #1 (alpha title)"))] == ["alpha/a1"]
    assert [c.ref for c in index.candidates(parse_spec("\u201cNo Comment\u201d"))] == ["alpha/a3"]
    assert [c.ref for c in index.candidates(parse_spec("Campsite #53, Sioux City, IA"))] == ["alpha/a4"]
    assert [c.ref for c in index.candidates(parse_spec("ECHO #2"))] == ["beta/b3"]  # a set that keeps '#2' in names
    assert [c.ref for c in index.candidates(CardSpec("whatever", id="b2"))] == ["beta/b2"]  # an id wins


def test_unknown_names_sets_and_printings_say_what_is_near(library: CardLibrary) -> None:
    index = name_index(library)
    with pytest.raises(UnknownCardError, match=r"no card named 'AGENT NORA QUILT'.*nearest: AGENT NORA QUILL"):
        index.candidates(parse_spec("AGENT NORA QUILT"))
    with pytest.raises(UnknownCardError, match="unknown set 'ZZZ'"):
        index.candidates(parse_spec("AGENT NORA QUILL (ZZZ)"))
    with pytest.raises(UnknownCardError, match="not in set 'beta'"):
        index.candidates(parse_spec('"NO COMMENT" (BET)'))
    with pytest.raises(UnknownCardError, match="no printing #5"):
        index.candidates(parse_spec("AGENT NORA QUILL #5"))


def test_the_index_follows_the_library(library: CardLibrary) -> None:
    assert not name_index(library).printings("New Card")
    library.add(_set("gamma", "GAM", ("g1", "New Card")))
    assert [c.ref for c in name_index(library).printings("new card")] == ["gamma/g1"]
