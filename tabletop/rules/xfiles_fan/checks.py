"""The `xfiles-fan` checks: one per action type (the kit's dispatch table), then the table actions made by hand.

A refusal gives the real reason first: a card dragged into the environment or the round by hand is judged as the
move that would play it (whose turn or step it is, which card the step asks for, what the card needs), and only
then by the rule that cards change zones only through those moves (`MOVE_POLICY`).

`Checks` is a part with explicit inputs: the card lookup, the legality of cards in the round, the card text (the
conditions of a card's play), the options and `ref` (a card named in a sentence, as each reader may see it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ...core import actions as A
from ...core.actions import Action
from ...core.ruleset import Violation
from ...core.state import GameState
from ..base import Verdicts
from ..kit import MovePolicy, MoveRule, checks
from .actions import (
    ChooseFirst,
    ChooseValue,
    DiscardCards,
    EndPeriod,
    Exchange,
    ManualEffect,
    NoAction,
    Pass,
    PlayAction,
    PlayCard,
    PlayEnvironment,
    ScoreRound,
    StartPeriod,
)
from .cards import FanCards
from .cardtext import FanText
from .common import (
    DECK,
    ENV_DECK,
    HAND,
    PENDING_RULE,
    PENDING_TEXT,
    PHASE_RULE,
    SIDEBOARD,
    STEP_TEXT,
    pending_for,
    seat_name,
    v,
)
from .legality import Legality
from .model import value_range

__all__ = ["MOVE_POLICY", "Checks"]

_ENV = "environment cards are played in the setup"
#: The rule a card moved by hand from one kind of zone to another breaks: the first match wins.
MOVE_POLICY = MovePolicy(
    MoveRule("xff.draw", "xff.3.1", "cards are drawn only to fill the hand at the start of a turn", "deck", "hand"),
    MoveRule("xff.play_by_hand", "xff.3", "cards enter the round with the Play action, which checks them", "hand",
             "round"),
    MoveRule("xff.environment", "xff.1.4", _ENV, src="environment"),
    MoveRule("xff.environment", "xff.1.4", _ENV, dst="environment"),
    MoveRule("xff.environment", "xff.1.4", _ENV, src="environment_deck"),
    MoveRule("xff.round_cards", "xff.5.4", "round cards go to the discard piles when the round is scored",
             src="round"),
    MoveRule("xff.exchange", "xff.6.2", "cards are exchanged with the sideboard between periods (the Exchange "
             "action)", "deck", "sideboard"),
    MoveRule("xff.exchange", "xff.6.2", "cards are exchanged with the sideboard between periods (the Exchange "
             "action)", "sideboard", "deck"),
    MoveRule("xff.reshuffle", "xff.2.1", "discards go back into the draw deck at the start of a period", "discard",
             "deck"),
    MoveRule("xff.discard", "xff.4", "cards are discarded only when both players pass with no round", "hand",
             "discard"),
    default=MoveRule("xff.table", "xff.table", "cards change zones only as the Sequence of Play says"),
)

Add = Callable[..., None]


def _deck_order(state: GameState, move: A.Move, add: Add) -> None:
    """A card moved within its draw deck: the deck keeps the order it was shuffled in. The move policy judges only
    cards that change zones; after a by-hand look a card dragged to the bottom would break the card's text."""
    dst = state.zones.get(move.to)
    if dst is None or dst.kind != "deck":
        return
    for pid in move.pieces:
        piece = state.pieces.get(pid)
        if piece is not None and piece.zone == dst.name:
            add("xff.deck_order", "xff.2.1", "a draw deck keeps the order it was shuffled in (an Action card that "
                "says so puts cards back on top: its By hand rows)", pid)


