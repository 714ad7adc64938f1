"""`xfiles-ccg`: every phase and numbered rule, in hand-written positions, in `strict` (refused) and `warn` (logged)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tabletop.cards import DeckEntry, DeckList, default_library
from tabletop.core import Session
from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.rules import get_ruleset
from tabletop.rules.kit import ChooseTarget
from tabletop.rules.xfiles_ccg import (
    RULE_TEXT,
    Ask,
    AssignDamage,
    Buy,
    Deploy,
    Discard,
    Exchange,
    FormTeam,
    FreeDraw,
    Guess,
    Hire,
    Investigate,
    ManualEffect,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
    XFilesCCG,
    card_info,
    parse_cost,
    parse_prerequisite,
    suggested_effects,
)
from tests.rules.xfiles_ccg_helpers import SET, approach, ok, pid
from tests.rules.xfiles_ccg_helpers import position as build_position

BASE = {
    "bureau:0": ["owen-marsh", "ruth-calder", "nadia-keller", "tom-brandt"],
    "bureau:1": ["lena-ortiz", "victor-hale", "priya-sen", "sam-doyle"],
    "xfile:0": ["project-stillwater"],
    "xfile:1": ["lantern-choir"],
    "deck:0": ["marrow-point", "dunmore-quarry", "ketch-island"],
    "deck:1": ["cold-trail", "press-leak", "ambush"],
}


def position(zones: dict[str, list[str]] | None = None, rules: dict[str, Any] | None = None, **kw: Any) -> Session:
    """A hand-written position over BASE (see xfiles_ccg_helpers.position)."""
    return build_position({**BASE, **(zones or {})}, rules, **kw)


def rules_of(s: Session) -> XFilesCCG:
    assert isinstance(s.rules, XFilesCCG)
    return s.rules


def both_modes(build: Callable[[], Session], act: Callable[[Session], Any], seat: int, rule: str, *,
               applies: bool = True) -> list[Session]:
    """The action is refused in strict and applied with the violation in warn; returns the two sessions.

    With `applies` False the action names nothing that can be done (an unknown token): warn shows the violation too,
    and the reducer refuses it.
    """
    out = []
    for mode in ("strict", "warn"):
        s = build()
        s.state.enforcement = mode
        action = act(s)
        before = s.state.hash()
        r = s.submit(action, seat)
        rules = [v.rule for v in r.violations]
        assert rule in rules, (mode, r.violations, r.error)
        assert rule in RULE_TEXT
        if mode == "strict":
            assert not r.accepted and s.state.hash() == before
        else:
            assert r.accepted == applies, r.error
        out.append(s)
    return out


# ------------------------------------------------------------------------------------------------ card data


def test_card_data_parsing() -> None:
    assert parse_cost("3 RP") == (3, "RP", True)
    assert parse_cost("2 CP") == (2, "CP", True)
    assert parse_cost("4 *P") == (4, "*P", True)
    assert parse_cost("X *P") == (None, "*P", True)
    assert parse_cost("lots")[2] is False
    assert parse_prerequisite("BEHAVIORAL 4+") == [("Behavioral", 4)]
    assert parse_prerequisite("ALIEN INVESTIGATION 5+ or BUREAUCRACY 5+") == [("Alien Investigation", 5),
                                                                              ("Bureaucracy", 5)]
    lib = default_library()
    talley = suggested_effects(lib.get(f"{SET}/june-talley"))
    assert [(e.kind, e.amount, e.skill) for e in talley] == [("skill", 2, "Behavioral")]
    assert [(e.kind, e.keyword) for e in suggested_effects(lib.get(f"{SET}/amos-pell"))] == [("negate", "ADVERSARY")]
    assert [(e.kind, e.amount) for e in suggested_effects(lib.get(f"{SET}/field-dressing"))] == [("damage", -1)]
    assert [(e.kind, e.amount) for e in suggested_effects(lib.get(f"{SET}/cold-trail"))] == [("skill", -2)]
    assert suggested_effects(lib.get(f"{SET}/flat-tire")) == []
    club = card_info(lib.get(f"{SET}/supper-club"))
    assert club.skills["Long Range Combat"] is None and club.skill("Close Range Combat") == 3 and club.health == 10


# ------------------------------------------------------------------------------------------------ decks (xfc.deck, xfc.team)


def _deck(team: list[str], xfile: list[str], deck: list[tuple[str, int]]) -> DeckList:
    return DeckList("t", sections={
        "team": [DeckEntry(f"{SET}/{c}") for c in team],
        "xfile": [DeckEntry(f"{SET}/{c}") for c in xfile],
        "deck": [DeckEntry(f"{SET}/{c}", n) for c, n in deck],
    })


def test_sample_decks_are_legal() -> None:
    rules = get_ruleset("xfiles-ccg")
    lib = default_library()
    from tabletop.rules.xfiles_ccg import default_deck

    for i in (0, 1):
        assert rules.deck_problems(default_deck(lib, i), lib) == []


def test_deck_problems_are_all_named() -> None:
    rules = get_ruleset("xfiles-ccg")
    deck = _deck(["owen-marsh", "owen-marsh", "ruth-calder", "lena-ortiz"], [],
                 [("harlow-creek", 3), ("supper-club", 2), ("lantern-choir", 1)])
    found = {v.rule for v in rules.deck_problems(deck, default_library())}
    assert {"xfc.deck.1", "xfc.deck.2", "xfc.team.2", "xfc.team.3", "xfc.team.4"} <= found
    small = _deck(["owen-marsh", "harlow-creek"], ["lantern-choir", "ninth-floor"], [("harlow-creek", 60)])
    found = {v.rule for v in rules.deck_problems(small, default_library())}
    assert {"xfc.team.1", "xfc.team.4", "xfc.deck.2"} <= found


# ------------------------------------------------------------------------------------------------ setup and turn


def test_setup_zones_pools_hand_and_hidden_xfile() -> None:
    s = new_session("xfiles-ccg", 2, enforcement="strict", seed=3)
    st = s.state
    for seat in (0, 1):
        for kind in ("bureau", "field", "hospital", "deck", "discard", "hand", "xfile"):
            assert f"{kind}:{seat}" in st.zones
        assert len(st.zones[f"hand:{seat}"].pieces) == 7
        assert len(st.zones[f"bureau:{seat}"].pieces) == 4
        assert len(st.zones[f"deck:{seat}"].pieces) == 53
        assert st.player(seat).counters == {"rp": 5, "cp": 5}
    xf = st.zones["xfile:1"].pieces[0]
    view0 = s.view(0)
    z = next(z for z in view0["zones"] if z["name"] == "xfile:1")
    assert "card" not in z["pieces"][0] and z["pieces"][0]["id"] != xf
    assert st.rules["active"] == st.rules["first"] in (0, 1) and st.rules["step"] == "draw"


def test_turn_order_and_whose_decision() -> None:
    both_modes(lambda: position({"hand:0": ["harlow-creek"]}),
               lambda s: PlaceSite(pid(s, "hand:0", "harlow-creek"), 1), 0, "xfc.turn.1")
    both_modes(lambda: position(), lambda s: FreeDraw(), 1, "xfc.turn.2")


# ------------------------------------------------------------------------------------------------ Briefing


def test_briefing_free_draw_once_and_res_without_hospital() -> None:
    both_modes(lambda: position(rules={"drawn": True}), lambda s: FreeDraw(), 0, "xfc.briefing.1")
    s = position({"bureau:0": ["owen-marsh", "ruth-calder"], "hospital:0": ["nadia-keller:d1"]})
    ok(s, Pass(), 0)
    assert s.state.player(0).counters["rp"] == 5 + 2 + 2  # Keller (RES 1) is in the Hospital
    assert len(s.state.zones["hand:0"].pieces) == 0


def test_briefing_purchase_at_once_and_pools() -> None:
    both_modes(lambda: position(rules={"step": "buy"}, pools=((2, 5), (5, 5))), lambda s: Buy(3), 0,
               "xfc.briefing.3")
    s = position(rules={"step": "buy"}, pools=((4, 5), (5, 5)))
    ok(s, Buy(2), 0)
    assert s.state.player(0).counters["rp"] == 2 and rules_of(s).step(s.state) == "sell"
    bad = s.submit(Buy(1), 0)
    assert not bad.accepted and bad.violations[0].rule == "xfc.turn.2"  # one purchase, then it is Les's turn


def test_selling_for_cp_in_seat_order() -> None:
    hands = {"hand:1": ["victor-hale", "retired-ranger", "budget-cuts", "informant"],
             "hand:2": ["overtime"]}
    s = position(hands, {"step": "sell", "seller": 1}, seats=3)
    ok(s, Sell((pid(s, "hand:1", "victor-hale"), pid(s, "hand:1", "retired-ranger"), pid(s, "hand:1", "informant"))),
       1)
    assert s.state.player(1).counters["cp"] == 5 + 2 + 3 + 5  # an Agent sells for its RES (2), not its Cost
    ok(s, Buy(2), 1)
    assert s.state.player(1).counters["cp"] == 13
    assert rules_of(s).decision(s.state) == 2  # then the next player to the left
    both_modes(lambda: position(hands, {"step": "sell", "seller": 1}, seats=3),
               lambda s: Sell((pid(s, "hand:1", "budget-cuts"),)), 1, "xfc.briefing.4")
    both_modes(lambda: position(hands, {"step": "sell", "seller": 1}, seats=3, pools=((5, 5), (5, 1), (5, 5))),
               lambda s: Buy(2), 1, "xfc.briefing.5")


# ------------------------------------------------------------------------------------------------ Healing


def test_healing_one_or_two_by_printed_health() -> None:
    s = position({"bureau:0": [], "hospital:0": ["owen-marsh:d4", "nadia-keller:d3", "ruth-calder:d1"],
                  "hospital:1": ["lena-ortiz:d4"]}, {"step": "sell", "seller": 1})
    ok(s, Pass(), 1)
    r = rules_of(s)
    st = s.state
    assert r.damage(st, pid(s, "hospital:0", "owen-marsh")) == 2
    assert r.damage(st, pid(s, "hospital:0", "nadia-keller")) == 2
    assert r.damage(st, pid(s, "hospital:0", "ruth-calder")) == 0
    assert r.damage(st, pid(s, "hospital:1", "lena-ortiz")) == 2  # every Agent in the Hospital heals (p.8)


# ------------------------------------------------------------------------------------------------ Requisition


def test_requisition_section_one_item_and_exchange() -> None:
    req = {"step": "requisition"}
    both_modes(lambda: position({"bureau:0": ["ruth-calder"], "field:0": ["owen-marsh"], "hand:0": ["service-knife"]},
                                req),
               lambda s: Requisition(pid(s, "hand:0", "service-knife"), pid(s, "field:0", "owen-marsh")), 0,
               "xfc.requisition.1")
    both_modes(lambda: position({"hand:0": ["service-knife", "sidearm"]}, req, pools=((1, 5), (5, 5))),
               lambda s: Requisition(pid(s, "hand:0", "sidearm"), pid(s, "bureau:0", "owen-marsh")), 0,
               "xfc.chain.3")

    def two_knives() -> Session:
        s = position({"hand:0": ["service-knife", "service-knife"]}, req)
        marsh = pid(s, "bureau:0", "owen-marsh")
        ok(s, Requisition(s.state.zones["hand:0"].pieces[0], marsh), 0)
        return s

    both_modes(two_knives, lambda s: Requisition(s.state.zones["hand:0"].pieces[0], pid(s, "bureau:0", "owen-marsh")),
               0, "xfc.requisition.2")
    s = two_knives()
    knife = rules_of(s).gear(s.state, pid(s, "bureau:0", "owen-marsh"))[0]
    ok(s, Exchange(knife, pid(s, "bureau:0", "nadia-keller")), 0)
    assert s.state.pieces[knife].attached_to == pid(s, "bureau:0", "nadia-keller")

    def split() -> Session:
        s = two_knives()
        ok(s, Pass(), 0)
        ok(s, Deploy(pid(s, "bureau:0", "owen-marsh"), "field"), 0)
        s.state.rules["step"] = "requisition"
        return s

    both_modes(split, lambda s: Exchange(rules_of(s).gear(s.state, pid(s, "field:0", "owen-marsh"))[0],
                                         pid(s, "bureau:0", "nadia-keller")), 0, "xfc.requisition.3")


# ------------------------------------------------------------------------------------------------ Deployment


def test_deployment_moves_hospital_exit_and_teams() -> None:
    both_modes(lambda: position(rules={"step": "requisition"}),
               lambda s: Deploy(pid(s, "bureau:0", "owen-marsh"), "field"), 0, "xfc.turn.1")
    both_modes(lambda: position({"hospital:0": ["ruth-calder:d2"]}, {"step": "deployment"}),
               lambda s: Deploy(pid(s, "hospital:0", "ruth-calder"), "bureau"), 0, "xfc.deployment.2")
    s = position({"hospital:0": ["ruth-calder:d1"]}, {"step": "deployment"})
    ok(s, Deploy(pid(s, "hospital:0", "ruth-calder"), "field"), 0)  # Health 3 of 4: may leave
    both_modes(lambda: position({"field:0": ["ruth-calder"]}, {"step": "deployment"}),
               lambda s: FormTeam((pid(s, "bureau:0", "owen-marsh"), pid(s, "field:0", "ruth-calder"))), 0,
               "xfc.deployment.3")
    s = position(rules={"step": "deployment"})
    marsh, keller = pid(s, "bureau:0", "owen-marsh"), pid(s, "bureau:0", "nadia-keller")
    ok(s, FormTeam((marsh, keller)), 0)
    ok(s, FormTeam((keller,)), 0)
    assert s.state.rules["teams"]["0"] == [[marsh], [keller]]  # an Agent is in one Team at a time
    # a generic drag between sections is fine in the Deployment Phase, and named outside it
    ok(s, A.Move((marsh,), "field:0"), 0)


def test_agent_bought_for_one_turn() -> None:
    s = position({"hand:0": ["carl-wren", "owen-marsh"]}, {"step": "deployment"}, pools=((5, 5), (5, 5)))
    wren = pid(s, "hand:0", "carl-wren")
    ok(s, Hire(wren, "field"), 0)
    assert s.state.player(0).counters["rp"] == 2 and s.state.pieces[wren].zone == "field:0"
    both_modes(lambda: position({"hand:0": ["owen-marsh"]}, {"step": "deployment"}, pools=((9, 5), (5, 5))),
               lambda s: Hire(pid(s, "hand:0", "owen-marsh"), "field"), 0, "xfc.deployment.5")
    for step in ("sites", "assign"):
        ok(s, Pass(), 0)
        assert rules_of(s).step(s.state) == step
    ok(s, Pass(), 0)  # end of Investigation: the bought Agent leaves at the Debriefing
    assert s.state.pieces[wren].zone == "discard:0" and rules_of(s).step(s.state) == "debrief"


# ------------------------------------------------------------------------------------------------ Case Assignment


def test_sites_cost_direction_and_identical() -> None:
    sites = {"step": "sites", "site_names": []}
    s = position({"hand:0": ["harlow-creek", "harlow-creek"]}, sites)
    a, b = s.state.zones["hand:0"].pieces
    ok(s, PlaceSite(a, 1), 0)
    assert s.state.player(0).counters["rp"] == 3 and s.state.rules["sites"][a]["at"] == 1
    both_modes(lambda: position({"hand:0": ["harlow-creek", "harlow-creek"]}, sites),
               lambda s: _second_site(s), 0, "xfc.case.3")
    both_modes(lambda: position({"hand:0": ["records-annex"]}, sites, pools=((2, 5), (5, 5))),
               lambda s: PlaceSite(pid(s, "hand:0", "records-annex"), 1), 0, "xfc.case.1")
    both_modes(lambda: position({"hand:0": ["harlow-creek"]}, sites, seats=3),
               lambda s: PlaceSite(pid(s, "hand:0", "harlow-creek")), 0, "xfc.case.2", applies=False)
    del b


def _second_site(s: Session):
    a, b = s.state.zones["hand:0"].pieces
    s.state.enforcement, mode = "off", s.state.enforcement
    assert s.submit(PlaceSite(a, 1), 0).accepted
    s.state.enforcement = mode
    return PlaceSite(b, 1)


def _placed(zones: dict[str, list[str]], site: str = "harlow-creek", rules: dict[str, Any] | None = None,
            **kw: Any) -> Session:
    """A Site already in Randy's Field, directed at Les."""
    s = position({"field:0": [site], **zones}, {"step": "assign", **(rules or {})}, **kw)
    sp = pid(s, "field:0", site)
    s.state.rules["sites"] = {sp: {"at": 1, "turn": 1, "owner": 0}}
    return s


