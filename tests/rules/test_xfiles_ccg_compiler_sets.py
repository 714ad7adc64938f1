"""`xfiles-ccg`'s card text compiler on the wordings of the database's later sets (our own card text in the printed
wordings, other names and numbers): searches that add a card to the hand, a Witness for either of two skills, an
Equipment's skill "rating", an opposing Agent sent to a Section, random discards of X cards, pools exchanged."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.tx import Tx
from tabletop.rules.effects import parse_abilities
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import pid
from tests.rules.xfiles_ccg_helpers import position as build_position


def _one(text: str, kind: str = "") -> dict[str, Any]:
    effects, left = compile_text(_Card(text, kind) if kind else text)
    assert not left, left
    (ability,) = effects
    return ability


class _Card:
    def __init__(self, text: str, kind: str) -> None:
        self.text, self.type = text, kind

    def get(self, key: str) -> None:
        return None


class _Gear(_Card):
    def __init__(self, text: str, modifies: dict[str, int]) -> None:
        super().__init__(text, "Equipment")
        self.modifies = modifies

    def get(self, key: str) -> Any:
        return self.modifies if key == "modifies" else None


@pytest.mark.parametrize("text,kind", [
    ("Play this card to search through your Bureau Deck and add any one Witness card to your hand. Show your "
     "opponent which card you have added. Shuffle your deck.", "Witness"),
    ("Play this card to search through your Bureau Deck and add any one Site card to your hand. Show your opponent "
     "which card you have added. Discard this card and shuffle your deck.", "Site"),
])
def test_a_search_adds_the_card_found_shows_it_and_shuffles(text: str, kind: str) -> None:
    ability = _one(text, "Event")
    assert ability["when"] == "resolved"
    assert ability["targets"]["fetched"]["select"] == {"zone": "deck", "owner": "you", "type": kind, "search": True}
    assert ability["do"] == [{"take_found": {"target": "fetched"}}, {"reveal": {"target": "fetched", "to": "all"}},
                             {"shuffle": {"zone": "deck"}}]


def test_an_equipment_discarded_to_search_is_an_ability_with_its_cost() -> None:
    effects, left = compile_text(_Card("Attach this card to any Agent in the Field. Discard this card to search your "
                                       "Bureau Deck and add any one Event card to your hand. Show your opponent which "
                                       "card you have added. Shuffle your deck.", "Equipment"))
    assert not left
    (use,) = effects
    assert use["cost"] == [{"discard_self": {}}] and use["when"] == "event:use"
    assert use["targets"]["fetched"]["select"]["type"] == "Event"


def test_an_equipment_adds_to_a_skill_rating() -> None:
    effects, left = compile_text(_Gear("Adds 3 to the Agent's OBSERVATION rating.", {"Observation": 3}))
    assert not left and effects[0]["do"] == [{"equip": {"skill": "Observation", "amount": 3}}]
    # the table counts an Equipment's skill from its data (`modifies`): one it does not count stays by hand
    assert compile_text(_Card("Adds 3 to the Agent's OBSERVATION rating.", "Equipment"))[1]


def test_a_witness_adds_to_a_check_of_either_skill() -> None:
    ability = _one("Adds two to one Team's COMPUTER or BUREAUCRACY skill check.", "Witness")
    assert ability["if"] == [{"check_skill": ["Computer", "Bureaucracy"]}]
    assert ability["do"] == [{"check_mod": {"amount": 2, "skill": ["Computer", "Bureaucracy"]}}]
    # a Combat round among the skills is not a Site's check: left by hand rather than half read
    _, left = compile_text("Adds one to one Team's MEDICAL or LONG RANGE COMBAT skill check.")
    assert left


@pytest.mark.parametrize("text,section", [
    ("Force one opposing Agent (your choice) to go to the Hospital immediately (undamaged).", "hospital"),
    ("Send any one opponent Agent to the Bureau.", "bureau"),
])
def test_an_opposing_agent_of_your_choice_is_sent_to_a_section(text: str, section: str) -> None:
    ability = _one(text, "Bluff")
    assert ability["targets"]["foe_agent"]["select"]["owner"] == "opponent"
    assert {"has_target": "foe_agent"} in ability["if"]
    assert ability["do"] == [{"to_section": {"target": "foe_agent", "section": section}}]


def test_random_discards_of_a_number_or_of_x() -> None:
    assert _one("Force your opponent to discard three cards at random from his hand.")["do"] == [
        {"discard_random": {"seat": "opponent", "count": 3}}]
    assert _one("Play this card to cause the Investigating player to discard X number of cards (chosen randomly) "
                "from her hand. X = [CP] cost paid.", "Bluff")["do"] == [
        {"discard_random": {"seat": "investigating", "count": "x"}}]


def _run(s: Any, text: str, seat: int, source: str | None = None, **data: Any) -> None:
    effects, left = compile_text(text)
    assert not left
    (ability,) = parse_abilities(effects, "fixture", s.rules.effects.vocab, compiled=True)
    tx = Tx(s.state)
    s.rules.effects.run(s.state, tx, ability, seat, source, {}, **data)


def _table(**pools: Any) -> Any:
    return build_position({"bureau:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                           "xfile:1": ["lantern-choir"], "hand:0": ["marrow-point", "cold-trail", "ketch-island"],
                           "hand:1": ["cold-trail"] * 2}, {"step": "check"}, **pools)


def test_pools_exchanged_with_the_opponent() -> None:
    s = _table(pools=((4, 9), (6, 2)))
    _run(s, "Exchange [CP] Pools with your opponent.", 1)
    assert (s.state.player(0).counters["cp"], s.state.player(1).counters["cp"]) == (2, 9)
    assert (s.state.player(0).counters["rp"], s.state.player(1).counters["rp"]) == (4, 6)  # the other pool stays


def test_the_investigating_player_discards_as_many_cards_as_x_paid() -> None:
    s = _table()
    assert s.rules.active(s.state) == 0
    src = pid(s, "hand:1", "cold-trail")
    _run(s, "Cause the Investigating player to discard X number of cards (chosen randomly) from his hand.", 1, src,
         x=2)
    assert len(s.state.zones["hand:0"].pieces) == 1 and len(s.state.zones["discard:0"].pieces) == 2
    _run(s, "Cause the Investigating player to discard X cards at random from his hand.", 1, src)  # X paid as 0
    assert len(s.state.zones["hand:0"].pieces) == 1


def _checking(skill: str) -> Any:
    """Owen Marsh (Behavioral 3, Occult Investigation 3) making a Site's check of `skill`."""
    s = build_position({"field:0": ["harlow-creek", "owen-marsh"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]}, {"step": "check"})
    s.state.rules["check"] = {"site": pid(s, "field:0", "harlow-creek"), "team": [pid(s, "field:0", "owen-marsh")],
                              "skill": skill, "need": 4}
    return s


