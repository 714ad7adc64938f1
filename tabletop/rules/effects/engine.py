"""The one interpreter of abilities: triggers them, keeps pending ones as rule state, lists and checks their choices,
runs their steps through `Tx`, expires lasting modifiers at the ruleset's steps, and counts the card text played.

Rule state (`state.rules["effects"]`, plain data, only ever replaced): `pending` (abilities waiting for a choice:
`id`, `ability` (card#index), `card`, `source`, `gen`, `seat`, `chosen` {target: [pieces]}, `queue` (steps left, or
None before the first), `stage` (`targets`, `confirm`, `option`), `then` (the ruleset's note of what to do after)),
`mods` (lasting modifiers: piece, gen, stat/keyword, amount, until, source) and `next` (the next pending id); and
`state.rules["card_text"]`: [resolved, engine, by_hand], each time a card's text came to apply, whether the engine
ran it all.

A ruleset builds one `Effects(ruleset, vocabulary)` and calls `trigger` where its cards' text applies, `choices`
from its legal moves, `check`/`reduce` for the `EFFECT_ACTIONS`, `violations` from the check of the action that
plays a card (a failed condition: strict refuses, warn applies and logs), and `expire` at its steps. When the last
pending ability of a trigger closes, it calls `ruleset.effects_done(state, tx, entry)` (when the ruleset has it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...core.reducer import ActionError, Tx
from ...core.ruleset import Violation
from ...core.state import GameState
from ...errors import register_many
from .actions import ChooseOption, ChooseTarget, DeclineEffect, ResolveEffect
from .model import Ability, Selection, chooser, options, step_name
from .vocab import KEY, Ctx, EffectStopped, Vocabulary

#: the rule state key of the counts of card text played: [resolved, engine, by_hand]
COUNT_KEY = "card_text"

__all__ = ["COUNT_KEY", "CardText", "Effects"]

register_many("violation", [
    ("effects.condition", ("effects",), "a card's effect is used only when its conditions hold"),
    ("effects.target", ("effects",), "a card's effect targets only what the card allows"),
    ("effects.pending", ("effects",), "a card's effect is finished before the game goes on"),
    ("effects.decline", ("effects",), "strict play applies every automated effect (decline it in warn or off)"),
    ("effects.not_yours", ("effects",), "a card's effect is chosen by the player it names"),
    ("effects.no_pending", ("effects",), "there is no such pending effect"),
])
register_many("error", [
    ("effect_step", (), "a card's effect cannot run as written"),
    ("no_zone", (), "a card's effect names a zone this table does not have"),
    ("effect_gone", (), "the card's effect was already answered"),
])

_CHOICES = {"effects.target", "effects.option", "effects.resolve", "effects.decline"}


class CardText:
    """What the engine makes of one card's text: its abilities, the sentences left to apply by hand, and whether
    a designer wrote the abilities (`designed`) or a compiler read them from the text."""

    __slots__ = ("abilities", "left", "designed", "has_text", "by_when")

    def __init__(self, abilities: Sequence[Ability], left: Sequence[str], *, designed: bool = False,
                 has_text: bool = True) -> None:
        self.abilities = tuple(abilities)
        self.left = tuple(left)
        self.designed = designed
        self.has_text = has_text or bool(self.abilities)
        self.by_when: dict[str, tuple[Ability, ...]] = {}
        for a in self.abilities:
            self.by_when[a.when] = (*self.by_when.get(a.when, ()), a)

    @property
    def status(self) -> str:
        """`no_text`, `automated`, `partly` or `by_hand` (`tabletop cards coverage`)."""
        if not self.has_text:
            return "no_text"
        if not self.left:
            return "automated"
        return "partly" if self.abilities else "by_hand"

    def when(self, when: str) -> tuple[Ability, ...]:
        return self.by_when.get(when, ())


class Effects:
    """The interpreter of one ruleset's abilities (its vocabulary over the kit's)."""

    def __init__(self, ruleset: Any, vocabulary: Vocabulary) -> None:
        self.ruleset = ruleset
        self.vocab = vocabulary

    # -- reading --

    def text(self, ref: str | None) -> CardText:
        return self.ruleset.card_text(ref)

    def ability(self, key: str) -> Ability | None:
        ref, _, index = key.rpartition("#")
        found = self.text(ref).abilities
        i = int(index) - 1 if index.isdigit() else -1
        return found[i] if 0 <= i < len(found) else None

    @staticmethod
    def book(state: GameState) -> dict[str, Any]:
        return state.rules.get(KEY) or {}

    def pending(self, state: GameState, seat: int | None = None) -> list[dict[str, Any]]:
        found = self.book(state).get("pending") or []
        return [p for p in found if seat is None or p.get("seat") == seat]

    def _write(self, state: GameState, tx: Tx, **changes: Any) -> None:
        tx.set_rule(KEY, {**self.book(state), **changes})

    def ctx(self, state: GameState, seat: int | None, source: str | None, ability: Ability | None = None,
            targets: Mapping[str, list[str]] | None = None, **data: Any) -> Ctx:
        return Ctx(state, self.ruleset, seat, source, ability, dict(targets or {}), dict(data))

    # -- conditions --

    def violations(self, state: GameState, source: str, seat: int | None, when: str = "played") -> list[Violation]:
        """What the conditions of `source`'s abilities that apply `when` find broken (each cites its rule)."""
        piece = state.pieces.get(source)
        if piece is None:
            return []
        out = []
        for ability in self.text(piece.card).when(when):
            ctx = self.ctx(state, seat, source, ability)
            for name, args in ability.conditions:
                why = self.vocab.conditions[name](ctx, args)
                if why:
                    title = ctx.name(source)
                    out.append(Violation("effects.condition", self.vocab.rule_of(name), f"{title}: {why}",
                                         (source,), seat))
        return out

    def broken(self, state: GameState, source: str, seat: int | None, when: str = "played") -> bool:
        """Whether `violations` would find anything, yes or no: no sentence made (the move listers ask it of every
        card in a hand)."""
        piece = state.pieces.get(source)
        if piece is None:
            return False
        conditions = self.vocab.conditions
        for ability in self.text(piece.card).when(when):
            if ability.conditions:
                ctx = self.ctx(state, seat, source, ability)
                for name, args in ability.conditions:
                    if conditions[name](ctx, args):
                        return True
        return False

    def holds(self, state: GameState, ability: Ability, seat: int | None, source: str | None, **data: Any) -> bool:
        ctx = self.ctx(state, seat, source, ability, **data)
        return not any(self.vocab.conditions[n](ctx, a) for n, a in ability.conditions)

    # -- triggering --

    def trigger(self, state: GameState, tx: Tx, source: str, seat: int | None, when: str = "played", *,
                then: Any = None, count: bool = True, note_left: bool = True, held: bool = False) -> bool:
        """Apply the abilities of `source` that apply `when`: at once when nothing is to choose (and the table is
        strict), else as pending abilities its seat answers. Returns whether any is pending (the ruleset waits).
        `held`: only those whose conditions hold now (a card with several abilities used from play)."""
        piece = state.pieces.get(source)
        if piece is None:
            return False
        text = self.text(piece.card)
        abilities = text.when(when)
        if count and when in ("played", "resolved") and text.has_text:
            self.count(state, tx, engine=not text.left)
            if text.left and note_left:
                tx.note("effects.by_hand", seat, f"{self.ruleset.ref(state, source)}: apply by hand: "
                        f"{' / '.join(text.left)}", {"source": source})
        waiting = False
        for ability in abilities:
            if not ability.do and not ability.cost:
                continue  # conditions only: they are checked when the card is played, nothing runs
            user = self._user(state, ability, piece.owner if piece.owner is not None else seat)
            if held and not self.holds(state, ability, user, source):
                continue
            if self._now(state, ability):
                self.run(state, tx, ability, user, source, {})
                continue
            self._add_pending(state, tx, ability, user, source, then)
            waiting = True
        return waiting

    def _user(self, state: GameState, ability: Ability, owner: int | None) -> int | None:
        if ability.who == "opponent" and owner in state.seats and len(state.seats) > 1:
            return state.seats[(state.seats.index(owner) + 1) % len(state.seats)]
        return owner

    def _now(self, state: GameState, ability: Ability) -> bool:
        return (state.enforcement == "strict" and all(t.takes_all for t in ability.targets)
                and not _has_choose(ability.cost + ability.do))

    def _add_pending(self, state: GameState, tx: Tx, ability: Ability, seat: int | None, source: str,
                     then: Any) -> None:
        book = self.book(state)
        n = int(book.get("next", 1))
        entry = {"id": n, "ability": ability.key, "source": source, "gen": state.pieces[source].gen, "seat": seat,
                 "chosen": {}, "queue": None, "stage": "targets", "then": then}
        if not any(not t.takes_all for t in ability.targets) and state.enforcement != "strict":
            entry["stage"] = "confirm"
        if any(t.select.get("chooser") == "opponent" for t in ability.targets if not t.takes_all):
            entry.update(seat=self.ctx(state, seat, source).seat_of("opponent"), actor=seat)  # "Force an opponent to
            # remove one ... (their choice)": the opponent answers the targets, the ability stays its user's
        self._write(state, tx, pending=[*book.get("pending", ()), entry], next=n + 1)
        for t in ability.targets:  # "examine an opponent's hand and remove one of the cards": shown, then chosen
            if t.select.get("shown") and seat is not None:
                for pid in self.candidates(state, ability, t, seat, source, {}):
                    if not state.can_see(state.pieces[pid], seat):
                        tx.change(pid, known=state.pieces[pid].known | {seat})
        for t in ability.targets:  # a search: its chooser looks through its own hidden zone (a shuffle forgets it)
            if t.select.get("search") and seat is not None:
                for zone in _zones(state, t.select.get("zone")):
                    for pid in zone.pieces if zone.owner == seat else ():
                        if not state.can_see(state.pieces[pid], seat):
                            tx.change(pid, known=state.pieces[pid].known | {seat})

    @staticmethod
    def counts(state: GameState) -> list[int]:
        """The card text played so far: [resolved, engine, by_hand] (`rules.card_text`)."""
        found = state.rules.get(COUNT_KEY)
        return list(found) if isinstance(found, list) and len(found) == 3 else [0, 0, 0]

    def count(self, state: GameState, tx: Tx, *, engine: bool, n: int = 1) -> None:
        """Count a card's text coming to apply: by the engine, or left to the players (its own rule key, a small
        list made for this change: counted at every card played)."""
        self.tally(state, tx, n if engine else 0, 0 if engine else n)

    def tally(self, state: GameState, tx: Tx, engine: int, by_hand: int) -> None:
        """Count `engine + by_hand` card texts at once (a ruleset that counts a round's cards when it is scored)."""
        if not engine and not by_hand:
            return
        found = state.rules.get(COUNT_KEY)
        resolved, ran, left = found if found is not None and len(found) == 3 else (0, 0, 0)
        tx.set_rule(COUNT_KEY, [resolved + engine + by_hand, ran + engine, left + by_hand], fresh=True)

    # -- running --

    def run(self, state: GameState, tx: Tx, ability: Ability, seat: int | None, source: str | None,
            chosen: Mapping[str, list[str]], queue: list[Any] | None = None, **data: Any) -> list[Any]:
        """Run an ability's steps (all of them, or `queue`, those left) through `tx`, its targets chosen; returns
        the steps left when it stops at a "choose one" (empty when done). Logs one line per ability."""
        ctx = self.ctx(state, seat, source, ability, self._all_targets(state, ability, seat, source, chosen), **data)
        steps = list(ability.cost + ability.do) if queue is None else list(queue)
        said: list[str] = []
        while steps:
            step = steps[0]
            name = step_name(step)
            if name == "choose":
                break
            steps.pop(0)
            try:
                words = self.vocab.primitives[name](ctx, tx, step[name])
            except EffectStopped as stop:
                said.append(str(stop))
                steps = []
                break
            if words:
                said.append(words)
        if said:
            title = self.ruleset.ref(state, source) if source else "an effect"
            tx.note("effects.applied", seat, f"{title}: {'; '.join(said)}", {"source": source, "ability": ability.index})
        return steps

    def evaluate(self, state: GameState, tx: Tx, ability: Ability, seat: int | None, source: str | None,
                 **data: Any) -> Ctx:
        """Run an ability that has no choices for what its steps leave in `ctx.data` (e.g. a score being summed)."""
        ctx = self.ctx(state, seat, source, ability, self._all_targets(state, ability, seat, source, {}), **data)
        for step in ability.cost + ability.do:
            name = step_name(step)
            if name != "choose":
                self.vocab.primitives[name](ctx, tx, step[name])
        return ctx

    def _all_targets(self, state: GameState, ability: Ability, seat: int | None, source: str | None,
                     chosen: Mapping[str, list[str]]) -> dict[str, list[str]]:
        out = {k: list(v) for k, v in chosen.items()}
        for t in ability.targets:
            if t.takes_all:
                out[t.name] = self.candidates(state, ability, t, seat, source, out)
        return out

    def candidates(self, state: GameState, ability: Ability, target: Selection, seat: int | None,
                   source: str | None, chosen: Mapping[str, list[str]]) -> list[str]:
        """The pieces `target` may name now, in table order (cards a chooser cannot see only when the selector
        asks nothing of their face)."""
        out = list(self._candidates(state, ability, target, seat, source, chosen))
        if target.select.get("search"):  # a searched zone is listed in no telling order (its order stays hidden)
            out.sort(key=lambda p: (str(state.pieces[p].card), p))
        return out

    def any_candidate(self, state: GameState, ability: Ability, target: Selection, seat: int | None,
                      source: str | None) -> bool:
        """Whether `candidates` (with nothing chosen yet) names any piece, yes or no: it stops at the first."""
        return next(self._candidates(state, ability, target, seat, source, {}), None) is not None

    def _candidates(self, state: GameState, ability: Ability, target: Selection, seat: int | None,
                    source: str | None, chosen: Mapping[str, list[str]]) -> Iterable[str]:
        ctx = self.ctx(state, seat, source, ability, chosen)
        select = target.select
        selectors = self.vocab.selectors
        blind = all(k in ("zone", "owner", "not") or k in self.vocab.blind for k in select)
        taken = set(chosen.get(target.name, ()))
        search = bool(select.get("search"))
        can_see = state.can_see
        for zone in _zones(state, select.get("zone")):
            for pid in zone.pieces:
                piece = state.pieces[pid]
                if pid in taken or (not blind and not can_see(piece, seat)
                                    and not (search and _sees(state, select, piece, seat))):
                    continue
                if all(selectors[k](ctx, piece, v) for k, v in select.items()):
                    yield pid

    # -- choices as actions --

    def choices(self, state: GameState, seat: int | None) -> list[Any]:
        """The legal answers of `seat` to the first pending ability it must answer (none when there is none)."""
        for entry in self.pending(state):
            if entry.get("seat") != seat:
                continue
            return self._answers(state, entry)
        return []

    def _answers(self, state: GameState, entry: Mapping[str, Any]) -> list[Any]:
        ability = self.ability(entry["ability"])
        n = entry["id"]
        out: list[Any] = []
        if ability is not None:
            if entry["stage"] == "confirm":
                out.append(ResolveEffect(n, ability.text[:60]))
            elif entry["stage"] == "option":
                branches = options(entry["queue"][0]["choose"])
                out += [ChooseOption(n, i, _branch_words(b)) for i, b in enumerate(branches, 1)
                        if self._offered(state, ability, entry, b)]
            else:
                out += self._target_answers(state, ability, entry)
        if state.enforcement != "strict" or ability is None:
            out.append(DeclineEffect(n, ability.text[:60] if ability else ""))
        return out

    def _target_answers(self, state: GameState, ability: Ability, entry: Mapping[str, Any]) -> list[Any]:
        target = self._open_target(ability, entry["chosen"])
        if target is None:
            return [ResolveEffect(entry["id"])]
        have = entry["chosen"].get(target.name, [])
        seat = entry["seat"]
        found = self.candidates(state, ability, target, seat, entry["source"], entry["chosen"])
        out: list[Any] = []
        unseen = 0
        for p in found:  # a card its chooser cannot see is named by its place among the unseen: no id, no handle
            if _sees(state, target.select, state.pieces[p], seat):
                out.append(ChooseTarget(entry["id"], target.name, p))
            else:
                unseen += 1
                out.append(ChooseTarget(entry["id"], target.name, blind=unseen))
        if len(have) >= target.low or not found:
            out.append(ChooseTarget(entry["id"], target.name, more=False))
        return out

    def _target_piece(self, state: GameState, entry: Mapping[str, Any], a: ChooseTarget) -> str | None:
        """The piece a choice picks (its `piece`, or the `blind`-th unseen candidate), or None when none."""
        ability = self.ability(entry["ability"])
        target = self._open_target(ability, entry["chosen"]) if ability is not None else None
        if target is None or a.target != target.name or not a.more:
            return None
        found = self.candidates(state, ability, target, entry["seat"], entry["source"], entry["chosen"])
        if a.blind:
            unseen = [p for p in found if not _sees(state, target.select, state.pieces[p], entry["seat"])]
            return unseen[a.blind - 1] if 0 < a.blind <= len(unseen) and a.piece is None else None
        return a.piece if a.piece in found and _sees(state, target.select, state.pieces[a.piece], entry["seat"]) \
            else None

    def _target_allowed(self, state: GameState, entry: Mapping[str, Any], a: ChooseTarget) -> bool:
        """Whether a choice is one `_target_answers` lists."""
        if a.more:
            return self._target_piece(state, entry, a) is not None
        ability = self.ability(entry["ability"])
        target = self._open_target(ability, entry["chosen"]) if ability is not None else None
        if target is None or a.target != target.name or a.piece is not None or a.blind:
            return False
        found = self.candidates(state, ability, target, entry["seat"], entry["source"], entry["chosen"])
        return len(entry["chosen"].get(target.name, [])) >= target.low or not found

    @staticmethod
    def _open_target(ability: Ability, chosen: Mapping[str, Any]) -> Selection | None:
        for t in ability.targets:
            if t.takes_all:
                continue
            have = chosen.get(t.name)
            if have is None or (isinstance(have, list) and len(have) < (t.high or 0) and not chosen.get(f"{t.name}!")):
                return t
        return None

    def is_choice(self, action: Any) -> bool:
        return getattr(action, "type", None) in _CHOICES

    def check(self, state: GameState, action: Any, seat: int | None) -> list[Violation]:
        """What a choice breaks: not the chooser's, no such pending ability, a target the card does not allow, a
        decline in strict play."""
        entry = next((p for p in self.pending(state) if p.get("id") == action.pending), None)
        if entry is None:
            return [Violation("effects.no_pending", "effects", "there is no such pending effect", (), seat)]
        if entry.get("seat") != seat:
            return [Violation("effects.not_yours", "effects", f"this effect is {state.seat_name(entry.get('seat'))}'s "
                              "to answer", (), seat)]
        if isinstance(action, DeclineEffect):
            if state.enforcement == "strict" and self.ability(entry["ability"]) is not None:
                return [Violation("effects.decline", self.vocab.rule or "effects", "strict play applies every "
                                  "automated effect; turn the dial to warn to apply it by hand", (), seat)]
            return []
        allowed = self._target_allowed(state, entry, action) if isinstance(action, ChooseTarget) else \
            any(_same(action, a) for a in self._answers(state, entry))
        if not allowed:
            ability = self.ability(entry["ability"])
            what = ability.text if ability is not None and ability.text else "the card"
            return [Violation("effects.target", self.vocab.rule or "effects", f"{what} does not allow that choice",
                              _pieces_of(action), seat)]
        return []

    # -- reducing a choice --

    def reduce(self, state: GameState, action: Any, seat: int | None, tx: Tx) -> None:
        entries = self.pending(state)
        entry = next((dict(p) for p in entries if p.get("id") == action.pending), None)
        if entry is None:
            raise ActionError("effect_gone", "there is no such pending effect")
        ability = self.ability(entry["ability"])
        if isinstance(action, DeclineEffect) or ability is None:
            self._decline(state, tx, entry, seat)
            return
        if isinstance(action, ChooseTarget):
            self._choose_target(state, entry, ability, action)
            if self._open_target(ability, entry["chosen"]) is not None:
                self._replace(state, tx, entry)
                return
        elif isinstance(action, ChooseOption):
            branches = options(entry["queue"][0]["choose"])
            if not 1 <= action.option <= len(branches):
                raise ActionError("effect_step", f"option {action.option} is not one of 1..{len(branches)}")
            entry["queue"] = [*branches[action.option - 1], *entry["queue"][1:]]
        self._continue(state, tx, entry, ability)

    def _choose_target(self, state: GameState, entry: dict[str, Any], ability: Ability, a: ChooseTarget) -> None:
        chosen = {k: list(v) if isinstance(v, list) else v for k, v in entry["chosen"].items()}
        if a.more:
            pid = self._target_piece(state, entry, a) or (a.piece if a.piece in state.pieces else None)
            if pid is None:
                raise ActionError("effect_gone", "that card cannot be chosen now")
            chosen[a.target] = [*chosen.get(a.target, []), pid]
        else:
            chosen.setdefault(a.target, [])
            chosen[f"{a.target}!"] = True
        entry["chosen"] = chosen

    def _continue(self, state: GameState, tx: Tx, entry: dict[str, Any], ability: Ability) -> None:
        chosen = {k: v for k, v in entry["chosen"].items() if not k.endswith("!")}
        actor = entry.get("actor", entry["seat"])  # the ability's user; `seat` answers the choice open now
        left = self.run(state, tx, ability, actor, entry["source"], chosen, entry["queue"])
        if left:
            entry.update(queue=left, stage="option", seat=self._chooser(state, left[0]["choose"], actor))
            if entry["seat"] != actor:
                entry["actor"] = actor
            else:
                entry.pop("actor", None)
            self._replace(state, tx, entry)
            return
        self._close(state, tx, entry)

    def _chooser(self, state: GameState, args: Any, actor: int | None) -> int | None:
        """The seat that answers a `choose` step: the ability's user, or its opponent (`by: opponent`)."""
        if chooser(args) != "opponent":
            return actor
        return self.ctx(state, actor, None).seat_of("opponent")

    def _offered(self, state: GameState, ability: Ability, entry: Mapping[str, Any], branch: Any) -> bool:
        """Whether an option of a `choose` is open: its first step's precondition (`Vocabulary.affords`, e.g. a
        pool that can pay) holds, read with the ability's user as the acting seat."""
        if not branch:
            return True
        name = step_name(branch[0])
        check = self.vocab.affords.get(name)
        if check is None:
            return True
        chosen = {k: v for k, v in entry["chosen"].items() if not k.endswith("!")}
        ctx = self.ctx(state, entry.get("actor", entry["seat"]), entry["source"], ability, chosen)
        return check(ctx, branch[0][name]) is None

    def _replace(self, state: GameState, tx: Tx, entry: dict[str, Any]) -> None:
        book = self.book(state)
        self._write(state, tx, pending=[entry if p.get("id") == entry["id"] else p for p in book.get("pending", ())])

    def _close(self, state: GameState, tx: Tx, entry: Mapping[str, Any]) -> None:
        book = self.book(state)
        rest = [p for p in book.get("pending", ()) if p.get("id") != entry["id"]]
        self._write(state, tx, pending=rest)
        then = entry.get("then")
        if then is not None and not any(p.get("then") == then for p in rest):
            done = getattr(self.ruleset, "effects_done", None)
            if done is not None:
                done(state, tx, dict(entry))

    def _decline(self, state: GameState, tx: Tx, entry: Mapping[str, Any], seat: int | None) -> None:
        ability = self.ability(entry["ability"])
        source = entry.get("source")
        words = ability.text if ability is not None and ability.text else "its text"
        title = self.ruleset.ref(state, source) if source in state.pieces else "a card"
        tx.note("effects.declined", seat, f"{state.seat_name(seat)} declines the automated effect of {title} and "
                f"applies it by hand: {words}", {"source": source, "ability": ability.index if ability else None})
        resolved, ran, by_hand = self.counts(state)
        if ran > 0:
            tx.set_rule(COUNT_KEY, [resolved, ran - 1, by_hand + 1], fresh=True)
        self._close(state, tx, {**entry, "declined": True})

    # -- durations --

    def expire(self, state: GameState, tx: Tx, step: str) -> None:
        """End the lasting modifiers whose duration ends at the ruleset's step `step`."""
        book = state.rules.get(KEY)
        mods = book.get("mods") if book else None
        if not mods:
            return
        ending = {name for name, at in self.vocab.durations.items() if at == step}
        kept = [m for m in mods if m.get("until") not in ending and m.get("piece") in state.pieces
                and state.pieces[m["piece"]].gen == m.get("gen")]
        if len(kept) != len(mods):
            self._write(state, tx, mods=kept)

    def keywords(self, state: GameState, pid: str, printed: Iterable[str]) -> set[str]:
        """A piece's keywords now: the printed ones, with those the lasting modifiers add or take away."""
        piece = state.pieces.get(pid)
        out = {str(k).casefold() for k in printed}
        for m in self.book(state).get("mods") or ():
            if piece is not None and m.get("piece") == pid and m.get("gen") == piece.gen and m.get("keyword"):
                word = str(m["keyword"]).casefold()
                (out.discard if m.get("lose") else out.add)(word)
        return out


