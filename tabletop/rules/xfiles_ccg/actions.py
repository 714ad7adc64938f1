"""The actions of the `xfiles-ccg` ruleset: one per decision the Advanced Game asks of a player, plus manual effects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action, action_type

__all__ = [
    "ACTIONS",
    "Ask",
    "AssignDamage",
    "Buy",
    "Deploy",
    "Discard",
    "Exchange",
    "FormTeam",
    "FreeDraw",
    "Guess",
    "Hire",
    "Hospitalize",
    "Investigate",
    "KillerWin",
    "ManualEffect",
    "Pass",
    "PlaceBluff",
    "PlaceSite",
    "PlayCard",
    "Requisition",
    "ResolveBluff",
    "Sell",
    "UseAbility",
]


@action_type("xfc.pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Done with this step, or pass priority in a chain of card plays."""

    words: ClassVar[str] = "Pass"
    todo: ClassVar[str] = "pass"


@action_type("xfc.free_draw")
@dataclass(frozen=True, slots=True)
class FreeDraw(Action):
    """Briefing: the Investigating Player's one free draw; his Agents' RES then goes into the Resource Pool."""

    words: ClassVar[str] = "Take the free draw"
    todo: ClassVar[str] = "take the free draw"


@action_type("xfc.buy")
@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Briefing: buy `count` cards from the top of the Bureau Deck at once, 1 RP each (1 CP each for opponents)."""

    words: ClassVar[str] = "Buy {count} card{count:s}"
    todo: ClassVar[str] = "buy cards"

    count: int


@action_type("xfc.sell")
@dataclass(frozen=True, slots=True)
class Sell(Action):
    """Briefing, opponents: discard cards with an RP or *P cost from hand for that many CP (an Agent: its RES)."""

    words: ClassVar[str] = "Sell {pieces}"
    todo: ClassVar[str] = "sell cards"

    pieces: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("xfc.requisition")
@dataclass(frozen=True, slots=True)
class Requisition(Action):
    """Requisition: pay for an Equipment card from hand and give it to an Agent in the section its Activator names."""

    words: ClassVar[str] = "Requisition {piece} ({piece:move_costs}) for {agent}"
    todo: ClassVar[str] = "requisition Equipment"

    piece: str
    agent: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "agent")


@action_type("xfc.exchange")
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Requisition: hand a piece of Equipment to another Agent of the same Team."""

    words: ClassVar[str] = "Give {piece} to {agent}"
    todo: ClassVar[str] = "give Equipment to another Agent"

    piece: str
    agent: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "agent")


@action_type("xfc.deploy")
@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Deployment: send an Agent to the Bureau, the Field or the Hospital (`to`)."""

    words: ClassVar[str] = "Deploy {agent} to the {to}"
    todo: ClassVar[str] = "deploy an Agent"

    agent: str
    to: str
    piece_fields: ClassVar[tuple[str, ...]] = ("agent",)


@action_type("xfc.hire")
@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Deployment: buy an Agent from hand for this turn only (its Cost in RP; discarded at Debriefing)."""

    words: ClassVar[str] = "Hire {piece}{to: to the |}{to} ({piece:move_costs})"
    todo: ClassVar[str] = "hire an Agent"

    piece: str
    to: str = "field"
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfc.team")
@dataclass(frozen=True, slots=True)
class FormTeam(Action):
    """Deployment or Investigation: designate a Team of Agents in one section (an Agent is in one Team at a time)."""

    words: ClassVar[str] = "Form a Team: {agents}"
    todo: ClassVar[str] = "form a Team"

    agents: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("agents",)


@action_type("xfc.site")
@dataclass(frozen=True, slots=True)
class PlaceSite(Action):
    """Case Assignment: place a Site in the Field paying its Cost, directed at one opponent (`at`)."""

    words: ClassVar[str] = "Place Site {piece}{at: directed at |}{at}"
    todo: ClassVar[str] = "place a Site"

    piece: str
    at: int | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfc.bluff")
@dataclass(frozen=True, slots=True)
class PlaceBluff(Action):
    """Case Assignment, opponents: put any card from hand face down beneath a Site as a Bluff."""

    words: ClassVar[str] = "Bluff {piece} under {site}"
    todo: ClassVar[str] = "place a Bluff"

    piece: str
    site: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "site")


@action_type("xfc.investigate")
@dataclass(frozen=True, slots=True)
class Investigate(Action):
    """Investigation: send a Team (Agents in the Field) to one of your Sites, naming the prerequisite skill used
    (and the Witness discarded from the hand for a Field Office Crime Lab no Agent of the Team has access to)."""

    words: ClassVar[str] = "Investigate {site} with {agents} ({skill}){witness:, discarding |}{witness}"
    todo: ClassVar[str] = "investigate a Site"

    site: str
    agents: tuple[str, ...]
    skill: str = ""
    witness: str | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("site", "agents", "witness")