@pytest.mark.parametrize("text", [
    "Adds 4 to one Team's OCCULT INVESTIGATION or adds 1 to one Team's BEHAVIORAL skill check.",
    "Adds four to one Team's OCCULT INVESTIGATION skill check or 1 to the Team's BEHAVIORAL skill check.",
])
def test_a_witness_adds_each_skill_its_own_amount(text: str) -> None:
    ability = _one(text, "Witness")
    assert ability["if"] == [{"check_skill": ["Occult Investigation", "Behavioral"]}]
    assert ability["do"] == [{"check_mod": {"skill": ["Occult Investigation", "Behavioral"],
                                            "by_skill": {"Occult Investigation": 4, "Behavioral": 1}}}]
    for skill, total in (("Behavioral", 3 + 1), ("Occult Investigation", 3 + 4)):
        s = _checking(skill)
        _run(s, text, 0)
        assert s.rules.check_total(s.state) == total
    # a check of neither skill: strict refuses the card (the condition names both skills)
    s = _checking("Observation")
    (parsed,) = parse_abilities(compile_text(text)[0], "fixture", s.rules.effects.vocab, compiled=True)
    assert not s.rules.effects.holds(s.state, parsed, 0, None)
    assert s.rules.effects.holds(_checking("Behavioral").state, parsed, 0, None)
    _, left = compile_text("Adds 2 to one Team's MEDICAL or adds 1 to one Team's CLOSE RANGE COMBAT skill check.")
    assert left  # a Combat round is no Site check's skill: left by hand


