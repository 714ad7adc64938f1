"""Action cards applied by hand from the window: while a seat's Action card is open, the moves its text asks for.

The rules file: "Text the engine cannot read ... is shown to the players and applied by hand; it never blocks a
play". After a seat plays an Action card (xff.3.4) its text is that seat's to apply with `ManualEffect` moves
(allowed in every mode): draw cards from its own draw deck, discard hand cards unrevealed, look at the top of its
draw deck and put those cards back in the order it likes, and (for "your opponent shows you a card") the opponent
shows one of its hand cards. `by_hand_moves` lists what the card's text reads like (`text_kinds`), only as many cards
as it names (`rules.by_hand_used` counts the draws and discards made, written by those moves alone), or a draw and a
discard when the text is not read; then "Done".

When the card's window is open is read from the table, never stored when the card is played: the card is the top
card of its player's discard pile, looking past the cards discarded unrevealed by hand (face down) and the round
cards the engine put there when a round was scored. So the window closes when its player says Done (the only rule
state this adds, `by_hand_done`, written by that move alone), plays or discards another card face up onto the pile
(the next Action card takes over), or the period ends (discard piles go back into the draw decks). Self-play,
whose bots never make these moves, keeps the same events, logs and table hashes as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from ...core.actions import Action
from ...core.reducer import ActionError, Tx
from ...core.state import GameState
from ..base import LegalActions
from ..kit import reduces
from .actions import ManualEffect, PlayAction
from .cards import FanCards
from .common import round_copy

__all__ = ["BY_HAND_WORDS", "ByHand", "Listing", "text_kinds"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
#: the common forms of Action card text, as (pattern, kind): the number it names is the group
_READ = (
    (re.compile(r"\bdraws? (\w+) (?:more |additional |extra )?cards?\b"), "draw"),
    (re.compile(r"\blook at the top (\w+) cards? of your (?:draw )?deck\b"), "look"),
    (re.compile(r"\bdiscard (\w+) (?:more |additional )?cards?\b"), "discard"),
    (re.compile(r"\b(\w+) (?:additional |more )?(?:unrevealed |face-down )cards? in(?:to)? your discard pile"),
     "discard"),
    (re.compile(r"\bin (?:any|the) order\b"), "order"),
    (re.compile(r"\bopponent (?:shows|reveals) you (\w+) cards?\b"), "show"),
)
#: how the window words each kind of by-hand move (the status's `move_words` and its lookups)
BY_HAND_WORDS = {
    "move_words": {"xfiles-fan.effect": "{kind:by_hand_do} {amount:?} {amount:by_hand_cards} {pieces} "
                                        "{kind:by_hand_where}{seat: to |}{seat} ({source}){to:-}{text:-}"},
    "by_hand_do": {"draw": "Draw", "look": "Look at the top", "order": "Put", "discard": "Discard",
                   "reveal": "Show", "done": "Done: nothing more to apply", "score": "Score", "negate": "Negate",
                   "move": "Move"},
    # short enough for a row of the side panel at 1280x800 ("Put a card back on top (9 choices)")
    "by_hand_where": {"draw": "from your draw deck", "look": "of your deck", "order": "back on top",
                      "discard": "unrevealed"},
    "by_hand_cards": {"1": "card", **{str(n): "cards" for n in range(2, 11)}},
}
_GENERIC = (("draw", 1), ("discard", 1))
#: the status line's hint of each kind of by-hand move
_HINTS = {"draw": "draw", "discard": "discard (drop a hand card on your discard pile)", "look": "look",
          "order": "put back on top", "show": "your opponent shows you a card"}
#: deck cards a seat may put back on top after a look, counted from the top
_ORDER_DEPTH = 10
#: the kinds whose number a text names is a count of cards: once that many were drawn or discarded, no more rows
_COUNTED = ("draw", "discard")


def _count_used(state: GameState, tx: Tx, src: str, kind: str, count: int) -> None:
    """Note `count` cards drawn or discarded by hand for `src` (entries of cards no longer on a discard pile go)."""
    pieces = state.pieces
    kept = [e for e in state.rules.get("by_hand_used") or []
            if isinstance(e, list) and len(e) == 4 and e[0] in pieces and pieces[e[0]].gen == e[1]
            and pieces[e[0]].zone.startswith("discard:")]
    tx.set_rule("by_hand_used", [*kept, [src, pieces[src].gen, kind, count]])


def _used(state: GameState, src: str, kind: str) -> int:
    """How many cards the open Action card `src` has had drawn or discarded by hand so far (`rules.by_hand_used`:
    [card, its generation, kind, count] per by-hand move, written by those moves alone)."""
    gen = state.pieces[src].gen
    return sum(int(e[3]) for e in state.rules.get("by_hand_used") or []
               if isinstance(e, list) and len(e) == 4 and e[0] == src and e[1] == gen and e[2] == kind)


def _number(word: str | None) -> int:
    if word is None:
        return 0
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS.get(word, 1)


def text_kinds(text: str) -> list[tuple[str, int]]:
    """The kinds of by-hand move an Action card's text reads like, in the order it says them, each with the number
    it names: "Draw one card, then discard one card." -> [("draw", 1), ("discard", 1)]."""
    return list(_read_text(text))


@functools.lru_cache(maxsize=256)
def _read_text(text: str) -> tuple[tuple[str, int], ...]:
    """`text_kinds`, read once per card text (a status and a listing read the same few texts again and again)."""
    found: list[tuple[int, str, int]] = []
    low = text.lower()
    for pattern, kind in _READ:
        m = pattern.search(low)
        if m is not None:
            found.append((m.start(), kind, _number(m.group(1) if m.groups() else None)))
    out: dict[str, int] = {}
    for _, kind, n in sorted(found):
        out.setdefault(kind, n)
    return tuple(out.items())


class Listing(LegalActions):
    """A seat's legal moves as the window lists them: its by-hand moves first, then the moves of the Sequence."""

    def __iter__(self) -> Iterator[Action]:
        rules: Any = self._ruleset
        yield from rules.by_hand_moves(self._state, self._seat)
        yield from rules.generate_actions(self._state, self._seat)


