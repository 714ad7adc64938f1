"""Which X-Files a game holds: `random_xfile` for a deck naming none (as GCCG's server does), one per deck as the
manual has it, and the Notebook's candidates (the sample set's only when the game uses it, each title once)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.cards import CardLibrary, CardSet
from tabletop.game import IllegalDeck, new_session

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "cards" / "fixtures"
A, B = FIXTURES / "gccg_decks" / "A.deck", FIXTURES / "gccg_decks" / "B.deck"
RANDOM = {"random_xfile": True}


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    """The shipped sample set, the two GCCG-shaped sets, and a set reprinting the Alpha X-Files (same titles)."""
    lib = CardLibrary([ROOT / "cards", FIXTURES / "gccg"])
    alpha = lib.sets["xfc-alpha"]
    reprints = {f"R{c.id}": replace(c, set="xfc-reprint", id=f"R{c.id}") for c in alpha if c.type == "X-File"}
    lib.add(CardSet(name="xfc-reprint", title="Reprints", cards=reprints))
    return lib


def _game(library: CardLibrary, seed: int, options=RANDOM, enforcement: str = "strict"):
    return new_session("xfiles-ccg", 2, decks={0: A, 1: B}, library=library, seed=seed, house_rules=options,
                       enforcement=enforcement)


def test_a_deck_naming_no_xfile_gets_one_of_its_games_sets_at_random_hidden(library: CardLibrary) -> None:
    drawn = set()
    for seed in range(8):
        s = _game(library, seed)
        for seat in (0, 1):
            zone = s.state.zones[f"xfile:{seat}"].pieces
            assert len(zone) == 1
            ref = s.state.pieces[zone[0]].card
            assert ref.split("/")[0] in ("xfc-alpha", "xfc-beta")  # the sets the decks use, not the sample or reprints
            drawn.add(ref)
            other = json.dumps(s.view(1 - seat)) + json.dumps(s.log_for(1 - seat))
            assert ref not in other and ref.split("/")[1] not in other
        again = _game(library, seed)
        assert [p.card for p in again.state.pieces.values()] == [p.card for p in s.state.pieces.values()]
    assert len(drawn) > 2  # the seeded RNG draws, not a fixed pick


def test_without_the_house_rule_a_deck_without_an_xfile_is_refused(library: CardLibrary) -> None:
    with pytest.raises(IllegalDeck, match="xfc.team.4"):
        _game(library, 1, options={})


def test_a_deck_naming_several_xfiles_breaks_the_manuals_one_xfile(library: CardLibrary, tmp_path: Path) -> None:
    path = tmp_path / "two.deck"
    path.write_text(A.read_text(encoding="latin-1") + "1 THE LANTERN CHOIR\n1 PROJECT STILLWATER\n", encoding="utf-8")
    with pytest.raises(IllegalDeck, match="this one has 2"):
        new_session("xfiles-ccg", 2, decks={0: path, 1: B}, library=library, seed=1, house_rules=RANDOM,
                    enforcement="strict")


def test_the_notebook_lists_each_title_once_and_the_sample_only_when_played(library: CardLibrary) -> None:
    s = _game(library, 3)
    book = s.rules.notebook(s.state, 0)["opponents"][0]["candidates"]
    names = [c["name"] for c in book]
    gccg = {c.name for c in library if c.type == "X-File" and c.set in ("xfc-alpha", "xfc-beta")}
    assert sorted(names) == sorted(gccg) and len(names) == 6  # reprints not twice, no sample X-Files
    sample = new_session("xfiles-ccg", 2, library=library, seed=3)  # the sample decks: the sample X-Files count
    names = [c["name"] for c in sample.rules.notebook(sample.state, 0)["opponents"][0]["candidates"]]
    assert "The Lantern Choir" in names and len(names) == len(set(n.casefold() for n in names))
