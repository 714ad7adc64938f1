"""Where an X-Files Fan card's text runs: the one place the frame (legality, turns, scoring) asks about card text.

A card's text is compiled once (`compiler.py`, grammar `text.lark`; a designer's `effects:` wins) into abilities of
the effect language, run by the kit's interpreter with the Fan's vocabulary (`vocabulary.py`). The frame reads:

- `refine(info, text)`: what standing abilities add to a card's facts (more required tags, a Conclusion that must
  wait, an Investment bonus, conditions on its play, a value its text decides);
- `FanText.play_problems` / `play_allowed`: the conditions of a card's play (Vague Warning's Investment) and the
  Conclusion a card in the round holds back (Complicit Local LEO), as violations and as yes/no;
- `FanText.on_play`: a card played into the round or an Action card played (Capture Inevitable's choice, Off My
  Fingers' discards): the interpreter's `trigger`;
- `FanText.score`: the round's score with the text of its cards (Not Really Alone, Vague Encouragement, a capture)
  and what happens after it (Mulder Shares Confidence joins the environment).

Each function takes what it reads as arguments (the table, the interpreter, the card lookup): no mixin state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.reducer import Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ...errors import register_many
from ..effects import CardText, Effects, step_name
from .model import CIRCUMSTANCES, CardInfo, establish_ops
from .vocabulary import CAPTURED, captured

__all__ = ["FanText", "refine", "unprovided_tags"]

register_many("violation", [
    ("xff.conclusion_waits", ("xff.text.conclusion",), "…: a Conclusion waits for … more card(s) setting …"),
])

Card = Callable[[str | None], CardInfo]
_NONE: frozenset[str] = frozenset()


def refine(info: CardInfo, text: CardText) -> CardInfo:
    """`info` with what the card's abilities add to its facts, and its lines left by hand as `unparsed`."""
    requires = list(info.requires)
    have = {t.casefold() for t in requires}
    needs: list[tuple[str, int]] = []
    bonus_of = ""
    for ability in text.when("static"):
        for step in ability.do:
            name = step_name(step)
            args = step[name] if isinstance(step[name], Mapping) else {}
            if name == "require":
                extra = [t for t in args.get("tags", ()) if str(t).casefold() not in have]
                requires += extra
                have |= {str(t).casefold() for t in extra}
            elif name == "conclusion_needs":
                needs.append((str(args.get("circumstance", "progress")), int(args.get("count", 1))))
            elif name == "investment_bonus":
                bonus_of = str(args.get("of", ""))
    conditions = any(a.conditions for a in text.when("played"))
    decides = any(step_name(s) == "score_floor" for a in text.when("step:score_last") for s in a.do)
    return dataclasses.replace(info, requires=tuple(requires), unparsed=tuple(text.left),
                               conclusion_needs=tuple(needs), investment_bonus_of=bonus_of,
                               play_conditions=conditions, value_by_text=decides, has_text=text.has_text,
                               abilities=bool(text.abilities))


def unprovided_tags(infos: Sequence[CardInfo]) -> list[tuple[int, str]]:
    """The tags cards require that no card of the same set provides, as (index of the card, tag): such a card
    can never be played with that set alone (`cards check` says so)."""
    provided: set[str] = set()
    for info in infos:
        provided |= info.provided()
    out = []
    for i, info in enumerate(infos):
        for tag in dict.fromkeys(info.requires):
            if tag.casefold() not in provided:
                out.append((i, tag))
    return out


