"""``topicatlas score pairs|topics FILE [--json]``: similarity and relatedness scores.

``pairs``: FILE has two words per line (whitespace or tab separated; blank lines and
``#`` comments skipped). ``topics``: any topics file ``topicatlas.topics.read_topics``
reads; per topic the mean pairwise scores over its top-5 words. Pairs with a word that
has no vector get ``null`` scores; the coverage is printed on stderr.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("pairs", help="score word pairs (two words per line)")
    p.add_argument("file", help="text file: word1 word2 per line ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print a JSON list in input order")
    p.add_argument("--weights", help="a .safetensors scorer (default: the packaged model)")
    t = sub.add_parser("topics", help="score topics (mean over top-5 word pairs)")
    t.add_argument("file", help="topics file (plain lines, CSV/TSV 'Topic words', JSON)")
    t.add_argument("--topn", type=int, default=5)
    t.add_argument("--json", action="store_true")
    t.add_argument("--weights", help="a .safetensors scorer (default: the packaged model)")


def read_pairs_file(path: str) -> list[tuple[str, str]]:
    """Pairs from a two-words-per-line file; errors name the file and line."""
    from pathlib import Path

    from topicatlas.errors import DataNotFoundError, InputFormatError

    if path == "-":
        text = sys.stdin.read()
    else:
        p = Path(path)
        if not p.exists():
            raise DataNotFoundError(f"{path}: no such file")
        text = p.read_text(encoding="utf-8-sig")
    pairs = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t") if "\t" in line else line.split()
        parts = [x.strip() for x in parts if x.strip()]
        if len(parts) != 2:
            raise InputFormatError(
                f"{path}, line {lineno}: expected two words (separate multi-word tokens with a tab), "
                f"got {len(parts)} fields: {line!r}"
            )
        pairs.append((parts[0], parts[1]))
    return pairs


def _num(x: float):
    return None if x != x else round(float(x), 6)


def run(args: argparse.Namespace) -> int:
    import json

    from topicatlas.scorer.api import Scorer

    scorer = Scorer.load(args.weights) if args.weights else Scorer.default()
    if args.what == "pairs":
        pairs = read_pairs_file(args.file)
        df = scorer.score_pairs(pairs)
        n_cov = int(df["covered"].sum())
        if args.json:
            print(json.dumps([
                {"word1": r.word1, "word2": r.word2, "similarity": _num(r.similarity),
                 "relatedness": _num(r.relatedness)}
                for r in df.itertuples()
            ], ensure_ascii=False))
        else:
            for r in df.itertuples():
                s = "nan" if r.similarity != r.similarity else f"{r.similarity:.4f}"
                q = "nan" if r.relatedness != r.relatedness else f"{r.relatedness:.4f}"
                print(f"{r.word1}\t{r.word2}\t{s}\t{q}")
        missing = scorer.coverage([w for p in pairs for w in p])["missing"]
        print(f"coverage: {n_cov}/{len(df)} pairs scored"
              + (f"; no vector for: {', '.join(missing[:20])}" if missing else ""), file=sys.stderr)
        return 0

    from topicatlas.metrics.simrel import topic_scores
    from topicatlas.topics import read_topics

    topics = read_topics(args.file)
    df = topic_scores(topics, scorer, topn=args.topn)
    if args.json:
        print(json.dumps([
            {"topic": int(r.topic), "similarity": _num(r.similarity), "relatedness": _num(r.relatedness),
             "pairs_covered": int(r.pairs_covered), "pairs": int(r.pairs)}
            for r in df.itertuples()
        ]))
    else:
        for r in df.itertuples():
            s = "nan" if r.similarity != r.similarity else f"{r.similarity:.4f}"
            q = "nan" if r.relatedness != r.relatedness else f"{r.relatedness:.4f}"
            print(f"{r.topic}\t{s}\t{q}\t{' '.join(r.words)}")
    print(f"coverage: {int(df['pairs_covered'].sum())}/{int(df['pairs'].sum())} word pairs scored",
          file=sys.stderr)
    return 0
