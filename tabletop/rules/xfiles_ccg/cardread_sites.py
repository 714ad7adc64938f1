"""The grammar's reader for the families of the `// -- sites --` block of `cardtext.lark`: Sites, Adversaries and
what a card costs or does at a Site ("This card is free if played on a Team that includes X", ...). A part of
`cardtext._Read`.
"""

from __future__ import annotations

from typing import Any

from .cardmeaning import Meaning

__all__ = ["SitesReader"]


def _static(*steps: dict[str, Any]) -> Meaning:
    return Meaning(standing=[{"when": "static", "do": list(steps)}])


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if isinstance(x, int) and not isinstance(x, bool)]


def _waived(c: list[Any]) -> bool:
    return any(isinstance(x, dict) and "_waive" in x for x in c)


class SitesReader:
    """Tree -> meanings for the families of the `sites` block (mixed into the grammar's Transformer)."""

    # -- a card's cost where it is played (`cost_at`, read by `waivers`) --
    def cost_team_named(self, c: list[Any]) -> Meaning:
        """"This card is free if played on a Team that includes Ada Vance": an Agent of the Team under check is
        the one named."""
        name = next(x for x in c if isinstance(x, list))
        return _static({"cost_at": {"when": {"team_named": [name]}, "set": 0}})

    def cost_on_kw(self, c: list[Any]) -> Meaning:
        """"This card is free if played on a Keyword FEVER card and Activator requirements are ignored": the Site
        under check or an Agent of its Team has one of the Keywords."""
        when = {"on_kw": next(x for x in c if isinstance(x, list))}
        waive = [{"waive_activators": {"when": when}}] if _waived(c) else []
        return _static({"cost_at": {"when": when, "set": 0}}, *waive)

    def cost_guessed(self, c: list[Any]) -> Meaning:
        """"If your opponent has correctly guessed two of your X-File's characteristics, the cost to play this card
        is 3 [CP]": that many characteristics an opponent asked about its player's X-File were answered yes."""
        guessed, cost = _ints(c)[:2]
        return _static({"cost_at": {"when": {"guessed": guessed}, "set": cost}})

    # -- what cards cost at the Site under check (`site_cost`, read by `costs`) --
    def cost_doubled(self, c: list[Any]) -> list[dict[str, Any]]:
        """"double the [RP] cost of any Keyword ACTIVE card played at this Site": ACTIVE is an Activator."""
        kws = next(x for x in c if isinstance(x, list))
        pool = next((x for x in c if x in ("rp", "cp")), None)
        what: dict[str, Any] = {"activator": "Active"} if [k.casefold() for k in kws] == ["active"] else {"keyword": kws}
        return [{"site_cost": {**({"pool": pool.upper()} if pool else {}), **what, "double": True,
                               "words": "double"}}]

    def provide_half(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Additionally, the Adversary's cost is halved (rounded up)": the provision before it halves the cost of
        the card it is spent on."""
        return [{"_provide_half": True}]

    def sites_cheaper(self, c: list[Any]) -> Meaning:
        """An Agent's "If Agent X is in the Field, all Site cards with Keyword A or B may be played for 1 [RP] less":
        X is the Agent itself, read at the Sites its player places (`costs_sites.site_cost_less`)."""
        name, kws = [x for x in c if isinstance(x, list)][:2]  # name_words, then the Keywords
        return _static({"sites_cheaper": {"name": name, "keyword": kws, "add": -_ints(c)[0]}})

    def combat_cheaper(self, c: list[Any]) -> Meaning:
        """An Adversary's "The Dark Angel can play all combat cards for one [CP] less": the Combat cards its player
        pays from that pool in its Combat (`costs_sites.combat_cheaper`)."""
        pool = next(x for x in c if x in ("rp", "cp"))
        return _static({"combat_cheaper": {"add": -_ints(c)[0], "pool": pool}})

    # -- the Adversaries played at the Site under check (`site_rules`) --
    def site_health(self, c: list[Any]) -> list[dict[str, Any]]:
        """"increase the applicable HEALTH of all Keyword X and Y Adversaries played at this Site by 2"."""
        kws = next((x for x in c if isinstance(x, list)), None)
        add = _ints(c)[-1]
        return [{"site_rule": {"kind": "adversary", **({"keyword": kws} if kws else {}), "health": add,
                               "words": f"Adversaries {'of ' + ' or '.join(kws) + ' ' if kws else ''}get {add:+d} "
                                        "HEALTH"}}]

    def site_to_deck(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Any Adversaries played at this Site are shuffled back into your Bureau Deck instead of the Discard
        Pile": those of the card's player."""
        return [{"site_rule": {"kind": "adversary", "to_deck": True,
                               "words": "its player's Adversaries go back into the Bureau Deck, not the Discard"}}]

    def lone_team_only(self, c: list[Any]) -> Meaning:
        """"This Adversary can only attack Teams that consist of a single Agent, ...": played only on a Team of one
        Agent out of the Hospital (however many it had before a Combat); the play check reads the condition."""
        return Meaning(conditions=[{"lone_team": True}], steps=[{"lone_team_only": True}])

    def witnesses_discarded(self, c: list[Any]) -> list[dict[str, Any]]:
        """"Any Witnesses contributing to the Site skill check are immediately discarded"."""
        return [{"discard_check_witnesses": {}}]

    def wound_sit_out(self, c: list[Any]) -> Meaning:
        """An Adversary's "Each Agent wounded by X may not contribute to any skill check this turn" (`wounds_sites`)."""
        return _static({"wound_sit_out": True})
