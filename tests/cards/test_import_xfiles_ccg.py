"""`xfiles-ccg-json` importer: our own fixture in the card database format becomes a card set the loader accepts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, DeckEntry, DeckList, check_path
from tabletop.cards.importers import ImportFailed
from tabletop.cards.importers.xfiles_ccg_json import import_cards, parse_modifier
from tabletop.rules import get_ruleset
from tabletop.rules.xfiles_ccg import card_info

FIXTURE = Path(__file__).parent / "fixtures" / "xfiles_ccg" / "cards.json"
#: cards in the forms the real card database uses that the first pass did not read (our own cards, that format)
SECOND = Path(__file__).parent / "fixtures" / "xfiles_ccg" / "second_pass.json"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def imported(tmp_path: Path):
    out = tmp_path / "cards" / "xfc-fixture"
    report = import_cards(FIXTURE, out)
    return report, out


def test_import_writes_a_set_that_checks(imported) -> None:
    report, out = imported
    assert report.cards == 42 and report.set_name == "xfc-fixture"
    assert check_path(out) == []
    lib = CardLibrary([out.parent])
    cards = {c.name: c for c in lib}
    quill = card_info(cards["Agent Mara Quill"])
    assert (quill.kind, quill.cost, quill.pool, quill.health, quill.res) == ("agent", 7, "RP", 5, 2)
    assert quill.skill("Behavioral") == 3 and quill.text.startswith("Once per game")
    site = card_info(cards["Greyfield Observatory, CO"])
    assert site.prerequisite == (("Sciences", 5), ("Computer", 5)) and site.asks == ("Affiliation", "Motive")
    lurker = card_info(cards["Swamp Lurker"])
    assert lurker.skills["Long Range Combat"] is None and lurker.skill("Close Range Combat") == 3
    assert card_info(cards["Late Night Call"]).pool == "*P"
    assert card_info(cards["Shotgun"]).modifies == {"Long Range Combat": 2}
    tenants = card_info(cards["The Quiet Tenants"])
    assert tenants.characteristics["Method"] == "Subterfuge"


def test_unparsed_fields_are_kept_and_reported(imported) -> None:
    report, out = imported
    lib = CardLibrary([out.parent])
    odd = next(c for c in lib if c.name == "The Odd One")
    assert odd.get("cost_text") == "lots" and odd.get("prerequisite") == "PSYCHIC 9+"
    assert odd.get("skill_telepathy_text") == "3" and odd.get("characteristic_affiliation_text") == "Martian"
    assert len(odd.get("unparsed")) == 6
    fields = {(n.card, n.field) for n in report.notes}
    for field in ("cost", "skill_telepathy", "health", "prerequisite", "question", "characteristic_affiliation"):
        assert ("The Odd One", field) in fields, field
    assert any(n.kind == "skipped" for n in report.notes)
    assert ("Lucky Coin", "text") in fields  # an Equipment text we cannot read as a modifier is applied by hand
    assert all(n.line for n in report.notes if n.card == "The Odd One")


def test_parse_modifier() -> None:
    assert parse_modifier("Adds 1 to the holder's CLOSE RANGE COMBAT.") == {"Close Range Combat": 1}
    assert parse_modifier("Shiny.") == {}


def test_a_bonus_given_when_the_equipment_is_discarded_is_no_standing_modifier() -> None:
    """'Discard this card to add N to the Agent's X skill' is a use of the card (the compiler runs it), not a skill
    the Equipment gives while held: read as one, the bonus would count twice and hold the sentence back."""
    assert parse_modifier("Discard this card to add three to the Agent's SCIENCES skill.") == {}
    assert parse_modifier("Adds 1 to the Agent's MEDICAL skill. Additionally, you can discard this card to add two "
                          "to the Agent's BEHAVIORAL skill.") == {"Medical": 1}


def test_bad_source_fails_with_location(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"title": "x",]', encoding="utf-8")
    with pytest.raises(ImportFailed, match=r"bad.json:1:"):
        import_cards(bad, tmp_path / "out")


def _deck(tmp_path: Path, team: list[str], xfile: list[str], deck: list[str]) -> Path:
    path = tmp_path / "deck.yaml"
    body = {"name": "Fixture deck", "set": "xfc-fixture", "sections": {"team": team, "xfile": xfile, "deck": deck}}
    path.write_text(json.dumps(body), encoding="utf-8")
    return path


def _deck_check(cwd: Path, deck: Path) -> tuple[int, dict]:
    out = subprocess.run([sys.executable, "-m", "tabletop", "deck", "check", str(deck), "--ruleset", "xfiles-ccg",
                          "--json"], cwd=cwd, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return out.returncode, json.loads(out.stdout)


def test_decks_from_the_import_pass_or_fail_with_every_problem_named(imported, tmp_path: Path) -> None:
    report, out = imported
    lib = CardLibrary([out.parent])
    ids = {c.name: c.id for c in lib}
    deck_cards = [c.id for c in lib if c.type not in ("Agent", "X-File") and c.name != "The Odd One"]
    assert len(deck_cards) >= 30
    good = _deck(tmp_path, [ids["Agent Mara Quill"], ids["Agent Hollis Vane"], ids["Analyst Rue Okafor"]],
                 [ids["The Quiet Tenants"]], [f"2x {c}" for c in deck_cards[:30]])
    code, body = _deck_check(tmp_path, good)
    assert code == 0 and body["legal"], body
    bad = _deck(tmp_path, [ids["Agent Mara Quill"], ids["Agent Mara Quill"], ids["Marshal Dean Pike"],
                       ids["Agent Hollis Vane"]],
                [ids["The Quiet Tenants"], ids["The Brass Lodge"]], [f"3x {deck_cards[0]}", *deck_cards[1:20]])
    code, body = _deck_check(tmp_path, bad)
    rules = {p["rule"] for p in body["problems"]}
    assert code == 1 and {"xfc.deck.1", "xfc.deck.2", "xfc.team.2", "xfc.team.3", "xfc.team.4"} <= rules
    odd = DeckList("k", sections={"deck": [DeckEntry(f"xfc-fixture/{ids['The Odd One']}")]})
    killer = get_ruleset("xfiles-ccg").deck_problems(odd, lib)
    assert "xfc.deck.3" in {v.rule for v in killer}


@pytest.fixture()
def second(tmp_path: Path):
    out = tmp_path / "cards" / "xfc-second"
    report = import_cards(SECOND, out)
    assert check_path(out) == []
    return report, {c.name: c for c in CardLibrary([out.parent])}


def test_health_na_is_written_and_read(second) -> None:
    _, cards = second
    lights = card_info(cards["Lights Over Harlan"])
    assert cards["Lights Over Harlan"].get("health") == "N/A"
    assert lights.health_na and lights.health is None and not lights.combative


def test_the_summary_line_counts_every_note_listed(tmp_path: Path) -> None:
    """`tabletop import` lists each note, then a summary whose count is the number of lines it listed."""
    out = subprocess.run([sys.executable, "-m", "tabletop", "import", "xfiles-ccg-json", str(FIXTURE), "--out",
                          str(tmp_path / "xfc-fixture")], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    lines = out.stdout.splitlines()
    listed = [ln for ln in lines if ln.startswith(str(FIXTURE))]
    summary = lines[-1]
    assert len(listed) > 6 and summary.startswith("Imported 42 card(s)")
    assert f"; {len(listed)} note(s) (" in summary, summary


def test_x_plus_n_costs_keep_their_pool_and_extra(second) -> None:
    report, cards = second
    shift, favors = card_info(cards["Double Shift"]), card_info(cards["Borrowed Favors"])
    assert cards["Double Shift"].get("cost") == "X+1" and cards["Borrowed Favors"].get("cost") == "X+2"
    assert (shift.cost, shift.cost_extra, shift.pool) == (None, 1, "RP")
    assert (favors.cost, favors.cost_extra, favors.pool) == (None, 2, "CP")
    assert not [n for n in report.notes if n.field == "cost"]


def test_equipment_modifiers_in_the_forms_the_card_file_uses(second) -> None:
    report, cards = second
    want = {
        "Pocket Recorder": {"Observation": 1},
        "Field Binoculars": {"Observation": 1},
        "Hunting Rifle": {"Long Range Combat": 2},
        "Riot Baton": {"Long Range Combat": 1, "Close Range Combat": 1},
        "Case Files": {"Bureaucracy": 2},
        "Night Vision Goggles": {"Observation": 2},
        "Forensics Kit": {"Evidence Collection": 1},
    }
    assert {name: dict(card_info(cards[name]).modifies) for name in want} == want
    assert not [n for n in report.notes if n.card in want]
    assert parse_modifier("Subtracts 1 from the opponent's OBSERVATION.") == {}


def test_special_combat_values_are_read(second) -> None:
    report, cards = second
    mirror = card_info(cards["The Mirror Man"])
    assert cards["The Mirror Man"].get("skills")["Long Range Combat"] == "Special"
    assert mirror.special == {"Long Range Combat"} and mirror.combative and mirror.skill("Close Range Combat") == 3
    notes = [n for n in report.notes if n.card == "The Mirror Man"]
    assert [n.kind for n in notes] == ["by-hand"] and "Special" in notes[0].message


def test_a_sites_lowered_prerequisite_for_one_question_is_read(second) -> None:
    _, cards = second
    chapel = card_info(cards["Saltmarsh Chapel, SC"])
    assert cards["Saltmarsh Chapel, SC"].get("lowered") == {"kind": "Result", "value": "Insanity", "need": 3}
    assert chapel.lowered == ("Result", "Insanity", 3) and chapel.asks == ("Motive", "Result")
    assert chapel.prerequisite == (("Occult Investigation", 6),)


def test_prerequisites_the_engine_reads_are_not_noted_and_no_skill_is_dropped(tmp_path: Path) -> None:
    """"X or Y 5+" (the number said once) lost its first skill, silently, in the importer and in the engine; an
    "X 3+ and Y 3+" or a trailing period the engine reads was still noted as kept as text; a `null` game text was
    written as the word None."""
    records = [
        {"id": "PQ-1", "title": "Saltbox Ferry, Lubec, ME", "type": "Site", "cost": "2 RP", "keywords": ["Site"],
         "prerequisite": "BEHAVIORAL or OBSERVATION 5+", "question": "You may ask one RESULT question."},
        {"id": "PQ-2", "title": "Crane Hollow Mine, WV", "type": "Site", "cost": "1 RP", "keywords": ["Site"],
         "prerequisite": "MEDICAL 3+ and SCIENCES 3+", "question": "You may ask one METHOD question."},
        {"id": "PQ-3", "title": "Route 6 Diner, OH", "type": "Site", "cost": "1 RP", "keywords": ["Site"],
         "prerequisite": "COMPUTER 4+.", "question": "You may ask one MOTIVE question."},
        {"id": "PQ-4", "title": "The Lantern House, VT", "type": "Site", "cost": "1 RP", "keywords": ["Site"],
         "prerequisite": "OCCULT INVESTIGATION or SCIENCES", "question": "You may ask one MOTIVE question."},
        {"id": "PQ-5", "title": "Marsh Gas", "type": "Event", "cost": "1 RP", "keywords": ["Event"],
         "gameText": None},
    ]
    src = tmp_path / "pq.json"
    src.write_text(json.dumps(records), encoding="utf-8")
    report = import_cards(src, tmp_path / "cards" / "pq")
    cards = {c.name: c for c in CardLibrary([tmp_path / "cards"])}
    ferry = card_info(cards["Saltbox Ferry, Lubec, ME"])
    assert ferry.prerequisite == (("Behavioral", 5), ("Observation", 5)) and ferry.requires == ()
    assert card_info(cards["Crane Hollow Mine, WV"]).requires == (("Medical", 3), ("Sciences", 3))
    assert card_info(cards["Route 6 Diner, OH"]).prerequisite == (("Computer", 4),)
    noted = {n.card: n.message for n in report.notes if n.field == "prerequisite"}
    assert set(noted) == {"The Lantern House, VT"}, noted  # no number for either skill: said, kept as text
    assert cards["Marsh Gas"].text == "" and card_info(cards["Marsh Gas"]).text == ""
