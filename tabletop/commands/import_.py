"""`tabletop import FORMAT SRC... --out DIR [--add | --force]`: turn other programs' card data into one card set.

Formats are the importers registered in `tabletop.cards.importers.IMPORTERS`. Several sources make one set; `--add`
extends a set, `--force` re-imports sources into it (see `tabletop.cards.importers.build`). What an importer cannot
read is kept as text on the card and listed here with its file and line, never dropped; a source that cannot be
read at all stops the import with exit 2 and nothing written. Check the result with `tabletop cards check DIR`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["HELP", "NAME", "add_arguments", "run"]

NAME = "import"
HELP = "Import card data from other formats into a card set folder: `import FORMAT SRC... --out DIR`."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..cards.importers import IMPORTERS, get_importer

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "formats:\n" + "\n".join(f"  {name:16} {_help(get_importer, name)}" for name in sorted(IMPORTERS)) \
        + "\n\nEvery format read is described in docs/FORMATS.md (Formats read from other programs)."
    parser.add_argument("format", choices=sorted(IMPORTERS), help="the source format")
    parser.add_argument("src", nargs="+", help="the source file(s); several make one set")
    parser.add_argument("--out", required=True, help="the card set folder to write (its name is the set id)")
    parser.add_argument("--images", metavar="DIR", help="folder of the source's card images: copied into the set's "
                        "images/ folder (cards without one show their proxy face); for tts, the sheet images")
    parser.add_argument("--reference-images", action="store_true",
                        help="with --images, point the set at DIR instead of copying the files")
    parser.add_argument("--title", help="the set's display title")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--add", action="store_true", help="add these cards to the set at --out (cards it already "
                      "holds are refreshed and keep their ids; nothing is removed)")
    mode.add_argument("--force", action="store_true", help="re-import these sources into the set at --out: their "
                      "cards are replaced (keeping ids), cards gone from them removed, other sources' cards kept")
    parser.add_argument("--quiet", action="store_true", help="print only the summary line")


def _help(get_importer: Any, name: str) -> str:
    try:
        return str(get_importer(name).HELP)
    except Exception as e:  # noqa: BLE001 - a broken importer must not break the others' help
        return f"(unavailable: {e})"


def run(args: argparse.Namespace) -> int:
    from ..cards import check_path, format_problems
    from ..cards.importers import ImportFailed, get_importer

    out = Path(args.out)
    if args.reference_images and not args.images:
        print("tabletop import: --reference-images needs --images DIR", file=sys.stderr)
        return 2
    mode = "add" if args.add else "force" if args.force else "new"
    importer = get_importer(args.format)
    try:
        report = importer.import_cards(args.src, out, images=args.images, reference_images=args.reference_images,
                                       title=args.title, mode=mode)
    except ImportFailed as e:
        print(f"tabletop import: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        given = {Path(s).name: s for s in args.src}
        for note in report.notes:
            print(f"{given.get(note.file, note.file or args.src[0])}: {note}")
    problems = check_path(out)
    print(report.summary())
    if problems:
        print(format_problems(problems), file=sys.stderr)
        print(f"tabletop import: the written set has {len(problems)} problem(s)", file=sys.stderr)
        return 1
    return 0
