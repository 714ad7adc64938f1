"""The deck editor played by real input only: build a legal deck of each ruleset from an empty one by searching,
clicking and dragging, save it, open it again, start a game with it; fill in an illegal deck and read its problems.

Every step is a posted mouse or key event taken by the window's own loop (tests/ui/drivekit.py); targets come from
the widgets' rectangles. The decks built are the shipped sample decks, so a legal result is known in advance.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from tabletop.cards import default_library, load_deck
from tabletop.ui import TableApp
from tests.ui.drivekit import Driver

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[3]
#: frames to let pass between two gestures on one row, so two clicks never read as a double click
APART = 40


class DeckDriver(Driver):
    """A player's hands on the deck editor."""

    @property
    def editor(self):
        assert self.app.editor is not None, "the deck editor is not open"
        return self.app.editor

    def open_editor(self) -> None:
        self.click(self.app.start.buttons["decks"].get_abs_rect().center)
        assert self.app.editor is not None

    def choose(self, menu, option: str) -> None:
        self.click(menu.get_abs_rect().center)
        self.settle()
        items = menu.current_state.options_selection_list.item_list
        index = [i["text"] for i in items].index(option)
        self.click(items[index]["button_element"].get_abs_rect().center)
        self.settle()

    def type_text(self, text: str) -> None:
        self.post(pygame.event.Event(pygame.TEXTINPUT, text=text, window=None))
        self.settle()

    def search(self, words: str) -> None:
        entry = self.editor.browser.search
        self.click(entry.get_abs_rect().center)
        self.key(pygame.K_a, pygame.KMOD_CTRL)
        self.key(pygame.K_BACKSPACE)
        self.type_text(words)

    def row_of(self, ref: str) -> tuple[int, int]:
        """The centre of the browser's row showing this card (searched by its name first)."""
        browser = self.editor.browser
        refs = [c.ref for c in browser.cards]
        assert ref in refs, f"{ref} not found by searching {browser.search.get_text()!r}"
        element = browser.list.item_list[refs.index(ref)]["button_element"]
        assert element is not None, f"{ref}'s row is not in view"
        return element.get_abs_rect().center

    def heading_of(self, section: str) -> tuple[int, int]:
        panel = self.editor.panel
        index = panel.rows.index((section, None))
        return panel.list.item_list[index]["button_element"].get_abs_rect().center

    def double_click(self, pos: tuple[int, int]) -> None:
        self.post(frames=APART)
        self.click(pos)
        self.click(pos)
        self.post(frames=APART)

    def add_card(self, ref: str, section: str, count: int, how: str) -> None:
        name = self.app.library.get(ref).name
        self.search(name)
        pos = self.row_of(ref)
        for i in range(count):
            if how == "drag" or section not in (self.editor.draft.section_for(self.app.library.get(ref)),):
                self.post(frames=APART)
                self.drag(pos, self.heading_of(section))
            elif how == "enter" and i == 0 and self.editor.browser.cards[0].ref == ref:
                self.click(self.editor.browser.search.get_abs_rect().center)
                self.key(pygame.K_RETURN)
            else:
                self.double_click(pos)

    def save_as(self, path: Path) -> None:
        self.click(self.editor.panel.list.get_abs_rect().center)  # focus away from text fields
        self.key(pygame.K_s, pygame.KMOD_CTRL)
        _type_path(self, path)

    def open_file(self, path: Path) -> None:
        self.key(pygame.K_o, pygame.KMOD_CTRL)
        _type_path(self, path)


@pytest.fixture
def drive():
    app = TableApp(None, size=(1280, 800), start_screen=True, fps=0, autosave=None)
    app.run_frames(2)
    yield DeckDriver(app)
    app.close()
    pygame.event.clear()


LEGAL = {
    "xfiles-ccg": ("cards/xfiles-ccg-sample/decks/les.yaml", "xfiles-ccg-sample", None),
    "tragedy": ("cards/standard/decks/tragedy.yaml", "standard", 40),
    "xfiles-fan": ("cards/xfiles-fan-sample/decks/agents.yaml", "xfiles-fan-sample", None),
}


def _target(ruleset: str) -> dict[str, dict[str, int]]:
    path, _, first = LEGAL[ruleset]
    deck = load_deck(path, default_library())
    out: dict[str, dict[str, int]] = {}
    budget = first
    for section, entries in deck.sections.items():
        for entry in entries:
            if budget is not None and budget <= 0:
                break
            out.setdefault(section, {})[entry.ref] = entry.count
            budget = None if budget is None else budget - entry.count
    out.pop("sideboard", None)
    return out


# the X-Files CCG in every run, the other rulesets in the slow run CI also makes: the suite's time
@pytest.mark.parametrize("ruleset", [r if r == "xfiles-ccg" else pytest.param(r, marks=pytest.mark.slow)
                                     for r in sorted(LEGAL)])
