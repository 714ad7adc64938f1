"""Compile an X-Files CCG card's English into the effect language: `compile_text(card) -> (effects, left)`.

Each sentence is read by the grammar (`cardtext`); the meanings are joined into the card's abilities: the one it
does when it resolves (a lead such as "Play on any OCCULT Adversary" names its targets and conditions for the
sentences after it), its standing abilities ("Adds 1 to the Agent's SCIENCES skill", "The LONG RANGE COMBAT round is
skipped"), and abilities used with a cost ("Discard a token to ..."). A sentence the grammar cannot read is returned
in `left`, to be applied by hand; reminder text ("Basic Game Only: ...") is no game text and is neither.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from .cardtext import Meaning, read_sentence, sentences
from .compiler_barred import BARRED_STEPS
from .compiler_bluffs import BLUFF_STEPS, compile_alternatives
from .compiler_cards import CARD_STEPS
from .compiler_choices import CHOICE_STEPS
from .compiler_equip import fits_equip
from .compiler_events import EVENT_STEPS
from .compiler_sites import for_kind
from .compiler_windows import WINDOW_STEPS
from .compiler_words import WORD_STEPS
from .data import canonical_skill
from .vocab import VOCABULARY

__all__ = ["RUNS", "compile_text", "game_text"]

#: the steps of the grammar's blocks, each placed by its own module: words (`compiler_words`), cards
#: (`compiler_cards`), bluffs (`compiler_bluffs`), events (`compiler_events`), windows (`compiler_windows`);
#: a name in two of them takes the first listed
FAMILY_STEPS = {**BARRED_STEPS, **WINDOW_STEPS, **EVENT_STEPS, **BLUFF_STEPS, **CARD_STEPS, **WORD_STEPS, **CHOICE_STEPS}

#: the steps the engine runs: the ruleset's vocabulary and the kit's generic primitives this compiler writes
RUNS = frozenset({*VOCABULARY.primitives, "gain", "draw", "move", "reveal", "shuffle", "add_stat", "keyword", "fetch",
                  "look", "choose"})

_BASIC = re.compile(r"basic game only\s*:.*?(?=advanced game\s*:|$)", re.IGNORECASE | re.DOTALL)
#: what "their" / "the combatant" is when the card names no target: the side of the Adversary it is played on
_ADVERSARY_LEADS = ("in_combat", "combat_adversary", "adversary_can")


def game_text(text: str) -> str:
    """The text the Advanced Game plays: reminder text for the Basic Game dropped; a text that says only "None"
    (the database's word for a card with no game text) is none."""
    out = _BASIC.sub("", text or "").strip()
    return "" if out.rstrip(".").casefold() in ("none", "n/a") else out


def _card_text(card: Any) -> tuple[str, str]:
    get = getattr(card, "get", None)
    text = getattr(card, "text", "") or (get("game_text") or get("game_effect") or "" if get else "")
    kind = str(getattr(card, "type", "") or "").strip().casefold()
    return str(text or ""), kind


def compile_text(card: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """The abilities a card's text compiles to (plain data, each `compiled: true`) and the sentences left by hand.

    `card` is a CardDef (or anything with `text` and `type`) or a plain string of card text.
    """
    text, kind = (card, "") if isinstance(card, str) else _card_text(card)
    get = getattr(card, "get", None)
    modifies = (get("modifies") or {}) if get is not None and kind == "equipment" else None
    return _compile(game_text(text), kind, dict(modifies) if isinstance(modifies, Mapping) else None)


def _compile(text: str, kind: str, modifies: dict[str, Any] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    offered = compile_alternatives(text, lambda part: _compile_one(part, kind, modifies))  # "Alternately, ..."
    return offered if offered is not None else _compile_one(text, kind, modifies)


def _compile_one(text: str, kind: str, modifies: dict[str, Any] | None) -> tuple[list[dict[str, Any]], list[str]]:
    main = _Ability(kind)
    out: list[_Ability] = []
    left: list[str] = []
    for sentence in sentences(text):
        got = read_sentence(sentence)
        if got is None:
            left.append(sentence)
            continue
        m = copy.deepcopy(got)
        before = copy.deepcopy((main, out))
        try:
            _place(m, sentence, main, out)
        except ValueError:  # a sentence placed in part would run half of what it says: none of it runs
            main, out = before
            left.append(sentence)
    abilities = _counted_once([a for a in [main, *out] if a.steps or a.cost], left, modifies)
    return [a.data() for a in abilities], left


def _counted_once(abilities: list[_Ability], left: list[str], modifies: dict[str, Any] | None) -> list[_Ability]:
    """An Equipment's skill is its data's (`modifies`, what the table counts): a sentence saying the Equipment adds
    to a skill its data does not count stays by hand (compiled, it would be said done and not be); the abilities
    that add to the holder's skill when it is discarded stay by hand if the data already counts that skill as its
    own (an importer that read "Discard this card to add three to the Agent's X skill" as a modifier: compiled
    too, the bonus would count twice)."""
    if modifies is None:
        return abilities
    data = {canonical_skill(str(k)) or str(k): int(v) for k, v in modifies.items() if str(v).lstrip("-").isdigit()}
    own: dict[str, int] = {}
    for a in abilities:
        for step in a.steps:
            if "equip" in step:
                skill = canonical_skill(step["equip"]["skill"]) or step["equip"]["skill"]
                own[skill] = own.get(skill, 0) + int(step["equip"]["amount"])
    kept = []
    for a in abilities:
        said = [canonical_skill(s["equip"]["skill"]) or s["equip"]["skill"] for s in a.steps if "equip" in s]
        if any(data.get(skill, 0) > own.get(skill, 0) for skill in a.gear_adds) or \
                any(data.get(skill, 0) < own[skill] for skill in said):
            left += a.text
        else:
            kept.append(a)
    return kept


def _place(m: Meaning, sentence: str, main: _Ability, out: list[_Ability]) -> None:
    """Put one sentence's meaning in the ability it belongs to (a new one for a cost or a trigger)."""
    current = out[-1] if out and out[-1].open else main
    m = for_kind(m, main.kind)  # the `sites` block: a Bluff's words for its Site, run as it is revealed
    if m.reminder:
        return
    if m.site_frame:  # on a Site, the question step asks it (`asks`, `lowered`); on another card it is more
        if main.kind != "site":
            raise ValueError("a question asked outside a Site's own check")
        return
    for ability in m.standing:
        _fits(ability, main.kind)
        out.append(_Ability.standing(ability, sentence))
    if m.standing and not m.steps:  # (a held modifier: the steps that keep the card, and its use)
        return
    if m.steps and not (m.starts or m.when) and current.when == "static":
        raise ValueError("a step with no moment to run: a card in play acts through a cost or a trigger")
    if m.starts or m.when:
        current = _Ability(main.kind, when=m.when or "event:use")
        current.open = True
        out.append(current)
        if any("spend_token" in c for c in m.cost):
            current.conditions.append({"tokens_left": True})
    current.add(m, sentence)


#: the kinds of card the play checks see enter play (played on the chain, requisitioned, bought): a copy limit in
#: play of another (a Bluff placed face down, a Site) is left by hand
_PLAYED_KINDS = ("witness", "event", "combat", "adversary", "equipment", "agent", "")


#: the kinds of card played in a skill check's chain and paid there (`costs.cost_at_site`)
_PAID_AT_SITE = ("adversary", "event", "witness", "combat", "")


def _fits(ability: dict[str, Any], kind: str) -> None:
    """A standing ability the rules can hold this kind of card to (the `words` block: copy limits in play)."""
    for step in ability.get("do", ()):
        fits_equip(step, kind)
        limit = step.get("copy_limit")
        if limit and limit.get("in") == "play" and limit.get("count") is not None and kind not in _PLAYED_KINDS:
            raise ValueError("a copy limit in play of a card no play check sees enter play")
        if ("cost_at" in step or "waive_activators" in step) and kind not in _PAID_AT_SITE:
            raise ValueError("a cost or Activators where it is played, of a card not played in a skill check")
        if ("opens_to" in step or "ward" in step) and kind not in ("equipment", ""):
            raise ValueError("an Equipment's words for its holder's Team, on a card no Agent holds")
        if "site_cost" in step and kind != "site":  # "played at this Site": read from the Site under check
            raise ValueError("a Site's own cost change on a card that is no Site")


def _on_site_fail(step: dict[str, Any]) -> dict[str, Any]:
    """What a card does if the Team fails the Site's skill check, said with no check of its own before it."""
    if "team_damage" in step:
        return {"fail_damage": dict(step["team_damage"])}
    raise ValueError("only damage waits for the Site check to fail")


#: sentences that amend a step written before: the step and the field they set
_AMENDS = {"_cost_zero": ("cost_cut", "remove_at_zero"), "_immune": ("cost_cut", "immune"),
           "_chosen_loses": ("lose_health", "amount"), "_health_floor": ("lose_health", "floor"),
           "_provide_half": ("provide", "half")}


def _branches(steps: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The step lists of an ability, its own and its nested branches, innermost last."""
    out = [steps]
    for step in steps:
        args = next(iter(step.values()))
        if isinstance(args, dict):
            for key in ("then", "else", "do"):
                if isinstance(args.get(key), list):
                    out += _branches(args[key])
    return out


def _walk(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every step, nested branches ("then", "else", "do") included."""
    return [step for branch in _branches(steps) for step in branch]


class _Ability:
    """An ability being assembled from the meanings of its sentences."""

    def __init__(self, kind: str, when: str | None = None) -> None:
        self.kind = kind
        self.when = when or ("static" if kind in ("agent", "equipment", "site", "x-file") else "resolved")
        self.text: list[str] = []
        self.targets: dict[str, Any] = {}
        self.conditions: list[dict[str, Any]] = []
        self.cost: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self._in_branch = 0
        #: the skills its holder adds to ("Discard this card to add three to the Agent's X skill")
        self.gear_adds: list[str] = []
        #: later sentences add to it (an ability used with a cost: "Discard a token to ... . ...")
        self.open = False

    @classmethod
    def standing(cls, data: dict[str, Any], sentence: str) -> _Ability:
        a = cls("", when=data.get("when", "static"))
        a.steps = list(data.get("do", []))
        a.cost, a.conditions = list(data.get("cost", [])), list(data.get("if", []))
        a.targets = dict(data.get("targets", {}))  # a choice of its own, made once the abilities before ran
        a.text = [sentence]
        return a

    def add(self, m: Meaning, sentence: str) -> None:
        self.text.append(sentence)
        for name, spec in m.targets.items():
            self.targets.setdefault(name, spec)
        self.conditions += [c for c in m.conditions if c not in self.conditions]
        for step in m.cost:
            if next(iter(step)) not in RUNS:
                raise ValueError("a cost no primitive pays")
            if "pay" in step:  # played (or used) only when its player can pay it
                self.conditions.append({"can_pay": dict(step["pay"])})
        self.cost += m.cost
        for step in m.steps:
            self._step(step, m.until)

    def _step(self, step: dict[str, Any], until: str | None) -> None:
        name, args = next(iter(step.items()))
        if name == "discard_self" and any("hold" in s for s in _walk(self.steps)):
            return  # "Discard this card after you've used the modifier" of a held card: its use's cost discards it
        if name == "_killed":  # the named Agent, when an opponent's skill check includes it
            self.targets["victim"] = {"select": {"zone": "field", "in_team": True, "type": "Agent", "name_has": args,
                                                 "owner": "opponent"},
                                      "count": "all"}
            self._condition({"has_target": "victim"})
            self.steps.append({"remove_from_game": {"target": "victim"}})
            return
        if name == "_not_named":  # "This card may not be played on Agents Mulder or Scully"
            target = next((t for t in ("agent", "combatant", "card") if t in self.targets), None)
            if target is None:
                raise ValueError("no target the names restrict")
            spec = copy.deepcopy(self.targets[target])
            spec["select"]["not_named"] = args
            self.targets[target] = spec
            self._condition({"has_target": target})
            return
        if name in _AMENDS:  # a sentence that says more of a step an earlier one wrote
            self._amend(name, args)
            return
        if name == "_pair_no_damage":  # "That combatant and one other combatant ... will deal no damage"
            if "combatant" not in self.targets:
                raise ValueError("no combatant named before")
            self.targets["other"] = {"select": {"zone": ["field", "chain"], "combatant": "any", "not": "combatant"},
                                     "count": 1}
            self._condition({"has_target": "combatant"})
            for who in ("combatant", "other"):
                self.steps.append({"no_damage": {"target": who, "until": until or "end_of_round"}})
            return
        if name == "_bluff_of_site":  # "Force one Bluff card attached to a Site to be discarded"
            self.targets["site"] = {"select": {"type": "Site", "has_bluffs": True}, "count": 1}
            self._condition({"has_target": "site"})
            self.steps.append({"discard_bluff": {"target": "site"}})
            return
        if name == "reveal" and args.get("target") == "fetched" and "fetched" not in self.targets:
            raise ValueError("nothing found before to show")
        if name == "reveal" and args.get("target") == "fetched":  # shown only when it was found
            branch = next((b for b in _branches(self.steps) if any(
                next(iter(s.values())).get("target") == "fetched" for s in b if isinstance(next(iter(s.values())), dict))),
                None)
            if branch is not None:
                branch.append(self._resolved(step, until))
                return
        if name == "_named_to":  # "Mulder must immediately be moved to the Bureau": the one of the chosen Team
            key = f"named_{args['name'].casefold()}"
            self.targets[key] = {"select": {"type": "Agent", "zone": ["field", "bureau", "hospital"],
                                            "named": [args["name"]], "team_of": "member"}, "count": "all"}
            self.steps.append({"to_section": {"target": key, "section": args["section"]}})
            return
        if name == "_named_sit_out":  # "Neither may contribute their skills to skill checks this turn"
            named = [k for k in self.targets if k.startswith("named_")]
            if not named:
                raise ValueError("no Agents named before")
            self.steps += [{"sit_out_turn": {"target": k}} for k in named]
            return
        if name == "_travel":  # "move one of your Agents to any Section": the Agent, then the Section, chosen
            self.targets["agent"] = {"select": {"type": "Agent", "owner": "you", "zone": ["bureau", "field", "hospital"]},
                                     "count": 1}
            self._condition({"has_target": "agent"})
            self.steps.append({"choose": [[{"to_section": {"target": "agent", "section": s}}]
                                          for s in ("field", "bureau", "hospital")]})
            return
        if name == "_bring":  # "move Agent Fox Mulder from anywhere on the table to the Team <this card> is in"
            self.targets["brought"] = {"select": {"type": "Agent", "owner": "you", "name_has": args, "not": "source",
                                                  "zone": ["bureau", "field", "hospital"]}, "count": 1}
            self._condition({"has_target": "brought"})
            self.steps.append({"join_team": {"target": "brought"}})
            return
        if name == "_if_adversary":  # "if the Adversary is OCCULT, play on the chosen Agent ... negate his combat skills"
            self.targets["agent"] = {"select": {"zone": "field", "combatant": "agents"}, "count": 1}
            self.steps.append({"if_adversary": {"keyword": args, "do": [
                {"no_damage": {"target": "agent", "until": until or "end_of_round"}}]}})
            return
        if name == "_gives":  # what the card's "+N" already makes of an Adversary with no skill in that round
            if not any(s.get("combat_mod", {}).get("round") == args["round"] and
                       s["combat_mod"].get("amount") == args["value"] and s["combat_mod"].get("side") == "adversary"
                       for s in self.steps):
                raise ValueError("no + of that value to the Adversary in that round before it")
            return
        if name == "_examine_bluff":  # "examine any one Bluff card": one face down beneath a Site
            self.targets["bluff"] = {"select": {"bluff": True}, "count": 1}
            self._condition({"has_target": "bluff"})
            self.steps.append({"examine_card": {"target": "bluff"}})
            return
        if name == "_characteristic":  # "You may choose any one Characteristic for the Keyword"
            i = next((i for i, s in enumerate(self.steps) if "site_keyword" in s), None)
            if i is None:
                raise ValueError("no Keyword to choose")
            seat = self.steps[i]["site_keyword"]["seat"]
            self.steps[i] = {"choose": [[{"site_keyword": {"seat": seat, "word": f"{kind} SITE"}}]
                                        for kind in ("AFFILIATION", "MOTIVE", "METHOD", "RESULT")]}
            return
        if name == "_jam":  # "Negates the effects of any one Equipment card that adds to LONG RANGE COMBAT Skill"
            self.targets["jammed"] = {"select": {"zone": ["field", "bureau"], "type": "Equipment",
                                                 "gear_of": "combatants", "adds_to": args}, "count": 1}
            self._condition({"has_target": "jammed"})
            self.steps.append({"jam": {"target": "jammed"}})
            return
        if name == "_random_of_revealed":  # "If your opponent has one or more, discard one at random"
            shown = next((s["reveal_hand"] for s in self.steps if "reveal_hand" in s), None)
            if shown is None:
                raise ValueError("nothing revealed to discard")
            self.steps.append({"discard_random": {"seat": shown["seat"], "count": 1, "type": shown["type"]}})
            return
        if name == "_until_healed":  # "The Agent may not leave the Hospital until he is fully healed"
            sent = next((s["to_hospital"] for s in self.steps if "to_hospital" in s), None)
            if sent is None:
                raise ValueError("no Agent sent to the Hospital")
            sent["until_healed"] = True
            return
        if name == "_either":  # "add or decrease by two ...": a choice of modifiers to the same check
            skills = [s["check_mod"].get("skill") for branch in args for s in branch if "check_mod" in s][0]
            self._condition({"check_skill": skills if isinstance(skills, list) else [skills] if skills else []})
            self._in_branch += 1
            self.steps.append({"choose": [[self._resolved(s, until) for s in branch] for branch in args]})
            self._in_branch -= 1
            return
        if name == "_once":  # "once per turn": an ability used from play is used once a turn; a card played,
            if self.when == "event:use":  # once, says nothing more
                self._condition({"once_a_turn": True})
            return
        family = FAMILY_STEPS.get(name)
        if family is not None:  # a step of a block of the grammar placed by its own compiler module
            family(self, args, until)
            return
        if name == "_gear_add":  # "Discard this card to add three to the Agent's SUBTERFUGE skill": its holder's
            self._gear_add(args, until)
            return
        if name == "_foe":  # "prevent all damage from one opponent": the opponent is chosen
            self.targets["foe"] = {"select": {"zone": ["field", "chain"], "combatant": "theirs"}, "count": 1}
            self.steps.append({"no_damage": {"target": "foe", "until": until or "end_of_round"}})
            return
        if name in ("_gear", "_in_play"):  # the card discarded is a target the player chooses
            zones = ["field", "bureau", "hospital"] if name == "_gear" else ["field", "bureau"]
            self.targets["discarded"] = {"select": {"zone": zones, **args}, "count": 1}
            self._condition({"has_target": "discarded"})
            self.steps.append({"discard_card": {"target": "discarded"}})
            return
        if name == "_unless_gear":  # "If one of the Agents has a "Geiger Counter", this card has no effect"
            checks = [s["team_check"] for s in self.steps if "team_check" in s]
            for check in checks:
                check["unless_gear"] = args
            if not checks:
                if not self.steps:
                    raise ValueError("nothing the Equipment voids")
                self.steps = [{"unless_gear": {"name": args, "do": self.steps}}]
            return
        if name == "_check_by":  # "any one opponent skill check": a check the opponent's Team makes
            self._condition({"check_by": args})
            return
        if name == "_on_made":  # "Make a COMPUTER 4+ skill check. If successful, ...": the check's other branch
            check = next((s for s in reversed(self.steps) if "team_check" in s), None)
            if check is None or check["team_check"].get("then"):
                raise ValueError("no check before it to succeed")
            self._in_branch += 1
            check["team_check"]["then"] = [self._resolved(s, until) for s in args]
            self._in_branch -= 1
            return
        if name == "_on_fail":  # "If they fail, ...": the branch of the check the sentence before forced
            check = next((s for s in reversed(self.steps) if "team_check" in s), None)
            if check is None:  # no forced check before it: the Team's Site check ("if the Team fails ...")
                self.steps += [_on_site_fail(s) for s in args]
                return
            self._in_branch += 1
            if any(s.get("_target") == "agent_team" for s in args):  # "choose one Agent" of the Team
                self.targets["agent"] = {"select": {"type": "Agent", "zone": "field", "in_team": True}, "count": 1}
                self._condition({"has_target": "agent"})
            args = [s for s in args if "_target" not in s]
            check["team_check"]["else"] = [self._resolved(s, until) for s in args]
            self._in_branch -= 1
            return
        self.steps.append(self._resolved(step, until))

    def _resolved(self, step: dict[str, Any], until: str | None) -> dict[str, Any]:
        name, args = next(iter(step.items()))
        if name not in RUNS and name != "_fighter":
            raise ValueError(f"{name}: no primitive runs it yet")
        if not isinstance(args, dict):
            return step
        args = dict(args)
        if "_select" in args:  # a step that names whom it picks ("one opposing Agent (your choice)"): a target
            self.targets.setdefault(args["target"], {"select": args.pop("_select"), "count": 1})
            self._condition({"has_target": args["target"]})
        if args.get("target") == "holder":
            args.pop("target")
            holder = self._holder()
            if holder:
                args["target"] = holder
            elif name == "combat_mod":
                args["side"] = "adversary" if self._on_adversary() else "own"
            elif name == "heal":
                self.targets["agent"] = {"select": {"type": "Agent", "damaged": True}, "count": 1}
                args["target"] = "agent"
        if name == "rest" and args.get("target") in self.targets:  # "taken out of play for one full turn ... may be
            found = self.targets[args["target"]]  # deployed as normal": an Agent of its player's, who deploys it
            self.targets[args["target"]] = {**found, "select": {**found["select"], "owner": "you"}}
        if args.get("target") == "agent" and "agent" not in self.targets:
            self.targets["agent"] = {"select": {"type": "Agent", "zone": ["field", "bureau"]}, "count": 1}
        if name == "negate":  # the card negated is a target: one on the chain, or the Adversary in Combat
            select = {"zone": "chain", "negatable": True, **args.get("select", {})}
            self.targets["negated"] = {"select": select, "count": 1}
            self._condition({"has_target": "negated"})
            if args.get("if_check"):
                self._condition({"check_skill": args["if_check"]})
            return {"negate": {"target": "negated"}}
        if name == "change_keyword":
            # a card on the chain, or the Site under check and its Team's Agents (their Keywords let cards in)
            self.targets["changed"] = {"select": {"zone": ["chain", "field"], "in_play_now": True,
                                                  "keyword": args["from"]}, "count": 1}
            self._condition({"has_target": "changed"})
            args["target"] = "changed"
        if name == "check_mod" and not self._in_branch:
            skills = args.get("skill")
            self._condition({"check_skill": skills if isinstance(skills, list) else [skills] if skills else []})
        if name == "_fighter":  # "one Agent of your choice" fights alone
            self.targets["fighter"] = {"select": {"zone": "field", "combatant": "agents"}, "count": 1}
            return {"only_fighter": {"target": "fighter"}}
        if name == "prerequisite" and args.get("from"):  # played on a check of the skill it changes
            self._condition({"check_skill": [args["from"]]})
        if name == "use_skill_for":
            self._condition({"check_skill": args["checks"]})
        if name == "fetch":  # "Select one card from your Discard Pile and place it in your hand", or your deck
            select = {"zone": args["from"], "owner": "you", **({"type": args["type"]} if args.get("type") else {})}
            if args.get("asks"):
                select["asks"] = args["asks"]
            if args.get("keyword"):  # "any one Keyword HEALING card"
                select["keyword"] = args["keyword"]
            if args["from"] == "deck":  # its searcher looks through the deck: the card is named to that seat alone
                select["search"] = True
                self.targets["fetched"] = {"select": select, "count": 1}
                return {"take_found": {"target": "fetched"}}
            select["not"] = "source"  # the card itself is in the Discard by the time its target is chosen
            self.targets["fetched"] = {"select": select, "count": 1}
            return {"move": {"target": "fetched", "to": "hand"}}
        if name == "team_check" and any(c.get("team_in") for c in self.conditions):  # "Play on a Team in the Bureau"
            args["team"] = next(c["team_in"] for c in self.conditions if c.get("team_in"))
        if name in ("combat_mod", "stun", "no_damage") and args.get("side") == "opponents" and "target" not in args:
            if name == "stun" and "foe" in self.targets:  # "Play this on any opponent ... The opponent is stunned"
                args.pop("side")
                args["target"] = "foe"
            elif "combatant" in self.targets:  # the opponents of the combatant it is played on
                args["of"] = "combatant"
        if until and name in ("combat_mod", "add_stat", "check_mod", "no_damage", "change_keyword", "sit_out"):
            args["until"] = until
        elif name in ("combat_mod", "no_damage") and "until" not in args:
            args["until"] = "end_of_round"
        for key in ("then", "else", "do"):
            if isinstance(args.get(key), list):
                self._in_branch += 1
                args[key] = [self._resolved(s, until) for s in args[key]]
                self._in_branch -= 1
        return {name: args}

    def _gear_add(self, args: dict[str, Any], until: str | None) -> None:
        """An Equipment's holder adds to its skill: to a skill check the holder helps make, or in Combat to the
        holder's damage this round; a card that is no Equipment has no holder to name."""
        if self.kind != "equipment":
            raise ValueError("'the Agent' of a card that is no Equipment")
        self.gear_adds.append(canonical_skill(args["skill"]) or args["skill"])
        rnd = {"long range combat": "lrc", "close range combat": "crc"}.get(args["skill"].casefold())
        if rnd:
            self.targets["bearer"] = {"select": {"zone": ["field", "chain"], "combatant": "agents", "holds": "source"},
                                      "count": "all"}
            self._condition({"has_target": "bearer"})
            self.steps.append({"combat_mod": {"target": "bearer", "round": rnd, "amount": args["amount"],
                                              "until": until or "end_of_round"}})
            return
        self._condition({"check_skill": [args["skill"]]})
        self._condition({"holder_in_check": True})
        self.steps.append({"check_mod": {"amount": args["amount"], "skill": args["skill"]}})

    def _amend(self, name: str, args: Any) -> None:
        """"If the Cost is zero or less, the Agent is removed", "(Agents X and Y are immune to this effect)", "The
        chosen Agent permanently loses one HEALTH", "... can never be reduced below 1": the step they amend."""
        key, field = _AMENDS[name]
        found = [s[key] for s in _walk(self.steps) if key in s]
        if name == "_chosen_loses":
            branch = next((s["team_check"].get("else") for s in reversed(self.steps) if "team_check" in s
                           and any("to_hospital" in b for b in s["team_check"].get("else") or ())), None)
            if branch is None:
                raise ValueError("no Agent chosen before")
            branch.append({"lose_health": {"target": "agent", "amount": args}})
            return
        if not found:
            raise ValueError(f"no {key} step before")
        for step in found:
            step[field] = args

    def _condition(self, cond: dict[str, Any]) -> None:
        if cond not in self.conditions:
            self.conditions.append(cond)

    def _holder(self) -> str | None:
        for name in ("combatant", "agent", "card"):
            if name in self.targets:
                return name
        return None

    def _on_adversary(self) -> bool:
        return any(next(iter(c)) in _ADVERSARY_LEADS for c in self.conditions)

    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": " ".join(s + "." for s in self.text), "when": self.when, "who": "owner"}
        if self.targets:
            out["targets"] = dict(self.targets)
        if self.conditions:
            out["if"] = self.conditions
        if self.cost:
            out["cost"] = self.cost
        out["do"] = self.steps
        out["compiled"] = True
        return out
