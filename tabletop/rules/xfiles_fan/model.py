"""What the `xfiles-fan` engine reads from a card, the rule numbers it cites, and the pure legality tests.

Kept apart from the ruleset class so the legality of a card (tags, negation, circumstances, play limits) can be
tested and reused (by bots, the HUD, an importer's preview) without a table.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "CIRCUMSTANCES",
    "ENV_ROLES",
    "ROUND_STARTERS",
    "ROUND_FOLLOWERS",
    "RULE_TEXT",
    "SIGNS",
    "CardInfo",
    "caps_part",
    "card_info",
    "circumstance_problems",
    "circumstance_rules",
    "circumstances_hold",
    "establish",
    "establish_ops",
    "tag_problems",
    "value_range",
]

CIRCUMSTANCES = ("progress", "opposition", "jeopardy")
#: The environment is set up in this order (Sequence 1): first player, opponent, first player.
ENV_ROLES = ("SCULLY", "MULDER", "X-FILES")
ROUND_STARTERS = ("case", "incident")
ROUND_FOLLOWERS = ("following", "conclusion")
SIGNS = ("positive", "negative", "conflict")

#: Every rule the engine cites. `xff.N.M` is step N of the rules file's Sequence (sentence M of that step);
#: `xff.legal.*` the legality of a card in a round; `xff.deck.*` deck construction; `xff.table` the zones.
RULE_TEXT = {
    "xff.deck.size": "A draw deck has 39 to 65 cards (options deck_min, deck_max).",
    "xff.deck.copies": "A draw deck holds at most deckOrdinality copies of a card (null or '+': no limit).",
    "xff.deck.environment": "An environment deck has at least 3 environment cards, at most 2 sharing the same "
                            "all-capitals part of their name.",
    "xff.deck.sideboard": "A sideboard has at most 13 cards (option sideboard_max).",
    "xff.deck.covers": "A cover deck holds cover cards only.",
    "xff.deck.types": "Environment and cover cards are not shuffled into the draw deck.",
    "xff.1.1": "Setup: both players shuffle their draw decks.",
    "xff.1.2": "Draw for high card: the highest revealed drawValue wins; redraw on a tie or when neither reveals.",
    "xff.1.3": "The winner of the draw for high card chooses who plays first.",
    "xff.1.4": "The first player plays a SCULLY environment card, the opponent a MULDER card, the first player an "
               "X-FILES card.",
    "xff.1.5": "The opponent of the X-FILES player takes the first turn.",
    "xff.2.1": "Start of a period: discards go back into draw decks and the decks are shuffled.",
    "xff.2.2": "Start of a period: hands are drawn to the hand size.",
    "xff.3": "Players alternate turns; only the player whose turn it is plays a card or passes.",
    "xff.3.1": "A turn starts by drawing cards to fill the hand.",
    "xff.3.2": "With no round in progress, the player must play a Case or Incident if one is legal, else pass.",
    "xff.3.3": "In a round, the player must play a legal Following or Conclusion if one exists, else pass.",
    "xff.3.4": "After placing a card in the round, the player may play one Action card.",
    "xff.4": "Both players pass with no round in progress: each discards two cards (or, by option, redraws the "
             "hand), then the same first player's turn again.",
    "xff.5.1": "A round ends when a Conclusion is played or when both players pass in succession.",
    "xff.5.2": "The round's point values (negated cards count 0) go to the player who played its last card.",
    "xff.5.3": "A positive, negative or conflict value is chosen, in its sign's range, by the player who played "
               "the card when the round is scored.",
    "xff.5.4": "The player of the round's last card starts the next round; round cards go to their owners' "
               "discard piles.",
    "xff.6.1": "A period ends at the end of the round in progress when a player draws the last card of their draw "
               "deck (at once if no round is in progress).",
    "xff.6.2": "Between periods, cards are exchanged 1 for 1 between draw deck and sideboard (the sideboard count "
               "is unchanged).",
    "xff.6.3": "Cards on the table cannot be exchanged.",
    "xff.7": "After the last period the higher score wins; a tie is a result.",
    "xff.legal.first": "A Case or Incident starts a round when the environment provides its required tags.",
    "xff.legal.requires": "Every required tag is provided by an environment card in play or by a card earlier in "
                          "the round that is not negated.",
    "xff.legal.prevented": "A card cannot be played while a tag that prevents it is provided.",
    "xff.legal.circumstances": "A card's required circumstances must match the circumstances in force.",
    "xff.legal.after": "A card playable only immediately following a Case (or another type) goes right after a card "
                       "of that type in the round.",
    "xff.legal.ordinality": "Fewer than playOrdinality copies of a card may already be in the round.",
    "xff.table": "Cards move between zones only as the Sequence of Play says.",
    "xff.text": "A card's text does what it says: the engine runs what it reads (its effects) and the players apply "
                "the rest by hand.",
    "xff.text.conclusion": "A card whose text makes a Conclusion wait keeps it back until the cards it asks for "
                           "have been played after it.",
    "xff.text.capture": "A captured character provides nothing while captured: cards that depend on it cannot be "
                        "played, and those already played do not score.",
}


def _get(fields: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if name in fields:
            return fields[name]
    return None


def _tags(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value.strip(),) if value.strip() else ()
    if isinstance(value, (list, tuple)):
        return tuple(str(v).strip() for v in value if v is not None and str(v).strip())
    return ()


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def caps_part(name: str) -> str:
    """The all-capitals part of a card name ("Dana SCULLY" -> "SCULLY", "X-FILES" -> "X-FILES")."""
    words = [w.strip(".,:;!?'\"") for w in name.split()]
    caps = [w for w in words if len(re.sub(r"[^A-Za-z]", "", w)) >= 2 and w.upper() == w and re.search("[A-Z]", w)]
    return " ".join(caps)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """The parts of a card the engine reads; tags compare case-insensitively."""

    ref: str
    name: str
    type: str
    text: str = ""
    caps: str = ""
    draw_value: int | None = None
    points: int | str | None = None
    provides: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    prevented_by: tuple[str, ...] = ()
    negates: tuple[str, ...] = ()
    requires_circ: Mapping[str, Any] = field(default_factory=dict)
    establishes_circ: Mapping[str, Any] = field(default_factory=dict)
    play_limit: int | None = None
    deck_limit: int | None = None
    unparsed: tuple[str, ...] = ()
    #: "Playable only immediately following a _Case_": the type of the round card it must come right after
    immediately_after: str = ""
    #: the card's Investment (environment characters and some Followings)
    investment: int | None = None
    # what the card's abilities add (`cardtext.refine`): a Conclusion waits for N cards setting a circumstance
    # after this one; in the environment it adds its Investment to this character's; its play has conditions; its
    # text decides its value at scoring; it has game text; the engine runs some of it
    conclusion_needs: tuple[tuple[str, int], ...] = ()
    investment_bonus_of: str = ""
    play_conditions: bool = False
    value_by_text: bool = False
    has_text: bool = False
    abilities: bool = False

    @property
    def fixed_points(self) -> int | None:
        return self.points if isinstance(self.points, int) else None

    @property
    def sign(self) -> str | None:
        """`positive`, `negative` or `conflict` when the value is chosen at scoring (other text: `conflict`)."""
        if self.points is None or isinstance(self.points, int):
            return None
        return self.points if self.points in SIGNS else "conflict"

    def provided(self) -> set[str]:
        return {t.casefold() for t in self.provides}


def card_info(card: Any) -> CardInfo:
    """A CardInfo from a CardDef (snake_case or the source's camelCase field names both work).

    A card whose data has no tag fields but whose text has bracketed phrases gets them parsed from the text.
    """
    f = card.fields
    ctype = str(card.type).strip().lower()
    provides = list(_tags(_get(f, "provides")))
    provides += _tags(_get(f, "themes"))
    provides += _tags(_get(f, "theme"))
    caps = caps_part(card.name) if ctype == "environment" else ""
    if caps:
        provides.append(caps)
    requires = _tags(_get(f, "requires"))
    prevented = _tags(_get(f, "prevented_by", "preventedBy"))
    negates = _tags(_get(f, "negates"))
    unparsed = _tags(_get(f, "unparsed"))
    if not (requires or prevented or negates or _get(f, "provides", "unparsed")) and "[" in card.text:
        from ...cards.importers.xfiles_fan_js import parse_description

        parsed = parse_description(card.text)
        requires, prevented, negates = tuple(parsed.requires), tuple(parsed.prevented_by), tuple(parsed.negates)
        provides += parsed.provides
        unparsed = tuple(parsed.unparsed)
    after = _get(f, "immediately_after", "immediatelyAfter")
    if not isinstance(after, str) and "immediately" in card.text:
        from ...cards.importers.xfiles_fan_js import parse_immediately_after

        after = next((a for a in map(parse_immediately_after, card.text.splitlines()) if a), "")
    points = _get(f, "point_value", "pointValue")
    if isinstance(points, float) and points.is_integer():
        points = int(points)
    if isinstance(points, str):
        s = points.strip()
        points = int(s) if re.fullmatch(r"[+-]?\d+", s) else s.casefold()
    elif points is not None and not isinstance(points, int) or isinstance(points, bool):
        points = "conflict"
    deck_limit = _int_or_none(_get(f, "deck_ordinality", "deckOrdinality"))
    req = _get(f, "requires_circumstances", "requiresCircumstances")
    est = _get(f, "establishes_circumstances", "establishesCircumstances")
    return CardInfo(
        ref=card.ref,
        name=card.name,
        type=ctype,
        text=card.text,
        caps=caps,
        draw_value=_int_or_none(_get(f, "draw_value", "drawValue")),
        points=points,
        provides=tuple(dict.fromkeys(provides)),
        requires=requires,
        prevented_by=prevented,
        negates=negates,
        requires_circ=dict(req) if isinstance(req, Mapping) else {},
        establishes_circ=dict(est) if isinstance(est, Mapping) else {},
        play_limit=_int_or_none(_get(f, "play_ordinality", "playOrdinality")),
        deck_limit=deck_limit,
        unparsed=unparsed,
        immediately_after=after.strip().lower() if isinstance(after, str) else "",
        investment=_int_or_none(_get(f, "investment_value", "investmentValue")),
    )


def value_range(sign: str, limit: int) -> range:
    """The values a player may choose for a card of this sign (xff.5.3)."""
    if sign == "positive":
        return range(1, limit + 1)
    if sign == "negative":
        return range(-limit, 0)
    return range(-limit, limit + 1)


# ------------------------------------------------------------------------------------------------ legality


def establish(before: Mapping[str, bool], est: Mapping[str, Any]) -> dict[str, bool]:
    """The circumstances after a card: `true` sets one, `pass` leaves it, `false`/`null`/absent clears it.

    The game summary: "absence of a pip indicates the circumstance is eliminated by the card", and the translucent
    arrow (`pass`) carries it over; so a card with no `establishesCircumstances` at all clears all three. A value we
    cannot read leaves the circumstance as it was (never a silent change of the table).
    """
    ops = establish_ops(est)
    return {c: bool(before.get(c, False)) if op is None else op for c, op in zip(CIRCUMSTANCES, ops, strict=True)}


def establish_ops(est: Mapping[str, Any]) -> tuple[bool | None, ...]:
    """What a card's `establishesCircumstances` does to each circumstance (`CIRCUMSTANCES` order): True sets it,
    False clears it, None leaves it as it was (`establish`; a ruleset keeps these per card title)."""
    out: list[bool | None] = []
    for c in CIRCUMSTANCES:
        v = est.get(c)
        word = v.casefold() if isinstance(v, str) else None
        if v is True or word in ("true", "yes", "set"):
            out.append(True)
        elif v is False or v is None or word in ("false", "null", "not", "clear"):
            out.append(False)
        else:
            out.append(None)
    return tuple(out)


_NPREV = re.compile(r"(\d+)\s*prev", re.IGNORECASE)


def circumstance_problems(history: Sequence[Mapping[str, bool]], required: Mapping[str, Any]) -> list[str]:
    """What a card's required circumstances miss, given the circumstances after each card of the round so far.

    `true` needs it set now, `not`/`false` needs it clear, absent/`prev`/`null` asks nothing, an integer N needs it
    set by each of the last N cards, `2prev` needs it set two cards back. Values we cannot read ask nothing.
    """
    out: list[str] = []
    for kind, c, n in circumstance_rules(required):
        if not _holds(history, kind, c, n):
            if kind == "now":
                out.append(f"{c} must be in force" if n else f"{c} must not be in force")
            elif kind == "last":
                out.append(f"{c} must have been set by each of the last {n} card{'s' if n > 1 else ''}")
            else:
                out.append(f"{c} must have been in force {n} cards back")
    return out


def circumstance_rules(required: Mapping[str, Any]) -> tuple[tuple[str, str, int], ...]:
    """A card's required circumstances read once (`circumstance_problems`'s reading), as what each asks: ("now", c,
    1 or 0) it is set or clear after the last card, ("last", c, N) set by each of the last N cards, ("back", c, n) set
    n cards back. A ruleset keeps these per card title, for the yes or no of `circumstances_hold`."""
    out: list[tuple[str, str, int]] = []
    for c in CIRCUMSTANCES:
        if c not in required:
            continue
        v = required[c]
        word = v.strip().casefold() if isinstance(v, str) else None
        if v is True or word == "true":
            out.append(("now", c, 1))
        elif v is False or word in ("not", "false"):
            out.append(("now", c, 0))
        elif isinstance(v, int) and not isinstance(v, bool) and v > 0:
            out.append(("last", c, v))
        elif word is not None and _NPREV.fullmatch(word):
            out.append(("back", c, int(_NPREV.fullmatch(word).group(1))))  # type: ignore[union-attr]
    return tuple(out)


def circumstances_hold(history: Sequence[Mapping[str, bool]], rules: tuple[tuple[str, str, int], ...]) -> bool:
    """Whether `circumstance_problems` finds nothing, for requirements read by `circumstance_rules`."""
    for kind, c, n in rules:
        if not _holds(history, kind, c, n):
            return False
    return True


def _holds(history: Sequence[Mapping[str, bool]], kind: str, c: str, n: int) -> bool:
    if kind == "now":
        return bool((history[-1] if history else {}).get(c)) == bool(n)
    if kind == "last":
        return len(history) >= n and all(h.get(c) for h in history[-n:])
    return len(history) >= n and bool(history[-n].get(c))


def tag_problems(needed: Iterable[str], provided: Counter[str]) -> list[str]:
    """The required tags (with repeats for `2x[...]`) that are not provided often enough."""
    counted = _counted(needed) if isinstance(needed, tuple) else _counted.__wrapped__(tuple(needed))
    return [tag for tag, count in counted if provided.get(tag, 0) < count]


@functools.lru_cache(maxsize=4096)
def _counted(needed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many times each tag is needed (case-folded), once per distinct requirement."""
    return tuple(Counter(t.casefold() for t in needed).items())
