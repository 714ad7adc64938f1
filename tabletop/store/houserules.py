"""Reading a house-rules file: the store reads and locates, the rules layer checks (`rules.houserules`)."""

from __future__ import annotations

import os
from typing import Any

from ..yamlsafe import load_file

__all__ = ["MAX_HOUSE_RULES_BYTES", "load_house_rules"]

MAX_HOUSE_RULES_BYTES = 64 * 1024


def load_house_rules(path: str | os.PathLike[str], ruleset_name: str) -> dict[str, Any]:
    """The options a house-rules file sets for `ruleset_name`, validated; raises YamlError (file, line, option).

    An unknown ruleset raises `UnknownRuleset` before the file is read.
    """
    from ..rules import RULESETS, UnknownRuleset
    from ..rules.houserules import check_house_rules

    if ruleset_name not in RULESETS:
        raise UnknownRuleset(ruleset_name)
    doc = load_file(path, max_bytes=MAX_HOUSE_RULES_BYTES)
    return check_house_rules(doc.data, ruleset_name, doc.error)
