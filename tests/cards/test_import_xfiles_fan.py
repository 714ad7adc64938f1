"""`tabletop import xfiles-fan-js`: the game's JavaScript card file becomes a card set; unread text is kept, reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, check_path, load_set
from tabletop.cards.importers import ImportFailed, get_importer
from tabletop.cards.importers.xfiles_fan_js import (
    JsSyntaxError,
    import_cards,
    parse_description,
    parse_js_cards,
)
from tabletop.cli import main
from tabletop.rules.xfiles_fan import card_info

FIXTURE = Path(__file__).parent / "fixtures" / "xfiles_fan" / "cards.js"


def test_parses_comments_quotes_bare_keys_and_trailing_commas() -> None:
    cards = parse_js_cards(FIXTURE.read_text(encoding="utf-8"), str(FIXTURE))
    assert len(cards) == 7
    assert cards[0]["provides"] == ["FBI", "Doctor"] and cards[0]["investmentValue"] == 1
    assert cards[2]["name"] == "X-FILES" and cards[3]["establishesCircumstances"] == {"progress": True}
    assert cards[3].line == 23


@pytest.mark.parametrize("text, where", [
    ("var cards = [ { \"name\": \"A\" \"type\": \"case\" } ];", "1:"),
    ("var cards = [\n  { name: 'A', type: foo },\n];", "2:"),
    ("[ /* never closed ", "1:"),
])
def test_syntax_errors_name_the_line(text: str, where: str) -> None:
    with pytest.raises(JsSyntaxError) as e:
        parse_js_cards(text, "bad.js")
    assert f"bad.js:{where}" in str(e.value)


def test_bracketed_phrases() -> None:
    p = parse_description(["Requires [FBI], [Body].", "Provides [Homicide]."])
    assert p.requires == ["FBI", "Body"] and p.provides == ["Homicide"] and not p.unparsed
    p = parse_description("Requires [Footprints] and 2x[FBI]. Prevented by [Rain].")
    assert p.requires == ["Footprints", "FBI", "FBI"] and p.prevented_by == ["Rain"] and not p.unparsed
    p = parse_description(["Negates all aspects of [X]-providing card(s) played earlier in this round.",
                           "Negates [Capture]"])
    assert p.negates == ["X", "Capture"] and not p.unparsed
    p = parse_description(["Requires [MULDER] with a low investment.", "Pro: requires 2x[FBI]; roll.",
                           "Requires [A] or [B]."])
    assert p.requires == ["MULDER"]  # an "or" is not read as two requirements: it is left to people
    assert p.unparsed == ["Requires [MULDER] with a low investment.", "Pro: requires 2x[FBI]; roll.",
                          "Requires [A] or [B]."]


def test_import_writes_a_set_the_loader_accepts(tmp_path: Path) -> None:
    out = tmp_path / "river-test"
    report = import_cards(FIXTURE, out)
    assert report.cards == 7 and report.set_name == "river-test"
    assert check_path(out) == []
    card_set = load_set(out)
    ids = list(card_set.cards)
    assert ids == ["agent-scully", "agent-mulder", "x-files", "tracks-by-the-river", "plaster-cast",
                   "plaster-cast-09x10", "the-tide-comes-in"]
    tracks = card_set.cards["tracks-by-the-river"]
    assert tracks.image == "tracks.png" and tracks.text == "Requires [FBI].\nProvides [Footprints], [Witness]."
    assert tracks.get("requires") == ["FBI"] and tracks.get("provides") == ["Footprints", "Witness"]
    assert tracks.get("point_value") == 3 and tracks.get("play_ordinality") is None
    cast = card_set.cards["plaster-cast"]
    assert cast.get("deck_ordinality") == "+" and cast.get("prevented_by") == ["Rain"]
    second = card_set.cards["plaster-cast-09x10"]
    assert second.get("negates") == ["Witness"] and second.get("requires") == ["Doctor"]
    assert second.get("unparsed") == ["Requires [Doctor] with a steady hand.",
                                      "Once per game, your opponent skips a turn."]
    assert "Once per game" in second.text  # kept as text on the card, never dropped
    assert card_set.cards["the-tide-comes-in"].get("source_text") == "a stray key named like one of ours"
    assert [str(n) for n in report.unparsed()] == [
        "line 47: Plaster Cast: description: kept as text: Requires [Doctor] with a steady hand.",
        "line 47: Plaster Cast: description: kept as text: Once per game, your opponent skips a turn.",
    ]
    # the ruleset reads the imported cards as they are
    info = card_info(card_set.cards["plaster-cast"])
    assert info.requires == ("Footprints", "FBI", "FBI") and info.sign == "positive"
    env = card_info(card_set.cards["agent-mulder"])
    assert env.caps == "MULDER" and "MULDER" in env.provides
    assert CardLibrary.from_sets(card_set).get("river-test/x-files").get("themes") == ["Cryptid", "Paranormal"]


def test_images_are_copied_or_referenced(tmp_path: Path) -> None:
    images = tmp_path / "images"
    images.mkdir()
    (images / "tracks.png").write_bytes(b"\x89PNG fake")
    report = import_cards(FIXTURE, tmp_path / "copied", images=images)
    assert report.images_copied == 1 and (tmp_path / "copied" / "images" / "tracks.png").is_file()
    cards = load_set(tmp_path / "copied").cards
    assert cards["tracks-by-the-river"].image == "images/tracks.png"
    assert cards["agent-scully"].image == "scully-test.png"  # not found: the name is kept, the proxy face shows
    assert any(n.kind == "image" and "scully-test.png" in n.message for n in report.notes)
    report = import_cards(FIXTURE, tmp_path / "referenced", images=images, reference_images=True)
    assert load_set(tmp_path / "referenced").extra["images"] == str(images.resolve())
    assert not (tmp_path / "referenced" / "images").exists()


def test_bad_output_folder_name_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportFailed):
        import_cards(FIXTURE, tmp_path / "no spaces please")


def test_import_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cmd-set"
    assert main(["import", "xfiles-fan-js", str(FIXTURE), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Imported 7 card(s)" in text and "kept as text: Once per game" in text
    assert main(["import", "xfiles-fan-js", str(FIXTURE), "--out", str(out)]) == 2  # refuses to overwrite
    assert main(["import", "xfiles-fan-js", str(FIXTURE), "--out", str(out), "--force", "--quiet"]) == 0
    bad = tmp_path / "bad.js"
    bad.write_text("var cards = [ { name: 'x' ", encoding="utf-8")
    assert main(["import", "xfiles-fan-js", str(bad), "--out", str(tmp_path / "never")]) == 2
    assert "bad.js:1:" in capsys.readouterr().err
    assert not (tmp_path / "never").exists()


def test_registry() -> None:
    assert get_importer("xfiles-fan-js").FORMAT == "xfiles-fan-js"
    with pytest.raises(KeyError):
        get_importer("nope")


REAL = Path(__file__).parent / "fixtures" / "xfiles_fan" / "real_format.js"


def test_a_card_file_that_goes_on_after_the_card_list_imports(tmp_path: Path) -> None:
    """The real file continues with `var episodeTitles`: the list is read, what follows is reported, not an error."""
    out = tmp_path / "fan-real"
    report = import_cards(REAL, out)
    assert report.cards == 5 and check_path(out) == []
    (trailing,) = [n for n in report.notes if n.kind == "trailing"]
    assert trailing.line == 74 and "var episodeTitles" in trailing.message
    assert "after the card list" in report.summary()


def test_a_requirement_list_with_one_unbracketed_item_keeps_its_tags() -> None:
    """ "Requires [A], _B_, [C]." needs A and C whatever B means: they are read, the line stays to apply by hand."""
    p = parse_description(["Requires [Alien Encounters], _Abduction_, [Evidence]."])
    assert p.requires == ["Alien Encounters", "Evidence"]
    assert p.unparsed == ["Requires [Alien Encounters], _Abduction_, [Evidence]."]
    p = parse_description(["Requires [A], _B_ or [C]."])
    assert p.requires == [] and p.unparsed  # a choice is never read in part


def test_the_real_format_card_with_an_unbracketed_requirement_is_checked(tmp_path: Path) -> None:
    from tabletop.rules.xfiles_fan import XFilesFan

    out = tmp_path / "cards" / "fan-real"
    import_cards(REAL, out)
    lib = CardLibrary([out.parent])
    nobody = next(c for c in lib if c.name == "Nobody Will Believe Us")
    assert nobody.get("requires") == ["Alien Encounters", "Evidence"]
    assert card_info(nobody).requires == ("Alien Encounters", "Evidence")
    # the ruleset's compiler reads the whole line: the italic term is a required tag too, nothing left by hand
    info = XFilesFan(library=lib).card(nobody.ref)
    assert info.requires == ("Alien Encounters", "Evidence", "Abduction") and not info.unparsed
    # in a round on the imported cards: [Alien Encounters] is provided by the Case, [Evidence] by nothing: refused
    from tabletop.core import Session
    from tabletop.rules.base import add_card
    from tabletop.rules.xfiles_fan import PlayCard

    rs = XFilesFan(library=lib)
    state = rs.build_table(2, seed=3, enforcement="strict")
    ids = {c.name: c.ref for c in lib}
    add_card(state, ids["Walter SKINNER"], "environment", owner=0)
    case = add_card(state, ids["Lights Over Route 9"], "round", owner=1)
    hand = add_card(state, ids["Nobody Will Believe Us"], "hand:0", owner=0)
    state.rules = {"phase": "play", "period": 1, "turn": 0, "turns": 1, "opener": 1, "round": [
        {"piece": case.id, "seat": 1, "circ": {"progress": True, "opposition": True, "jeopardy": False},
         "negated": False, "value": None}], "round_over": False, "passes": 0, "pending": [], "over": False}
    result = Session(state, rs).submit(PlayCard(hand.id), 0)
    assert not result.accepted and [v.rule for v in result.violations] == ["xff.legal.requires"]
    assert "[Evidence]" in result.violations[0].message and "Alien" not in result.violations[0].message


def test_only_immediately_following_a_case_is_read_and_enforced(tmp_path: Path) -> None:
    from tabletop.core import Session
    from tabletop.rules.base import add_card
    from tabletop.rules.xfiles_fan import PlayCard, XFilesFan

    out = tmp_path / "cards" / "fan-real"
    report = import_cards(REAL, out)
    lib = CardLibrary([out.parent])
    ids = {c.name: c.ref for c in lib}
    quiet = lib.get(ids["Keep It Quiet"])
    assert quiet.get("immediately_after") == "case" and card_info(quiet).immediately_after == "case"
    assert not [n for n in report.notes if n.card == "Keep It Quiet"]  # the line is read whole
    circ = {"progress": True, "opposition": True, "jeopardy": False}

    def play_after(*names: str) -> list[str]:
        rs = XFilesFan(library=lib)
        state = rs.build_table(2, seed=3, enforcement="strict")
        add_card(state, ids["Walter SKINNER"], "environment", owner=0)
        entries = [{"piece": add_card(state, ids[n], "round", owner=1).id, "seat": 1, "circ": circ,
                    "negated": False, "value": None} for n in names]
        hand = add_card(state, ids["Keep It Quiet"], "hand:0", owner=0)
        state.rules = {"phase": "play", "period": 1, "turn": 0, "turns": 1, "opener": 1, "round": entries,
                       "round_over": False, "passes": 0, "pending": [], "over": False}
        result = Session(state, rs).submit(PlayCard(hand.id), 0)
        return [v.rule for v in result.violations]

    assert play_after("Lights Over Route 9") == []
    assert play_after("Lights Over Route 9", "Nobody Will Believe Us") == ["xff.legal.after"]
