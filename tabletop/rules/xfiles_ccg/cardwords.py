"""The grammar's reader for the later families of card English (the `// -- words --` block of `cardtext.lark`):
copy limits of a deck or of play, draws from the top of the Bureau Deck, and the families after them. A part of
`cardtext._Read`, beside `cardread_effects.EffectsReader`.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from .cardmeaning import Meaning
from .cardmeaning import keywords as _keywords

__all__ = ["WordsReader", "caps_skills"]

#: skills (and MARTIAL ARTS) some sets print in title case ("the Agent's Alien Investigation skill", "a Computer 4+
#: skill check"): read as the printed CAPS; the Combat rounds are read in any case already (`ROUND`)
_TITLE_SKILLS = re.compile(r"\b(Alien Investigation|Behaviou?ral|Bureaucracy|Computer|Criminal Investigation|"
                           r"Evidence Collection|Medical|Observation|Occult Investigation|Sciences|Subterfuge|"
                           r"Martial Arts)\b")


def caps_skills(sentence: str) -> str:
    """A sentence with its title-case skill names in CAPS, as the printed sets write them."""
    return _TITLE_SKILLS.sub(lambda m: m.group(1).upper(), sentence)


class WordsReader:
    """Tree -> meanings and steps for the families of the `words` block (mixed into the grammar's Transformer)."""

    # -- copy limits: standing steps the deck check and the play checks read (`limits`) --
    def limit_any(self, c: list[Any]) -> None:
        return None

    def limit_up_to(self, c: list[Any]) -> int:
        return int(c[0])

    def where_deck(self, c: list[Any]) -> str:
        return "deck"

    def where_play(self, c: list[Any]) -> str:
        return "play"

    def limit_who(self, c: list[Any]) -> None:
        return None

    @staticmethod
    def _limit(limit: dict[str, Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"copy_limit": limit}]}])

    def copy_limit_own(self, c: list[Any]) -> Meaning:
        """"Each player may only have one of this card in their deck" (or "... in play": a player's own)."""
        count = next(x for x in c if isinstance(x, int))
        where = next(x for x in c if x in ("deck", "play"))
        return self._limit({"count": count, "in": where, **({"whose": "you"} if where == "play" else {})})

    def copy_limit_all(self, c: list[Any]) -> Meaning:
        """"Only one of this card may be in play at a time": anyone's."""
        return self._limit({"count": next(x for x in c if isinstance(x, int)), "in": "play", "whose": "any"})

    def copy_limit_named(self, c: list[Any]) -> Meaning:
        """"You may have any number of Samantha Mulder cards in play", "... up to five X cards in your deck": the
        cards of that name, the limit lifted (None: any number) or set."""
        count = next((x for x in c if isinstance(x, int)), None)
        name = " ".join(next(x for x in c if isinstance(x, list)))
        where = next(x for x in c if x in ("deck", "play"))
        return self._limit({"count": count, "in": where, "name": name})

    # -- cards --
    def draw_top(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Draw 2 cards from the top of your Bureau deck (and add them to your hand)"."""
        return [{"draw": {"count": next(x for x in c if isinstance(x, int))}}]

    def reveal_down(self, c: list[Any]) -> list[dict[str, Any]]:
        """"reveal any face down card (except an X-File)": one beneath a Site, chosen blind, known to all."""
        return [{"_reveal_bluff": True}]

    def random_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Force an opponent to discard three cards from his hand at random"."""
        return [{"discard_random": {"seat": c[0], "count": c[1]}}]

    def hand_of(self, c: list[Any]) -> None:
        return None

    def redraw_count(self, c: list[Any]) -> int:
        return int(c[0])

    def _redraw(self, c: list[Any], seat: str) -> list[dict[str, Any]]:
        return [{"redraw": {"seat": seat, "count": next((x for x in c if isinstance(x, int)), 0)}}]

    def redraw_you(self, c: list[Any]) -> list[dict[str, Any]]:
        return self._redraw(c, "you")

    def redraw_all(self, c: list[Any]) -> list[dict[str, Any]]:
        return self._redraw(c, "all")

    def redraw_them(self, c: list[Any]) -> list[dict[str, Any]]:
        return self._redraw(c, next(x for x in c if x in ("opponent", "investigating")))

    def self_after(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_afterwards": {"discard_self": {}}}]

    def self_out(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_afterwards": {"remove_from_game": {"target": "source"}}}]

    def in_field(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"in_play": "field"}]}])

    def per_source_minus(self, c: list[Any]) -> Meaning:
        """"Subtract one from all damage sources applied to this Adversary": read by the Combat's damage."""
        return Meaning(standing=[{"when": "static", "do": [{"per_source_minus": int(c[0])}]}])

    # -- negations --
    def kw_k(self, c: list[Any]) -> list[str]:
        return _keywords([str(t).upper() for t in c])

    def played_theirs(self, c: list[Any]) -> dict[str, Any]:
        return {"played_by": "opponent"}

    def negate_kw_cards(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Negate any one Keyword ALIEN or Keyword ALIEN INVESTIGATION card": a card with one of the Keywords."""
        kws = [k for x in c if isinstance(x, list) for k in x]
        by = next((x for x in c if isinstance(x, dict)), {})
        return [{"negate": {"select": {"keyword": kws, **by}}}]

    @staticmethod
    def _title_kws(c: list[Any]) -> list[str]:
        return [str(t).upper() for t in c if isinstance(t, Token) and t.type == "TKW"]

    def negate_tkw_adversary(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Negates an Alien Adversary", "negate one Alien or Government Adversary"."""
        return [{"negate": {"select": {"type": "Adversary", "keyword": self._title_kws(c)}}}]

    def negate_tkw_creature(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Negates one Alien Creature": an Adversary with both Keywords (as "Negates one PRIMORDIAL CREATURE")."""
        kws = self._title_kws(c)
        if "CREATURE" not in kws:
            raise ValueError("two Keywords that name no creature")
        return [{"negate": {"select": {"type": "Adversary", "keyword_all": kws}}}]

    def foe_card_kw(self, c: list[Any]) -> dict[str, Any]:
        kind = next(x for x in c if isinstance(x, str))
        if not kind:
            raise ValueError("a card of no kind")
        return {"type": kind, "keyword_all": next(x for x in c if isinstance(x, list))}

    def foe_card_named(self, c: list[Any]) -> dict[str, Any]:
        return {"type": "Adversary", "name": " ".join(c[0])}

    def foe_plays_out(self, c: list[Any]) -> Meaning:
        """"If your opponent plays a GOVERNMENT Adversary while this card is in play, X is negated and removed from
        the game": the card waits in play (`witness_triggers`)."""
        played = next(x for x in c if isinstance(x, dict))
        return Meaning(starts=True, when="event:played", conditions=[{"foe_played": played}],
                       steps=[{"negated_out": {}}])

    def provide(self, c: list[Any]) -> list[dict[str, Any]]:
        """"provide the keywords necessary to play any one Keyword ALIEN Adversary": this turn, one such card."""
        kws = next((x for x in c if isinstance(x, list)), None)
        kind = next((x for x in c if isinstance(x, str)), "")
        if not kind:
            raise ValueError("a provision for a card of no kind")
        return [{"provide": {"type": kind, **({"keyword": kws} if kws else {})}}]

    # -- the later printings of families read before --
    def lead_site_success_any(self, c: list[Any]) -> Meaning:
        """"Play after one of your Teams successfully investigates a Site with X or Y skill as a prerequisite"."""
        skills = self._skills(c)  # type: ignore[attr-defined]
        cond = {"site_success": skills[0]} if len(skills) == 1 else {"site_success_any": skills}
        return Meaning(conditions=[cond], lead_only=True)

    def lower_prereq(self, c: list[Any], sign: int = -1) -> list[dict[str, Any]]:
        """"lower a (X or Y) Site Prerequisite by 2": the need of the check under way (of those skills) less."""
        skills = self._skills(c)  # type: ignore[attr-defined]
        return [{"prerequisite": {"raise": sign * next(x for x in c if isinstance(x, int))}}, {"_check_of": skills}]

    def higher_prereq(self, c: list[Any]) -> list[dict[str, Any]]:
        """"increase that Site Prerequisite by two": the need of the check under way more."""
        return self.lower_prereq(c, 1)

    def swap_both(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"swap_pool": {"pool": p}} for p in dict.fromkeys(x for x in c if x in ("rp", "cp"))]

    def empty_pools(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"empty_pools": {"pools": list(dict.fromkeys(x for x in c if x in ("rp", "cp")))}}]

    def discard_top_one(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_top": {"seat": "opponent", "count": 1}}]

    def kw_agent_to(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Force one Agent with the Keyword SKEPTIC (your choice) to go back to the Bureau": anyone's Agent."""
        section = next(x for x in c if x in ("field", "bureau", "hospital"))
        kws = next(x for x in c if isinstance(x, list))
        return [{"to_section": {"target": "kw_agent", "section": section,
                                "_select": {"type": "Agent", "keyword": kws, "zone": ["field", "bureau", "hospital"]}}}]

    def kw_agent_gains(self, c: list[Any]) -> list[dict[str, Any]]:
        """"add the Keyword FBI to any Agent in play (your choice) until the end of the turn"."""
        word = " ".join(next(x for x in c if isinstance(x, list)))
        return [{"keyword": {"target": "agent", "keyword": word, "until": "end_of_turn"}}, {"_target": "agent_any"}]

    def to_turn_end(self, c: list[Any]) -> None:
        return None

    def gear_in_play(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"_gear": {"type": "Equipment"}}]

    def site_question(self, c: list[Any]) -> list[dict[str, Any]]:
        """"change the question(s) listed on one Site card to MOTIVE": a Site in play, chosen, asks that."""
        kinds = [str(t).capitalize() for t in c if isinstance(t, Token) and t.type == "KW"]
        if not kinds or any(k not in ("Affiliation", "Motive", "Method", "Result") for k in kinds):
            raise ValueError("a question of no Characteristic")
        return [{"change_asks": {"target": "site", "kinds": kinds,
                                 "_select": {"type": "Site", "zone": "field", "placed": True}}}]

    # -- a Witness kept on an Agent --
    def attach_witness(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Attach this Witness to any Agent in the Field": one of its player's Agents, chosen; it stays on it."""
        section = next((x for x in c if x in ("field", "bureau", "hospital")), None)
        kws = next((x for x in c if isinstance(x, list)), None)
        select: dict[str, Any] = {"type": "Agent", "owner": "you", "zone": section or ["bureau", "field"]}
        if kws:
            select["keyword"] = kws
        return [{"attach_to": {"target": "host", "_select": select}}]

    def kept_adds(self, c: list[Any]) -> Meaning:
        """"Adds 1 to that Agent's BEHAVIORAL skill once per turn (while the Agent is in the Field)": its player
        uses it on a check of that skill the Agent helps make."""
        skill = self._skills(c)[0]  # type: ignore[attr-defined]
        if skill.casefold() in ("long range combat", "close range combat", "lrc", "crc"):
            raise ValueError("a Combat round's skill is no Site check's")
        conds: list[dict[str, Any]] = [{"check_skill": [skill]}, {"holder_in_check": True}, {"once_a_turn": True}]
        section = next((x for x in c if x in ("field", "bureau", "hospital")), None)
        if section:
            conds.append({"in_section": section})
        amount = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        return Meaning(starts=True, when="event:use", conditions=conds,
                       steps=[{"check_mod": {"amount": amount, "skill": skill}}])

    def discard_at_zero(self, c: list[Any]) -> Meaning:
        """"Discard this card when the Agent's HEALTH is reduced to 0": read when its Agent's Health goes to 0."""
        return Meaning(standing=[{"when": "static", "do": [{"discard_at_zero": True}]}])

    # -- hands, checks, Keywords --
    def card_plural(self, c: list[Any]) -> str:
        word = str(c[0]).casefold()
        kind = {"witnesses": "witness", "adversaries": "adversary", "events": "event", "bluffs": "bluff"}.get(word, word)
        if kind == "card":
            raise ValueError("all cards: a whole hand, not a kind")
        return kind

    def hand_kind_discard(self, c: list[Any]) -> list[dict[str, Any]]:
        """"cause your opponent to discard all Witness cards in his hand": every card of that kind (face up)."""
        kind = next(x for x in c if isinstance(x, str) and x not in ("opponent", "investigating"))
        seat = next((x for x in c if x in ("opponent", "investigating")), "opponent")
        return [{"discard_hand_kind": {"seat": seat, "type": kind}}]

    def fail_gain(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If your opponent fails this Site skill check, add 5 [CP] to your pool": noted on the check."""
        pools = [x for x in c if x in ("rp", "cp")]
        return [{"fail_gain": {"pool": pools[0], "amount": next(x for x in c if isinstance(x, int))}},
                {"_check_of": []}]

    def bar_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        """"prevent all Agents with the Keyword FBI from contributing their skills to this Site"."""
        return [{"_bar": next(x for x in c if isinstance(x, list))}, {"_check_of": []}]

    def lose_keyword(self, c: list[Any]) -> list[dict[str, Any]]:
        """"remove the Keyword CANCER from an afflicted Agent": one with it, chosen; it is gone for good."""
        kws = next(x for x in c if isinstance(x, list))
        return [{"keyword": {"target": "afflicted", "keyword": " ".join(kws), "lose": True,
                             "_select": {"type": "Agent", "keyword": kws, "zone": ["bureau", "field", "hospital"]}}}]

    def frees_named(self, c: list[Any]) -> Meaning:
        """"While this card is in play, the Witness card "X" may be played for free": read where X is paid."""
        return Meaning(standing=[{"when": "static", "do": [{"frees": {"name": " ".join(c[-1])}}]}])

    def cheaper_if(self, c: list[Any]) -> Meaning:
        """"May be played for Cost minus 1 RP if Witness "Y" is in play": read where this card is paid."""
        amount = next(x for x in c if isinstance(x, int))
        return Meaning(standing=[{"when": "static", "do": [{"cheaper_if": {"name": " ".join(c[-1]), "add": -amount}}]}])

    # -- costs at a Site (`costs`) --
    def cost_up(self, c: list[Any]) -> int:
        return 1

    def cost_down(self, c: list[Any]) -> int:
        return -1

    def cost_kind(self, c: list[Any]) -> str:
        word = str(c[0]).casefold() if c else "cards"
        kind = {"witnesses": "witness", "adversaries": "adversary", "events": "event", "bluffs": "bluff"}.get(word, word)
        return "" if kind in ("card", "cards") else kind

    def what_pool(self, c: list[Any]) -> dict[str, Any]:
        return {"pool": str(c[0]).upper()}

    def what_kind(self, c: list[Any]) -> dict[str, Any]:
        kws = next((x for x in c if isinstance(x, list)), None)
        kind = next((x for x in c if isinstance(x, str)), "")
        return {**({"kind": kind} if kind else {}), **({"keyword": kws} if kws else {})}

    def what_first(self, c: list[Any]) -> dict[str, Any]:
        kind = next((x for x in c if isinstance(x, str)), "")
        return {**({"kind": kind} if kind else {}), "first": True, "who": "you"}

    def site_cost(self, c: list[Any]) -> list[dict[str, Any]]:
        """A cost changed at the Site under check, for the turn: the kind, pool or Keywords named, by N."""
        sign = c[0]
        at = next(i for i, x in enumerate(c) if isinstance(x, dict))
        what = c[at]
        pools = [x for x in c[:at] if x in ("rp", "cp")]  # "the [CP] Cost of": those cards; "by 2 [RP]": the unit
        amount = sign * next(x for x in c[at:] if isinstance(x, int) and not isinstance(x, bool))
        if pools and "pool" not in what:
            what = {**what, "pool": pools[0].upper()}
        return [{"site_cost": {**what, "add": amount, "words": f"{amount:+d}"}}]

    def site_cost_own(self, c: list[Any]) -> Meaning:
        """A Site's own "Bluffs played at this Site cost 1 additional [CP]"."""
        kind = next((x for x in c if isinstance(x, str) and x not in ("rp", "cp")), "")
        add = next(x for x in c if isinstance(x, int))
        return Meaning(standing=[{"when": "static", "do": [{"site_cost": {**({"kind": kind} if kind else {}),
                                                                           "add": add}}]}])

    def site_cost_half(self, c: list[Any]) -> Meaning:
        kind = next((x for x in c if isinstance(x, str)), "")
        return Meaning(standing=[{"when": "static", "do": [{"site_cost": {**({"kind": kind} if kind else {}),
                                                                           "half": True}}]}])

    # -- costs and pools --
    def foe_may_negate(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Your opponent may pay 3 [CP] to negate this Witness": before the card applies, its opponent chooses."""
        pool = next(x for x in c if x in ("rp", "cp"))
        return [{"_foe_may_negate": {"amount": next(x for x in c if isinstance(x, int)), "pool": pool}}]