def test_a_bluff_subtracts_from_a_check_of_either_skill() -> None:
    text = "Subtract 3 from one Team's SCIENCES or BEHAVIORAL skill check."
    ability = _one(text, "Bluff")
    assert ability["if"] == [{"check_skill": ["Sciences", "Behavioral"]}]
    assert ability["do"] == [{"check_mod": {"amount": -3, "skill": ["Sciences", "Behavioral"]}}]
    s = _checking("Behavioral")
    _run(s, text, 1)
    assert s.rules.check_total(s.state) == 3 - 3
    (parsed,) = parse_abilities(compile_text(text)[0], "fixture", s.rules.effects.vocab, compiled=True)
    assert not s.rules.effects.holds(_checking("Occult Investigation").state, parsed, 1, None)


def _held(s: Any) -> str:
    """A Flashlight attached to Owen Marsh: the Equipment whose text the test gives."""
    from tabletop.core import Piece

    p = s.state.new_piece_id()
    s.state.add_piece(Piece(id=p, card="xfiles-ccg-sample/flashlight", zone="field:0", owner=0,
                            attached_to=pid(s, "field:0", "owen-marsh")))
    return p


@pytest.mark.parametrize("text", [
    "Discard this card to add two to the Agent's BEHAVIORAL skill.",
    "Adds 1 to the Agent's MEDICAL skill. In addition, you may discard this card to add two to the Agent's "
    "BEHAVIORAL skill.",
])
def test_an_equipment_discarded_adds_to_its_agents_skill_in_a_check_it_makes(text: str) -> None:
    effects, left = compile_text(_Gear(text, {"Medical": 1}))
    assert not left
    use = effects[-1]
    assert use["when"] == "event:use" and use["cost"] == [{"discard_self": {}}]
    assert use["if"] == [{"check_skill": ["Behavioral"]}, {"holder_in_check": True}]
    assert use["do"] == [{"check_mod": {"amount": 2, "skill": "Behavioral"}}]
    (parsed,) = parse_abilities([use], "fixture", None, compiled=True)
    s = _checking("Behavioral")
    gear = _held(s)
    assert s.rules.effects.holds(s.state, parsed, 0, gear)
    s.rules.effects.run(s.state, Tx(s.state), parsed, 0, gear, {})
    assert s.rules.check_total(s.state) == 3 + 2 and gear not in s.state.zones["field:0"].pieces
    other = _checking("Behavioral")
    other.state.rules["check"]["team"] = []  # its Agent is not in the Team making the check: strict refuses
    assert not other.rules.effects.holds(other.state, parsed, 0, _held(other))
    medical = _checking("Medical")
    assert not medical.rules.effects.holds(medical.state, parsed, 0, _held(medical))
    _, left = compile_text("Discard this card to add two to the Agent's BEHAVIORAL skill.")
    assert left  # on a card that is no Equipment, "the Agent" holds nothing


def test_an_equipment_discarded_adds_to_its_agents_combat_round() -> None:
    effects, left = compile_text(_Card("Discard this card to add 2 to the Agent's LONG RANGE COMBAT skill.",
                                       "Equipment"))
    assert not left
    (use,) = effects
    assert use["targets"]["bearer"]["select"]["holds"] == "source" and {"has_target": "bearer"} in use["if"]
    assert use["do"] == [{"combat_mod": {"target": "bearer", "round": "lrc", "amount": 2, "until": "end_of_round"}}]


