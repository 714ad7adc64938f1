"""The safe YAML reader refuses dangerous or ambiguous input and points at the right line and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop.yamlsafe import MAX_DEPTH, YamlError, dump, field_name, load_file, load_located


def refused(text: str | bytes, **kwargs: object) -> YamlError:
    with pytest.raises(YamlError) as info:
        load_located(text, "t.yaml", **kwargs)  # type: ignore[arg-type]
    return info.value


def test_plain_values_and_lines() -> None:
    text = (
        "name: deck\n"  # 1
        "cards:\n"  # 2
        "  - id: AS\n"  # 3
        "    rank: 1\n"  # 4
        "  - id: 10H\n"  # 5
        "    tags:\n"  # 6
        "      - a\n"  # 7
        "      - 2.5\n"  # 8
        "flag: true\n"  # 9
        "none: ~\n"  # 10
        "when: 2024-05-01\n"  # 11
    )
    doc = load_located(text, "t.yaml")
    assert doc.data == {
        "name": "deck",
        "cards": [{"id": "AS", "rank": 1}, {"id": "10H", "tags": ["a", 2.5]}],
        "flag": True,
        "none": None,
        "when": "2024-05-01",
    }
    assert doc.line_of(()) == 1
    assert doc.line_of(("cards",)) == 2
    assert doc.line_of(("cards", 1)) == 5
    assert doc.line_of(("cards", 1, "tags", 1)) == 8
    assert doc.line_of(("when",)) == 11
    # A missing node falls back to its nearest ancestor.
    assert doc.line_of(("cards", 1, "name")) == 5
    assert doc.line_of(("nope", 3)) == 1
    assert doc.field_name(("cards", 3, "name")) == "cards[3].name"
    assert field_name(()) == ""
    assert field_name((0, "id")) == "[0].id"


def test_empty_document_is_none() -> None:
    doc = load_located("# only a comment\n", "t.yaml")
    assert doc.data is None
    assert doc.line_of(("x",)) is None


def test_error_str_format() -> None:
    err = YamlError("cards/standard/cards.yaml", 17, "cards[3].name", "expected a string")
    assert str(err) == "cards/standard/cards.yaml:17: cards[3].name: expected a string"
    assert str(YamlError("f.yaml", None, "", "too big")) == "f.yaml: too big"
    assert str(YamlError("f.yaml", 2, "", "bad")) == "f.yaml:2: bad"


def test_refuses_aliases_and_anchors() -> None:
    err = refused("base: &b {a: 1}\nother: *b\n")
    assert "aliases are not allowed" in err.message
    assert err.line == 1 and err.file == "t.yaml"
    err = refused("a: 1\nb:\n  - *nothing\n")
    assert "aliases are not allowed" in err.message
    assert err.line == 3


def test_billion_laughs_is_refused_fast() -> None:
    text = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8)
    )
    err = refused(text)  # at its first anchor, before anything walks the 9**9 nodes its aliases stand for
    assert "aliases" in err.message and err.line == 1


@pytest.mark.parametrize(
    "text",
    [
        "x: !!python/object/apply:os.system ['echo hi']\n",
        "x: !!python/object:collections.OrderedDict {}\n",
        "x: !!python/name:os.system\n",
        "x: !custom thing\n",
        "x: !!binary aGVsbG8=\n",
        "x: !!set {a, b}\n",
    ],
)
def test_refuses_unsafe_and_unknown_tags(text: str) -> None:
    err = refused("ok: 1\n" + text)
    assert "is not allowed" in err.message
    assert err.line == 2
    assert err.field == "x"


def test_python_tag_error_names_the_tag() -> None:
    err = refused("cards:\n  - run: !!python/object/apply:os.system ['true']\n")
    assert err.message == "tag !!python/object/apply:os.system is not allowed"
    assert err.field == "cards[0].run"
    assert err.line == 2


def test_refuses_duplicate_keys() -> None:
    err = refused("cards:\n  - id: AS\n    name: Ace\n    name: Two\n")
    assert err.line == 4
    assert err.field == "cards[0].name"
    assert "duplicate key 'name'" in err.message and "line 3" in err.message


def test_refuses_merge_keys() -> None:
    err = refused("a: 1\nb:\n  <<: {c: 2}\n")
    assert "merge keys" in err.message
    assert err.line == 3


def test_refuses_multiple_documents() -> None:
    err = refused("a: 1\n---\nb: 2\n")
    assert "one YAML document" in err.message
    assert err.line == 2


def test_refuses_oversized_text_and_bytes() -> None:
    err = refused("a: " + "x" * 200, max_bytes=100)
    assert "too large" in err.message and "100" in err.message
    err = refused(b"a: " + b"x" * 200, max_bytes=100)
    assert "too large" in err.message
    # Multi-byte characters count by their UTF-8 size.
    err = refused("a: " + "\u00e9" * 60, max_bytes=100)
    assert "too large" in err.message


def test_big_file_refused_before_reading(tmp_path) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: cheap to make, 50 MB by size
    opened: list[Path] = []
    real_open = Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self)
        return real_open(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Path, "open", spy)
        with pytest.raises(YamlError) as info:
            load_file(path)
    assert path not in opened  # refused by its size, never opened
    assert str(50 * 1024 * 1024) in info.value.message
    assert str(8 * 1024 * 1024) in info.value.message
    assert info.value.file == str(path)


def test_bad_utf8_reports_line(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"a: 1\nb: 2\nc: caf\xe9\n")
    with pytest.raises(YamlError) as info:
        load_file(path, source="bad.yaml")
    assert info.value.line == 3
    assert "UTF-8" in info.value.message
    assert str(info.value).startswith("bad.yaml:3: ")


def test_utf8_bom_and_unicode_are_fine() -> None:
    doc = load_located("\ufeffname: Ren\u00e9e\n".encode(), "t.yaml")
    assert doc.data == {"name": "Ren\u00e9e"}


def test_syntax_errors_have_lines() -> None:
    err = refused("a: 1\nb: [1, 2\nc: 3\n")
    assert err.line is not None and err.line >= 2
    err = refused("a: 1\n  b: 2\n")
    assert err.line == 2
    err = refused("a: 1\nb: \x01\n")
    assert err.line == 2


def test_refuses_deep_nesting() -> None:
    err = refused("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n")
    assert "nesting" in err.message


def test_refuses_non_scalar_keys_and_bad_explicit_scalars() -> None:
    assert "keys" in refused("? [a, b]\n: 1\n").message
    err = refused("a: 1\nb: !!int twelve\n")
    assert err.line == 2 and err.field == "b"


def test_missing_file(tmp_path) -> None:
    with pytest.raises(YamlError) as info:
        load_file(tmp_path / "nope.yaml")
    assert "cannot read" in info.value.message


def test_dump_round_trips() -> None:
    data = {
        "name": "Ren\u00e9e",
        "cards": ["AS", "10H"],
        "n": 3,
        "x": None,
        "nested": {"b": [1, {"c": True}]},
    }
    text = dump(data)
    assert "Ren\u00e9e" in text
    assert text.index("name") < text.index("cards")
    assert load_located(text, "d.yaml").data == data


def test_error_pickles() -> None:
    import pickle

    err = YamlError("f.yaml", 3, "a.b", "bad")
    again = pickle.loads(pickle.dumps(err))
    assert (again.file, again.line, again.field, again.message) == ("f.yaml", 3, "a.b", "bad")


def test_deep_nesting_is_refused_before_libyaml_recurses() -> None:
    """libyaml's composer recurses per level: 100,000 nested lists would crash the process, not raise."""
    for text in ("[" * 100_000 + "]" * 100_000, "a:\n" + "".join(" " * i + "- \n" for i in range(1, 200))):
        with pytest.raises(YamlError, match="nesting"):
            load_located(text, "deep.yaml")
