"""Read X-Files CCG card English into meanings, one sentence at a time, with the grammar in `cardtext.lark`.

`read_sentence(text)` gives a `Meaning` (what a sentence leads with: targets, conditions, a cost; the steps it takes;
how long they last; or a standing ability), or None when the grammar cannot read it. `compiler.compile_text` joins
the meanings of a card's sentences into its abilities.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

from ...cards.textcache import TextCache
from .cardmeaning import ROUNDS as _ROUNDS
from .cardmeaning import Meaning
from .cardmeaning import keywords as _keywords
from .cardmeaning import num as _num
from .cardmeaning import skill as _skill
from .cardread_barred import BarredReader
from .cardread_bluffs import BluffsReader
from .cardread_cards import CardsReader
from .cardread_checks import ChecksReader
from .cardread_choices import ChoicesReader
from .cardread_costs import CostsReader
from .cardread_decks import DecksReader
from .cardread_effects import EffectsReader
from .cardread_equip import EquipReader
from .cardread_events import EventsReader
from .cardread_sites import SitesReader
from .cardread_standing import StandingReader
from .cardread_windows import WindowsReader
from .cardwords import WordsReader, caps_skills

__all__ = ["Meaning", "read_sentence", "sentences"]

class _Read(BarredReader, ChoicesReader, WindowsReader, EquipReader, EventsReader, BluffsReader, WordsReader, DecksReader, CardsReader,
            CostsReader, SitesReader, ChecksReader, EffectsReader, StandingReader, Transformer):  # type: ignore[type-arg]
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
        return "combatant", {"zone": ["field", "chain"], "combatant": "any", "keyword": kws}, [{"has_target": "combatant"}]

    def t_combatant(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        sel: dict[str, Any] = {"zone": ["field", "chain"], "combatant": "any"}
        conds: list[dict[str, Any]] = []
        for x in c:
            if isinstance(x, dict):
                if "combat_round" in x:
                    conds.append(x)
                else:
                    sel.update(x)
        if "can_use_or_stun" in sel or "can_use" in sel:  # played only when such a combatant is there (strict refuses)
            conds.append({"has_target": "combatant"})
        return "combatant", sel, conds

    def can_use_or_stun(self, c: list[Any]) -> dict[str, Any]:
        return {"can_use_or_stun": " ".join(c[0])}

    def can_use(self, c: list[Any]) -> dict[str, Any]:
        return {"can_use": " ".join(c[0])}

    def skill_or_can(self, c: list[Any]) -> dict[str, Any]:
        return {"skill_or_can": {"name": _skill(c[0]), "min": c[1], "can_use": " ".join(c[2])}}

    def has_skill(self, c: list[Any]) -> dict[str, Any]:
        skill = _skill(c[0])
        return {"skill": {"name": skill, "min": next((x for x in c[1:] if isinstance(x, int)), 1)}}

    def you_control_skill(self, c: list[Any]) -> dict[str, Any]:
        return {"combatant": "yours", "skill": {"name": _skill(c[-1]), "min": 1}}

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

    def t_team_bureau(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        return "team", {}, [{"team_in": "bureau"}]

    def t_team_theirs(self, c: list[Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        return "team", {}, [{"opponent_team": True}]

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
        for s in steps:
            if "_round" in s:
                lead.conditions.append({"combat_round": s["_round"]})
        lead.steps = [s for s in steps if "_target" not in s and "_round" not in s]
        if any(s.get("_target") == "agent_team" for s in steps):
            lead.targets["agent"] = {"select": {"type": "Agent", "zone": "field", "in_team": True}, "count": 1}
        if any(s.get("_target") == "agent_any" for s in steps):
            lead.targets["agent"] = {"select": {"type": "Agent", "zone": ["bureau", "field", "hospital"]},
                                     "count": 1}
        for s in steps:
            if str(s.get("_target", "")).startswith("agent_in:"):  # "heal ... to an Agent in the Hospital"
                lead.targets["agent"] = {"select": {"type": "Agent", "zone": s["_target"].split(":")[1],
                                                   "damaged": True}, "count": 1}
                lead.conditions.append({"has_target": "agent"})
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
    return Lark.open_from_package(__package__, _GRAMMAR.name, parser="earley", ambiguity="resolve")


_EXAMPLE = re.compile(r"\((?:i\.e\.|e\.g\.|ie\b|eg\b|for example|including|because|round up)[^)]*\)", re.IGNORECASE)
_ABBREV = {"i.e.": "ie", "e.g.": "eg", "Dr.": "Dr", "Lt.": "Lt", "Pvt.": "Pvt", "St.": "St", "vs.": "vs",
           "D.S.A.": "DSA", "U.S.": "US", "A.K.A.": "AKA", "Dep.": "Dep", "Mr.": "Mr", "U.F.O.": "UFO"}


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
    s = s.replace("’", "'").replace("\u2010", "-")  # a typographic hyphen ("X‐File") as the plain one
    return caps_skills(s).strip().rstrip(".").strip()  # a name quoted last ('... "The Walk."') ends in its period


_HERE = Path(__file__).parent
_DISK = TextCache("xfiles-ccg-cardtext", _GRAMMAR, *(_HERE / f for f in ("cardtext.py", "cardread_checks.py", "cardread_effects.py", "cardread_standing.py", "cardwords.py", "cardread_decks.py", "cardread_cards.py", "cardread_costs.py", "cardread_bluffs.py", "cardread_events.py", "cardread_windows.py", "cardread_equip.py", "cardread_sites.py", "cardread_choices.py", "cardread_barred.py", "cardmeaning.py")))


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
