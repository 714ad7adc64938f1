"""One error tree and one register of codes, so a caller catches one root and a code means one thing everywhere.

Every exception the package raises on bad input derives from `TabletopError` (they keep their older bases too, such
as `ValueError` or `KeyError`, so existing `except` clauses still work). Every machine-readable code, the
`ActionError`/`Result` codes of the engine, the codes of network errors and every ruleset's violation codes, is
registered here once with the sentence that explains it and the rules it cites; `tabletop violations`, the docs and
the tests read that register. This module imports nothing from the package, so every layer may use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = [
    "LocatedError",
    "CODES",
    "KINDS",
    "Code",
    "CodeRegistry",
    "TabletopError",
    "UnregisteredCode",
    "register",
    "register_many",
]

#: What a code labels: an engine refusal (`ActionError`, `Result.code`), a network error, or a broken rule.
KINDS = ("error", "net", "violation")


class TabletopError(Exception):
    """The root of every error this package raises on bad input: catch it to catch them all."""


class LocatedError(TabletopError):
    """Bad input in a file, told as `file:line: field: message` so a person can find and mend it."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.file, self.line, self.field, self.message))


class UnregisteredCode(TabletopError, LookupError):
    """A code that was never registered, or registered twice with different meanings."""


@dataclass(frozen=True, slots=True)
class Code:
    """One registered code: the sentence that explains it and the rule numbers it cites (empty for engine errors).

    The sentence is the general case; `…` stands where the message names a card, a seat or a number.
    """

    code: str
    sentence: str
    rules: tuple[str, ...] = ()
    kind: str = "error"

    @property
    def rule(self) -> str:
        """The first rule cited, or "" when the code cites none."""
        return self.rules[0] if self.rules else ""


class CodeRegistry:
    """Codes registered once each; `in` and `[]` look one up."""

    def __init__(self) -> None:
        self._codes: dict[str, Code] = {}

    def register(self, code: str, sentence: str, rules: Iterable[str] = (), kind: str = "error") -> Code:
        if kind not in KINDS:
            raise ValueError(f"code kind is one of {', '.join(KINDS)}, not {kind!r}")
        entry = Code(code, sentence, tuple(rules), kind)
        old = self._codes.get(code)
        if old is not None and old != entry:
            raise UnregisteredCode(f"code {code!r} is already registered as {old.sentence!r}")
        self._codes[code] = entry
        return entry

    def __contains__(self, code: object) -> bool:
        return code in self._codes

    def __getitem__(self, code: str) -> Code:
        try:
            return self._codes[code]
        except KeyError:
            raise UnregisteredCode(f"no registered code {code!r}") from None

    def get(self, code: str) -> Code | None:
        return self._codes.get(code)

    def __iter__(self) -> Iterator[Code]:
        return iter(sorted(self._codes.values(), key=lambda c: c.code))

    def __len__(self) -> int:
        return len(self._codes)

    def of_kind(self, kind: str) -> list[Code]:
        return [c for c in self if c.kind == kind]


CODES = CodeRegistry()


def register(code: str, sentence: str, rules: Iterable[str] = (), kind: str = "error") -> Code:
    """Register `code` in the package's register (idempotent for the same meaning)."""
    return CODES.register(code, sentence, rules, kind)


def register_many(kind: str, rows: Iterable[tuple[str, tuple[str, ...], str]]) -> None:
    """Register a table of `(code, rules, sentence)` rows of one kind."""
    for code, rules, sentence in rows:
        CODES.register(code, sentence, rules, kind)


