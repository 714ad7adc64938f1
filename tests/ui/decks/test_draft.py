"""The deck editor's model: sections from the ruleset, copies and limits, live problems with rules, undo, stats."""

from __future__ import annotations

import pytest

from tabletop.cards import default_library, load_deck
from tabletop.rules import get_ruleset_class
from tabletop.ui.decks.draft import SIDEBOARD, DeckDraft

LES = "cards/xfiles-ccg-sample/decks/les.yaml"
TRAGEDY = "cards/standard/decks/tragedy.yaml"


@pytest.fixture(scope="module")
def lib():
    return default_library()


def draft(lib, ruleset: str, path: str | None = None) -> DeckDraft:
    rs = get_ruleset_class(ruleset)()
    if path is None:
        return DeckDraft(lib, rs)
    return DeckDraft.from_decklist(load_deck(path, lib), lib, rs)


def test_sections_come_from_the_ruleset_then_the_sideboard(lib):
    assert [s for s, _ in draft(lib, "xfiles-ccg").section_labels()] == ["team", "deck", "xfile", SIDEBOARD]
    assert [s for s, _ in draft(lib, "tragedy").section_labels()] == ["star", "deck", SIDEBOARD]
    assert [s for s, _ in draft(lib, "freeform").section_labels()] == ["deck", SIDEBOARD]


def test_a_card_added_goes_to_the_section_its_type_belongs_to(lib):
    d = draft(lib, "xfiles-ccg")
    assert d.add("xfiles-ccg-sample/lena-ortiz") == "team"
    assert d.add("xfiles-ccg-sample/lantern-choir") == "xfile"
    assert d.add("xfiles-ccg-sample/ambush") == "deck"
    assert d.add("standard/AS", "deck") == "deck"
    t = draft(lib, "tragedy")
    assert t.add("standard/KS") == "deck"  # the Star is chosen by moving a card there, never by accident


def test_a_legal_deck_reads_clean_and_a_third_copy_is_a_problem_citing_its_rule(lib):
    d = draft(lib, "xfiles-ccg", LES)
    assert d.problems() == [] and not d.dirty
    d.add("xfiles-ccg-sample/ambush")
    assert d.copies("xfiles-ccg-sample/ambush") == 3 and d.copy_limit("xfiles-ccg-sample/ambush") == 2
    [problem] = d.problems()
    assert problem.rule == "xfc.deck.2" and "Ambush" in problem.message
    assert d.faulty() == {"xfiles-ccg-sample/ambush"} and d.dirty


def test_undo_and_redo_walk_the_edits_and_the_saved_point_is_clean(lib):
    d = draft(lib, "xfiles-ccg", LES)
    d.remove("xfiles-ccg-sample/ambush", "deck")
    d.move("xfiles-ccg-sample/ambush", "deck", SIDEBOARD)
    assert d.copies("xfiles-ccg-sample/ambush") == 0 and d.copies("xfiles-ccg-sample/ambush", SIDEBOARD) == 1
    assert d.undo() and d.copies("xfiles-ccg-sample/ambush") == 1
    assert d.undo() and not d.dirty and not d.undo()
    assert d.redo() and d.redo() and not d.redo()
    assert d.copies("xfiles-ccg-sample/ambush", SIDEBOARD) == 1


def test_the_sideboard_is_kept_but_not_judged_as_part_of_a_tragedy_deck(lib):
    d = draft(lib, "tragedy", TRAGEDY)
    d.move("standard/AS", "deck", SIDEBOARD)
    assert d.to_decklist().sections[SIDEBOARD][0].ref == "standard/AS"
    # the deck is one short of the 53+1 it had, and nothing complains of the sideboard's card
    assert all("Ace of Spades" not in p.message for p in d.problems())


def test_stats_count_types_sections_and_the_cost_curve(lib):
    s = draft(lib, "xfiles-ccg", LES).stats()
    assert s.total == 65 and s.per_section["team"] == 4 and s.per_type["Site"] == 20
    assert sum(s.curve.values()) > 0 and list(s.curve) == sorted(s.curve)


def test_removing_a_card_the_section_lacks_changes_nothing(lib):
    d = draft(lib, "xfiles-ccg")
    assert not d.remove("xfiles-ccg-sample/ambush", "deck") and not d.dirty and not d.undo()


def test_notes_and_the_name_make_the_deck_unsaved_and_notes_undo(lib):
    d = draft(lib, "xfiles-ccg", LES)
    d.set_notes("Rush the Sites; keep two Ambush for the Harvest Lights.")
    assert d.dirty and d.to_decklist().description.startswith("Rush")
    assert d.undo() and d.notes == load_deck(LES, lib).description and not d.dirty
    d.name = "Les, again"
    assert d.dirty
