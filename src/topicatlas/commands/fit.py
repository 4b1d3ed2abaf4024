"""``topicatlas fit MODEL --corpus NAME_OR_PATH --k 20 --seed 0 --out DIR``: fit a registered
topic model, write its output (``topics.txt``, ``vocab.txt``, ``matrices.npz`` with
``topic_word``/``doc_topic``, ``output.json`` with settings, seed, fit time and collapse
flags) and print the topics. Hyper-parameters: ``--param epochs=20 --param lr=0.001``
(values parsed as JSON, else kept as strings)."""

from __future__ import annotations

import argparse
import json
from typing import Any


def _param(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    key, value = text.split("=", 1)
    try:
        return key.strip(), json.loads(value)
    except json.JSONDecodeError:
        return key.strip(), value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from topicatlas.commands.corpus import add_preprocessing_arguments

    parser.add_argument("model", help="registered model name (see `topicatlas models`)")
    parser.add_argument("--corpus", required=True,
                        help="dataset name (bbc, 20ng, reuters, m10, dblp...) or a path")
    parser.add_argument("--k", type=int, default=20, help="number of topics (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--out", default=None, help="folder to write the output to")
    parser.add_argument("--top-n", type=int, default=10, help="top words per topic (default 10)")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (results are reproducible for a fixed value)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N documents")
    parser.add_argument("--param", action="append", type=_param, default=[], metavar="KEY=VALUE",
                        help="model hyper-parameter, repeatable (e.g. --param epochs=50)")
    add_preprocessing_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from topicatlas.commands.corpus import preprocessing_settings
    from topicatlas.corpus import load_corpus
    from topicatlas.models.zoo import MODELS, fit_model

    name = MODELS.entry(args.model).name  # unknown names fail before loading the corpus
    corpus = load_corpus(args.corpus, preprocess=args.preprocess, limit=args.limit,
                         **preprocessing_settings(args))
    out = fit_model(name, corpus, args.k, args.seed, top_n=args.top_n, threads=args.threads,
                    **dict(args.param))
    for i, words in enumerate(out.topics):
        print(f"{i:3d}  {' '.join(words)}")
    col = out.info["collapse"]
    print(f"# {name} on {corpus.name}: {out.n_topics} topics, {out.fit_seconds:.1f} s, "
          f"diversity {col['diversity']:.3f}"
          + ("  [DIVERSITY COLLAPSE]" if col["diversity_collapse"] else "")
          + ("  [WORD-COUNT COLLAPSE]" if col["word_count_collapse"] else ""))
    if args.out:
        folder = out.save(args.out)
        print(f"# written to {folder}/ (topics.txt, vocab.txt, matrices.npz, output.json)")
    return 0
