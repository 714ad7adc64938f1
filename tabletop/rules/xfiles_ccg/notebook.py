"""The Notebook: questions and guesses about the hidden X-Files, named by opaque tokens, and what each seat knows.

A question or a guess is named by a token keyed with the table's secret, so an action never says what it asks
to anyone who reads it on the way; the asking seat's status lists its tokens with their words.

`Notebook` is a part with explicit inputs: the card part (`pinfo`, `info`, `xfiles`) and the options; the rule
state it reads through the functions of `table.py` (`step`, `active`, `opponents`, `xfile_of`). `XFilesCCG` binds
on the ruleset the answers the bots and the search ask (`question_options`, `notebook`, ...) and the tests'
question and guess tokens; the other parts take this part itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...core.state import GameState
from .data import CHARACTERISTIC_VALUES, CardInfo
from .table import active, opponents, step, xfile_of
from .vocab_events import extra_question
from .vocab_words import site_asks
from .xfile_choice import xfile_universe

if TYPE_CHECKING:
    from .cards import CcgCards

__all__ = ["Notebook", "tokens"]

#: per table secret, a blake2b hasher keyed by it (`tokens` copies it)
_KEYED: dict[str, Any] = {}


def tokens(state: GameState, prefix: str, *parts: Any) -> Callable[..., str]:
    """The name of a question or guess as a function of its own parts (`more`): the table's secret keys a hash of
    `parts` and `more`, so it says nothing of them; the parts every token of a listing shares are hashed once
    (a hash is a stream: the same digest), each token hashing only its own."""
    head = _keyed(state.secret).copy()
    head.update((":".join(map(str, parts)) + ":").encode())

    def token(*more: Any) -> str:
        digest = head.copy()
        digest.update(":".join(map(str, more)).encode())
        return prefix + digest.hexdigest()

    return token


class Notebook:
    """Questions, guesses and each seat's record of the answers (the part `XFilesCCG.notes`)."""

    #: the rule state read (`table.py`)
    step, active, opponents, xfile_of = (staticmethod(step), staticmethod(active), staticmethod(opponents),
                                         staticmethod(xfile_of))

    def __init__(self, cards: CcgCards, options: Mapping[str, Any]) -> None:
        #: the card data (`site_asks` reads a Site's printed questions through it too)
        self.cards = cards
        self.pinfo, self.xfiles = cards.pinfo, cards.xfiles
        self.options = options

    def question_context(self, state: GameState, seat: int, strict: bool = True) -> dict[str, Any] | None:
        """Who `seat` may ask about now, and of which kinds ({about, kinds, ask, guess}), or None.

        Not `strict`: a question or guess already used is allowed again (warn mode applies what the rules forbid).
        """
        r = state.rules
        extra = extra_question(state, seat)
        if extra is not None:  # a card's text lets `seat` ask one more (`extra_question`): that one first
            return {"about": extra["about"], "kinds": extra["kinds"] or list(CHARACTERISTIC_VALUES), "ask": True,
                    "guess": False, "extra": True}
        step = self.step(state)
        check = r.get("check") or {}
        site = check.get("site")
        kinds = site_asks(self.cards, state, site) if site in state.pieces else []  # as printed, or a card changed them
        if step == "question" and seat == self.active(state):
            q = r.get("question") or {}
            exclusive = self.options["question_or_guess"] and (q.get("asked") or q.get("guessed"))
            only = q.get("only")  # the lowered prerequisite was met, not the printed one: that one question only
            return {"about": check.get("directed"), "kinds": [only[0]] if only else kinds, "only": only,
                    "ask": not strict or (not q.get("asked") and not exclusive),
                    "guess": not only and (not strict or (not q.get("guessed") and not exclusive))}
        if step == "penalty":
            pen = r.get("penalty") or {}
            if pen.get("seat") == seat and not pen.get("done"):
                return {"about": pen.get("about"), "kinds": kinds, "ask": True, "guess": True}
        return None

    def question_options(self, state: GameState, seat: int, strict: bool = True,
                         skip: Callable[[str, str], bool] | None = None, token: str | None = None) -> list[dict[str, Any]]:
        """The questions `seat` may ask now, each with its opaque token; `skip(kind, value)`: leave out the
        questions it says (the bots' known answers: a token costs a keyed hash); `token`: only the one it names
        (the reducer's look-up, stopping there)."""
        ctx = self.question_context(state, seat, strict)
        if not ctx or not ctx["ask"] or ctx["about"] is None:
            return []
        token_of = tokens(state, "q", seat, ctx["about"], state.rules.get("turn", 1), state.seq)  # seq: never
        out = []  # repeats
        only = ctx.get("only")
        for kind in ctx["kinds"]:
            for value in CHARACTERISTIC_VALUES.get(kind, ()) if not only else (only[1],):
                if skip is not None and skip(kind, value):
                    continue
                named = token_of(kind, value)
                if token is not None and named != token:
                    continue
                out.append({"token": named, "about": ctx["about"], "kind": kind, "value": value,
                            "text": f"Is your X-File's {kind.upper()} {value}?"})
                if token is not None:
                    return out
        return out

    def guess_options(self, state: GameState, seat: int, strict: bool = True,
                      names: set[str] | None = None, token: str | None = None) -> list[dict[str, Any]]:
        """The X-Files `seat` may guess now, each with its opaque token; `names`: only those of these titles (the
        bots guess only X-Files their Notebook still allows, and a token costs a keyed hash); `token`: only the one
        it names (the reducer's look-up, stopping there)."""
        ctx = self.question_context(state, seat, strict)
        if not ctx or not ctx["guess"] or ctx["about"] is None:
            return []
        token_of = tokens(state, "g", seat, ctx["about"], state.rules.get("turn", 1), state.seq)
        # named by title, never by card ref: a view must not name a hidden card, even among all the candidates
        out = []
        for x in xfile_universe(state, self.xfiles):
            if names is None or x.name in names:
                named = token_of(x.ref)
                if token is None or named == token:
                    out.append({"token": named, "about": ctx["about"], "name": x.name})
                    if token is not None:
                        break
        return out

    def question_token(self, state: GameState, seat: int, kind: str, value: str) -> str:
        """The token of one question (for tests, tools and the UI)."""
        for q in self.question_options(state, seat):
            if q["kind"].casefold() == kind.casefold() and q["value"].casefold() == value.casefold():
                return q["token"]
        raise KeyError(f"seat {seat} cannot ask about {kind} {value} now")

    def guess_token(self, state: GameState, seat: int, xfile: str) -> str:
        names = {x.ref: x.name for x in self.xfiles()}  # a ref names its title, whatever the game's universe
        for g in self.guess_options(state, seat):
            if g["name"] in (xfile, names.get(xfile)):
                return g["token"]
        raise KeyError(f"seat {seat} cannot guess {xfile} now")

    # ------------------------------------------------------------------------------------------ the Notebook

    def notes_about(self, state: GameState, seat: int, about: int | None) -> tuple[dict[str, Any] | None, set[Any]]:
        """`seat`'s Notebook row about seat `about` (None: none), and the (kind, value) questions it has asked."""
        opp = next((o for o in self.notebook(state, seat)["opponents"] if o["seat"] == about), None)
        asked = {(a.get("kind"), a.get("value")) for a in (opp["answers"] if opp else []) if "kind" in a}
        return opp, asked

    def notebook(self, state: GameState, seat: int) -> dict[str, Any]:
        """`seat`'s own record: per opponent its answers and the X-Files still consistent with them."""
        mine = list((state.rules.get("answers") or {}).get(str(seat), []))
        out: dict[str, Any] = {"opponents": []}
        for opp in self.opponents(state, seat):
            rows = [a for a in mine if a.get("about") == opp]
            cands = [x for x in xfile_universe(state, self.xfiles) if _consistent(x, rows)]
            known = {}
            for kind in CHARACTERISTIC_VALUES:
                values = {x.characteristics.get(kind) for x in cands}
                yes = [a["value"] for a in rows if a.get("kind") == kind and a.get("answer")]
                if yes:
                    known[kind] = yes[0]
                elif len(values) == 1 and cands:
                    known[kind] = next(iter(values))
            out["opponents"].append({
                "seat": opp,
                "answers": rows,
                "candidates": [{"name": x.name, "characteristics": dict(x.characteristics)} for x in cands],
                "known": known,
            })
        return out

    def powers(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        """X-File powers of `seat`'s X-File unlocked by what each opponent knows (effects applied by hand)."""
        xf = self.xfile_of(state, seat)
        if xf is None:
            return []
        chars = self.pinfo(state, xf).characteristics
        out = []
        for opp in self.opponents(state, seat):
            known = self.notebook(state, opp)
            for o in known["opponents"]:
                if o["seat"] != seat:
                    continue
                for kind, value in o["known"].items():
                    if chars.get(kind) == value:
                        out.append({"opponent": opp, "kind": kind, "value": value})
        return out


def _keyed(secret: str) -> Any:
    """A blake2b hasher keyed by the table's secret, made once per secret (each token copies it)."""
    keyed = _KEYED.get(secret)
    if keyed is None:
        if len(_KEYED) >= 64:
            _KEYED.clear()
        keyed = _KEYED[secret] = hashlib.blake2b(key=secret.encode()[:64], digest_size=8)
    return keyed


def _consistent(x: CardInfo, rows: list[dict[str, Any]]) -> bool:
    for a in rows:
        if "guess" in a:
            if bool(a.get("answer")) != (a["guess"] == x.name):
                return False
            continue
        has = (x.characteristics.get(a.get("kind", "")) or "").casefold() == str(a.get("value", "")).casefold()
        if has != bool(a.get("answer")):
            return False
    return True