@pytest.mark.parametrize("text", ["Play to change the Site Prerequisite from OBSERVATION to OCCULT INVESTIGATION.",
                                  "Play this card to change the Site's Prerequisite from OBSERVATION to OCCULT "
                                  "INVESTIGATION."])
def test_a_site_prerequisite_changed_from_one_skill_to_another_keeps_its_need(text: str) -> None:
    ability = _one(text, "Event")
    assert ability["if"] == [{"check_skill": ["Observation"]}]
    assert ability["do"] == [{"prerequisite": {"from": "Observation", "skill": "Occult Investigation"}}]
    s = _checking("Observation")
    _run(s, text, 0)
    assert (s.state.rules["check"]["skill"], s.state.rules["check"]["need"]) == ("Occult Investigation", 4)
    assert s.rules.check_total(s.state) == 3  # Marsh's OCCULT INVESTIGATION, not his OBSERVATION 2
    (parsed,) = parse_abilities([ability], "fixture", None, compiled=True)
    assert not s.rules.effects.holds(_checking("Behavioral").state, parsed, 0, None)


@pytest.mark.parametrize("spent", ["Discard this resource when all tokens have been removed.",
                                   "Discard this card when the last token is removed.",
                                   "When no tokens remain on this card, move it to your discard pile.",
                                   "When no tokens remain, move this card to the Discard Pile."])
def test_a_token_removed_to_add_to_a_check_and_the_card_discarded_when_spent(spent: str) -> None:
    effects, left = compile_text(f"Place two tokens on this card. Remove a token to add 3 to one Team's BEHAVIORAL "
                                 f"skill check once per turn. {spent}")
    assert not left
    placed, use, gone = effects
    assert placed["do"] == [{"tokens": {"amount": 2}}] and gone["do"] == [{"discard_when_spent": True}]
    assert use["when"] == "event:use" and use["cost"] == [{"spend_token": 1}]
    assert use["if"] == [{"tokens_left": True}, {"check_skill": ["Behavioral"]}, {"once_a_turn": True}]
    assert use["do"] == [{"check_mod": {"amount": 3, "skill": "Behavioral"}}]
    # a card played from the hand once: "once per turn" adds nothing to it
    assert _one("Adds 1 to one Team's BEHAVIORAL skill check once per turn.", "Witness")["if"] == [
        {"check_skill": ["Behavioral"]}]


@pytest.mark.parametrize("text", [
    "Force an opponent Team investigating a Site to make a BEHAVIORAL 5+ skill check or the current player's turn "
    "ends immediately.",
    "Force an opponent Team currently investigating a Site to make an BEHAVIORAL 5+ skill check or the current "
    "player's turn ends immediately.",
])
def test_a_check_forced_on_the_team_investigating_a_site(text: str) -> None:
    assert _one(text, "Event")["do"] == [{"team_check": {"skill": "Behavioral", "need": 5, "else": [{"end_turn": {}}]}}]
    s = _checking("Observation")  # Marsh's BEHAVIORAL 3 fails a 5+: the turn ends, the Site's check failed
    _run(s, text, 1)
    assert s.state.rules["check"]["failed"] and s.state.rules["turn_ends"]


