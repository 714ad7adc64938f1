"""Deck files of other tools read directly, told by content: GCCG .deck, Cockatrice .cod, OCTGN .o8d, TTS, text lists.

Fixtures are our own, in the real shapes: two GCCG-shaped sets (capital names, an `abbrev`, a second printing of one
Agent, Sites reprinted in the other set, a name with '#' inside) and decks naming their cards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, DeckError, load_deck, read_deck, read_deck_for_play
from tabletop.cards.importers.decks_export import export_deck
from tabletop.cards.importers.decks_read import detect

FIXTURES = Path(__file__).parent / "fixtures"
DECKS = FIXTURES / "gccg_decks"


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    return CardLibrary([FIXTURES / "gccg"])


def _refs(deck) -> dict[str, dict[str, int]]:
    return {name: deck.counts(name) for name in sorted(deck.sections) if deck.sections[name]}


def test_a_gccg_deck_reads_by_name_with_abbreviations_printings_and_an_empty_xfile_section(library) -> None:
    deck, problems = read_deck(DECKS / "A.deck", library)
    assert problems == [] and deck is not None and deck.format == "gccg"
    assert list(deck.sections) == ["team", "deck", "xfile"] and deck.sections["xfile"] == []
    assert deck.total("team") == 4 and deck.total("deck") == 60
    assert deck.description == "Randy's Bureau, in GCCG's shape (café edition)"  # ISO-8859-1, as GCCG writes
    team = [e.ref for e in deck.sections["team"]]
    assert "xfc-alpha/ALP-0039v1" in team  # "AGENT NADIA KELLER #2": the second printing
    assert "xfc-alpha/ALP-0001v1" in team  # "(ALP)"
    assert deck.counts("deck")["xfc-beta/BET-0029v1"] == 1  # "CAMPSITE #53, SIOUX CITY, IA": '#' inside the name
    assert deck.counts("deck")["xfc-alpha/ALP-0015v1"] == 2  # "Saint Brigid's Ward,  Boston MA": folded
    lines = {e.line for e in deck.sections["deck"]}
    assert 13 not in lines and 33 in lines  # entries keep the line they came from


def test_a_bare_name_with_several_printings_prefers_the_decks_sets_and_says_so(library) -> None:
    deck, _ = read_deck(DECKS / "A.deck", library)
    # MARROW POINT is printed in ALP and BET; the rest of the deck is mostly ALP
    assert deck.counts("deck")["xfc-alpha/ALP-0012v1"] == 2
    note = next(n for n in deck.notes if "MARROW POINT" in n)
    assert "A.deck:25" in note and "took xfc-alpha/ALP-0012v1" in note and "xfc-beta/BET-0027v1" in note


def test_cod_o8d_and_text_lists_of_one_deck_give_the_same_deck(library) -> None:
    decks = {name: read_deck(DECKS / name, library) for name in ("same.cod", "same.o8d", "same.txt")}
    for name, (_, problems) in decks.items():
        assert problems == [], (name, problems)
    shapes = {name: _refs(deck) for name, (deck, _) in decks.items()}
    first = shapes["same.cod"]
    assert first == shapes["same.o8d"] == shapes["same.txt"]
    assert first["deck"] == {"xfc-beta/BET-0026v1": 2, "xfc-alpha/ALP-0012v1": 2, "xfc-beta/BET-0029v1": 1,
                             "xfc-alpha/ALP-0015v1": 2, "xfc-alpha/ALP-0028v1": 1}
    assert first["sideboard"] == {"xfc-alpha/ALP-0034v1": 1}
    assert first["team"] == {"xfc-alpha/ALP-0003v1": 1, "xfc-alpha/ALP-0001v1": 1}
    assert [decks[n][0].format for n in decks] == ["cockatrice", "octgn", "text"]
    assert decks["same.cod"][0].name == "Quarry Watch"


def test_a_clipboard_list_starts_its_sideboard_after_a_blank_line(library) -> None:
    deck, problems = read_deck(DECKS / "clipboard.txt", library)
    assert problems == []
    assert deck.counts("sideboard") == {"xfc-alpha/ALP-0034v1": 1}
    assert deck.counts("deck")["xfc-beta/BET-0026v1"] == 2  # "(BET) 26": Arena's set and collector number


def test_a_tts_saved_deck_reads_by_nickname(tmp_path: Path, library) -> None:
    cards = [{"Name": "Card", "Nickname": "Marrow Point, ME", "CardID": 100 + i} for i in range(2)]
    cards.append({"Name": "Card", "Nickname": "THE LONG NIGHT", "CardID": 102})
    save = {"SaveName": "Table", "ObjectStates": [{"Name": "DeckCustom", "Nickname": "", "ContainedObjects": cards},
                                                 {"Name": "Card", "Nickname": "Cover-Up", "CardID": 7}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    deck, problems = read_deck(path, library)
    assert problems == [] and deck.format == "tts"
    assert deck.counts("deck") == {"xfc-alpha/ALP-0012v1": 2, "xfc-alpha/ALP-0028v1": 1, "xfc-alpha/ALP-0034v1": 1}


@pytest.mark.parametrize("fmt", ["text", "cod", "deck"])
def test_export_reads_back_as_the_same_deck(tmp_path: Path, library, fmt: str) -> None:
    deck = load_deck(DECKS / "A.deck", library)
    path = tmp_path / f"out.{fmt}"
    path.write_text(export_deck(deck, library, fmt, game="The X-Files CCG"), encoding="utf-8")
    again, problems = read_deck(path, library)
    assert problems == [] and again.notes == []  # every printing named well enough to come back unasked
    assert _refs(again) == _refs(deck)


def test_unknown_names_are_located_problems_with_the_nearest_names(tmp_path: Path, library) -> None:
    path = tmp_path / "typo.deck"
    path.write_text("######\nAgents\n######\n1 AGENT NADIA KELLAR\n1 NOBODY AT ALL (ALP)\n1 AGENT TOM BRANDT (QQQ)\n",
                    encoding="utf-8")
    deck, problems = read_deck(path, library)
    assert deck is not None and deck.sections["team"] == []
    assert [(p.line, p.code) for p in problems] == [(4, "unknown_card"), (5, "unknown_card"), (6, "unknown_card")]
    assert "nearest: AGENT NADIA KELLER" in problems[0].message and problems[0].file.endswith("typo.deck")
    assert "unknown set 'QQQ'" in problems[2].message
    deck, unknown = read_deck_for_play(path, library)  # a game gets them as problems for the rules dial
    assert len(unknown) == 3


@pytest.mark.parametrize(("name", "data", "line", "words"), [
    ("latin.txt", "4 Caf\xe9 Noir\n".encode("latin-1"), 1, "not UTF-8"),
    ("cut.cod", b'<?xml version="1.0"?>\n<cockatrice_deck version="1">\n  <zone name="main">\n    <card number="2"',
     4, "broken XML"),
    ("set.cod", b'<?xml version="1.0"?>\n<ccg-setinfo name="S" abbrev="S">\n</ccg-setinfo>\n', 2,
     "import it with `tabletop import gccg-xml`"),
    ("bomb.o8d", b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<deck game="x"/>\n', 2, "entities"),
    ("image.deck", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", 1, "not UTF-8"),
    ("prose.txt", b"Dear diary, today I built a deck.\n", 1, "not a deck list"),
])
def test_unreadable_files_say_what_and_where_and_give_no_deck(tmp_path: Path, library, name, data, line,
                                                               words) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    deck, problems = read_deck(path, library)
    assert deck is None and len(problems) == 1
    assert problems[0].line == line and words in problems[0].message and problems[0].file.endswith(name)
    with pytest.raises(DeckError):
        read_deck_for_play(path, library)


def test_a_line_that_is_no_card_line_is_reported_and_the_rest_read(tmp_path: Path, library) -> None:
    path = tmp_path / "odd.deck"
    path.write_text("# GCCG v0.9 The X-Files CCG deck\nDeck\n2 MARROW POINT, ME (ALP)\n" + "x" * 60 + "\n",
                    encoding="utf-8")
    deck, problems = read_deck(path, library)
    assert deck is not None and deck.total("deck") == 2
    assert [(p.line, p.code) for p in problems] == [(4, "deck.format")]


def test_detection_is_by_content_not_by_name() -> None:
    assert detect(b"\xef\xbb\xbf<?xml version='1.0'?><deck game='g'/>") == "xml"
    assert detect(b"#\n# GCCG v0.9.8.1 The X-Files CCG deck\n#\n") == "gccg"
    assert detect(b"4 Lightning Bolt\n\nSB: 2 Pyroblast\n") == "text"
    assert detect(b"name: Mine\nsections:\n  deck: [AS]\n") == "yaml"
    assert detect(b'{"name": "Mine", "cards": ["AS"]}') == "yaml"  # JSON is YAML: our own list
    assert detect(b'{"ObjectStates": []}') == "tts"


def test_yaml_deck_lists_take_names_as_well_as_ids(tmp_path: Path, library) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\nset: xfc-alpha\nsections:\n  team: [ALP-0001v1, 'AGENT NADIA KELLER #2']\n"
                    "  deck:\n    - 2x Marrow Point, ME\n    - {card: \u201cThe Long Night\u201d, count: 2}\n"
                    "    - 'CAMPSITE #53, SIOUX CITY, IA'  # YAML: a '#' after a space starts a comment\n"
                    "    - 1x Nobody Here\n", encoding="utf-8")
    deck, problems = read_deck(path, library)
    assert deck.counts("team") == {"xfc-alpha/ALP-0001v1": 1, "xfc-alpha/ALP-0039v1": 1}
    # the deck's `set` is preferred for a name printed in several sets
    assert deck.counts("deck") == {"xfc-alpha/ALP-0012v1": 2, "xfc-alpha/ALP-0028v1": 2, "xfc-beta/BET-0029v1": 1}
    assert [(p.line, p.field, p.code) for p in problems] == [(9, "sections.deck[3]", "unknown_card")]
