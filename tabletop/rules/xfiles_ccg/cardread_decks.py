"""The grammar's reader for the wordings found in self-play of real decks (issue #26): an X paid as cards discarded
for damage to a Team, ... A part of `cardtext._Read` (its rules under `// -- decks --` in `cardtext.lark`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning
from .cardmeaning import skill as _skill

__all__ = ["DecksReader"]


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


class DecksReader:
    """Tree -> steps for the wordings of `// -- decks --` (mixed into the grammar's Transformer)."""

    def x_team_damage(self, c: list[Any]) -> Meaning:
        """"cause one point of damage to every Agent in a Team for each [CP] Cost card discarded from your hand, up
        to a maximum of three": its player chooses up to X such cards (X paid for the card), each Agent of the Team
        takes that many points (at most the maximum)."""
        per, *cap = _ints(c)
        pool = next((str(x).upper() for x in c if isinstance(x, str) and str(x).casefold() in ("rp", "cp")), "")
        select: dict[str, Any] = {"zone": "hand", "owner": "you", "not": "source", "up_to_x": "discarded",
                                  **({"cost_pool": pool} if pool else {})}
        damage: dict[str, Any] = {"amount": per, "per": "discarded", **({"max": cap[0]} if cap else {})}
        return Meaning(targets={"discarded": {"select": select, "count": {"min": 0, "max": cap[0] if cap else 9}}},
                       steps=[{"discard_card": {"target": "discarded"}}, {"team_damage": damage}])

    def held_check_mod(self, c: list[Any]) -> Meaning:
        """"If the Team makes an X skill check 5+, then they may add 2 to any Site skill check": made, the card is
        held in its player's Bureau Section; its player uses it (a legal move) on any Site skill check of theirs,
        and it is discarded then ("Discard this card after you've used the modifier")."""
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        need, amount = _ints(c)[:2]
        use = {"when": "event:use", "cost": [{"discard_self": {}}], "if": [{"your_turn": True}, {"check_skill": []}],
               "do": [{"check_mod": {"amount": amount}}]}
        return Meaning(steps=[{"team_check": {"skill": skill, "need": need, "then": [{"hold": {}}]}}], standing=[use])

    def lead_deployment(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"first_site": True}], lead_only=True)

    def two_sites(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If the Team makes a X 5+ skill check, they may investigate two Sites (in the same state) this turn"."""
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        again = {"same_state": True} if "same_state" in c else {}
        return [{"team_check": {"skill": skill, "need": _ints(c)[0], "then": [{"investigate_again": again}]}}]

    def same_state(self, c: list[Any]) -> str:
        return "same_state"

    def each_site_alone(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)

    def must_check(self, c: list[Any]) -> Meaning:
        """"The Team must make a BUREAUCRACY 4+ skill check": the Team of the Site's check under way makes it."""
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        return Meaning(steps=[{"team_check": {"skill": skill, "need": _ints(c)[0]}}], conditions=[{"check_skill": []}])

    def hand_limit(self, c: list[Any]) -> Meaning:
        """"If successful, you may now have up to ten cards in hand at the end of your turn": made, the card (kept
        in play) raises its player's hand size; failed, it is discarded."""
        return Meaning(steps=[{"_on_made": [{"hand_limit": {"amount": _ints(c)[0]}}]},
                              {"_on_fail": [{"discard_self": {}}]}])

    def until_discarded(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # what a card kept in play does: it lasts while it stays

    def bureau_move_discard(self, c: list[Any]) -> Meaning:
        return Meaning(standing=[{"when": "static", "do": [{"bureau_move_discard": {}}]}])

    def lead_failed_fight(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"fought": True}], lead_only=True)

    def save_site(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If the Team makes a X 3+ skill check, place the Site in the Bureau": noted on the Site's check, made
        when the check fails."""
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        return [{"save_site": {"skill": skill, "need": _ints(c)[0]}}]

    def site_to_hand(self, c: list[Any]) -> Meaning:
        return Meaning(reminder=True)  # a Site saved in the Bureau: the rules return it at its player's Briefing

    def doubled_witness(self, c: list[Any]) -> list[dict[str, Any]]:
        """"if the Team makes a MEDICAL 4+ skill check, the Witness's modifier is doubled if played this turn"."""
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        return [{"team_check": {"skill": skill, "need": _ints(c)[0], "then": [{"double_mod": {"target": "fetched"}}]}}]

    def lead_approach(self, c: list[Any]) -> Meaning:
        skills = [_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL"]
        return Meaning(conditions=[{"approach": skills[0] if skills else ""}], lead_only=True)

    def discard_bluffs(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"discard_bluffs": {}}]

    def x_is_bluffs(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"x_is_bluffs": True}])

    def lead_guessed_wrong(self, c: list[Any]) -> Meaning:
        return Meaning(conditions=[{"guessed_wrong": True}], lead_only=True)

    def team_in_bureau(self, c: list[Any]) -> Meaning:
        """"Select a Team in your Bureau": the check after it is made by the Agents of the Bureau."""
        return Meaning(conditions=[{"team_in": "bureau"}], lead_only=True)

    def no_penalty(self, c: list[Any]) -> list[dict[str, Any]]:
        skill = next(_skill(x) for x in c if isinstance(x, Token) and x.type == "SKILL")
        return [{"team_check": {"skill": skill, "need": _ints(c)[0], "then": [{"no_penalty": {}}]}}]

    def x_is_discarded(self, c: list[Any]) -> list[dict[str, Any]]:
        return []  # says what the X of the step before counts: the cards discarded