class ByHand:
    """The open Action card of each seat, its by-hand moves and the `ManualEffect` reducer: a part with explicit
    inputs, the card lookup and `ref` (a card named in a sentence, as each reader may see it)."""

    def __init__(self, cards: FanCards, ref: Callable[[GameState, str | None], str]) -> None:
        self.card, self.info = cards.card, cards.info
        self.ref = ref

    def open_action(self, state: GameState, seat: int | None) -> str | None:
        """The Action card whose text `seat` is applying by hand now, or None (see the module: the top card of its
        discard pile past the cards discarded unrevealed and the round cards put there at scoring)."""
        r = state.rules
        if seat is None or r.get("phase") != "play" or r.get("over"):
            return None
        zone = state.zones.get(f"discard:{seat}")
        if zone is None:
            return None
        pieces = state.pieces
        for pid in zone.pieces:
            piece = pieces[pid]
            if not piece.face_up or not piece.known:
                continue  # discarded unrevealed by hand, or put there by the engine when a round was scored
            info = self.card(piece.card)
            if info.type != "action":
                return None
            if info.abilities and not info.unparsed and [pid, piece.gen] not in (r.get("by_hand_declined") or []):
                return None  # the engine runs its text (`cardtext`); a decline opens the window again
            done = r.get("by_hand_done") or []
            return None if [pid, piece.gen] in done else pid
        return None

    def by_hand_moves(self, state: GameState, seat: int | None) -> list[ManualEffect]:
        """`seat`'s by-hand moves now: those of its open Action card (the kinds its text reads like, as many cards
        as it names; drawing a card and discarding one unrevealed when the text is not read; then Done), and the
        cards it may show when the other seat's open Action card says its opponent shows one."""
        if seat is None or seat not in state.seats or state.rules.get("phase") != "play":
            return []
        out: list[ManualEffect] = []
        src = self.open_action(state, seat)
        if src is not None:
            text = self.info(state, src).text
            # a text read offers what it says, as many as it says; a text not read, a card drawn or discarded
            read = _read_text(text)
            for kind, n in read or _GENERIC:
                if kind in _COUNTED and read:
                    n -= _used(state, src, kind)
                    if n <= 0:
                        continue
                out += self._rows(state, seat, src, kind, n)
            out.append(ManualEffect("done", source=src))
        for other, theirs in self._asks_to_show(state, seat):
            out += [ManualEffect("reveal", (p,), seat=other, source=theirs) for p in state.zones[f"hand:{seat}"].pieces]
        return out

    def _asks_to_show(self, state: GameState, seat: int) -> Iterator[tuple[int, str]]:
        """Each other seat whose open Action card says its opponent shows it a card, with that card, while `seat`
        has shown it none from its hand (one card shown: that is what it asks)."""
        hand = state.zones[f"hand:{seat}"].pieces
        for other in state.seats:
            theirs = self.open_action(state, other) if other != seat else None
            if (theirs is not None and any(k == "show" for k, _ in _read_text(self.info(state, theirs).text))
                    and hand and not any(other in state.pieces[p].known for p in hand)):
                yield other, theirs

    def _rows(self, state: GameState, seat: int, src: str, kind: str, n: int) -> list[ManualEffect]:
        deck = state.zones[f"deck:{seat}"].pieces
        if kind == "draw":
            return [ManualEffect("draw", amount=max(1, n), source=src)] if deck else []
        if kind == "discard":
            return [ManualEffect("discard", (p,), source=src) for p in state.zones[f"hand:{seat}"].pieces]
        if kind == "look":
            top = deck[:max(1, n)]
            unseen = [p for p in top if seat not in state.pieces[p].known]
            return [ManualEffect("look", amount=len(top), source=src)] if unseen else []
        if kind == "order":
            return [ManualEffect("order", (p,), to=f"deck:{seat}", source=src) for p in deck[1:_ORDER_DEPTH]
                    if seat in state.pieces[p].known]
        return []

    def by_hand_paths(self, state: GameState, a: ManualEffect, seat: int | None) -> list[tuple[str, str | None]]:
        """The cards a by-hand move plays and where each goes (the glow, the rows, a drop that makes the move):
        the top deck cards drawn go to the hand, a discarded card to the discard pile, the card put back to the top
        of the deck; a look, a show and Done name the cards they are about."""
        deck = state.zones.get(f"deck:{seat}")
        if a.kind == "draw" and deck is not None:
            return [(p, f"hand:{seat}") for p in deck.pieces[:max(1, a.amount)]]
        if a.kind == "discard":
            return [(p, f"discard:{seat}") for p in a.pieces]
        if a.kind == "order":
            return [(p, a.to) for p in a.pieces]
        if a.kind == "look" and deck is not None:
            return [(a.source, None), *((p, None) for p in deck.pieces[:a.amount])] if a.source else []
        if a.kind in ("reveal", "done"):
            return [(p, None) for p in (*a.pieces, a.source) if p]
        return []

    def legal_gestures(self, state: GameState, a: Any, seat: int | None) -> list[tuple[str, str]]:
        """The gesture on the table a by-hand move stands for (see `core.legal`): its draw is a click on the seat's
        draw deck, its look a look at that deck's top, so the window makes the move for the gesture that the rules
        refuse as a free draw or look (xff.3.1, xff.2.1)."""
        if isinstance(a, ManualEffect) and a.kind in ("draw", "look") and seat is not None:
            return [(a.kind, f"deck:{seat}")]
        if isinstance(a, PlayAction):  # a glowing Action card let go on the round is played, as on the pile
            return [("drop", "round")]
        return []

    def by_hand_todo(self, state: GameState, seat: int | None) -> str | None:
        """What the status line says to a seat with an open Action card: its text is theirs to apply, and how (the
        card's text last, in brackets, so a narrow bar drops it first); to a seat asked to show a card, that."""
        src = self.open_action(state, seat)
        if src is None:
            for other, theirs in self._asks_to_show(state, seat) if seat in state.seats else ():
                name = self.info(state, theirs).name
                return f"show {state.seat_name(other)} a card of your choice for {name}: a \"Show\" move"
            return None
        info = self.info(state, src)
        kinds = [k for k, _ in _read_text(info.text) if k in _HINTS] or ["draw", "discard"]
        return (f"apply {info.name} by hand: {', '.join(_HINTS[k] for k in kinds)}, then Done "
                f"(\u201c{info.text}\u201d)")

    # -- the reducer --

    @reduces(ManualEffect)
    def _do_effect(self, state: GameState, a: ManualEffect, seat: int | None, tx: Tx) -> None:
        """Card text applied by hand: every mode, logged with its source card; nothing hidden is named."""
        if seat is None:
            raise ActionError("spectator", "spectators do not play")
        src = self.ref(state, a.source) if a.source in state.pieces else "by hand"
        why = f" ({a.text})" if a.text else ""
        data: dict[str, Any] = {"kind": a.kind, "source": a.source}
        name = _EFFECTS.get(a.kind)
        if name is None:
            raise ActionError("bad_effect", "a manual effect is draw, discard, look, order, reveal, done, move, "
                              "score or negate")
        count = 0
        if a.kind in _COUNTED and a.source in state.pieces:
            deck = state.zones[f"deck:{seat}"].pieces
            count = len(set(a.pieces)) if a.kind == "discard" else min(max(0, a.amount), len(deck))
        text, pieces = getattr(self, name)(state, a, seat, src, tx)
        data["pieces"] = pieces
        tx.note("xfiles-fan.effect", seat, text + why, data)
        if count:
            _count_used(state, tx, a.source, a.kind, count)  # type: ignore[arg-type]

    def _effect_draw(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> tuple[str, list[str]]:
        deck, hand = f"deck:{seat}", f"hand:{seat}"
        if a.amount < 1:
            raise ActionError("bad_count", "draw 1 card or more")
        if not state.zones[deck].pieces:
            raise ActionError("empty", "your draw deck is empty")
        drawn = 0
        for _ in range(a.amount):
            if not state.zones[deck].pieces:
                break
            tx.move(state.zones[deck].pieces[0], hand, by=seat)
            drawn += 1
        return f"{src}: draws {drawn} card(s) from the draw deck", []

    def _effect_discard(self, state: GameState, a: ManualEffect, seat: int, src: str,
                        tx: Tx) -> tuple[str, list[str]]:
        bad = [p for p in a.pieces if p not in state.pieces or state.pieces[p].zone != f"hand:{seat}"]
        if bad or not a.pieces:
            raise ActionError("not_in_hand", "a card discarded by hand comes from your own hand")
        for pid in dict.fromkeys(a.pieces):
            tx.move(pid, f"discard:{seat}", by=seat, face_up=False)
        count = len(set(a.pieces))
        return f"{src}: discards {count} card(s) unrevealed", []

    def _effect_look(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> tuple[str, list[str]]:
        deck = state.zones[f"deck:{seat}"]
        if a.amount < 1:
            raise ActionError("bad_count", "look at 1 card or more")
        top = deck.pieces[:a.amount]
        for pid in top:
            tx.change(pid, known=state.pieces[pid].known | {seat})
        seen = ", ".join(self.ref(state, p) for p in top)
        # the log line's "look 3" says nothing of what was seen: the looker's line names the cards (a note to the
        # looker alone; the effect's own note, which every seat reads, names none)
        tx.note("xfiles-fan.looked", seat, f"saw {seen} (top first)", {"pieces": list(top)}, private=(seat,))
        return f"{src}: looks at the top {len(top)} card(s) of the draw deck", list(top)

    def _effect_order(self, state: GameState, a: ManualEffect, seat: int, src: str,
                      tx: Tx) -> tuple[str, list[str]]:
        deck = f"deck:{seat}"
        if not a.pieces or any(p not in state.pieces or state.pieces[p].zone != deck or
                               seat not in state.pieces[p].known for p in a.pieces):
            raise ActionError("not_looked_at", "only cards of your draw deck that you looked at are put back on top")
        for pid in reversed(a.pieces):
            tx.move(pid, deck, index=0)
        return f"{src}: puts {len(a.pieces)} card(s) looked at back on top of the draw deck", []

    def _effect_reveal(self, state: GameState, a: ManualEffect, seat: int, src: str,
                       tx: Tx) -> tuple[str, list[str]]:
        to = a.seat
        if to not in state.seats or to == seat:
            raise ActionError("bad_seat", "show the card to another seat")
        if not a.pieces or any(p not in state.pieces or state.pieces[p].zone != f"hand:{seat}" for p in a.pieces):
            raise ActionError("not_in_hand", "a card shown by hand comes from your own hand")
        for pid in a.pieces:
            tx.change(pid, known=state.pieces[pid].known | {to})
        shown = ", ".join(self.ref(state, p) for p in a.pieces)
        return f"{src}: shows {shown} to {state.seat_name(to)}", list(a.pieces)

    def _effect_done(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> tuple[str, list[str]]:
        if a.source is None or a.source != self.open_action(state, seat):
            raise ActionError("not_open", "that Action card's text is not being applied now")
        pieces = state.pieces
        kept = [e for e in state.rules.get("by_hand_done") or []
                if isinstance(e, list) and len(e) == 2 and e[0] in pieces and pieces[e[0]].gen == e[1]
                and pieces[e[0]].face_up and pieces[e[0]].zone.startswith("discard:")]
        tx.set_rule("by_hand_done", [*kept, [a.source, pieces[a.source].gen]])
        return f"{src}: done applying its text", []

    def _effect_move(self, state: GameState, a: ManualEffect, seat: int, src: str, tx: Tx) -> tuple[str, list[str]]:
        if a.to not in state.zones or not a.pieces:
            raise ActionError("bad_move", "name the cards and the zone they go to")
        for pid in a.pieces:
            tx.move(pid, a.to, by=seat)
        zone = state.zones[a.to]
        return f"{src}: {len(a.pieces)} card(s) go to {zone.label or a.to}", list(a.pieces)

    def _effect_score(self, state: GameState, a: ManualEffect, seat: int, src: str,
                      tx: Tx) -> tuple[str, list[str]]:
        who = a.seat if a.seat is not None else seat
        if who not in state.seats:
            raise ActionError("bad_seat", f"there is no seat {who}")
        total = tx.add_player_counter(who, "score", a.amount, why=f"the effect of {src}, applied by hand"
                                      if a.source in state.pieces else "an effect applied by hand")
        return f"{src}: {a.amount:+d} to {state.seat_name(who)}'s score ({total})", list(a.pieces)

    def _effect_negate(self, state: GameState, a: ManualEffect, seat: int, src: str,
                       tx: Tx) -> tuple[str, list[str]]:
        rnd = round_copy(state)
        if not a.pieces or any(p not in {e.get("piece") for e in rnd} for p in a.pieces):
            raise ActionError("not_in_round", "only cards of the round in progress are negated")
        for e in rnd:
            if e.get("piece") in a.pieces:
                e["negated"] = True
        tx.set_rule("round", rnd)
        names = ", ".join(self.info(state, p).name for p in a.pieces)
        return f"{src}: negates {names}", list(a.pieces)


#: the method of `ByHand` that applies each kind of manual effect
_EFFECTS = {"draw": "_effect_draw", "discard": "_effect_discard", "look": "_effect_look", "order": "_effect_order",
            "reveal": "_effect_reveal", "done": "_effect_done", "move": "_effect_move", "score": "_effect_score",
            "negate": "_effect_negate"}
