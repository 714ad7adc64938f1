"""The log panel shows why a rule changed a number, with the rule as a link (issue 30 item 7).

Why: a pool jumped and the log said nothing; the engine now ends the line with the cause (`Tx.changed`), and the
panel makes its rule number a link to the rules page, as a violation's is. A table action the rules followed up
(no sentence of the ruleset's own) gets the causes after its own words.
"""

from __future__ import annotations

from tabletop.ui.panels.describe import describe_entry, entry_html
from tabletop.ui.panels.rulebook import RULE_LINK

NAMES = {0: "Ann", 1: "Ben"}


def test_a_cause_on_a_rulesets_line_links_its_rule() -> None:
    line = {"seq": 7, "seat": 0, "action": {"type": "xfc.play", "piece": "p3"}, "violations": [],
            "notes": [], "text": "played Overtime; Ann's RP 5 -> 3: paid for Overtime (rule xfc.chain.3)"}
    assert describe_entry(line, NAMES, {}) == line["text"]
    out = entry_html(line, NAMES, {})
    # the parentheses inside the link: a ")" after it wrapped to a line of its own (trial 3)
    assert f"<a href='{RULE_LINK}xfc.chain.3'>(rule xfc.chain.3)</a>" in out, out
    assert "</a>)" not in out
    assert "Ann&#x27;s RP 5 -&gt; 3: paid for Overtime" in out


def test_a_table_action_the_rules_followed_up_says_why_after_its_own_words() -> None:
    line = {"seq": 8, "seat": 1, "action": {"type": "add_counter", "name": "score", "delta": 1, "seat": 1},
            "violations": [],
            "notes": [{"what": "changed", "seat": 1, "text": "Ben's Favor 2 -> 5: a house rule's bonus (rule 9.1)",
                       "data": {"old": 2, "new": 5}},
                      {"what": "other", "seat": 1, "text": "not a cause", "data": {}}]}
    text = describe_entry(line, NAMES, {})
    assert text.endswith("; Ben's Favor 2 -> 5: a house rule's bonus (rule 9.1)"), text
    assert "not a cause" not in text