def test_a_check_raised_or_lowered_its_player_chooses() -> None:
    text = "Play this card to add or decrease by three any Team's BEHAVIORAL or MEDICAL skill check."
    ability = _one(text, "Event")
    assert ability["if"] == [{"check_skill": ["Behavioral", "Medical"]}]
    mod = {"skill": ["Behavioral", "Medical"]}
    assert ability["do"] == [{"choose": [[{"check_mod": {"amount": 3, **mod}}], [{"check_mod": {"amount": -3, **mod}}]]}]
    s = _checking("Behavioral")
    (parsed,) = parse_abilities([ability], "fixture", s.rules.effects.vocab, compiled=True)
    left = s.rules.effects.run(s.state, Tx(s.state), parsed, 0, None, {})
    assert [next(iter(x)) for x in left] == ["choose"] and s.rules.check_total(s.state) == 3  # waits for the choice
    s.rules.effects.run(s.state, Tx(s.state), parsed, 0, None, {}, queue=ability["do"][0]["choose"][1])
    assert s.rules.check_total(s.state) == 3 - 3


def test_an_abduction_that_says_the_agents_equipment_is_discarded() -> None:
    effects, left = compile_text(_Card("Pick one Agent in the Team. That Agent is placed 7 cards down, face up, in "
                                       "the owning player's Bureau deck. Any equipment the Agent had is discarded. "
                                       "This card does not initiate combat.", "Adversary"))
    assert not left
    assert effects[0]["do"] == [{"abduct": {"target": "agent", "depth": 7}}]  # the abduction discards its Equipment


def test_a_team_check_that_adds_tokens_to_the_pool() -> None:
    text = "If the Team makes a BEHAVIORAL 3+ skill check, add four tokens to the [RP] Pool."
    assert _one(text, "Event")["do"] == [{"team_check": {"skill": "Behavioral", "need": 3, "then": [
        {"gain": {"counter": "rp", "amount": 4}}]}}]
    s = _checking("Behavioral")
    rp = s.state.player(0).counters["rp"]
    _run(s, text, 0)
    assert s.state.player(0).counters["rp"] == rp + 4  # Marsh's BEHAVIORAL 3 makes it
    _run(s, text.replace("3+", "4+"), 0)
    assert s.state.player(0).counters["rp"] == rp + 4


def test_an_agent_given_one_skill_equal_to_another_for_the_turn() -> None:
    text = ("Play this card to give any one Agent OBSERVATION skill equal to their BEHAVIORAL skill level for the "
            "rest of this turn.")
    ability = _one(text, "Event")
    assert ability["targets"]["agent"]["select"]["type"] == "Agent"
    assert ability["do"] == [{"skill_as": {"target": "agent", "skill": "Observation", "as": "Behavioral",
                                           "until": "end_of_turn"}}]
    s = _checking("Observation")
    marsh = pid(s, "field:0", "owen-marsh")
    (parsed,) = parse_abilities([ability], "fixture", s.rules.effects.vocab, compiled=True)
    tx = Tx(s.state)
    s.rules.effects.run(s.state, tx, parsed, 0, None, {"agent": [marsh]})
    assert s.rules.agent_skill(s.state, marsh, "Observation") == 3  # was 2; his BEHAVIORAL is 3
    assert s.rules.check_total(s.state) == 3
    s.rules.effects.expire(s.state, Tx(s.state), "turn_end")
    assert s.rules.agent_skill(s.state, marsh, "Observation") == 2  # the turn over, his own again



def test_a_discard_bonus_the_cards_data_counts_as_standing_stays_by_hand() -> None:
    """An importer that reads "Discard this card to add three to the Agent's X skill" as the Equipment's modifier
    makes the table count it while held: compiled too, it would count twice."""
    text = "Adds 1 to the Agent's MEDICAL skill. Additionally, you can discard this card to add two to the Agent's " \
           "BEHAVIORAL skill."
    effects, left = compile_text(_Gear(text, {"Medical": 1, "Behavioral": 2}))
    assert left == ["Additionally, you can discard this card to add two to the Agent's BEHAVIORAL skill"]
    assert [a["do"] for a in effects] == [[{"equip": {"skill": "Medical", "amount": 1}}]]
    effects, left = compile_text(_Gear(text, {"Medical": 1}))
    assert not left and len(effects) == 2


