"""What the X-Files CCG actions before the Investigation do to the table (the part `XFilesCCG.prep`): passing,
Briefing, Requisition, Deployment and Case Assignment. Each is a method marked `@reduces(ActionType)`, dispatched
through the ruleset's table (the kit's `marked`).

Why a part: a step reads and changes the table through named inputs (the card data, the reading of Agents, the card
text, the flow's and Combat's steps), so where a pass or a purchase goes on is read here, not across the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.reducer import ActionError, Tx
from ...core.state import GameState
from ..kit import reduces
from .actions import (
    Buy,
    Deploy,
    Exchange,
    FormTeam,
    FreeDraw,
    Hire,
    Pass,
    PlaceBluff,
    PlaceSite,
    Requisition,
    Sell,
)
from .data import SECTIONS
from .phase_plays import PHASE_CHAIN
from .statics import standing
from .steps import PHASE_OF
from .table import active, left, opponents, pool_of, step
from .vocab_agents import site_cost, spend_free_site

if TYPE_CHECKING:
    from .cards import CcgCards
    from .combat import Combat
    from .flow import Flow
    from .reading import Table
    from .textrun import CcgText

__all__ = ["PASS_TO", "PrepReducers"]

#: What a pass does in each step: the method that moves the game on (a step missing here cannot be passed).
PASS_TO = {
    "draw": "_passed_draw", "buy": "_passed_buy", "sell": "_passed_sell", "requisition": "_passed_requisition",
    "deployment": "_passed_deployment", "sites": "_passed_sites", "bluffs": "_passed_bluffs",
    "assign": "_passed_assign", "check": "_pass_priority", "aftermath": "_pass_priority",
    "question": "_passed_question", "penalty": "_passed_penalty", "debrief": "_passed_debrief",
}


class PrepReducers:
    """Passing, and the reducers of the steps before the Investigation (the part `XFilesCCG.prep`)."""

    #: the rule state read (`table.py`)
    step, active, opponents, left, pool_of = (staticmethod(step), staticmethod(active), staticmethod(opponents),
                                              staticmethod(left), staticmethod(pool_of))

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, fights: Combat,
                 settle: Callable[[GameState, int, Tx], None], ref: Callable[[GameState, str], str],
                 ruleset: Any) -> None:
        #: the card data (a card's standing abilities too: `statics.standing`); the reading of Agents and seats
        self.cards, self.table = cards, table
        #: the card text (a card paid with cards, a card played); the flow's steps and Combat's (`fights`)
        self.text, self.flow, self.fights = text, flow, fights
        #: the effects of resolved cards still offered when priority passes (`ByHand.settle`)
        self.settle = settle
        self.ref = ref
        #: the ruleset, only as the card-text readers take it (`vocab_agents.site_cost`, as the vocabulary's
        #: `ctx.ruleset`)
        self.ruleset = ruleset

    @reduces(Pass)
    def _do_pass(self, state: GameState, a: Pass, seat: int, tx: Tx) -> None:
        step = state.rules.get("step", "draw")  # `self.step(state)`, without the call: most actions are passes
        if step not in PHASE_OF:
            step = "draw"
        if not tx.quiet:  # a playout keeps no notes (most of its actions are passes)
            tx.note("xfc.pass", seat, "passes")
        name = "_pass_priority" if PHASE_CHAIN in state.rules else PASS_TO.get(step)  # a chain outside a check
        if name is None:
            raise ActionError("cannot_pass", f"there is nothing to pass in {step}")
        getattr(self, name)(state, seat, tx)

    def _passed_draw(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.collect_res(state, tx)

    def _passed_buy(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.start_selling(state, tx)

    def _passed_sell(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.next_seller(state, tx)

    def _passed_requisition(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.goto(state, "deployment", tx)

    def _passed_deployment(self, state: GameState, seat: int, tx: Tx) -> None:
        tx.set_rule("site_names", [], fresh=True)
        self.flow.goto(state, "sites", tx)

    def _passed_sites(self, state: GameState, seat: int, tx: Tx) -> None:
        opps = self.opponents(state, self.active(state))
        if any(pid in state.pieces for pid in state.rules.get("sites") or {}):
            tx.set_rule("bluffer", opps[0])
            self.flow.goto(state, "bluffs", tx)
        else:
            self.flow.goto(state, "assign", tx)

    def _passed_bluffs(self, state: GameState, seat: int, tx: Tx) -> None:
        opps = self.opponents(state, self.active(state))
        cur = state.rules.get("bluffer")
        i = opps.index(cur) + 1 if cur in opps else len(opps)
        if i < len(opps):
            tx.set_rule("bluffer", opps[i])
        else:
            tx.del_rule("bluffer")
            self.flow.goto(state, "assign", tx)

    def _passed_assign(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.end_investigation(state, tx)

    def _passed_question(self, state: GameState, seat: int, tx: Tx) -> None:
        self.fights.close_site(state, tx)

    def _passed_penalty(self, state: GameState, seat: int, tx: Tx) -> None:
        tx.del_rule("penalty")
        self.flow.goto(state, "question", tx)

    def _passed_debrief(self, state: GameState, seat: int, tx: Tx) -> None:
        self.flow.next_discarder(state, tx)

    def _pass_priority(self, state: GameState, seat: int, tx: Tx) -> None:
        r = state.rules
        if r.get("suggestions"):  # effects of resolved cards still offered (`settle` has nothing to do without)
            self.settle(state, seat, tx)
        passed = int(r.get("passed", 0)) + 1
        if passed < len(state.players):  # every seat passed in turn (`state.seats`, without the list)
            tx.set_rule("passed", passed)
            tx.set_rule("priority", self.left(state, r.get("priority", seat)))
            return
        level = self.flow.level(state)
        chain = self.flow.chain(state)
        if chain and int(chain[-1].get("combat", 0)) == level:
            self.flow.resolve_top(state, tx)
        else:
            self.flow.window_closed(state, tx)

    @reduces(FreeDraw)
    def _do_free_draw(self, state: GameState, a: FreeDraw, seat: int, tx: Tx) -> None:
        n = self.flow.draw(state, seat, 1, tx)
        tx.set_rule("drawn", True)
        tx.note("xfc.free_draw", seat, "takes the free draw" if n else "has no card to draw", {"count": n})
        self.flow.collect_res(state, tx)

    @reduces(Buy)
    def _do_buy(self, state: GameState, a: Buy, seat: int, tx: Tx) -> None:
        step = self.step(state)
        pool = "rp" if step == "buy" else "cp"
        count = max(0, a.count)
        n = self.flow.draw(state, seat, count, tx)
        self.flow.pay(state, seat, pool, n, tx, why="" if tx.quiet else f"bought {n} card{'s' if n != 1 else ''}",
                  rule="xfc.briefing.3" if pool == "rp" else "xfc.briefing.5")
        if not tx.quiet:  # a playout keeps no notes: its words are not written
            tx.note("xfc.buy", seat, f"buys {n} card{'s' if n != 1 else ''} for {n} {pool.upper()} "
                    f"({self.pool_of(state, seat, pool)} {pool.upper()} left)", {"count": n, "pool": pool})
        if step == "buy":
            self.flow.start_selling(state, tx, n)
        elif step == "sell":
            self.flow.next_seller(state, tx)

    @reduces(Sell)
    def _do_sell(self, state: GameState, a: Sell, seat: int, tx: Tx) -> None:
        total = 0
        for pid in a.pieces:
            total += self.table.sell_value(state, pid) or 0
            self.flow.to_discard(state, pid, tx)
        if tx.quiet:  # a playout keeps no notes: its words are not written
            tx.add_player_counter(seat, "cp", total)
            return
        sold = ", ".join(self.ref(state, p) for p in a.pieces)
        cp = tx.add_player_counter(seat, "cp", total, why=f"sold {sold}", rule="xfc.briefing.4")
        tx.note("xfc.sell", seat, f"sells {sold} for {total} CP ({cp} CP)", {"pieces": list(a.pieces), "cp": total})

    @reduces(Requisition)
    def _do_requisition(self, state: GameState, a: Requisition, seat: int, tx: Tx) -> None:
        info = self.cards.pinfo(state, a.piece)
        if info.kind != "equipment":
            raise ActionError("not_equipment", f"{info.name} is not Equipment")
        from_cards = self.text.pay_card(state, seat, info, "rp", info.cost or 0, tx,
                                   why="" if tx.quiet else f"requisitioned {self.ref(state, a.piece)}")
        loose = standing(self.cards, state.pieces[a.piece].card, "unattached")  # "does not need to be attached to any Agent"
        if loose:  # placed in the section of the Agent who requisitions it, attached to no one
            tx.move(a.piece, state.pieces[a.agent].zone, face_up=True, by=seat)
        else:
            self.flow.attach(state, a.piece, a.agent, tx, by=seat)
        if not tx.quiet:
            tx.note("xfc.requisition", seat, f"requisitions {info.name}{' (attached to no Agent)' if loose else ''} "
                    f"for {self.ref(state, a.agent)} "
                    f"({info.cost or 0} RP{from_cards}; {self.pool_of(state, seat, 'rp')} RP left)",
                    {"piece": a.piece, "agent": a.agent})

    @reduces(Exchange)
    def _do_exchange(self, state: GameState, a: Exchange, seat: int, tx: Tx) -> None:
        if state.pieces[a.piece].attached_to is None:
            raise ActionError("not_held", "that Equipment is not held by an Agent")
        self.flow.attach(state, a.piece, a.agent, tx)
        if not tx.quiet:
            tx.note("xfc.exchange", seat, f"{self.ref(state, a.piece)} goes to {self.ref(state, a.agent)}",
                    {"piece": a.piece, "agent": a.agent})

    @reduces(Deploy)
    def _do_deploy(self, state: GameState, a: Deploy, seat: int, tx: Tx) -> None:
        if a.to not in SECTIONS:
            raise ActionError("bad_section", f"Agents go to the Bureau, Field or Hospital, not {a.to!r}")
        self.flow.move_agent(state, a.agent, a.to, tx)
        moved = list(state.rules.get("moved") or [])
        if a.agent not in moved:
            tx.set_rule("moved", [*moved, a.agent], fresh=True)  # built for this change
        if not tx.quiet:
            tx.note("xfc.deploy", seat, f"{self.ref(state, a.agent)} goes to the {a.to.title()}", {"piece": a.agent})

    @reduces(Hire)
    def _do_hire(self, state: GameState, a: Hire, seat: int, tx: Tx) -> None:
        info = self.cards.pinfo(state, a.piece)
        to = a.to if a.to in ("bureau", "field") else "field"
        self.flow.pay(state, seat, "rp", info.cost or 0, tx, why="" if tx.quiet else f"hired {self.ref(state, a.piece)}")
        tx.move(a.piece, f"{to}:{seat}", face_up=True, by=seat)
        tx.set_rule("hired", [*(state.rules.get("hired") or []), a.piece])
        tx.set_rule("moved", [*(state.rules.get("moved") or []), a.piece])
        tx.note("xfc.hire", seat, f"buys {info.name} for this turn ({info.cost or 0} RP; game effect ignored)",
                {"piece": a.piece})

    @reduces(FormTeam)
    def _do_team(self, state: GameState, a: FormTeam, seat: int, tx: Tx) -> None:
        teams = dict(state.rules.get("teams") or {})
        mine = [[p for p in t if p not in a.agents] for t in teams.get(str(seat), [])]
        mine = [t for t in mine if t]
        mine.append(list(a.agents))
        teams[str(seat)] = mine
        tx.set_rule("teams", teams)
        if not tx.quiet:
            tx.note("xfc.team", seat, "forms a Team: " + ", ".join(self.ref(state, p) for p in a.agents),
                    {"agents": list(a.agents)})

    @reduces(PlaceSite)
    def _do_site(self, state: GameState, a: PlaceSite, seat: int, tx: Tx) -> None:
        info = self.cards.pinfo(state, a.piece)
        at = self.table.directed(state, a.at)
        if at is None:
            raise ActionError("no_direction", "name the opponent this Site is directed at")
        pool = "cp" if info.pool == "CP" else "rp"
        cost = site_cost(state, seat, info, self.ruleset)  # "Discard a token to play a Site for zero [RP] cost"
        if cost < (info.cost or 0):
            spend_free_site(state, seat, tx)
        self.flow.pay(state, seat, pool, cost, tx, why="" if tx.quiet else f"placed {self.ref(state, a.piece)}")
        tx.move(a.piece, f"field:{seat}", face_up=True, by=seat)
        sites = dict(state.rules.get("sites") or {})
        sites[a.piece] = {"at": at, "turn": state.rules.get("turn", 1), "owner": seat}
        tx.set_rule("sites", sites, fresh=True)  # built for this change (rule values are never changed in place)
        tx.set_rule("site_names", [*(state.rules.get("site_names") or []), info.name], fresh=True)
        self.text.played_triggers(state, tx, a.piece)  # a Site placed is a card played ("every time a ... is played")
        if not tx.quiet:
            tx.note("xfc.site", seat, f"places {info.name} directed at {self.table.seat_name(state, at)} "
                    f"({cost} {pool.upper()}; {self.pool_of(state, seat, pool)} {pool.upper()} left)",
                    {"piece": a.piece, "at": at})

    @reduces(PlaceBluff)
    def _do_bluff(self, state: GameState, a: PlaceBluff, seat: int, tx: Tx) -> None:
        self.flow.attach(state, a.piece, a.site, tx, face_up=False, by=seat)
        if not tx.quiet:
            tx.note("xfc.bluff", seat, f"puts a card face down beneath {self.ref(state, a.site)}",
                    {"site": a.site})
