"""`tabletop import FORMAT SRC --out DIR [--images DIR]`: turn another program's card data into a card set.

Formats are the importers registered in `tabletop.cards.importers.IMPORTERS`. What an importer cannot read is kept
as text on the card and listed here, never dropped; check the result with `tabletop cards check DIR`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "import"
HELP = "Import card data from another format into a card set folder: `import FORMAT SRC --out DIR`."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cards.importers import IMPORTERS

    parser.add_argument("format", choices=sorted(IMPORTERS), help="the source format")
    parser.add_argument("src", help="the source file")
    parser.add_argument("--out", required=True, help="the card set folder to write (its name is the set id)")
    parser.add_argument("--images", metavar="DIR", help="folder of the source's card images: copied into the set's "
                        "images/ folder (cards without one show their proxy face)")
    parser.add_argument("--reference-images", action="store_true",
                        help="with --images, point the set at DIR instead of copying the files")
    parser.add_argument("--title", help="the set's display title")
    parser.add_argument("--force", action="store_true", help="write into --out even if it already holds a set")
    parser.add_argument("--quiet", action="store_true", help="print only the summary line")


def run(args: argparse.Namespace) -> int:
    from ..cards import check_path, format_problems
    from ..cards.importers import ImportFailed, get_importer

    out = Path(args.out)
    if (out / "set.yaml").exists() and not args.force:
        print(f"tabletop import: {out} already holds a card set (use --force to overwrite it)", file=sys.stderr)
        return 2
    if args.reference_images and not args.images:
        print("tabletop import: --reference-images needs --images DIR", file=sys.stderr)
        return 2
    importer = get_importer(args.format)
    try:
        report = importer.import_cards(args.src, out, images=args.images, reference_images=args.reference_images,
                                       title=args.title)
    except ImportFailed as e:
        print(f"tabletop import: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        for line in report.lines():
            print(f"{args.src}: {line}")
    problems = check_path(out)
    print(report.summary())
    if problems:
        print(format_problems(problems), file=sys.stderr)
        print(f"tabletop import: the written set has {len(problems)} problem(s)", file=sys.stderr)
        return 1
    return 0
