"""`xfiles-ccg`: misreads found by the third reading of 40 random `automated` Premiere cards (seed 2915), on cards of
our own in the same wordings: each test failed before its fix."""

from __future__ import annotations

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece, Session
from tabletop.rules.effects import ChooseOption
from tabletop.rules.xfiles_ccg import Deploy, Investigate, Pass, PlayCard, ResolveBluff, UseAbility
from tests.rules.xfiles_ccg_helpers import approach, fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position

RECORDS = [
    {"id": "AC-01", "title": "Lars Engstrom", "set": "Fixture", "type": "Bluff", "cost": "X CP",
     "keywords": ["Bluff", "Government"], "activators": ["Conspiracy"],
     "gameText": "Basic Game Only: Apply a -1 modifier to any one skill check involving one of the following skills: "
                 "MEDICAL, SCIENCES, COMPUTER.\n\nAdvanced Game: Pay the listed [CP] Cost, where X = the number of [CP] "
                 "paid to gain the desired modifier to one of the following skills: MEDICAL, SCIENCES, COMPUTER. "
                 "(1) = -1, (3) = -2, (5) = -3, (9) = -4."},
    {"id": "AC-02", "title": "Careful Notes", "set": "Fixture", "type": "Event", "cost": "1 RP",
     "keywords": ["Event", "Observation", "Resource"], "activators": ["Active"],
     "gameText": "Play before a Site skill check. If the Site skill check is successful, place this card in your "
                 "Bureau Section. You may discard this card in any of your investigation phases to add 2 to a Site "
                 "skill check. Discard this card after you've used the modifier."},
    {"id": "AC-03", "title": "Swarm Of Moths", "set": "Fixture", "type": "Event", "cost": "4 CP",
     "keywords": ["Event", "Occult Investigation"], "activators": ["Conspiracy", "Witness"],
     "gameText": "Force an opposing Team to make an OCCULT INVESTIGATION 4+ skill check. If they fail, negate all "
                 "Witnesses that are modifying the Team's skill check."},
    {"id": "AC-04", "title": "Ruptured Spleen", "set": "Fixture", "type": "Combat", "cost": "2 CP",
     "keywords": ["Combat"], "activators": ["Combat"],
     "gameText": "Play this card on any Agent that has taken two or more points of damage from a single damage source. That "
                 "Agent must go to the Hospital immediately and may no longer participate in the combat. The Agent may "
                 "not leave the Hospital until he is fully healed."},
    {"id": "AC-05", "title": "The Pale Rider", "set": "Fixture", "type": "Adversary", "cost": "2 CP",
     "keywords": ["Adversary", "Creature"], "activators": ["Conspiracy"],
     "skills": {"Long Range Combat": 3, "Close Range Combat": 1, "Health": 1}, "gameText": ""},
    {"id": "AC-06", "title": "Head Down", "set": "Fixture", "type": "Combat", "cost": "1 *P",
     "keywords": ["Combat"], "activators": ["Combat"],
     "gameText": "Play on any combatant to decrease damage from one LONG RANGE COMBAT source by three "
                 "points this round."},
    {"id": "AC-07", "title": "Field Seminar", "set": "Fixture", "type": "Event", "cost": "1 RP",
     "keywords": ["Event", "Training"], "activators": ["Active"],
     "gameText": "Play this card on an Agent in the Bureau. The Agent is taken out of play for one full turn. At the start of "
                 "the Briefing Phase of the second turn, the Agent may be deployed as normal, and in addition has a +1 "
                 "in one of the following skills: MEDICAL or SCIENCES. Place this card below the Agent to remind you "
                 "of the increased skill."},
]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    return fixture_library(tmp_path_factory.mktemp("sets"), RECORDS)


def _pid(session: Session, zone: str, card: str) -> str:
    return next(p for p in session.state.zones[zone].pieces if session.state.pieces[p].card.endswith(card))