@pytest.mark.parametrize("text,amount", [
    ("Play this card to apply a -1 modifier to the Site skill check.", -1),
    ("Apply a +2 modifier to any skill check made by a Team of Agents in the Field during the Investigation "
     "phase.", 2),
    ("Apply a +4 modifier to the current Site skill check.", 4),
])
def test_a_modifier_applied_to_the_site_check(text: str, amount: int) -> None:
    ability = _one(text, "Event")
    assert ability["if"] == [{"check_skill": []}] and ability["do"] == [{"check_mod": {"amount": amount}}]
    s = _checking("Behavioral")
    _run(s, text, 0)
    assert s.rules.check_total(s.state) == 3 + amount


def test_a_modifier_to_an_opponents_check_or_either_sign() -> None:
    theirs = _one("Apply a -2 modifier to any one opponent skill check.", "Bluff")
    assert theirs["if"] == [{"check_skill": []}, {"check_by": "opponent"}]
    s = _checking("Behavioral")  # seat 0's Team checks: seat 1 may play it, seat 0 may not
    (parsed,) = parse_abilities([theirs], "fixture", s.rules.effects.vocab, compiled=True)
    assert s.rules.effects.holds(s.state, parsed, 1, None) and not s.rules.effects.holds(s.state, parsed, 0, None)
    either = _one("Apply a +2 or -2 (your choice) modifier to any skill check.", "Event")
    assert either["do"] == [{"choose": [[{"check_mod": {"amount": 2}}], [{"check_mod": {"amount": -2}}]]}]


def test_a_check_made_then_a_modifier_if_successful_or_if_they_fail() -> None:
    made = _one("Make a BEHAVIORAL 3+ skill check. If successful, apply a +2 modifier to the Site skill check.")
    assert made["if"] == [{"check_skill": []}]
    assert made["do"] == [{"team_check": {"skill": "Behavioral", "need": 3, "then": [{"check_mod": {"amount": 2}}]}}]
    s = _checking("Observation")
    _run(s, "Make a BEHAVIORAL 3+ skill check. If successful, apply a +2 modifier to the Site skill check.", 0)
    assert s.rules.check_total(s.state) == 2 + 2  # Marsh's OBSERVATION 2, and his BEHAVIORAL 3 made it
    _run(s, "Make a BEHAVIORAL 4+ skill check. If successful, apply a +2 modifier to the Site skill check.", 0)
    assert s.rules.check_total(s.state) == 2 + 2
    # "If they fail, A and B": both wait for the failure
    failed = _one("Force an opponent Team to make a MEDICAL 4+ skill check. If they fail, apply a -3 modifier to "
                  "the Site skill check and negate all prior Witnesses that are modifying the Team's skill check.")
    assert failed["do"] == [{"team_check": {"skill": "Medical", "need": 4, "else": [
        {"check_mod": {"amount": -3}}, {"negate_witnesses": {}}]}}]


def test_a_card_of_a_kind_discarded_from_the_hand_pays_for_a_modifier() -> None:
    ability = _one("Discard one Witness card from your hand to apply a -2 modifier to one Team's MEDICAL or "
                   "SCIENCES skill check.", "Bluff")
    assert ability["targets"]["paid"]["select"] == {"zone": "hand", "owner": "you", "not": "source",
                                                    "type": "Witness"}
    assert ability["cost"] == [{"discard_card": {"target": "paid"}}] and {"has_target": "paid"} in ability["if"]
    assert ability["do"] == [{"check_mod": {"amount": -2, "skill": ["Medical", "Sciences"]}}]


