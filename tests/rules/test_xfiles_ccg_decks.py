"""`xfiles-ccg`: card wordings that real decks left by hand in self-play (issue #26), run by the engine in a game
(our own cards in the printed wordings): a misspelt Team investigating a Site, ..."""

from __future__ import annotations


def test_a_team_investigation_a_site_is_the_team_investigating_it() -> None:
    """The second printing's misspelling ("the Team investigation a Site") means what the first printing says."""
    from tabletop.rules.xfiles_ccg.compiler import compile_text

    said = "Force the Team {} a Site to discard one Equipment card of your choice."
    typo, right = (compile_text(said.format(w)) for w in ("investigation", "investigating"))
    assert not typo[1] and [{k: v for k, v in a.items() if k != "text"} for a in typo[0]] == \
        [{k: v for k, v in a.items() if k != "text"} for a in right[0]]
