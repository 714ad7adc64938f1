"""What the `xfiles-fan` HUD shows each seat: the step and who acts, the round, the environment, the pending
decisions and the scores, as a typed `Status` (only what the seat may see).

`StatusView` is a part with explicit inputs: the card lookup, the legality (the round's values, the tags provided,
the playable cards), the by-hand window of Action cards, the interpreter (a card text's pending choice) and the
options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.state import GameState
from ..effects import Effects
from ..kit import Status
from .byhand import BY_HAND_WORDS, ByHand
from .cards import FanCards
from .common import PENDING_RULE, PENDING_TEXT, STEP_TEXT, circumstances, seat_name
from .flow import waiting_for
from .legality import Legality
from .model import value_range

__all__ = ["StatusView", "scores", "step_of", "turn_todo"]

#: what the seat asked by each kind of decision does, as the status line words it
_DOES = {"choose_first": "choose who plays first", "environment": "play {article} {role} card from the "
         "environment deck", "action": "play an Action card, or none", "value": "choose the value of {name}",
         "discard": "discard {count} card(s)", "exchange": "exchange cards with the sideboard, or keep the deck"}


def _does(p: dict[str, Any]) -> str:
    """What the seat a pending decision asks does, in words: "play a SCULLY card from the environment deck"."""
    kind = p.get("kind")
    return _DOES.get(kind, PENDING_TEXT.get(kind, "decide")).format(
        article="an" if str(p.get("role", ""))[:1] in "AEIOUX" else "a", role=p.get("role"),
        name=p.get("name") or "a card", count=p.get("count", 2))


def _todo(pending: list[dict[str, Any]], seat: int | None) -> str | None:
    """What the seat the game waits on does now (the reading seat's own decision first), for the status line."""
    if not pending:
        return None
    kind = pending[0].get("kind")
    same = [p for p in pending if p.get("kind") == kind]
    return _does(next((p for p in same if p.get("seat") == seat), same[0]))


def turn_todo(r: dict[str, Any]) -> str:
    """What the seat whose turn it is does (xff.3.2 and 3.3: only a seat with no legal card passes; said to every
    seat without telling whether it has one)."""
    return ("the round goes on: play a Following or a Conclusion" if r.get("round")
            else "start a round with a Case or an Incident") + " (pass only with none to play)"


def step_of(state: GameState) -> str:
    """The step the game is in: the kind of the first pending decision, else the phase."""
    pending = state.rules.get("pending") or []
    if pending:
        return str(pending[0].get("kind"))
    return str(state.rules.get("phase"))


def scores(state: GameState) -> list[int] | None:
    """`game_status(...).scores` without the rest of the status (the lab reads them at every turn change)."""
    if "phase" not in state.rules:
        return None
    out = []
    for p in state.players:  # a loop, not a comprehension's call: asked at every turn change
        out.append(p.counters.get("score", 0))
    return out


class StatusView:
    """`game_status`: what the HUD shows a seat."""

    def __init__(self, name: str, cards: FanCards, legality: Legality, byhand: ByHand, effects: Effects,
                 options: Mapping[str, Any]) -> None:
        self.name = name
        self.info = cards.info
        self.round_value, self.provided, self.playable = legality.round_value, legality.provided, legality.playable
        self.by_hand_todo, self.open_action = byhand.by_hand_todo, byhand.open_action
        self.effects = effects
        self.options = options

    def game_status(self, state: GameState, seat: int | None) -> Status:
        """The game as the HUD shows it to `seat` (the card data read current: the ruleset's hook syncs them)."""
        r = state.rules
        if "phase" not in r:
            return Status(self.name)
        names = {p.seat: state.seat_name(p.seat) for p in state.players}
        scores = [p.counters.get("score", 0) for p in state.players]
        rnd, running, unknown = self._round_view(state, seat)
        pending = self._pending_view(state, seat)
        env = [{"piece": pid, "card": state.pieces[pid].card, "name": self.info(state, pid).name,
                "seat": state.pieces[pid].owner, "provides": list(self.info(state, pid).provides)}
               for pid in state.zones["environment"].pieces]
        counts = {s: {k: len(state.zones[f"{k}:{s}"].pieces) for k in ("deck", "hand", "discard", "sideboard")}
                  for s in state.seats}
        step = "over" if r.get("over") else step_of(state)
        extra: dict[str, Any] = {
            "period": r.get("period", 0), "periods": self.options["periods"], "first": r.get("first"),
            "xfiles_player": r.get("xfiles_player"), "leader": r.get("leader"), "round": rnd,
            "round_over": bool(r.get("round_over")), "circumstances": circumstances(state),
            "round_score": running, "round_unvalued": unknown, "passes": r.get("passes", 0),
            "deck_out": bool(r.get("deck_out")), "pending": pending, "environment": env,
            "provided": sorted(self.provided(state)), "counts": counts, "high_card": self._high_card_view(state),
            "result": r.get("result"), "step_label": STEP_TEXT.get(step, step), "waiting": waiting_for(state),
            # read even when empty: nobody acts between steps, nobody has won yet
            "active": r.get("turn"), "winner": r.get("winner"), "todo": _todo(pending, seat),
        }
        if not pending and not r.get("over") and r.get("turn") not in (None, seat):
            extra["todo"] = turn_todo(r)  # the acting seat's words come from its own moves
        if seat in state.seats and r.get("phase") == "play" and not r.get("pending") and r.get("turn") == seat:
            extra["playable"] = self.playable(state, seat)
        by_hand = self.by_hand_todo(state, seat) if seat in state.seats and r.get("phase") == "play" else None
        if by_hand:  # an Action card's text is this seat's to apply: said first, the step's own words after
            extra["by_hand"] = by_hand
            # the seat the game waits on plays on as well (its moves' words are the window's to say otherwise)
            extra["todo"] = f"play on, and {by_hand}" if seat in waiting_for(state) else f"you meanwhile: {by_hand}"
            extra.update(BY_HAND_WORDS)
        prompt = self._prompt(state, seat, names, scores, pending)
        effect = self._effect_todo(state, seat)
        if effect:  # a choice a card's text asks for comes before everything else
            extra["todo"] = effect
            prompt = f"Card text · {effect}"
        if by_hand:
            src = self.open_action(state, seat)
            prompt += f" · You: apply {self.info(state, src).name} by hand" if src else " · You: show a card"
        return Status(self.name, phase=r.get("phase"), step=step, turn=r.get("turns", 0), active=r.get("turn"),
                      scores=scores, score_name="Score", prompt=prompt,
                      over=bool(r.get("over")), winner=r.get("winner"), extra=extra)

    def _effect_todo(self, state: GameState, seat: int | None) -> str | None:
        """What the first pending choice of a card's text asks, and of whom (the card named to a seat that sees it)."""
        pending = self.effects.pending(state)
        if not pending:
            return None
        p = pending[0]
        src = p.get("source")
        name = self.info(state, src).name if src in state.pieces and state.can_see(state.pieces[src], seat) \
            else "a card"
        who = "You" if p.get("seat") == seat else seat_name(state, p.get("seat"))
        what = {"confirm": "apply its effect, or apply it by hand", "option": "choose one of its options"}.get(
            p.get("stage"), "choose its targets")
        return f"{who}: {name}: {what}"

    def _round_view(self, state: GameState, seat: int | None) -> tuple[list[dict[str, Any]], int, int]:
        """The round as `seat` sees it, its running score and how many of its values are still to choose."""
        rnd = []
        running = unknown = 0
        for e in state.rules.get("round") or []:
            pid = e.get("piece")
            if pid not in state.pieces or state.pieces[pid].zone != "round" or not state.can_see(state.pieces[pid],
                                                                                                   seat):
                continue  # moved away by hand (warn, off): no longer shown as part of the round
            info = self.info(state, pid)
            value = self.round_value(state, e)
            if value is None:
                unknown += 1
            else:
                running += value
            rnd.append({
                "piece": pid, "card": state.pieces[pid].card, "name": info.name, "type": info.type,
                "seat": e.get("seat"), "points": info.points, "value": value, "negated": bool(e.get("negated")),
                "circumstances": dict(e.get("circ") or {}), "provides": list(info.provides),
                "text": info.text, "by_hand": list(info.unparsed),
            })
        return rnd, running, unknown

    def _pending_view(self, state: GameState, seat: int | None) -> list[dict[str, Any]]:
        pending = []
        for p in state.rules.get("pending") or []:
            item = {k: v for k, v in p.items() if k in ("kind", "seat", "role", "piece", "sign", "count", "sideboard")}
            item["rule"] = PENDING_RULE.get(p.get("kind"), "")
            if isinstance(p.get("piece"), str) and p["piece"] in state.pieces:
                item["piece"] = state.handle_for(p["piece"], seat)
            if p.get("kind") == "value" and p.get("piece") in state.pieces and state.can_see(
                    state.pieces[p["piece"]], seat):
                info = self.info(state, p["piece"])
                rng = value_range(p.get("sign", "conflict"), self.options["value_limit"])
                item.update(name=info.name, text=info.text, range=[rng.start, rng.stop - 1])
            pending.append(item)
        return pending

    def _high_card_view(self, state: GameState) -> list[list[dict[str, Any]]]:
        """The draws for high card as everyone saw them: seat, card name and drawValue (no piece ids: those cards
        went back into hidden decks)."""
        out = []
        for attempt in state.rules.get("high_card") or []:
            row = []
            for s, pid, value in attempt:
                name = self.info(state, pid).name if pid in state.pieces else None
                row.append({"seat": s, "name": name, "value": value})
            out.append(row)
        return out

    def _prompt(self, state: GameState, seat: int | None, names: dict[int, str], scores: list[int],
                pending: list[dict[str, Any]]) -> str:
        """The step and who acts, in words: "Setup: the environment · You: play a SCULLY card from the ..."."""
        r = state.rules
        if r.get("over"):
            w = r.get("winner")
            return f"Game over: {names.get(w, w)} wins with {scores[w]}" if w is not None and w < len(scores) else \
                f"Game over: a tie at {max(scores, default=0)}"
        if pending:
            p = pending[0]
            kind = p.get("kind")
            others = [q for q in pending[1:] if q.get("kind") == kind and q.get("seat") != p.get("seat")]
            mine = next((q for q in [p, *others] if q.get("seat") == seat), None)
            p = mine or p
            who = "You" if p.get("seat") == seat else seat_name(state, p.get("seat"))
            what = _does(p)
            also = f" (and {', '.join(seat_name(state, q.get('seat')) for q in others if q is not p)})" \
                if others and mine is None else ""
            return f"{STEP_TEXT.get(kind, kind)} · {who}{also}: {what}"
        turn = r.get("turn")
        if turn is None:
            return f"Period {r.get('period', 0)}"
        who = "Your" if turn == seat else f"{seat_name(state, turn)}'s"
        return f"Period {r.get('period', 0)} · {who} turn: {turn_todo(r)}"
