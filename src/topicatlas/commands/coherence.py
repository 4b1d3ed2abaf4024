"""``topicatlas coherence``: classical coherence (C_v, NPMI, UCI, UMass) of topics on a corpus.

Example::

    topicatlas coherence --topics topics.txt --corpus 20ng --measure c_v --json
    topicatlas coherence --topics lda.csv --corpus train.csv --tokenized --measure c_v,c_npmi
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

MEASURE_NAMES = ("c_v", "c_npmi", "c_uci", "u_mass")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--topics", required=True, type=Path,
                        help="topics file: one topic per line (words separated by spaces), a "
                             "CSV/TSV with a 'Topic words' column, or JSON")
    parser.add_argument("--corpus", required=True,
                        help="reference corpus: a dataset name (e.g. 20ng) or a path "
                             "(see `topicatlas corpus --help`)")
    parser.add_argument("--measure", default="c_v",
                        help="c_v, c_npmi, c_uci, u_mass, a comma-separated list, or 'all' "
                             "(default: c_v)")
    parser.add_argument("--topn", type=int, default=10, help="top words per topic (default: 10)")
    parser.add_argument("--window-size", type=int, default=None,
                        help="sliding-window length (default: the measure's: 110 for c_v, "
                             "10 for c_npmi/c_uci; u_mass uses whole documents)")
    parser.add_argument("--oov", choices=("skip", "nan", "error"), default="skip",
                        help="words absent from the corpus: skip them (default), leave the "
                             "topic unscored (nan), or stop with an error")
    parser.add_argument("--duplicates", choices=("keep", "drop", "error"), default="keep",
                        help="a word repeated in a topic: keep (gensim, default), drop, error")
    parser.add_argument("--windows", choices=("gensim", "exact"), default="gensim",
                        help="window counting: gensim 4's (default, comparable with published "
                             "numbers) or the exact boolean sliding window")
    parser.add_argument("--tokenized", action="store_true",
                        help="the corpus file is already tokenised: whitespace tokens are used "
                             "as they are (a text file with one document per line, or a "
                             "CSV/TSV with a text column)")
    parser.add_argument("--text-column", default=None, help="text column of a CSV/TSV corpus")
    parser.add_argument("--preprocess", default="default",
                        help="preprocessing preset for load_corpus (default: the dataset's)")
    parser.add_argument("--json", action="store_true",
                        help='print {"measure": ..., "per_topic": [...], "mean": ...} '
                             "(a list of such objects for several measures)")


def read_tokenized(path: Path, text_column: str | None = None) -> list[list[str]]:
    """Documents of a pre-tokenised file: one per line, or one per row of a CSV/TSV."""
    import csv
    import io

    from topicatlas.errors import DataNotFoundError, InputFormatError

    if not path.is_file():
        raise DataNotFoundError(f"corpus file not found: {path}")
    text = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff")
    lines = text.splitlines()
    if not lines:
        raise InputFormatError(f"{path}: the corpus file is empty")
    first = lines[0]
    delimiter = "\t" if "\t" in first else ("," if path.suffix.lower() in (".csv", ".tsv") else None)
    if delimiter is None:
        return [line.split() for line in lines]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = [h.strip() for h in next(reader)]
    wanted = text_column or "text"
    if wanted not in header:
        raise InputFormatError(
            f"{path}: no {wanted!r} column (columns: {', '.join(map(repr, header))}); "
            "pass --text-column NAME"
        )
    col = header.index(wanted)
    return [row[col].split() if col < len(row) else [] for row in reader]


def _load_reference(args: argparse.Namespace):
    from topicatlas.errors import InputFormatError

    path = Path(args.corpus).expanduser()
    if args.tokenized:
        return read_tokenized(path, args.text_column)
    from topicatlas.corpus import load_corpus

    options = {"text_column": args.text_column} if args.text_column else {}
    try:
        return load_corpus(args.corpus, preprocess=args.preprocess, **options)
    except InputFormatError as exc:
        if not path.is_file():
            raise
        print(f"topicatlas coherence: note: {exc}\n  reading {path} as pre-tokenised text "
              "instead (whitespace tokens; pass --tokenized to skip this attempt)", file=sys.stderr)
        return read_tokenized(path, args.text_column)


def run(args: argparse.Namespace) -> int:
    import json

    from topicatlas.errors import InputFormatError
    from topicatlas.metrics.coherence import MEASURES, ReferenceCounts
    from topicatlas.topics import read_topics

    names = MEASURE_NAMES if args.measure == "all" else [
        m.strip() for m in args.measure.split(",") if m.strip()]
    if not names:
        raise InputFormatError("--measure is empty; use c_v, c_npmi, c_uci, u_mass or all")
    for name in names:
        MEASURES.get(name)  # unknown names fail before the corpus is loaded
    topics = read_topics(args.topics)
    counts = ReferenceCounts(_load_reference(args), windows=args.windows)
    results = []
    for name in names:
        kwargs = {} if args.window_size is None else {"window_size": args.window_size}
        results.append(counts.score(topics, name, args.topn, oov=args.oov,
                                    duplicates=args.duplicates, **kwargs))
    for r in results:
        for k, reason in r.undefined.items():
            print(f"topicatlas coherence: {r.measure}: topic {k} ({' '.join(topics[k][:args.topn])})"
                  f" has no value: {reason}", file=sys.stderr)
        if r.oov and args.oov == "skip":
            n = sum(len(v) for v in r.oov.values())
            print(f"topicatlas coherence: {r.measure}: skipped {n} words absent from the corpus "
                  f"in {len(r.oov)} topics (see \"oov\" in --json output)", file=sys.stderr)
    if args.json:
        out = [r.to_dict() for r in results]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=1))
        return 0
    width = max(len(r.measure) for r in results)
    print("topic  " + "  ".join(f"{r.measure:>{max(width, 8)}}" for r in results) + "  words")
    for k, words in enumerate(topics):
        vals = "  ".join(f"{r.per_topic[k]:>{max(width, 8)}.4f}" for r in results)
        print(f"{k:>5}  {vals}  {' '.join(words[:args.topn])}")
    print(" mean  " + "  ".join(f"{r.mean:>{max(width, 8)}.4f}" for r in results)
          + f"  ({results[0].n_scored} of {len(topics)} topics scored)")
    return 0
