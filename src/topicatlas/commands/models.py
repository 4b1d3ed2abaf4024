"""``topicatlas models [--json]``: the registered topic models, their family (Table 11 of the
similarity-relatedness paper), whether each uses a pretrained language model, the library
doing the work, and whether its dependencies are installed."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")


def run(args: argparse.Namespace) -> int:
    from topicatlas.models.zoo import MODELS, model_info

    rows = [model_info(name) for name in MODELS.names()]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    header = ("model", "family", "PLM", "installed", "library")
    table = [header] + [(r["name"], r["family"], "yes" if r["plm"] else "no",
                         "yes" if r["installed"] else f"no (pip install 'topicatlas[{r['extra']}]')",
                         r["library"]) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header) - 1)]
    for row in table:
        print("  ".join(c.ljust(w) for c, w in zip(row[:-1], widths, strict=True)) + "  " + row[-1])
    return 0
