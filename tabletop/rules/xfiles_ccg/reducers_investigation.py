"""What the X-Files CCG actions of the Investigation and the Debriefing do to the table (the part
`XFilesCCG.investigation`): sending a Team, Bluffs, card plays, Combat damage, questions and guesses, the discard,
and the automatic actions.

Why a part: a step reads and changes the table through named inputs (the card data, the reading of Agents, the card
text, the flow's and Combat's steps, the Notebook), so where a Team's check begins or a guess wins is read here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...cards.names import fold as _fold
from ...core.reducer import ActionError, Tx
from ...core.state import EVERYONE, GameState
from ..kit import reduces
from .actions import (
    Ask,
    AssignDamage,
    Discard,
    Guess,
    Hospitalize,
    Investigate,
    KillerWin,
    PlayCard,
    ResolveBluff,
)
from .again import KEY as AGAIN
from .again import spend_again
from .anytime import resolve_now
from .combat_text import hit
from .costs import bluff_cost_at_site, cost_at_site, spend_cost_mods
from .crimelab import KEY as LAB
from .data import canonical_skill
from .phase_plays import PHASE_CHAIN, phase_play
from .provisions import spend_provision
from .table import active, owner, pool_of, step, xfile_of
from .vocab_events import extra_question, use_extra

if TYPE_CHECKING:
    from .cards import CcgCards
    from .combat import Combat
    from .flow import Flow
    from .notebook import Notebook
    from .reading import Table
    from .textrun import CcgText

__all__ = ["InvestigationReducers"]

#: `cards.names.fold` of each X-File title a guess compared (a guess folds two titles; there are a few dozen)
_FOLDED: dict[str, str] = {}


def fold(name: str) -> str:
    """`cards.names.fold`, read once per title."""
    found = _FOLDED.get(name)
    if found is None:
        if len(_FOLDED) >= 4096:
            _FOLDED.clear()
        found = _FOLDED[name] = _fold(name)
    return found


class InvestigationReducers:
    """The reducers of the Investigation, the Debriefing and the automatic actions (the part
    `XFilesCCG.investigation`)."""

    #: the rule state read (`table.py`)
    step, active, owner, pool_of, xfile_of = (staticmethod(step), staticmethod(active), staticmethod(owner),
                                              staticmethod(pool_of), staticmethod(xfile_of))

    def __init__(self, cards: CcgCards, table: Table, text: CcgText, flow: Flow, fights: Combat, notes: Notebook,
                 options: Mapping[str, Any], ref: Callable[[GameState, str], str], ruleset: Any) -> None:
        #: the card data; the reading of Agents and seats (skills, Health, the pool a card is paid from, what a card
        #: costs at the Site: `costs.py` reads through it)
        self.cards, self.table = cards, table
        #: the card text (a Bluff paid, a card played and paid with cards); the flow's steps and Combat's (`fights`)
        self.text, self.flow, self.fights = text, flow, fights
        #: the questions and guesses `seat` may make (`Notebook`)
        self.notes = notes
        self.options, self.ref = options, ref
        #: the ruleset, only as the card-text readers that still take it (`provisions`, `phase_plays`,
        #: `anytime`, `combat_text`: functions of the ruleset, as the vocabulary's `ctx.ruleset`)
        self.ruleset = ruleset

    @reduces(Investigate)
    def _do_investigate(self, state: GameState, a: Investigate, seat: int, tx: Tx) -> None:
        r = state.rules
        info = self.cards.pinfo(state, a.site)
        options = list(info.prerequisite)
        skill = canonical_skill(a.skill) if a.skill else None
        need = next((n for s, n in options if s == skill), None)
        if skill is None or need is None:
            if options:
                skill, need = options[0] if skill is None else (skill, options[0][1])
            else:
                skill, need = skill or "", 0
        directed = (r.get("sites") or {}).get(a.site, {}).get("at")
        if directed is None:
            directed = self.table.directed(state, None)
        check = {"site": a.site, "team": list(a.agents), "skill": skill, "need": need, "directed": directed,
                 "mods": [], "used": []}
        if a.witness:  # the Field Office Crime Lab's prerequisite met with a Witness from the hand (`crimelab`)
            check[LAB] = a.witness
            self.flow.to_discard(state, a.witness, tx)
            if not tx.quiet:
                tx.note("xfc.crime_lab", seat, f"{self.ref(state, a.witness)} was discarded from the hand for "
                        f"{self.ref(state, a.site)}'s prerequisite", {"piece": a.witness, "site": a.site})
        also = [[s, n] for s, n in info.requires if s != skill]
        if also:  # "X 3+ AND Y 3+": the check is made with the named skill, the others must be met too
            check["also"] = also
        tx.set_rule("check", check, fresh=True)  # built for this change (rule values are never changed in place)
        if r.get(AGAIN):  # an Agent on its second Site uses its second investigation
            spend_again(state, tx, a.agents)
        tx.set_rule("used", [*(r.get("used") or []), *a.agents], fresh=True)
        if not tx.quiet:  # a playout keeps no notes: its words are not written
            tx.note("xfc.investigate", seat, f"the {skill} check began: {self.table.team_skill(state, a.agents, skill)} "
                    f"against {need}+", {"site": a.site, "agents": list(a.agents), "skill": skill, "need": need})
        if state.attached(a.site):  # cards beneath it: first a window for the cards played on a Team about to
            tx.set_rule("check", {**check, "approach": True})  # investigate it (only those: xfc.chain.9)
            self.flow.goto(state, "check", tx)
            self.flow.open_window(state, tx, seat)
            return
        self.reveal_bluffs(state, tx, seat, a.site)

    def reveal_bluffs(self, state: GameState, tx: Tx, seat: int, site: str) -> None:
        """The cards beneath the Site investigated are revealed: its Bluffs wait to be paid for, the others are
        discarded; then the check's window opens."""
        pending = []
        for pid in list(state.attached(site)):
            tx.change(pid, face_up=True, known=state.pieces[pid].known | {EVERYONE})
            binfo = self.cards.pinfo(state, pid)
            if binfo.has("BLUFF"):
                pending.append(pid)
                if not tx.quiet:
                    tx.note("xfc.bluff_revealed", self.owner(state, pid),
                            f"the Bluff {self.ref(state, pid)} was revealed", {"piece": pid})
            else:
                if not tx.quiet:
                    tx.note("xfc.bluff_revealed", self.owner(state, pid), f"{self.ref(state, pid)} was revealed, "
                            "not a Bluff, and discarded", {"piece": pid})
                self.flow.to_discard(state, pid, tx)
        if pending:
            tx.set_rule("bluffs", pending)
            self.flow.goto(state, "reveal", tx)
        else:
            self.flow.goto(state, "check", tx)
            self.flow.open_window(state, tx, seat)

    @reduces(ResolveBluff)
    def _do_resolve_bluff(self, state: GameState, a: ResolveBluff, seat: int, tx: Tx) -> None:
        info = self.cards.pinfo(state, a.piece)
        owner = self.owner(state, a.piece)
        cost = bluff_cost_at_site(self.table, state, a.piece, info, a.x)
        pending = [p for p in state.rules.get("bluffs") or [] if p != a.piece]
        if a.pay and self.pool_of(state, owner, "cp") >= cost:
            self.flow.pay(state, owner, "cp", cost, tx, rule="xfc.chain.3",
                      why="" if tx.quiet else f"paid for the Bluff {self.ref(state, a.piece)}")
            self.flow.to_discard(state, a.piece, tx)
            if not tx.quiet:
                self._bluff_paid_note(state, tx, a.piece, info, (owner, cost))
            self.text.run_text(state, tx, a.piece, owner, info, bluff=True, x=a.x)
            self.text.played_triggers(state, tx, a.piece)  # a Bluff paid for is played (manual: two ways to play one)
        else:
            self.flow.to_discard(state, a.piece, tx)
            tx.note("xfc.bluff_dropped", owner, f"discards the Bluff {info.name}", {"piece": a.piece})
        if pending:
            tx.set_rule("bluffs", pending)
        else:
            tx.del_rule("bluffs")
            self.flow.goto(state, "check", tx)
            self.flow.open_window(state, tx, self.active(state))
            if any(s.get("seat") == owner for s in state.rules.get("suggestions") or []):
                self.flow.open_window(state, tx, owner)

    def _bluff_paid_note(self, state: GameState, tx: Tx, pid: str, info: Any, paid: tuple[int, int]) -> None:
        """The log's line of a Bluff paid for (`paid`: its owner and the CP paid)."""
        owner, cost = paid
        whence = self.text.by_hand_words(state, pid, info, owner)
        whence = whence.replace(" (", "; its effect (", 1).replace(", or by hand)", ", or now by hand")
        tx.note("xfc.bluff_paid", owner, f"pays {cost} CP for the Bluff {info.name} ({self.pool_of(state, owner, 'cp')} "
                "CP left)" + whence, {"piece": pid, "cost": cost})

    @reduces(PlayCard)
    def _do_play(self, state: GameState, a: PlayCard, seat: int, tx: Tx) -> None:
        info = self.cards.pinfo(state, a.piece)
        cost = cost_at_site(self.table, state, seat, a.piece, info.x_cost(a.x))  # as a card or the Site changed it
        pool = self.table.pay_pool(state, info, seat, a.side)
        if self.pool_of(state, seat, pool) + len(self.table.card_pools(state, seat, info, pool)) < cost:
            self.flow.to_discard(state, a.piece, tx)
            tx.note("xfc.unpaid", seat, f"could not pay {cost} {pool.upper()} for {self.ref(state, a.piece)}: it went "
                    "to the Discard (xfc.chain.3)", {"piece": a.piece})
            return
        spend_provision(self.ruleset, state, seat, a.piece, tx)  # the Activators a card provided it, spent
        spend_cost_mods(self.table, state, seat, a.piece, tx)  # "the first Adversary card you play in this Site"
        from_cards = self.text.pay_card(state, seat, info, pool, cost, tx,
                                   why="" if tx.quiet else f"paid for {self.ref(state, a.piece)}", rule="xfc.chain.3")
        tx.move(a.piece, "chain", face_up=True, by=seat)
        entry = {"piece": a.piece, "seat": seat, "pool": pool, "paid": cost, "combat": self.flow.level(state)}
        named = ""
        if 1 <= a.choice <= len(info.alternatives):
            entry["choice"] = a.choice
            named = f", naming effect {a.choice}: {info.alternatives[a.choice - 1]}"
        tx.set_rule("chain", [*self.flow.chain(state), entry], fresh=True)  # built for this change
        if info.kind == "witness" and state.rules.get("check"):
            check = dict(state.rules["check"])
            check["used"] = [*check.get("used", []), info.ref]
            tx.set_rule("check", check)
        tx.set_rule("passed", 0)
        tx.set_rule("priority", seat)
        phased = PHASE_CHAIN in state.rules or (self.step(state) not in ("check", "aftermath") and phase_play(
            self.ruleset, state, a.piece))
        if phased:  # played in the Briefing or the Case Assignment: a chain of its own there (`phase_plays`)
            tx.set_rule(PHASE_CHAIN, True)
        self.text.played_triggers(state, tx, a.piece)
        self.text.chain_triggers(state, tx, a.piece)  # "If your opponent plays ... while this card is in play"
        # the pool's change is its own note (`Tx.changed`): this one says what else the payment was
        told = ", ".join(t for t in (f"paid{from_cards}" if from_cards else "", named[2:]) if t)
        tx.note("xfc.play", seat, told, {"piece": a.piece, "pool": pool, "paid": cost, "choice": a.choice})
        if not phased:
            resolve_now(self.ruleset, state, tx)  # "at anytime during your turn": outside a skill check, no window to answer

    @reduces(AssignDamage)
    def _do_assign_damage(self, state: GameState, a: AssignDamage, seat: int, tx: Tx) -> None:
        combat = state.rules.get("combat")
        if not combat:
            raise ActionError("no_combat", "there is no Combat")
        pending = (combat.get("pending") or {}).get("adversary", 0)
        if 0 < a.points < pending:  # a split: these points now, the rest still to assign
            hit(self.ruleset, state, a.agent, a.points, tx)
            tx.set_rule("combat", {**combat, "pending": {**combat["pending"], "adversary": pending - a.points}})
            tx.note("xfc.damage", combat.get("owner"), f"{self.ref(state, a.agent)} took {a.points} "
                    f"({self.table.health(state, a.agent)} Health); {pending - a.points} still to assign",
                    {"target": a.agent, "adversary": a.points})
            return
        self.fights.deal_damage(state, tx, a.agent)

    @reduces(Ask)
    def _do_ask(self, state: GameState, a: Ask, seat: int, tx: Tx) -> None:
        q = next(iter(self.notes.question_options(state, seat, False, token=a.token)), None)
        if q is None:
            raise ActionError("no_question", "that question cannot be asked now")
        about = q["about"]
        extra = extra_question(state, seat) is not None  # the question a card's text let `seat` ask
        xf = self.xfile_of(state, about)
        value = self.cards.pinfo(state, xf).characteristics.get(q["kind"], "") if xf else ""
        yes = value.casefold() == q["value"].casefold()
        row = {"about": about, "kind": q["kind"], "value": q["value"], "answer": yes, "turn": state.rules.get("turn", 1)}
        # what every seat reads; the question and its answer follow for the asker and the asked only
        tx.note("xfc.asked", seat, f"asked {self.table.seat_name(state, about)} a question about their X-File",
                {"about": about})
        self.flow.answer(state, tx, seat, about, row, f"asked {self.table.seat_name(state, about)}: {q['text']} "
                   f"{'Yes' if yes else 'No'}.")
        if extra:
            use_extra(state, seat, tx)
        else:
            self._mark(state, seat, tx, "asked")

    def _mark(self, state: GameState, seat: int, tx: Tx, what: str) -> None:
        if self.step(state) == "penalty":
            tx.del_rule("penalty")
            self.flow.goto(state, "question", tx)
        else:
            q = dict(state.rules.get("question") or {})
            q[what] = True
            tx.set_rule("question", q)

    @reduces(Guess)
    def _do_guess(self, state: GameState, a: Guess, seat: int, tx: Tx) -> None:
        g = next(iter(self.notes.guess_options(state, seat, False, token=a.token)), None)
        if g is None:
            raise ActionError("no_guess", "that guess cannot be made now")
        about = g["about"]
        xf = self.xfile_of(state, about)
        actual = self.cards.pinfo(state, xf) if xf else None
        right = actual is not None and fold(g["name"]) == fold(actual.name)  # a title, however a set prints it
        penalty_step = self.step(state) == "penalty"
        guesses = dict(state.rules.get("guesses") or {})
        guesses[str(seat)] = int(guesses.get(str(seat), 0)) + 1
        tx.set_rule("guesses", guesses)
        row = {"about": about, "guess": g["name"], "answer": right,
               "turn": state.rules.get("turn", 1)}
        tx.note("xfc.guessed", seat, f"guessed {self.table.seat_name(state, about)}'s X-File", {"about": about})
        self.flow.answer(state, tx, seat, about, row, f"guessed that {self.table.seat_name(state, about)}'s X-File is {g['name']}: "
                   f"{'right' if right else 'wrong'}.")
        if right:
            if xf:
                tx.change(xf, known=state.pieces[xf].known | {EVERYONE})
            self.flow.end(state, tx, seat, f"{self.table.seat_name(state, seat)} identified {self.table.seat_name(state, about)}'s X-File, "
                    f"{g['name']}, and won (xfc.game.1)")
            return
        if self.options["one_guess"] and not penalty_step:
            self.flow.end(state, tx, about, f"{self.table.seat_name(state, seat)} guessed wrong with the one guess of the game: "
                    f"{self.table.seat_name(state, about)} won (xfc.options.2)")
            return
        if penalty_step:
            self._mark(state, seat, tx, "guessed")
            return
        q = dict(state.rules.get("question") or {})
        q["guessed"] = True
        tx.set_rule("question", q)
        tx.set_rule("penalty", {"seat": about, "about": seat})
        if state.rules.get("check"):  # first a window for the cards played when one has just guessed wrong
            tx.set_rule("check", {**state.rules["check"], "guessed_wrong": True})  # (xfc.chain.9)
            self.flow.goto(state, "check", tx)
            self.flow.open_window(state, tx, seat)
            return
        self.flow.goto(state, "penalty", tx)

    @reduces(Discard)
    def _do_discard(self, state: GameState, a: Discard, seat: int, tx: Tx) -> None:
        for pid in a.pieces:
            self.flow.to_discard(state, pid, tx)
        tx.note("xfc.discard", seat, f"discards {len(a.pieces)} card{'s' if len(a.pieces) != 1 else ''}",
                {"count": len(a.pieces)})

    @reduces(Hospitalize)
    def _do_hospitalize(self, state: GameState, a: Hospitalize, seat: int | None, tx: Tx) -> None:
        self.flow.move_agent(state, a.agent, "hospital", tx)
        tx.note("xfc.hospital", self.owner(state, a.agent), f"{self.ref(state, a.agent)} is at 0 Health and goes to the "
                "Hospital", {"piece": a.agent})

    @reduces(KillerWin)
    def _do_killer_win(self, state: GameState, a: KillerWin, seat: int | None, tx: Tx) -> None:
        self.flow.end(state, tx, a.winner, f"{self.table.seat_name(state, a.winner)} has permanently removed every opposing Agent "
                "from play and wins (xfc.options.3)")