def test_the_card_discarded_after_you_have_used_the_modifier() -> None:
    """'they may add 1 to any Site skill check' is held: kept in play, used later, discarded when used."""
    effects, left = compile_text(_Card("Play on one Team in the Field. If the Team makes a MEDICAL skill check 4+, "
                                       "then they may add 1 to any Site skill check. Discard this card after you "
                                       "have used the modifier.", "Event"))
    played, use = effects
    assert not left and played["do"] == [{"team_check": {"skill": "Medical", "need": 4, "then": [{"hold": {}}]}}]
    assert use["when"] == "event:use" and use["cost"] == [{"discard_self": {}}]
    assert use["if"] == [{"your_turn": True}, {"check_skill": []}] and use["do"] == [{"check_mod": {"amount": 1}}]


def test_an_equipment_adds_to_two_skills_as_its_data_counts_them() -> None:
    text = "Adds 2 to the Agent's MEDICAL and SCIENCES skills."
    effects, left = compile_text(_Gear(text, {"Medical": 2, "Sciences": 2}))
    assert not left and effects[0]["do"] == [{"equip": {"skill": "Medical", "amount": 2}},
                                             {"equip": {"skill": "Sciences", "amount": 2}}]
    _, left = compile_text(_Gear(text, {"Medical": 2}))
    assert left == ["Adds 2 to the Agent's MEDICAL and SCIENCES skills"]  # the table would not count SCIENCES


def test_the_top_cards_of_the_opponents_deck_discarded() -> None:
    text = "Play this card to force your opponent to discard three cards from the top of her Bureau Deck."
    assert _one(text, "Bluff")["do"] == [{"discard_top": {"seat": "opponent", "count": 3}}]
    s = build_position({"bureau:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"], "deck:1": ["cold-trail", "ketch-island", "marrow-point",
                                                                 "harlow-creek"]}, {"step": "check"})
    top = list(s.state.zones["deck:1"].pieces)
    _run(s, text, 0)
    assert s.state.zones["deck:1"].pieces == top[3:] and set(s.state.zones["discard:1"].pieces) == set(top[:3])
    assert all(s.state.pieces[p].face_up for p in top[:3])


@pytest.mark.parametrize("text,select", [
    ("Remove a token to search through your Bureau deck and add one Keyword HEALING card to your hand. Show the card "
     "to your opponent and shuffle your deck.", {"keyword": ["HEALING"]}),
    ("Remove a token to look through your Bureau deck to draw any keyword OCCULT INVESTIGATION or SCIENCES card and "
     "add it to your hand. Shuffle your Bureau deck.", {"keyword": ["OCCULT INVESTIGATION", "SCIENCES"]}),
    ("Remove a token to search your Bureau deck to draw any one Keyword Witness card.", {"type": "Witness"}),
])
def test_a_search_for_a_card_with_a_keyword(text: str, select: dict[str, Any]) -> None:
    effects, left = compile_text(f"Place one token on this card. {text}")
    assert not left
    use = effects[-1]
    assert use["targets"]["fetched"]["select"] == {"zone": "deck", "owner": "you", **select, "search": True}
    assert use["do"][0] == {"take_found": {"target": "fetched"}}
    # a card shown when nothing was found before it (the search not read) is not half run
    _, left = compile_text("Play this card to leaf through your Bureau deck for any one Keyword BLUFF card. Add the "
                           "card to your hand and reveal it to your opponent.")
    assert len(left) == 2


@pytest.mark.parametrize("text,select", [
    ("Play this card to negate one Witness card played by your opponent.", {"type": "Witness",
                                                                             "played_by": "opponent"}),
    ("Negate any one Event card.", {"type": "Event"}),
    ("Remove a token to negate one Keyword PHENOMENA Adversary.", {"type": "Adversary", "keyword": ["PHENOMENA"]}),
])
def test_a_card_of_a_kind_negated(text: str, select: dict[str, Any]) -> None:
    effects, left = compile_text(text)
    assert not left
    (ability,) = effects
    assert ability["targets"]["negated"]["select"] == {"zone": "chain", "negatable": True, **select}
    assert {"has_target": "negated"} in ability["if"] and ability["do"] == [{"negate": {"target": "negated"}}]
