"""Read X-Files CCG card English into meanings, one sentence at a time, with the grammar in `cardtext.lark`.

`read_sentence(text)` gives a `Meaning` (what a sentence leads with: targets, conditions, a cost; the steps it takes;
how long they last; or a standing ability), or None when the grammar cannot read it. `compiler.compile_text` joins
the meanings of a card's sentences into its abilities.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

from ...cards.importers.xfiles_ccg_fields import SKILLS, canonical_skill
from .textcache import TextCache

__all__ = ["Meaning", "read_sentence", "sentences"]

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10}
_ROUNDS = {"lrc": "lrc", "long range combat": "lrc", "crc": "crc", "close range combat": "crc"}
#: skills and other many-word Keywords, longest first, to cut a run of CAPS words into Keywords
_PHRASES = sorted({*(s.upper() for s in SKILLS), "MARTIAL ARTS", "LRC", "CRC", "RESULT SITE", "MOTIVE SITE",
                   "METHOD SITE", "AFFILIATION SITE"}, key=len, reverse=True)


@dataclass
class Meaning:
    """What one sentence says: its lead (targets, conditions, cost), steps, duration, or a standing ability."""

    targets: dict[str, Any] = field(default_factory=dict)
    conditions: list[dict[str, Any]] = field(default_factory=list)
    cost: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    until: str | None = None
    when: str | None = None
    standing: list[dict[str, Any]] = field(default_factory=list)
    lead_only: bool = False
    reminder: bool = False
    starts: bool = False  # begins a new ability of the card (a token cost, "Alternately")


def _keywords(words: list[str]) -> list[str]:
    """A run of CAPS words cut into Keywords: "EVIDENCE COLLECTION BEHAVIORAL" -> two."""
    text, out = " ".join(words), []
    while text:
        hit = next((p for p in _PHRASES if text == p or text.startswith(p + " ")), None)
        word = hit or text.split(" ", 1)[0]
        out.append(word)
        text = text[len(word):].strip()
    return out


def _skill(token: Any) -> str:
    return canonical_skill(str(token)) or str(token).title()


def _num(token: Any) -> int:
    s = str(token).strip().casefold()
    return _WORDS[s] if s in _WORDS else int(s)


class _Read(Transformer):  # type: ignore[type-arg]
    """Tree -> Meaning, bottom-up: small rules return values, `effects` a list of steps, sentences a Meaning."""

    # -- words --
    def num(self, c: list[Any]) -> int:
        return _num(c[0]) if c else 1

    def signed(self, c: list[Any]) -> int:
        return int(str(c[0])) if isinstance(c[0], Token) and c[0].type == "SIGNED" else int(c[0])

    def need(self, c: list[Any]) -> int:
        return int(c[0])

    def kw(self, c: list[Any]) -> list[str]:
        return _keywords([str(t) for t in c])

    def kwlist(self, c: list[Any]) -> list[str]:
        return [w for part in c for w in part]

    def round_name(self, c: list[Any]) -> str:
        return _ROUNDS[" ".join(str(c[0]).casefold().split())]

    def round_list(self, c: list[Any]) -> list[str]:
        return list(c)

    def when_round(self, c: list[Any]) -> dict[str, Any]:
        return {"combat_round": c[-1]}

    def pool(self, c: list[Any]) -> str:
        return str(c[0]).casefold()

    def section(self, c: list[Any]) -> str:
        return str(c[0]).casefold()

    def holder(self, c: list[Any]) -> str:
        return "holder"

    # -- targets --
    def t_adversary(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        return "adversary", {}, [{"in_combat": "adversary"}]

    def t_adversary_kw(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        kws = next(x for x in c if isinstance(x, list))
        return "adversary", {}, [{"combat_adversary": kws}]

    def t_combatant_kw(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        kws = next(x for x in c if isinstance(x, list))
        return "combatant", {"zone": ["field", "chain"], "combatant": "any", "keyword": kws}, []

    def t_combatant(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        sel: dict[str, Any] = {"zone": ["field", "chain"], "combatant": "any"}
        conds: list[dict[str, Any]] = []
        for x in c:
            if isinstance(x, dict):
                if "combat_round" in x:
                    conds.append(x)
                else:
                    sel.update(x)
        return "combatant", sel, conds

    def can_use(self, c: list[Any]) -> dict[str, Any]:
        return {"can_use": " ".join(c[0])}

    def skill_or_can(self, c: list[Any]) -> dict[str, Any]:
        return {"skill_or_can": {"name": _skill(c[0]), "min": c[1], "can_use": " ".join(c[2])}}

    def has_skill(self, c: list[Any]) -> dict[str, Any]:
        skill = _skill(c[0])
        return {"skill": {"name": skill, "min": next((x for x in c[1:] if isinstance(x, int)), 1)}}

    def you_control(self, c: list[Any]) -> dict[str, Any]:
        return {"combatant": "yours"}

    def in_round(self, c: list[Any]) -> dict[str, Any]:
        return {"combat_round": c[0]}

    def t_agent(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        sel: dict[str, Any] = {"type": "Agent", "zone": ["bureau", "field", "hospital"]}
        if any(isinstance(x, str) for x in c):
            sel["zone"] = [x for x in c if isinstance(x, str)][0]
        return "agent", sel, []

    def place(self, c: list[Any]) -> str:
        return c[0] if c else "field"

    def t_team(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        return "team", {}, []

    def t_witness(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        return "card", {"zone": "chain", "on_chain": True, "type": "Witness"}, []

    # -- leads --
    def _target_meaning(self, c: list[Any]) -> Meaning:
        m = Meaning()
        for x in c:
            if isinstance(x, Meaning):  # "Combatants that can use MARTIAL ARTS may ...": its target and condition
                m.targets.update(x.targets)
                m.conditions += x.conditions
            elif isinstance(x, tuple):
                name, sel, conds = x
                if sel:
                    m.targets[name] = {"select": sel, "count": 1}
                m.conditions += conds
            elif isinstance(x, dict):
                m.conditions.append(x)
        return m

    def lead(self, c: list[Any]) -> Meaning:
        return self._target_meaning(c)

    def lead_only(self, c: list[Any]) -> Meaning:
        m = self._target_meaning(c)
        m.lead_only = True
        return m

    def token_cost(self, c: list[Any]) -> Meaning:
        return Meaning(cost=[{"spend_token": 1}], starts=True)

    def who_can_use(self, c: list[Any]) -> Meaning:
        kw = " ".join(next(x for x in c if isinstance(x, list)))
        return Meaning(targets={"combatant": {"select": {"zone": ["field", "chain"], "combatant": "yours",
                                                         "can_use": kw}, "count": 1}},
                       conditions=[{"combatant_can": kw}])

    def adv_can_use(self, c: list[Any]) -> Meaning:
        kw = " ".join(next(x for x in c if isinstance(x, list)))
        return Meaning(conditions=[{"in_combat": "adversary"}, {"adversary_can": kw}])

    def who_skill(self, c: list[Any]) -> Meaning:
        toks = [x for x in c if isinstance(x, Token) and x.type == "SKILL"]
        skill, need = _skill(toks[0]), next(x for x in c if isinstance(x, int))
        return Meaning(targets={"combatant": {"select": {"zone": ["field", "chain"], "combatant": "yours",
                                                         "skill": {"name": skill, "min": need}},
                                              "count": 1}})

    # -- effects (each a list of steps) --
    def effects(self, c: list[Any]) -> list[dict[str, Any]]:
        return [s for x in c for s in (x if isinstance(x, list) else [x])]

    def _skills(self, c: list[Any]) -> list[str]:
        return [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]

    def add_check_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        return [{"check_mod": {"amount": amount, "skill": self._skills(c)[0]}}]

    def sub_check_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        return [{"check_mod": {"amount": -amount, "skill": self._skills(c)[0]}}]

    def add_check_any(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"check_mod": {"amount": next(x for x in c if isinstance(x, int))}}]

    def add_combat_skill(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        rnd = _ROUNDS.get(self._skills(c)[0].casefold(), "")
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def add_combat_any(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        rnd = _ROUNDS.get(self._skills(c)[0].casefold(), "")
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def combat_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = next(x for x in c if isinstance(x, int))
        skills = self._skills(c)
        rnd = _ROUNDS.get(skills[0].casefold(), "") if skills else ""
        return [{"combat_mod": {"target": "holder", "round": rnd, "amount": amount}}]

    def heal(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"heal": {"target": "holder", "amount": next(x for x in c if isinstance(x, int))}}]

    def heal_in(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"heal": {"target": "agent", "amount": next(x for x in c if isinstance(x, int))}}]

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
        return [{"discard_random": {"seat": "opponent", "count": c[0]}}]

    def opponent_discard_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        raise ValueError("which cards the opponent discards is not read yet")

    def examine_hand(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"examine": {"zone": "hand", "seat": "opponent"}}]

    def set_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"prerequisite": {"skill": self._skills(c)[0], "need": c[-1]}}]

    def raise_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"prerequisite": {"raise": c[0]}}]

    def lower_skills(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"add_stat": {"target": "agent", "stat": "ALL", "amount": -c[-1]}}, {"_target": "agent_any"}]

    def reduce_all(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "opponents", "amount": -c[-1], "per_source": True}}]

    def reduce_one(self, c: list[Any]) -> list[dict[str, Any]]:
        rounds = next((x for x in c if isinstance(x, list)), [])
        step: dict[str, Any] = {"side": "opponents", "amount": -c[-1]}
        if len(rounds) == 1:
            step["round"] = rounds[0]
        return [{"combat_mod": step}]

    def user_no_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"target": "holder"}}]

    def prevent_agents(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"side": "opponents"}}]

    def negate_attack(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"side": "opponents", "round": c[0]}}]

    def card_kind(self, c: list[Any]) -> str:
        word = str(c[0]).title()
        return "" if word == "Card" else word

    def from_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "discard", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def search_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fetch": {"from": "deck", "type": next((x for x in c if isinstance(x, str)), "")}}]

    def reveal_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal": {"target": "fetched", "to": "all"}}]

    def shuffle_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle": {"zone": "deck"}}]

    def extra_question(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"extra_question": {}}]

    def remove_self(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"remove": {"target": "source"}}]

    def discard_source(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_self": {}}]

    def place_tokens(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"tokens": {"amount": c[0]}}]}])

    def change_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        lists = [x for x in c if isinstance(x, list)]
        return [{"change_keyword": {"from": lists[0], "to": " ".join(lists[-1])}}]

    def forced_check(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"team_check": {"skill": self._skills(c)[0], "need": next(x for x in c if isinstance(x, int))}}]

    def team_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"team_damage": {"amount": c[-1]}}]

    def if_team_check(self, c: list[Any]) -> list[dict[str, Any]]:
        steps = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], dict))
        return [{"team_check": {"skill": self._skills(c)[0], "need": next(x for x in c if isinstance(x, int)),
                                "then": steps}}]

    def x_table(self, c: list[Any]) -> list[dict[str, Any]]:
        rows = [x for x in c if isinstance(x, tuple)]
        return [{"check_mod": {"skill": self._skills(c), "by_x": {str(k): v for k, v in rows}}}]

    def xrow(self, c: list[Any]) -> tuple[int, int]:
        return int(c[0]), int(str(c[1]))

    # -- durations --
    def this_round(self, c: list[Any]) -> str:
        return "end_of_round"

    def this_turn(self, c: list[Any]) -> str:
        return "end_of_turn"

    def this_combat(self, c: list[Any]) -> str:
        return "end_of_combat"

    def at_once(self, c: list[Any]) -> str:
        return ""

    # -- standing --
    def equip_skill(self, c: list[Any]) -> Meaning:
        amount = next(x for x in c if isinstance(x, int))
        return Meaning(standing=[{"when": "static", "do": [{"equip": {"skill": self._skills(c)[0],
                                                                       "amount": amount}}]}])

    def skip_round(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"skip_round": c[0]}]}])

    def pay_cost(self, c: list[Any]) -> Meaning:
        return Meaning(cost=[{"pay": {"amount": c[0], "pool": c[1]}}])

    def lead_after_hurt(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"after_hurt": True}], lead_only=True)

    def lead_agent_in_team(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"agent": {"select": {"type": "Agent", "zone": "field", "in_team": True},
                                          "count": 1}})

    def reveal_hand_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"reveal_hand": {"seat": "opponent", "type": next(x for x in c if isinstance(x, str))}}]

    def discard_random_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_random_of_revealed": True}]

    def use_skill_for(self, c: list[Any]) -> list[dict[str, Any]]:
        skills = self._skills(c)
        return [{"use_skill_for": {"target": "agent", "skill": skills[0], "checks": skills[1:]}}]

    def abduct(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"abduct": {"target": "agent", "depth": c[0]}}]

    def lead_team_agent(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"agent": {"select": {"type": "Agent", "zone": "field", "in_team": True},
                                          "count": 1}}, lead_only=True)

    def stunned(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"stun": {"side": "opponents"}}]

    def single_source_hospital(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_hospital": {"target": "agent"}}]

    def until_healed(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_until_healed": True}]

    def run_for_it(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"leave_combat": {"target": "agent"}}]

    def restated(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again what the sentence before it did

    def flaming(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_hit": {"amount": 1, "round": c[-1]}}, {"_round": c[-1]}]

    def fail_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"fail_damage": {"amount": c[-1]}}]

    def lead_hit_by(self, c: list[Any]) -> Meaning:
        n = next(int(x) for x in c if isinstance(x, (int, Token)))
        return Meaning(targets={"agent": {"select": {"zone": ["field", "bureau"], "type": "Agent", "hit_by": n},
                                          "count": 1}}, conditions=[{"has_target": "agent"}], lead_only=True)

    def lead_hurt_foe(self, c: list[Any]) -> Meaning:
        return Meaning(targets={"foe": {"select": {"zone": ["field", "chain"], "combatant": "theirs",
                                                   "damaged": True}, "count": 1}}, lead_only=True)

    def lone_fighter(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_fighter": {}}]

    def site_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"site_keyword": {"seat": "you", "word": "CHARACTERISTIC SITE"}}]

    def site_keyword_them(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"site_keyword": {"seat": "opponent", "word": "CHARACTERISTIC SITE"}}]

    def choose_characteristic(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_characteristic": True}]

    def rest_turn(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"rest": {"target": "agent", "turns": 1}}]

    def plus_one_of(self, c: list[Any]) -> list[dict[str, Any]]:
        amount = int(str(next(x for x in c if isinstance(x, Token) and x.type == "SIGNED")))
        branches = [[{"add_stat": {"target": "agent", "stat": s, "amount": amount}}] for s in self._skills(c)]
        kws = next((x for x in c if isinstance(x, list)), None)
        if kws:
            branches.append([{"keyword": {"target": "agent", "keyword": " ".join(kws).title()}}])
        return [{"choose": branches}]

    def jam_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_jam": self._skills(c)[0]}]

    def survives_round(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"survives_round": c[0]}]}])

    def lead_combat_start(self, c: list[Any]) -> Meaning:
        m = self._target_meaning(c)
        m.lead_only = True
        m.conditions.append({"combat_start": True})
        return m

    def killed_named(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_killed": str(c[-1])}]

    def shuffle_back(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle_back": {"target": "holder"}}]

    def shield(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"no_damage": {"target": "holder", "shield": True}}]

    def barrier(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"sit_out": {"target": "agent"}}, {"_target": "agent_team"}]

    def attack_twice(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"target": "holder", "round": c[-1], "double": True}}]

    def prevent_one(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_foe": {}}]

    def block_attack(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "opponents", "amount": -c[0], "round": c[-1]}}]

    def extra_round(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"extra_round": {"round": c[0]}}]

    def split_damage(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"combat_mod": {"side": "own", "split": True, "round": c[0]}}]

    def fail_forced(self, c: list[Any]) -> list[dict[str, Any]]:
        need = next(x for x in c if isinstance(x, int))
        return [{"team_check": {"skill": self._skills(c)[0], "need": need, "else": [c[-1]]}}]

    def fails_check(self, c: list[Any]) -> dict[str, Any]:
        return {"fail_check": {}}

    def ends_turn(self, c: list[Any]) -> dict[str, Any]:
        return {"end_investigation": {}}

    def if_fail_site(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": [{"fail_check": {}}]}]

    def adversary_splits(self, c: list[Any]) -> Meaning:
        rnd = next((x for x in c if x in ("lrc", "crc")), None)
        return Meaning(standing=[{"when": "static", "do": [{"split_damage": {"round": rnd} if rnd else {}}]}])

    def agents_split(self, c: list[Any]) -> Meaning:
        # one Adversary fights at a time in this engine: the Agents' damage has one target, nothing to split
        return Meaning(standing=[{"when": "static", "do": [{"agents_split": True}]}])

    def foes_minus(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"foes_minus": c[-1]}]}])

    def crime_lab(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"crime_lab": True}]}])

    def as_best_foe(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"as_best_foe": {"plus": c[-1]}}]}])

    def res_in_bureau(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"res_in_bureau": c[-1]}]}])

    def lead_in_check(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"check_skill": []}])

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

    def discard_when_spent(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"discard_when_spent": True}]}])

    def once_per_turn(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"once_per_turn": True}]}])

    def card_pool(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"card_pool": {"pool": c[1], "amount": c[0]}}]}])

    def card_pool_for(self, c: list[Any]) -> Meaning:
        kws = next(x for x in c if isinstance(x, list))
        return Meaning(standing=[{"when": "static", "do": [{"card_pool_for": {"pool": c[0], "keywords": kws}}]}])

    def card_pool_refill(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"card_pool_refill": {"pool": c[0]}}]}])

    def use_skill(self, c: list[Any]) -> Meaning:
        skill = self._skills(c)[0]
        return Meaning(standing=[{"when": "static", "do": [{"agents_use": {"skill": skill, "round": c[-1]}}]}])

    def skill_floor(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"agents_floor": {"skill": self._skills(c)[0],
                                                                               "value": c[-1]}}]}])

    def subject(self, c: list[Any]) -> None:
        return None

    def if_fail(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_on_fail": next(x for x in c if isinstance(x, list))}]

    def to_bureau(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"to_section": {"target": "agent", "section": "bureau"}}, {"_target": "agent_team"}]

    def sit_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"sit_out": {"target": "agent"}}]

    def may_use(self, c: list[Any]) -> Meaning:
        words = [x for x in c if isinstance(x, list)][-1]
        return Meaning(standing=[{"when": "static", "do": [{"can_use": words}]}])

    def unnegatable(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"unnegatable": True}]}])

    def no_combat(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"no_combat": True}]}])

    def half_damage(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"half_damage": c[0]}]}])

    # -- sentences --
    @v_args(inline=False)
    def ability(self, c: list[Any]) -> Meaning:
        lead = c[0] if isinstance(c[0], Meaning) else Meaning()
        steps = next((x for x in c if isinstance(x, list)), [])
        if isinstance(steps, Meaning):
            return steps
        if len(steps) == 1 and isinstance(steps[0], Meaning):
            inner = steps[0]
            inner.targets.update(lead.targets)
            inner.conditions = lead.conditions + inner.conditions
            return inner
        lead.steps = [s for s in steps if "_target" not in s]
        for s in steps:
            if "_round" in s:
                lead.conditions.append({"combat_round": s["_round"]})
        steps = [s for s in steps if "_round" not in s]
        if any(s.get("_target") == "agent_team" for s in steps):
            lead.targets["agent"] = {"select": {"type": "Agent", "zone": "field", "in_team": True}, "count": 1}
        if any(s.get("_target") == "agent_any" for s in steps):
            lead.targets["agent"] = {"select": {"type": "Agent", "zone": ["bureau", "field", "hospital"]},
                                     "count": 1}
        untils = [x for x in c if isinstance(x, str) and x]
        lead.until = untils[-1] if untils else None
        return lead

    def standing(self, c: list[Any]) -> Meaning:
        return c[0]

    def reminder(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)

    def sentence(self, c: list[Any]) -> Meaning:
        return c[0]


_GRAMMAR = Path(__file__).with_name("cardtext.lark")


@functools.cache
def _parser() -> Lark:
    return Lark(_GRAMMAR.read_text(encoding="utf-8"), parser="earley", ambiguity="resolve", propagate_positions=False)


_EXAMPLE = re.compile(r"\((?:i\.e\.|e\.g\.|ie\b|eg\b|for example|including|because|round up)[^)]*\)", re.IGNORECASE)
_ABBREV = {"i.e.": "ie", "e.g.": "eg", "Dr.": "Dr", "Lt.": "Lt", "Pvt.": "Pvt", "St.": "St", "vs.": "vs",
           "D.S.A.": "DSA", "U.S.": "US", "A.K.A.": "AKA"}


def sentences(text: str) -> list[str]:
    """The sentences of a card's text, in order, each without its final period."""
    for a, b in _ABBREV.items():
        text = text.replace(a, b)
    text = _EXAMPLE.sub("", text)
    out: list[str] = []
    for part in re.split(r"(?<=[.!?])\s+|\n+", text):
        part = part.strip().rstrip(".!").strip()
        if part.startswith("(") and re.match(r"\(\d+\)\s*=", part) and out:
            out[-1] = f"{out[-1]} {part}"  # the rows of an X table belong to the sentence naming it
        elif part:
            out.append(part)
    return out