def _sees(state: GameState, select: Mapping[str, Any], piece: Any, seat: int | None) -> bool:
    """Whether a chooser sees a card's face: it may, or the target searches the chooser's own hidden zone."""
    if state.can_see(piece, seat):
        return True
    return bool(select.get("search")) and seat is not None and piece.owner == seat \
        and state.zones[piece.zone].owner == seat


def _has_choose(steps: Iterable[Mapping[str, Any]]) -> bool:
    return any(step_name(s) == "choose" for s in steps)


def _zones(state: GameState, wanted: Any) -> list[Any]:
    """The zones a selector's `zone` names (kinds or names; None: every zone), in table order.

    A table's zones are fixed once it is set up (no event adds or removes one): on a fast-path table
    (`GameState.derived`) each answer is kept, per `zone` asked."""
    derived = state.derived
    key = None
    if derived is not None and (wanted is None or type(wanted) is str):
        key = ("effects.zones", wanted)
        found = derived.get(key)
        if found is not None:
            return found
    if wanted is None:
        found = list(state.zones.values())
    else:
        kinds = wanted if isinstance(wanted, (list, tuple)) else (wanted,)
        found = [z for z in state.zones.values() if z.kind in kinds or z.name in kinds]
    if key is not None:
        derived[key] = found
    return found


