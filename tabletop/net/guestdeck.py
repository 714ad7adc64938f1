"""A LAN guest's own deck: the `deck` of a hello read under caps, judged by the host's ruleset against the host's
cards, and the table dealt again with it before play starts (docs/PROTOCOL.md, "Bringing your own deck").

The deck is the guest's secret: its problems are told to the guest alone, in full; the game's log names a card of
it only through the card's piece (read by that seat alone), and the host's own log lines name rules, never cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.reducer import Tx
from ..core.ruleset import Violation
from ..core.session import Session
from ..core.state import Piece
from .errors import NetError

__all__ = ["MAX_DECK_CARDS", "MAX_DECK_ENTRIES", "DeckRefused", "GuestDeck", "deck_file_for_hello", "hello_deck",
           "read_hello_deck", "seat_deck", "started"]

#: the most cards, entries (lines) and sections a hello's deck may hold: far above any real deck, far below harm
MAX_DECK_CARDS = 1000
MAX_DECK_ENTRIES = 500
MAX_SECTIONS = 8
MAX_REF = 120
_SECTION = re.compile(r"[a-z][a-z0-9_]{0,31}")


class DeckRefused(NetError):
    """A guest's deck the host does not deal: `code` (`bad_deck`, `deck`), a message, and each problem found."""

    def __init__(self, code: str, message: str, problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.code, self.message = code, message
        self.problems = list(problems or [])


def hello_deck(deck: Any) -> dict[str, list[list[Any]]]:
    """A deck list (cards.DeckList) as a hello carries it: card refs and counts per section, nothing more (not its
    name, file, notes or description: what the guest keeps to itself)."""
    out: dict[str, list[list[Any]]] = {}
    for section, entries in deck.sections.items():
        counts: dict[str, int] = {}
        for e in entries:
            counts[e.ref] = counts.get(e.ref, 0) + e.count
        if counts:
            out[section] = [[ref, n] for ref, n in counts.items()]
    return out


def deck_file_for_hello(path: Any, library: Any = None) -> dict[str, list[list[Any]]]:
    """A deck file (any format the deck readers take) read with this machine's cards, as a hello carries it.

    Raises cards.DeckError naming the file, line and field of every problem, a card this machine has no card for
    included: a guest brings what it can name."""
    from ..cards import DeckError, read_deck

    deck, problems = read_deck(path, library)
    if problems or deck is None:
        raise DeckError(problems)
    rows = hello_deck(deck)
    if not rows:
        from ..cards.model import CardProblem

        raise DeckError([CardProblem(str(path), None, "", "the deck holds no card")])
    return rows


def _bad(where: str, what: str) -> DeckRefused:
    return DeckRefused("bad_deck", f"hello.deck{where}: {what}")


def read_hello_deck(raw: Any, sections: list[str]) -> dict[str, list[tuple[str, int]]]:
    """The hello's `deck` as {section: [(ref, count), ...]}, checked for shape and size; raises DeckRefused.

    `sections`: the section names the host's ruleset knows (a `sideboard` is always taken)."""
    if not isinstance(raw, dict):
        raise _bad("", f"expected an object of sections, not {type(raw).__name__}")
    if not raw:
        raise _bad("", "holds no section")
    if len(raw) > MAX_SECTIONS:
        raise _bad("", f"{len(raw)} sections; at most {MAX_SECTIONS}")
    known = [*sections, "sideboard"]
    out: dict[str, list[tuple[str, int]]] = {}
    entries = cards = 0
    for name, rows in raw.items():
        if not _SECTION.fullmatch(name) or name not in known:
            raise _bad(f".{name[:40]!r}" if isinstance(name, str) else "",
                       f"not a section of this game's decks (they are: {', '.join(known)})")
        if not isinstance(rows, list):
            raise _bad(f".{name}", f"expected a list of [card, count] pairs, not {type(rows).__name__}")
        entries += len(rows)
        if entries > MAX_DECK_ENTRIES:
            raise _bad("", f"more than {MAX_DECK_ENTRIES} entries")
        merged: dict[str, int] = {}
        for i, row in enumerate(rows):
            ref, count = _entry(row, f".{name}[{i}]")
            merged[ref] = merged.get(ref, 0) + count
            cards += count
            if cards > MAX_DECK_CARDS:
                raise _bad("", f"more than {MAX_DECK_CARDS} cards")
        out[name] = list(merged.items())
    return out


def _entry(row: Any, where: str) -> tuple[str, int]:
    if not isinstance(row, list) or len(row) != 2:
        raise _bad(where, "expected a [card, count] pair")
    ref, count = row
    if not isinstance(ref, str) or not 3 <= len(ref) <= MAX_REF or "/" not in ref or not ref.isprintable():
        raise _bad(where, f"a card is named by its 'set/ID' ref (up to {MAX_REF} printable characters)")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 99:
        raise _bad(where, "the count is a whole number from 1 to 99")
    return ref, count


def started(session: Session) -> str:
    """Why the game counts as started ("3 changes so far"), or "" before any change but the table's own start
    (and chat, which changes nothing on the table)."""
    from ..core import actions as A

    moves = sum(1 for e in session.history if not isinstance(e.action, (A.Start, A.Chat))) + len(session.redo_stack)
    return f"{moves} change{'s' if moves != 1 else ''} so far" if moves else ""


def seat_deck(session: Session, seat: int) -> Any:
    """The deck list `seat` was dealt (None when not known: no deck, or a game opened from a save)."""
    from ..game import game_setup

    setup = game_setup(session)
    return setup.decks.get(seat) if setup is not None else None


def _problem(v: Violation) -> dict[str, Any]:
    return {"code": v.code, "rule": v.rule, "message": v.message}


@dataclass(slots=True)
class GuestDeck:
    """A guest's deck read and judged: dealt by `deal` once the guest has its seat."""

    deck: Any  # cards.DeckList
    #: every problem, worded for the guest (its own cards named)
    problems: list[Violation] = field(default_factory=list)
    #: the refs the host has no card for (left out of the deal)
    unknown: list[str] = field(default_factory=list)

    @classmethod
    def judge(cls, session: Session, raw: Any) -> GuestDeck:
        """Read and judge a hello's deck for `session`'s table; raises DeckRefused (nothing changed then)."""
        from ..cards.decklist import DeckEntry, DeckList
        from ..game import game_setup

        rules, state = session.rules, session.state
        names = [n for n, _ in getattr(rules, "deck_sections", (("deck", "Deck"),))]
        rows = read_hello_deck(raw, names)
        setup = game_setup(session)
        if setup is None:
            raise DeckRefused("deck", "this game was opened from a save: it goes on with the decks it was dealt "
                                      "(join without a deck, or ask the host to start a new game)")
        lib = setup.library
        deck = DeckList(name="guest deck")
        unknown: list[str] = []
        problems: list[Violation] = []
        for section, pairs in rows.items():
            kept = []
            for i, (ref, count) in enumerate(pairs):
                if ref in lib:
                    kept.append(DeckEntry(ref, count))
                    continue
                unknown.append(ref)
                problems.append(Violation("unknown_card", "", f"{ref} ({section}, entry {i + 1}) is not a card of "
                                                              "the host's loaded sets"))
            deck.sections[section] = kept
        enforcement = state.enforcement
        if enforcement != "off":
            problems += list(rules.deck_problems(deck, lib))
        found = cls(deck, problems, unknown)
        if (enforcement == "strict" and problems) or (enforcement == "off" and unknown):
            why = "the rules dial is at strict" if enforcement == "strict" else "the host has no card for these"
            raise DeckRefused("deck", f"the host refused your deck: {len(problems)} problem"
                                      f"{'s' if len(problems) != 1 else ''} ({why})", found.told())
        return found

    def told(self) -> list[dict[str, Any]]:
        """The problems as the guest reads them (code, rule, message: its own cards named)."""
        return [_problem(v) for v in self.problems]

    @property
    def cards(self) -> int:
        return sum(e.count for entries in self.deck.sections.values() for e in entries)

    def deal(self, session: Session, seat: int, who: str) -> str:
        """Deal the table again with this deck at `seat` (logged as a new start); the host's log line (rules only)."""
        from ..game import game_setup

        setup = game_setup(session)
        assert setup is not None  # judge() refused a game without one
        decks = {**setup.decks, seat: self.deck}
        state, rules = session.state, session.rules
        tx = Tx(state)
        try:
            fresh = rules.new_game(len(state.seats), names=[p.name for p in state.players], decks=decks,
                                   library=setup.library, seed=tx.below(1 << 62), enforcement=state.enforcement)
            _replace_table(tx, fresh)
        except Exception as e:  # a ruleset that cannot set this deck up: the table is put back as it was
            tx.rollback()
            raise DeckRefused("deck", f"the host could not deal your deck: {type(e).__name__}") from e
        setup.decks[seat] = self.deck
        violations, seen = self._logged(session, seat, who)
        count = len(violations)
        text = f"{who} brought their own deck ({self.cards} cards): the table is dealt again" + (
            f", with {count} deck problem{'s' if count != 1 else ''} (the rules dial is at warn)" if count else "")
        session.begin(violations, text, seen, tx=tx)
        rules_broken = sorted({v.rule or v.code for v in self.problems})
        return f"dealt again with the deck {who} brought ({self.cards} cards" + (
            f"; {len(self.problems)} problem(s), rules {', '.join(rules_broken)}" if self.problems else "") + ")"

    def _logged(self, session: Session, seat: int, who: str) -> tuple[list[Violation], dict[str, frozenset[int]]]:
        """The problems as the log keeps them: a card named only through its piece, which `seat` alone reads; a
        problem naming a card that is not on the table says only its rule."""
        state = session.state
        owned: dict[str, str] = {}
        for pid, piece in state.pieces.items():
            if piece.owner == seat and piece.card is not None:
                owned.setdefault(piece.card, pid)
        words = self._words(session)
        out: list[Violation] = []
        seen: dict[str, frozenset[int]] = {}
        for v in self.problems:
            named = {r for r in v.pieces} | {r for r, ws in words.items() if any(w and w in v.message for w in ws)}
            if v.code == "unknown_card" or any(r not in owned for r in named):
                out.append(Violation(v.code, v.rule, f"{who}'s deck: a card that is not on the table breaks "
                                                     f"{'rule ' + v.rule if v.rule else 'a rule'} ({v.code})",
                                     (), seat))
                continue
            pids = tuple(owned[r] for r in sorted(named))
            for pid in pids:
                seen[pid] = frozenset({seat})
            out.append(Violation(v.code, v.rule, f"{who}'s deck: {v.message}", pids, seat))
        return out, seen

    def _words(self, session: Session) -> dict[str, tuple[str, ...]]:
        """Each card of the deck with the words that name it (its ref and its title)."""
        from ..game import game_setup

        setup = game_setup(session)
        lib = setup.library if setup is not None else None
        out: dict[str, tuple[str, ...]] = {}
        for entries in self.deck.sections.values():
            for e in entries:
                title = ""
                if lib is not None:
                    try:
                        title = lib.get(e.ref).name
                    except Exception:  # noqa: BLE001 - a card without a title is named by its ref alone
                        title = ""
                out[e.ref] = (e.ref, title) if title and len(title) > 2 else (e.ref,)
        return out

    def same_as(self, deck: Any) -> bool:
        """Whether `deck` (a DeckList) holds the very cards of this one, section by section."""
        if deck is None:
            return False
        mine = {s: sorted((e.ref, e.count) for e in es) for s, es in self.deck.sections.items() if es}
        theirs = {s: sorted((e.ref, e.count) for e in es) for s, es in deck.sections.items() if es}
        return mine == theirs


def _replace_table(tx: Tx, fresh: Any) -> None:
    """Make `tx`'s table the `fresh` one (same ruleset and seats, so the same zones): every piece taken away and
    the fresh ones put in each zone's order with their own ids (rule state refers to them), a reused id with a new
    handle generation; the rule state and the players' counters set as the fresh table has them."""
    state = tx.state
    gens = {pid: p.gen for pid, p in state.pieces.items()}
    for pid in sorted(state.pieces, key=lambda p: state.pieces[p].attached_to is None):
        tx.remove_piece(pid)
    for zone in fresh.zones.values():
        for index, pid in enumerate(zone.pieces):
            src = fresh.pieces[pid]
            piece = Piece(**{f: getattr(src, f) for f in Piece.__dataclass_fields__})
            if pid in gens:
                piece.gen = max(piece.gen, gens[pid] + 1)
            tx.add_piece(piece, index)
    for key in [k for k in state.rules if k not in fresh.rules]:
        tx.del_rule(key)
    for key, value in fresh.rules.items():
        tx.set_rule(key, value)
    for player in fresh.players:
        old: Mapping[str, Any] = state.player(player.seat).counters
        for name in [n for n in old if n not in player.counters]:
            tx.set_player_counter(player.seat, name, None)
        for name, value in player.counters.items():
            tx.set_player_counter(player.seat, name, value)