def _clean(sentence: str) -> str:
    s = re.sub(r"\[(RP|CP|\*P)\]", r"\1", sentence)
    s = re.sub(r"[\"“”]", "", s)
    s = s.replace("(owning player's choice)", "")
    s = re.sub(r"\(([^()]{0,20}[A-Za-z][^()]{0,30})\)", r" \1 ", s)  # "(your choice)", "(Directed Player's choice)": words like any other
    s = s.replace("’", "'")
    return s.strip()


_DISK = TextCache("xfiles-ccg-cardtext", _GRAMMAR, Path(__file__))


@functools.lru_cache(maxsize=8192)
def read_sentence(sentence: str) -> Meaning | None:
    """The meaning of one sentence, or None when the grammar does not read it (it stays text, applied by hand)."""
    known, data = _DISK.get(sentence)
    if known:
        return Meaning(**data) if isinstance(data, dict) else None
    got = _parse(sentence)
    _DISK.put(sentence, dataclasses.asdict(got) if got is not None else None)
    return got


def _parse(sentence: str) -> Meaning | None:
    try:
        tree = _parser().parse(_clean(sentence))
        got = _Read().transform(tree)
    except (LarkError, ValueError, StopIteration, IndexError, TypeError):
        return None
    return got if isinstance(got, Meaning) else None
