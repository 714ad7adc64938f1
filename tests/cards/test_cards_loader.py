"""Card sets load from folders, and a broken set reports every problem with its file, line and field."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tabletop.cards import (
    CardDef,
    CardLibrary,
    CardSetError,
    UnknownCardError,
    check_sets,
    format_problems,
    load_set,
    read_set,
)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def make_set(root: Path, name: str, set_yaml: str, **files: str) -> Path:
    folder = root / name
    write(folder / "set.yaml", set_yaml)
    for filename, text in files.items():
        write(folder / filename, text)
    return folder


GOOD_SET = """
set: demo
title: Demo set
description: A few cards.
back: blue
roles: {hero: [Actor]}
"""

GOOD_CARDS = """
defaults:
  type: creature
cards:
  - id: goblin
    name: Goblin
    cost: 1
    tags: [green, small]
  - id: 7
    name: Seven
    type: number
    text: Just a seven.
    back: red
    tragedy: {value: 7, roles: [Set]}
"""


def test_load_good_set(tmp_path: Path) -> None:
    folder = make_set(tmp_path, "demo", GOOD_SET, **{"cards.yaml": GOOD_CARDS})
    card_set = load_set(folder)
    assert card_set.name == "demo" and card_set.title == "Demo set" and card_set.back == "blue"
    assert card_set.description == "A few cards."
    assert card_set.extra == {"roles": {"hero": ["Actor"]}}
    assert list(card_set.cards) == ["goblin", "7"]
    goblin = card_set.cards["goblin"]
    assert goblin == CardDef(
        set="demo",
        id="goblin",
        name="Goblin",
        type="creature",
        back="blue",
        fields={"cost": 1, "tags": ["green", "small"]},
    )
    assert goblin.line == 4 and goblin.source.endswith("cards.yaml")
    assert goblin.get("cost") == 1 and goblin.get("nope", 5) == 5
    seven = card_set.cards["7"]
    assert seven.type == "number" and seven.back == "red" and seven.text == "Just a seven."
    assert seven.get("tragedy") == {"value": 7, "roles": ["Set"]}
    with pytest.raises(TypeError):
        seven.fields["x"] = 1  # type: ignore[index]


def test_cards_split_over_files_and_subfolders(tmp_path: Path) -> None:
    folder = make_set(
        tmp_path,
        "split",
        "title: Split\n",
        **{
            "b-places.yaml": "- {id: home, name: Home, type: place}\n",
            "a-people.yml": "cards:\n  - {id: ann, name: Ann, type: person}\n",
            "more/things.yaml": "- {id: cup, name: Cup, type: thing}\n",
            "decks/ignored.yaml": "- not a card\n",
        },
    )
    card_set = load_set(folder)
    assert list(card_set.cards) == ["ann", "home", "cup"]


def test_cards_inside_set_yaml(tmp_path: Path) -> None:
    folder = make_set(tmp_path, "one", "title: One\ncards:\n  - {id: a, name: A, type: t}\n")
    card_set = load_set(folder)
    assert list(card_set.cards) == ["a"] and card_set.extra == {}


BROKEN_CARDS = """
cards:
  - id: AS
    name: Ace
    type: ace
  - id: AS
    name: Another ace
    type: ace
  - id: 2S
    type: number
  - id: 3S
    name: Three
    type: [number]
  - just a string
  - id: bad/id
    name: Slash
    type: x
  - id: ok
    name: ""
    type: x
    text: 5