def _g_flip(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    for pid in cards:
        if state.zones[state.pieces[pid].zone].kind in ("deck", "round", "environment"):
            add("xff.flip", "xff.table", "cards in draw decks stay face down, cards on the table face up", pid)


def _g_draw(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    add("xff.draw", "xff.3.1", "cards are drawn only to fill the hand at the start of a turn")


def _g_deal(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    add("xff.deal", "xff.2.2", "hands are drawn at the start of a period")


def _g_deck(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    zone = state.zones.get(action.zone)
    if zone is not None and zone.kind == "deck":
        add("xff.deck", "xff.2.1", "draw decks are shuffled at the start of a period and stay unseen")


def _g_create(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    if action.kind == "card":
        add("xff.new_card", "xff.table", "every card comes from a player's decks")


def _g_score(state: GameState, action: Any, cards: list[str], add: Add) -> None:
    if action.piece is None and action.name == "score":
        add("xff.score", "xff.5.2", "scores change only when a round is scored")


#: What a table action made by hand breaks, by action type (moves go by `MOVE_POLICY`).
GENERIC: dict[type[Action], Callable[[GameState, Any, list[str], Add], None]] = {
    A.Flip: _g_flip, A.Draw: _g_draw, A.Deal: _g_deal, A.Shuffle: _g_deck, A.LookTop: _g_deck, A.Search: _g_deck,
    A.EndSearch: _g_deck, A.CreatePiece: _g_create, A.SetCounter: _g_score, A.AddCounter: _g_score,
}


class Checks:
    """Every check of `xfiles-fan`: one per action type (`@checks`), the gate before them, the table actions."""

    def __init__(self, cards: FanCards, legality: Legality, cardtext: FanText, options: Mapping[str, Any],
                 ref: Callable[[GameState, str | None], str]) -> None:
        self.card, self.info = cards.card, cards.info
        self.playable, self.title_legal = legality.playable, legality.title_legal
        self.card_problems = legality.card_problems
        self.cardtext = cardtext
        self.options = options
        self.ref = ref

    def gate(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        r = state.rules
        if r.get("over") and not isinstance(action, ManualEffect):
            return [v("xff.over", "xff.7", "the game is over", seat=seat)]
        fx = r.get("effects")
        if fx and fx.get("pending") and not isinstance(action, ManualEffect):
            who = state.seat_name(fx["pending"][0].get("seat"))
            return [v("effects.pending", "xff.text", f"{who} must first finish a card's effect", seat=seat)]
        return []

    @checks(ManualEffect)
    def _check_effect(self, state: GameState, a: ManualEffect, seat: int | None) -> list[Violation]:
        return []  # card text applied by hand is never a violation (the rules file: "applied by hand")

    @checks(PlayCard)
    def _check_play_card(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        return self._check_turn(state, seat, (a.piece,)) + self._check_play(state, a, seat)

    @checks(Pass)
    def _check_pass(self, state: GameState, a: Pass, seat: int | None) -> list[Violation]:
        out = self._check_turn(state, seat, ())
        if out:
            return out
        legal = self.playable(state, seat)
        if legal:
            r = state.rules
            rule = "xff.3.3" if r.get("round") else "xff.3.2"
            what = "a Following or Conclusion" if r.get("round") else "a Case or Incident"
            # each card by reference: its player reads its title, every other seat where it lies
            named = ", ".join(self.ref(state, pid) for pid in legal[:3])
            more = f" and {len(legal) - 3} more" if len(legal) > 3 else ""
            out.append(v("xff.must_play", rule, f"you cannot pass: you can legally play {what} ({named}{more})",
                         legal, seat))
        return out

    @checks(ChooseFirst)
    def _check_choose_first(self, state: GameState, a: ChooseFirst, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "choose_first")
        if a.seat not in state.seats:
            out.append(v("xff.seat", "xff.1.3", f"there is no seat {a.seat!r}", seat=seat))
        return out

    @checks(PlayAction)
    def _check_action(self, state: GameState, a: PlayAction, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "action", (a.piece,))
        piece = state.pieces.get(a.piece)
        if piece is None or piece.zone != HAND[seat] or self.info(state, a.piece).type != "action":
            out.append(v("xff.not_action", "xff.3.4", "only an Action card from your hand is played here",
                         (a.piece,), seat))
        return out

    @checks(NoAction)
    def _check_no_action(self, state: GameState, a: NoAction, seat: int | None) -> list[Violation]:
        return self._check_pending(state, seat, "action")

    def _check_turn(self, state: GameState, seat: int | None, pieces: tuple[str, ...]) -> list[Violation]:
        r = state.rules
        phase = r.get("phase")
        if phase != "play":
            return [v("xff.phase", PHASE_RULE.get(phase, "xff.3"), f"no turns are played now ({phase})", pieces,
                      seat)]
        pending = r.get("pending")
        if pending:
            p = pending[0]
            return [v("xff.pending", PENDING_RULE.get(p.get("kind"), "xff.3"),
                      f"{state.seat_name(p.get('seat'))} must first {PENDING_TEXT.get(p.get('kind'), 'decide')}", pieces, seat)]
        if r.get("round_over"):
            return [v("xff.round_over", "xff.5.1", "the round is over and being scored", pieces, seat)]
        if r.get("turn") != seat:
            return [v("xff.turn", "xff.3", f"it is {state.seat_name(r.get('turn'))}'s turn", pieces, seat)]
        return []

    def _check_play(self, state: GameState, a: PlayCard, seat: int | None) -> list[Violation]:
        piece = state.pieces.get(a.piece)
        if piece is None or piece.kind != "card":
            return [v("xff.not_in_hand", "xff.3", "only a card from your hand can be played", (a.piece,), seat)]
        out: list[Violation] = []
        if piece.zone != HAND[seat]:
            out.append(v("xff.not_in_hand", "xff.3", f"{self.info(state, a.piece).name} is not in your hand",
                         (a.piece,), seat))
        elif self.title_legal(state, piece.card):
            return out  # judged legal in this position already (card_problems agrees, and writes no sentence)
        return out + self.card_problems(state, a.piece, seat) + self.cardtext.play_problems(state, a.piece, seat)

    def _check_pending(self, state: GameState, seat: int | None, kind: str, pieces: tuple[str, ...] = ()
                       ) -> list[Violation]:
        if pending_for(state, seat, kind):
            return []
        rule = PENDING_RULE[kind]
        return [v("xff.not_pending", rule, f"nobody asked you to {PENDING_TEXT[kind]} now", pieces, seat)]

    @checks(PlayEnvironment)
    def _check_environment(self, state: GameState, a: PlayEnvironment, seat: int | None) -> list[Violation]:
        """xff.1.4, the real reason first: whose step it is, then which card it takes, then where it comes from."""
        asks = [p for p in state.rules.get("pending") or [] if p.get("kind") == "environment"]
        pieces = (a.piece,)
        if not asks:
            phase = state.rules.get("phase")
            step = STEP_TEXT.get(phase, phase)
            return [v("xff.not_pending", "xff.1.4", f"no environment card is asked for now ({step}): the "
                      "environment is set up at the start of the game", pieces, seat)]
        ask = next((p for p in asks if p.get("seat") == seat), None)
        if ask is None:
            other = asks[0]
            return [v("xff.not_pending", "xff.1.4", f"{seat_name(state, other.get('seat'))} plays the "
                      f"{other.get('role')} card of the environment now, not you", pieces, seat)]
        out: list[Violation] = []
        piece = state.pieces.get(a.piece)
        if piece is not None and piece.card and ask.get("role") not in self.info(state, a.piece).caps.split():
            out.append(v("xff.env_role", "xff.1.4", f"this step takes a {ask.get('role')} card, not "
                         f"{self.ref(state, a.piece)}", pieces, seat))
        if piece is None or piece.zone != ENV_DECK[seat]:
            out.append(v("xff.env_deck", "xff.1.4", "environment cards are played from your environment deck",
                         pieces, seat))
        return out

    @checks(ChooseValue)
    def _check_value(self, state: GameState, a: ChooseValue, seat: int | None) -> list[Violation]:
        asks = [p for p in state.rules.get("pending") or [] if p.get("kind") == "value" and p.get("piece") == a.piece]
        if not asks:
            return [v("xff.not_pending", "xff.5.3", "that card's value is not being asked", (a.piece,), seat)]
        ask = asks[0]
        out = []
        if ask.get("seat") != seat:
            out.append(v("xff.value_owner", "xff.5.3", f"{state.seat_name(ask.get('seat'))} played that card and chooses its "
                         "value", (a.piece,), seat))
        rng = value_range(ask.get("sign", "conflict"), self.options["value_limit"])
        if a.value not in rng:
            out.append(v("xff.value_range", "xff.5.3", f"a {ask.get('sign')} value is between {rng.start} and "
                         f"{rng.stop - 1}", (a.piece,), seat))
        return out

    @checks(DiscardCards)
    def _check_discard(self, state: GameState, a: DiscardCards, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "discard", a.pieces)
        asks = pending_for(state, seat, "discard")
        want = asks[0].get("count", 2) if asks else self.options["discard_count"]
        if len(set(a.pieces)) != want:
            out.append(v("xff.discard_count", "xff.4", f"discard {want} different card(s), not {len(set(a.pieces))}",
                         a.pieces, seat))
        bad = [p for p in a.pieces if p not in state.pieces or state.pieces[p].zone != HAND[seat]]
        if bad:
            out.append(v("xff.discard_hand", "xff.4", "the discarded cards come from your hand", bad, seat))
        return out

    @checks(Exchange)
    def _check_exchange(self, state: GameState, a: Exchange, seat: int | None) -> list[Violation]:
        out = self._check_pending(state, seat, "exchange", a.give + a.take)
        if len(a.give) != len(a.take) or len(set(a.give)) != len(a.give) or len(set(a.take)) != len(a.take):
            out.append(v("xff.exchange_count", "xff.6.2", f"cards are exchanged 1 for 1 ({len(a.give)} out of the "
                         f"deck, {len(a.take)} out of the sideboard): the sideboard keeps its count", a.give + a.take,
                         seat))
        for pid in a.give:
            zone = state.pieces[pid].zone if pid in state.pieces else ""
            if zone != DECK[seat]:
                table = state.zones[zone].kind in ("round", "environment") if zone in state.zones else False
                out.append(v("xff.exchange_table" if table else "xff.exchange_deck", "xff.6.3" if table else "xff.6.2",
                             "cards on the table cannot be exchanged" if table else
                             "cards go to the sideboard from your draw deck", (pid,), seat))
        for pid in a.take:
            if pid not in state.pieces or state.pieces[pid].zone != SIDEBOARD[seat]:
                out.append(v("xff.exchange_sideboard", "xff.6.2", "cards come into the draw deck from your sideboard",
                             (pid,), seat))
        if not out and a.give:
            out += self._deck_limits(state, a, seat)
        return out

    def _deck_limits(self, state: GameState, a: Exchange, seat: int | None) -> list[Violation]:
        out = []
        counts = Counter(state.pieces[p].card for p in state.zones[DECK[seat]].pieces if p not in a.give)
        counts.update(state.pieces[p].card for p in a.take)
        taken = {state.pieces[p].card for p in a.take}
        for ref, n in counts.items():
            limit = self.card(ref).deck_limit
            if limit is not None and n > limit and ref in taken:
                out.append(v("xff.deck_copies", "xff.deck.copies", f"the draw deck would hold {n} copies of "
                             f"{self.card(ref).name} (at most {limit})", a.take, seat))
        return out

    # -- the steps the engine takes on its own --

    @checks(StartPeriod)
    def _check_start_period(self, state: GameState, a: StartPeriod, seat: int | None) -> list[Violation]:
        r = state.rules
        if r.get("phase") != "period_start" or r.get("pending"):
            return [v("xff.auto", "xff.2.1", "a period starts only after the setup or the exchange", seat=seat)]
        return []

    @checks(ScoreRound)
    def _check_score(self, state: GameState, a: ScoreRound, seat: int | None) -> list[Violation]:
        r = state.rules
        if r.get("phase") != "play" or not r.get("round_over") or r.get("pending"):
            return [v("xff.auto", "xff.5.1", "a round is scored only when it has ended (a Conclusion, or both "
                      "players passed) and every value is chosen", seat=seat)]
        return []

    @checks(EndPeriod)
    def _check_end_period(self, state: GameState, a: EndPeriod, seat: int | None) -> list[Violation]:
        r = state.rules
        if r.get("phase") != "play" or not r.get("deck_out") or r.get("round") or r.get("pending"):
            return [v("xff.auto", "xff.6.1", "a period ends when a draw deck ran out and no round is in "
                      "progress", seat=seat)]
        return []

    # -- table actions made by hand --

    def check_table_action(self, state: GameState, action: Action, seat: int | None) -> list[Violation]:
        verdicts = Verdicts(seat)
        if isinstance(action, A.Move):
            reasons = self._move_reasons(state, action, seat)
            MOVE_POLICY.check(state, action, verdicts)
            _deck_order(state, action, verdicts.add)
            return reasons + verdicts.result()
        check = GENERIC.get(type(action))
        if check is not None:
            cards = [p for p in action.piece_names() if p in state.pieces and state.pieces[p].kind == "card"]
            check(state, action, cards, verdicts.add)
        return verdicts.result()

    def _move_reasons(self, state: GameState, move: A.Move, seat: int | None) -> list[Violation]:
        """Why the move that would play a dragged card is refused now, when the drag is one: into the environment
        from the environment deck (PlayEnvironment), or into the round from the hand (PlayCard)."""
        dst = state.zones.get(move.to)
        if dst is None or dst.kind not in ("environment", "round"):
            return []
        out: list[Violation] = []
        for pid in move.pieces:
            piece = state.pieces.get(pid)
            if piece is None or piece.kind != "card" or piece.zone == dst.name:
                continue
            src = state.zones[piece.zone].kind
            if src == "environment_deck" and dst.kind == "environment":
                out += self._check_environment(state, PlayEnvironment(pid), seat)
            elif src == "hand" and dst.kind == "round":
                out += self._check_play_card(state, PlayCard(pid), seat)
        return out
