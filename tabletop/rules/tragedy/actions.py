"""Tragedy's own actions: play a card as a Role, pass priority, score, and the automatic steps of the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, action_type

__all__ = ["Advance", "EffectDone", "PassPriority", "PlayCard", "RemoveFromPlay", "Resolve", "Score"]


@action_type("tragedy.play")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from the Hand as one Role; a Prop or Set Piece names the Actor or Set it will attach to."""

    words: ClassVar[str] = "Play {piece} as {role:a}{target: on |}{target}"
    todo: ClassVar[str] = "stage a card or play an Act"

    piece: str
    role: str
    target: str | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "target")


@action_type("tragedy.pass")
@dataclass(frozen=True, slots=True)
class PassPriority(Action):
    """Pass priority to the next player (0000.5.1)."""

    words: ClassVar[str] = "Pass"
    todo: ClassVar[str] = "pass"


@action_type("tragedy.score")
@dataclass(frozen=True, slots=True)
class Score(Action):
    """Score: tap an Actor and a Set (and what is attached) for (Actor + Prop) x (Set + Set Piece) favor."""

    words: ClassVar[str] = "Score with {actor} and {set}"
    todo: ClassVar[str] = "score with an Actor and a Set"

    actor: str
    set: str
    piece_fields: ClassVar[tuple[str, ...]] = ("actor", "set")


@action_type("tragedy.effect_done")
@dataclass(frozen=True, slots=True)
class EffectDone(Action):
    """Say that a resolved Act's own-game effect has been applied by hand; players get priority again."""

    words: ClassVar[str] = "Say the Act's effect is applied"
    todo: ClassVar[str] = "say the Act's effect is applied"


@action_type("tragedy.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """The game moves to the next Step or Phase (automatic, when no player has priority)."""

    words: ClassVar[str] = "Advance to {step}"

    step: str


@action_type("tragedy.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """The latest Act on the Stack resolves (automatic, after every player passed in sequence)."""

    words: ClassVar[str] = "Resolve {piece}"
    done: ClassVar[str] = "{piece} resolved"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("tragedy.remove")
@dataclass(frozen=True, slots=True)
class RemoveFromPlay(Action):
    """A card leaves play for the Discard (automatic for a Prop or Set Piece left unattached)."""

    words: ClassVar[str] = "Remove {piece} from play"
    done: ClassVar[str] = "{piece} left play"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)
