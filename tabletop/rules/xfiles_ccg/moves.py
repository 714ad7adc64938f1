"""Every kind of legal move in each step of the X-Files CCG, as concrete one-click actions with readable labels.

`legal_actions` (what the window lists and makes glow, what a client's legal summary holds) yields, lazily, each
move the seat whose decision it is may make now: buying each number of cards it can pay for, selling each card,
requisitioning each piece of Equipment for each Agent, deploying each Agent to each section, hiring, placing each
Site at each opponent, bluffing each card beneath each Site, investigating each Site with each skill, paying for
or dropping a Bluff, playing each card (each named effect, each value of X it can pay, each side of a *P card),
assigning damage to each Agent, asking each question and guessing each X-File of the Notebook, discarding, and the
suggested effects of its resolved cards. Each candidate passes the same `check` strict mode applies.

The bots keep their short list (`generators`: `generate_actions`), so seeded self-play and its speed do not depend
on this listing.

`Moves` is a part with explicit inputs (docs/RULESETS_STRUCTURE.md): the card lookup (`cards`), the reading of the
table (`table`: Agents, Equipment, Health, skills, payments, pool tokens on cards), the card text run (`text`:
the standing abilities used), the flow (`flow`: the hand size), the Notebook (`notes`), the options, the interpreter
(a card's effect waiting for its targets), the ruleset's `check`, the text applied by hand's `suggestion_actions`,
and the ruleset as `ruleset`, only where the standing-ability readers (`phase_plays`, `anytime`, `crimelab`, ...)
take it. The ruleset binds what the
window, the bots and the lab ask (`legal_actions`, `generate_actions`, `legal_paths`, ...); the status takes
`what_now` and `step_hint` from this part.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import LegalActions
from .actions import (
    Ask,
    Buy,
    Deploy,
    Discard,
    Exchange,
    FormTeam,
    FreeDraw,
    Guess,
    Hire,
    Investigate,
    Pass,
    PlaceBluff,
    PlaceSite,
    PlayCard,
    Requisition,
    ResolveBluff,
    Sell,
)
from .again import KEY as AGAIN
from .again import free_for
from .anytime import WINDOW_STEPS, any_time_plays
from .crimelab import lab_witnesses
from .data import SECTIONS
from .generators import GENERATORS, bluff_payments, hand_of
from .generators_phase import BRIEFING, PhaseCards, card_plays
from .phase_plays import PHASE_CHAIN, PHASE_STEPS, phase_cards
from .steps import PHASE_OF, STEP_LABELS
from .table import DECIDED, pool_of, section_of
from .table import decision as _decision
from .table import opponents as _opponents
from .table import step as _step
from .vocab_events import EXTRA, extra_question

if TYPE_CHECKING:
    from ..effects import Effects
    from .cards import CcgCards
    from .flow import Flow
    from .notebook import Notebook
    from .reading import Table
    from .textrun import CcgText

__all__ = ["INVESTIGATOR_ONLY", "LISTERS", "STEP_HINTS", "Moves"]

#: the pass every listing ends with (an action is a value: one serves every listing)
_PASS = Pass()
#: the steps whose listing has the standing abilities the seat may use, and those with no pass
_ABILITY_STEPS = frozenset(("check", "aftermath", "assign", "buy"))
_NO_PASS = frozenset(("reveal", "damage"))
#: the steps in which a card's text may let it be played outside a skill check
_PHASED = frozenset(step for steps in PHASE_STEPS.values() for step in steps)

#: What the deciding seat does in each step, in words for the status ("what now").
STEP_HINTS = {
    "draw": "take the free draw, or pass",
    "buy": "buy cards from your Bureau Deck at 1 RP each, or pass",
    "sell": "sell cards from your hand for CP, buy cards at 1 CP each, or pass",
    "requisition": "requisition Equipment for your Agents, pass Equipment within a Team, or pass",
    "deployment": "move Agents between the Bureau, the Field and the Hospital, buy an Agent for the turn, form "
                  "Teams, or pass",
    "sites": "place Sites from your hand directed at an opponent, or pass",
    "bluffs": "put cards face down beneath the Investigating Player's Sites as Bluffs, or pass",
    "assign": "send a Team from the Field to one of your Sites, or pass to end the Investigation",
    "reveal": "pay for the revealed Bluff (its Cost less 1 in CP) or discard it",
    "check": "play a card into the chain, or pass",
    "damage": "choose the Agent who takes the Adversary's damage",
    "aftermath": "play a Combat card, or pass",
    "question": "ask a question about the Directed Player's X-File and/or guess it, or pass",
    "penalty": "ask a question or make a guess back about the player who guessed wrong, or pass",
    "debrief": "discard down to your hand size, then pass",
}

#: Why another seat has no move in the steps of the Investigating Player alone (the turn sequence, manual pp.8-9:
#: "The Investigating Player may draw... may pay for and assign Equipment... places Sites"), for a waiting seat
#: that would otherwise wonder why it was never asked (the newcomer's trial: "Seat 2 was not asked to requisition
#: or deploy").
INVESTIGATOR_ONLY = {
    "draw": "only the Investigating Player takes the free draw; you sell and buy with CP next",
    "buy": "only the Investigating Player buys with RP; you sell and buy with CP next",
    "requisition": "only the Investigating Player requisitions Equipment; you do in your own turn",
    "deployment": "only the Investigating Player deploys Agents and forms Teams; you do in your own turn",
    "sites": "only the Investigating Player places Sites; you may put Bluffs beneath them next",
    "assign": "only the Investigating Player sends Teams; you may play cards once a skill check starts",
}


class _Listing(LegalActions):
    """The lazy list of every legal move of a seat (`in` still asks the rules' check): over the move lister."""

    def __iter__(self) -> Iterator[Action]:
        return self._ruleset.legal_moves(self._state, self._seat)  # type: ignore[attr-defined, no-any-return]


class Moves:
    """The move lister: every kind of legal move (the window, clients), the bots' short list (`generate_actions`),
    the cards a move plays (`legal_paths`, `legal_gestures`) and the status's help (`what_now`, `step_hint`)."""

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, notes: Notebook,
                 options: Mapping[str, Any], interpreter: Effects,
                 check: Callable[[GameState, Action, int | None], list[Violation]],
                 suggestion_actions: Callable[[GameState, int], list[Action]], ruleset: Any) -> None:
        #: `check` is the ruleset's (the gate, then the check of the action's type); `suggestion_actions` the text
        #: applied by hand's (`ByHand`, `effects.py`); `ruleset` only as the standing-ability readers take it
        #: (`limits`, `costs`, `waivers`, ..., as the vocabulary's `ctx.ruleset`)
        self.cards, self.flow, self.ruleset = cards, flow, ruleset  # `table`, `text`, `notes`: their answers, below
        self.options, self.interpreter, self.check, self.suggestion_actions = (options, interpreter, check,
                                                                               suggestion_actions)
        # what the listers and the bots' generators ask at every decision, bound here (no call in between)
        self.pinfo, self.info, self.traits, self.xfiles = cards.pinfo, cards.info, cards.traits, cards.xfiles
        self.known_infos, self.known_traits = cards.known_infos, cards.known_traits
        self.agents, self.gear, self.health, self.team_skill = table.agents, table.gear, table.health, table.team_skill
        self.can_leave_hospital, self.combatants, self.in_effect = (table.can_leave_hospital, table.combatants,
                                                                    table.in_effect)
        self.sell_value, self.pay_pool, self.can_pay, self.seat_name = (table.sell_value, table.pay_pool,
                                                                        table.can_pay, table.seat_name)
        self.card_pools, self.any_trait, self.ability_uses = table.card_pools, table.any_trait, text.ability_uses
        self.question_context, self.question_options = notes.question_context, notes.question_options
        self.guess_options, self.notes_about = notes.guess_options, notes.notes_about
        self.phase_cards = PhaseCards(self)  # the bots' plays of phase and anytime cards (`generators_phase`)

    def generate_actions(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """The bots' moves for `seat` now (see `generators`); a pass is among them when the decision is `seat`'s."""
        r = state.rules
        if seat is None or r.get("over"):
            return
        derived = state.derived  # on the fast path: whose decision `waiting_for` found at this table's number
        decided = derived.get(DECIDED) if derived is not None else None
        if (decided[1] if decided is not None and decided[0] == state.seq else _decision(state)) != seat:
            return
        effects = r.get("effects")
        if effects and effects.get("pending"):  # a card's effect waits for its targets first
            yield from self.interpreter.choices(state, seat)
            return
        step = r.get("step", "draw")  # `_step(state)`, without the call
        if step not in PHASE_OF:
            step = "draw"
        if PHASE_CHAIN in r:  # a chain outside a skill check: only the cards its text allows there, or the pass
            yield from self.phase_cards.chain_moves(state, seat, step)
            return
        gen = GENERATORS.get(step)
        if step == "debrief":  # the Discards of a hand over its size, else the pass: the size read once
            discards = list(gen(self, state, seat))  # type: ignore[misc]
            yield from discards if discards else (_PASS,)
            return
        if step in BRIEFING:  # a Briefing card, before the step's purchases
            yield from self.phase_cards.first(state, seat, step)
        if gen is not None:
            yield from gen(self, state, seat)
        # a card's extra question: most tables have none (the rule state's key is asked first, without a call)
        if r.get(EXTRA) and step not in ("question", "penalty") and extra_question(state, seat) is not None:
            yield from GENERATORS["question"](self, state, seat)  # the question a card's text lets `seat` ask
        if step in _ABILITY_STEPS and self.any_trait(state, seat, "event:use"):  # (`ability_uses` asks it first)
            yield from self.ability_uses(state, seat)  # the bots use standing abilities where play goes on
        if step not in WINDOW_STEPS:  # phase cards and anytime cards, after the step's own moves
            yield from self.phase_cards.plays(state, seat, step)
        if step not in _NO_PASS:
            yield _PASS

    def step_hint(self, state: GameState, step: str) -> str:
        """`STEP_HINTS[step]` with what the step depends on: the hand size in Debriefing; in the Investigation,
        that no Team can be sent (no Site, or no Agent left in the Field), when none can."""
        if step == "debrief":
            seat = _decision(state)
            size = self.flow.hand_max(state, seat) if seat is not None else self.options["hand_max"]
            return f"discard down to your hand size ({size}), then pass"
        if step == "assign":
            seat = _decision(state)
            if seat is not None and not any(not self.check(state, a, seat)
                                            for a in GENERATORS["assign"](self, state, seat)):
                return "no Team can be sent to a Site now: pass to end the Investigation"
        return STEP_HINTS[step]

    def legal_actions(self, state: GameState, seat: int | None) -> LegalActions:
        return _Listing(self, state, seat)  # type: ignore[arg-type]

    def legal_moves(self, state: GameState, seat: int | None) -> Iterator[Action]:
        """Each legal move of `seat` now, once, checked as strict mode checks it; its pass last."""
        if seat is None or seat not in state.seats or state.rules.get("over"):
            return
        seen: set[Action] = set()
        if (state.rules.get("effects") or {}).get("pending"):  # a card's effect waits for its targets first
            yield from self.interpreter.choices(state, seat)
            return
        for effect in self.suggestion_actions(state, seat):  # the manual effect is always allowed (xfc.effect.1)
            if effect not in seen:
                seen.add(effect)
                yield effect
        if _decision(state) != seat:
            return
        step = _step(state)
        check = self.check
        lister = _list_phase if state.rules.get(PHASE_CHAIN) else LISTERS.get(step)
        for action in lister(self, state, seat) if lister is not None else ():
            if action not in seen and not check(state, action, seat):
                seen.add(action)
                yield action
        if step not in WINDOW_STEPS:  # "Play this card at anytime during your turn"
            yield from (a for a in any_time_plays(self.ruleset, state, seat) if a not in seen and not check(state, a, seat))
        if lister is not _list_phase and step in _PHASED:  # "Play during the Briefing Phase": in its own steps
            for action in _list_phase(self, state, seat):
                if action not in seen and not check(state, action, seat):
                    seen.add(action)
                    yield action
        if step not in ("question", "penalty") and extra_question(state, seat) is not None:
            yield from _list_question(self, state, seat)  # the question a card's text lets `seat` ask
        yield from self.ability_uses(state, seat)
        if not check(state, Pass(), seat):
            yield Pass()

    def legal_paths(self, state: GameState, action: Action, seat: int | None) -> list[tuple[str, str | None]]:
        """The cards `action` plays and where each goes, for the glow and for a drag that makes the move: a card
        played joins the chain, Equipment goes to its Agent's zone, an Agent deployed or hired to the section named,
        a Site placed to its owner's Field, a Bluff beneath its Site (the Site's zone), a card sold or discarded to
        its owner's discard; the other moves' cards stay where they are (None)."""
        own = seat if seat is not None else 0
        if isinstance(action, PlayCard):
            return [(action.piece, "chain")]
        if isinstance(action, (Requisition, Exchange)):
            agent = state.pieces.get(action.agent)
            return [(action.piece, agent.zone if agent is not None else None)]
        if isinstance(action, Deploy):
            return [(action.agent, f"{action.to}:{own}")]
        if isinstance(action, Hire):
            return [(action.piece, f"{action.to}:{own}")]
        if isinstance(action, PlaceSite):
            return [(action.piece, f"field:{own}")]
        if isinstance(action, PlaceBluff):
            site = state.pieces.get(action.site)
            return [(action.piece, site.zone if site is not None else None)]
        if isinstance(action, (Sell, Discard)):
            return [(pid, f"discard:{own}") for pid in action.pieces]
        out: list[tuple[str, str | None]] = []
        for name in action.piece_fields:
            v = getattr(action, name)
            out += [(pid, None) for pid in (v if isinstance(v, tuple) else (v,) if isinstance(v, str) else ())]
        return out

    def legal_gestures(self, state: GameState, action: Action, seat: int | None) -> list[tuple[str, str]]:
        """The gestures on the table a move stands for (see `core.legal`): a Site let go on the Field of the
        opponent it is directed at places it at them (its path takes it to its owner's Field, where it lies)."""
        if not isinstance(action, PlaceSite) or seat is None:
            return []
        opponents = _opponents(state, seat)
        at = action.at if action.at is not None else opponents[0] if len(opponents) == 1 else None
        return [("drop", f"field:{at}")] if f"field:{at}" in state.zones else []

    def what_now(self, state: GameState, seat: int | None) -> str:
        """The step, who acts, and for the deciding seat what it may do (the status's one line of help)."""
        step = _step(state)
        decision = _decision(state)
        if decision is None:
            return "The game is over."
        if decision != seat:
            wait = f"{self.seat_name(state, decision)} decides ({STEP_LABELS[step]}); wait for them."
            why = INVESTIGATOR_ONLY.get(step) if seat in state.seats else None
            return f"{wait} {why[:1].upper()}{why[1:]}." if why else wait
        hint = STEP_HINTS[step]
        if step in ("buy", "sell"):
            pool = "rp" if step == "buy" else "cp"
            hint += f" (you have {pool_of(state, seat, pool)} {pool.upper()})"
        return f"Your decision: {hint}."


def _kind(mv: Moves, state: GameState, pids: list[str], kind: str) -> list[str]:
    return [p for p in pids if mv.pinfo(state, p).kind == kind]


def _list_draw(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    yield FreeDraw()


def _list_buy(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    step = _step(state)
    if step == "sell":
        for pid in hand_of(state, seat):
            if mv.sell_value(state, pid) is not None:
                yield Sell((pid,))
    pool = pool_of(state, seat, "rp" if step == "buy" else "cp")
    cards = len(state.zones[f"deck:{seat}"].pieces) + len(state.zones[f"discard:{seat}"].pieces)
    for n in range(1, min(pool, cards) + 1):
        yield Buy(n)


def _list_requisition(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    agents = mv.agents(state, seat)
    for pid in _kind(mv, state, hand_of(state, seat), "equipment"):
        for agent in agents:
            yield Requisition(pid, agent)
    for holder in agents:
        for item in mv.gear(state, holder):
            for agent in agents:
                if agent != holder:
                    yield Exchange(item, agent)


def _list_deployment(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    for agent in mv.agents(state, seat):
        here = section_of(state, agent)
        for section in SECTIONS:
            if section != here:
                yield Deploy(agent, section)
    for pid in _kind(mv, state, hand_of(state, seat), "agent"):
        yield Hire(pid, "field")
        yield Hire(pid, "bureau")
    for section in SECTIONS:
        yield from _new_team(state, seat, mv.agents(state, seat, (section,)))


def _new_team(state: GameState, seat: int, agents: list[str] | tuple[str, ...]) -> Iterator[Action]:
    """Forming `agents` into a Team, unless they already are one: the Teams stand until changed (manual p.23,
    "the most recent Team designations still apply"), so forming the same Team again is no move at all."""
    if not agents:
        return
    current = {frozenset(t) for t in (state.rules.get("teams") or {}).get(str(seat), [])}
    if frozenset(agents) not in current:
        yield FormTeam(tuple(agents))


def _list_sites(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    opponents = _opponents(state, seat)
    for pid in _kind(mv, state, hand_of(state, seat), "site"):
        if len(opponents) == 1:
            yield PlaceSite(pid)  # directed at the only opponent
        else:
            for opp in opponents:
                yield PlaceSite(pid, opp)


def _list_bluffs(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    sites = [p for p in state.rules.get("sites") or {} if p in state.pieces]
    for site in sites:
        for pid in hand_of(state, seat):
            yield PlaceBluff(pid, site)


def _list_assign(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    everyone = tuple(mv.agents(state, seat, ("field",)))
    used = set(state.rules.get("used") or [])
    field = tuple(p for p in everyone if p not in used or p in (state.rules.get(AGAIN) or {}))
    teams = [field] if field else []
    for team in (state.rules.get("teams") or {}).get(str(seat), []):
        mine = tuple(p for p in team if p in field)
        if mine and mine not in teams:
            teams.append(mine)
    teams += [(p,) for p in field if (p,) not in teams]
    for site in state.rules.get("sites") or {}:
        if site not in state.pieces or state.pieces[site].zone != f"field:{seat}":
            continue
        skills = [s for s, _ in mv.pinfo(state, site).prerequisite] or [""]
        name = mv.pinfo(state, site).name
        for team in teams:
            if len(free_for(state, team, name)) < len(team):  # a second Site in another state
                continue
            for witness in _lab_options(mv, state, seat, site, team):
                for skill in skills:
                    yield Investigate(site, team, skill, witness)
    yield from _new_team(state, seat, everyone)


def _lab_options(mv: Moves, state: GameState, seat: int, site: str, team: tuple[str, ...]) -> list[str | None]:
    """The Witness named for a Field Office Crime Lab the Team has no access to (one listing per Witness card in
    the hand, none if there is none); None for every other Site."""
    wanted = lab_witnesses(mv.ruleset, state, seat, site, team)
    return [None] if wanted is None else list(wanted)


def _list_reveal(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    pending = state.rules.get("bluffs") or []
    if pending:
        yield from bluff_payments(mv, state, seat, pending[0])
        yield ResolveBluff(pending[0], False)


def _list_window(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    for pid in hand_of(state, seat):
        if mv.pinfo(state, pid).kind in ("agent", "site", "xfile", "equipment"):
            continue
        for play in card_plays(mv, state, seat, pid):
            if mv.can_pay(state, play, seat):  # an unpaid card only goes to the Discard (xfc.chain.3)
                yield play


def _list_phase(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    """The plays of the cards whose text lets them be played in this step, outside a skill check (`phase_plays`)."""
    for pid in phase_cards(mv.ruleset, state, seat, _step(state)):
        for play in card_plays(mv, state, seat, pid):
            if mv.can_pay(state, play, seat):
                yield play


def _list_question(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    ctx = mv.question_context(state, seat)
    if not ctx:
        return
    opp, asked = mv.notes_about(state, seat, ctx["about"])
    questions = mv.question_options(state, seat)
    # what the Notebook does not know yet first, then the rest (still legal, only less useful)
    for q in sorted(questions, key=lambda q: (q["kind"], q["value"]) in asked):
        yield Ask(q["token"])
    cands = {c["name"] for c in (opp["candidates"] if opp else [])}
    for g in sorted(mv.guess_options(state, seat), key=lambda g: g["name"] not in cands):
        yield Guess(g["token"])


def _list_debrief(mv: Moves, state: GameState, seat: int) -> Iterator[Action]:
    for pid in hand_of(state, seat):
        yield Discard((pid,))


#: The moves each step offers its deciding seat (each is checked before it is listed).
LISTERS: dict[str, Callable[[Any, GameState, int], Iterator[Action]]] = {
    "draw": _list_draw, "buy": _list_buy, "sell": _list_buy, "requisition": _list_requisition,
    "deployment": _list_deployment, "sites": _list_sites, "bluffs": _list_bluffs, "assign": _list_assign,
    "reveal": _list_reveal, "check": _list_window, "aftermath": _list_window, "damage": GENERATORS["damage"],
    "question": _list_question, "penalty": _list_question, "debrief": _list_debrief,
}
