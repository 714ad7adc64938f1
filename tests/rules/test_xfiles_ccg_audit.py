"""`xfiles-ccg`: misreads found by reading a random sample of compiled cards against their text, on cards of our own
in the same wordings: each test failed before its fix."""

from __future__ import annotations

import pytest

from tabletop.cards import CardLibrary
from tabletop.rules.xfiles_ccg import Hire, PlaceSite, UseAbility, XFilesCCG
from tabletop.rules.xfiles_ccg.compiler import compile_text
from tests.rules.xfiles_ccg_helpers import fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position

RECORDS = [
    {"id": "AU-01", "title": "Dr. Iris Vale", "set": "Fixture", "type": "Witness", "cost": "1 RP",
     "keywords": ["Witness", "Observation", "Resource"], "activators": ["Active"],
     "gameText": "Play this card in your Bureau Section. Adds 1 [RP] to your pool every time a Keyword OBSERVATION "
                 "card is played."},
    {"id": "AU-03", "title": "Agent Cal Dorsey", "set": "Fixture", "type": "Agent", "cost": "2 RP",
     "keywords": ["Agent", "FBI"], "skills": {"Observation": 2, "Long Range Combat": 1, "Close Range Combat": 1,
                                              "Health": 3, "Resources": 1},
     "gameText": "Place a token on this card. Discard a token and look through your Bureau deck to draw any one Site "
                 "that asks a RESULT question. Add it to your hand. Reshuffle your Bureau Deck."},
    {"id": "AU-02", "title": "Quarry Road Overlook, NH", "set": "Fixture", "type": "Site", "cost": "1 RP",
     "keywords": ["Site", "Mono", "Result", "Observation"], "prerequisite": "OBSERVATION 4+",
     "question": "You may ask one RESULT question."},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def test_a_negated_attack_names_its_round() -> None:
    """"The opposing side's LONG RANGE COMBAT attack is negated" took the "'s" for the round, so it negated none."""
    (ability,) = compile_text("Play this card on any combatant with a SUBTERFUGE skill of 1+. The opposing side's "
                              "LONG RANGE COMBAT attack is negated this round.")[0]
    assert [s for s in ability["do"] if "no_damage" in s][0]["no_damage"]["round"] == "lrc"


def test_a_site_placed_is_a_card_played_for_the_cards_that_wait_for_one(library: CardLibrary) -> None:
    """"every time a Keyword OBSERVATION card is played" heard only cards played on the chain, never a Site placed
    (nor a Bluff paid for), though the manual calls both played."""
    vale, site = fixture_ref(library, "AU-01"), fixture_ref(library, "AU-02")
    s = build_position({"bureau:0": ["owen-marsh", vale], "hand:0": [site], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "sites"}, library=library)
    assert isinstance(s.rules, XFilesCCG)
    st = s.state
    placed = next(p for p in st.zones["hand:0"].pieces if st.pieces[p].card == site)
    before = st.player(0).counters["rp"]
    ok(s, PlaceSite(placed, 1), 0)
    assert st.player(0).counters["rp"] == before - 1 + 1  # paid 1 for the Site, Dr. Vale gave 1 back


def test_a_card_fetched_from_the_discard_is_not_the_card_itself() -> None:
    """"Select one Site from your Discard Pile": the card is in the Discard when its target is chosen, and could
    choose itself."""
    (ability,) = compile_text("Select one card from your Discard Pile and place it in your hand.")[0]
    assert ability["targets"]["fetched"]["select"]["not"] == "source"


def test_an_agent_bought_for_the_turn_has_no_game_effect(library: CardLibrary) -> None:
    """xfc.deployment.4: a hired Agent's game effect is ignored; its "Discard a token and ..." was usable."""
    dorsey, site = fixture_ref(library, "AU-03"), fixture_ref(library, "AU-02")
    s = build_position({"bureau:0": ["owen-marsh"], "hand:0": [dorsey], "deck:0": [site, site],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "deployment"}, library=library)
    st = s.state
    agent = next(p for p in st.zones["hand:0"].pieces if st.pieces[p].card == dorsey)
    ok(s, Hire(agent, "bureau"), 0)
    assert UseAbility(agent) not in s.rules.text.ability_uses(st, 0)
    refused = s.submit(UseAbility(agent), 0)
    assert not refused.accepted and refused.violations[0].rule == "xfc.deployment.4"


def test_a_deck_search_reads_as_a_sentence_to_every_seat(library: CardLibrary) -> None:
    """A card found by looking through one's own deck read "chose unseen card no. <its name> for fetched ...
    shuffles deck:0": a place among unseen cards of 0 is none, and a zone is named as the table names it."""
    dorsey, site = fixture_ref(library, "AU-03"), fixture_ref(library, "AU-02")
    s = build_position({"bureau:0": ["owen-marsh", dorsey], "deck:0": [site, site], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "deployment"}, library=library)
    st = s.state
    agent = next(p for p in st.zones["bureau:0"].pieces if st.pieces[p].card == dorsey)
    ok(s, UseAbility(agent), 0)
    (choose, *_) = [a for a in s.legal_actions(0) if type(a).__name__ == "ChooseTarget" and a.piece]
    ok(s, choose, 0)
    mine, theirs = s.log_for(0)[-1]["text"], s.log_for(1)[-1]["text"]
    assert "unseen card no." not in mine and "Quarry Road Overlook" in mine
    assert "Quarry Road Overlook" not in theirs and "a card in" in theirs
    for text in (mine, theirs):
        assert "deck:0" not in text and "Bureau Deck" in text.split("shuffles", 1)[1]
