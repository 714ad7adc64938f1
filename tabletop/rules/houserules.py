"""House rules: a mapping that overrides a ruleset's options, checked against the ruleset with located errors.

```yaml
# quick Tragedy for playtests
ruleset: tragedy      # optional; when present it must name the ruleset being played
win_favor: 500
deck_min: 30
```
Every other top-level key is an option of the ruleset. Reading the file is `tabletop.store.houserules`'s job; this
module only checks the data, so the rules layer touches no file. `fail(path, message)` builds the error the caller
raises, located at `path` in the document (the store's loader gives file and line).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from . import RULESETS, OptionError, UnknownRuleset

__all__ = ["check_house_rules"]


def check_house_rules(data: Any, ruleset_name: str, fail: Callable[[tuple[Any, ...], str], Exception]) -> dict[str, Any]:
    """The options `data` sets for `ruleset_name`, validated; raises `fail(path, message)` at the first mistake.

    A misspelt option comes with the closest real name as a suggestion and the list of the ruleset's options.
    """
    cls = RULESETS.get(ruleset_name)
    if cls is None:
        raise UnknownRuleset(ruleset_name)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise fail((), "house rules are a mapping of option names to values")
    specs = {o.name: o for o in cls.option_specs}
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "ruleset":
            if value != ruleset_name:
                raise fail(("ruleset",), f"these house rules are for {value!r}, not {ruleset_name!r}")
            continue
        if not isinstance(key, str) or key not in specs:
            close = difflib.get_close_matches(str(key), list(specs), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(specs) or "none"
            raise fail((key,), f"{ruleset_name} has no option {key!r}{hint}; its options: {known}")
        try:
            out[key] = specs[key].validate(value)
        except OptionError as e:
            raise fail((key,), str(e)) from None
    return out
