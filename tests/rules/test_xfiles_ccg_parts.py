"""The X-Files CCG's table and text parts (issue #26, item 7): plain objects with explicit inputs, the answers asked
through the ruleset bound on it with no call in between, the text part's check and reducer in the ruleset's
dispatch, and the readers of a card's standing text reading through the part they are given, not the whole
ruleset."""

from __future__ import annotations

from dataclasses import replace

from tabletop.cards import CardLibrary, CardSet
from tabletop.rules.base import Ruleset
from tabletop.rules.simulate import play_session
from tabletop.rules.xfiles_ccg import UseAbility, XFilesCCG
from tabletop.rules.xfiles_ccg.costs import cost_at_site
from tabletop.rules.xfiles_ccg.reading import Table
from tabletop.rules.xfiles_ccg.remote_help import remote_help
from tabletop.rules.xfiles_ccg.textrun import CcgText
from tabletop.rules.xfiles_ccg.vocab_agents import gear_health


def test_table_and_text_are_parts_not_mixins() -> None:
    rules = XFilesCCG()
    names = {k.__name__ for k in type(rules).__mro__}
    assert not names & {"Reading", "TextRun", "Table", "CcgText"}
    assert isinstance(rules.table, Table) and isinstance(rules.text, CcgText)
    assert not isinstance(rules.table, Ruleset) and not isinstance(rules.text, Ruleset)
    # the inputs each part states: the card part, the interpreter, the table part
    assert rules.table.cards is rules.cards and rules.table.effects is rules.effects
    assert rules.text.cards is rules.cards and rules.text.table is rules.table and rules.text.effects is rules.effects
    assert rules.text.flow is rules.flow and rules.text.fights is rules.fights  # late-bound: they take the text part


def test_answers_are_bound_to_the_parts() -> None:
    """What the vocabulary, the standing-ability readers handed the ruleset and the bots ask of the ruleset is the
    part's own method; what only the other parts ask stays on the part."""
    rules = XFilesCCG()
    for name in ("agents", "health", "rating", "gear", "agent_skill", "team_skill", "combatants", "check_total",
                 "same_team", "in_effect", "pay_pool", "killer_winner", "keywords_of", "any_trait", "res_of",
                 "tokens_left"):
        assert getattr(rules, name).__self__ is rules.table, name
    assert rules.negate.__self__ is rules.text
    for part, names in ((rules.table, ("can_pay", "card_pools", "sell_value", "directed", "seat_name",
                                       "can_leave_hospital", "agents_in_play")),
                        (rules.text, ("run_text", "played_triggers", "event_triggers", "ability_uses",
                                      "text_violations", "pending_violation", "expire_effects", "pay_card",
                                      "refill_card_pools", "by_hand_words"))):
        for name in names:
            assert callable(getattr(part, name)) and not hasattr(rules, name), name


def test_use_ability_is_dispatched_to_the_text_part() -> None:
    rules = XFilesCCG()
    assert UseAbility in rules.rule_actions and UseAbility in rules.reduced_actions
    assert rules._checkers[UseAbility].__self__ is rules.text
    assert rules._reducers[UseAbility].__self__ is rules.text


def test_readers_read_through_the_part_they_are_given() -> None:
    """The table part, the card part and the ruleset answer a reader alike (the vocabulary hands it the ruleset)."""
    _, session = play_session("xfiles-ccg", ["greedy", "random"], 1_000_003, enforcement="strict")
    state, rules = session.state, session.rules
    assert isinstance(rules, XFilesCCG)
    agents = [p for seat in state.seats for p in rules.agents(state, seat)]
    assert agents
    for pid in agents:
        assert gear_health(rules.cards, state, pid) == gear_health(rules, state, pid)
        assert remote_help(rules.table, state, [pid], "OBS") == remote_help(rules, state, [pid], "OBS")
    for seat in state.seats:
        for pid in state.zones[f"hand:{seat}"].pieces:
            base = rules.pinfo(state, pid).x_cost(0)
            assert cost_at_site(rules.table, state, seat, pid, base) == cost_at_site(rules, state, seat, pid, base)


def test_keywords_are_read_again_after_a_live_card_edit() -> None:
    """A card's Keywords changed in its file (a live edit bumps the library's version): the table part reads the new
    ones, as the card part does (the Keywords it had folded were kept by card ref across versions before)."""
    rules = XFilesCCG()
    shipped = rules.card_library
    lib = CardLibrary.from_sets(*shipped.sets.values())
    state = rules.new_game(2, seed=1, library=lib)
    pid = next(p for p in state.pieces if rules.pinfo(state, p).kind == "agent")
    ref = state.pieces[pid].card
    card = lib.get(ref)
    assert rules.keywords_of(state, pid) == {k.casefold() for k in card.fields["keywords"]}
    edited = CardSet(card.set, cards={**lib.sets[card.set].cards,
                                      card.id: replace(card, fields={**card.fields, "keywords": ["Agent", "Psychic"]})})
    lib.add(edited, replace=True)
    lib.version += 1
    assert rules.pinfo(state, pid).keywords == {"AGENT", "PSYCHIC"}
    assert rules.keywords_of(state, pid) == {"agent", "psychic"}
