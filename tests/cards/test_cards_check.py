"""`cards check` finds problems in card sets and in the deck lists stored beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cards import check_path, find_deck_files, format_problems, is_deck_file


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    base = tmp_path / "mycards"
    write(base / "mine" / "set.yaml", "title: Mine\n")
    write(base / "mine" / "cards.yaml", "- {id: a, name: A, type: t}\n- {id: b, name: B}\n")
    write(base / "mine" / "decks" / "good.yaml", "set: mine\nsections:\n  deck: [a, 2x a, standard/KS]\n")
    write(base / "mine" / "decks" / "bad.yaml", "set: mine\nsections:\n  deck:\n    - a\n    - aa\n")
    write(base / "decks" / "mixed.yaml", "- mine/a\n- standard/QZ\n")
    return base


def test_check_root_reports_sets_and_decks(root: Path) -> None:
    problems = check_path(root)
    lines = format_problems(problems).splitlines()
    assert lines == [
        "mycards/mine/cards.yaml:2: [1]: missing 'type'",
        "mycards/decks/mixed.yaml:2: [1]: unknown card 'QZ' in set 'standard' (did you mean 'QS'?)",
        "mycards/mine/decks/bad.yaml:5: sections.deck[1]: unknown card 'aa' in set 'mine' (did you mean 'a'?)",
    ]


def test_check_one_deck_file(root: Path) -> None:
    assert check_path(root / "mine" / "decks" / "good.yaml") == []
    assert len(check_path(root / "mine" / "decks" / "bad.yaml")) == 1


def test_check_one_set_and_one_card_file(root: Path) -> None:
    assert [p.line for p in check_path(root / "mine")] == [2, 5]
    assert [p.line for p in check_path(root / "mine" / "cards.yaml")] == [2]
    assert check_path(root / "mine" / "set.yaml") == []


def test_deck_file_detection(root: Path, tmp_path: Path) -> None:
    assert is_deck_file(root / "decks" / "mixed.yaml")
    loose = write(tmp_path / "loose.yaml", "sections: {deck: [standard/AS]}\n")
    assert is_deck_file(loose) and check_path(loose) == []
    assert not is_deck_file(root / "mine" / "cards.yaml")
    assert [p.name for p in find_deck_files(root)] == ["mixed.yaml", "bad.yaml", "good.yaml"]
    assert [p.name for p in find_deck_files(root / "mine" / "decks")] == ["bad.yaml", "good.yaml"]


def test_missing_path(tmp_path: Path) -> None:
    assert "no such file" in check_path(tmp_path / "nothing")[0].message