class FanText:
    """The Fan's card text, run: explicit inputs (the interpreter, the card lookup), no state of its own."""

    def __init__(self, effects: Effects, card: Card) -> None:
        self.effects = effects
        self.card = card
        # what the frame asks of a title often, filled as cards are read (`note_card`): the titles whose text
        # holds a Conclusion back, those with abilities the interpreter runs, and how a round counts each title's
        # text when it is scored (1 run by the engine, 2 left by hand; absent: none, or counted when played)
        self.holders: set[str] = set()
        self.active: set[str] = set()
        self.round_text: dict[str, int] = {}

    def note_card(self, ref: str, info: CardInfo) -> None:
        """Remember what the frame asks of a title often (the ruleset calls this as it reads a card)."""
        if info.conclusion_needs:
            self.holders.add(ref)
        if info.abilities:
            self.active.add(ref)
        elif info.has_text:
            self.round_text[ref] = 2 if info.unparsed else 1

    def forget(self) -> None:
        """The card data changed (a live edit): what `note_card` remembered goes."""
        self.holders.clear()
        self.active.clear()
        self.round_text.clear()

    # -- may a card be played --

    def play_problems(self, state: GameState, pid: str, seat: int | None) -> list[Violation]:
        """The conditions of `pid`'s play that fail, and the Conclusion a card in the round holds back."""
        info = self.card(state.pieces[pid].card)
        out = self.effects.violations(state, pid, seat, "played") if info.play_conditions else []
        why = self.conclusion_waits(state, info)
        if why:
            out.append(Violation("xff.conclusion_waits", "xff.text.conclusion", f"{info.name}: {why}", (pid,), seat))
        return out

    def play_allowed(self, state: GameState, info: CardInfo, ref: str | None) -> bool:
        """`play_problems` is empty (yes or no, for the legal-move lists)."""
        if info.play_conditions:
            text = self.effects.text(ref)
            if not all(self.effects.holds(state, a, None, None) for a in text.when("played")):
                return False
        return self.conclusion_waits(state, info) is None

    def conclusion_waits(self, state: GameState, info: CardInfo) -> str | None:
        """Why a Conclusion may not be played yet: a card of the round that is not negated asks for N cards setting
        a circumstance after it (Complicit Local LEO), and fewer have been played."""
        if info.type != "conclusion" or not self.holders:
            return None
        rnd = state.rules.get("round") or ()
        pieces = state.pieces
        holders = self.holders
        for i, e in enumerate(rnd):
            if e.get("negated") or e.get("piece") not in pieces or pieces[e["piece"]].card not in holders:
                continue
            needs = self.card(pieces[e["piece"]].card).conclusion_needs
            for circ, count in needs:
                at = CIRCUMSTANCES.index(circ) if circ in CIRCUMSTANCES else 0
                done = sum(1 for later in rnd[i + 1:] if later.get("piece") in pieces and
                           establish_ops(self.card(pieces[later["piece"]].card).establishes_circ)[at] is True)
                if done < count:
                    return (f"a Conclusion waits for {count - done} more card(s) setting {circ} "
                            f"(asked by {self.card(pieces[e['piece']].card).name})")
        return None

    # -- a card played --

    def on_play(self, state: GameState, tx: Tx, pid: str, info: CardInfo, seat: int | None, then: str) -> bool:
        """Run the text of a card just played (`then` names what the frame does once its choices are made).
        Returns whether the frame must wait for a choice (`XFilesFan.effects_done` goes on). A round card whose
        text is all frame (tags the legality reads) is counted when its round is scored (`count_round`); an Action
        card's, at once."""
        if not info.abilities:
            if info.type == "action":
                self.effects.count(state, tx, engine=not info.unparsed)
            return False
        return self.effects.trigger(state, tx, pid, seat, "played", then=then, note_left=False)

    def count_round(self, state: GameState, tx: Tx, rnd: Sequence[Mapping[str, Any]]) -> None:
        """Count the text of the round's cards that `on_play` left to count (one rule change per round, not one
        per card: self-play plays thousands)."""
        engine = by_hand = 0
        pieces, kinds = state.pieces, self.round_text
        for e in rnd:
            pid = e.get("piece")
            kind = kinds.get(pieces[pid].card) if pid in pieces else None
            if kind == 1:
                engine += 1
            elif kind == 2:
                by_hand += 1
        self.effects.tally(state, tx, engine, by_hand)

    def in_round(self, state: GameState, rnd: Sequence[Mapping[str, Any]]) -> bool:
        """Whether scoring this round asks card text (a card with abilities, or a character captured)."""
        if state.rules.get(CAPTURED):
            return True
        pieces, active = state.pieces, self.active
        return bool(active) and any(e.get("piece") in pieces and pieces[e["piece"]].card in active for e in rnd)

    def release(self, state: GameState, tx: Tx, negated: Sequence[str]) -> None:
        """A capturing card negated gives its character back ("Return it if this card is negated")."""
        held = captured(state)
        kept = [e for e in held if not (e.get("by") in negated and e.get("return_if_negated"))]
        if len(kept) != len(held):
            tx.set_rule(CAPTURED, kept)
            tx.note("xfiles-fan.release", None, "the captured character returns to the environment")

    def captured_ids(self, state: GameState) -> frozenset[str]:
        """The environment characters captured now: they provide nothing while captured."""
        if not state.rules.get(CAPTURED):
            return _NONE
        return frozenset(e["character"] for e in captured(state))

    # -- scoring --

    def score(self, state: GameState, tx: Tx, rnd: Sequence[Mapping[str, Any]], total: int,
              value: Callable[[Mapping[str, Any]], int | None]) -> int:
        """The round's score with its cards' text: dependents of a captured character score nothing, then each
        card's `score` steps in round order, then the `score_last` steps."""
        held = self._held_points(state, rnd, value)
        if held:
            tx.changed("the round's score", total, total - held, "cards that depend on a captured character score "
                       "nothing")
            total -= held
        for when in ("step:score", "step:score_last"):
            for i, e in enumerate(rnd):
                pid = e.get("piece")
                if e.get("negated") or pid not in state.pieces:
                    continue
                for ability in self.effects.text(state.pieces[pid].card).when(when):
                    ctx = self.effects.evaluate(state, tx, ability, e.get("seat"), pid, total=total, round=list(rnd),
                                                index=i)
                    if ctx.data["total"] != total:
                        tx.changed("the round's score", total, ctx.data["total"],
                                   f"the text of {self.effects.ruleset.ref(state, pid)}", seat=e.get("seat"))
                        tx.note("effects.applied", e.get("seat"), f"{self.effects.ruleset.ref(state, pid)}: the "
                                f"round's score {total:+d} becomes {ctx.data['total']:+d}",
                                {"source": pid, "ability": ability.index})
                    total = ctx.data["total"]
        return total

    def _held_points(self, state: GameState, rnd: Sequence[Mapping[str, Any]],
                     value: Callable[[Mapping[str, Any]], int | None]) -> int:
        """The points of the round's cards that depend on a character captured and held ("do not score")."""
        held = [e for e in captured(state) if e.get("holds")]
        if not held:
            return 0
        pieces = state.pieces
        env = state.zones.get("environment")
        others: set[str] = set()
        for pid in env.pieces if env else ():
            if pid not in {e["character"] for e in held}:
                others |= self.card(pieces[pid].card).provided()
        lost: set[str] = set()
        for e in held:
            lost |= self.card(pieces[e["character"]].card).provided() - others
        out = 0
        for e in rnd:
            pid = e.get("piece")
            if pid in pieces and {t.casefold() for t in self.card(pieces[pid].card).requires} & lost:
                out += value(e) or 0
        return out

    def after_score(self, state: GameState, tx: Tx, rnd: Sequence[Mapping[str, Any]]) -> None:
        """After a round is scored: its cards' `round_won` abilities whose conditions hold (Mulder Shares
        Confidence joins the environment), and every captured character returns."""
        for e in rnd:
            pid = e.get("piece")
            if e.get("negated") or pid not in state.pieces:
                continue
            for ability in self.effects.text(state.pieces[pid].card).when("step:round_won"):
                if self.effects.holds(state, ability, e.get("seat"), pid, round=list(rnd)):
                    self.effects.run(state, tx, ability, e.get("seat"), pid, {})
        if state.rules.get(CAPTURED):
            tx.set_rule(CAPTURED, [])
