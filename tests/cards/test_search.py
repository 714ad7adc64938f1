"""Card search: whole words and prefixes, field and number filters that combine, name matches first, an index kept
in step with its library."""

from __future__ import annotations

import pytest

from tabletop.cards import CardDef, CardLibrary, CardSet
from tabletop.cards.search import QueryError, card_index, parse_query, search


def _card(set_name: str, cid: str, name: str, type_: str, text: str = "", **fields) -> CardDef:
    return CardDef(set=set_name, id=cid, name=name, type=type_, text=text, fields=fields)


@pytest.fixture
def library() -> CardLibrary:
    alpha = [
        _card("alpha", "a1", "AGENT NORA QUILL", "Agent", "Look at any one Bluff card.", cost=5,
              keywords=["Agent", "FBI"], skills={"Observation": 3, "Close Range Combat": 2}, health=4),
        _card("alpha", "a2", "Millbrook Quarry, OR", "Site", "You may ask one MOTIVE question.", cost=1,
              keywords="Site, Mono, Motive"),
        _card("alpha", "a3", "\u201cNo Comment\u201d", "Bluff", "Subtract 2 from one Team's skill check.", cost=2,
              keywords=["Bluff"]),
        _card("alpha", "a4", "The Long Night", "Event", "Adds X to one Team's skill check.", cost="X+1"),
        _card("alpha", "a5", "Quillon Dagger", "Equipment", "An agent's quill-shaped knife.", cost=2),
    ]
    beta = [_card("beta", "b1", "Agent Nora Quill", "Agent", "Reprint.", cost=5, keywords=["Agent", "FBI"],
                  health=5)]
    return CardLibrary.from_sets(
        CardSet(name="alpha", title="Alpha", cards={c.id: c for c in alpha}, extra={"abbrev": "ALP"}),
        CardSet(name="beta", title="Beta", cards={c.id: c for c in beta}, extra={"abbrev": "BET"}),
    )


def _refs(library: CardLibrary, query: str) -> list[str]:
    return [c.ref for c in search(library, query)]


def test_words_match_whole_words_or_prefixes_and_names_come_first(library: CardLibrary) -> None:
    assert _refs(library, "quill") == ["alpha/a1", "beta/b1", "alpha/a5"]  # "Quillon" is a prefix match too
    assert _refs(library, "ag nor qu") == ["alpha/a1", "beta/b1"]
    assert _refs(library, "no comment") == ["alpha/a3"]  # typographic quotes folded
    assert _refs(library, '"skill check"') == ["alpha/a3", "alpha/a4"]  # a phrase, in text
    assert _refs(library, '"check skill"') == []
    assert _refs(library, "zebra") == []


def test_filters_combine(library: CardLibrary) -> None:
    assert _refs(library, "type:agent health>=5") == ["beta/b1"]
    assert _refs(library, "kw:fbi set:ALP") == ["alpha/a1"]
    assert _refs(library, "kw:motive") == ["alpha/a2"]  # keywords written as one string
    assert _refs(library, "cost<=2") == ["alpha/a2", "alpha/a3", "alpha/a5"]
    assert _refs(library, "cost:X") == ["alpha/a4"]
    assert _refs(library, "observation>2 close_range_combat=2") == ["alpha/a1"]  # skills are stats too
    assert _refs(library, "text:question name:millbrook") == ["alpha/a2"]
    assert _refs(library, "id:a") == ["alpha/a1", "alpha/a2", "alpha/a3", "alpha/a4", "alpha/a5"]
    assert _refs(library, "t:site o:bluff") == []


def test_bad_queries_say_which_part(library: CardLibrary) -> None:
    with pytest.raises(QueryError, match="compares numbers"):
        parse_query("cost<=cheap")
    with pytest.raises(QueryError, match="give a value"):
        parse_query("type:")
    with pytest.raises(QueryError, match="takes words"):
        parse_query("name<3")
    assert not parse_query("   ")
    assert len(search(library, "")) == len(library)  # no query: every card, in library order


def test_the_index_is_built_once_and_follows_its_library(library: CardLibrary) -> None:
    index = card_index(library)
    assert card_index(library) is index
    assert search(library, "quill", limit=1)[0].ref == "alpha/a1"
    library.add(CardSet(name="gamma", cards={"g1": _card("gamma", "g1", "Quill Pen", "Equipment")}))
    assert card_index(library) is not index
    assert "gamma/g1" in _refs(library, "quill pen")