def test_bluffs_by_opponents_only() -> None:
    def build() -> Session:
        s = _placed({"hand:0": ["cold-trail"], "hand:1": ["cold-trail", "overtime"]}, rules={"step": "bluffs",
                                                                                              "bluffer": 1})
        return s

    s = build()
    site = pid(s, "field:0", "harlow-creek")
    ok(s, PlaceBluff(pid(s, "hand:1", "overtime"), site), 1)  # any card may be a Bluff
    view0 = s.view(0)
    field = next(z for z in view0["zones"] if z["name"] == "field:0")
    assert sum(1 for p in field["pieces"] if "card" not in p) == 1  # face down: Randy cannot see it
    s2 = build()
    s2.state.rules["bluffer"] = 0
    s2.state.enforcement = "warn"
    r = s2.submit(PlaceBluff(pid(s2, "hand:0", "cold-trail"), pid(s2, "field:0", "harlow-creek")), 0)
    assert "xfc.case.4" in [v.rule for v in r.violations]


def test_a_bluff_is_not_turned_over_by_hand() -> None:
    """An attacker's probe: the Site's player flipped the opponent's face-down Bluff in strict and read it."""
    from tabletop.core import actions as A

    s = _placed({"hand:0": ["cold-trail"], "hand:1": ["cold-trail", "overtime"]}, rules={"step": "bluffs",
                                                                                          "bluffer": 1})
    bluff = pid(s, "hand:1", "overtime")
    ok(s, PlaceBluff(bluff, pid(s, "field:0", "harlow-creek")), 1)
    handle = next(p["id"] for z in s.view(0)["zones"] if z["name"] == "field:0" for p in z["pieces"]
                  if "card" not in p)
    before = s.state.hash()
    r = s.submit(A.Flip((handle,)), 0)
    assert not r.accepted and "xfc.flip" in [v.code for v in r.violations]
    assert s.state.hash() == before and not s.state.pieces[bluff].face_up
    assert "Overtime" not in str(r.error) + str(s.view(0))