@action_type("xfc.bluff_resolve")
@dataclass(frozen=True, slots=True)
class ResolveBluff(Action):
    """A revealed Bluff's owner pays its Cost less 1 (`pay`) or discards it."""

    words: ClassVar[str] = "{pay:Pay for|Discard} the revealed Bluff {piece}"
    todo: ClassVar[str] = "pay for or discard the revealed Bluff"

    piece: str
    pay: bool = True
    #: the X paid for a Bluff with an X Cost ("Pay the listed [CP] Cost, where X = ...")
    x: int = 0
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfc.play")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Pay for a card and add it to the chain; `side` says whom a *P card helps (`agents` or `conspiracy`).

    `choice` names the effect of a card whose text offers several with "Alternately" (1 for the first; manual p.14:
    named when played, never changed later); 0 for any other card.
    """

    words: ClassVar[str] = "Play {piece} ({piece:move_costs})"
    todo: ClassVar[str] = "play a card"

    piece: str
    side: str = ""
    x: int = 0
    choice: int = 0
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfc.assign_damage")
@dataclass(frozen=True, slots=True)
class AssignDamage(Action):
    """Combat: the Directed Player chooses the Agent who takes the Adversary's damage this round."""

    words: ClassVar[str] = "Assign {points:?}{points: point(s) of |}the damage to {agent}"
    todo: ClassVar[str] = "choose the Agent who takes the damage"

    agent: str
    #: points of it, when the Adversary's damage may be split (0: all of it)
    points: int = 0
    piece_fields: ClassVar[tuple[str, ...]] = ("agent",)


@action_type("xfc.ask")
@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Ask a characteristic question, named by the opaque token the asker's status lists (never readable by others)."""

    #: the notes that word it in the log (the question to the asker and the asked, that one was asked to all)
    told: ClassVar[tuple[str, ...]] = ("xfc.answer", "xfc.asked")
    todo: ClassVar[str] = "ask a question about an X-File"

    token: str


@action_type("xfc.guess")
@dataclass(frozen=True, slots=True)
class Guess(Action):
    """Guess the Directed Player's X-File, named by the opaque token the guesser's status lists."""

    #: the notes that word it in the log (the question to the asker and the asked, that one was asked to all)
    told: ClassVar[tuple[str, ...]] = ("xfc.answer", "xfc.guessed")
    todo: ClassVar[str] = "guess an X-File"

    token: str


@action_type("xfc.discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Debriefing: discard cards from hand (every hand is cut to the hand size)."""

    words: ClassVar[str] = "Discard {pieces}"
    todo: ClassVar[str] = "discard down to the hand size"

    pieces: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("xfc.hospital")
@dataclass(frozen=True, slots=True)
class Hospitalize(Action):
    """An Agent at 0 Health goes to the Hospital (automatic)."""

    words: ClassVar[str] = "Send {agent} to the Hospital"
    done: ClassVar[str] = "{agent} went to the Hospital"

    agent: str
    piece_fields: ClassVar[tuple[str, ...]] = ("agent",)


@action_type("xfc.killer_win")
@dataclass(frozen=True, slots=True)
class KillerWin(Action):
    """House rule killer_win: `winner` has permanently removed every opposing Agent from play (automatic)."""

    words: ClassVar[str] = "Win by removing every opposing Agent"

    winner: int


@action_type("xfc.use")
@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use a standing ability of a card in play ("Discard a token to add 2 to one Team's BUREAUCRACY skill
    check"), paying its cost; its targets are chosen next, as for a card that resolved."""

    words: ClassVar[str] = "Use {piece}"
    todo: ClassVar[str] = "use a card's ability"

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)


@action_type("xfc.effect")
@dataclass(frozen=True, slots=True)
class ManualEffect(Action):
    """Apply a card's text by hand; allowed in every mode and logged with the card that caused it (`source`).

    kind `skill`: add `amount` to the current skill check; `pool`: add `amount` to seat `seat`'s `pool` (rp or cp);
    `damage`: add `amount` damage to `piece` (negative heals); `combat`: add `amount` to this round's damage of
    `side` (agents or adversary); `move`: move `piece` to the zone `to`; `negate`: `piece` goes to its owner's
    Discard (off the chain, or out of Combat); `leave`: `piece` (an Agent) leaves the investigating Team; `abduct`:
    `piece` (an Agent) goes face up `amount` cards down (10 when 0) in its owner's Bureau Deck, and to the Hospital,
    undamaged, once the cards over it are drawn.
    """

    words: ClassVar[str] = ("Apply {source} by hand: {kind} {amount:?}{piece: on |}{piece}{seat: for |}{seat}"
                            "{to: to |}{to}")
    todo: ClassVar[str] = "apply a card's text by hand"

    kind: str
    amount: int = 0
    piece: str | None = None
    seat: int | None = None
    pool: str = ""
    side: str = ""
    to: str = ""
    source: str | None = None
    text: str = ""
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "source")


ACTIONS = (
    Pass, FreeDraw, Buy, Sell, Requisition, Exchange, Deploy, Hire, FormTeam, PlaceSite, PlaceBluff, Investigate,
    ResolveBluff, PlayCard, AssignDamage, Ask, Guess, Discard, Hospitalize, KillerWin, UseAbility, ManualEffect,
)
