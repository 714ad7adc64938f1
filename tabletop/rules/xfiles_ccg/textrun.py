"""Where an X-Files CCG card's text runs: the one place the rules hand a card's compiled text to the interpreter.

`CcgText` (the ruleset's `text`) is that part. A card's text is compiled once (`compile_text`, a designer's
`effects:` winning; the kit's hooks `compile_text` and `effect_vocabulary` of the ruleset hand over to this part) and
read through the kit's `card_text`. It runs when the card resolves off the chain or a Bluff is paid (`run_text`,
called by the flow's chain and the Bluff reducer), when a card is played and a card in play waits for that
(`played_triggers`, "Adds 1 [RP] to your pool every time ...", called by the play reducers), when something happens
to a seat (`event_triggers`, "If one of your Agents is Abducted, ...", called by the by-hand effects), when a
standing ability is used (`UseAbility`: its check and reducer are marked here, `marked` puts them in the ruleset's
dispatch; `ability_uses` lists them for the window and the bots), and its conditions are checked when the card is
played (`text_violations`: strict refuses, warn logs xfc.effect.2; called by the play checks). The lasting effects
lapse at the end of a round, a Combat or a turn (`expire_effects`, called by the flow and Combat). What the compiler
could not read stays text to apply by hand: those cards keep the suggested effects (`effects.py`, `by_hand_words`).

Its inputs are explicit: `effects`, the kit's interpreter; `cards`, the card part; `table`, the table part (an
Agent's pool tokens, the traits of a seat's cards); `ref`, a card's name in a sentence; `library`, the cards this table
loaded (their printed Keywords); and, late-bound, the steps a card's text leads to: `flow` (its suggested effects
offered, the chain read, a card discarded: the `Flow` part) and `fights` (a Combat ended: the `Combat` part), which
take this part.

A card's standing text is also read where it applies, by functions of the table: the table part's readers
(`gear_health`, `own_skill`, `pair_health`, `health_more`, `remote_help`, `cost_at_site`: Health, skills and costs),
`chain_triggers` here (a Witness on the chain waiting for a card its opponent plays: the play reducers),
`combat_text` (damage absorbed, a hit that hurts back, after a round: Combat and the damage reducer), `costs` and
`provisions` (a card's cost at a Site, Activators provided: the play checks, reducers and the bots' listing),
`again` (a second investigation: the investigation checks, reducers and the listings) and `limits` (copy limits a
card's text sets: the deck check, the play checks and the listing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.reducer import Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ...errors import register_many
from ..kit import checks, reduces
from .actions import UseAbility
from .compiler import compile_text
from .compiler_bluffs import alternative_when
from .compiler_windows import keyword_options, printed_keywords
from .costs import bluff_cost
from .data import suggested_effects
from .table import decision, hired
from .vocab import VOCABULARY, standing
from .vocab_equip import refill_now, refill_only
from .witness_triggers import FOE_PLAYED

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary
    from ..effects import Effects, Vocabulary
    from .cards import CcgCards
    from .combat import Combat
    from .flow import Flow
    from .reading import Table

__all__ = ["CcgText"]

register_many("error", [
    ("no_token", (), "a card's ability is used with a token and it has none left"),
])
register_many("violation", [
    ("xfc.effect_pending", ("xfc.effect.3",), "a card's effect is finished (its targets chosen) before play goes on"),
    ("xfc.no_ability", ("xfc.effect.2",), "… has no ability to use now"),
])

#: zones whose cards are in play and may wait for another card to be played
_IN_PLAY = ("bureau", "field")


class CcgText:
    """Card text on the effect interpreter (the part `XFilesCCG.text`)."""

    #: the vocabulary the interpreter runs X-Files CCG text with (`vocab.py`: the ruleset's `effect_vocabulary`)
    vocabulary: Vocabulary = VOCABULARY
    #: what a revealed Bluff's owner pays, before a Site changes it (`costs.bluff_cost`)
    bluff_cost = staticmethod(bluff_cost)

    def __init__(self, effects: Effects, cards: CcgCards, table: Table, ref: Callable[[GameState, str | None], str],
                 library: Callable[[], CardLibrary]) -> None:
        self.effects, self.cards, self.table, self.ref, self.library = effects, cards, table, ref, library
        #: the steps a card's text leads to (late-bound: the flow and Combat parts take this one): its suggested
        #: effects offered, the chain, a card discarded (`flow`); a Combat ended (`fights`, by `negate`)
        self.flow: Flow
        self.fights: Combat
        #: the card reads asked at every card run (bound once: no lookup through the card part per call)
        self.card_text, self.traits, self.known_traits = cards.card_text, cards.traits, cards.known_traits
        #: the Keywords printed on the cards of this table's library, with the library and version they were read of
        self._table_keywords: tuple[Any, int, list[str]] | None = None

    # -- the compiler the kit asks for --

    def compile_text(self, card: CardDef) -> tuple[list[dict[str, Any]], list[str]]:
        """The card's abilities, a Keyword change offering each Keyword printed on the cards this table loaded."""
        compiled, left = compile_text(card)
        return keyword_options(compiled, self.table_keywords()), left

    def table_keywords(self) -> list[str]:
        """The Keywords printed on the cards of this table's library (read once per library and version)."""
        library = self.library()
        found = self._table_keywords
        version = getattr(library, "version", 0)
        if found is None or found[0] is not library or found[1] != version:
            found = (library, version, printed_keywords(library))
            self._table_keywords = found
        return found[2]

    # -- pool tokens on cards, a card negated: what a card's text pays with and leads to --

    def pay_card(self, state: GameState, seat: int, info: Any, pool: str, cost: int, tx: Tx, why: str = "",
                 rule: str | None = None) -> str:
        """Pay `cost` for `info`: first from the pool tokens on `seat`'s Agents that may pay for it, then the pool
        (`why`, and its rule: what the log says the pool went down for)."""
        used = self.table.card_pools(state, seat, info, pool)[:cost]
        for pid in used:
            tx.change(pid, counters={**state.pieces[pid].counters, "pool_used": 1})
        if cost - len(used):
            tx.add_player_counter(seat, pool, -(cost - len(used)), why=why, rule=rule)
        return f" ({len(used)} from {', '.join(self.ref(state, p) for p in used)})" if used else ""

    def refill_card_pools(self, state: GameState, seat: int, tx: Tx, agents: list[str] | None = None) -> None:
        """The Briefing: a pool token spent from an Agent is replaced ("replace it during your Briefing Phase");
        `agents`: `seat`'s Agents, when the caller found them already."""
        for pid in self.table.agents(state, seat) if agents is None else agents:
            if state.pieces[pid].counters.get("pool_used") and any(
                    refill_now(self.table, state, pid, r)
                    for r in standing(self.cards, state.pieces[pid].card, "card_pool_refill")):
                counters = dict(state.pieces[pid].counters)
                counters.pop("pool_used")
                tx.change(pid, counters=counters)

    def negate(self, state: GameState, pid: str, tx: Tx) -> str:
        """Negate a card on the chain (it leaves, unresolved) or the Adversary in Combat (the Combat ends)."""
        name = self.ref(state, pid)
        chain = [e for e in self.flow.chain(state) if e.get("piece") != pid]
        if chain != self.flow.chain(state):
            tx.set_rule("chain", chain)
        combat = state.rules.get("combat")
        if combat and combat.get("adversary") == pid:
            self.fights.end_combat(state, tx, f"{name} was negated")
        elif state.zones[state.pieces[pid].zone].kind != "discard":
            self.flow.to_discard(state, pid, tx)
        return f"negated {name}"

    # -- where text runs --

    def run_text(self, state: GameState, tx: Tx, pid: str, seat: int, info: Any, *, bluff: bool = False,
                 x: int = 0, choice: int = 0) -> None:
        """`seat`'s card `pid` resolved (or its Bluff was paid): its compiled abilities run, its targets chosen as
        legal moves; a card the compiler could not read at all keeps the suggested effects to confirm by hand, and
        so does the second effect of an "Alternately" card (named when played, xfc.chain.7)."""
        text = self.card_text(state.pieces[pid].card)
        if x:
            tx.set_rule("x_paid", {**(state.rules.get("x_paid") or {}), pid: x})
        if self.runs_text(state, pid, choice):
            if choice >= 2:  # the effect named of several (xfc.chain.7): its own abilities, counted as the card's
                self.effects.count(state, tx, engine=not self.card_text(state.pieces[pid].card).left)
            self.effects.trigger(state, tx, pid, seat, alternative_when(choice), count=choice < 2)
            return
        if text.has_text:
            self.effects.count(state, tx, engine=False)  # left to the players (suggested, or by hand)
        self.flow.offer(state, tx, seat, pid, info, bluff=bluff)

    def runs_text(self, state: GameState, pid: str, choice: int = 0) -> bool:
        """Whether the engine runs the text of `pid` (its abilities, when it resolves or later, in play: "every time
        a Keyword X card is played"); of a card offering several effects ("Alternately"), those of the effect named
        when it was played (xfc.chain.7)."""
        text = self.card_text(state.pieces[pid].card)
        if choice >= 2:
            return bool(text.when(alternative_when(choice)))
        return any(not a.when.startswith("resolved:") for a in text.abilities)

    def waits_for_success(self, ref: str | None) -> bool:
        """Whether a card goes to its player's Bureau only when the Site check it was played in succeeds ("If the
        Site skill check is successful, place this card in your Bureau Section"), or the check its text makes does
        ("If the Team makes an X 4+ skill check, they gain a +1 to a Site skill check": `hold`, a RESOURCE too):
        until then it is in the Discard."""
        return any("keep_on_success" in step or _holds(step) for a in self.card_text(ref).when("resolved")
                   for step in a.do)

    def by_hand_words(self, state: GameState, pid: str, info: Any, seat: int, choice: int = 0) -> str:
        """What the log says of a resolved card's text the engine does not run: offered to confirm, or by hand."""
        if self.runs_text(state, pid, choice):
            return ""
        said = info.text.rstrip(".") if info.text else ""
        if suggested_effects(info):
            return f" ({said}: it applies when {state.seat_name(seat)} passes, or by hand)"
        return f"; apply by hand: {said}" if said else ""

    def played_triggers(self, state: GameState, tx: Tx, played: str) -> None:
        """A card was played: the cards in play that wait for it ("every time a Keyword X card is played") apply.
        Each card's traits are looked up here, without a call per card (most cards in play wait for nothing)."""
        known = self.known_traits()
        for seat in state.seats:
            for kind in _IN_PLAY:
                zone = state.zones.get(f"{kind}:{seat}")
                for pid in zone.pieces if zone is not None else ():
                    ref = state.pieces[pid].card
                    traits = known.get(ref)
                    if traits is None:
                        traits = self.traits(ref)
                    if "event:played" not in traits or hired(state, pid):
                        continue
                    for ability in self.card_text(state.pieces[pid].card).when("event:played"):
                        if self.effects.holds(state, ability, seat, pid, played=played):
                            self.effects.count(state, tx, engine=True)
                            self.effects.run(state, tx, ability, seat, pid, {}, played=played)

    def chain_triggers(self, state: GameState, tx: Tx, played: str) -> None:
        """`played` was played: the Witnesses on the chain or modifying the check under way whose text waits for a
        card their opponent plays apply (`witness_triggers`: "If your opponent plays a GOVERNMENT Adversary while
        this card is in play, ...")."""
        check = state.rules.get("check") or {}
        found = [e.get("piece") for e in state.rules.get("chain") or ()]
        found += [m.get("source") for m in check.get("mods") or ()]
        for pid in dict.fromkeys(p for p in found if p in state.pieces and p != played):
            if state.zones[state.pieces[pid].zone].kind in ("bureau", "field") or \
                    "event:played" not in self.traits(state.pieces[pid].card):
                continue
            seat = next((e.get("seat") for e in state.rules.get("chain") or () if e.get("piece") == pid),
                        state.pieces[pid].owner)
            for ability in self.card_text(state.pieces[pid].card).when("event:played"):
                if any(name == FOE_PLAYED for name, _ in ability.conditions) and \
                        self.effects.holds(state, ability, seat, pid, played=played):
                    self.effects.count(state, tx, engine=True)
                    self.effects.run(state, tx, ability, seat, pid, {}, played=played)

    def event_triggers(self, state: GameState, tx: Tx, event: str, seat: int) -> None:
        """Something happened to `seat` ("If one of your Agents is Abducted, ..."): its cards in play waiting for
        `event` apply."""
        for kind in (*_IN_PLAY, "hospital"):
            zone = state.zones.get(f"{kind}:{seat}")
            for pid in list(zone.pieces) if zone is not None else ():
                if pid in state.pieces and event in self.traits(state.pieces[pid].card) and not hired(state, pid):
                    for ability in self.card_text(state.pieces[pid].card).when(event):
                        if self.effects.holds(state, ability, seat, pid):
                            self.effects.count(state, tx, engine=True)
                            self.effects.run(state, tx, ability, seat, pid, {})

    # -- standing abilities used ("Discard a token to ...") --

    @checks(UseAbility)
    def check_use(self, state: GameState, a: UseAbility, seat: int | None) -> list[Violation]:
        piece = state.pieces.get(a.piece)
        if piece is None or seat is None:
            return [Violation("xfc.no_ability", "xfc.effect.2", "there is no such card", (a.piece,), seat)]
        if decision(state) != seat:
            return [Violation("xfc.not_your_decision", "xfc.turn.2", "it is not your decision", (a.piece,), seat)]
        name = self.ref(state, a.piece)
        if piece.owner != seat or not self._in_play(state, a.piece):
            return [Violation("xfc.no_ability", "xfc.effect.2", f"{name} is not a card of yours in play",
                              (a.piece,), seat)]
        if hired(state, a.piece):
            return [Violation("xfc.no_ability", "xfc.deployment.4", f"{name} was bought for this turn: its game "
                              "effect is ignored", (a.piece,), seat)]
        uses = self.card_text(piece.card).when("event:use")
        if not uses:
            return [Violation("xfc.no_ability", "xfc.effect.2", f"{name} has no ability to use", (a.piece,), seat)]
        if len(uses) > 1 and any(self.effects.holds(state, u, seat, a.piece) for u in uses):
            return []  # several abilities used from play ("Remove a token to ...", "replenish all tokens for 2 [RP]
            # after the last token has been removed"): those that hold now are used
        return self.effects.violations(state, a.piece, seat, "event:use")

    @reduces(UseAbility)
    def use(self, state: GameState, a: UseAbility, seat: int, tx: Tx) -> None:
        self.effects.count(state, tx, engine=True)
        piece = state.pieces[a.piece]  # "once per turn": the turn it was last used
        uses = self.card_text(piece.card).when("event:use")
        held = len(uses) > 1  # of several, those that hold now
        if not held or not all(refill_only(u) for u in uses if self.effects.holds(state, u, seat, a.piece)):
            tx.change(a.piece, counters={**piece.counters, "used_turn": int(state.rules.get("turn", 1))})
        self.effects.trigger(state, tx, a.piece, seat, "event:use", count=False, held=held)

    def _in_play(self, state: GameState, pid: str) -> bool:
        piece = state.pieces[pid]
        host = piece.attached_to if piece.attached_to in state.pieces else pid
        return state.zones[state.pieces[host].zone].kind in ("bureau", "field", "hospital")

    def ability_uses(self, state: GameState, seat: int) -> list[UseAbility]:
        """`seat`'s standing abilities it may use now (for the listing and the bots)."""
        out = []
        if not self.table.any_trait(state, seat, "event:use"):
            return out
        for kind in ("bureau", "field", "hospital"):  # attached Equipment sits in its Agent's zone
            zone = state.zones.get(f"{kind}:{seat}")
            for pid in zone.pieces if zone is not None else ():
                if "event:use" in self.traits(state.pieces[pid].card) and \
                        not self.check_use(state, UseAbility(pid), seat):
                    out.append(UseAbility(pid))
        return out

    def text_violations(self, state: GameState, pid: str, seat: int, choice: int = 0) -> list[Violation]:
        """What a card's conditions find broken if it were played now ("only a combatant that can use MARTIAL
        ARTS", "on any OCCULT Adversary"), of the effect named (`choice`): each a violation citing xfc.effect.2."""
        when = alternative_when(choice)
        if when not in self.traits(state.pieces[pid].card):
            return []
        return self.effects.violations(state, pid, seat, when)

    def pending_violation(self, state: GameState, seat: int | None) -> list[Violation]:
        pending = self.effects.pending(state)
        if not pending:
            return []
        who = state.seat_name(pending[0].get("seat"))
        return [Violation("xfc.effect_pending", "xfc.effect.3", f"{who} first chooses the targets of a card's "
                          "effect", (), seat)]

    def expire_effects(self, state: GameState, tx: Tx, step: str) -> None:
        if (state.rules.get("effects") or {}).get("mods"):
            self.effects.expire(state, tx, step)


def _holds(step: dict[str, Any]) -> bool:
    """Whether a step keeps its card only once the Team made the check it makes (`hold` in its `then`)."""
    check = step.get("team_check")
    return isinstance(check, dict) and any("hold" in s for s in check.get("then") or ())
