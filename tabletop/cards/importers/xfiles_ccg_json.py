"""`xfiles-ccg-json`: read the X-Files CCG card database format (a JSON list of card records) into a card set.

Each record has `id`, `title`, `type`, and as the type needs: `cost` ("3 RP", "2 CP", "4 *P", "X *P"), `keywords`,
`activators`, `skills` (with Health and Resources for Agents, "N/A" where a combat skill is missing), `prerequisite`
("BEHAVIORAL 4+", "X 5+ or Y 5+"), `question`, `characteristics` (Affiliation, Motive, Method, Result), `gameText` or
`gameEffect` (also spelled "Game Effect", "game_text": keys match whatever their case, spaces and punctuation).
Credits and checklist records and "…" placeholders are no cards: skipped and listed. We write the fields the `xfiles-ccg` ruleset reads (cost and pool, skills, health, res, prerequisite,
asks, characteristics, modifies) and keep every other key. Whatever we cannot read stays on the card as text (in
its own field and in `unparsed`) and is listed in the report: kept, never dropped.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from . import ImportFailed, ImportNote, ImportReport, slug, unique_id
from .build import SourceCards, import_with, read_json
from .xfiles_ccg_fields import (
    CHARACTERISTIC_VALUES,
    SKILLS,
    canonical_skill,
    cost_extra,
    parse_cost,
    parse_lowered,
    parse_prerequisite,
    parse_questions,
    unread_skills,
)

__all__ = ["FORMAT", "HELP", "card_record", "convert", "import_cards", "not_a_card", "parse_modifier", "read_source"]

FORMAT = "xfiles-ccg-json"
HELP = "the X-Files CCG card database (a JSON list of card records: title, type, cost, skills, prerequisite...)"

MAX_SOURCE = 16 * 1024 * 1024
#: source key -> our field (other keys become snake_case)
RENAMED = {"title": "name", "imageFile": "image", "image": "image"}
#: keys the loader reserves or we write ourselves: a source value under them is kept under another name
RESERVED = {"set": "source_set", "back": "source_back", "id": "source_id"}
_NUMBER = r"(\d+|one|two|three|four|five)"
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
#: the amount of a modifier sentence: "adds N" / "adds +N" / "gives N", "+N to", "increases ... by N"
_AMOUNT = (re.compile(rf"\b(?:adds?|gives?|gains?|grants?)\s+\+?{_NUMBER}\b", re.IGNORECASE),
           re.compile(rf"(?:^|\s)\+{_NUMBER}\b", re.IGNORECASE),
           re.compile(rf"\bincreases?\b.*?\bby\s+\+?{_NUMBER}\b", re.IGNORECASE))
_SKILL_WORDS = re.compile(r"\b(LRC|CRC|" + "|".join(s.upper().replace(" ", r"\s+") for s in SKILLS)
                          + r"|BEHAVIOURAL)\b", re.IGNORECASE)


def parse_modifier(text: str) -> dict[str, int]:
    """An Equipment card's skill modifiers, one sentence at a time ({} when the text says otherwise).

    A sentence gives an amount ("Adds N", "Adds +N", "Adds one", "+N to", "increases ... by N") and the skills it
    names ("the Agent's COMPUTER skill", "the holder's LRC", "LONG RANGE COMBAT and CLOSE RANGE COMBAT"); a
    sentence that subtracts, names no skill, or adds only when the card is discarded ("Discard this card to add three
    to the Agent's X skill": a use, no standing modifier) is left to the card's text.
    """
    out: dict[str, int] = {}
    for sentence in re.split(r"[.;!]\s*", text or ""):
        if re.search(r"\b(?:subtracts?|reduces?|opponent|discard)", sentence, re.IGNORECASE):
            continue
        amount = next((m for m in (p.search(sentence) for p in _AMOUNT) if m), None)
        if amount is None:
            continue
        n = _WORDS.get(amount.group(1).casefold()) or int(amount.group(1))
        for word in dict.fromkeys(" ".join(m.group(1).split()) for m in _SKILL_WORDS.finditer(sentence)):
            skill = canonical_skill(word)
            if skill:
                out[skill] = out.get(skill, 0) + n
    return out


def _keep(card: dict[str, Any], unparsed: list[str], line: int | None, name: str, notes: list[ImportNote],
          field: str, value: Any, why: str) -> None:
    """Keep a value we could not read as text on the card, in `unparsed` and in the report."""
    text = value if isinstance(value, str) else json.dumps(value)
    card[f"{field}_text"] = text
    unparsed.append(f"{field}: {text}")
    notes.append(ImportNote(line, name, field, f"{why}; kept as text: {text}"))


def _snake(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower()


def _line_index(text: str) -> list[int]:
    """Line number of each record's opening brace at nesting depth 1 (best effort, for the report)."""
    lines, depth, line, in_str, esc = [], 0, 1, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if ch == "{" and depth == 2:
                lines.append(line)
        elif ch in "]}":
            depth -= 1
        if ch == "\n":
            line += 1
    return lines


#: normalised source key (lower case, letters and digits only) -> our field: "Game Effect", "game_text", "gameText"
TEXT_KEYS = {"gametext": "text", "gameeffect": "text", "text": "text", "effect": "text", "cardtext": "text"}
#: a record of one of these types (or titled so) is no card: the database's credits and checklist entries
NOT_CARDS = re.compile(r"^\s*(?:credits?|card credits|checklist|card list|rules? card|placeholder)\s*$", re.IGNORECASE)
#: a title that is only a placeholder ("…", "...", "?", "TBD")
PLACEHOLDER = re.compile(r"^[\s.…?\-_*]*(?:tbd|tba|n/?a)?[\s.…?\-_*]*$", re.IGNORECASE)


def _norm(key: str) -> str:
    return re.sub(r"[^a-z0-9]", "", key.casefold())


def _field_name(key: str) -> str:
    """Our field for a source key: the renamed ones, else snake_case with anything but letters and digits as `_`."""
    target = TEXT_KEYS.get(_norm(key)) or RENAMED.get(key) or RESERVED.get(key)
    if target:
        return target
    snake = re.sub(r"[^a-z0-9]+", "_", _snake(key.strip())).strip("_")
    return RESERVED.get(snake, snake) or "field"


def not_a_card(rec: dict[str, Any]) -> str:
    """Why a record is no card (a credits entry, a placeholder), or ''."""
    title, ctype = rec.get("title"), rec.get("type")
    for what, value in (("type", ctype), ("title", title)):
        if isinstance(value, str) and NOT_CARDS.match(value):
            return f"a {value.strip()} record ({what}), not a card"
    if isinstance(title, str) and title.strip() and PLACEHOLDER.fullmatch(title):
        return f"a placeholder titled {title.strip()!r}, not a card"
    return ""


def _read_skills(value: dict[str, Any], card: dict[str, Any], keep: Any, note: Any) -> None:
    skills: dict[str, Any] = {}
    for sk, sv in value.items():
        low = str(sk).strip().casefold()
        if low == "health":
            if isinstance(sv, int):
                card["health"] = sv
            elif str(sv).strip().upper() == "N/A":
                card["health"] = "N/A"  # damage does not kill it (xfc.combat.6); written, never dropped
            else:
                keep("health", sv, "Health is a number")
            continue
        if low in ("resources", "res", "resource"):
            if isinstance(sv, int):
                card["res"] = sv
            else:
                keep("res", sv, "RES is a number")
            continue
        skill = canonical_skill(str(sk))
        if skill is None:
            keep(f"skill_{slug(str(sk)).replace('-', '_')}", sv, f"{sk!r} is not a skill we know")
        elif isinstance(sv, int) or str(sv).upper() == "N/A":
            skills[skill] = sv if isinstance(sv, int) else "N/A"
        elif str(sv).strip().casefold() == "special":
            skills[skill] = "Special"  # the value its text gives, applied by hand in Combat
            note(f"skills.{skill}", "Special: the value is set by the card's text; applied by hand (a combat "
                 "effect)", "by-hand")
        else:
            keep(f"skill_{slug(skill).replace('-', '_')}", sv, f"{skill} is a number or N/A")
    card["skills"] = skills


def _read_field(key: str, value: Any, rec: dict[str, Any], card: dict[str, Any], unparsed: list[str],
                keep: Any, note: Any) -> None:
    """One source key of a record onto the card (read, or kept as text and noted)."""
    if key == "id":
        card["source_id"] = value
    elif key == "cost":
        cost, pool, good = parse_cost(value)
        if good and pool:
            extra = cost_extra(value)
            card["cost"] = (f"X+{extra}" if extra else "X") if cost is None else cost
            card["pool"] = pool
        else:
            keep("cost", value, "a cost is a number or X, then RP, CP or *P")
    elif key == "skills" and isinstance(value, dict):
        _read_skills(value, card, keep, note)
    elif key == "prerequisite":
        card["prerequisite"] = value
        missed = unread_skills(value)
        if not parse_prerequisite(value):
            unparsed.append(f"prerequisite: {value}")
            note(key, f"not read as 'SKILL N+' (or 'X N+ or Y N+', 'X or Y N+', 'X N+ and Y N+'); kept as text: "
                 f"{value}")
        elif missed:  # a skill the check would silently leave out
            unparsed.append(f"prerequisite: {value}")
            note(key, f"{', '.join(missed)} not read (no number for it); the check uses the rest: {value}")
    elif key == "question":
        card["question"] = value
        keywords = rec.get("keywords")
        asks = parse_questions(value, keywords if isinstance(keywords, list) else ())
        lowered = parse_lowered(value)
        if lowered:
            card["lowered"] = lowered
        if asks:
            card["asks"] = asks
        else:
            unparsed.append(f"question: {value}")
            note(key, f"no AFFILIATION, MOTIVE, METHOD or RESULT named; kept as text: {value}")
    elif key == "characteristics" and isinstance(value, dict):
        chars: dict[str, str] = {}
        for ck, cv in value.items():
            kind = str(ck).strip().capitalize()
            if kind in CHARACTERISTIC_VALUES and isinstance(cv, str) and cv in CHARACTERISTIC_VALUES[kind]:
                chars[kind] = cv
            else:
                keep(f"characteristic_{slug(str(ck)).replace('-', '_')}", cv,
                     f"{ck}: {cv!r} is not one of the manual's characteristics")
        card["characteristics"] = chars
    else:
        target = _field_name(key)
        if value is None:  # the database's `null` (a card with no game text): no field, never the word "None"
            return
        if target == "text" and not isinstance(value, str):
            value = "\n".join(str(v) for v in value) if isinstance(value, list) else str(value)
        if target in card:
            target = f"source_{target}"
        card[target] = value


def card_record(rec: Any, index: int, line: int | None, taken: set[str], notes: list[ImportNote],
                ) -> dict[str, Any] | None:
    """One database record as a card for our loader (None, noted, when it is no card): every record goes here."""
    if not isinstance(rec, dict):
        notes.append(ImportNote(line, f"record {index + 1}", "", f"not a card record ({rec!r:.60}); skipped",
                                "skipped"))
        return None
    why = not_a_card(rec)
    if why:
        notes.append(ImportNote(line, str(rec.get("title") or f"record {index + 1}"), "", f"{why}; skipped",
                                "skipped"))
        return None
    name = rec.get("title") if isinstance(rec.get("title"), str) and rec["title"].strip() else None
    if name is None:
        name = f"Card {index + 1}"
        notes.append(ImportNote(line, name, "title", "no title; named after its place in the file", "missing"))
    given = rec.get("id")
    base = slug(str(given)) if isinstance(given, (str, int)) and str(given).strip() else slug(name)
    card: dict[str, Any] = {"id": unique_id(base, taken, str(rec.get("set") or "")), "name": name.strip()}
    ctype = rec.get("type")
    if not isinstance(ctype, str) or not ctype.strip():
        ctype = "unknown"
        notes.append(ImportNote(line, name, "type", "no type; written as 'unknown'", "missing"))
    card["type"] = ctype.strip()
    unparsed: list[str] = []

    def keep(field: str, value: Any, why: str) -> None:
        _keep(card, unparsed, line, name, notes, field, value, why)

    def note(field: str, message: str, kind: str = "unparsed") -> None:
        notes.append(ImportNote(line, name, field, message, kind))

    for key, value in rec.items():
        if key not in ("title", "type"):
            _read_field(str(key), value, rec, card, unparsed, keep, note)
    if card["type"].casefold() == "equipment":
        mods = parse_modifier(str(card.get("text", "")))
        if mods:
            card["modifies"] = mods
        elif card.get("text"):
            note("text", "Equipment modifier not read from the text; it is applied by hand", "by-hand")
    if unparsed:
        card["unparsed"] = unparsed
    return card


def convert(records: list[Any], source: str = "<cards.json>", lines: list[int] | None = None,
            ) -> tuple[list[dict[str, Any]], list[ImportNote]]:
    """Card mappings for our loader from the database records, and notes on everything not fully read."""
    cards: list[dict[str, Any]] = []
    notes: list[ImportNote] = []
    taken: set[str] = set()
    for index, rec in enumerate(records):
        line = lines[index] if lines and index < len(lines) else None
        card = card_record(rec, index, line, taken, notes)
        if card is not None:
            cards.append({**card, "_line": line})
    return cards, notes


def read_source(src: Path, *, images: Path | None = None) -> SourceCards:
    """Read one database file (JSON) into cards and notes; ImportFailed with file and line when it cannot."""
    data, text = read_json(src, MAX_SOURCE)
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list):
        raise ImportFailed(f"{src}:1: expected a JSON list of card records, not a {type(data).__name__}")
    if data and not any(isinstance(r, dict) for r in data):
        kinds = sorted({type(r).__name__ for r in data})
        raise ImportFailed(f"{src}:1: a JSON list of {len(data)} {'/'.join(kinds)} value(s), not card records "
                           f"(each is a mapping with title, type...): {data[0]!r:.60}")
    cards, notes = convert(data, str(src), _line_index(text))
    if not cards:
        raise ImportFailed(f"{src}: no card records in it ({len(data)} record(s) read, none a card); nothing was "
                           "written")
    return SourceCards(src, cards, notes, title=f"X-Files CCG ({src.name})", ruleset="xfiles-ccg")


def import_cards(src: str | Path | list[str | Path], out: str | Path, **options: Any) -> ImportReport:
    """Read `src` (JSON; or several files), write the card set `out` (its name is the set id), report what stayed
    text. Options as `build.import_sources`: mode, images, reference_images, title."""
    return import_with(sys.modules[__name__], src, out, **options)
