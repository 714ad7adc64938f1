"""The table part of the X-Files CCG: what the rules read of the table, never changing it: Agents, their Health,
skills and RES, the words and Keywords in effect, the traits of a seat's cards in play, pools and payments.

`Table` (the ruleset's `table`) is the part every other part asks about Agents. Its inputs are explicit: `cards`, the
card part (`cards.py`: card data and compiled text), and `effects`, the kit's interpreter (the lasting modifiers an
effect put on a card's Keywords). The rule state's reads are functions of the table (`table.py`); the readers of a
card's standing text this part asks (`gear_health`, `own_skill`, `pair_health`, `health_more`, `remote_help`,
`cost_at_site`) take this part itself as their `TableReads` (`readers.py`). `XFilesCCG.__init__` binds its answers on
the ruleset (`rules.health`, `rules.agent_skill`, ...), where the vocabulary, the standing-ability readers and the bots ask them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from ..effects import modifier_total
from .actions import PlayCard
from .costs import cost_at_site
from .data import SECTIONS, CardInfo
from .remote_help import remote_help
from .site_rules import KEY as SITE_RULES
from .site_rules import health_more
from .statics import standing
from .steps import PHASE_OF
from .table import (
    _SECTION_ZONES,
    DECIDED,
    active,
    damage,
    hired,
    opponents,
    owner,
    pool_of,
    section_of,
    section_zones,
    step,
)
from .vocab_agents import OWN_SKILL, gear_health, own_skill, res_if
from .vocab_barred import fights, res_lowered
from .vocab_equip import pair_health
from .wounds_sites import OUT_TURN

if TYPE_CHECKING:
    from ..effects import Effects
    from .cards import CcgCards

__all__ = ["DECIDED", "Table", "section_zones"]

#: per step, the word its phase puts in effect ("INVESTIGATION PHASE")
_PHASE_WORDS = {step: phase.upper() + " PHASE" for step, phase in PHASE_OF.items()}
#: per Site's Keywords, the words they put in effect as a Site's ("CONSPIRACY SITE"), made once per set of Keywords
_SITE_WORDS: dict[frozenset[str], frozenset[str]] = {}


def _site_words(keywords: frozenset[str]) -> frozenset[str]:
    if len(_SITE_WORDS) >= 1024:
        _SITE_WORDS.clear()
    found = _SITE_WORDS[keywords] = frozenset(f"{k} SITE" for k in keywords)
    return found


class Table:
    """What the rules read of Agents, their Health and skills, and the words in effect (the part `XFilesCCG.table`)."""

    #: the rule state's reads the standing-ability readers ask of this part (`readers.TableReads`, `res_if`)
    section_of, hired = staticmethod(section_of), staticmethod(hired)

    def __init__(self, cards: CcgCards, effects: Effects) -> None:
        self.cards, self.effects = cards, effects
        #: the card reads, on this part too: the readers of standing text read them through it (`readers.CardReads`)
        self.info, self.pinfo, self.traits, self.card_text = cards.info, cards.pinfo, cards.traits, cards.card_text
        #: per card, the card data its printed Keywords were read from and those Keywords folded to lower case
        #: (`keywords_of`; read again when a live edit gives the card new data)
        self._kw_cache: dict[str, tuple[CardInfo, frozenset[str]]] = {}

    def agents(self, state: GameState, seat: int, sections: Iterable[str] = SECTIONS) -> list[str]:
        out = []
        pieces, zones = state.pieces, state.zones
        infos = self.cards.known_infos()
        names = _SECTION_ZONES.get(seat) or section_zones(seat)
        for sec in sections:
            zone = zones.get(names.get(sec) or f"{sec}:{seat}")
            if zone is None:
                continue
            for p in zone.pieces:  # `pinfo(state, p).kind`, its card data looked up here: a few calls per action
                piece = pieces[p]
                if piece.attached_to is None:
                    info = infos.get(piece.card) or self.cards.info(piece.card)  # type: ignore[arg-type]
                    if info.kind == "agent":
                        out.append(p)
        resting = state.rules.get("resting")  # "taken out of play for one full turn"
        return [p for p in out if p not in resting] if resting else out

    def health(self, state: GameState, pid: str) -> int:
        """Current Health: its rating (`rating`) less damage, never below 0."""
        return max(0, self.rating(state, pid) - damage(state, pid))

    def rating(self, state: GameState, pid: str) -> int:
        """Health rating now: printed Health less Health lost for good (card text), plus what the Equipment it
        holds adds ("Adds one to the Agent's HEALTH")."""
        printed = (self.cards.pinfo(state, pid).health or 0) - int(state.pieces[pid].counters.get("health_lost", 0))
        printed += pair_health(self, state, pid)  # "If Agent X is in the same Team as Agent Y, she loses one HEALTH"
        if state.rules.get(SITE_RULES):  # "increase the applicable HEALTH of all ... Adversaries played at this Site"
            printed += health_more(self, state, pid)
        return printed + gear_health(self.cards, state, pid) if state.attached(pid) else printed

    def gear(self, state: GameState, pid: str) -> list[str]:
        return [q for q in state.attached(pid) if self.cards.pinfo(state, q).kind == "equipment"]

    def can_leave_hospital(self, state: GameState, pid: str) -> bool:
        printed = self.cards.pinfo(state, pid).health or 0
        if int(state.pieces[pid].counters.get("hospital_until", 0)) >= int(state.rules.get("turn", 1)):
            return False  # "placed in the Hospital for the next two turns"
        if state.pieces[pid].counters.get("until_healed"):  # "may not leave the Hospital until fully healed"
            return damage(state, pid) == 0
        if printed < 3:
            return damage(state, pid) == 0
        return self.health(state, pid) >= 3

    def agent_skill(self, state: GameState, pid: str, skill: str) -> int:
        """An Agent's skill plus the best one of its Equipment for that skill (one item per check)."""
        card = state.pieces[pid].card
        infos = self.cards.known_infos()  # `pinfo` and `traits`, their data looked up here: asked per Agent per skill
        info = infos.get(card) or self.cards.info(card)  # type: ignore[arg-type]
        value = info.skills.get(skill)  # `info.skill(skill)`
        base = value if isinstance(value, int) else 0
        best = None  # `max(..., default=0)` over `gear`, without the generator (most Agents hold nothing)
        if pid in state._children:  # `state.attached(pid)` only for an Agent holding something
            for q in state.attached(pid):
                info = self.cards.pinfo(state, q)
                if info.kind == "equipment":
                    found = info.modifies.get(skill, 0)
                    if best is None or found > best:
                        best = found
        bonus = 0 if best is None else best
        if (state.rules.get("effects") or {}).get("mods"):  # "Decrease all of the skill levels ... by 1"
            bonus += modifier_total(state, pid, skill) + modifier_total(state, pid, "ALL")
        traits = self.cards.known_traits().get(card)  # (`known_infos` above made the card data current)
        if traits is None:
            traits = self.cards.traits(card)
        if OWN_SKILL & traits:  # "... increased by one if he and Agent Y are ..."
            return own_skill(self, state, pid, skill, base, bonus)
        return base + bonus

    def team_skill(self, state: GameState, team: Iterable[str], skill: str) -> int:
        pieces, zones = state.pieces, state.zones
        total = 0
        for p in team:  # each Agent on the table and not in the Hospital (`section_of`, without the call)
            piece = pieces.get(p)
            if piece is not None and zones[piece.zone].kind != "hospital":
                if piece.counters.get(OUT_TURN) == state.rules.get("turn", 1):
                    continue  # "Each Agent wounded by X may not contribute to any skill check this turn"
                total += self.agent_skill(state, p, skill)
        return total

    def combatants(self, state: GameState) -> list[str]:
        """Who fights for the Investigating Team: its Agents not in the Hospital, then its Witnesses with Health
        (manual p.33: "Witness with HEALTH are treated as Agents in Combat rounds"; xfc.combat.7)."""
        check = state.rules.get("check") or {}
        agents = [p for p in check.get("team", []) if p in state.pieces and section_of(state, p) != "hospital"
                  and fights(state, p)]  # "... to any skill checks this turn, including Combat"
        witnesses = [p for p in check.get("witnesses", []) if p in state.pieces
                     and section_of(state, p) == "field" and self.health(state, p) > 0]
        combat = state.rules.get("combat") or {}
        only, out = combat.get("only"), combat.get("out")  # "fought between the Adversary and one Agent", "Run For It"
        if only is not None:
            return [p for p in agents + witnesses if p == only]
        if out:
            return [p for p in agents + witnesses if p not in out]
        return agents + witnesses

    def check_total(self, state: GameState) -> int | None:
        check = state.rules.get("check")
        if not check:
            return None
        base = self.team_skill(state, check.get("team", []), check.get("skill", ""))
        base += remote_help(self, state, check.get("team", []), check.get("skill", ""))  # help from the Bureau (`remote_help`)
        return base + sum(int(m.get("amount", 0)) for m in check.get("mods", []))

    def seat_name(self, state: GameState, seat: int | None) -> str:
        return state.seat_name(seat)

    def sell_value(self, state: GameState, pid: str) -> int | None:
        info = self.cards.pinfo(state, pid)
        if "no_sell" in self.cards.traits(info.ref):  # "This card cannot be sold for [CP]"
            return None
        if info.kind == "agent":
            return info.res
        if info.pool in ("RP", "*P") and isinstance(info.cost, int):
            return info.cost
        return None

    def same_team(self, state: GameState, a: str, b: str) -> bool:
        if section_of(state, a) == section_of(state, b):
            return True
        for teams in (state.rules.get("teams") or {}).values():
            for team in teams:
                if a in team and b in team:
                    return True
        return False

    def directed(self, state: GameState, at: int | None) -> int | None:
        if at is not None:
            return at
        opps = opponents(state, active(state))
        return opps[0] if len(opps) == 1 else None

    def in_effect(self, state: GameState, seat: int) -> set[str]:
        """Activator words in effect for `seat` now: ACTIVE/CONSPIRACY, COMBAT, MULTIPLAYER and Keywords in play."""
        r = state.rules
        pieces = state.pieces
        words = {"ACTIVE" if seat == active(state) else "CONSPIRACY"}
        if len(state.players) > 2:
            words.add("MULTIPLAYER")
        if r.get("combat"):
            words.add("COMBAT")
            adv = r["combat"].get("adversary")
            if adv in state.pieces:
                words |= self.cards.pinfo(state, adv).keywords
        check = r.get("check") or {}
        site = check.get("site")
        changed = bool((r.get("effects") or {}).get("mods"))  # a Keyword an effect changed ("to Keyword MOTIVE")
        if site in pieces:
            kw = frozenset(k.upper() for k in self.keywords_of(state, site)) if changed else self.cards.pinfo(state, site).keywords
            words |= kw
            words |= _SITE_WORDS.get(kw) or _site_words(kw)
            words.add("SITE")
        infos = self.cards.known_infos()  # `pinfo` of each Agent of the Team, its data looked up here
        for pid in check.get("team", ()):
            if pid in pieces:
                if changed:
                    words |= {k.upper() for k in self.keywords_of(state, pid)}
                else:
                    ref = pieces[pid].card
                    words |= (infos.get(ref) or self.cards.info(ref)).keywords  # type: ignore[arg-type]
        for entry in r.get("chain") or []:
            if entry.get("piece") in state.pieces:
                words |= ({k.upper() for k in self.keywords_of(state, entry["piece"])} if changed
                          else self.cards.pinfo(state, entry["piece"]).keywords)
        words.add(_PHASE_WORDS[step(state)])
        site_words = r.get("site_words")
        if site_words:  # "considered to have ... RESULT SITE"
            words |= set(site_words.get(str(seat), ())) | set(site_words.get("all", ()))
        return words

    def pay_pool(self, state: GameState, info: CardInfo, seat: int, side: str = "") -> str:
        """The pool a card is paid from: RP for RP cards, CP for CP cards, *P from the side it helps."""
        if info.pool == "RP":
            return "rp"
        if info.pool == "CP":
            return "cp"
        if side in ("agents", "conspiracy"):
            return "rp" if side == "agents" else "cp"
        return "rp" if seat == active(state) else "cp"

    def can_pay(self, state: GameState, a: PlayCard, seat: int, info: CardInfo | None = None,
                tokens: bool = True) -> bool:
        """Whether `seat` can pay for playing `a` now (an unpaid card is discarded, so hints and bots skip it);
        `info`: the card's data, when the caller read it already; `tokens` False: the caller knows no card of
        `seat`'s in play holds pool tokens (`card_pools` would find none)."""
        if info is None:
            info = self.cards.pinfo(state, a.piece)
        cost = cost_at_site(self, state, seat, a.piece, info.x_cost(a.x))  # as a card or the Site changed it
        pool = self.pay_pool(state, info, seat, a.side)
        have = pool_of(state, seat, pool)
        if have >= cost:
            return True
        return tokens and have + len(self.card_pools(state, seat, info, pool)) >= cost

    def agents_in_play(self, state: GameState, seat: int) -> list[str]:
        """`seat`'s Agents still in the game: in a section, or abducted into the Bureau Deck (they come back)."""
        abducted = [p for p in state.rules.get("abducted") or [] if p in state.pieces and owner(state, p) == seat]
        return self.agents(state, seat) + abducted

    def killer_winner(self, state: GameState) -> int | None:
        """The one player with Agents in play while every opponent has none (the killer_win house rule), or None."""
        standing = [s for s in state.seats if self.agents_in_play(state, s)]
        return standing[0] if len(standing) == 1 and len(state.seats) > 1 else None


    # -- what a card's text says now: Keywords, tokens, RES, the traits of a seat's cards, pool tokens --

    def keywords_of(self, state: GameState, pid: str) -> set[str] | frozenset[str]:
        """A piece's Keywords now, folded to lower case: printed, with those an effect changed."""
        info = self.cards.pinfo(state, pid)
        read = self._kw_cache.get(info.ref)
        if read is None or read[0] is not info:  # not read yet, or the card part read the card again (a live edit)
            read = (info, frozenset(k.casefold() for k in info.keywords))
            self._kw_cache = {**self._kw_cache, info.ref: read}
        base = read[1]
        if not (state.rules.get("effects") or {}).get("mods"):
            return base
        return self.effects.keywords(state, pid, base)

    def tokens_left(self, state: GameState, pid: str | None) -> int:
        """Tokens still on a card that says "Place N tokens on this card" (spent with "Discard a token to ...")."""
        if pid not in state.pieces:
            return 0
        placed = sum(int(t.get("amount", 0)) for t in standing(self.cards, state.pieces[pid].card, "tokens"))
        return max(0, placed - int(state.pieces[pid].counters.get("tokens_used", 0)))

    def res_of(self, state: GameState, pid: str) -> int:
        """An Agent's RES now: printed, or what its text says in the Bureau ("Treat ... as a RES 3 if he is in the
        Bureau Section")."""
        card = state.pieces[pid].card
        traits = self.cards.traits(card)  # most Agents' text says nothing of their RES: asked once, not per step
        if "res_in_bureau" not in traits and "res_if" not in traits:
            res = int(self.cards.pinfo(state, pid).res)
        else:
            in_bureau = standing(self.cards, card, "res_in_bureau")
            if in_bureau and state.zones[state.pieces[pid].zone].kind == "bureau":
                return int(in_bureau[0])
            said = res_if(self, state, pid)  # "Treat Agent Burst as a RES 2 if he is in the Field"
            res = int(self.cards.pinfo(state, pid).res) if said is None else said
        return res - res_lowered(self.cards, state, pid) if state.attached(pid) else res  # a card on it lowers it

    def any_trait(self, state: GameState, seat: int, trait: str) -> bool:
        """Whether a card of `seat`'s in play (its sections, attached Equipment included) has `trait`: asked at
        most listings, so each card's traits are looked up here without a call per card."""
        known, pieces, zones = self.cards.known_traits(), state.pieces, state.zones
        for name in section_zones(seat).values():  # bureau, field, hospital
            zone = zones.get(name)
            for pid in zone.pieces if zone is not None else ():
                ref = pieces[pid].card
                found = known.get(ref)
                if found is None:
                    found = self.cards.traits(ref)
                if trait in found:
                    return True
        return False

    def card_pools(self, state: GameState, seat: int, info: Any, pool: str) -> list[str]:
        """`seat`'s Agents holding a pool token that may pay for the card `info` ("Place 1 [RP] on this card. This
        [RP] may be used to pay for any Keyword EQUIPMENT or COMBAT cards", "... for any ACTIVE card": of an
        Activator), not spent since it was replaced."""
        out: list[str] = []
        if not self.any_trait(state, seat, "card_pool"):
            return out  # most tables: no such Agent, found before the card's words are read
        words = {k.casefold() for k in info.keywords}
        sides = {a.casefold() for a in info.activators}
        for pid in self.agents(state, seat):
            ref = state.pieces[pid].card
            if state.pieces[pid].counters.get("pool_used") or hired(state, pid):
                continue
            placed = [p for p in standing(self.cards, ref, "card_pool") if p.get("pool") == pool]
            fors = [f for f in standing(self.cards, ref, "card_pool_for") if f.get("pool") in (pool, None)]  # None: placed
            allowed = {str(k).casefold() for f in fors for k in f.get("keywords", ())}
            by_side = {str(k).casefold() for f in fors for k in f.get("activators", ())}  # "any ACTIVE card"
            if placed and (words & allowed or sides & by_side):
                out.append(pid)
        return out
