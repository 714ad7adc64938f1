"""Reading the X-Files CCG table: Agents and their Health and skills, the words in effect, pools and payments.

`Reading` is the mixin of `XFilesCCG` the other mixins ask about Agents; it never changes the table. Card data is the
card part's (`cards.py`, `CcgCards`: `self.cards`), the rule state's reads are functions of the table (`table.py`);
what is left here reads lasting modifiers and card text through the ruleset (`gear_health`, `own_skill`,
`cost_at_site`, ...), the `Table` part of docs/RULESETS_STRUCTURE.md's plan.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.state import GameState
from ..effects import modifier_total
from .actions import PlayCard
from .costs import cost_at_site
from .data import SECTIONS, CardInfo
from .remote_help import remote_help
from .site_rules import KEY as SITE_RULES
from .site_rules import health_more
from .steps import PHASE_OF
from .table import (
    _SECTION_ZONES,
    DECIDED,
    active,
    damage,
    opponents,
    owner,
    pool_of,
    section_of,
    section_zones,
    step,
)
from .vocab_agents import OWN_SKILL, gear_health, own_skill
from .vocab_equip import pair_health
from .vocab_s17a import fights
from .wounds_sites import OUT_TURN

if TYPE_CHECKING:
    from .cards import CcgCards

__all__ = ["DECIDED", "Reading", "section_zones"]

#: per step, the word its phase puts in effect ("INVESTIGATION PHASE")
_PHASE_WORDS = {step: phase.upper() + " PHASE" for step, phase in PHASE_OF.items()}
#: per Site's Keywords, the words they put in effect as a Site's ("CONSPIRACY SITE"), made once per set of Keywords
_SITE_WORDS: dict[frozenset[str], frozenset[str]] = {}


def _site_words(keywords: frozenset[str]) -> frozenset[str]:
    if len(_SITE_WORDS) >= 1024:
        _SITE_WORDS.clear()
    found = _SITE_WORDS[keywords] = frozenset(f"{k} SITE" for k in keywords)
    return found


class Reading:
    """What the rules read of Agents, their Health and skills, and the words in effect (a mixin of `XFilesCCG`)."""

    #: the card part (`XFilesCCG.__init__` makes it)
    cards: CcgCards

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
        return printed + gear_health(self, state, pid) if state.attached(pid) else printed

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
                  and fights(state, p)]  # s17a: "... to any skill checks this turn, including Combat"
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
        base += remote_help(self, state, check.get("team", []), check.get("skill", ""))  # s17a: from the Bureau
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