# ------------------------------------------------------------------------------------------------ Investigation


def _investigating(zones: dict[str, list[str]], site: str = "harlow-creek", **kw: Any) -> Session:
    s = _placed({"bureau:0": [], "field:0": [site, "owen-marsh", "nadia-keller"], **zones}, site, **kw)
    ok(s, Investigate(pid(s, "field:0", site), (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller")),
                      ""), 0)
    return s


def test_investigate_team_rules() -> None:
    both_modes(lambda: _placed({}), lambda s: Investigate(pid(s, "field:0", "harlow-creek"),
                                                          (pid(s, "bureau:0", "owen-marsh"),)), 0,
               "xfc.investigation.1")

    def used() -> Session:
        s = _placed({"bureau:0": [], "field:0": ["harlow-creek", "owen-marsh"]})
        s.state.rules["used"] = [pid(s, "field:0", "owen-marsh")]
        return s

    both_modes(used, lambda s: Investigate(pid(s, "field:0", "harlow-creek"), (pid(s, "field:0", "owen-marsh"),)), 0,
               "xfc.investigation.1")
    both_modes(lambda: _placed({"bureau:0": [], "field:0": ["ketch-island", "owen-marsh"]}, "ketch-island"),
               lambda s: Investigate(pid(s, "field:0", "ketch-island"), (pid(s, "field:0", "owen-marsh"),),
                                     "Medical"), 0, "xfc.investigation.3")


def test_skill_check_or_choice_hospital_and_one_equipment() -> None:
    s = _placed({"bureau:0": [], "field:0": ["ketch-island", "owen-marsh", "ruth-calder"],
                 "hospital:0": ["priya-sen"]}, "ketch-island")
    r = rules_of(s)
    ok(s, Investigate(pid(s, "field:0", "ketch-island"), (pid(s, "field:0", "owen-marsh"),
                                                          pid(s, "field:0", "ruth-calder")), "Sciences"), 0)
    assert s.state.rules["check"]["skill"] == "Sciences" and s.state.rules["check"]["need"] == 5
    assert r.check_total(s.state) == 4  # Calder 4, Marsh 0
    # an Agent sent to the Hospital no longer counts; Equipment adds one item per Agent
    s2 = _placed({"bureau:0": [], "field:0": ["marrow-point", "owen-marsh"], "hand:0": []}, "marrow-point")
    st = s2.state
    marsh = pid(s2, "field:0", "owen-marsh")
    for card in ("flashlight", "surveillance-van"):
        p = st.new_piece_id()
        from tabletop.core import Piece

        st.add_piece(Piece(id=p, card=f"{SET}/{card}", zone="field:0", owner=0, attached_to=marsh))
    assert rules_of(s2).agent_skill(st, marsh, "Observation") == 2 + 2  # the Van only, not Van + Flashlight


def test_bluff_reveal_pay_one_less_or_discard() -> None:
    def build() -> Session:
        s = _placed({"bureau:0": [], "field:0": ["harlow-creek", "owen-marsh", "nadia-keller"]}, pools=((5, 5),
                                                                                                        (5, 1)))
        site = pid(s, "field:0", "harlow-creek")
        for card in ("misfiled-report", "anonymous-tip", "overtime"):
            p = s.state.new_piece_id()
            from tabletop.core import Piece

            s.state.add_piece(Piece(id=p, card=f"{SET}/{card}", zone="field:0", owner=1, face_up=False,
                                    attached_to=site))
        ok(s, Investigate(site, (pid(s, "field:0", "owen-marsh"), pid(s, "field:0", "nadia-keller"))), 0)
        approach(s)
        return s

    s = build()
    st = s.state
    assert st.pieces[pid(s, "discard:1", "overtime")]  # not a Bluff: discarded at once
    report = st.rules["bluffs"][0]
    # Misfiled Report costs 2, 1 beneath a Site: Les has 1
    ok(s, ResolveBluff(report, True), 1)
    assert st.player(1).counters["cp"] == 0
    # its text ("Subtracts 3 from the Activating Team's skill check") runs when it is paid: nothing left by hand
    assert rules_of(s).by_hand.suggestion_actions(st, 1) == []
    assert [(m["amount"], m["source"]) for m in st.rules["check"]["mods"]] == [(-3, report)]
    tip = st.rules["bluffs"][0]
    ok(s, ResolveBluff(tip, True), 1)  # 0 - 1 is still 0: free, and no token gained
    assert st.player(1).counters["cp"] == 0 and rules_of(s).step(st) == "check"
    both_modes(lambda: _poor_bluff(build), lambda s: ResolveBluff(s.state.rules["bluffs"][0], True), 1,
               "xfc.investigation.2")


def _poor_bluff(build: Callable[[], Session]) -> Session:
    s = build()
    s.state.player(1).counters["cp"] = 0
    return s


def test_sites_with_bluffs_stay_others_go() -> None:
    s = position({"field:0": ["harlow-creek", "marrow-point"]}, {"step": "assign"})
    a, b = pid(s, "field:0", "harlow-creek"), pid(s, "field:0", "marrow-point")
    s.state.rules["sites"] = {a: {"at": 1, "turn": 1, "owner": 0}, b: {"at": 1, "turn": 1, "owner": 0}}
    from tabletop.core import Piece

    s.state.add_piece(Piece(id="bx", card=f"{SET}/cold-trail", zone="field:0", owner=1, face_up=False, attached_to=a))
    ok(s, Pass(), 0)
    assert s.state.pieces[a].zone == "field:0" and s.state.pieces[b].zone == "discard:0"
    assert list(s.state.rules["sites"]) == [a]


# ------------------------------------------------------------------------------------------------ the chain


def test_chain_activators_pools_witness_and_combat_only() -> None:
    hand = {"hand:0": ["june-talley", "june-talley", "night-clerk", "field-dressing", "budget-cuts"],
            "hand:1": ["budget-cuts", "june-talley", "ambush"]}
    both_modes(lambda: _investigating(hand), lambda s: PlayCard(pid(s, "hand:0", "night-clerk")), 0, "xfc.chain.2")
    both_modes(lambda: _investigating(hand), lambda s: PlayCard(pid(s, "hand:0", "budget-cuts")), 0, "xfc.chain.3")
    both_modes(lambda: _investigating(hand), lambda s: PlayCard(pid(s, "hand:0", "field-dressing")), 0,
               "xfc.chain.5")

    def talley_played() -> Session:
        s = _investigating(hand)
        ok(s, PlayCard(s.state.zones["hand:0"].pieces[0]), 0)
        return s

    both_modes(talley_played, lambda s: PlayCard(pid(s, "hand:0", "june-talley")), 0, "xfc.chain.4")
    both_modes(lambda: _investigating(hand), lambda s: PlayCard(pid(s, "hand:1", "budget-cuts")), 1, "xfc.turn.2")
    both_modes(lambda: position({"hand:0": ["june-talley"]}, {"step": "requisition"}),
               lambda s: PlayCard(pid(s, "hand:0", "june-talley")), 0, "xfc.turn.1")


def test_an_x_plus_one_cost_is_x_and_one_more() -> None:
    s = _investigating({"hand:0": ["long-night"]})
    card = pid(s, "hand:0", "long-night")
    ok(s, PlayCard(card, x=2), 0)
    assert s.state.player(0).counters["rp"] == 5 - 3 and s.state.pieces[card].zone == "chain"


def test_alternately_card_is_played_naming_its_effect() -> None:
    """Manual p.14: the player names which "Alternately" effect is used when playing the card; only it applies."""
    zones = {"hand:0": ["change-of-plans"], "field:0": ["harlow-creek", "owen-marsh", "nadia-keller:d2"]}
    both_modes(lambda: _investigating(zones), lambda s: PlayCard(pid(s, "hand:0", "change-of-plans")), 0,
               "xfc.chain.7")
    s = _investigating(zones)
    r = rules_of(s)
    card = pid(s, "hand:0", "change-of-plans")
    assert r.pinfo(s.state, card).alternatives == ("Adds 2 to one Team's BEHAVIORAL skill check.",
                                                   "Heal 2 damage from one Agent.")
    legal = list(r.legal_actions(s.state, 0))
    assert PlayCard(card, choice=1) in legal and PlayCard(card, choice=2) in legal and PlayCard(card) not in legal
    ok(s, PlayCard(card, choice=2), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    keller = pid(s, "field:0", "nadia-keller")
    picks = [a for a in r.legal_actions(s.state, 0) if isinstance(a, ChooseTarget)]
    assert [a.piece for a in picks] == [keller]  # the effect named runs: which damaged Agent heals
    ok(s, picks[0], 0)
    assert r.damage(s.state, keller) == 0 and s.state.rules["check"]["mods"] == []  # the skill effect was not named
    notes = [n["text"] for e in s.log_for(1) for n in e["notes"] if n["what"] in ("xfc.play", "xfc.resolve")]
    assert "naming effect 2: Heal 2 damage from one Agent." in notes[0] and "BEHAVIORAL" not in notes[1]


@pytest.mark.parametrize("mode", ["strict", "warn"])
def test_card_that_cannot_be_paid_goes_to_discard(mode: str) -> None:
    """Manual p.14: a card played and then found unaffordable goes to the Discard; no mode refuses the play."""
    s = _investigating({"hand:0": ["retired-ranger"]}, pools=((2, 5), (5, 5)))
    s.state.player(0).counters["rp"] = 2
    s.state.enforcement = mode
    ranger = pid(s, "hand:0", "retired-ranger")
    assert PlayCard(ranger) not in list(rules_of(s).legal_actions(s.state, 0))  # a bot or hint never wastes it
    r = ok(s, PlayCard(ranger), 0)
    assert r.accepted
    assert s.state.pieces[ranger].zone == "discard:0" and not s.state.rules.get("chain")
    assert s.state.player(0).counters["rp"] == 2
    notes = [n["what"] for e in s.log_for(0) for n in e["notes"]]
    assert "xfc.unpaid" in notes


def test_star_cost_paid_by_the_side_it_helps() -> None:
    s = _investigating({"hand:1": ["overtime"]})
    ok(s, Pass(), 0)
    # Overtime is an ACTIVE card: Les cannot play it; the chain rule says why
    r = s.submit(PlayCard(pid(s, "hand:1", "overtime"), side="conspiracy"), 1)
    assert not r.accepted and r.violations[0].rule == "xfc.chain.2"
    s2 = _investigating({"hand:0": ["overtime"]})
    ok(s2, PlayCard(pid(s2, "hand:0", "overtime")), 0)
    assert s2.state.player(0).counters["rp"] == 3 and s2.state.player(0).counters["cp"] == 5


def test_failed_check_discards_the_site() -> None:
    s = _investigating({"hand:1": ["budget-cuts"]}, site="fairhaven-clinic")
    r = rules_of(s)
    assert r.check_total(s.state) == 6 and s.state.rules["check"]["need"] == 5
    ok(s, Pass(), 0)
    ok(s, PlayCard(pid(s, "hand:1", "budget-cuts")), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    # "Subtracts 2 from one Team's skill check" runs as it resolves: nothing is left to apply by hand
    assert r.by_hand.suggestion_actions(s.state, 1) == []
    assert r.check_total(s.state) == 4
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert r.step(s.state) == "assign" and pid(s, "discard:0", "fairhaven-clinic")


# ------------------------------------------------------------------------------------------------ Combat


def test_combat_until_every_agent_is_in_the_hospital() -> None:
    s = _investigating({"hand:1": ["night-prowler"], "field:0": ["harlow-creek", "owen-marsh", "nadia-keller:d2"]},
                       pools=((5, 5), (5, 6)))
    r = rules_of(s)
    st = s.state
    keller = pid(s, "field:0", "nadia-keller")
    st.rules["check"]["team"] = [keller]
    ok(s, Pass(), 0)
    ok(s, PlayCard(pid(s, "hand:1", "night-prowler")), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)  # LRC: Keller 1, Prowler 1 to the only Agent (no choice to make)
    assert r.health(st, keller) == 0 and r.step(st) == "aftermath"
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.pieces[keller].zone == "hospital:0" and "combat" not in st.rules
    assert pid(s, "discard:1", "night-prowler")


def test_an_adversary_with_health_na_is_not_killed_by_damage() -> None:
    """xfc.combat.6: Health N/A is no Health of 0; Combat goes on until every Agent is in the Hospital."""
    s = _investigating({"hand:1": ["shadow-walker"]}, pools=((5, 5), (5, 6)))
    r = rules_of(s)
    st = s.state
    assert r.pinfo(st, pid(s, "hand:1", "shadow-walker")).health_na
    ok(s, Pass(), 0)
    walker = pid(s, "hand:1", "shadow-walker")
    ok(s, PlayCard(walker), 1)
    for seat in (1, 0, 1, 0):  # the Adversary resolves; the Long Range round (it has no LRC) deals it 3
        ok(s, Pass(), seat)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.rules.get("combat") and st.pieces[walker].zone == "chain"  # not killed after one round
    assert st.rules["combat"]["round"] == "crc" and r.damage(st, walker) == 0
    for _ in range(40):
        if not st.rules.get("combat"):
            break
        step = r.step(st)
        if step == "damage":
            ok(s, AssignDamage(next(p for p in st.rules["check"]["team"] if r.section_of(st, p) != "hospital")), 1)
        else:
            ok(s, Pass(), r.decision(st))
    assert "combat" not in st.rules and pid(s, "discard:1", "shadow-walker")
    assert all(r.section_of(st, p) == "hospital" for p in st.rules["check"]["team"])


def test_an_adversary_with_no_combat_values_starts_no_combat() -> None:
    s = _investigating({"hand:1": ["harvest-lights"]}, pools=((5, 5), (5, 6)))
    r = rules_of(s)
    ok(s, Pass(), 0)
    lights = pid(s, "hand:1", "harvest-lights")
    ok(s, PlayCard(lights), 1)
    ok(s, Pass(), 1)
    ok(s, Pass(), 0)
    assert "combat" not in s.state.rules and s.state.pieces[lights].zone == "discard:1"
    assert r.step(s.state) == "check"
    notes = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.resolve"]
    assert any("started no Combat" in t and "apply by hand" in t for t in notes)


def _pass_until(s: Session, done: Callable[[], bool], limit: int = 20) -> None:
    for _ in range(limit):
        if done():
            return
        ok(s, Pass(), rules_of(s).decision(s.state))
    raise AssertionError("the step never came")


def test_a_witness_with_health_fights_as_an_agent() -> None:
    """Manual p.33: a Witness with Health is an Agent in Combat: it deals damage, takes it, and at 0 is discarded."""
    s = _investigating({"hand:0": ["wade-colter"], "hand:1": ["supper-club"]}, pools=((5, 5), (5, 8)))
    r = rules_of(s)
    st = s.state
    colter = pid(s, "hand:0", "wade-colter")
    ok(s, PlayCard(colter), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert st.pieces[colter].zone == "field:0" and st.rules["check"]["witnesses"] == [colter]
    ok(s, Pass(), 0)
    ok(s, PlayCard(pid(s, "hand:1", "supper-club")), 1)
    _pass_until(s, lambda: r.step(st) == "damage")  # Long Range: the Supper Club has none; Close Range: 3 damage
    club = st.rules["combat"]["adversary"]
    assert r.damage(st, club) == 2 + 1 + 1  # LRC: Marsh 2, Keller 1 and Colter 1
    assert st.rules["combat"]["pending"]["agents"] == 2 + 1 + 2  # CRC: Marsh 2, Keller 1 and Colter 2
    assert AssignDamage(colter) in list(r.legal_actions(st, 1))
    ok(s, AssignDamage(colter), 1)
    assert r.health(st, colter) == 0
    _pass_until(s, lambda: "combat" not in st.rules or st.rules["combat"].get("number", 1) > 2)
    assert st.pieces[colter].zone == "discard:0"
    assert any(n["what"] == "xfc.witness_down" for e in s.log_for(1) for n in e["notes"])


def test_damage_target_is_an_agent_of_the_team() -> None:
    def build() -> Session:
        s = _investigating({"hand:1": ["night-prowler"]}, pools=((5, 5), (5, 6)))
        ok(s, Pass(), 0)
        ok(s, PlayCard(pid(s, "hand:1", "night-prowler")), 1)
        for seat in (1, 0, 1, 0):  # the Adversary resolves, then the Long Range round
            ok(s, Pass(), seat)
        assert rules_of(s).step(s.state) == "damage"
        return s

    both_modes(build, lambda s: AssignDamage(pid(s, "bureau:1", "lena-ortiz")), 1, "xfc.combat.3")
    both_modes(build, lambda s: Pass(), 1, "xfc.combat.3", applies=False)


# ------------------------------------------------------------------------------------------------ questions


def _solved(options: dict[str, Any] | None = None, seats: int = 2) -> Session:
    s = _investigating({}, seats=seats, options=options)
    for seat in range(seats):
        ok(s, Pass(), seat)
    assert rules_of(s).step(s.state) == "question"
    return s


def test_question_of_the_sites_kind_answered_truthfully() -> None:
    s = _solved()
    r = rules_of(s)
    with pytest.raises(KeyError):
        r.question_token(s.state, 0, "Method", "Threats")  # Harlow Creek asks about AFFILIATION only
    ok(s, Ask(r.question_token(s.state, 0, "Affiliation", "Government")), 0)
    book = r.notebook(s.state, 0)["opponents"][0]
    assert book["answers"][-1]["answer"] is False
    assert "Project Stillwater" not in [c["name"] for c in book["candidates"]]
    assert "The Lantern Choir" in [c["name"] for c in book["candidates"]]
    both_modes(lambda: s, lambda s2: Ask("q0000"), 0, "xfc.question.1", applies=False)


def test_question_and_guess_tokens_are_the_same_on_every_load_of_a_position_with_its_secret(tmp_path) -> None:
    """A log written against a hand-written position that gives its `secret:` names a question by its token: two
    loads give one token. Without a `secret:` each load gets a random one (nothing in the file predicts a token)."""
    from tabletop.store import load_action_log

    r = rules_of(_solved())
    assert r.question_options(_solved().state, 0) != r.question_options(_solved().state, 0)
    first, again = _investigating({}, secret="a position's own"), _investigating({}, secret="a position's own")
    for s in (first, again):
        ok(s, Pass(), 0)
        ok(s, Pass(), 1)
    assert r.question_options(first.state, 0) == r.question_options(again.state, 0)
    assert r.guess_options(first.state, 0) == r.guess_options(again.state, 0)
    log = tmp_path / "log.yaml"
    token = r.question_token(first.state, 0, "Affiliation", "Government")
    log.write_text(f"- {{seat: 0, action: {{type: xfc.ask, token: {token}}}}}\n", encoding="utf-8")
    for action, seat in load_action_log(log):
        ok(again, action, seat)
    assert r.notebook(again.state, 0)["opponents"][0]["answers"][-1]["value"] == "Government"


def test_a_lowered_prerequisite_lets_one_question_alone_be_asked() -> None:
    """Cedar Hollow asks BEHAVIORAL 8+, or 5+ to ask whether the MOTIVE is Security: 6 allows that question only."""
    s = _investigating({}, site="cedar-hollow")
    r = rules_of(s)
    assert r.check_total(s.state) == 6
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert r.step(s.state) == "question"
    assert [(q["kind"], q["value"]) for q in r.question_options(s.state, 0)] == [("Motive", "Security")]
    assert r.guess_options(s.state, 0) == []
    with pytest.raises(KeyError):
        r.question_token(s.state, 0, "Method", "Threats")
    ok(s, Ask(r.question_token(s.state, 0, "Motive", "Security")), 0)
    assert r.notebook(s.state, 0)["opponents"][0]["answers"][-1]["kind"] == "Motive"


def test_correct_guess_wins_and_ends_the_game() -> None:
    s = _solved()
    r = rules_of(s)
    ok(s, Guess(r.guess_token(s.state, 0, "The Lantern Choir")), 0)
    assert s.state.rules["over"] and s.state.rules["winner"] == 0
    assert r.status(s.state, 1)["winner"] == 0
    both_modes(lambda: s, lambda s2: Pass(), 0, "xfc.game.1")


def test_wrong_guess_lets_the_directed_player_answer_back() -> None:
    s = _solved()
    r = rules_of(s)
    ok(s, Guess(r.guess_token(s.state, 0, "The Ninth Floor")), 0)
    approach(s)  # the window for cards played when one has just guessed wrong
    assert r.step(s.state) == "penalty" and r.decision(s.state) == 1
    ok(s, Ask(r.question_token(s.state, 1, "Affiliation", "Government")), 1)
    assert r.notebook(s.state, 1)["opponents"][0]["answers"][0]["answer"] is True  # Randy's Stillwater
    assert r.step(s.state) == "question"
    both_modes(lambda: s, lambda s2: Guess("g0"), 0, "xfc.question.2", applies=False)  # one guess per check
    ok(s, Ask(r.question_token(s.state, 0, "Affiliation", "Occult")), 0)
    ok(s, Pass(), 0)
    assert r.step(s.state) == "assign"


def test_house_rules_question_or_guess_and_one_guess() -> None:
    s = _solved({"question_or_guess": True})
    r = rules_of(s)
    ok(s, Ask(r.question_token(s.state, 0, "Affiliation", "Alien")), 0)
    assert r.guess_options(s.state, 0) == []
    s2 = _solved({"one_guess": True})
    ok(s2, Guess(rules_of(s2).guess_token(s2.state, 0, "The Grafted Man")), 0)
    assert s2.state.rules["over"] and s2.state.rules["winner"] == 1


# ------------------------------------------------------------------------------------------------ Debriefing


def test_debriefing_hand_size() -> None:
    eight = ["overtime"] * 8
    both_modes(lambda: position({"hand:0": eight}, {"step": "debrief", "discarder": 0}), lambda s: Pass(), 0,
               "xfc.debriefing.1")
    s = position({"hand:0": eight}, {"step": "debrief", "discarder": 0})
    ok(s, Discard((s.state.zones["hand:0"].pieces[0],)), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert rules_of(s).active(s.state) == 1 and s.state.rules["turn"] == 2


def test_turn_cap_ends_in_a_draw() -> None:
    s = position({}, {"step": "debrief", "discarder": 1, "active": 0, "turn": 3}, options={"max_turns": 3})
    ok(s, Pass(), 1)
    assert s.state.rules["over"] and s.state.rules["winner"] is None


# ------------------------------------------------------------------------------------------------ manual effects


@pytest.mark.parametrize("mode", ["strict", "warn", "off"])
def test_manual_effect_is_allowed_in_every_mode_and_logged(mode: str) -> None:
    s = _investigating({"hand:0": ["overtime"]}, enforcement=mode)
    r = rules_of(s)
    over = pid(s, "hand:0", "overtime")
    marsh = pid(s, "field:0", "owen-marsh")
    for action in (ManualEffect("skill", 3, source=over), ManualEffect("pool", -2, seat=1, pool="cp", source=over),
                   ManualEffect("damage", 2, piece=marsh, source=over),
                   ManualEffect("move", piece=over, to="discard:0", source=over)):
        res = s.submit(action, 0)
        assert res.accepted and not res.violations
    assert r.check_total(s.state) == 6 + 3 and s.state.player(1).counters["cp"] == 3
    assert r.health(s.state, marsh) == 3 and s.state.pieces[over].zone == "discard:0"
    notes = [n["text"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.effect"]
    assert len(notes) == 4 and all(t.startswith("Overtime:") for t in notes)


def test_generic_actions_are_named_in_warn() -> None:
    s = position(enforcement="warn")
    res = s.submit(A.AddCounter("rp", 3, seat=0), 0)
    assert res.accepted and [v.rule for v in res.violations] == ["xfc.chain.3"]
    res = s.submit(A.Draw(1), 0)
    assert [v.rule for v in res.violations] == ["xfc.briefing.1"]


def test_dashboard_status() -> None:
    s = _investigating({"field:0": ["harlow-creek", "owen-marsh:d2", "nadia-keller"]})
    st = rules_of(s).status(s.state, 0)
    assert st["pools"]["0"] == {"rp": 5, "cp": 5}
    marsh = next(a for a in st["agents"]["0"] if a["name"] == "Special Agent Owen Marsh")
    assert (marsh["health"], marsh["damage"], marsh["current"], marsh["section"]) == (5, 2, 3, "field")
    assert st["check"]["total"] == 6 and st["check"]["need"] == 4 and st["decision"] == 0
    assert st["chain"] == [] and st["phase"] == "Investigation"
    assert "notebook" in st and st["notebook"]["opponents"][0]["seat"] == 1


def test_all_rule_numbers_have_text() -> None:
    import re
    from pathlib import Path

    src = "".join(p.read_text() for p in sorted(Path("tabletop/rules/xfiles_ccg").glob("*.py")))
    for rule in set(re.findall(r'"(xfc\.[a-z]+\.\d+)"', src)):
        assert rule in RULE_TEXT, rule


def test_second_question_is_named_in_warn_and_answered() -> None:
    s = _solved()
    r = rules_of(s)
    token = r.question_token(s.state, 0, "Affiliation", "Alien")
    ok(s, Ask(token), 0)
    again = r.question_options(s.state, 0, strict=False)[0]["token"]
    both_modes(lambda: s, lambda s2: Ask(again), 0, "xfc.question.1")


# ------------------------------------------------------------------------------------------------ house rules


def test_killer_win_house_rule_removing_every_opposing_agent_wins() -> None:
    """Manual p.40: with Killer cards, permanently removing all opposing Agents is another way to win."""
    from tabletop.rules.xfiles_ccg import KillerWin

    for house in (False, True):
        s = position({"bureau:1": ["lena-ortiz", "victor-hale"]},
                     options={"killer_cards": True, "killer_win": house})
        for agent in ("lena-ortiz", "victor-hale"):  # a KILLER card's text, applied by hand
            ok(s, ManualEffect("move", piece=pid(s, "bureau:1", agent), to="discard:1"), 0)
        assert bool(s.state.rules.get("over")) is house
        assert s.state.rules.get("winner") == (0 if house else None)
    s = position(options={"killer_win": True}, enforcement="strict")
    res = s.submit(KillerWin(0), 0)
    assert not res.accepted and [v.rule for v in res.violations] == ["xfc.options.3"]


def test_abduction_as_a_manual_effect_returns_the_agent_to_the_hospital() -> None:
    """The Abduction power: an Agent goes N cards down in its Bureau Deck and to the Hospital when uncovered."""
    s = position({"field:0": ["owen-marsh:d2"]}, {"step": "draw"})
    r = rules_of(s)
    st = s.state
    marsh = pid(s, "field:0", "owen-marsh")
    ok(s, ManualEffect("abduct", 2, piece=marsh, text="Abduction: discard a token"), 1)
    deck = st.zones["deck:0"].pieces
    assert deck.index(marsh) == 2 and st.pieces[marsh].face_up and r.damage(st, marsh) == 0
    assert marsh not in r.agents(st, 0) and marsh in r.table.agents_in_play(st, 0)
    ok(s, FreeDraw(), 0)
    assert st.pieces[marsh].zone == "deck:0"
    ok(s, Buy(1), 0)  # the last card over him is drawn
    assert st.pieces[marsh].zone == "hospital:0" and r.damage(st, marsh) == 0
    assert not st.rules.get("abducted") and len(st.zones["hand:0"].pieces) == 2
    notes = [n["what"] for e in s.log_for(1) for n in e["notes"]]
    assert "xfc.abduction_return" in notes


def test_docs_name_every_action_option_and_rule_and_the_piece_numbering() -> None:
    """docs/RULES.md lists each xfc.* action type, each option and each rule number of the ruleset."""
    from pathlib import Path

    from tabletop.rules.xfiles_ccg import ACTIONS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
    for name in [a.type for a in ACTIONS] + [o.name for o in XFilesCCG.option_specs] + list(RULE_TEXT):
        assert f"`{name}`" in doc, name
    # the numbering the docs promise: zone by zone as the file lists them, top first
    s = build_position({"bureau:0": ["owen-marsh", "ruth-calder"], "hand:1": ["ambush"]}, None)
    assert s.state.zones["bureau:0"].pieces == ["p1", "p2"] and s.state.zones["hand:1"].pieces == ["p3"]
    assert "Pieces are numbered `p1`, `p2`" in doc


def test_a_hand_edited_combat_without_its_adversary_is_refused_at_load() -> None:
    """It used to load, then fail with a KeyError on the next pass; the load now names the field."""
    from tabletop.store import SaveError

    with pytest.raises(SaveError) as e:
        position(rules={"step": "check", "check": {"site": "p1", "team": [], "skill": "Behavioral", "need": 4},
                        "combat": {"round": "lrc", "number": 1}})
    assert "rules.combat.adversary" in str(e.value)
    with pytest.raises(SaveError, match=r"rules\.step"):
        position(rules={"step": "lunch"})


def test_a_resolved_cards_effect_applies_when_its_owner_passes() -> None:
    """The trial: The Retired Ranger (+3) resolved, everyone passed and the check stayed "0 vs 4": a pass dropped
    the offered effect. "The effects are immediately resolved" (manual p.9): passing now applies each offered
    effect that leaves no choice; one that leaves a choice lapses, said in the log."""
    s = _investigating({"hand:0": ["retired-ranger"]})
    r = rules_of(s)
    assert r.check_total(s.state) == 6
    ok(s, PlayCard(pid(s, "hand:0", "retired-ranger")), 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)  # the Ranger resolves: its compiled text adds its +3 at once (strict, nothing to choose)
    assert r.check_total(s.state) == 9 and not r.by_hand.suggestion_actions(s.state, 0)
    ok(s, Pass(), 0)
    ok(s, Pass(), 1)
    assert r.step(s.state) == "question"
    check = [n["data"] for e in s.log_for(0) for n in e["notes"] if n["what"] == "xfc.check"]
    assert check == [{"site": check[0]["site"], "total": 9, "need": 4, "success": True, "lowered": False}]


