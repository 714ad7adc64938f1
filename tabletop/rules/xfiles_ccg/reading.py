"""Reading the X-Files CCG table: card data, whose decision it is, Agents and their Health and skills, pools.

`Reading` is the part of `XFilesCCG` every other part uses; it never changes the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from ..effects import modifier_total
from .actions import PlayCard
from .costs import cost_at_site
from .data import SECTIONS, CardInfo, card_info
from .phase_plays import PHASE_CHAIN
from .remote_help import remote_help
from .site_rules import KEY as SITE_RULES
from .site_rules import health_more
from .steps import PHASE_OF, UNKNOWN
from .vocab_agents import OWN_SKILL, gear_health, own_skill
from .vocab_equip import pair_health
from .vocab_s17a import fights
from .wounds_sites import OUT_TURN

if TYPE_CHECKING:
    from ...cards import CardLibrary

__all__ = ["DECIDED", "Reading", "section_zones"]

#: `GameState.derived`'s key: the seat whose decision `waiting_for` found, with the table's number (`seq`) then: every
#: action a fast-path table applies moves the number on, so the pair says whose decision it is until the next one
DECIDED = "xfc.decided"

#: the steps whose decision the rule state names under a key (a default when it is not there: the active seat, or
#: for a seller or a bluffer the seat on its left)
_DECIDER = {"check": "priority", "aftermath": "priority", "sell": "seller", "bluffs": "bluffer", "debrief": "discarder"}
_LEFT_OF_ACTIVE = frozenset(("seller", "bluffer"))
#: the other steps whose decision is not always the active seat's: a Bluff's owner, the Adversary's, a penalty's
_OTHER_DECIDER = frozenset(("reveal", "damage", "penalty"))
#: per step, the word its phase puts in effect ("INVESTIGATION PHASE")
_PHASE_WORDS = {step: phase.upper() + " PHASE" for step, phase in PHASE_OF.items()}
#: per Site's Keywords, the words they put in effect as a Site's ("CONSPIRACY SITE"), made once per set of Keywords
_SITE_WORDS: dict[frozenset[str], frozenset[str]] = {}


#: per seat, the names of its sections' zones in the order of SECTIONS ("bureau:0", "field:0", "hospital:0")
_SECTION_ZONES: dict[int, dict[str, str]] = {}


def section_zones(seat: int) -> dict[str, str]:
    """`{section: f"{section}:{seat}"}` for the three sections, made once per seat (asked at every listing)."""
    found = _SECTION_ZONES.get(seat)
    if found is None or type(seat) is not int:
        if len(_SECTION_ZONES) >= 64:
            _SECTION_ZONES.clear()
        found = {sec: f"{sec}:{seat}" for sec in SECTIONS}
        if type(seat) is int:
            _SECTION_ZONES[seat] = found
    return found


def _site_words(keywords: frozenset[str]) -> frozenset[str]:
    if len(_SITE_WORDS) >= 1024:
        _SITE_WORDS.clear()
    found = _SITE_WORDS[keywords] = frozenset(f"{k} SITE" for k in keywords)
    return found


class Reading:
    """What the rules read of the table (card data through the library the base owns, rule state, pieces)."""

    if TYPE_CHECKING:  # provided by KitRuleset
        library: CardLibrary | None
        card_library: CardLibrary
        options: dict[str, Any]

    # the card data read so far, for the library (and its version) it was read from
    _info_lib: object = object()  # no library yet
    _info_version = -1
    _infos: dict[str, CardInfo] = {}
    _xfiles: list[CardInfo] | None = None
    _traits: dict[str | None, frozenset[str]] = {}

    # ------------------------------------------------------------------------------------------ card data

    def _fresh_cards(self) -> None:
        """Forget the card data read so far: the game's library changed, or its cards were reloaded from disk.

        The same rule as the kit's `card_cache` (emptied when `library.version` moves), checked inline in `info`
        because `info` runs some 6,000 times a game.
        """
        lib = self.card_library
        self._info_lib, self._info_version = lib, lib.version
        self._infos, self._xfiles = {}, None
        self._traits: dict[str | None, frozenset[str]] = {}

    def info(self, ref: str | None) -> CardInfo:
        """What the engine reads of a card ref (an unknown card reads as kind 'unknown', cost 0)."""
        if ref is None:
            return UNKNOWN
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self._fresh_cards()
        got = self._infos.get(ref)
        if got is None:
            try:
                got = card_info(self.card_library.get(ref))
            except KeyError:
                got = CardInfo(ref=ref, name=ref, kind="unknown")
            self._infos[ref] = got
        return got

    def traits(self, ref: str | None) -> frozenset[str]:
        """What a card's compiled text does, in a word each: the moments its abilities apply ("resolved",
        "event:use", ...) and its standing steps ("skip_round", "card_pool", ...): the hot paths ask this first."""
        got = self._traits.get(ref)
        lib = self.library
        if got is not None and lib is self._info_lib and lib.version == self._info_version:  # type: ignore[union-attr]
            return got
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self._fresh_cards()
        got = self._traits.get(ref)
        if got is None:
            text = self.card_text(ref)  # type: ignore[attr-defined]
            got = frozenset({*(a.when for a in text.abilities),
                             *(next(iter(s)) for a in text.when("static") for s in a.do)})
            self._traits[ref] = got
        return got

    def _known_infos(self) -> dict[str, CardInfo]:
        """The card data read so far, valid for the library as it is now: what a loop over many pieces looks up
        directly (`infos.get(ref) or self.info(ref)`), instead of a call to `pinfo` per piece."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self._fresh_cards()
        return self._infos

    def _known_traits(self) -> dict[str | None, frozenset[str]]:
        """The traits read so far, valid for the library as it is now (`_known_infos`, for `traits`)."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self._fresh_cards()
        return self._traits

    def pinfo(self, state: GameState, pid: str) -> CardInfo:
        """What the engine reads of the card a piece shows (the hottest call of the ruleset: `info`, inlined)."""
        ref = state.pieces[pid].card
        lib = self.library
        if lib is self._info_lib and lib.version == self._info_version:  # type: ignore[union-attr]
            got = self._infos.get(ref)  # type: ignore[arg-type]
            if got is not None:
                return got
        return self.info(ref)

    def name_of(self, state: GameState, pid: str | None) -> str:
        if pid is None or pid not in state.pieces:
            return str(pid)
        return self.pinfo(state, pid).name

    def card_title(self, state: GameState, pid: str) -> str | None:
        return self.pinfo(state, pid).name if state.pieces[pid].card else None

    def xfiles(self) -> list[CardInfo]:
        """Every X-File card of the loaded card sets (the Notebook's universe)."""
        lib = self.library
        if lib is not self._info_lib or lib.version != self._info_version:  # type: ignore[union-attr]
            self._fresh_cards()
        if self._xfiles is None:
            self._xfiles = [card_info(c) for c in self.card_library if card_info(c).kind == "xfile"]
        return self._xfiles

    # ------------------------------------------------------------------------------------------ rule state

    @staticmethod
    def active(state: GameState) -> int:
        found = state.rules.get("active")
        if type(found) is int:  # the rule state's own number: no call to make it one
            return found
        return int(found) if found is not None else state.seats[0]

    @staticmethod
    def step(state: GameState) -> str:
        s = state.rules.get("step", "draw")
        return s if s in PHASE_OF else "draw"

    @staticmethod
    def _left(state: GameState, seat: int) -> int:
        """The seat on `seat`'s left (the first seat for a seat not at the table)."""
        players = state.players
        for i, p in enumerate(players):  # `state.seats`, without the list: asked at every turn of the priority
            if p.seat == seat:
                return players[(i + 1) % len(players)].seat
        return players[0].seat

    def opponents(self, state: GameState, seat: int) -> list[int]:
        """The other seats in order from `seat`'s left (every seat, for a seat not at the table)."""
        seats = [p.seat for p in state.players]  # seats are distinct: the seats after `seat`, then those before
        if seat not in seats:
            return seats
        i = seats.index(seat)
        return seats[i + 1:] + seats[:i]

    def decision(self, state: GameState) -> int | None:
        """The seat whose decision it is now (None when the game is over)."""
        r = state.rules
        if r.get("over"):
            return None
        effects = r.get("effects")
        if effects:
            pending = effects.get("pending")
            if pending:
                return pending[0].get("seat")
        step = r.get("step", "draw")  # `self.step(state)`, and each default below found only when it is needed
        key = "priority" if PHASE_CHAIN in r else _DECIDER.get(step)  # a chain outside a check: priority
        if key is not None:  # most decisions: priority in a window, a seller, a bluffer, a discarder
            if key in r:
                return r[key]
            return self._left(state, self.active(state)) if key in _LEFT_OF_ACTIVE else self.active(state)
        if step not in _OTHER_DECIDER:  # the Investigating Player's (`self.active(state)`, without the call)
            found = r.get("active")
            return found if type(found) is int else self.active(state)
        if step == "reveal":
            pending = r.get("bluffs") or []
            if pending and pending[0] in state.pieces:
                return state.pieces[pending[0]].owner
            return self.active(state)
        if step == "damage":
            combat = r.get("combat") or {}
            return combat["owner"] if "owner" in combat else self.active(state)
        if step == "penalty":
            penalty = r.get("penalty") or {}
            return penalty["seat"] if "seat" in penalty else self.active(state)
        return self.active(state)

    def waiting_for(self, state: GameState) -> list[int]:
        seat = self.decision(state)
        derived = state.derived
        if derived is not None:  # a fast-path table: the listing that follows asks the same (`generate_actions`)
            derived[DECIDED] = (state.seq, seat)
        return [] if seat is None else [seat]

    # -- pieces --

    def section_of(self, state: GameState, pid: str) -> str:
        return state.zones[state.pieces[pid].zone].kind

    def agents(self, state: GameState, seat: int, sections: Iterable[str] = SECTIONS) -> list[str]:
        out = []
        pieces, zones = state.pieces, state.zones
        infos = self._known_infos()
        names = _SECTION_ZONES.get(seat) or section_zones(seat)
        for sec in sections:
            zone = zones.get(names.get(sec) or f"{sec}:{seat}")
            if zone is None:
                continue
            for p in zone.pieces:  # `pinfo(state, p).kind`, its card data looked up here: a few calls per action
                piece = pieces[p]
                if piece.attached_to is None:
                    info = infos.get(piece.card) or self.info(piece.card)  # type: ignore[arg-type]
                    if info.kind == "agent":
                        out.append(p)
        resting = state.rules.get("resting")  # "taken out of play for one full turn"
        return [p for p in out if p not in resting] if resting else out

    @staticmethod
    def damage(state: GameState, pid: str) -> int:
        return int(state.pieces[pid].counters.get("damage", 0))

    def health(self, state: GameState, pid: str) -> int:
        """Current Health: its rating (`rating`) less damage, never below 0."""
        return max(0, self.rating(state, pid) - self.damage(state, pid))

    def rating(self, state: GameState, pid: str) -> int:
        """Health rating now: printed Health less Health lost for good (card text), plus what the Equipment it
        holds adds ("Adds one to the Agent's HEALTH")."""
        printed = (self.pinfo(state, pid).health or 0) - int(state.pieces[pid].counters.get("health_lost", 0))
        printed += pair_health(self, state, pid)  # "If Agent X is in the same Team as Agent Y, she loses one HEALTH"
        if state.rules.get(SITE_RULES):  # "increase the applicable HEALTH of all ... Adversaries played at this Site"
            printed += health_more(self, state, pid)
        return printed + gear_health(self, state, pid) if state.attached(pid) else printed

    def gear(self, state: GameState, pid: str) -> list[str]:
        return [q for q in state.attached(pid) if self.pinfo(state, q).kind == "equipment"]

    def can_leave_hospital(self, state: GameState, pid: str) -> bool:
        printed = self.pinfo(state, pid).health or 0
        if int(state.pieces[pid].counters.get("hospital_until", 0)) >= int(state.rules.get("turn", 1)):
            return False  # "placed in the Hospital for the next two turns"
        if state.pieces[pid].counters.get("until_healed"):  # "may not leave the Hospital until fully healed"
            return self.damage(state, pid) == 0
        if printed < 3:
            return self.damage(state, pid) == 0
        return self.health(state, pid) >= 3

    def agent_skill(self, state: GameState, pid: str, skill: str) -> int:
        """An Agent's skill plus the best one of its Equipment for that skill (one item per check)."""
        card = state.pieces[pid].card
        infos = self._known_infos()  # `pinfo` and `traits`, their data looked up here: asked per Agent per skill
        info = infos.get(card) or self.info(card)  # type: ignore[arg-type]
        value = info.skills.get(skill)  # `info.skill(skill)`
        base = value if isinstance(value, int) else 0
        best = None  # `max(..., default=0)` over `gear`, without the generator (most Agents hold nothing)
        if pid in state._children:  # `state.attached(pid)` only for an Agent holding something
            for q in state.attached(pid):
                info = self.pinfo(state, q)
                if info.kind == "equipment":
                    found = info.modifies.get(skill, 0)
                    if best is None or found > best:
                        best = found
        bonus = 0 if best is None else best
        if (state.rules.get("effects") or {}).get("mods"):  # "Decrease all of the skill levels ... by 1"
            bonus += modifier_total(state, pid, skill) + modifier_total(state, pid, "ALL")
        traits = self._traits.get(card)
        if traits is None:
            traits = self.traits(card)
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
        agents = [p for p in check.get("team", []) if p in state.pieces and self.section_of(state, p) != "hospital"
                  and fights(state, p)]  # s17a: "... to any skill checks this turn, including Combat"
        witnesses = [p for p in check.get("witnesses", []) if p in state.pieces
                     and self.section_of(state, p) == "field" and self.health(state, p) > 0]
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

    def _pool_of(self, state: GameState, seat: int, pool: str) -> int:
        for p in state.players:  # `state.player(seat)`, without the call: asked of every card a listing offers
            if p.seat == seat:
                found = p.counters.get(pool, 0)
                return found if type(found) is int else int(found)
        raise KeyError(seat)

    def _owner(self, state: GameState, pid: str) -> int:
        piece = state.pieces[pid]
        owner = piece.owner
        if owner is not None:
            for p in state.players:  # `owner in state.seats`, without the list
                if p.seat == owner:
                    return int(owner)
        zone = state.zones[piece.zone]
        return zone.owner if zone.owner is not None else self.active(state)

    def _seat_name(self, state: GameState, seat: int | None) -> str:
        return state.seat_name(seat)

    def _sell_value(self, state: GameState, pid: str) -> int | None:
        info = self.pinfo(state, pid)
        if "no_sell" in self.traits(info.ref):  # "This card cannot be sold for [CP]"
            return None
        if info.kind == "agent":
            return info.res
        if info.pool in ("RP", "*P") and isinstance(info.cost, int):
            return info.cost
        return None

    def _same_team(self, state: GameState, a: str, b: str) -> bool:
        if self.section_of(state, a) == self.section_of(state, b):
            return True
        for teams in (state.rules.get("teams") or {}).values():
            for team in teams:
                if a in team and b in team:
                    return True
        return False

    def _directed(self, state: GameState, at: int | None) -> int | None:
        if at is not None:
            return at
        opps = self.opponents(state, self.active(state))
        return opps[0] if len(opps) == 1 else None

    def in_effect(self, state: GameState, seat: int) -> set[str]:
        """Activator words in effect for `seat` now: ACTIVE/CONSPIRACY, COMBAT, MULTIPLAYER and Keywords in play."""
        r = state.rules
        pieces = state.pieces
        words = {"ACTIVE" if seat == self.active(state) else "CONSPIRACY"}
        if len(state.players) > 2:
            words.add("MULTIPLAYER")
        if r.get("combat"):
            words.add("COMBAT")
            adv = r["combat"].get("adversary")
            if adv in state.pieces:
                words |= self.pinfo(state, adv).keywords
        check = r.get("check") or {}
        site = check.get("site")
        changed = bool((r.get("effects") or {}).get("mods"))  # a Keyword an effect changed ("to Keyword MOTIVE")
        if site in pieces:
            kw = frozenset(k.upper() for k in self.keywords_of(state, site)) if changed else self.pinfo(state, site).keywords
            words |= kw
            words |= _SITE_WORDS.get(kw) or _site_words(kw)
            words.add("SITE")
        infos = self._known_infos()  # `pinfo` of each Agent of the Team, its data looked up here
        for pid in check.get("team", ()):
            if pid in pieces:
                if changed:
                    words |= {k.upper() for k in self.keywords_of(state, pid)}
                else:
                    ref = pieces[pid].card
                    words |= (infos.get(ref) or self.info(ref)).keywords  # type: ignore[arg-type]
        for entry in r.get("chain") or []:
            if entry.get("piece") in state.pieces:
                words |= ({k.upper() for k in self.keywords_of(state, entry["piece"])} if changed
                          else self.pinfo(state, entry["piece"]).keywords)
        words.add(_PHASE_WORDS[self.step(state)])
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
        return "rp" if seat == self.active(state) else "cp"

    def can_pay(self, state: GameState, a: PlayCard, seat: int, info: CardInfo | None = None,
                tokens: bool = True) -> bool:
        """Whether `seat` can pay for playing `a` now (an unpaid card is discarded, so hints and bots skip it);
        `info`: the card's data, when the caller read it already; `tokens` False: the caller knows no card of
        `seat`'s in play holds pool tokens (`card_pools` would find none)."""
        if info is None:
            info = self.pinfo(state, a.piece)
        cost = cost_at_site(self, state, seat, a.piece, info.x_cost(a.x))  # as a card or the Site changed it
        pool = self.pay_pool(state, info, seat, a.side)
        have = self._pool_of(state, seat, pool)
        if have >= cost:
            return True
        return tokens and have + len(self.card_pools(state, seat, info, pool)) >= cost

    def xfile_of(self, state: GameState, seat: int) -> str | None:
        zone = state.zones.get(f"xfile:{seat}")
        return zone.pieces[0] if zone is not None and zone.pieces else None

    def agents_in_play(self, state: GameState, seat: int) -> list[str]:
        """`seat`'s Agents still in the game: in a section, or abducted into the Bureau Deck (they come back)."""
        abducted = [p for p in state.rules.get("abducted") or [] if p in state.pieces and self._owner(state, p) == seat]
        return self.agents(state, seat) + abducted

    def killer_winner(self, state: GameState) -> int | None:
        """The one player with Agents in play while every opponent has none (the killer_win house rule), or None."""
        standing = [s for s in state.seats if self.agents_in_play(state, s)]
        return standing[0] if len(standing) == 1 and len(state.seats) > 1 else None

