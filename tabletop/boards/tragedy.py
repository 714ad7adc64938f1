"""Tragedy in the window: its cards' `tragedy` field is the ruleset's, not something a proxy face lists."""

from __future__ import annotations

from ..ui.panels.registry import hide_fields
from ..ui.panels.rulebook import register_rulebook

__all__: list[str] = []

hide_fields("tragedy")

register_rulebook(
    "tragedy",
    card_types=[
        ("Act", "any card played onto its player's Stack; when every player passes in turn, the latest Act resolves "
                "(its effect is applied by its player), then it leaves the Stack"),
        ("Actor", "a performer: staged in Enter Stage with an empty Stack, it waits in the Actor Tableau and is "
                  "tapped with a Set to score"),
        ("Set", "a place: staged like an Actor, into the Set Tableau"),
        ("Prop", "attached to one Actor when played (one Prop per Actor)"),
        ("Set Piece", "attached to one Set when played (one Set Piece per Set)"),
    ],
    turn=[
        ("Untap", "the active player untaps everything they control"),
        ("Upkeep", "players get priority, the active player first"),
        ("Draw", "the active player draws a card"),
        ("Performance", "priority again; once a turn the active player may score by tapping an Actor and a Set"),
        ("After Performance", "priority again"),
        ("Enter Stage", "with the Stack empty, Actors, Sets, Props and Set Pieces may be staged"),
        ("End Scene", "priority once more, then the next player's turn"),
    ],
    about="Each card is played in one of its Roles; who has priority may play a card or pass it on.",
)
