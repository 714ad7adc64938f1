"""The grammar's reader for the families of Bluffs, Witnesses, Combat cards and Sites (the `// -- bluffs --` block
of `cardtext.lark`): a card negated by its name, a kind of card looked at in an opponent's hand, a card of a hand
shuffled back, an Adversary returned under its owner's deck, a Team's checks left to Agents with a Keyword. A part of
`cardtext._Read`, beside `cardwords.WordsReader` and `cardread_cards.CardsReader`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .cardmeaning import Meaning

__all__ = ["BluffsReader"]


def _words(c: list[Any], kind: str = "WORD") -> list[str]:
    return [str(t) for t in c if isinstance(t, Token) and t.type in (kind, "NAME")]


class BluffsReader:
    """Tree -> meanings and steps for the families of the `bluffs` block (mixed into the grammar's Transformer)."""

    def lead_bluffs(self, c: list[Any]) -> Meaning:
        """"You may play this card to ...": a lead that names nothing more."""
        return Meaning()

    def negate_named(self, c: list[Any]) -> list[dict[str, Any]]:
        """"negate "Sheriff Daniels"", "negate the Adversary "The Walk"": the card of that name, on the chain (or
        the Adversary in Combat)."""
        kind = next((str(t).capitalize() for t in c if isinstance(t, Token) and t.type == "NAMED_KIND"), None)
        name = " ".join(_words(c))
        if not name:
            raise ValueError("no name")
        return [{"negate": {"select": {"title": name, **({"type": kind} if kind else {})}}}]

    def look_hand_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        """"look at all Adversaries in opponent's hand": its player alone sees them."""
        kind = next(x for x in c if isinstance(x, str))
        return [{"look_hand": {"seat": "opponent", "type": kind}}]

    def hand_to_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        """"force your opponent to randomly shuffle one card from their hand back into their Bureau Deck"."""
        seat = next((x for x in c if x in ("opponent", "investigating")), "opponent")
        return [{"hand_to_deck": {"seat": seat, "count": next(x for x in c if isinstance(x, int))}}]

    def to_deck_bottom(self, c: list[Any]) -> list[dict[str, Any]]:
        """"return one OCCULT Adversary that is played on your team to the bottom of the owning player's Bureau
        Deck": an opposing Adversary on the chain or in Combat with your Team, under its owner's deck."""
        kws = next((x for x in c if isinstance(x, list)), None)
        select = {"type": "Adversary", "played_by": "opponent", **({"keyword": kws} if kws else {})}
        return [{"deck_bottom": {"target": "returned", "_select": {"zone": "chain", "negatable": True, **select}}}]

    def only_kw_fail(self, c: list[Any]) -> list[dict[str, Any]]:
        """"If they fail only Agents with the Keyword FBI may contribute their skills to any skill check made on
        this Site": the failed forced check leaves the other Agents of the Team out of the Site's checks."""
        return [{"_only_kw": {"keywords": next(x for x in c if isinstance(x, list))}}]

    def ban_what(self, c: list[Any]) -> str:
        word = str(c[0]).casefold()
        kind = {"witnesses": "witness", "adversaries": "adversary", "events": "event", "bluffs": "bluff"}.get(word, word)
        if kind == "card":
            raise ValueError("every card: no kind")
        return kind

    def ban_kind(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Once this card is played, the investigating player may not play any Events while investigating this
        Site except for Events which would specifically negate this card": noted on the Site's check."""
        kinds = {x for x in c if isinstance(x, str)}
        if len(kinds) != 1:
            raise ValueError("two kinds of card")
        return [{"ban_kind": {"kind": kinds.pop()}}]

    def reveal_face_down(self, c: list[Any]) -> list[dict[str, Any]]:
        """"reveal any face down card (except an X-File)": one face down beneath a Site (a Bluff), shown to all."""
        return [{"reveal": {"target": "shown", "_select": {"bluff": True}}}]

    def discard_per_agent(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Discard a card at random from your opponent's hand for each Agent investigating this Site"."""
        return [{"discard_per_agent": {"seat": "opponent"}}]

    def target_discards(self, c: list[Any]) -> dict[str, Any]:
        return {"_any_player": {"count": next(x for x in c if isinstance(x, int))}}

    def choose_one(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Choose one effect: A or B": its player's choice; "target player discards ..." offers each player."""
        options: list[list[dict[str, Any]]] = []
        for x in c:
            if isinstance(x, dict) and "_any_player" in x:
                n = x["_any_player"]["count"]
                options += [[{"discard_random": {"seat": who, "count": n}}] for who in ("opponent", "you")]
            elif isinstance(x, list):
                options.append(x)
        if len(options) < 2 or any(k.startswith("_") for o in options for s in o for k in s):
            raise ValueError("not two effects to choose from")
        return [{"choose": options}]

    def discard_team_gear(self, c: list[Any]) -> list[dict[str, Any]]:
        """"All Agents in a Team must discard all attached Keyword ELECTRICAL Equipment immediately": the Equipment
        of the Agents of the Site's Team."""
        kws = next(x for x in c if isinstance(x, list))
        return [{"_copy": {"discard_card": {"target": "gear"}}},
                {"_targets": {"gear": {"select": {"type": "Equipment", "keyword": kws, "gear_of": "team",
                                                  "zone": ["field", "bureau", "hospital"]}, "count": "all"}}}]

    def raise_per_agent(self, c: list[Any]) -> list[dict[str, Any]]:
        """"add one to the Site Prerequisite number for each Agent beyond one in the investigating Team"."""
        return [{"raise_per_agent": {"amount": next(x for x in c if isinstance(x, int))}}]

    # -- Combat --
    def paralyzed(self, c: list[Any]) -> list[dict[str, Any]]:
        """"One of that Adversary's opponents (your choice) is paralyzed and will deal no damage during the next
        round of Combat": an Agent of the Combat, chosen, stunned for the next round."""
        return [{"stun": {"target": "paralyzed", "_select": {"zone": ["field", "chain"], "combatant": "agents"}}}]

    def either_round(self, c: list[Any]) -> list[dict[str, Any]]:
        """"This card adds 2 points to an Agent's LRC or CRC skill (your choice) during the Combat": an Agent of the
        Combat, then the round, chosen; it lasts the Combat."""
        amount = next(x for x in c if isinstance(x, int))
        rounds = [x for x in c if x in ("lrc", "crc")]
        return [{"_targets": {"agent": {"select": {"zone": ["field", "chain"], "combatant": "agents"}, "count": 1}}},
                {"_has": "agent"},
                {"_copy": {"choose": [[{"combat_mod": {"target": "agent", "round": r, "amount": amount,
                                                        "until": "end_of_combat"}}] for r in rounds]}}]

    def up_or_down(self, c: list[Any]) -> list[dict[str, Any]]:
        """"increase or decrease that Combatant's LRC by two points during that round": its player's choice, in a
        round of that kind (played in one)."""
        amount = next(x for x in c if isinstance(x, int))
        rnd = next(x for x in c if x in ("lrc", "crc"))
        return [{"_round": rnd},
                {"_copy": {"choose": [[{"combat_mod": {"target": "combatant", "round": rnd, "amount": n,
                                                        "until": "end_of_round"}}] for n in (amount, -amount)]}}]

    def heal_after(self, c: list[Any]) -> list[dict[str, Any]]:
        """"heal 2 points of damage after an LRC round": played once a round of that kind was fought."""
        return [{"heal": {"amount": next(x for x in c if isinstance(x, int)), "target": "agent"}},
                {"_after_round": next(x for x in c if x in ("lrc", "crc"))}]

    # -- the Briefing --
    def briefing_look(self, c: list[Any]) -> Meaning:
        """"Once during your Briefing Phase look at the top card of your Bureau Deck": a use of the card in play,
        once in its player's Briefing (after RES is added); its player alone sees the card."""
        return Meaning(starts=True, when="event:use", conditions=[{"in_step": ["buy"]}, {"your_turn": True},
                                                                   {"once_a_turn": True}],
                       steps=[{"look": {"seat": "you", "zone": "deck", "count": 1}}])

    def top_to_bottom(self, c: list[Any]) -> list[dict[str, Any]]:
        """"You may put that card on the bottom of your Bureau Deck": its player's choice."""
        keep = {"log": {"text": "leaves the card on top of the Bureau Deck", "words": "leave it on top"}}
        return [{"_after_look": {"choose": [[{"top_to_bottom": {}}], [keep]]}}]
