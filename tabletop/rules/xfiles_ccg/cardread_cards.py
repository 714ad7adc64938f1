"""The grammar's reader for the families of Agent, Equipment and Adversary text (the `// -- cards --` block of
`cardtext.lark`): an Agent's skills and RES while another Agent is in its Team or it is in a section, an
Equipment's Health, an Adversary's rounds, halved damage and regeneration, ... A part of `cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["CardsReader", "split_names"]

_JOINS = frozenset(("and/or", "or", "and", "nor"))


def split_names(words: list[str]) -> list[list[str]]:
    """"Agents Monica Reyes or John Doggett" -> [["Agents", "Monica", "Reyes"], ["John", "Doggett"]]: the Agents
    named, any of which will do."""
    out: list[list[str]] = [[]]
    for w in words:
        if w.casefold() in _JOINS:
            out.append([])
        else:
            out[-1].append(w)
    names = [n for n in out if n]
    if not names:
        raise ValueError("no Agent named")
    return names


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


def _static(*steps: dict[str, Any]) -> Meaning:
    return Meaning(standing=[{"when": "static", "do": list(steps)}])


class CardsReader:
    """Tree -> meanings for the families of the `cards` block (mixed into the grammar's Transformer)."""

    # -- words --
    def names(self, c: list[Any]) -> list[list[str]]:
        return split_names([str(w) for w in c])

    def card_skills(self, c: list[Any]) -> list[str]:
        skills = [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]
        if any(s in ("Long Range Combat", "Close Range Combat") for s in skills):
            raise ValueError("a Combat round among an Agent's investigation skills")
        return skills

    def its(self, c: list[Any]) -> None:
        return None

    def any_round(self, c: list[Any]) -> str:
        word = " ".join(str(c[0]).casefold().split())
        return c[0] if word in ("lrc", "crc") else "lrc" if word.startswith("long") else "crc"

    def adv_subject(self, c: list[Any]) -> None:
        return None

    def lead_cards(self, c: list[Any]) -> Meaning:
        return c[0]  # a lead of the cards block: its own meaning (a token spent in a skill check)

    def lead_self_combat(self, c: list[Any]) -> Meaning:
        """"Any time during a Combat involving Agent Rice you may discard one token to ...": while the card's Agent
        fights."""
        return Meaning(cost=[{"spend_token": 1}], starts=True, conditions=[{"self_in_combat": True}])

    def lead_token_per_turn(self, c: list[Any]) -> Meaning:
        """"You may remove one token per turn to ...": a token spent, once a turn."""
        return Meaning(cost=[{"spend_token": 1}], starts=True, conditions=[{"once_a_turn": True}])

    # -- an Agent's skills with another Agent in its Team --
    @staticmethod
    def _pair(with_: list[list[str]], skills: dict[str, int], share: str = "own") -> Meaning:
        if not skills:
            raise ValueError("no skill named")
        return _static({"pair_skill": {"with": with_, "skills": skills, **({"share": share} if share != "own"
                                                                               else {})}})

    def pair_skill(self, c: list[Any]) -> Meaning:
        """"Agent Crane's BUREAUCRACY and EVIDENCE COLLECTION skills are increased by one if he and Agent Doggett
        are on the same Team": the card's own Agent, while one of the Agents named is in its Team."""
        skills = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], str))
        partners = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], list))
        amount = _ints(c)[0]
        return self._pair(partners, dict.fromkeys(skills, amount))

    def pair_team(self, c: list[Any]) -> None:
        return None

    def pair_mod(self, c: list[Any]) -> tuple[int, list[str], bool]:
        amount = next(x for x in c if isinstance(x, int))
        skills = next(x for x in c if isinstance(x, list))
        return amount, skills, any(isinstance(x, Token) and x.type == "CUMULATIVE" for x in c)

    def pair_gain(self, c: list[Any]) -> Meaning:
        """"If Detective White is in the same Team as Agent Mulder, they both gain a +1 to their cumulative X and Y
        skills, and a -1 to their Z skills": the names end with who gains (they both, both, he, she, a surname)."""
        words = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], list))
        *head, last = words
        tail = [w.casefold() for w in last]
        gainer = tail[-2:] if tail[-2:] == ["they", "both"] else tail[-1:]
        partner = last[:len(last) - len(gainer)]
        if not partner:
            raise ValueError("no Agent named before who gains")
        mods = [x for x in c if isinstance(x, tuple)]
        both = gainer[-1] == "both"
        if both and not any(m[2] for m in mods):  # each of the two gains: the other Agent's card says nothing of it
            raise ValueError("both Agents gain, each its own: the other's skill is not this card's")
        skills: dict[str, int] = {}
        for amount, named, _cumulative in mods:
            for skill in named:
                skills[skill] = skills.get(skill, 0) + amount
        return self._pair([*head, partner], skills)

    def pair_add(self, c: list[Any]) -> Meaning:
        """"If Detective Norman is in any Team including Fox Mulder, add 1 to Norman's CRIMINAL INVESTIGATION
        skill"."""
        partners = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], list))
        skills = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], str))
        return self._pair(partners, dict.fromkeys(skills, _ints(c)[0]))

    # -- an Agent's RES --
    def res_in(self, c: list[Any]) -> dict[str, Any]:
        return {"in": next(x for x in c if x in ("field", "bureau", "hospital"))}

    def res_both_in(self, c: list[Any]) -> dict[str, Any]:
        names = next(x for x in c if isinstance(x, list))
        return {"in": next(x for x in c if x in ("field", "bureau", "hospital")), "with": names}

    def res_with(self, c: list[Any]) -> dict[str, Any]:
        return {"team_with": next(x for x in c if isinstance(x, list))}

    def res_if(self, c: list[Any]) -> Meaning:
        """"Treat Agent Burst as a RES 2 if he is in the Field": its RES while the condition holds."""
        value, when = _ints(c)[-1], next(x for x in c if isinstance(x, dict))
        if when == {"in": "bureau"}:  # the older reading of the same words (`res_in_bureau`)
            return _static({"res_in_bureau": value})
        return _static({"res_if": {"value": value, **when}})

    # -- Equipment --
    def gear_health(self, c: list[Any]) -> Meaning:
        """"Adds one to the Agent's HEALTH": its holder's Health rating while it holds it."""
        return _static({"health_plus": _ints(c)[0]})

    # -- Adversaries --
    def rounds_of(self, c: list[Any]) -> tuple[str, int]:
        return next(x for x in c if isinstance(x, str)), _ints(c)[0]

    def rounds_end(self, c: list[Any]) -> None:
        return None

    def attack_rounds(self, c: list[Any]) -> Meaning:
        """"This Adversary will attack for two CLOSE RANGE COMBAT rounds and is then discarded": it fights those
        rounds (no Long Range round when none is named) and the Combat ends."""
        rounds = [x for x in c if isinstance(x, tuple)]
        kinds = {r for r, _ in rounds}
        if not rounds or any(n < 1 for _, n in rounds) or sum(n for r, n in rounds if r == "lrc") > 1:
            raise ValueError("rounds the Combat cannot fight in that order")
        steps: list[dict[str, Any]] = [] if "lrc" in kinds else [{"skip_round": "lrc"}]
        return _static(*steps, {"rounds_only": sum(n for _, n in rounds)})

    def halved(self, c: list[Any]) -> Meaning:
        """"LONG RANGE COMBAT attacks cause only half damage (rounded up) to Pinker Rawls"."""
        rounds = [x for x in c if x in ("lrc", "crc")]
        return _static(*({"half_damage": r} for r in dict.fromkeys(rounds)))

    def regenerates(self, c: list[Any]) -> Meaning:
        """"This Adversary regenerates (Heals) two points of HEALTH at the beginning of each combat round"."""
        return _static({"regenerates": _ints(c)[0]})

    def use_split(self, c: list[Any]) -> dict[str, Any]:
        return {"split_damage": {}}

    def may_use_cards(self, c: list[Any]) -> Meaning:
        """"The Mechanic may use Martial Arts and Subterfuge Combat cards" (and "... split its damage amongst
        opponents")."""
        words = [x for x in c if isinstance(x, list)][-1]
        return _static({"can_use": words}, *(x for x in c if isinstance(x, dict)))

    def token_place(self, c: list[Any]) -> Meaning:
        """"Place two tokens on Agent Liz Einstein": on the card itself (its name)."""
        return _static({"tokens": {"amount": _ints(c)[0]}})

    def dies_round_end(self, c: list[Any]) -> Meaning:
        return Meaning()  # a creature whose Health is exceeded is removed at the end of the round: the rules' own way

    def returns_to_deck(self, c: list[Any]) -> Meaning:
        return _static({"back_to_deck": True})

    # -- steps --
    def engages_one(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Neech Manley engages one opposing Agent (your choice) in Combat": that Agent alone fights it."""
        return [{"_fighter": {}}]

    def self_add(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Discard a token to add 1 to Follmer's BUREAUCRACY or OBSERVATION skill": the card's Agent, in a skill
        check of one of those skills it helps make."""
        skills = next(x for x in c if isinstance(x, list))
        return [{"_self_add": {"amount": _ints(c)[0], "skill": skills}}]

    def not_over(self, c: list[Any]) -> list[dict[str, Any]]:
        """"This card cannot be played over Agent Alex Krycek": the Agent it is played over is never that one."""
        return [{"_not_over": next(x for x in c if isinstance(x, list))}]

    # -- Equipment: a round of a Combat, never sold, tokens, any skill --
    def gear_once(self, c: list[Any]) -> Meaning:
        """"Adds 3 to the Agent's LONG RANGE COMBAT skill once per combat": the Equipment's skill (its data's
        `modifies`), added in one round of that kind a Combat."""
        skills = [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]
        amount = _ints(c)[0]
        return _static(*({"equip": {"skill": s, "amount": amount}} for s in skills), {"once_per_combat": skills})

    def no_sell(self, c: list[Any]) -> Meaning:
        return _static({"no_sell": True})

    def token_absorb(self, c: list[Any]) -> Meaning:
        return _static({"absorb_token": 1})

    def gear_any(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Discard this card to add two to any of the Agent's skills"."""
        return [{"_gear_any": {"amount": _ints(c)[0]}}]

    def negate_theirs_kw(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Negate a Keyword HEALING card played by your opponent"."""
        kws = next(x for x in c if isinstance(x, list))
        return [{"negate": {"select": {"keyword": kws, "played_by": "opponent"}}}]

    # -- a card found in the Bureau Deck, shown, added, the deck shuffled --
    def fetch_in(self, c: list[Any]) -> None:
        return None

    def fetch_verb(self, c: list[Any]) -> None:
        return None

    def fetch_one(self, c: list[Any]) -> None:
        return None

    def fetch_to(self, c: list[Any]) -> None:
        return None

    def fetch_asks(self, c: list[Any]) -> dict[str, Any]:
        return {"asks": [str(x).title() for x in c if isinstance(x, Token) and x.type == "KW"]}

    def fetch_modifies(self, c: list[Any]) -> dict[str, Any]:
        return {"modifies": _skill(next(x for x in c if isinstance(x, Token) and x.type == "SKILL"))}

    def fetch_cost(self, c: list[Any]) -> dict[str, Any]:
        pool = next((str(x).upper() for x in c if isinstance(x, str) and str(x) in ("rp", "cp")), None)
        return {"max_cost": _ints(c)[0], **({"cost_pool": pool} if pool else {})}

    def fetch_what(self, c: list[Any]) -> dict[str, Any]:
        kind = next((str(x) for x in c if isinstance(x, Token) and x.type == "FETCH_KIND"), "card").title()
        out: dict[str, Any] = {"type": "" if kind == "Card" else kind}
        kws = next((x for x in c if isinstance(x, list)), None)
        if kws:
            out["keyword"] = kws
        for x in c:
            if isinstance(x, dict):
                out.update(x)
        return out

    def deck_fetch(self, c: list[Any]) -> list[dict[str, Any]]:
        """A card of the kind named, found in its searcher's Bureau Deck (seen by that seat alone) and put in hand;
        the selectors the older readings of the same words do not write go with it (`_fetch`)."""
        what = dict(next(x for x in c if isinstance(x, dict)))
        asks = what.pop("asks", None)
        more = {k: what.pop(k) for k in ("modifies", "max_cost", "cost_pool", "activator") if k in what}
        if asks and len(asks) == 1:
            what["asks"] = asks[0]
        elif asks:
            more["asks_any"] = asks
        step = {"fetch": {"from": "deck", **what}}
        return [{"_fetch": {"step": step, "more": more}}] if more else [step]

    def found_hand(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says again where the card found goes

    def found_shuffle(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"shuffle": {"zone": "deck"}}]

    def show_found(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Show the Witness to your opponent and shuffle the deck": the card found, shown to every seat."""
        return [{"reveal": {"target": "fetched", "to": "all"}}, *(s for x in c if isinstance(x, list) for s in x)]

    def found_added(self, c: list[Any]) -> list[dict[str, Any]]:
        return [s for x in c if isinstance(x, list) for s in x]

    def found_back(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # a Bluff examined stays where it is (`examine_card`)

    # -- an Agent's skill by its Team or its foe --
    def skill_if_team(self, c: list[Any]) -> Meaning:
        """"Treat Lieutenant Kraskow's LRC skill as 4 if the number of agents in his Team is 4 or more"."""
        skill = _skill(next(x for x in c if isinstance(x, Token) and x.type == "SKILL"))
        value, least = _ints(c)[-2:]
        return _static({"skill_if_team": {"skill": skill, "value": value, "least": least}})

    def doubled_vs(self, c: list[Any]) -> Meaning:
        """"Detective Norman's LONG RANGE COMBAT skill is doubled against any EVOLUTIONARY adversary"."""
        skill = _skill(next(x for x in c if isinstance(x, Token) and x.type == "SKILL"))
        return _static({"doubled_vs": {"skill": skill, "keyword": next(x for x in c if isinstance(x, list))}})

    def token_kept(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # a token spent is never put back: the rules' own way

    def self_add_its(self, c: list[Any]) -> list[dict[str, Any]]:
        """"... to add +1 to his OBSERVATION or EVIDENCE COLLECTION skills during a skill check he participates in"."""
        return self.self_add(c)

    def team_mod_self(self, c: list[Any]) -> list[dict[str, Any]]:
        """"... add a +1 modifier to any COMPUTER or EVIDENCE COLLECTION skill check made by the Team including X":
        a check the card's own Agent helps make."""
        return self.self_add(c)

    def free_draw_cost(self, c: list[Any]) -> None:
        return None

    def any_time_active(self, c: list[Any]) -> dict[str, Any]:
        return {"_your_turn": True}

    def draw_free(self, c: list[Any]) -> list[dict[str, Any]]:
        """"draw one card from the top of your Bureau deck for zero [RP] cost any time you are the active player"."""
        return [{"draw": {"count": _ints(c)[0]}}, *(x for x in c if isinstance(x, dict))]

    def sweep_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Any Witness RESOURCE cards are immediately discarded": every card of that kind and Keyword in play."""
        kind = next(str(x) for x in c if isinstance(x, Token) and x.type == "FETCH_KIND").title()
        return [{"_sweep": {"type": "" if kind == "Card" else kind, "keyword": next(x for x in c if isinstance(x, list))}}]

    # -- the Briefing's purchase and Sites --
    def buy_only_res(self, c: list[Any]) -> Meaning:
        """"[RP]s generated by Agent Mulder must be used to purchase cards"."""
        return _static({"buy_only": True})

    def free_site(self, c: list[Any]) -> list[dict[str, Any]]:
        """"... to play a Site for zero [RP] cost": used in its player's turn before the Sites are placed."""
        return [{"_free_site": True}]
