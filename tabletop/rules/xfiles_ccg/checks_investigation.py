"""Checks of the X-Files CCG actions of the Investigation and the Debriefing, and of the automatic ones.

Sending a Team, Bluffs revealed, card plays in a chain, Combat damage, questions and guesses, the Debriefing
discard; the manual effect is never a violation (xfc.effect.1).

`InvestigationChecks` is a part with explicit inputs: the shared timing and payment checks (`checks`, the `Checks`
part of `checks.py`), the card lookup (`cards`), the reading of the table (`table`: Health, combatants, the words in
effect, ...), the card text run (`text`: a card's conditions), the Notebook (`notes`: the questions and guesses
open), the options, `ref` and the ruleset as `ruleset`, only where the standing-ability readers take it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.ruleset import Violation
from ...core.state import GameState
from ..kit import checks
from .actions import (
    Ask,
    AssignDamage,
    Discard,
    Guess,
    Hospitalize,
    Investigate,
    KillerWin,
    ManualEffect,
    PlayCard,
    ResolveBluff,
)
from .again import may_again
from .anytime import WINDOW_STEPS, played_any_time
from .cards import CcgCards
from .checks import Checks
from .combat import may_split
from .costs import bluff_cost_at_site
from .crimelab import lab_problems
from .data import canonical_skill
from .limits import lifted_in_play, play_limit_problems
from .phase_plays import phase_play
from .provisions import KEY as PROVIDED
from .provisions import provided_missing
from .steps import STEPS
from .steps import article as _article
from .steps import v as _v
from .table import active as _active
from .table import section_of
from .table import step as _step
from .vocab import standing
from .vocab_barred import NO_ADVERSARIES, adversary_barred
from .vocab_bluffs import banned
from .vocab_decks import on_approach, window_of, x_problem
from .vocab_events import extra_question, only_keyword_problem, played_in_combat
from .vocab_windows import NO_PLAY, no_play_problem
from .waivers import waived_missing
from .wards import shunned

if TYPE_CHECKING:
    from .notebook import Notebook
    from .reading import Table
    from .textrun import CcgText

__all__ = ["InvestigationChecks"]


class InvestigationChecks:
    """The checks of the Investigation, the Debriefing and the automatic actions."""

    def __init__(self, checks: Checks, cards: CcgCards, table: Table, text: CcgText, notes: Notebook,
                 options: Mapping[str, Any], ref: Callable[[GameState, str], str], ruleset: Any) -> None:
        #: the ruleset only as the standing-ability readers take it (`limits`, `costs`, `waivers`, ..., as the vocabulary's
        #: `ctx.ruleset`)
        self.table, self.text, self.notes, self.ruleset = table, text, notes, ruleset  # `checks`, `cards`: their answers, below
        self.options, self.ref = options, ref
        self.pinfo = cards.pinfo  # asked by most checks: bound here, no call in between
        #: the timing and payment checks every check shares (`Checks`)
        self.whose, self.in_hand, self.own_agent, self.afford = (checks.whose, checks.in_hand, checks.own_agent,
                                                                 checks.afford)

    @checks(Investigate)
    def _check_investigate(self, state: GameState, a: Investigate, seat: int | None) -> list[Violation]:
        r = state.rules
        out = self.whose(state, seat, ("assign",), "sending a Team to a Site", (a.site, *a.agents))
        sites = r.get("sites") or {}
        if a.site not in sites or a.site not in state.pieces or state.pieces[a.site].zone != f"field:{seat}":
            out.append(_v("xfc.not_your_site", "xfc.investigation.1", "a Team investigates a Site its player placed "
                          "in his Field", (a.site,), seat))
        if not a.agents:
            out.append(_v("xfc.empty_team", "xfc.investigation.1", "at least one Agent investigates", seat=seat))
        used = set(r.get("used") or [])
        for pid in a.agents:
            bad = self.own_agent(state, pid, seat, "xfc.investigation.1")
            if bad:
                out += bad
            elif section_of(state, pid) != "field":
                out.append(_v("xfc.not_in_field", "xfc.investigation.1", f"{self.ref(state, pid)} is not in the "
                              "Field", (pid,), seat))
            elif pid in used and not may_again(state, pid, self.pinfo(state, a.site).name if a.site in state.pieces
                                               else ""):
                out.append(_v("xfc.agent_used", "xfc.investigation.1", f"{self.ref(state, pid)} already took part "
                              "in an investigation this turn", (pid,), seat))
        if a.site in state.pieces and a.skill:
            options = [s for s, _ in self.pinfo(state, a.site).prerequisite]
            if canonical_skill(a.skill) not in options:
                out.append(_v("xfc.prerequisite_skill", "xfc.investigation.3", f"{self.ref(state, a.site)} is "
                              f"investigated with {' or '.join(options) or 'its own prerequisite'}", (a.site,), seat))
        return out + lab_problems(self.ruleset, state, a.site, a.agents, a.witness, seat)

    @checks(ResolveBluff)
    def _check_resolve_bluff(self, state: GameState, a: ResolveBluff, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("reveal",), "resolving a Bluff", (a.piece,))
        pending = state.rules.get("bluffs") or []
        if not pending or pending[0] != a.piece:
            out.append(_v("xfc.bluff_order", "xfc.investigation.2", "resolve the revealed Bluffs in order",
                          (a.piece,), seat))
        elif a.pay:
            info = self.pinfo(state, a.piece)
            out += self.afford(state, seat, "cp", bluff_cost_at_site(self.ruleset, state, a.piece, info, a.x), info.name,
                                "xfc.investigation.2", (a.piece,))
            if seat is not None:  # a Bluff paid for is played: its conditions ("one of the following skills: ...")
                out += self.text.text_violations(state, a.piece, seat)
        return out

    @checks(PlayCard)
    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        steps: tuple[str, ...] = WINDOW_STEPS
        step = _step(state)
        if step not in steps and a.piece in state.pieces:
            if phase_play(self.ruleset, state, a.piece):  # a card its text lets be played in the Briefing or the Case
                steps = (step,)  # Assignment: there (`phase_plays`)
            elif played_any_time(self.ruleset, self.pinfo(state, a.piece).ref):
                steps = STEPS  # "Play this card at anytime during your turn": its own condition asks whose turn
        out = self.whose(state, seat, steps, "playing a card", (a.piece,))
        out += self.in_hand(state, a.piece, seat, "xfc.chain.6")
        if a.piece not in state.pieces or seat is None:
            return out
        return out + self.play_problems(state, a, seat, self.table.in_effect(state, seat))

    def play_problems(self, state: GameState, a: PlayCard, seat: int, words: set[str], *,
                      quick: bool = False) -> list[Violation]:
        """`_check_play` past its timing and hand checks, `words` being `in_effect(state, seat)`: what the move
        lister asks of every card in a hand it knows is `seat`'s to play now, the words found once for all.
        `quick`: the caller asks only whether there is a problem, so the card's text is not read once the rules
        of the step found one."""
        r = state.rules
        out: list[Violation] = []
        info = self.pinfo(state, a.piece)
        if info.kind in ("agent", "site", "xfile", "equipment"):
            how = {"agent": "bought in the Deployment Phase", "site": "placed in the Case Assignment Phase",
                   "xfile": "never played", "equipment": "requisitioned"}[info.kind]
            out.append(_v("xfc.not_playable", "xfc.chain.6", f"{info.name} is {_article(info.kind)}: it is {how}",
                          (a.piece,), seat))
            return out
        combat = r.get("combat")
        if combat and info.kind != "combat" and not played_in_combat(self.ruleset, info.ref):
            out.append(_v("xfc.combat_only", "xfc.chain.5", "only Combat cards are played during Combat", (a.piece,),
                          seat))
        if not combat and info.kind == "combat":
            out.append(_v("xfc.combat_only", "xfc.chain.5", "Combat cards are played during Combat", (a.piece,), seat))
        barred = no_play_problem(state, a.piece) if r.get(NO_PLAY) else None
        if barred:  # "You cannot use the card this turn"
            out.append(_v("effects.condition", "xfc.effect.2", f"{info.name}: {barred}", (a.piece,), seat))
        barred_here = adversary_barred(self.ruleset, state, a.piece, seat) if r.get(NO_ADVERSARIES) else None
        if barred_here:  # "prevent your opponent from playing any adversaries at this Site"
            out.append(_v("effects.condition", "xfc.effect.2", f"{info.name}: {barred_here}", (a.piece,), seat))
        only = only_keyword_problem(self.ruleset, state, seat, a.piece) if r.get("only_keyword") else None
        if only:  # "For the remainder of this turn, your opponent may only play Keyword GOVERNMENT cards"
            out.append(_v("effects.condition", "xfc.effect.2", f"{info.name}: {only}", (a.piece,), seat))
        window = window_of(r.get("check"))
        if window and not on_approach(self.ruleset, info.ref, window):
            out.append(_v("xfc.not_yet", "xfc.chain.9", "before the cards beneath the Site are revealed, only a card "
                          "played on a Team about to investigate it is played" if window == "approach" else
                          "after a wrong guess, only a card played when one has just guessed wrong is played",
                          (a.piece,), seat))
        if (r.get("check") or {}).get("bans"):  # "may not play any Events while investigating this Site"
            title = banned(self.ruleset, state, a.piece, seat)
            if title:
                out.append(_v("xfc.banned", "xfc.chain.10", f"{title} forbids {_article(info.kind)} here "
                              "(only one that names it)", (a.piece,), seat))
        if info.cost is None and (r.get("check") or {}).get("approach"):  # "X = the number of Bluffs at the Site"
            why = x_problem(self.ruleset, state, a.piece, a.x, seat)
            if why:
                out.append(_v("effects.condition", "xfc.effect.2", f"{self.ref(state, a.piece)}: {why}", (a.piece,),
                              seat))
        if quick and out:  # the move lister asks only whether there is a problem: the first one found answers
            return out
        missing = [act for act in info.activators if act not in words]
        if missing and r.get(PROVIDED):  # "provide the keywords necessary to play any one Keyword X Adversary"
            missing = provided_missing(self.ruleset, state, seat, a.piece, missing)
        if missing:  # "Activator requirements are ignored if it is played on a Keyword X Site" (and an Equipment's)
            missing = waived_missing(self.ruleset, state, a.piece, missing)
        if missing:
            rule = "xfc.chain.2"
            out.append(_v("xfc.activator", rule, f"{info.name} needs {', '.join(m.title() for m in missing)} in "
                          "effect", (a.piece,), seat))
            if quick:
                return out
        active = _active(state)
        directed = (r.get("check") or {}).get("directed")
        if info.pool == "RP" and seat != active and (len(state.seats) == 2 or seat == directed):
            out.append(_v("xfc.pool_side", "xfc.chain.3", f"{info.name} has an RP Cost: the Investigating Player "
                          "plays it", (a.piece,), seat))
        if info.pool == "CP" and seat == active:
            out.append(_v("xfc.pool_side", "xfc.chain.3", f"{info.name} has a CP Cost: only the Investigating "
                          "Player's opponents play it", (a.piece,), seat))
        if a.side and a.side not in ("agents", "conspiracy"):
            out.append(_v("xfc.bad_side", "xfc.chain.3", "a *P card helps the agents or the conspiracy", (a.piece,),
                          seat))
        if info.kind == "witness" and not lifted_in_play(self.ruleset, info.ref):  # "any number of X cards in play"
            used = (r.get("check") or {}).get("used", [])
            if info.ref in used or any(self.pinfo(state, e["piece"]).ref == info.ref for e in r.get("chain") or []
                                       if e.get("piece") in state.pieces):
                out.append(_v("xfc.witness_twice", "xfc.chain.4", f"{info.name} was already used in this skill check",
                              (a.piece,), seat))
        if info.alternatives and not 1 <= a.choice <= len(info.alternatives):
            named = "; ".join(f"{i} {t}" for i, t in enumerate(info.alternatives, 1))
            out.append(_v("xfc.alternately", "xfc.chain.7", f"{self.ref(state, a.piece)} offers a choice: name the effect you use "
                          f"({named})", (a.piece,), seat))
        elif not info.alternatives and a.choice:
            out.append(_v("xfc.alternately", "xfc.chain.7", f"{self.ref(state, a.piece)} offers no choice of effects", (a.piece,),
                          seat))
        if not (quick and out):
            out += play_limit_problems(self.ruleset, state, a.piece, seat) + self.text.text_violations(state, a.piece, seat, a.choice)
        # no affordability check: manual p.14, a card its owner cannot pay for goes to the Discard (see _play)
        return out

    @checks(AssignDamage)
    def _check_assign_damage(self, state: GameState, a: AssignDamage, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("damage",), "assigning the Adversary's damage", (a.agent,))
        if a.agent not in self.table.combatants(state):
            out.append(_v("xfc.damage_target", "xfc.combat.3", "the Adversary's damage goes to one Agent of the "
                          "Team who is not in the Hospital (or a Witness with Health fighting for it)", (a.agent,),
                          seat))
        elif shunned(self.ruleset, state, a.agent):  # "OCCULT Adversaries may not assign damage to this Agent unless ..."
            out.append(_v("xfc.damage_target", "xfc.combat.3", f"{self.ref(state, a.agent)}'s Equipment wards it from "
                          "this Adversary while another Agent can take the damage", (a.agent,), seat))
        combat = state.rules.get("combat")
        if not combat:
            out.append(_v("xfc.no_combat", "xfc.combat.1", "there is no Combat", seat=seat))
        elif a.points and not may_split(combat, standing(self.ruleset, self.pinfo(state, combat["adversary"]).ref,
                                                           "split_damage")):
            out.append(_v("xfc.damage_target", "xfc.combat.3", "this damage goes to one Agent; it is not split",
                          (a.agent,), seat))
        return out

    @checks(Ask)
    def _check_ask(self, state: GameState, a: Ask, seat: int | None) -> list[Violation]:
        extra = extra_question(state, seat) is not None  # a card's question: asked when its asker has the decision
        out = self.whose(state, seat, (_step(state),) if extra else ("question", "penalty"), "a question")
        if not out and seat is not None and not any(q["token"] == a.token
                                                    for q in self.notes.question_options(state, seat)):
            out.append(_v("xfc.no_question", "xfc.question.1", self._why_no_question(state, seat), seat=seat))
        return out

    def _why_no_question(self, state: GameState, seat: int) -> str:
        """Why a question is refused, the real reason first: already asked, or not of the kind the Site names."""
        ctx = self.notes.question_context(state, seat) or {}
        if ctx and not ctx.get("ask"):
            if self.options["question_or_guess"] and (state.rules.get("question") or {}).get("guessed"):
                return "you have guessed, so you may not also ask (house rule question_or_guess)"
            return "you have already asked this Site's one question"
        kinds = " or ".join(k.upper() for k in ctx.get("kinds", ())) or "the kind the Site names"
        return f"that is not a question you may ask now (one question, about {kinds})"

    @checks(Guess)
    def _check_guess(self, state: GameState, a: Guess, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("question", "penalty"), "a guess")
        if not out and seat is not None and not any(g["token"] == a.token for g in self.notes.guess_options(state, seat)):
            rule = "xfc.options.1" if self.options["question_or_guess"] else "xfc.question.2"
            ctx = self.notes.question_context(state, seat) or {}
            if ctx.get("only"):
                why = "the lowered prerequisite allows its one question only, not a guess"
            elif ctx and not ctx.get("guess") and (state.rules.get("question") or {}).get("guessed"):
                why = "you have already made this Site's one guess"
            elif ctx and not ctx.get("guess"):
                why = "you have asked, so you may not also guess (house rule question_or_guess)"
            else:
                why = "you may not guess now (one guess after a successful check)"
            out.append(_v("xfc.no_guess", rule, why, seat=seat))
        return out

    @checks(Discard)
    def _check_discard(self, state: GameState, a: Discard, seat: int | None) -> list[Violation]:
        out = self.whose(state, seat, ("debrief",), "discarding", a.pieces)
        for pid in a.pieces:
            out += self.in_hand(state, pid, seat, "xfc.debriefing.1")
        return out

    # -- automatic --

    @checks(Hospitalize)
    def _check_hospitalize(self, state: GameState, a: Hospitalize, seat: int | None) -> list[Violation]:
        if a.agent in state.pieces and self.pinfo(state, a.agent).kind == "agent" and self.table.health(state, a.agent) == 0:
            return []
        return [_v("xfc.hospital", "xfc.combat.4", "only an Agent at 0 Health is sent to the Hospital by the rules",
                   (a.agent,), seat)]

    @checks(KillerWin)
    def _check_killer_win(self, state: GameState, a: KillerWin, seat: int | None) -> list[Violation]:
        if self.options["killer_win"] and self.table.killer_winner(state) == a.winner:
            return []
        return [_v("xfc.killer_win", "xfc.options.3", "a player wins this way only under the killer_win house "
                   "rule, once every opposing Agent is permanently out of play", seat=seat)]

    @checks(ManualEffect)
    def _check_effect(self, state: GameState, a: ManualEffect, seat: int | None) -> list[Violation]:
        return []  # xfc.effect.1: card text supersedes the rules; the manual effect is never a violation
