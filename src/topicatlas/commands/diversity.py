"""``topicatlas diversity``: topic diversity (unique words), topic uniqueness, inverted RBO.

Example::

    topicatlas diversity --topics topics.txt --measure all --json
"""

from __future__ import annotations

import argparse
from pathlib import Path

MEASURE_NAMES = ("topic_diversity", "topic_uniqueness", "inverted_rbo")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--topics", required=True, type=Path,
                        help="topics file: one topic per line, a CSV/TSV with a 'Topic words' "
                             "column, or JSON")
    parser.add_argument("--measure", default="all",
                        help="topic_diversity (td), topic_uniqueness (tu), inverted_rbo (irbo), "
                             "a comma-separated list, or all (default)")
    parser.add_argument("--topk", type=int, default=10, help="top words per topic (default: 10)")
    parser.add_argument("--rbo-p", type=float, default=0.9,
                        help="RBO persistence p for inverted_rbo (default: 0.9)")
    parser.add_argument("--json", action="store_true",
                        help='print {"measure": ..., "per_topic": [...], "mean": ...} '
                             "(a list for several measures)")


def run(args: argparse.Namespace) -> int:
    import json

    from topicatlas.metrics.diversity import DIVERSITY_MEASURES, diversity
    from topicatlas.topics import read_topics

    names = MEASURE_NAMES if args.measure == "all" else [
        m.strip() for m in args.measure.split(",") if m.strip()]
    for name in names:
        DIVERSITY_MEASURES.get(name)
    topics = read_topics(args.topics)
    results = []
    for name in names:
        extra = {"p": args.rbo_p} if DIVERSITY_MEASURES.entry(name).name == "inverted_rbo" else {}
        results.append(diversity(topics, name, args.topk, **extra))
    if args.json:
        out = [r.to_dict() for r in results]
        print(json.dumps(out[0] if len(out) == 1 else out, indent=1))
        return 0
    for r in results:
        print(f"{r.measure:<18} {r.mean:.4f}")
    return 0
