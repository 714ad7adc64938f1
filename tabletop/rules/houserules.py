"""House rules: a small YAML file that overrides a ruleset's options, checked against the ruleset with located errors.

```yaml
# quick Tragedy for playtests
ruleset: tragedy      # optional; when present it must name the ruleset being played
win_favor: 500
deck_min: 30
```
Every other top-level key is an option of the ruleset. An unknown name or a wrong type is a `YamlError` naming the
file, the line and the option.
"""

from __future__ import annotations

import difflib
import os
from typing import Any

from ..yamlsafe import load_file
from . import RULESETS, OptionError, UnknownRuleset

__all__ = ["MAX_HOUSE_RULES_BYTES", "load_house_rules"]

MAX_HOUSE_RULES_BYTES = 64 * 1024


def load_house_rules(path: str | os.PathLike[str], ruleset_name: str) -> dict[str, Any]:
    """The options a house-rules file sets for `ruleset_name`, validated; raises YamlError (file, line, option)."""
    cls = RULESETS.get(ruleset_name)
    if cls is None:
        raise UnknownRuleset(ruleset_name)
    doc = load_file(path, max_bytes=MAX_HOUSE_RULES_BYTES)
    data = doc.data
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise doc.error((), "house rules are a mapping of option names to values")
    specs = {o.name: o for o in cls.option_specs}
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "ruleset":
            if value != ruleset_name:
                raise doc.error(("ruleset",), f"these house rules are for {value!r}, not {ruleset_name!r}")
            continue
        if not isinstance(key, str) or key not in specs:
            close = difflib.get_close_matches(str(key), list(specs), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(specs) or "none"
            raise doc.error((key,), f"{ruleset_name} has no option {key!r}{hint}; its options: {known}")
        try:
            out[key] = specs[key].validate(value)
        except OptionError as e:
            raise doc.error((key,), str(e)) from None
    return out
