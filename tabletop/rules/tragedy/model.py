"""Tragedy's vocabulary: Roles, Steps and Phases, the rules we cite, and the small helpers every part words with.

Two numbers of the source rules are printed twice; we keep them apart so every code cites one rule:
the Set Piece attachment rule (printed 0000.4.3.2 under 0000.4.4) is 0000.4.4.2 here, and the Enter Stage and End
Scene phases (printed 0000.5.4 like After Performance) are 0000.5.5 and 0000.5.6.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...cards.roles import register_role_mapping
from ...core.ruleset import Violation
from ...core.state import Piece

__all__ = [
    "ATTACH_RULE",
    "HOST_ROLE",
    "HOST_ROLE_OF",
    "PHASES",
    "PRIORITY_STEPS",
    "ROLES",
    "ROLE_KEY",
    "ROLE_ZONE",
    "RULE_TEXT",
    "STEPS",
    "STEP_LABELS",
    "TIMING_RULE",
    "article",
    "is_tapped",
    "score_value",
    "v",
    "when",
]

ROLES = ("Actor", "Set", "Prop", "Set Piece", "Act")
#: The key of a card set's role mapping for Tragedy (`tragedy:` in set.yaml, or on a card): a Value and Roles.
ROLE_KEY = "tragedy"
register_role_mapping(ROLE_KEY, ROLES, value_rule="0000.2.5: each card has a Value")
#: The Steps of a turn in order; a Phase without Steps is one Step named after it.
STEPS = ("untap", "upkeep", "draw", "performance", "after_performance", "enter_stage", "end_scene")
PHASES = {
    "untap": "Before Performance",
    "upkeep": "Before Performance",
    "draw": "Before Performance",
    "performance": "Performance",
    "after_performance": "After Performance",
    "enter_stage": "Enter Stage",
    "end_scene": "End Scene",
}
STEP_LABELS = {
    "untap": "Untap Step",
    "upkeep": "Upkeep Step",
    "draw": "Draw Step",
    "performance": "Performance",
    "after_performance": "After Performance",
    "enter_stage": "Enter Stage",
    "end_scene": "End Scene",
}
#: Steps in which players get priority (0000.5.2.2, 0000.5.3.1, 0000.5.4.1, 0000.5.5.1, 0000.5.6.1).
PRIORITY_STEPS = ("upkeep", "performance", "after_performance", "enter_stage", "end_scene")
#: Zone kind where each in-play Role lives (0000.3.3.1, 0000.3.4.1).
ROLE_ZONE = {"Actor": "actors", "Prop": "actors", "Set": "sets", "Set Piece": "sets"}
#: Role a Prop or Set Piece attaches to (0000.4.3.2, 0000.4.4.2).
HOST_ROLE = {"Prop": "Actor", "Set Piece": "Set"}
TIMING_RULE = {"Actor": "0000.4.1.1", "Set": "0000.4.2.1", "Prop": "0000.4.3.1", "Set Piece": "0000.4.4.1"}
ATTACH_RULE = {"Prop": "0000.4.3.2", "Set Piece": "0000.4.4.2"}
#: What attaches to each host Role (the inverse of `HOST_ROLE`).
HOST_ROLE_OF = {"Actor": "Prop", "Set": "Set Piece"}

#: Short statements of the rules we cite, for docs, the HUD and `tabletop violations`.
RULE_TEXT = {
    "0000.1.1": "Each player has a Deck of at least 40 cards.",
    "0000.1.1.1": "Each Deck may have no more than one of each card.",
    "0000.1.1.2": "Each Deck has one card that is the Star; the Star is always in the starting hand.",
    "0000.1.2": "Each player starts with a Hand of seven cards.",
    "0000.1.3": "The first player is determined randomly; play proceeds counterclockwise.",
    "0000.1.5": "Each player has each of the Zones, and cards are in them.",
    "0000.1.6": "A player who reaches the winning Audience Favor wins.",
    "0000.2.1": "In the Hand, a card may be eligible for one or more Roles.",
    "0000.2.2": "A card is played as a single Role chosen from its eligible Roles; it becomes an Act in the Stack.",
    "0000.2.4": "A tapped card cannot get tapped again until it is untapped.",
    "0000.2.5": "Each card has a Value.",
    "0000.2.6": "An attached card is in the same Zone; moving a card to another Zone unattaches its cards.",
    "0000.3.1.1": "When a card is drawn, it moves from the Deck to the Hand.",
    "0000.3.1.2": "Drawing from an empty Deck shuffles the Discard into the Deck first.",
    "0000.3.1.4": "Cards in the Deck are face down and cannot be seen by any player.",
    "0000.3.2.1": "A card can only be played while it is in the Hand.",
    "0000.3.2.2": "Cards in the Hand can only be seen by the player who controls them.",
    "0000.3.3.2": "A card in the Actor Tableau is in play.",
    "0000.3.4.2": "A card in the Set Tableau is in play.",
    "0000.3.5.1": "A card is discarded from the Hand to the Discard (when it must be).",
    "0000.3.5.3": "A card removed from play moves to the Discard.",
    "0000.3.6.1": "When a card is played, it becomes an Act in the Stack.",
    "0000.3.6.2": "When each player has had priority in sequence without adding an Act, the latest Act resolves.",
    "0000.3.6.3": "A resolved Act may have an effect, then leaves the Stack (to the Discard unless moved).",
    "0000.4.1.1": "An Actor can only be played during the Enter Stage Phase while the Stack is empty.",
    "0000.4.2.1": "A Set can only be played during the Enter Stage Phase while the Stack is empty.",
    "0000.4.3.1": "A Prop can only be played during Enter Stage with an empty Stack, choosing an Actor for it.",
    "0000.4.3.2": "A Prop is attached to an Actor, one Prop per Actor; an unattached Prop is removed from play.",
    "0000.4.4.1": "A Set Piece can only be played during Enter Stage with an empty Stack, choosing a Set for it.",
    "0000.4.4.2": "A Set Piece is attached to a Set, one per Set; an unattached one is removed from play.",
    "0000.5.1": "When no player has priority, the game moves through the Phases and Steps in order.",
    "0000.5.1.3": "A card can only be played by a player who has priority.",
    "0000.5.2.1": "In the Untap Step, the active player untaps each tapped card he controls.",
    "0000.5.2.3": "In the Draw Step, the active player draws a card.",
    "0000.5.3.2": "Once each Performance, the active player with priority may score by tapping an Actor and a Set.",
}




def is_tapped(piece: Piece) -> bool:
    """Whether a card is tapped (turned a quarter, 0000.2.4)."""
    return piece.rotation % 360 == 90


def v(code: str, rule: str, message: str, pieces: Iterable[str] = (), seat: int | None = None) -> Violation:
    """A Violation in the argument order the checks read best: code, rule, sentence, cards, seat."""
    return Violation(code, rule, message, tuple(pieces), seat)


def when(step: str) -> str:
    """A Step or Phase as "it is ..." reads it: "the Upkeep Step", "Performance"."""
    label = STEP_LABELS[step]
    return f"the {label}" if label.endswith("Step") else label


def article(role: str, capital: bool = False) -> str:
    """"a Set Piece", "an Actor": the Role keeps the capitals the rules write it with (also after "A")."""
    word = "an " if role[0] in "AEIOU" else "a "
    return (word.capitalize() if capital else word) + role


def score_value(actor: int, props: Iterable[int], set_value: int, pieces: Iterable[int]) -> int:
    """Favor from one scoring (0000.5.3.2): (Actor + Props) x (Set + Set Pieces)."""
    return (actor + sum(props)) * (set_value + sum(pieces))

