"""`gccg-xml`: GCCG card-set XML (our own sets in its shape) becomes card sets the loader and the rulesets read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, check_path, load_set
from tabletop.cards.importers import ImportFailed
from tabletop.cards.importers.gccg_xml import import_cards
from tabletop.rules.xfiles_ccg import card_info

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "gccg"
HARBOR, TIDELINE, LANTERNS = FIXTURES / "harbor.xml", FIXTURES / "tideline.xml", FIXTURES / "lanterns.xml"
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture()
def xfiles(tmp_path: Path) -> tuple[object, Path]:
    out = tmp_path / "cards" / "xfc"
    return import_cards([HARBOR, TIDELINE], out, mode="new"), out


def test_two_gccg_sets_make_one_set_the_ruleset_reads(xfiles) -> None:
    report, out = xfiles
    assert report.cards == 9 and check_path(out) == []
    card_set = load_set(out)
    assert card_set.extra["abbrev"] == "HRB" and card_set.extra["ruleset"] == "xfiles-ccg"
    by_name = {}
    for c in card_set.cards.values():
        by_name.setdefault(c.name, []).append(c)
    agent = card_info(by_name["AGENT ODILE FERRÉ"][0])
    assert (agent.kind, agent.cost, agent.pool, agent.health, agent.res) == ("agent", 6, "RP", 4, 3)
    assert agent.skill("Behavioral") == 3 and agent.skill("Criminal Investigation") == 2
    assert agent.skill("Long Range Combat") == 3
    site = card_info(by_name["PIER 9, PORTLAND, ME"][0])
    assert (site.cost, site.pool) == (2, "RP") and site.asks == ("Result",)
    assert site.prerequisite == (("Behavioral", 4), ("Observation", 4))
    xfile = by_name["THE TIDE MAN"][0]
    assert xfile.get("characteristics") == {"Affiliation": "Primordial", "Motive": "Survival",
                                            "Method": "Violence", "Result": "Death"}
    watcher = by_name["DROWNED WATCHER"][0]
    assert watcher.get("skills") == {"Long Range Combat": "N/A", "Close Range Combat": 5}
    assert by_name["FIELD KIT"][0].get("modifies") == {"Evidence Collection": 1}


def test_abbreviations_printings_entities_and_latin1_are_kept(xfiles) -> None:
    _report, out = xfiles
    cards = list(load_set(out).cards.values())
    salt = [c for c in cards if c.name == '"SALT & IRON"']
    assert [(c.get("abbrev"), c.get("printing")) for c in salt] == [("HRB", 1), ("TDL", 2)]
    assert salt[1].text == "Play on one Team to add 2 to its OBSERVATION skill this turn."  # a <text> child
    assert any(c.name == "CAFÉ NOIR, SALEM, MA" and c.get("abbrev") == "TDL" for c in cards)
    assert all(c.image for c in cards)


def test_one_id_on_two_printings_imports_both(xfiles) -> None:
    report, out = xfiles
    kits = [c for c in load_set(out).cards.values() if c.name == "FIELD KIT"]
    assert len(kits) == 2 and kits[0].id != kits[1].id
    assert [c.get("printing") for c in kits] == [1, 2]
    (dup,) = [n for n in report.notes if n.kind == "duplicate"]
    assert "HRB-0006v1" in dup.message and dup.file == "harbor.xml" and dup.line


def test_a_reimport_keeps_ids_and_add_extends(tmp_path: Path) -> None:
    out = tmp_path / "xfc"
    import_cards(HARBOR, out, mode="new")
    first = {c.id: c.name for c in load_set(out).cards.values()}
    report = import_cards(TIDELINE, out, mode="add")
    assert (report.added, report.total) == (2, 9)
    import_cards(HARBOR, out, mode="force")
    after = {c.id: c.name for c in load_set(out).cards.values() if c.get("abbrev") == "HRB"}
    assert after == first
    assert len(load_set(out).cards) == 9


def test_another_games_set_keeps_its_attributes(tmp_path: Path) -> None:
    out = tmp_path / "lanterns"
    import_cards(LANTERNS, out)
    card_set = load_set(out)
    assert card_set.extra["ruleset"] == "freeform" and card_set.extra["abbrev"] == "LC"
    moth = next(c for c in card_set.cards.values() if c.name == "Moth Keeper")
    assert (moth.type, moth.text, moth.get("cost"), moth.get("power"), moth.get("rarity")) == \
        ("Ally", "When played, draw a card.", 2, 3, "C")
    assert CardLibrary([tmp_path]).get(f"lanterns/{moth.id}") == moth


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda b: b[: len(b) // 2], r"harbor.xml:\d+:\d+: the file ends inside <card"),
    (lambda b: b.replace(b"ISO-8859-1", b"UTF-8").replace(b"&Eacute;", b"\xc9"), r"harbor.xml:6:\d+: not utf-8"),
    (lambda b: b'[{"title": "Quiet Room"}]', r"harbor.xml:1:1: this is JSON"),
    (lambda b: b'<?xml version="1.0"?>\n<cockatrice_carddatabase version="4"/>',
     r"harbor.xml:2: this is a Cockatrice card database.*tabletop import cockatrice"),
    (lambda b: b.replace(b"</card>", b"</crad>", 1), r"harbor.xml:21:\d+: not well-formed XML: mismatched tag"),
    (lambda b: b.split(b"<cards>")[0] + b"<cards></cards></ccg-setinfo>", r"no cards"),
])
def test_broken_files_fail_with_file_and_line_and_write_nothing(tmp_path: Path, mangle, message) -> None:
    src = tmp_path / "harbor.xml"
    src.write_bytes(mangle(HARBOR.read_bytes()))
    with pytest.raises(ImportFailed, match=message):
        import_cards(src, tmp_path / "xfc")
    assert not (tmp_path / "xfc").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["harbor.xml"]


def test_the_command_exits_2_with_the_place_and_no_traceback(tmp_path: Path) -> None:
    src = tmp_path / "cut.xml"
    src.write_bytes(HARBOR.read_bytes()[:900])
    run = subprocess.run([sys.executable, "-m", "tabletop", "import", "gccg-xml", str(HARBOR), str(src), "--out",
                          str(tmp_path / "xfc")], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2 and "cut.xml:" in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "xfc").exists()


def test_a_game_file_imports_its_sets_in_gccgs_order(tmp_path: Path) -> None:
    out = tmp_path / "xfc"
    report = import_cards(FIXTURES / "game.xml", out)
    assert report.cards == 9
    salt = [c for c in load_set(out).cards.values() if c.name == '"SALT & IRON"']
    assert [(c.get("abbrev"), c.get("printing")) for c in salt] == [("TDL", 1), ("HRB", 2)]
    missing = tmp_path / "game.xml"
    missing.write_bytes((FIXTURES / "game.xml").read_bytes())
    with pytest.raises(ImportFailed, match=r"game.xml:7: the game lists the card set tideline.xml"):
        import_cards(missing, tmp_path / "other")
    assert not (tmp_path / "other").exists()


def test_a_cost_given_by_number_and_suit_and_semicolon_keywords(tmp_path: Path) -> None:
    src = tmp_path / "harbor.xml"
    src.write_bytes(HARBOR.read_bytes().replace(
        b'<attr key="costsuit" value="RP"/>\n      <attr key="keywords" value="Site, Mono, Result"/>',
        b'<attr key="costsuit" value="Resource"/>\n      <attr key="keywords" value="Site; Mono; Result"/>'))
    import_cards(src, tmp_path / "xfc")
    pier = next(c for c in load_set(tmp_path / "xfc").cards.values() if c.name.startswith("PIER 9"))
    assert (pier.get("cost"), pier.get("pool"), pier.get("keywords")) == (2, "RP", ["Site", "Mono", "Result"])


def test_deck_lines_name_a_printed_set_inside_one_imported_folder(tmp_path: Path) -> None:
    """Several GCCG sets in one folder: "(TDL)" and "(HRB)" find the card printed there; "#2" the second printing."""
    from tabletop.cards.names import NameIndex, parse_spec

    import_cards(FIXTURES / "game.xml", tmp_path / "xfc")
    index = NameIndex(CardLibrary([tmp_path]))

    def one(line: str) -> tuple[str | None, int | None]:
        card = index.candidates(parse_spec(line))[0]
        return card.get("abbrev"), card.get("printing")

    assert one('"SALT & IRON" (HRB)') == ("HRB", 2) and one('"SALT & IRON" (TDL)') == ("TDL", 1)
    assert one('"Salt & Iron" #2') == ("HRB", 2) and one("AGENT ODILE FERRÉ (HRB)") == ("HRB", None)
    assert one("Café Noir, Salem, MA (TDL)") == ("TDL", None)
