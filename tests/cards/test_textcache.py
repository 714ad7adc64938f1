"""The card text cache on disk: written whole at exit, read back, a broken file ignored (it is only a cache)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards.textcache import TextCache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_meanings_survive_a_new_process_and_a_new_grammar_gets_a_new_file(folder: Path, tmp_path: Path) -> None:
    grammar = tmp_path / "g.lark"
    grammar.write_text("start: 'a'", encoding="utf-8")
    cache = TextCache("t", grammar)
    assert cache.get("Heal 1.") == (False, None)
    cache.put("Heal 1.", {"steps": [{"heal": 1}]})
    cache.put("Flip the card.", None)
    cache.save()
    again = TextCache("t", grammar)
    assert again.get("Heal 1.") == (True, {"steps": [{"heal": 1}]}) and again.get("Flip the card.") == (True, None)
    assert [p.name for p in folder.iterdir()] == [cache.path.name]  # no temporary file left behind
    grammar.write_text("start: 'b'", encoding="utf-8")
    assert TextCache("t", grammar).get("Heal 1.") == (False, None)


def test_a_broken_cache_file_is_ignored_and_replaced(folder: Path, tmp_path: Path) -> None:
    grammar = tmp_path / "g.lark"
    grammar.write_text("start: 'a'", encoding="utf-8")
    cache = TextCache("t", grammar)
    cache.path.parent.mkdir(parents=True)
    cache.path.write_text("{not json", encoding="utf-8")
    assert cache.get("Heal 1.") == (False, None)
    cache.put("Heal 1.", None)
    cache.save()
    assert TextCache("t", grammar).get("Heal 1.") == (True, None)
