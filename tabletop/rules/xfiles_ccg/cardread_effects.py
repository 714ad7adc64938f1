"""The grammar's reader for the other effects of card sentences: each rule of `cardtext.lark` for the list of steps a
sentence takes, a heal, a negation, pools gained, stolen or swapped, cards drawn, discarded, searched for, revealed or
moved between sections, Keywords changed, and how long an effect lasts, becomes steps of the effect language. A part of
`cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["EffectsReader"]


class EffectsReader:
    """Tree -> steps for the effects of a sentence and their durations (mixed into the grammar's Transformer)."""

    # -- effects (each a list of steps) --
    def effects(self, c: list[Any]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for s in (s for x in c for s in (x if isinstance(x, list) else [x])):
            branch = next((k for k in ("_on_fail", "_on_made") if out and k in out[-1]), None)
            if branch:  # "If they fail, apply a -2 modifier ... and negate ...": both wait for the check
                out[-1] = {branch: [*out[-1][branch], s]}
            else:
                out.append(s)
        return out

    def heal(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"heal": {"target": "holder", "amount": next(x for x in c if isinstance(x, int))}}]

    def heal_combatant(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Heal 1 damage from one combatant": one of those in the Combat, damaged."""
        return [{"heal": {"target": "combatant", "amount": next(x for x in c if isinstance(x, int)),
                          "_select": {"zone": ["field", "chain"], "combatant": "any", "damaged": True}}}]

    def heal_in(self, c: list[Any]) -> list[dict[str, Any]]:
        section = next(x for x in c if x in ("field", "bureau", "hospital"))
        return [{"heal": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}},
                {"_target": f"agent_in:{section}"}]

    def heal_unit(self, c: list[Any]) -> None:
        return None

    def negate_keyword_card(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"keyword": next(x for x in c if isinstance(x, list))}}}]

    def negate_non_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next(x for x in c if isinstance(x, list))
        return [{"negate": {"select": {"type": "Adversary", "not_keyword": kws}}}]

    def negate_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next((x for x in c if isinstance(x, list)), None)
        return [{"negate": {"select": {"type": "Adversary", **({"keyword": kws} if kws else {})}}}]

    def negate_creature(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next(x for x in c if isinstance(x, list))
        if len(kws) < 2:
            raise ValueError("one Keyword is no creature")
        return [{"negate": {"select": {"type": "Adversary", "keyword_all": kws}}}]

    def negate_kind(self, c: list[Any], by: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """"Negate one Witness", "... one Event card played by your opponent": a card of that kind on the chain."""
        kind = next(x for x in c if isinstance(x, str))
        if kind not in ("Witness", "Event", "Equipment"):
            raise ValueError("a kind of card this negation does not read (an Adversary is negate_adversary's)")
        return [{"negate": {"select": {"type": kind, **(by or {})}}}]

    def negate_kind_theirs(self, c: list[Any]) -> list[dict[str, Any]]:
        return self.negate_kind(c, {"played_by": "opponent"})

    def negate_event(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"type": "Event", "played_by": "opponent"}}}]

    def negate_witness(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"type": "Witness", "modifies": self._skills(c)}}}]

    def negate_against(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate": {"select": {"played_by": "opponent"}, "if_check": self._skills(c)}}]

    def gain_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        return [{"gain": {"counter": self._pool_word(c), "amount": amount}}]

    def _pool_word(self, c: list[Any]) -> str:
        return next((x for x in c if x in ("rp", "cp")), "rp")

    def gain_on_play(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))
        kws = next(x for x in c if isinstance(x, list))
        return Meaning(when="event:played", conditions=[{"played_keyword": kws}],
                       steps=[{"gain": {"counter": "rp", "amount": amount}}])

    def steal_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        pools = [x for x in c if x in ("rp", "cp")]
        return [{"steal": {"amount": amount, "from": pools[0], "to": pools[-1]}}]

    def pool_name(self, c: list[Any]) -> str:
        return "cp" if str(c[0]).casefold().startswith("c") else "rp"

    def draw(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"draw": {"count": c[0]}}]

    def discard_random(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_random": {"seat": c[0], "count": c[1]}}]

    def whom_opponent(self, c: list[Any]) -> str:
        return "opponent"

    def whom_investigating(self, c: list[Any]) -> str:
        return "investigating"

    def count_x(self, c: list[Any]) -> str:
        return "x"

    def x_is_paid(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says what the X of the step before counts: the cost paid

    def swap_pool(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"swap_pool": {"pool": self._pool_word(c)}}]

    def opponent_discard_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        raise ValueError("which cards the opponent discards is not read yet")

    def discard_top_theirs(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_top": {"seat": "opponent", "count": next(x for x in c if isinstance(x, int))}}]

    def discard_top_yours(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_top": {"seat": "you", "count": next(x for x in c if isinstance(x, int))}}]

    def examine_hand(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"examine": {"zone": "hand", "seat": "opponent"}}]

    def card_kind(self, c: list[Any]) -> str:
        word = str(c[0]).title()
        return "" if word == "Card" else word

    def from_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "discard", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def search_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "deck", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def search_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        kws = next((x for x in c if isinstance(x, list)), None)
        kind = next((x for x in c if isinstance(x, str)), "")
        return [{"fetch": {"from": "deck", "type": kind, **({"keyword": kws} if kws else {})}}]

    def search_in(self, c: list[Any]) -> None:
        return None

    def to_hand(self, c: list[Any]) -> None:
        return None

    def reveal_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal": {"target": "fetched", "to": "all"}}]

    def reveal_shuffle(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal": {"target": "fetched", "to": "all"}}, {"shuffle": {"zone": "deck"}}]

    def look_through(self, c: list[Any]) -> list[dict[str, Any]]:
        kind = next((x for x in c if isinstance(x, str)), "")
        asks = next((str(x) for x in c if isinstance(x, Token) and x.type == "KW"), None)
        return [{"fetch": {"from": "deck", "type": kind, **({"asks": asks.title()} if asks else {})}}]

    def added(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again where the card searched for goes

    def shuffle_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle": {"zone": "deck"}}]

    def extra_question(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Ask any one Characteristic question regarding one opponent's X-File": a question of any kind, asked
        with an Ask of its own (`extra_question`: its words are its asker's and the asked's alone)."""
        return [{"extra_question": {"kinds": []}}]

    def remove_self(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"remove_from_game": {"target": "source"}}]

    def discard_source(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_self": {}}]

    def place_tokens(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"tokens": {"amount": c[0]}}]}])

    def change_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        lists = [x for x in c if isinstance(x, list)]
        return [{"change_keyword": {"from": lists[0], "to": " ".join(lists[-1])}}]

    def discard_kind_cost(self, c: list[Any]) -> Meaning:
        """"Discard one Witness card from your hand to ...": a card of that kind its player chooses, paid first."""
        kind = next(x for x in c if isinstance(x, str))
        select = {"zone": "hand", "owner": "you", "not": "source", **({"type": kind} if kind else {})}
        return Meaning(cost=[{"discard_card": {"target": "paid"}}], targets={"paid": {"select": select, "count": 1}},
                       conditions=[{"has_target": "paid"}])

    # -- durations --
    def this_round(self, c: list[Any]) -> str:
        return "end_of_round"

    def this_turn(self, c: list[Any]) -> str:
        return "end_of_turn"

    def this_combat(self, c: list[Any]) -> str:
        return "end_of_combat"

    def at_once(self, c: list[Any]) -> str:
        return ""

    # -- more effects --
    def reveal_hand_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal_hand": {"seat": "opponent", "type": next(x for x in c if isinstance(x, str))}}]

    def discard_random_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_random_of_revealed": True}]

    def rest_of_turn(self, c: list[Any]) -> None:
        return None

    def abduct(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"abduct": {"target": "agent", "depth": c[0]}}]

    def single_source_hospital(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_hospital": {"target": "agent"}}]

    def until_healed(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_until_healed": True}]

    def restated(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again what the sentence before it did

    def site_keyword_them(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"site_keyword": {"seat": "opponent", "word": "CHARACTERISTIC SITE"}}]

    def choose_characteristic(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_characteristic": True}]

    def rest_turn(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"rest": {"target": "agent", "turns": 1}}]

    def shuffle_back(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle_back": {"target": "holder"}}]

    def cost_cut(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"cost_cut": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}}]

    def cost_zero(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_cost_zero": True}]

    def hospital_choice(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_hospital": {"target": "agent"}}, {"_target": "agent_team"}]

    def loses_health(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_chosen_loses": next(x for x in c if isinstance(x, int))}]

    def health_floor(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_health_floor": next(x for x in c if isinstance(x, int))}]

    def bluff_of_site(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_bluff_of_site": True}]

    def random_bluff(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # the Bluff discarded is always drawn at random among the Site's (discard_bluff)

    def travel(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_travel": True}]

    def name_words(self, c: list[Any]) -> list[str]:
        return [str(w) for w in c]

    def join_team(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_bring": c[0][-1]}]  # the Agent moved, named by its surname

    def if_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_if_adversary": next(x for x in c if isinstance(x, list))}]

    def goes_back(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_section": {"target": "victim", "section": "bureau"}}, {"sit_out_turn": {"target": "victim"}}]

    def named_to(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_named_to": {"name": str(c[0]), "section": next(x for x in c if x in ("field", "bureau", "hospital"))}}]

    def named_sit_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_named_sit_out": True}]

    def keep_on_success(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"keep_on_success": {}}]

    def examine_bluff(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_examine_bluff": True}]

    def not_on_named(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_not_named": [str(w) for w in c]}]

    def negate_witnesses(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"negate_witnesses": {}}]

    def gear_of_team(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "team"}}]

    def gear_of_opponents(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "opponents"}}]

    def gear_not_combat(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment", "gear_of": "opponents",
                           "not_modifies": ["Long Range Combat", "Close Range Combat"]}}]

    def discard_kind_in_play(self, c: list[Any]) -> list[dict[str, Any]]:
        kind = next(x for x in c if isinstance(x, str))
        return [{"_in_play": {"type": kind or "Card", "keyword": next(x for x in c if isinstance(x, list)),
                              "owner": "opponent"}}]

    def discard_hand_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_hand": {"seat": "opponent", "keyword": next(x for x in c if isinstance(x, list))}}]

    def unless_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_unless_gear": " ".join(str(w) for w in c)}]

    def already_so(self, c: list[Any]) -> list[dict[str, Any]]:
        return []

    def to_bureau(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_section": {"target": "agent", "section": "bureau"}}, {"_target": "agent_team"}]

    def foe_to_section(self, c: list[Any]) -> list[dict[str, Any]]:
        section = next(x for x in c if isinstance(x, str))
        return [{"to_section": {"target": "foe_agent", "section": section,
                                "_select": {"type": "Agent", "owner": "opponent", "zone": ["field", "bureau"]}}}]

    def sit_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"sit_out_turn": {"target": "agent"}}]  # "... any skill checks this turn"
