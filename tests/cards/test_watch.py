"""Live card edits: an open table picks up a card file changed on disk; a broken file is reported, not a crash."""

from __future__ import annotations

import os
from pathlib import Path

from tabletop.cards import CardLibrary, DeckEntry, DeckList
from tabletop.cards.watch import CardWatcher
from tabletop.core import Session
from tabletop.rules.tragedy import Tragedy

SET = "set: demo\ntitle: Demo\ntragedy:\n  value_field: rank\n  by_type:\n    hero: {roles: [Actor, Act]}\n"


def _cards(name: str = "Old Hero", rank: int = 5, text: str = "Stands tall.") -> str:
    return ("cards:\n"
            f"  - {{id: hero, name: {name}, type: hero, rank: {rank}, text: {text}}}\n"
            "  - {id: extra, name: Extra, type: hero, rank: 2}\n")


def _write(path: Path, text: str) -> None:
    """Rewrite a file as an editor does, making sure its stamp moves even within one clock tick."""
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text)
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def _table(tmp_path: Path) -> tuple[Session, CardLibrary, Path]:
    root = tmp_path / "cards"
    demo = root / "demo"
    demo.mkdir(parents=True)
    (demo / "set.yaml").write_text(SET)
    cards = demo / "cards.yaml"
    cards.write_text(_cards())
    library = CardLibrary([root])
    deck = DeckList(name="d", sections={"star": [DeckEntry("demo/hero")], "deck": [DeckEntry("demo/extra")]},
                    set="demo")
    rules = Tragedy(library=library)
    state = rules.new_game(2, decks={0: deck, 1: deck}, library=library, seed=1, enforcement="warn")
    return Session(state, rules), library, cards


def test_an_open_table_picks_up_a_changed_card(tmp_path: Path) -> None:
    session, library, cards = _table(tmp_path)
    watcher = CardWatcher(library)
    star = next(pid for pid in session.state.zones["hand:0"].pieces if session.state.pieces[pid].card == "demo/hero")
    rules = session.rules
    assert rules.card_name(session.state, star) == "Old Hero" and rules.value(session.state, star) == 5
    assert not watcher.poll()  # nothing changed yet

    _write(cards, _cards(name="New Hero", rank=9, text="Stands taller."))
    result = watcher.poll()
    assert result.reloaded == ["demo"] and result.problems == []
    assert library.get("demo/hero").text == "Stands taller."
    assert rules.card_name(session.state, star) == "New Hero"  # the ruleset's card cache was refreshed
    assert rules.value(session.state, star) == 9
    assert session.state.pieces[star].card == "demo/hero"  # the table names cards by ref: nothing to migrate
    assert not watcher.poll()


def test_a_broken_card_file_is_reported_and_the_table_keeps_its_cards(tmp_path: Path) -> None:
    session, library, cards = _table(tmp_path)
    watcher = CardWatcher(library)
    version = library.version
    _write(cards, "cards:\n  - {id: hero, name: Broken, type: hero\n")  # an unclosed mapping
    result = watcher.poll()
    assert result.reloaded == [] and len(result.problems) >= 1
    assert "cards.yaml" in str(result.problems[0]) and ":3" in str(result.problems[0])
    assert library.get("demo/hero").name == "Old Hero" and library.version == version
    assert not watcher.poll()  # reported once, not at every poll

    _write(cards, "cards:\n  - {id: hero, name: Hero, type: hero, rank: 5}\n  - {id: hero, name: Twin, type: hero}\n")
    problem = watcher.poll().problems  # a new mistake in the same file: a duplicate id
    assert problem and "hero" in str(problem[0])
    assert library.get("demo/hero").name == "Old Hero"

    _write(cards, _cards(name="Fixed Hero"))
    assert watcher.poll().reloaded == ["demo"]
    assert library.get("demo/hero").name == "Fixed Hero" and library.version == version + 1
    star = session.state.zones["hand:0"].pieces[0]
    assert session.rules.card_name(session.state, star) in ("Fixed Hero", "Extra")


def test_a_new_card_file_in_a_set_is_picked_up(tmp_path: Path) -> None:
    _, library, cards = _table(tmp_path)
    watcher = CardWatcher(library)
    _write(cards.with_name("more.yaml"), "- {id: sidekick, name: Sidekick, type: hero, rank: 3}\n")
    assert watcher.poll().reloaded == ["demo"]
    assert library.get("demo/sidekick").name == "Sidekick"


def test_the_game_glue_watches_the_library_a_session_plays_with(tmp_path: Path) -> None:
    from tabletop.game import card_watcher

    session, library, cards = _table(tmp_path)
    watcher = card_watcher(session)
    assert watcher.library is library
    _write(cards, _cards(name="Glued Hero"))
    assert watcher.poll().reloaded == ["demo"] and library.get("demo/hero").name == "Glued Hero"
