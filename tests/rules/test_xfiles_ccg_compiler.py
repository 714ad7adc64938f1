"""`xfiles-ccg`'s card text compiler: the wordings of the real sets, read into the effect language (our own card
text in the printed wordings); what it cannot read is returned to apply by hand."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.rules import get_ruleset
from tabletop.rules.effects import parse_abilities
from tabletop.rules.xfiles_ccg.compiler import compile_text


def _steps(text: str) -> list[dict[str, Any]]:
    effects, left = compile_text(text)
    assert not left, left
    return [s for a in effects for s in a["do"]]


@pytest.mark.parametrize("text,amount", [
    ("Play on any Agent in the Field to immediately Heal two points of damage.", 2),
    ("Play on an Agent in the Hospital. The Agent heals two tokens of damage immediately.", 2),
    ("Place on any Team in the Hospital containing an injured Agent. The Agent heals 3 damage immediately.", 3),
    ("Heal 3.", 3),
    ("Heal 2 damage from one Agent.", 2),
    ("Alternately, heal one wound on any Agent.", 1),
])
def test_heals_in_every_wording(text: str, amount: int) -> None:
    effects, left = compile_text(text)
    assert not left
    (heal,) = [s["heal"] for s in effects[0]["do"]]
    assert heal["amount"] == amount and heal["target"] == "agent" and "agent" in effects[0]["targets"]


@pytest.mark.parametrize("text,select", [
    ("Negates one PRIMORDIAL CREATURE.", {"type": "Adversary", "keyword_all": ["PRIMORDIAL", "CREATURE"]}),
    ("Negates one GOVERNMENT PAWN", {"type": "Adversary", "keyword_all": ["GOVERNMENT", "PAWN"]}),
    ("Negate one non-PHENOMENA Adversary.", {"type": "Adversary", "not_keyword": ["PHENOMENA"]}),
    ("Negate one ALIEN Adversary.", {"type": "Adversary", "keyword": ["ALIEN"]}),
    ("Negate any one Keyword EVENT card.", {"keyword": ["EVENT"]}),
    ("Play to negate one Keyword EVIDENCE COLLECTION card.", {"keyword": ["EVIDENCE COLLECTION"]}),
    ("Negate one card with the Keyword MOVE.", {"keyword": ["MOVE"]}),
])
def test_negations_name_what_they_negate(text: str, select: dict[str, Any]) -> None:
    effects, left = compile_text(text)
    assert not left
    (ability,) = effects
    target = ability["targets"]["negated"]["select"]
    assert {k: v for k, v in target.items() if k not in ("zone", "negatable")} == select
    assert ability["do"] == [{"negate": {"target": "negated"}}] and {"has_target": "negated"} in ability["if"]


def test_conditions_and_durations() -> None:
    (kick,), left = compile_text("Combatants that can use MARTIAL ARTS may play this card to add 2 to their CLOSE "
                                 "RANGE COMBAT skill this round.")
    assert not left and {"combatant_can": "MARTIAL ARTS"} in kick["if"]
    assert kick["targets"]["combatant"]["select"]["can_use"] == "MARTIAL ARTS"
    assert kick["do"] == [{"combat_mod": {"round": "crc", "amount": 2, "target": "combatant", "until": "end_of_round"}}]
    (fangs,), _ = compile_text("Play on any OCCULT or PRIMORDIAL Adversary to add 1 to their CLOSE RANGE COMBAT skill.")
    assert fangs["if"] == [{"combat_adversary": ["OCCULT", "PRIMORDIAL"]}]
    assert fangs["do"][0]["combat_mod"]["side"] == "adversary"
    (tired,), _ = compile_text("Decrease all of the skill levels on one Agent (your choice) by 2 for this turn only.")
    assert tired["do"] == [{"add_stat": {"target": "agent", "stat": "ALL", "amount": -2, "until": "end_of_turn"}}]


def test_checks_pools_tokens_and_keywords() -> None:
    assert _steps("Adds 2 to one Team's OBSERVATION skill check.") == [
        {"check_mod": {"amount": 2, "skill": "Observation"}}]
    assert _steps("Play to add 2 [CP] to your pool immediately.") == [{"gain": {"counter": "cp", "amount": 2}}]
    assert _steps("Add five tokens to your [RP] pool.") == [{"gain": {"counter": "rp", "amount": 5}}]
    assert _steps("Play to change the Site Prerequisite to OBSERVATION 3+.") == [
        {"prerequisite": {"skill": "Observation", "need": 3}}]
    changed = _steps("Play to change one Keyword BEHAVIORAL, EVIDENCE COLLECTION, or CRIMINAL INVESTIGATION card "
                     "to Keyword MOTIVE.")
    assert changed[0]["change_keyword"]["from"] == ["BEHAVIORAL", "EVIDENCE COLLECTION", "CRIMINAL INVESTIGATION"]
    tokens, left = compile_text("Place four tokens on this card. Discard a token to add 1 to one Team's BUREAUCRACY "
                                "skill check.")
    assert not left and tokens[0] == {**tokens[0], "when": "static", "do": [{"tokens": {"amount": 4}}]}
    assert tokens[1]["cost"] == [{"spend_token": 1}] and tokens[1]["do"][0]["check_mod"]["amount"] == 1


def test_forced_checks_and_x_tables() -> None:
    steps = _steps("Force an opponent Team to make a SCIENCES 4+ skill check. If they fail, each Agent takes one point "
                   "of damage.")
    assert steps == [{"team_check": {"skill": "Sciences", "need": 4, "else": [{"team_damage": {"amount": 1}}]}}]
    effects, left = compile_text("Basic Game Only: Apply a -3 modifier to any one skill check involving one of the "
                                 "following skills: MEDICAL, SCIENCES.\n\nAdvanced Game: Pay the listed [CP] Cost, "
                                 "where X = the number of [CP] paid to gain the desired modifier to one of the "
                                 "following skills: MEDICAL, SCIENCES. (1) = -1, (3) = -2, (5) = -3, (9) = -4.")
    assert not left
    assert effects[0]["do"] == [{"check_mod": {"skill": ["Medical", "Sciences"],
                                               "by_x": {"1": -1, "3": -2, "5": -3, "9": -4}}}]


def test_standing_text() -> None:
    assert _steps("Adds 2 to the Agent's COMPUTER skill.") == [{"equip": {"skill": "Computer", "amount": 2}}]
    assert _steps("The LONG RANGE COMBAT round is skipped.") == [{"skip_round": "lrc"}]
    assert _steps("The Night Warden may use MARTIAL ARTS and SUBTERFUGE Combat cards.") == [
        {"can_use": ["MARTIAL ARTS", "SUBTERFUGE"]}]


def test_what_it_cannot_read_is_left_and_reminder_text_is_not_game_text() -> None:
    effects, left = compile_text("Adds 1 to one Team's MEDICAL skill check. Flip the card so that it spins.")
    assert [s for a in effects for s in a["do"]] == [{"check_mod": {"amount": 1, "skill": "Medical"}}]
    assert left == ["Flip the card so that it spins"]
    assert compile_text("Basic Game Only: Apply a -2 modifier to any one skill check.") == ([], [])


def test_every_compiled_ability_validates_against_the_vocabulary() -> None:
    vocab = get_ruleset("xfiles-ccg").effects.vocab
    for text in ("Negates one OCCULT CREATURE.", "Adds 1 [RP] to your pool every time a Keyword SCIENCES or "
                 "OBSERVATION card is played.", "Play on any combatant in a LONG RANGE COMBAT round to add 2 points "
                 "to that combatant's LRC skill.", "Select one card from your Discard Pile and place it in your hand."):
        effects, left = compile_text(text)
        assert effects and not left, (text, left)
        assert parse_abilities(effects, "fixture/card", vocab, compiled=True)


def _one(text: str) -> list[dict[str, Any]]:
    effects, left = compile_text(text)
    assert not left, left
    return effects


def test_a_round_named_in_the_lead_is_a_condition_not_a_step() -> None:
    (wall,) = _one("Play on any PRIMORDIAL Adversary to cause one point of damage to each opponent in a CLOSE RANGE "
                   "COMBAT round.")
    assert {"combat_round": "crc"} in wall["if"] and {"combat_adversary": ["PRIMORDIAL"]} in wall["if"]
    assert wall["do"] == [{"combat_hit": {"amount": 1, "round": "crc"}}]


def test_a_failed_site_check_hurts_the_team_when_no_check_is_forced_before() -> None:
    (area,) = _one("Increase a Site Prerequisite by two points. In addition, if the Team fails the skill check, each "
                   "Agent on the Team takes two points of damage.")
    assert area["do"] == [{"prerequisite": {"raise": 2}}, {"fail_damage": {"amount": 2}}]


def test_a_sentence_read_in_part_adds_nothing_to_the_card() -> None:
    effects, left = compile_text("Add 2 to one Team's MEDICAL skill check. If they fail, discard the Moon.")
    assert left == ["If they fail, discard the Moon"]
    assert [s for a in effects for s in a["do"]] == [{"check_mod": {"amount": 2, "skill": "Medical"}}]


def test_a_database_none_is_no_game_text() -> None:
    from tabletop.rules.effects.text import sentences

    assert compile_text("None.") == ([], []) and sentences("None") == []


def test_opposing_teams_turn_ending_checks_and_witnesses_negated() -> None:
    (end,) = _one("Play on an opposing Team in any Section. Force an opponent Team to make a COMPUTER 5+ skill check "
                  "or the current player's turn ends immediately.")
    assert {"opponent_team": True} in end["if"]
    assert end["do"] == [{"team_check": {"skill": "Computer", "need": 5, "else": [{"end_turn": {}}]}}]
    (plague,) = _one("Force an opponent Team to make a SCIENCES 5+ skill check. If they fail, negate all Witnesses "
                     "that modify the Team's skill check.")
    assert plague["do"][0]["team_check"]["else"] == [{"negate_witnesses": {}}]


def test_targets_a_card_restricts() -> None:
    (kick,) = _one("Play on any Combatant that can use SUBTERFUGE or any combatant opposing a stunned opponent. Add 1 "
                   "to the combatant's LONG RANGE COMBAT damage result this round.")
    assert kick["targets"]["combatant"]["select"]["can_use_or_stun"] == "SUBTERFUGE"
    assert {"has_target": "combatant"} in kick["if"]
    (bench,) = _one("Play on an Agent in the Field. The Agent may not contribute to any skill checks this turn. This "
                    "card may not be played on Agents Skinner or Krycek.")
    assert bench["targets"]["agent"]["select"]["not_named"] == ["Skinner", "Krycek"]


def test_abilities_a_card_in_play_lends_its_owner() -> None:
    (pool,) = _one("If she is in the Field Section, she may contribute to the Resources Pool instead of the "
                   "Conspiracy Pool during the Briefing Phase.")
    assert pool["when"] == "event:use" and pool["do"] == [{"res_to_pool": {"from": "cp", "to": "rp"}}]
    assert {"in_section": "field"} in pool["if"] and {"once_a_turn": True} in pool["if"]
    (kit,) = _one("An agent with SCIENCES skill may use the Stim Pack to heal two wounds on any agent in the Team "
                  "once per turn.")
    assert kit["do"] == [{"heal": {"target": "agent", "amount": 2}}] and {"holder_skill": "Sciences"} in kit["if"]
    assert kit["targets"]["agent"]["select"]["team_of"] == "holder"
    tokens, peek = _one("Place two tokens on this card. Discard one token to examine any one Bluff card.")
    assert peek["cost"] == [{"spend_token": 1}] and peek["do"] == [{"examine_card": {"target": "bluff"}}]
    _, cart = _one("Place one token on this card. Discard one token to heal two points of damage to an Agent in the "
                   "Bureau.")
    assert cart["targets"]["agent"]["select"] == {"type": "Agent", "zone": "bureau", "damaged": True}


def test_an_agents_cost_cut_with_the_agents_immune() -> None:
    (blow,) = _one("Play on any Agent that has taken 3 or more damage from a single damage source. Subtract 3 from "
                   "the Agent's Cost. If the result is zero or less, the Agent is removed from the game. (Agents "
                   "Baker and Cole are immune to this effect.)")
    assert blow["do"] == [{"cost_cut": {"target": "agent", "amount": 3, "remove_at_zero": True,
                                        "immune": ["Baker", "Cole"]}}]


def test_combat_pairs_lone_agents_kills_and_bluffs() -> None:
    (stare,) = _one("Play this card during a CLOSE RANGE COMBAT round on a combatant you control with a CRC skill. "
                    "That combatant and one other combatant will deal no damage in this CRC round.")
    assert stare["targets"]["combatant"]["select"]["skill"] == {"name": "Close Range Combat", "min": 1}
    assert [s["no_damage"]["target"] for s in stare["do"]] == ["combatant", "other"]
    (lure,) = _one("Play when an Adversary may enter combat with only one Agent. If the Team makes an "
                   "OBSERVATION 5+ skill check, the Adversary is negated.")
    assert lure["if"] == [{"lone_agent": True}]
    assert lure["do"] == [{"team_check": {"skill": "Observation", "need": 5, "then": [{"negate_adversary": {}}]}}]
    (bounty,) = _one("Play after a Team of Agents damages an Adversary in combat by dealing enough damage to kill it. "
                     "Place three tokens in the [CP] pool.")
    assert bounty["if"] == [{"adversary_killed": True}] and bounty["do"] == [{"gain": {"counter": "cp", "amount": 3}}]
    (sweep,) = _one("Force one Bluff card attached to a Site to be discarded.")
    assert sweep["do"] == [{"discard_bluff": {"target": "site"}}]


def test_a_chosen_agent_loses_health_for_good_with_a_floor() -> None:
    (age,) = _one("Force the Team to make a MEDICAL 5+ skill check. If they fail, choose one Agent to go to the "
                  "Hospital. The chosen Agent permanently loses two HEALTH. An Agent's permanent HEALTH can never "
                  "be reduced below 2.")
    assert age["do"][0]["team_check"]["else"] == [{"to_hospital": {"target": "agent"}},
                                                  {"lose_health": {"target": "agent", "amount": 2, "floor": 2}}]


def test_tokens_taken_into_a_pool_in_the_briefing() -> None:
    stays, tokens, take = _one("Play this card in the Bureau. Place six tokens on this card. During your Briefing "
                               "Phase you may take up to three tokens from this card and place them in your [CP] "
                               "pool. The tokens become [CP] tokens.")
    assert stays["do"] == [{"in_play": "bureau"}] and take["when"] == "event:use"
    assert take["do"] == [{"choose": [[{"take_tokens": {"pool": "cp", "amount": n}}] for n in (1, 2, 3)]}]


def test_searches_of_the_deck_and_teams_in_the_bureau() -> None:
    _, look = _one("Place a token on this card. Discard this token and look through your Bureau deck to draw any one "
                   "Site that asks a MOTIVE question. Add it to your hand. Reshuffle your Bureau Deck.")
    assert look["targets"]["fetched"]["select"] == {"zone": "deck", "owner": "you", "type": "Site", "asks": "Motive",
                                                    "search": True}
    assert look["do"] == [{"take_found": {"target": "fetched"}}, {"shuffle": {"zone": "deck"}}]
    (ask,) = _one("Play on a Team in the Bureau. If the Team makes an OBSERVATION 5+ skill check then you may search "
                  "through your Bureau Deck and draw one Witness card to add to your hand. Show it to your opponent "
                  "and shuffle your deck.")
    assert {"team_in": "bureau"} in ask["if"]
    check = ask["do"][0]["team_check"]
    assert check["team"] == "bureau" and check["then"] == [{"take_found": {"target": "fetched"}},
                                                           {"reveal": {"target": "fetched", "to": "all"}}]
    assert ask["do"][1] == {"shuffle": {"zone": "deck"}}


def test_moves_of_agents_between_sections_and_teams() -> None:
    (trip,) = _one("You may move any one of your Agents to any Section immediately. This card may not be played "
                   "once an Adversary has forced combat until after the combat is resolved.")
    assert {"out_of_combat": True} in trip["if"] and trip["targets"]["agent"]["select"]["owner"] == "you"
    assert [b[0]["to_section"]["section"] for b in trip["do"][0]["choose"]] == ["field", "bureau", "hospital"]
    _, call = _one("Place two tokens on this card. Discard a token to move Agent Dale Cooper from anywhere on the "
                   "table to the Team Anne Ray is in. Cooper may assist in any skill check made by the team.")
    assert call["targets"]["brought"]["select"]["name_has"] == "Cooper" and call["do"] == [
        {"join_team": {"target": "brought"}}]
    (recall,) = _one("Play whenever Agent Dale Cooper is involved in a skill check. Cooper must go back to the Bureau "
                     "(if he is not already there) and may not contribute his skills to any skill check this turn.")
    assert recall["targets"]["victim"]["select"]["name_has"] == "Cooper"
    assert recall["do"] == [{"to_section": {"target": "victim", "section": "bureau"}},
                            {"sit_out_turn": {"target": "victim"}}]


def test_cards_kept_in_the_bureau_and_discarded_for_their_bonus() -> None:
    stays, use = _one("Play after one of your Teams successfully investigates a Site with MEDICAL skill as a "
                      "prerequisite. Place this card in your Bureau. Discard this card to add 2 to a MEDICAL skill "
                      "check.")
    assert stays["do"] == [{"in_play": "bureau"}]
    assert use["when"] == "event:use" and use["cost"] == [{"discard_self": {}}]
    assert use["do"] == [{"check_mod": {"amount": 2, "skill": "Medical"}}]


def test_combat_checks_conditional_on_the_adversary_and_abductions() -> None:
    (strike,) = _one("Play on any PRIMORDIAL Adversary to add 2 to any CLOSE RANGE COMBAT skill check. If the "
                     "Adversary does not have CRC skill, this card gives it a 2 for this round only.")
    assert strike["do"] == [{"combat_mod": {"round": "crc", "amount": 2, "side": "adversary",
                                            "until": "end_of_round"}}]
    effects, left = compile_text("Play on any PRIMORDIAL Adversary to add 2 to any CLOSE RANGE COMBAT skill check. "
                                 "If the Adversary does not have CRC skill, this card gives it a 4.")
    assert left  # what its + does not make of no skill is not read as done
    (stare,) = _one("Play on any Adversary to add 1 to its LONG RANGE COMBAT skill check. In addition, if the "
                    "Adversary is ALIEN, play on the chosen Agent in combat to negate his combat skills this round.")
    assert stare["do"][1] == {"if_adversary": {"keyword": ["ALIEN"], "do": [
        {"no_damage": {"target": "agent", "until": "end_of_round"}}]}}
    (kin,) = _one("If one of your Agents is Abducted, you may immediately draw three cards.")
    assert kin["when"] == "event:abducted" and kin["do"] == [{"draw": {"count": 3}}]


def test_combat_text_read_where_the_round_deals_damage() -> None:
    unhurt, rounds = _one("The Shade is unaffected by Combat attacks. It will attack for only one LONG RANGE COMBAT "
                          "and one CLOSE RANGE COMBAT round and then is discarded.")
    assert unhurt["do"] == [{"unhurt": True}] and rounds["do"] == [{"rounds_only": 2}]
    lash, back = _one("Each source of damage affecting the Thorn Beast in LONG RANGE COMBAT also causes 2 damage to "
                      "each opposing Team member involved in the Combat. If killed in Combat, place the Beast back in "
                      "your deck and shuffle.")
    assert lash["do"] == [{"backlash": {"round": "lrc", "amount": 2}}] and back["do"] == [{"back_to_deck": True}]
    vest = _one("The Riot Shield will absorb two points of damage. Place two tokens on this card. Discard a token to "
                "prevent one point of damage. Excess damage is applied to the Agent as normal.")
    assert [a["do"] for a in vest] == [[{"absorbs": 2}], [{"tokens": {"amount": 2}}], [{"absorb_token": 1}]]
    (hold,) = _one("Play this card on any combatant that can use SUBTERFUGE. The combatant applies a choke hold. If "
                   "the combatant causes damage in LONG RANGE COMBAT then the damaged Adversary/Agent takes no "
                   "further part in the combat.")
    assert hold["do"] == [{"choke": {"round": "lrc", "target": "combatant"}}]
    assert {"has_target": "combatant"} in hold["if"]  # no such combatant: strict refuses it


def test_named_agents_of_a_team_moved_and_benched() -> None:
    (shut,) = _one("Play on any Team containing Agent Dale Cooper and/or Agent Anne Ray. Cooper must immediately be "
                   "moved to the Hospital (undamaged). Ray must immediately be moved to the Bureau. Neither may "
                   "contribute their skills to skill checks this turn.")
    assert shut["targets"]["member"]["select"]["named"] == ["Cooper", "Ray"]
    assert shut["targets"]["named_ray"]["select"]["team_of"] == "member"
    assert shut["do"] == [{"to_section": {"target": "named_cooper", "section": "hospital"}},
                          {"to_section": {"target": "named_ray", "section": "bureau"}},
                          {"sit_out_turn": {"target": "named_cooper"}}, {"sit_out_turn": {"target": "named_ray"}}]


def test_a_card_kept_when_the_check_succeeds_and_discarded_for_its_bonus() -> None:
    kept, use = _one("Play before a Site skill check. If the Site skill check is successful, place this card in "
                     "your Bureau Section. You may discard this card in any of your investigation phases to add 3 to "
                     "a Site skill check.")
    assert kept["if"] == [{"check_skill": []}] and kept["do"] == [{"keep_on_success": {}}]
    assert use["cost"] == [{"discard_self": {}}] and {"your_turn": True} in use["if"]
    assert use["do"] == [{"check_mod": {"amount": 3}}]


def test_wounds_that_hold_in_the_hospital_or_stop_healing() -> None:
    held, = _one("Any Agent damaged by the Night Stalker is placed in the Hospital for the next three turns "
                 "regardless of how much HEALTH they have.")
    assert held["do"] == [{"wound_hospital": {"turns": 3}}]
    (scar,) = _one("Any Agent wounded by the Wendigo may not heal wounds until a Healing card is successfully played "
                   "on him.")
    assert scar["do"] == [{"wound_no_heal": True}]


def test_the_opponents_of_the_combatant_played_on_and_the_foe_stunned() -> None:
    (cover,) = _one("Play this card on any combatant to decrease damage from one CLOSE RANGE COMBAT source by one "
                    "point this round.")
    assert cover["do"][0]["combat_mod"]["of"] == "combatant"
    (daze,) = _one("Play this card on any opponent that has just taken damage. The opponent is considered "
                   "\"stunned\" for the next round of combat.")
    assert daze["do"] == [{"stun": {"target": "foe"}}] and {"has_target": "foe"} in daze["if"]
    (shell,) = _one("Play on any OCCULT combatant to reduce damage from all opponent LONG RANGE COMBAT sources by 1 "
                    "this round.")
    assert {"has_target": "combatant"} in shell["if"]


def test_access_to_the_crime_lab_is_read_by_the_sites_prerequisite() -> None:
    effects, left = compile_text("Agents equipped with a Spectrometer have access to the field office crime lab.")
    assert not left and effects[0]["do"] == [{"crime_lab": {"by": "holder"}}]  # (`crimelab`, equip)


def test_a_creature_removed_at_the_end_of_a_round_survives_only_the_round_named() -> None:
    (tough,) = _one("No matter how much damage is dealt to this creature in the LONG RANGE COMBAT round, it will "
                    "attack in the CLOSE RANGE COMBAT round. If its HEALTH has been exceeded, it is removed at the "
                    "end of the CRC round.")
    assert tough["do"] == [{"survives_round": "lrc"}]  # it dies at the end of a Close Range round like any other


def test_a_cost_in_the_text_is_a_condition_of_play() -> None:
    (squeeze,) = _one("Pay 2 [RP] to move up to 3 [CP] from your opponent's [CP] pool to your [RP] pool immediately.")
    assert {"can_pay": {"amount": 2, "pool": "rp"}} in squeeze["if"] and squeeze["cost"] == [
        {"pay": {"amount": 2, "pool": "rp"}}]


def test_wordings_of_a_designers_own_set() -> None:
    """The same meanings in the words a designer writes for a set of their own (the sample set's): a check lowered for
    one Team, an Equipment's skill on its holder, a combatant healed or helped, a Site's question said again."""
    assert _steps("Subtracts 2 from one Team's skill check.") == [{"check_mod": {"amount": -2}}]
    assert _steps("Subtracts 1 from the Activating Team's skill check.") == [{"check_mod": {"amount": -1}}]
    for text, skill in (("Adds 1 to the holder's MEDICAL.", "Medical"), ("Adds 2 to its bearer's OBSERVATION skill.",
                                                                          "Observation"),
                        ("Adds 1 to the holder's CLOSE RANGE COMBAT.", "Close Range Combat")):
        effects, left = compile_text(_Card(text, "Equipment"))
        assert not left and effects[0]["when"] == "static"
        assert effects[0]["do"] == [{"equip": {"skill": skill, "amount": int(text.split()[1])}}]
    (heal,) = compile_text("Heal 1 damage from one combatant.")[0]
    assert heal["do"] == [{"heal": {"target": "combatant", "amount": 1}}]
    assert heal["targets"]["combatant"]["select"] == {"zone": ["field", "chain"], "combatant": "any", "damaged": True}
    (helped,) = compile_text("Adds 1 to one combatant's LONG RANGE COMBAT this round.")[0]
    assert helped["do"][0]["combat_mod"] == {"target": "combatant", "round": "lrc", "amount": 1,
                                              "until": "end_of_round"}
    for text in ("You may ask one RESULT question.", "You may ask one MOTIVE question or one METHOD question. If you "
                 'ask if the MOTIVE is "Security", the skill check prerequisite is 5+.'):
        assert compile_text(_Card(text, "Site")) == ([], [])
        assert compile_text(_Card(text, "Event"))[1]  # an extra question on another card is not the Site's own


def test_a_non_combat_skill_added_to_a_combatant_is_left_by_hand() -> None:
    """"add 1 to their MEDICAL skill" is no Combat modifier: it used to compile to one with no round."""
    assert compile_text("Play on any Agent to add 1 to their MEDICAL skill.")[1]


class _Card:
    """A card's text and type, as `compile_text` reads a CardDef."""

    def __init__(self, text: str, type_: str) -> None:
        self.text, self.type = text, type_
