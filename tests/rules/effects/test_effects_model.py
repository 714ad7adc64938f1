"""The effect language as data: what parses, and errors that name the card, the ability and the field."""

from __future__ import annotations

import pytest

from tabletop.rules.effects import KIT_VOCABULARY, EffectError, Vocabulary, parse_abilities, read_card_text
from tabletop.rules.effects.engine import CardText

VOCAB = Vocabulary(conditions={"combatant_can": lambda ctx, args: None}, durations={"end_of_round": "round_end"},
                   steps=("round_end",)).over(KIT_VOCABULARY)

SPIN = [{
    "text": "Combatants that can use MARTIAL ARTS may add +3 to their Combat this round.",
    "when": "played", "who": "owner",
    "targets": {"agent": {"select": {"zone": "field", "owner": "you", "keyword": "MARTIAL ARTS"}, "count": 1}},
    "if": [{"combatant_can": "MARTIAL ARTS"}],
    "do": [{"add_stat": {"target": "agent", "stat": "COMBAT", "amount": 3, "until": "end_of_round"}},
           {"choose": [[{"draw": 1}], [{"discard": {"target": "agent"}}]]}],
}]


def test_an_ability_parses_into_its_parts_and_back() -> None:
    (a,) = parse_abilities(SPIN, "set/spin-kick", VOCAB)
    assert a.key == "set/spin-kick#1" and a.when == "played" and a.who == "owner"
    assert a.targets[0].name == "agent" and (a.targets[0].low, a.targets[0].high) == (1, 1)
    assert a.conditions == (("combatant_can", "MARTIAL ARTS"),)
    assert [next(iter(s)) for s in a.do] == ["add_stat", "choose"]
    assert parse_abilities([a.to_data()], "set/spin-kick", VOCAB)[0] == a


@pytest.mark.parametrize("bad, where", [
    ([{"do": [{"drwa": 1}]}], "ability 1 do[1].drwa"),
    ([{"when": "sometimes", "do": [{"draw": 1}]}], "ability 1 when"),
    ([{"when": "step:teatime", "do": [{"draw": 1}]}], "ability 1 when"),
    ([{"who": "everyone", "do": [{"draw": 1}]}], "ability 1 who"),
    ([{"do": [{"draw": 1}]}, {"targets": {"x": {"select": {"colour": "red"}}}, "do": [{"draw": 1}]}],
     "ability 2 targets.x.select.colour"),
    ([{"targets": {"x": {"count": 0}}, "do": [{"draw": 1}]}], "ability 1 targets.x.count"),
    ([{"do": [{"discard": {"target": "nobody"}}]}], "ability 1 do[1].discard.target"),
    ([{"do": [{"add_stat": {"stat": "COMBAT", "amount": 1, "until": "forever"}}]}], "ability 1 do[1].add_stat.until"),
    ([{"if": [{"is_tuesday": True}], "do": [{"draw": 1}]}], "ability 1 if[1].is_tuesday"),
    ([{"do": [{"choose": [[{"draw": 1}]]}]}], "ability 1 do[1].choose"),
    ([{"do": [{"choose": {"by": "everyone", "options": [[{"draw": 1}], []]}}]}], "ability 1 do[1].choose"),
    ([{"do": [{"choose": {"by": "opponent", "options": [[{"drwa": 1}], []]}}]}], "ability 1 do[1].choose[1][1].drwa"),
    ([{"text": "no steps"}], "ability 1 do"),
    ([{"do": [{"draw": 1}], "colour": "red"}], "ability 1 colour"),
    ({"do": []}, "effects: is a list"),
])
def test_what_cannot_run_is_named_with_its_card_ability_and_field(bad, where: str) -> None:
    with pytest.raises(EffectError) as e:
        parse_abilities(bad, "set/card", VOCAB)
    assert str(e.value).startswith("set/card: effects") and where in str(e.value), str(e.value)


def test_a_choice_its_opponent_answers_parses_and_names_its_options() -> None:
    from tabletop.rules.effects.model import chooser, options

    (a,) = parse_abilities([{"do": [{"choose": {"by": "opponent", "options": [[{"draw": 1}], []]}}]}], "set/c", VOCAB)
    args = a.do[0]["choose"]
    assert chooser(args) == "opponent" and options(args) == [[{"draw": 1}], []]
    assert chooser([[{"draw": 1}], []]) == "owner" and parse_abilities([a.to_data()], "set/c", VOCAB)[0] == a


def test_a_condition_alone_is_an_ability_of_the_play() -> None:
    (a,) = parse_abilities([{"if": [{"combatant_can": "X"}]}], "set/c", VOCAB)
    assert a.conditions and not a.do


class _Card:
    def __init__(self, text: str = "", **fields) -> None:
        self.text, self.ref, self.fields = text, "set/c", fields

    def get(self, key, default=None):
        return self.fields.get(key, default)


class _Rules:
    def __init__(self, compiled=(), left=()) -> None:
        self.compiled, self.left = list(compiled), list(left)
        self.effects = type("Fx", (), {"vocab": VOCAB})()

    def compile_text(self, card):
        return self.compiled, self.left


def test_a_designers_effects_win_over_the_compiler_and_statuses_follow() -> None:
    rules = _Rules(left=["Draw a card."])
    assert read_card_text(rules, _Card("Draw a card.")).status == "by_hand"
    designed = read_card_text(rules, _Card("Draw a card.", effects=[{"do": [{"draw": 1}]}]))
    assert designed.status == "automated" and designed.designed

    from tabletop.rules.base import Ruleset

    assert Ruleset().text_of(_Card("")).status == "no_text"
    assert Ruleset().text_of(_Card("Basic Game Only")).status == "no_text"
    assert Ruleset().text_of(_Card("(Reminder: draw first.)")).status == "no_text"
    assert Ruleset().text_of(_Card("Draw a card. Basic Game Only")).left == ("Draw a card.",)
    partly = read_card_text(_Rules([{"do": [{"draw": 1}]}], ["Then you win."]), _Card("Draw. Then you win."))
    assert partly.status == "partly" and partly.left == ("Then you win.",)
    broken = read_card_text(rules, _Card("Draw a card.", effects=[{"do": [{"drwa": 1}]}]))
    assert broken.status == "by_hand" and "drwa" in broken.left[0]


def test_a_card_whose_text_was_lost_on_import_is_never_no_text() -> None:
    lost = read_card_text(_Rules(), _Card("", text_lost="kept under 'Game Effect'"))
    assert lost.status == "by_hand" and "Game Effect" in lost.left[0]
    assert CardText((), (), has_text=False).status == "no_text"
