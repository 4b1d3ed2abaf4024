"""``topicatlas demo``: the main job on a built-in default, one step after another.

Today the demo has one step -- load and preprocess the default corpus and print its
statistics. The default corpus is BBC News when the data directory
(``$TOPICATLAS_DATA``) has ``corpora/bbc-fulltext.zip`` and otherwise the small corpus
shipped inside the package (``sample``: 60 made-up documents, 5 themes), so the demo
runs anywhere. Later steps (fit topic models, score topics, judge them, write the
report) are added to :data:`STEPS`; each step reads what earlier steps left in the
shared ``state`` dict and adds its own results.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

State = dict[str, Any]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--corpus", default="auto",
                        help="corpus to use: auto (BBC if the data directory has it, else the "
                             "built-in sample), or any name/path `topicatlas corpus stats` accepts")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write the results to (default: print only)")
    parser.add_argument("--no-cache", dest="cache", action="store_false",
                        help="neither read nor write the corpus cache")


def default_corpus_name() -> str:
    """``bbc`` when its archive is in the data directory, otherwise ``sample``."""
    from topicatlas.config import data_dir
    from topicatlas.corpus import DATASETS

    return "bbc" if not DATASETS.get("bbc").missing(data_dir()) else "sample"


def step_corpus(state: State, args: argparse.Namespace) -> None:
    """Load and preprocess the corpus; print Table-17 statistics."""
    from topicatlas.commands.corpus import corpus_stats
    from topicatlas.corpus import load_corpus

    name = default_corpus_name() if args.corpus == "auto" else args.corpus
    corpus = load_corpus(name, cache=args.cache)
    stats = corpus_stats(corpus)
    state["corpus"] = corpus
    state["results"]["corpus"] = stats
    where = "built-in sample (no data directory needed)" if name == "sample" else name
    print(f"corpus: {where}")
    print(f"  documents     {stats['documents']:>8,}  (read {stats['raw_documents']:,}; "
          f"dropped empty after preprocessing: {stats['dropped_empty']:,})")
    print(f"  avg tokens    {stats['avg_tokens']:>8}")
    print(f"  vocabulary    {stats['vocab_size']:>8,}")
    print(f"  labels        {stats['n_labels']:>8,}  ({', '.join(corpus.label_set[:8])}"
          f"{', ...' if corpus.n_labels > 8 else ''})")
    s = corpus.settings
    print(f"  preprocessing {s['preprocess']}: lowercase={s['lowercase']}, "
          f"stopwords={s['stopword_list']}, min_token_len={s['min_token_len']}, "
          f"min_df={s['min_df']}, max_df={s['max_df']}")


def step_evaluate(state: State, args: argparse.Namespace) -> None:
    """Fit quick models on the corpus, evaluate them on every axis, write the HTML report."""
    from topicatlas.config import cache_dir
    from topicatlas.evaluate.demo import demo_evaluation

    out = args.out if args.out is not None else cache_dir("demo")
    result, report = demo_evaluation(state["corpus"], out)
    state["results"]["evaluate"] = {"report": str(report), "models": list(result.summary.index)}
    print(result.summary.drop(columns=["source", "position"], errors="ignore")
          .to_string(float_format=lambda v: f"{v:.3f}"))
    print(f"report: {report.resolve()}")


#: The demo's steps, in order: (name, function(state, args)).
STEPS: list[tuple[str, Callable[[State, argparse.Namespace], None]]] = [
    ("corpus", step_corpus),
    ("evaluate", step_evaluate),
]


def run(args: argparse.Namespace) -> int:
    state: State = {"results": {}}
    for i, (name, step) in enumerate(STEPS, 1):
        print(f"[{i}/{len(STEPS)}] {name}")
        step(state, args)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / "demo_results.json"
        path.write_text(json.dumps(state["results"], indent=2), encoding="utf-8")
        print(f"results: {path}")
    return 0