# The engine's refusals: `ActionError` codes from the reducer and the rulesets' reducers, and `Result` codes.
register_many(
    "error",
    [
        ("bad_attach", (), "a piece cannot be attached to itself or under itself"),
        ("bad_card", (), "a created card needs a card reference"),
        ("bad_count", (), "a count is out of range for this action"),
        ("bad_counter", (), "a counter needs a name of 1 to 40 characters"),
        ("bad_effect", (), "a manual effect is skill, pool, damage, combat, move, negate or leave"),
        ("bad_index", (), "a stack index counts from 0 (the top)"),
        ("bad_kind", (), "pieces are cards, tokens, counters or dice"),
        ("bad_mode", (), "enforcement is off, warn or strict"),
        ("bad_move", (), "name a card and the zone it goes to"),
        ("bad_pool", (), "name a seat and its pool: rp or cp"),
        ("bad_role", (), "that is not a Role"),
        ("bad_section", (), "Agents go to the Bureau, Field or Hospital"),
        ("bad_seat", (), "there is no such seat"),
        ("bad_seconds", (), "a reveal lasts 0 (until ended) to 3600 seconds"),
        ("played", (), "a dropped card made the legal move that takes it there"),
        ("bad_sides", (), "a die has 2 to 100 sides"),
        ("bad_text", (), "chat is clean text (no control characters or lone surrogates), at most 500 characters"),
        ("bad_step", (), "there is no such step"),
        ("cannot_pass", (), "there is nothing to pass in this step"),
        ("delete_card", (), "cards are moved, never deleted (tokens, counters and dice can be)"),
        ("consent", (), "taking this back needs the consent of the seats it concerns"),
        ("empty", (), "the zone is empty"),
        ("empty_chat", (), "nothing to say"),
        ("replay", (), "a replay changes nothing: play on from a point to make a new game"),
        ("bad_point", (), "point at a piece, a zone or a spot of the table (an arrow goes from one piece to another)"),
        ("empty_stack", (), "the Stack is empty"),
        (
            "forbidden",
            (),
            "this seat may not do that (another seat's zone, a hidden card or a host-only setting)",
        ),
        ("no_check", (), "there is no skill check to adjust"),
        ("no_combat", (), "there is no Combat"),
        ("no_direction", (), "name the opponent this Site is directed at"),
        ("no_game", (), "this table has no game state for the ruleset"),
        ("no_guess", (), "that guess cannot be made now"),
        ("no_piece", (), "name the card the effect applies to"),
        ("no_pieces", (), "no pieces named"),
        ("no_question", (), "that question cannot be asked now"),
        ("not_a_card", (), "only cards can be played"),
        ("not_a_die", (), "only dice can be rolled"),
        ("not_an_agent", (), "name an Agent in play"),
        ("not_in_hand", (), "that card is not in your hand"),
        ("not_in_round", (), "that card is not in the round in progress"),
        ("not_looked_at", (), "only cards you looked at by hand are put back"),
        ("not_open", (), "that card's text is not being applied now"),
        ("not_attached", (), "that piece is not attached to anything"),
        ("not_revealed", (), "that reveal has already ended"),
        ("not_equipment", (), "that card is not Equipment"),
        ("not_held", (), "that Equipment is not held by an Agent"),
        ("not_in_team", (), "that Agent is not in the investigating Team"),
        ("nothing_to_redo", (), "nothing to redo"),
        ("nothing_to_undo", (), "nothing to undo"),
        ("paused", (), "the game is paused"),
        ("spectator", (), "spectators cannot do that"),
        ("unknown_piece", (), "there is no such piece (or this seat cannot see it)"),
        ("unknown_seat", (), "there is no such seat"),
        ("unknown_zone", (), "there is no such zone"),
        ("unsupported", (), "this table has no rule for that kind of action"),
        ("deck.format", (), "a deck list that cannot be read"),
    ],
)

# The network's errors: frames a host refuses, handshakes it turns down, answers to undo votes.
register_many(
    "net",
    [
        ("autosave_failed", (), "the host's journal cannot be written: it takes no more changes (the message names "
                                "the file and the reason)"),
        ("autosave_resumed", (), "the host journals the game again (saved elsewhere, or its journal can be written "
                                 "again): it takes changes again"),
        ("bad_cseq", (), "a sequence number outside the window the host accepts"),
        ("bad_json", (), "a frame that is not UTF-8 JSON"),
        ("bad_name", (), "a name that is not clean text of the allowed length"),
        ("binary", (), "a binary frame (frames are UTF-8 JSON text)"),
        ("bad_message", (), "a message that does not follow docs/PROTOCOL.md"),
        ("bad_token", (), "unknown seat token"),
        ("bad_view", (), "the host sent a view that cannot be read"),
        ("bad_deck", (), "the deck a hello brings breaks the protocol's shape or caps (net/guestdeck.py)"),
        ("deck", (), "the host does not deal the deck a guest brings (its problems, or the game has started)"),
        ("deck_problems", (), "the host dealt a guest's deck with problems (the rules dial is at warn)"),
        ("busy", (), "not now (paused or another undo vote is open)"),
        ("closed", (), "the host closed the connection"),
        ("duplicate", (), "an action already received (applied once)"),
        ("flood", (), "more messages a second than the host allows"),
        ("full", (), "as many spectators as the host allows are watching already"),
        ("hello_timeout", (), "no hello within the time the host allows"),
        ("no_seat", (), "no free seat, or no such seat"),
        ("password", (), "wrong password"),
        ("refused", (), "the host refused the connection"),
        ("seat_taken", (), "the seat is taken (reconnect with its token)"),
        ("stale", (), "no open undo vote of that number for you"),
        ("too_big", (), "a frame over the size cap"),
        ("too_deep", (), "JSON nested deeper than the cap"),
        ("version", (), "the host and the client speak different protocol versions"),
        ("host_down", (), "the hosting thread is gone"),
        ("host_lost", (), "not sent: the connection to the host is closed"),
        ("no_session", (), "no game on the table"),
        ("sent", (), "sent to the host; its answer is shown when it arrives"),
        ("vote", (), "the other seats must agree"),
        # the host moderates (net/moderation.py)
        ("kicked", (), "the host removed this player or spectator (a revoked seat token is refused with it too)"),
        ("no_spectators", (), "the host takes no spectators now"),
        ("seat_closed", (), "the host closed that seat: nobody may take it until the host opens it"),
        ("bad_kick", (), "a removal that cannot be done (no such seat, an open seat, the host's own seat, ...)"),
        ("bad_close", (), "a seat that cannot be closed or opened (no such seat, a seat with a player)"),
        ("ended", (), "this window was removed from the table: nothing is sent any more"),
    ],
)

# The engine's own violation: the consequence loop of `Session.submit` is bounded.
register("engine.loop", "stopped after too many automatic actions", (), "violation")
