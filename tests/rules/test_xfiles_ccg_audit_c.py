"""`xfiles-ccg`: misreads found by the third reading of 40 random `automated` Premiere cards (seed 2915), on cards of
our own in the same wordings: each test failed before its fix."""

from __future__ import annotations

import pytest

from tabletop.cards import CardLibrary
from tabletop.core import Piece, Session
from tabletop.rules.xfiles_ccg import Investigate, ResolveBluff
from tests.rules.xfiles_ccg_helpers import approach, fixture_library, fixture_ref, ok
from tests.rules.xfiles_ccg_helpers import position as build_position

RECORDS = [
    {"id": "AC-01", "title": "Lars Engstrom", "set": "Fixture", "type": "Bluff", "cost": "X CP",
     "keywords": ["Bluff", "Government"], "activators": ["Conspiracy"],
     "gameText": "Basic Game Only: Apply a -2 modifier to any one skill check involving one of the following skills: "
                 "MEDICAL, SCIENCES, COMPUTER.\n\nAdvanced Game: Pay the listed [CP] Cost, where X = the number of [CP] "
                 "paid to gain the desired modifier to one of the following skills: MEDICAL, SCIENCES, COMPUTER. "
                 "(1) = -1, (3) = -2, (5) = -3, (9) = -4."},
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
