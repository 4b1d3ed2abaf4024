"""``topicatlas setup wordnet``: make a system WordNet 3.0 readable by NLTK."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="what", required=True)
    wn = sub.add_parser("wordnet", help="copy WordNet 3.0 into an NLTK data directory")
    wn.add_argument("--source", type=Path, default=Path("/usr/share/wordnet"),
                    help="folder with WordNet's data.*/index.* files (default: Debian's)")
    wn.add_argument("--nltk-dir", type=Path, default=None,
                    help="NLTK data directory (default: <sys.prefix>/nltk_data)")


def run(args: argparse.Namespace) -> int:
    from topicatlas.lexicon.wordnet_setup import check_wordnet, install_wordnet

    target = install_wordnet(args.source, args.nltk_dir)
    print(f"WordNet copied to {target}")
    if args.nltk_dir is None:
        print(f"NLTK reads WordNet {check_wordnet()}")
    return 0
