"""House rules: a YAML file overrides a ruleset's options; mistakes name the file, the line and the option."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.game import new_session
from tabletop.store.houserules import load_house_rules
from tabletop.yamlsafe import YamlError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_house_rules_override_options_and_are_saved_with_the_game(tmp_path: Path) -> None:
    path = write(tmp_path, "# quick games\nruleset: tragedy\nwin_favor: 300\ndeck_min: 30\n")
    options = load_house_rules(path, "tragedy")
    assert options == {"win_favor": 300, "deck_min": 30}
    session = new_session("tragedy", 2, seed=1, house_rules=options)
    assert session.state.options["win_favor"] == 300
    assert session.state.options["hand_size"] == 7
    assert session.rules.status(session.state, 0)["win_at"] == 300
    assert session.view(0)["options"]["win_favor"] == 300


def test_unknown_option_names_file_line_and_option(tmp_path: Path) -> None:
    path = write(tmp_path, "win_favor: 300\n\nwin_favour: 500\n")
    with pytest.raises(YamlError) as e:
        load_house_rules(path, "tragedy")
    assert e.value.line == 3 and e.value.field == "win_favour"
    assert "did you mean 'win_favor'" in str(e.value) and str(path) in str(e.value)


def test_wrong_type_is_a_clear_error(tmp_path: Path) -> None:
    path = write(tmp_path, "singleton: true\nwin_favor: lots\n")
    with pytest.raises(YamlError) as e:
        load_house_rules(path, "tragedy")
    assert e.value.line == 2 and e.value.field == "win_favor" and "whole number" in e.value.message


def test_rules_for_another_ruleset_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "ruleset: freeform\nhand_size: 3\n")
    with pytest.raises(YamlError) as e:
        load_house_rules(path, "tragedy")
    assert e.value.field == "ruleset" and e.value.line == 1
    assert load_house_rules(path, "freeform") == {"hand_size": 3}


def test_an_empty_file_changes_nothing(tmp_path: Path) -> None:
    assert load_house_rules(write(tmp_path, "# nothing\n"), "tragedy") == {}
    with pytest.raises(YamlError):
        load_house_rules(write(tmp_path, "- win_favor\n"), "tragedy")