def test_a_legal_deck_built_by_hand_saves_reopens_and_starts_a_game(drive, ruleset, tmp_path):
    drive.open_editor()
    drive.choose(drive.editor.ruleset_menu, ruleset)
    drive.choose(drive.editor.browser.set_menu, LEGAL[ruleset][1])
    target = _target(ruleset)
    hows = ("enter", "double", "drag")
    n = 0
    for section, cards in target.items():
        for ref, count in cards.items():
            drive.add_card(ref, section, count, hows[n % 3])
            n += 1
    draft = drive.editor.draft
    built = {s: dict(c) for s, c in draft.sections.items() if c}
    assert built == target
    assert draft.problems() == []
    assert "Legal" in drive.editor.panel.problems.html_text

    path = tmp_path / f"{ruleset}.yaml"
    drive.save_as(path)
    assert path.is_file() and not drive.editor.draft.dirty

    drive.key(pygame.K_ESCAPE)  # saved: Escape closes at once, back to the start screen
    assert drive.app.editor is None and drive.app.start is not None
    drive.open_editor()
    drive.open_file(path)
    reopened = {s: dict(c) for s, c in drive.editor.draft.sections.items() if c}
    assert reopened == target and drive.editor.draft.ruleset.name == ruleset

    drive.click(drive.editor.tools["play"].get_abs_rect().center)
    newgame = drive.app.newgame
    assert newgame is not None and newgame.values()["ruleset"] == ruleset
    assert newgame.values()["decks"] == {0: str(path)}
    drive.click(newgame.start.get_abs_rect().center)
    assert drive.app.session is not None
    mine = [p.card for p in drive.app.session.state.pieces.values() if p.owner == 0 and p.kind == "card"]
    assert sorted(mine) == sorted(r for c in target.values() for r, k in c.items() for _ in range(k))


def test_an_illegal_deck_shows_each_problem_with_its_rule_and_marks_the_cards(drive):
    drive.open_editor()
    drive.choose(drive.editor.ruleset_menu, "xfiles-ccg")
    drive.add_card("xfiles-ccg-sample/ambush", "deck", 3, "double")
    drive.add_card("xfiles-ccg-sample/lena-ortiz", "team", 1, "double")
    problems = drive.editor.draft.problems()
    rules = {p.rule for p in problems}
    assert {"xfc.deck.1", "xfc.deck.2"} <= rules  # too few cards, three copies of Ambush
    shown = drive.editor.panel.problems.html_text
    for p in problems:
        assert p.rule in shown
    assert f"{len(problems)} problems" in shown
    rows = [i["text"] for i in drive.editor.panel.list.item_list]
    assert any(r.startswith("! 3x Ambush") for r in rows)  # the card at fault is marked, over its limit
    drive.key(pygame.K_ESCAPE)  # unsaved: Escape asks before closing
    assert drive.app.editor is not None and drive.editor.files.choice is not None
    drive.key(pygame.K_ESCAPE)  # Escape again: keep editing
    assert drive.app.editor is not None and drive.editor.files.choice is None


def _pick(drive: DeckDriver, option: str) -> None:
    choice = drive.editor.files.choice
    assert choice is not None, "no question was asked"
    index = choice.options.index(option)
    drive.click(choice.list.item_list[index]["button_element"].get_abs_rect().center)
    drive.key(pygame.K_RETURN)


def _type_path(drive: DeckDriver, path: Path) -> None:
    fd = drive.editor.files.file_dialog
    assert fd is not None, "no file dialog opened"
    fd.file_path_text_line.set_text("")
    drive.click(fd.file_path_text_line.get_abs_rect().center)
    drive.type_text(str(path))
    drive.key(pygame.K_RETURN)
    drive.settle()


def test_a_deck_exports_to_cockatrice_and_reads_back_the_same_and_saves_by_name(drive, tmp_path):
    drive.open_editor()
    drive.open_file(Path("cards/xfiles-ccg-sample/decks/les.yaml").resolve())
    before = {s: dict(c) for s, c in drive.editor.draft.sections.items() if c}
    drive.click(drive.editor.tools["export"].get_abs_rect().center)
    _pick(drive, "Cockatrice (.cod)")
    cod = tmp_path / "les.cod"
    _type_path(drive, cod)
    assert cod.read_text(encoding="utf-8").startswith("<?xml")
    drive.click(drive.editor.tools["new"].get_abs_rect().center)
    assert not any(drive.editor.draft.sections.values())
    drive.open_file(cod)
    after = {s: dict(c) for s, c in drive.editor.draft.sections.items() if c}
    assert after == before
    saved = tmp_path / "les-by-name.yaml"
    drive.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert "2x Ambush" in text and "ambush" not in text.replace("Ambush", "")  # names, not ids
    shipped = load_deck("cards/xfiles-ccg-sample/decks/les.yaml", drive.app.library)
    assert load_deck(saved, drive.app.library).counts() == shipped.counts()


def test_new_game_picks_a_deck_from_the_known_decks(drive, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    mine = tmp_path / "decks" / "mine.yaml"
    mine.write_text((ROOT / LEGAL["tragedy"][0]).read_text(encoding="utf-8"), encoding="utf-8")
    drive.click(drive.app.start.buttons["new"].get_abs_rect().center)
    newgame = drive.app.newgame
    drive.click(newgame.deck_button.get_abs_rect().center)
    picker = drive.app.prompt
    assert picker is not None
    assert picker.options[0] == "mine.yaml (decks/)" and picker.options[-1] == "Other file…"
    assert "les.yaml (xfiles-ccg-sample)" in picker.options  # the shipped decks of the loaded sets
    drive.click(picker.list.item_list[0]["button_element"].get_abs_rect().center)
    drive.key(pygame.K_RETURN)
    assert newgame.decks == {0: str(mine.resolve())}


def test_notes_are_written_in_the_editor_and_kept_in_the_file(drive, tmp_path):
    drive.open_editor()
    drive.choose(drive.editor.ruleset_menu, "tragedy")
    drive.add_card("standard/KS", "star", 1, "drag")
    drive.click(drive.editor.panel.buttons["notes"].get_abs_rect().center)
    notes = drive.editor.files.notes
    assert notes is not None
    drive.click(notes.box.get_abs_rect().center)
    drive.type_text("Kings first.")
    drive.click(notes.ok.get_abs_rect().center)
    assert drive.editor.files.notes is None and drive.editor.draft.notes == "Kings first."
    path = tmp_path / "noted.yaml"
    drive.save_as(path)
    assert load_deck(path, drive.app.library).description == "Kings first."