def _bluffed(library: CardLibrary, bluff: str, site: str, skill: str, enforcement: str = "strict") -> Session:
    """Randy's Team (Marsh, Calder) investigates `site`; Les's `bluff` lies beneath it, revealed."""
    s = build_position({"field:0": [site, "owen-marsh", "ruth-calder"], "bureau:1": ["lena-ortiz"],
                        "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=((5, 5), (5, 9)), enforcement=enforcement)
    st = s.state
    where = _pid(s, "field:0", site)
    st.rules["sites"] = {where: {"at": 1, "turn": 1, "owner": 0}}
    st.add_piece(Piece(id=st.new_piece_id(), card=bluff, zone="field:0", owner=1, face_up=False, attached_to=where))
    ok(s, Investigate(where, (_pid(s, "field:0", "owen-marsh"), _pid(s, "field:0", "ruth-calder")), skill), 0)
    approach(s)
    return s


def test_a_bluff_whose_skills_the_check_lacks_is_not_paid_for_its_modifier(library: CardLibrary) -> None:
    """A Bluff that modifies "one of the following skills: MEDICAL, SCIENCES, COMPUTER" took its -2 off an
    OBSERVATION check: paying for a revealed Bluff never asked its conditions (strict refuses, warn logs)."""
    bluff = fixture_ref(library, "AC-01")
    s = _bluffed(library, bluff, "marrow-point", "Observation")
    pid = s.state.rules["bluffs"][0]
    refused = s.submit(ResolveBluff(pid, True, 3), 1)
    assert not refused.accepted and refused.violations[0].rule == "xfc.effect.2"
    assert ResolveBluff(pid, True, 3) not in list(s.rules.legal_actions(s.state, 1))
    ok(s, ResolveBluff(pid, False), 1)
    warn = _bluffed(library, bluff, "marrow-point", "Observation", enforcement="warn")
    logged = warn.submit(ResolveBluff(warn.state.rules["bluffs"][0], True, 3), 1)
    assert logged.accepted and logged.violations[0].rule == "xfc.effect.2"
    medical = _bluffed(library, bluff, "saint-brigid", "Medical")
    before = medical.rules.check_total(medical.state)
    ok(medical, ResolveBluff(medical.state.rules["bluffs"][0], True, 3), 1)
    assert medical.rules.check_total(medical.state) == before - 2


def _checking(library: CardLibrary, team: tuple[str, ...], hand: str, *, site: str = "marrow-point",
              skill: str = "Observation", hand1: tuple[str, ...] = ()) -> Session:
    """Randy's `team` makes `site`'s `skill` check (Marrow Point's OBSERVATION 4+), `hand` in his hand (cards
    separated by commas), `hand1` in Les's."""
    s = build_position({"field:0": [site, *team], "hand:0": [c for c in hand.split(",") if c], "hand:1": list(hand1),
                        "bureau:0": ["victor-hale"],
                        "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"], "xfile:1": ["lantern-choir"]},
                       {"step": "assign"}, library=library, pools=((9, 9), (9, 9)))
    st = s.state
    where = _pid(s, "field:0", site)
    st.rules["sites"] = {where: {"at": 1, "turn": 1, "owner": 0}}
    ok(s, Investigate(where, tuple(_pid(s, "field:0", a) for a in team), skill), 0)
    return s


def _resolve(s: Session) -> None:
    while s.state.rules.get("chain"):
        ok(s, Pass(), s.rules.decision(s.state))


def test_a_card_kept_if_the_check_succeeds_waits_for_the_check(library: CardLibrary) -> None:
    """"If the Site skill check is successful, place this card in your Bureau Section": a RESOURCE went to the
    Bureau as it resolved, so a failed check kept it too, and its "discard this card ... to add 2" was usable on the
    very check it was played in."""
    notes = fixture_ref(library, "AC-02")
    s = _checking(library, ("nadia-keller",), notes)  # OBSERVATION 1 against 4+: it fails
    card = _pid(s, "hand:0", notes)
    ok(s, PlayCard(card), 0)
    _resolve(s)
    assert s.state.zones[s.state.pieces[card].zone].kind == "discard"
    assert UseAbility(card) not in list(s.rules.legal_actions(s.state, 0))
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert s.rules.step(s.state) == "assign" and s.state.pieces[card].zone == "discard:0"
    made = _checking(library, ("owen-marsh", "lena-ortiz"), notes)  # 2 + 3 against 4+: it succeeds
    card = _pid(made, "hand:0", notes)
    ok(made, PlayCard(card), 0)
    _resolve(made)
    ok(made, Pass(), 0)
    ok(made, Pass(), 1)
    assert made.rules.step(made.state) == "question" and made.state.pieces[card].zone == "bureau:0"


def test_a_witness_on_the_chain_is_one_modifying_the_check(library: CardLibrary) -> None:
    """"negate all Witnesses that are modifying the Team's skill check" negated only those already resolved: the
    Witness it answered (it needs one in effect, on the chain) then resolved and added its modifier."""
    moths = fixture_ref(library, "AC-03")
    s = _checking(library, ("owen-marsh",), "june-talley,wade-colter", site="harlow-creek", skill="Behavioral",
                  hand1=(moths,))  # BEHAVIORAL 3, OCCULT INVESTIGATION 3 against 4+: the forced check fails
    base = s.rules.check_total(s.state)
    ok(s, PlayCard(_pid(s, "hand:0", "june-talley")), 0)
    _resolve(s)
    assert s.rules.check_total(s.state) == base + 2
    colter = _pid(s, "hand:0", "wade-colter")
    ok(s, PlayCard(colter), 0)
    ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", moths)), 1)
    _resolve(s)
    assert s.rules.check_total(s.state) == base
    assert s.state.pieces[colter].zone == "discard:0" and not s.state.rules.get("chain")


def test_a_hit_counts_in_the_combat_it_was_taken_in(library: CardLibrary) -> None:
    """"Play on any Agent that has taken two or more points of damage from a single damage source" read a hit kept
    on the Agent for good: one taken in an earlier Combat let the card send him to the Hospital in the next."""
    spleen, rider = fixture_ref(library, "AC-04"), fixture_ref(library, "AC-05")
    s = _checking(library, ("owen-marsh",), "", hand1=(rider, rider, spleen))
    st = s.state
    marsh = _pid(s, "field:0", "owen-marsh")
    first, second = (p for p in st.zones["hand:1"].pieces if st.pieces[p].card == rider)
    ok(s, Pass(), 0)
    ok(s, PlayCard(first), 1)
    _resolve(s)
    while s.rules.step(st) != "aftermath":  # the Long Range round: Marsh takes 3, the Rider dies
        ok(s, Pass(), s.rules.decision(st))
    assert s.rules.damage(st, marsh) == 3
    if s.rules.decision(st) == 0:
        ok(s, Pass(), 0)
    assert not s.rules.check(st, PlayCard(_pid(s, "hand:1", spleen)), 1)  # in this Combat, it may
    while st.rules.get("combat"):
        ok(s, Pass(), s.rules.decision(st))
    if s.rules.decision(st) == 0:
        ok(s, Pass(), 0)
    ok(s, PlayCard(second), 1)
    _resolve(s)
    assert st.rules.get("combat")
    refused = s.submit(PlayCard(_pid(s, "hand:1", spleen)), 1)
    assert not refused.accepted and refused.violations[0].rule == "xfc.effect.2"


def test_an_agent_kept_in_the_hospital_until_healed_is_free_once_he_left(library: CardLibrary) -> None:
    """"The Agent may not leave the Hospital until he is fully healed" stayed on the Agent after he left: the next
    time he went to the Hospital he needed full Health again, not 3."""
    s = build_position({"hospital:0": ["owen-marsh"], "bureau:1": ["lena-ortiz"], "xfile:0": ["project-stillwater"],
                        "xfile:1": ["lantern-choir"]}, {"step": "deployment"}, library=library)
    marsh = _pid(s, "hospital:0", "owen-marsh")
    s.state.pieces[marsh].counters = {"until_healed": 1}
    ok(s, Deploy(marsh, "field"), 0)
    assert "until_healed" not in s.state.pieces[marsh].counters


def test_damage_from_one_source_is_less_one_source_s_damage(library: CardLibrary) -> None:
    """"decrease damage from one LONG RANGE COMBAT source by three points" came off the Agents' total: two Agents
    dealing 2 each dealt 1, where the card leaves one of them 2 (an Agent's damage is its own source)."""
    head, rider = fixture_ref(library, "AC-06"), fixture_ref(library, "AC-05")
    s = _checking(library, ("owen-marsh", "tom-brandt"), "", hand1=(rider, head))  # LONG RANGE COMBAT 2 + 2
    st = s.state
    ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", rider)), 1)
    _resolve(s)
    adversary = st.rules["combat"]["adversary"]
    if s.rules.decision(st) == 0:
        ok(s, Pass(), 0)
    ok(s, PlayCard(_pid(s, "hand:1", head)), 1)
    _resolve(s)
    chosen = next(a for a in s.rules.legal_actions(st, 1) if getattr(a, "piece", None) == adversary)
    ok(s, chosen, 1)
    while s.rules.step(st) != "damage":  # the Rider's 3 goes to one of two Agents: its player chooses
        ok(s, Pass(), s.rules.decision(st))
    assert st.rules["combat"]["pending"] == {**st.rules["combat"]["pending"], "agents": 2, "adversary": 3}


def test_an_agent_sent_to_training_is_one_of_yours(library: CardLibrary) -> None:
    """"Play on an Agent in the Bureau. The Agent is taken out of play for one full turn ... may be deployed as
    normal": any Bureau's Agent was offered, so the card took an opponent's Agent out of play for his turn."""
    seminar = fixture_ref(library, "AC-07")
    s = _checking(library, ("owen-marsh",), seminar)
    ok(s, PlayCard(_pid(s, "hand:0", seminar)), 0)
    _resolve(s)
    offered = [a.piece for a in s.rules.legal_actions(s.state, 0) if getattr(a, "target", None) == "agent"]
    assert offered == [_pid(s, "bureau:0", "victor-hale")]  # not Les's Lena Ortiz


def test_the_options_of_one_step_are_told_apart(library: CardLibrary) -> None:
    """"+1 in one of the following skills: MEDICAL or SCIENCES" was offered as "add stat" twice: the window named
    the step, not what each option adds."""
    seminar = fixture_ref(library, "AC-07")
    s = _checking(library, ("owen-marsh",), seminar)
    ok(s, PlayCard(_pid(s, "hand:0", seminar)), 0)
    _resolve(s)
    pick = next(a for a in s.rules.legal_actions(s.state, 0) if getattr(a, "target", None) == "agent")
    ok(s, pick, 0)
    options = [a.text for a in s.rules.legal_actions(s.state, 0) if isinstance(a, ChooseOption)]
    assert options == ["add stat: Medical, 1", "add stat: Sciences, 1"]
