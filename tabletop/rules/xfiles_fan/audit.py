"""Is this table, or this deck, an X-Files Fan one: the rule state a save must hold, what contradicts the rules on
the table now (when the dial is turned up), and deck construction (`xff.deck.*`).

`Audit` is a part with explicit inputs: the card lookup and the options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.ruleset import Violation
from ...core.state import GameState
from .cards import FanCards
from .common import PENDING_RULE, article, hand_of, v
from .model import CIRCUMSTANCES, ENV_ROLES

if TYPE_CHECKING:
    from ...cards import CardDef, DeckList

__all__ = ["Audit"]


class Audit:
    """`state_problems`, `audit` and `deck_problems`."""

    def __init__(self, cards: FanCards, options: Mapping[str, Any]) -> None:
        self.card, self.info, self.zone_kind = cards.card, cards.info, cards.zone_kind
        self.options = options

    def state_problems(self, state: GameState) -> list[str]:
        """What in the rule state this ruleset cannot read, each naming its field ("rules.round[0].circ: ...").

        A hand-edited save is checked here when it loads (the save loader asks `audit`, which refuses a state with
        problems), so it never loads and then fails on the next play.
        """
        r = state.rules
        out: list[str] = []
        for key in ("round", "pending"):
            if not isinstance(r.get(key) or [], list):
                out.append(f"rules.{key}: a list, not {type(r.get(key)).__name__}")
        for i, e in enumerate(r.get("round") or [] if isinstance(r.get("round") or [], list) else []):
            where = f"rules.round[{i}]"
            if not isinstance(e, Mapping):
                out.append(f"{where}: a round entry is a mapping with piece, seat, circ and negated")
                continue
            if e.get("piece") not in state.pieces:
                out.append(f"{where}.piece: {e.get('piece')!r} is no piece of this table")
            if e.get("seat") not in state.seats:
                out.append(f"{where}.seat: {e.get('seat')!r} is no seat")
            circ = e.get("circ")
            if not isinstance(circ, Mapping) or any(not isinstance(circ.get(c), bool) for c in CIRCUMSTANCES):
                out.append(f"{where}.circ: the circumstances after the card, "
                           f"{{{', '.join(f'{c}: true/false' for c in CIRCUMSTANCES)}}}")
            if not isinstance(e.get("negated", False), bool):
                out.append(f"{where}.negated: true or false")
            if e.get("value") is not None and (not isinstance(e.get("value"), int) or isinstance(e["value"], bool)):
                out.append(f"{where}.value: a whole number or null")
        for i, p in enumerate(r.get("pending") or [] if isinstance(r.get("pending") or [], list) else []):
            if not isinstance(p, Mapping) or p.get("seat") not in state.seats or p.get("kind") not in PENDING_RULE:
                out.append(f"rules.pending[{i}]: a decision is {{kind: {'/'.join(PENDING_RULE)}, seat: N}}")
        if r.get("turn") is not None and r.get("turn") not in state.seats:
            out.append(f"rules.turn: {r.get('turn')!r} is no seat")
        return out

    def audit(self, state: GameState) -> list[Violation]:
        """What on the table contradicts the rules now (shown when the dial is turned up).

        A rule state this ruleset cannot read at all raises ValueError naming each field (see `state_problems`).
        """
        r = state.rules
        if "phase" not in r:
            return [v("xff.no_game", "xff.1.1", "the table has no X-Files Fan game state: start an xfiles-fan game")]
        problems = self.state_problems(state)
        if problems:
            raise ValueError("; ".join(problems))
        out: list[Violation] = []
        in_round = {e.get("piece") for e in r.get("round") or []}
        for pid in state.zones["round"].pieces:
            if pid not in in_round:
                out.append(v("xff.table", "xff.table", f"{self.info(state, pid).name} is in the round but was never "
                              "played", (pid,)))
        for s in state.seats:
            hand = hand_of(state, s)
            if len(hand) > self.options["hand_size"]:
                out.append(v("xff.hand_size", "xff.3.1", f"{state.seat_name(s)} holds {len(hand)} cards, more than a full hand",
                              seat=s))
        for pid in state.zones["table"].pieces:
            if state.pieces[pid].kind == "card":
                out.append(v("xff.table", "xff.table", f"{self.info(state, pid).name} lies outside every zone",
                              (pid,)))
        return out

    def deck_section_for(self, card: CardDef) -> str:
        """Environment cards to the environment, covers to the covers, the rest to the draw deck."""
        kind = self.zone_kind("deck", card.ref)
        return {"environment_deck": "environment", "covers": "covers"}.get(kind, "deck")

    def deck_copy_limit(self, card: CardDef) -> int | None:
        """The copies a card's own deck limit allows in a draw deck (xff.deck.copies)."""
        return self.card(card.ref).deck_limit

    def deck_problems(self, deck: DeckList) -> list[Violation]:
        """What keeps a deck list from being legal: draw deck size and copies, environment deck, sideboard, covers."""
        parts: dict[str, list[str]] = {"deck": [], "environment_deck": [], "sideboard": [], "covers": []}
        for section in deck.sections:
            for ref in deck.expanded(section):
                parts[self.zone_kind(section, ref)].append(ref)
        o = self.options
        out = self._draw_deck_problems(parts["deck"]) + self._environment_problems(parts["environment_deck"])
        side = parts["sideboard"]
        if len(side) > o["sideboard_max"]:
            out.append(v("xff.sideboard_size", "xff.deck.sideboard", f"a sideboard has at most {o['sideboard_max']} "
                         f"cards; this one has {len(side)}"))
        for ref in dict.fromkeys(parts["covers"]):
            if self.card(ref).type != "cover":
                out.append(v("xff.cover_type", "xff.deck.covers", f"{self.card(ref).name} is not a cover card",
                             (ref,)))
        return out

    def _draw_deck_problems(self, draw: list[str]) -> list[Violation]:
        o = self.options
        out: list[Violation] = []
        if not o["deck_min"] <= len(draw) <= o["deck_max"]:
            out.append(v("xff.deck_size", "xff.deck.size", f"a draw deck has {o['deck_min']} to {o['deck_max']} "
                         f"cards; this one has {len(draw)}"))
        for ref, n in Counter(draw).items():
            info = self.card(ref)
            if info.deck_limit is not None and n > info.deck_limit:
                out.append(v("xff.deck_copies", "xff.deck.copies", f"{info.name}: {n} copies, at most "
                             f"{info.deck_limit} in a draw deck", (ref,)))
            if info.type in ("environment", "cover"):
                out.append(v("xff.deck_types", "xff.deck.types", f"{info.name} is {article(info.type)} card: it "
                             "belongs in the environment or cover deck, not the draw deck", (ref,)))
        return out

    def _environment_problems(self, env: list[str]) -> list[Violation]:
        o = self.options
        out: list[Violation] = []
        not_env = [r for r in env if self.card(r).type != "environment"]
        for ref in dict.fromkeys(not_env):
            out.append(v("xff.environment_type", "xff.deck.environment", f"{self.card(ref).name} is not an "
                         "environment card", (ref,)))
        env_cards = [r for r in env if r not in not_env]
        if len(env_cards) < o["environment_min"]:
            out.append(v("xff.environment_size", "xff.deck.environment", f"an environment deck has at least "
                         f"{o['environment_min']} environment cards; this one has {len(env_cards)}"))
        for caps, n in Counter(self.card(r).caps for r in env_cards if self.card(r).caps).items():
            if n > o["environment_same_name"]:
                out.append(v("xff.environment_names", "xff.deck.environment", f"{n} environment cards are named "
                             f"{caps}; at most {o['environment_same_name']}"))
        for role in ENV_ROLES:
            if not any(role in self.card(r).caps.split() for r in env_cards):
                out.append(v("xff.environment_role", "xff.1.4", f"the environment deck has no {role} card to play "
                             "in the setup"))
        return out
