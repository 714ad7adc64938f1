"""The X-Files CCG's checks before the Investigation, the gate before every check, and the table actions made by hand.

`Checks` is a part with explicit inputs (a plain object `XFilesCCG` makes and wires, docs/RULESETS_STRUCTURE.md):
the card lookup (`cards`), the reading of the table (`table`: Agents, Health, sell values, pool tokens on cards,
...), the card text run (`text`: a card's conditions, a pending effect), the flow (`flow`: the hand size),
`ref` (a card named in a sentence) and the ruleset as `ruleset`, only where the standing-ability readers
(`limits`, `vocab_agents`, `costs`, ...) take it, as the vocabulary's `ctx.ruleset`. Each check is a method marked `@checks(ActionType)`; `marked(...)` builds the dispatch table from it and
`InvestigationChecks` (`checks_investigation.py`). The timing and payment checks every check shares (`whose`,
`in_hand`, `own_agent`, `afford`) live here; `InvestigationChecks` is given them. The table actions made by hand
are judged by `check_table_action` (`hand_moves.py`: the move policy as data).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import checks
from .actions import (
    Buy,
    Deploy,
    Exchange,
    FormTeam,
    FreeDraw,
    Hire,
    ManualEffect,
    Pass,
    PlaceBluff,
    PlaceSite,
    Requisition,
    Sell,
)
from .cards import CcgCards
from .data import SECTIONS, CardInfo
from .hand_moves import GENERIC
from .limits import lifted_in_play, play_limit_problems
from .phase_plays import PHASE_CHAIN
from .steps import PHASE_OF, STEP_LABELS, STEPS, UNKNOWN
from .steps import v as _v
from .table import active as _active
from .table import decision as _decision
from .table import pool_of, section_of
from .table import step as _step
from .vocab_agents import site_cost
from .vocab_barred import NO_DRAW, draw_barred

if TYPE_CHECKING:
    from .flow import Flow
    from .reading import Table
    from .textrun import CcgText

__all__ = ["Checks"]

#: per Equipment's activators, those that name a section (read once per tuple of activators)
_SECTION_WORDS: dict[tuple[str, ...], list[str]] = {}


def _section_words(activators: tuple[str, ...]) -> list[str]:
    if len(_SECTION_WORDS) >= 1024:
        _SECTION_WORDS.clear()
    found = _SECTION_WORDS[activators] = [s for s in activators if s.lower() in SECTIONS]
    return found


class Checks:
    """The gate, the shared timing and payment checks, the checks of the steps before the Investigation, and the
    table actions made by hand."""

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, ref: Callable[[GameState, str], str],
                 ruleset: Any) -> None:
        #: the ruleset only as the standing-ability readers take it (`limits`, `costs`, `waivers`, ..., as the vocabulary's
        #: `ctx.ruleset`); of `cards`, the answers bound below
        self.table, self.text, self.flow, self.ref = table, text, flow, ref
        self.ruleset = ruleset
        self.pinfo, self.info = cards.pinfo, cards.info  # asked by most checks: bound here, no call in between

    # -- before every check --

    def gate(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        """Once the game is over, no rules action is legal (the manual effect stays allowed, xfc.effect.1)."""
        if state.rules.get("over") and not isinstance(action, ManualEffect):
            return [_v("xfc.game_over", "xfc.game.1", "the game is over", seat=seat)]
        if not isinstance(action, ManualEffect) and (state.rules.get("effects") or {}).get("pending"):
            return self.text.pending_violation(state, seat)  # type: ignore[no-any-return]
        return []

    def check_table_action(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        """Hand-made table actions: fine when they are what a rule lets the player do now, else named
        (`hand_moves.GENERIC`, one check per action type)."""
        out: list[Violation] = []
        check = GENERIC.get(type(action))
        if check is not None:
            cards = [p for p in action.piece_names() if p in state.pieces and state.pieces[p].kind == "card"]
            check(self, state, action, seat, cards, out)
        return out

    # -- shared --

    def whose(self, state: GameState, seat: int | None, steps: tuple[str, ...], what: str,
               pieces: Iterable[str] = ()) -> list[Violation]:
        """The timing checks every rules action shares: the right step and the seat whose decision it is."""
        out: list[Violation] = []
        step = _step(state)
        if step not in steps:
            phases = sorted({PHASE_OF[s] for s in steps})
            out.append(_v("xfc.timing", "xfc.turn.1", f"{what} belongs to the {' or '.join(phases)} "
                          f"({STEP_LABELS[steps[0]]}), not to {STEP_LABELS[step]}", pieces, seat))
        elif _decision(state) != seat:
            who = _decision(state)
            out.append(_v("xfc.not_your_decision", "xfc.turn.2",
                          f"it is {self.table.seat_name(state, who)}'s decision now ({STEP_LABELS[step]})", pieces, seat))
        elif state.rules.get(PHASE_CHAIN) and what not in ("passing", "playing a card"):
            out.append(_v("xfc.chain_open", "xfc.chain.1", "a card is on the chain: play a card its text allows here, "
                          f"or pass, before {what}", pieces, seat))
        return out


    def in_hand(self, state: GameState, pid: str, seat: int | None, rule: str) -> list[Violation]:
        piece = state.pieces.get(pid)
        if piece is None or state.zones[piece.zone].kind != "hand" or state.zones[piece.zone].owner != seat:
            return [_v("xfc.not_in_hand", rule, f"{self.ref(state, pid)} is not in your hand", (pid,), seat)]
        return []

    def own_agent(self, state: GameState, pid: str, seat: int | None, rule: str) -> list[Violation]:
        piece = state.pieces.get(pid)
        if piece is None or self.pinfo(state, pid).kind != "agent":
            return [_v("xfc.not_an_agent", rule, f"{self.ref(state, pid)} is not an Agent", (pid,), seat)]
        zone = state.zones[piece.zone]
        if zone.kind not in SECTIONS or zone.owner != seat:
            return [_v("xfc.not_your_agent", rule, f"{self.ref(state, pid)} is not one of your Agents in play",
                       (pid,), seat)]
        return []

    def afford(self, state: GameState, seat: int | None, pool: str, cost: int, what: str, rule: str,
                pieces: Iterable[str] = ()) -> list[Violation]:
        if seat is None:
            return []
        have = pool_of(state, seat, pool)
        if cost > have:
            return [_v("xfc.cannot_pay", rule, f"{what} costs {cost} {pool.upper()} and "
                       f"{self.table.seat_name(state, seat)} has {have}", pieces, seat)]
        return []


    # -- every step --

    @checks(Pass)
    def _check_pass(self, state: GameState, a: Pass, seat: int | None) -> list[Violation]:
        step = _step(state)
        out = self.whose(state, seat, STEPS, "passing")
        if not out and step == "debrief" and seat is not None:
            n = len(state.zones[f"hand:{seat}"].pieces)
            if n > self.flow.hand_max(state, seat):
                out.append(_v("xfc.hand_size", "xfc.debriefing.1", f"discard down to {self.flow.hand_max(state, seat)} "
                              f"cards first (you hold {n})", seat=seat))
        if not out and step == "reveal":
            out.append(_v("xfc.bluff_pending", "xfc.investigation.2",
                          "each revealed Bluff is paid for or discarded first", seat=seat))
        if not out and step == "damage":
            out.append(_v("xfc.damage_pending", "xfc.combat.3",
                          "choose the Agent who takes the Adversary's damage", seat=seat))
        return out

    # -- Briefing --

    @checks(FreeDraw)
    def _check_free_draw(self, state: GameState, a: FreeDraw, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("draw",), "the free draw")
        if state.rules.get("drawn"):  # the real reason first: after the draw the turn has moved on to buying
            out.insert(0, _v("xfc.one_draw", "xfc.briefing.1", "the free draw is taken once", seat=seat))
        return out + self._no_draw(state, seat)

    def _no_draw(self, state: GameState, seat: int | None) -> list[Violation]:
        """A card keeps `seat` from drawing cards this turn ("prevent one opponent from drawing any cards ...")."""
        title = draw_barred(state, seat) if NO_DRAW in state.rules else None
        return [_v("xfc.no_draw", "xfc.effect.2", f"{title} keeps you from drawing cards this turn", seat=seat)] \
            if title else []

    @checks(Buy)
    def _check_buy(self, state: GameState, a: Buy, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("buy", "sell"), "buying cards")
        if a.count < 0:
            out.append(_v("xfc.bad_count", "xfc.briefing.3", "buy 0 cards or more", seat=seat))
        elif seat is not None:
            pool = "rp" if _step(state) == "buy" else "cp"
            out += self.afford(state, seat, pool, a.count, f"buying {a.count} cards",
                                "xfc.briefing.3" if pool == "rp" else "xfc.briefing.5")
        return out + (self._no_draw(state, seat) if a.count > 0 else [])

    @checks(Sell)
    def _check_sell(self, state: GameState, a: Sell, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("sell",), "selling cards", a.pieces)
        for pid in a.pieces:
            out += self.in_hand(state, pid, seat, "xfc.briefing.4")
            if pid in state.pieces and self.table.sell_value(state, pid) is None:
                out.append(_v("xfc.not_sellable", "xfc.briefing.4", f"{self.ref(state, pid)} has no RP or "
                              "*P Cost to sell for", (pid,), seat))
        return out

    # -- Requisition --

    @checks(Requisition)
    def _check_requisition(self, state: GameState, a: Requisition, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("requisition",), "requisitioning Equipment", (a.piece, a.agent))
        out += self.in_hand(state, a.piece, seat, "xfc.requisition.1")
        out += self.own_agent(state, a.agent, seat, "xfc.requisition.1")
        if a.piece not in state.pieces:
            return out
        info = self.pinfo(state, a.piece)
        if info.kind != "equipment":
            out.append(_v("xfc.not_equipment", "xfc.requisition.1", f"{info.name} is not Equipment", (a.piece,), seat))
        if out:
            return out
        return self.requisition_problems(state, a, seat)

    def requisition_problems(self, state: GameState, a: Requisition, seat: int | None,
                             held: int | None = None) -> list[Violation]:
        """`_check_requisition` past its timing, hand, Agent and kind checks: what the move lister asks of each
        Equipment and Agent it knows pass them; `held`: the pool tokens that may pay for it (found once per card)."""
        info = self.pinfo(state, a.piece)
        out: list[Violation] = []
        where = _SECTION_WORDS.get(info.activators)
        if where is None:
            where = _section_words(info.activators)
        sec = section_of(state, a.agent)
        if where and sec.upper() not in where:
            out.append(_v("xfc.requisition_section", "xfc.requisition.1",
                          f"{info.name} is requisitioned by an Agent in the {' or '.join(w.title() for w in where)}; "
                          f"{self.ref(state, a.agent)} is in the {sec.title()}", (a.piece, a.agent), seat))
        if state.attached(a.agent) and any(self.pinfo(state, q).name == info.name for q in self.table.gear(state, a.agent)):
            out.append(_v("xfc.one_item", "xfc.requisition.2", f"{self.ref(state, a.agent)} already has "
                          f"{info.name}", (a.piece, a.agent), seat))
        if held is None:
            held = len(self.table.card_pools(state, seat, info, "rp")) if seat is not None else 0
        out += self.requisition_afford(state, seat, info, held, (a.piece,))
        return out + play_limit_problems(self.ruleset, state, a.piece, seat)

    def requisition_afford(self, state: GameState, seat: int | None, info: CardInfo, held: int,
                           pieces: Iterable[str] = ()) -> list[Violation]:
        """Whether `seat` can pay for the Equipment `info` with `held` pool tokens on its Agents that may pay for
        it: the same for every Agent, so the move lister asks it once per card."""
        return self.afford(state, seat, "rp", max(0, (info.cost or 0) - held), info.name, "xfc.chain.3", pieces)

    @checks(Exchange)
    def _check_exchange(self, state: GameState, a: Exchange, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("requisition",), "exchanging Equipment", (a.piece, a.agent))
        out += self.own_agent(state, a.agent, seat, "xfc.requisition.3")
        holder = state.pieces[a.piece].attached_to if a.piece in state.pieces else None
        if holder is None or self.pinfo(state, a.piece).kind != "equipment":
            out.append(_v("xfc.not_held", "xfc.requisition.3", f"{self.ref(state, a.piece)} is not Equipment "
                          "held by an Agent", (a.piece,), seat))
            return out
        out += self.own_agent(state, holder, seat, "xfc.requisition.3")
        if out:
            return out
        if not self.table.same_team(state, holder, a.agent):
            out.append(_v("xfc.exchange_team", "xfc.requisition.3", "Equipment passes between Agents of one Team (or "
                          "one section)", (a.piece, a.agent), seat))
        if any(self.pinfo(state, q).name == self.pinfo(state, a.piece).name for q in self.table.gear(state, a.agent)):
            out.append(_v("xfc.one_item", "xfc.requisition.2", f"{self.ref(state, a.agent)} already has one",
                          (a.piece, a.agent), seat))
        return out

    # -- Deployment --

    @checks(Deploy)
    def _check_deploy(self, state: GameState, a: Deploy, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("deployment",), "moving Agents", (a.agent,))
        out += self.own_agent(state, a.agent, seat, "xfc.deployment.1")
        if a.to not in SECTIONS:
            out.append(_v("xfc.bad_section", "xfc.deployment.1", f"Agents go to the Bureau, Field or Hospital, "
                          f"not {a.to!r}", (a.agent,), seat))
        elif not out and section_of(state, a.agent) == "hospital" and a.to != "hospital" \
                and not self.table.can_leave_hospital(state, a.agent):
            out.append(_v("xfc.hospital_exit", "xfc.deployment.2",
                          f"{self.ref(state, a.agent)} has {self.table.health(state, a.agent)} Health and cannot "
                          "leave the Hospital yet", (a.agent,), seat))
        return out

    @checks(Hire)
    def _check_hire(self, state: GameState, a: Hire, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("deployment",), "buying an Agent for the turn", (a.piece,))
        out += self.in_hand(state, a.piece, seat, "xfc.deployment.4")
        info = self.info(state.pieces[a.piece].card) if a.piece in state.pieces else UNKNOWN
        if info.kind != "agent":
            out.append(_v("xfc.not_an_agent", "xfc.deployment.4", f"{info.name} is not an Agent", (a.piece,), seat))
        if a.to not in ("bureau", "field"):
            out.append(_v("xfc.bad_section", "xfc.deployment.4", "a bought Agent goes to the Bureau or the Field",
                          (a.piece,), seat))
        if seat is not None and not lifted_in_play(self.ruleset, info.ref) and \
                any(self.pinfo(state, p).name == info.name for p in self.table.agents(state, seat)):
            out.append(_v("xfc.duplicate_agent", "xfc.deployment.5", f"{info.name} is already in play",
                          (a.piece,), seat))
        if seat is not None and seat != _active(state):
            out.append(_v("xfc.not_active", "xfc.deployment.4", "only the Investigating Player buys Agents",
                          (a.piece,), seat))
        out += self.afford(state, seat, "rp", info.cost or 0, info.name, "xfc.deployment.4", (a.piece,))
        return out

    @checks(FormTeam)
    def _check_team(self, state: GameState, a: FormTeam, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("deployment", "assign"), "forming a Team", a.agents)
        if not a.agents:
            out.append(_v("xfc.empty_team", "xfc.deployment.3", "a Team has at least one Agent", seat=seat))
        for pid in a.agents:
            out += self.own_agent(state, pid, seat, "xfc.deployment.3")
        if out:
            return out
        secs = {section_of(state, p) for p in a.agents}
        if len(secs) > 1:
            out.append(_v("xfc.team_section", "xfc.deployment.3", "a Team is made of Agents in one section",
                          a.agents, seat))
        if _step(state) == "assign" and secs != {"field"}:
            out.append(_v("xfc.team_field", "xfc.deployment.3",
                          "in the Investigation Phase new Teams are formed in the Field only", a.agents, seat))
        if len(set(a.agents)) != len(a.agents):
            out.append(_v("xfc.team_twice", "xfc.deployment.3", "an Agent is named twice", a.agents, seat))
        teams = (state.rules.get("teams") or {}).get(str(seat), [])
        if not out and any(set(t) == set(a.agents) for t in teams):
            # the designations stand until changed (manual p.23): forming the same Team again changes nothing
            out.append(_v("xfc.team_same", "xfc.deployment.3", "these Agents already form a Team: it stands until "
                          "you form another", a.agents, seat))
        return out

    # -- Case Assignment --

    @checks(PlaceSite)
    def _check_site(self, state: GameState, a: PlaceSite, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("sites",), "placing a Site", (a.piece,))
        out += self.in_hand(state, a.piece, seat, "xfc.case.1")
        if a.piece not in state.pieces:
            return out
        info = self.pinfo(state, a.piece)
        if info.kind != "site":
            out.append(_v("xfc.not_a_site", "xfc.case.1", f"{info.name} is not a Site", (a.piece,), seat))
        target = self.table.directed(state, a.at)
        if target is None or target == seat or target not in state.seats:
            out.append(_v("xfc.site_direction", "xfc.case.2", "a Site is directed at one opponent (name the seat)",
                          (a.piece,), seat))
        if info.name in (state.rules.get("site_names") or []):
            out.append(_v("xfc.identical_site", "xfc.case.3", f"{info.name} was already placed this turn",
                          (a.piece,), seat))
        pool = "cp" if info.pool == "CP" else "rp"
        out += self.afford(state, seat, pool, site_cost(state, seat, info, self.ruleset), info.name, "xfc.case.1", (a.piece,))
        return out

    @checks(PlaceBluff)
    def _check_bluff(self, state: GameState, a: PlaceBluff, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("bluffs",), "placing a Bluff", (a.piece, a.site))
        out += self.in_hand(state, a.piece, seat, "xfc.case.4")
        if a.site not in (state.rules.get("sites") or {}) or a.site not in state.pieces:
            out.append(_v("xfc.not_a_site", "xfc.case.4", "Bluffs go beneath a Site in play", (a.site,), seat))
        if seat == _active(state):
            out.append(_v("xfc.own_site", "xfc.case.4", "the Investigating Player does not bluff his own Sites",
                          (a.piece,), seat))
        return out