def _branch_words(branch: Sequence[Mapping[str, Any]]) -> str:
    """What an option of "choose one" is called: its steps' own `words` when they have them, else their names with
    the values they name ("to section: field", "add stat: Observation, 1"), so options of one step differ."""
    def words(step: Mapping[str, Any]) -> str:
        name = step_name(step)
        args = step[name]
        if isinstance(args, Mapping) and args.get("words"):
            return str(args["words"])
        named = [str(v) for k, v in args.items() if k not in _UNSAID and isinstance(v, (str, int))
                 and not isinstance(v, bool)] if isinstance(args, Mapping) else []
        return name.replace("_", " ") + (f": {', '.join(named)}" if named else "")
    return ", then ".join(words(s) for s in branch)[:60]


#: step arguments an option's name leaves out: whom it applies to and for how long, the same in every option
_UNSAID = frozenset({"target", "seat", "until"})


def _same(a: Any, b: Any) -> bool:
    """Whether two choices answer alike (the words a listing adds, `text`, aside)."""
    return type(a) is type(b) and all(getattr(a, f, None) == getattr(b, f, None)
                                      for f in ("pending", "target", "piece", "option"))


def _pieces_of(action: Any) -> tuple[str, ...]:
    piece = getattr(action, "piece", "")
    return (piece,) if piece else ()