"""


def test_broken_set_reports_every_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(tmp_path, "broken", "set: broken\n", **{"cards.yaml": BROKEN_CARDS})
    with pytest.raises(CardSetError) as info:
        load_set(folder)
    problems = info.value.problems
    found = [(p.file, p.line, p.field, p.message) for p in problems]
    file = "broken/cards.yaml"
    assert (file, 5, "cards[1].id", "duplicate card id 'AS' (first defined at broken/cards.yaml:2)") in found
    assert (file, 8, "cards[2]", "missing 'name'") in found
    assert (file, 12, "cards[3].type", "expected type to be a string, not list") in found
    assert any(p[:3] == (file, 13, "cards[4]") and "expected a card" in p[3] for p in found)
    assert any(p[:3] == (file, 14, "cards[5].id") and "invalid id 'bad/id'" in p[3] for p in found)
    assert (file, 18, "cards[6].name", "empty name") in found
    assert (file, 20, "cards[6].text", "expected text to be a string, not int") in found
    assert len(problems) == 7
    # The message and the formatter list them all, one per line.
    assert str(info.value).count("\n") == 7
    assert format_problems(problems).splitlines()[0].startswith("broken/cards.yaml:")
    # read_set keeps the good card and returns the same problems without raising.
    card_set, again = read_set(folder)
    assert list(card_set.cards) == ["AS"] and again == problems


def test_duplicate_across_files_names_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(
        tmp_path,
        "dup",
        "title: Dup\n",
        **{
            "a.yaml": "- {id: x, name: X, type: t}\n",
            "b.yaml": "# two\n# comments\n- {id: x, name: X2, type: t}\n",
        },
    )
    problems = check_sets(folder)
    assert [str(p) for p in problems] == [
        "dup/b.yaml:3: [0].id: duplicate card id 'x' (first defined at dup/a.yaml:1)"
    ]


def test_set_file_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(
        tmp_path,
        "meta",
        "set: other\ntitle: 3\ntragedy:\n  by_type:\n    face: {roles: [Hero]}\n",
        **{"cards.yaml": "cards:\n  - {id: a, name: A, type: t}\nextra: 1\n"},
    )
    found = {(p.file, p.line, p.field): p.message for p in check_sets(folder)}
    assert found[("meta/set.yaml", 1, "set")] == "set 'other' does not match its folder name 'meta'"
    assert found[("meta/set.yaml", 2, "title")] == "expected a string, not int"
    assert "unknown role 'Hero'" in found[("meta/set.yaml", 5, "tragedy.by_type.face.roles[0]")]
    assert "unknown key 'extra'" in found[("meta/cards.yaml", 3, "extra")]
    assert len(found) == 4


def test_yaml_errors_become_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(
        tmp_path,
        "bad",
        "title: Bad\n",
        **{
            "a.yaml": "- {id: a, name: A, type: t}\n- {id: b, name: B, type: t, type: u}\n",
            "c.yaml": "- [\n",
        },
    )
    problems = check_sets(folder)
    assert [(p.file, p.line) for p in problems] == [("bad/a.yaml", 2), ("bad/c.yaml", 2)]
    assert "duplicate key 'type'" in problems[0].message


def test_missing_set_yaml_and_stray_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    make_set(tmp_path / "root", "good", "title: Good\n", **{"c.yaml": "- {id: a, name: A, type: t}\n"})
    write(tmp_path / "root" / "stray" / "c.yaml", "- {id: a, name: A, type: t}\n")
    problems = check_sets(tmp_path / "root")
    assert [str(p) for p in problems] == ["root/stray: folder has YAML files but no set.yaml"]
    assert "no such file" in check_sets(tmp_path / "nope")[0].message
    assert "no card sets" in check_sets(tmp_path / "root" / "stray")[0].message


def test_check_single_card_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = make_set(
        tmp_path,
        "s",
        "title: S\n",
        **{"good.yaml": "- {id: a, name: A, type: t}\n", "bad.yaml": "- {id: b, type: t}\n"},
    )
    assert check_sets(folder / "good.yaml") == []
    assert [p.field for p in check_sets(folder / "bad.yaml")] == ["[0]"]
    lone = write(tmp_path / "loose" / "cards.yaml", "- {id: a, name: A}\n")
    assert [p.message for p in check_sets(lone)] == ["missing 'type'"]


def test_library_lookup(tmp_path: Path) -> None:
    make_set(
        tmp_path,
        "alpha",
        "title: A\n",
        **{"c.yaml": "- {id: AS, name: Ace of Stars, type: t}\n- {id: x1, name: X, type: t}\n"},
    )
    make_set(
        tmp_path,
        "beta",
        "title: B\n",
        **{"c.yaml": "- {id: x1, name: X, type: t}\n- {id: b2, name: Bee, type: t}\n"},
    )
    library = CardLibrary([tmp_path])
    assert sorted(library.sets) == ["alpha", "beta"]
    assert len(library) == 4
    assert library.get("alpha/AS").name == "Ace of Stars"
    assert "alpha/AS" in library and "alpha/nope" not in library and "AS" not in library and 3 not in library
    with pytest.raises(KeyError, match="did you mean 'AS'"):
        library.get("alpha/AZ")
    with pytest.raises(UnknownCardError, match="unknown card set 'alpah' \\(did you mean 'alpha'\\?\\)"):
        library.get("alpah/AS")
    with pytest.raises(KeyError, match="no set"):
        library.get("AS")
    assert library.resolve("b2").ref == "beta/b2"
    assert library.resolve("x1", "beta").ref == "beta/x1"
    with pytest.raises(KeyError, match="several sets"):
        library.resolve("x1")
    assert [c.ref for c in library.find("x1")] == ["alpha/x1", "beta/x1"]
    assert [c.ref for c in library.find("ace of stars")] == ["alpha/AS"]
    assert [c.ref for c in library.find("beta/b2")] == ["beta/b2"]
    assert library.find("zzz") == []


def test_library_strict_and_lenient(tmp_path: Path) -> None:
    make_set(tmp_path, "good", "title: G\n", **{"c.yaml": "- {id: a, name: A, type: t}\n"})
    make_set(tmp_path, "bad", "title: B\n", **{"c.yaml": "- {id: a, type: t}\n"})
    with pytest.raises(CardSetError, match="missing 'name'"):
        CardLibrary([tmp_path])
    lenient = CardLibrary([tmp_path], strict=False)
    assert list(lenient.sets) == ["good"]
    assert [p.message for p in lenient.problems] == ["missing 'name'"]


def test_same_set_in_two_roots(tmp_path: Path) -> None:
    make_set(tmp_path / "one", "s", "title: S\n")
    make_set(tmp_path / "two", "s", "title: S\n")
    with pytest.raises(CardSetError, match="already loaded"):
        CardLibrary([tmp_path / "one", tmp_path / "two"])


def test_invalid_set_folder_name(tmp_path: Path) -> None:
    folder = make_set(tmp_path, "my set", "title: Spaces\n")
    assert "not a valid set id" in check_sets(folder)[0].message
