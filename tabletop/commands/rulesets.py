"""`tabletop rulesets`: the rulesets this build knows, each with its options (default and description)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "describe", "run"]

NAME = "rulesets"
HELP = "List the rulesets with their options (house rules)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", nargs="?", help="show only this ruleset")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def describe() -> list[dict[str, Any]]:
    """Every ruleset, bundled or from an installed plugin, as plain data: name, title, seats, description, options."""
    from ..rules import PLUGIN_PROBLEMS, available_rulesets

    rulesets = available_rulesets()
    for problem in PLUGIN_PROBLEMS:
        print(f"tabletop rulesets: {problem}", file=sys.stderr)
    out = []
    for name, cls in sorted(rulesets.items(), key=lambda kv: (kv[0] != "freeform", kv[0])):
        out.append({
            "name": name,
            "title": cls.title,
            "description": cls.description,
            "seats": [cls.min_seats, cls.max_seats],
            "options": [
                {"name": o.name, "default": o.default, "description": o.description,
                 **({"choices": list(o.choices)} if o.choices else {})}
                for o in cls.option_specs
            ],
        })
    return out


def run(args: argparse.Namespace) -> int:
    items = describe()
    if args.name:
        items = [r for r in items if r["name"] == args.name]
        if not items:
            print(f"tabletop rulesets: no ruleset {args.name!r} (known: "
                  f"{', '.join(r['name'] for r in describe())})", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(items, indent=2))
        return 0
    for i, r in enumerate(items):
        if i:
            print()
        print(f"{r['name']} - {r['title']} ({r['seats'][0]}-{r['seats'][1]} seats)")
        if r["description"]:
            print(f"  {r['description']}")
        if r["options"]:
            print("  options (house rules):")
            width = max(len(o["name"]) for o in r["options"])
            for o in r["options"]:
                default = json.dumps(o["default"])
                choices = f" [{', '.join(map(str, o['choices']))}]" if "choices" in o else ""
                print(f"    {o['name']:<{width}}  {default:>6}{choices}  {o['description']}")
    return 0
