"""Role mappings give cards ruleset traits by type, by a value field, or by the card's own override."""

from __future__ import annotations

from tabletop.cards import CardDef, CardSet, mapped_traits
from tabletop.cards.roles import ROLE_MAPPING_KEYS, check_card_block, check_set_block, register_role_mapping

# The card layer names no ruleset: a ruleset registers its mapping key; these tests register Tragedy's shape.
register_role_mapping("tragedy", ("Actor", "Set", "Prop", "Set Piece", "Act"))

MAPPING = {
    "value_field": "rank",
    "default": {"value": 1, "roles": ["Act"]},
    "by_type": {"face": {"roles": ["Actor", "Act"]}, "joker": {"value": 0, "roles": ["Prop"]}},
}


def make(card_type: str, **fields: object) -> CardDef:
    return CardDef(set="s", id="x", name="X", type=card_type, fields=fields)


def test_mapping_layers() -> None:
    card_set = CardSet(name="s", extra={"tragedy": MAPPING})
    assert mapped_traits(make("face", rank=12), card_set, "tragedy") == mapped_traits(
        make("face", rank=12), card_set, "tragedy"
    )
    face = mapped_traits(make("face", rank=12), card_set, "tragedy")
    assert (face.value, face.roles) == (12, ("Actor", "Act"))
    joker = mapped_traits(make("joker", rank=5), card_set, "tragedy")
    assert (joker.value, joker.roles) == (0, ("Prop",))
    other = mapped_traits(make("thing"), card_set, "tragedy")
    assert (other.value, other.roles) == (1, ("Act",))
    own = mapped_traits(make("face", rank=12, tragedy={"value": 20}), card_set, "tragedy")
    assert (own.value, own.roles) == (20, ("Actor", "Act"))
    own_roles = mapped_traits(make("face", rank=12, tragedy={"roles": ["Set"]}), card_set, "tragedy")
    assert (own_roles.value, own_roles.roles) == (12, ("Set",))
    bare = mapped_traits(make("face"), None, "tragedy")
    assert (bare.value, bare.roles) == (None, ())


def test_block_checks() -> None:
    assert check_set_block("tragedy", MAPPING, ("tragedy",)) == []
    issues = dict(
        check_set_block("tragedy", {"value_field": 3, "by_type": {"a": {"value": "x"}}, "oops": 1}, ("t",))
    )
    assert set(issues) == {("t", "value_field"), ("t", "by_type", "a", "value"), ("t", "oops")}
    assert check_card_block("tragedy", {"value": 3, "roles": ["Set Piece"]}, ("c",)) == []
    issues = dict(check_card_block("tragedy", {"value": True, "roles": "Act"}, ("c",)))
    assert set(issues) == {("c", "value"), ("c", "roles")}
    assert check_card_block("tragedy", [1], ("c",))[0][0] == ("c",)


def test_a_key_nobody_registered_is_data_and_a_key_cannot_change_its_roles() -> None:
    card_set = CardSet(name="s", extra={"other-game": MAPPING})
    assert "other-game" not in ROLE_MAPPING_KEYS
    assert mapped_traits(make("face", rank=12), card_set, "other-game").roles == ("Actor", "Act")
    register_role_mapping("tragedy", ("Actor", "Set", "Prop", "Set Piece", "Act"))  # the same again is harmless
    import pytest

    with pytest.raises(ValueError):
        register_role_mapping("tragedy", ("Hero",))
