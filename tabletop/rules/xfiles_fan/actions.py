"""The `xfiles-fan.*` actions: what players decide, and the steps the engine takes on its own (seat None)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, action_type

__all__ = [
    "AUTO_ACTIONS",
    "PLAYER_ACTIONS",
    "ChooseFirst",
    "ChooseValue",
    "DiscardCards",
    "EndPeriod",
    "Exchange",
    "ManualEffect",
    "NoAction",
    "Pass",
    "PlayAction",
    "PlayCard",
    "PlayEnvironment",
    "ScoreRound",
    "StartPeriod",
]


@action_type("xfiles-fan.choose_first")
@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    """The winner of the draw for high card names the seat that plays first (xff.1.3)."""

    words: ClassVar[str] = "Choose {seat} to play first"
    todo: ClassVar[str] = "choose who plays first"

    seat: int


@action_type("xfiles-fan.environment")
@dataclass(frozen=True, slots=True)
class PlayEnvironment(Action):
    """Play a SCULLY, MULDER or X-FILES card from the environment deck (xff.1.4)."""

    words: ClassVar[str] = "Play {piece} from the environment deck"
    todo: ClassVar[str] = "play a card from your environment deck"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfiles-fan.play")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a Case or Incident (starting a round) or a Following or Conclusion (in a round) from the hand."""

    words: ClassVar[str] = "Play {piece}"
    todo: ClassVar[str] = "play a card"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfiles-fan.pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass the turn (allowed only without a legal play: xff.3.2, xff.3.3)."""

    words: ClassVar[str] = "Pass"
    todo: ClassVar[str] = "pass"


@action_type("xfiles-fan.action")
@dataclass(frozen=True, slots=True)
class PlayAction(Action):
    """Play one Action card after placing a card in the round (xff.3.4); its text is applied by hand."""

    words: ClassVar[str] = "Play the Action {piece}"
    todo: ClassVar[str] = "play an Action card"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfiles-fan.no_action")
@dataclass(frozen=True, slots=True)
class NoAction(Action):
    """Play no Action card this turn (xff.3.4)."""

    words: ClassVar[str] = "Play no Action card"
    todo: ClassVar[str] = "play no Action card"


@action_type("xfiles-fan.choose_value")
@dataclass(frozen=True, slots=True)
class ChooseValue(Action):
    """Give a positive, negative or conflict card in the round its value as the round is scored (xff.5.3)."""

    words: ClassVar[str] = "Value {piece} at {value}"
    todo: ClassVar[str] = "choose a card's value"

    piece: str
    value: int
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfiles-fan.discard")
@dataclass(frozen=True, slots=True)
class DiscardCards(Action):
    """Discard two cards from the hand after both players passed with no round in progress (xff.4)."""

    words: ClassVar[str] = "Discard {pieces}"
    todo: ClassVar[str] = "discard cards"

    pieces: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("xfiles-fan.exchange")
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Between periods: `give` draw-deck cards go to the sideboard, `take` sideboard cards to the deck (xff.6.2).

    Empty tuples: no exchange. Either way it ends this seat's exchange.
    """

    words: ClassVar[str] = "Exchange {give} for {take} from the sideboard"
    todo: ClassVar[str] = "exchange cards with the sideboard, or keep the deck"

    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    piece_fields: ClassVar[tuple[str, ...]] = ("give", "take")


@action_type("xfiles-fan.effect")
@dataclass(frozen=True, slots=True)
class ManualEffect(Action):
    """Apply a card's text by hand, in every mode, logged with the card that says so (`source`) and why (`text`).

    kind `draw`: `amount` cards from your draw deck into your hand; `discard`: `pieces` from your hand to your
    discard pile, unrevealed (face down); `look`: look at the top `amount` cards of your draw deck; `order`: put
    `pieces` (deck cards you looked at) back on top of your draw deck; `reveal`: show `pieces` from your hand to seat
    `seat`; `done`: your open Action card `source` has nothing more to apply (see `byhand`); `move`: `pieces` to
    the zone `to`; `score`: add `amount` to seat `seat`'s score; `negate`: the round cards `pieces` count 0 and
    provide nothing. The engine never reads card text; this is how a player does what it says. The window offers
    these moves for an open Action card (`byhand`); the bots never make them (`by_hand`).
    """

    words: ClassVar[str] = ("Apply {source} by hand: {kind} {amount:?}{pieces: |}{pieces:?}{seat: for |}{seat}"
                            "{to: to |}{to}")
    todo: ClassVar[str] = "apply a card's text by hand"
    #: a move that applies card text by hand: bots leave it out (`tabletop.rules.bots.seen_moves`)
    by_hand: ClassVar[bool] = True

    kind: str
    pieces: tuple[str, ...] = ()
    to: str = ""
    amount: int = 0
    seat: int | None = None
    source: str | None = None
    text: str = ""
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces", "source")


@action_type("xfiles-fan.start_period")
@dataclass(frozen=True, slots=True)
class StartPeriod(Action):
    """Automatic: discards back into draw decks, decks shuffled, hands drawn (xff.2)."""


@action_type("xfiles-fan.score_round")
@dataclass(frozen=True, slots=True)
class ScoreRound(Action):
    """Automatic: the round's points go to the player of its last card (xff.5.2)."""


@action_type("xfiles-fan.end_period")
@dataclass(frozen=True, slots=True)
class EndPeriod(Action):
    """Automatic: a draw deck ran out and no round is in progress; the period ends (xff.6.1, xff.7)."""


PLAYER_ACTIONS = (ChooseFirst, PlayEnvironment, PlayCard, Pass, PlayAction, NoAction, ChooseValue, DiscardCards,
                  Exchange, ManualEffect)
AUTO_ACTIONS = (StartPeriod, ScoreRound, EndPeriod)
