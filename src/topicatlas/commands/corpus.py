"""``topicatlas corpus``: list, download and describe corpora.

* ``topicatlas corpus stats NAME_OR_PATH... [--json]`` -- the columns of Table 17 of the
  similarity-relatedness paper (documents, average tokens per document, vocabulary
  size, number of labels) after the configured preprocessing, plus the documents read
  and those dropped because preprocessing left them empty (or too short).
* ``topicatlas corpus list`` -- the registered datasets and whether the data directory
  has them.
* ``topicatlas corpus download NAME...`` -- fetch registered datasets into the data
  directory (needs internet).
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def _number(text: str) -> int | float:
    """'5' -> 5 (a document count), '0.5' -> 0.5 (a fraction)."""
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None


def add_preprocessing_arguments(parser: argparse.ArgumentParser) -> None:
    """Options for every preprocessing setting (shared by commands that load corpora)."""
    g = parser.add_argument_group("preprocessing (default: each dataset's preset)")
    g.add_argument("--preprocess", default="default",
                   help="preset: default (per dataset), standard, none (whitespace tokens as "
                        "given), sample")
    g.add_argument("--min-df", type=_number, default=None,
                   help="minimum document frequency: int = documents, float = fraction")
    g.add_argument("--max-df", type=_number, default=None,
                   help="maximum document frequency: int = documents, float = fraction")
    g.add_argument("--min-token-len", type=int, default=None, help="minimum token length")
    g.add_argument("--max-vocab", type=int, default=None, help="keep the N most frequent words")
    g.add_argument("--min-doc-tokens", type=int, default=None,
                   help="drop documents with fewer tokens after preprocessing (default 1)")
    g.add_argument("--stopwords", default=None,
                   help="stopword list: english (bundled), a file (one word per line), or none")
    g.add_argument("--extra-stopwords", default=None, help="comma-separated extra stopwords")
    g.add_argument("--info-stopwords", type=float, default=None,
                   help="remove lowest-information words (Gerlach et al. 2019) up to this "
                        "fraction of tokens, e.g. 0.05")
    g.add_argument("--no-lowercase", dest="lowercase", action="store_false", default=None)
    g.add_argument("--keep-punctuation", dest="remove_punctuation", action="store_false",
                   default=None)
    g.add_argument("--keep-digits", dest="remove_digits", action="store_false", default=None)


def preprocessing_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The preprocessing overrides given on the command line."""
    out: dict[str, Any] = {}
    for key in ("min_df", "max_df", "min_token_len", "max_vocab", "min_doc_tokens",
                "info_stopwords", "lowercase", "remove_punctuation", "remove_digits"):
        value = getattr(args, key, None)
        if value is not None:
            out[key] = value
    if getattr(args, "stopwords", None) is not None:
        out["stopwords"] = None if args.stopwords.lower() == "none" else args.stopwords
    if getattr(args, "extra_stopwords", None):
        out["extra_stopwords"] = tuple(w.strip() for w in args.extra_stopwords.split(",") if w.strip())
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True)
    st = sub.add_parser("stats", help="documents, avg tokens, vocabulary size, labels")
    st.add_argument("sources", nargs="+", metavar="NAME_OR_PATH",
                    help="dataset name (see `topicatlas corpus list`), octis:PATH, or a "
                         "CSV/TSV/JSONL/text file or folder")
    st.add_argument("--json", action="store_true", help="print a JSON list of objects")
    st.add_argument("--split", default=None, help="statistics of one split only (train/val/test)")
    st.add_argument("--limit", type=int, default=None, help="read only the first N documents")
    st.add_argument("--no-cache", dest="cache", action="store_false",
                    help="neither read nor write the corpus cache")
    st.add_argument("--text-column", default=None, help="text column of CSV/TSV/JSONL input")
    st.add_argument("--label-column", default=None, help="label column of CSV/TSV/JSONL input")
    st.add_argument("--keep-headers", action="store_true",
                    help="20ng: keep headers, signatures and quoted replies")
    add_preprocessing_arguments(st)
    sub.add_parser("list", help="registered datasets and whether the data directory has them")
    dl = sub.add_parser("download", help="download datasets into the data directory")
    dl.add_argument("names", nargs="+")
    dl.add_argument("--force", action="store_true", help="download again even if present")


def corpus_stats(corpus: Any, split: str | None = None) -> dict[str, Any]:
    """Table-17 statistics (plus documents read and dropped) of a corpus or one split."""
    import numpy as np

    info = corpus.info
    sub = corpus.by_split(split) if split else corpus
    stats = sub.stats()
    if split:
        stats["vocab_size"] = int(len(np.unique(sub.token_ids)))
        stats["split"] = split
    stats["name"] = corpus.name
    stats.update({
        "raw_documents": info.get("raw_documents"),
        "dropped_empty": info.get("dropped_empty", 0),
        "dropped_short": info.get("dropped_short", 0),
        "preprocess": corpus.settings.get("preprocess"),
    })
    return stats


def _load_options(args: argparse.Namespace, source: str) -> dict[str, Any]:
    from topicatlas.corpus import DATASETS

    opts: dict[str, Any] = {}
    is_dataset = source in DATASETS
    if args.keep_headers:
        if is_dataset and DATASETS.get(source).name == "20ng":
            opts["remove"] = ()
    if not is_dataset:
        if args.text_column:
            opts["text_column"] = args.text_column
        if args.label_column:
            opts["label_column"] = args.label_column
    return opts


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        return _list()
    if args.action == "download":
        return _download(args.names, args.force)
    from topicatlas.corpus import load_corpus

    rows = []
    prep = preprocessing_settings(args)
    for source in args.sources:
        corpus = load_corpus(source, preprocess=args.preprocess, cache=args.cache,
                             limit=args.limit, progress=None, **prep, **_load_options(args, source))
        rows.append(corpus_stats(corpus, args.split))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    header = ["name", "documents", "avg_tokens", "vocab_size", "n_labels", "raw_documents",
              "dropped_empty", "dropped_short"]
    table = [header] + [[str(r.get(h, "")) for h in header] for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))))
    return 0


def _list() -> int:
    from topicatlas.config import data_dir
    from topicatlas.corpus import DATASETS, PRESETS

    root = data_dir()
    print(f"data directory: {root}  (TOPICATLAS_DATA)")
    for name in DATASETS.names():
        spec = DATASETS.get(name)
        status = "present" if not spec.missing(root) else "missing"
        print(f"  {name:<11} {status:<8} preprocess={spec.preprocess:<8} {spec.description}")
    print(f"presets: default (per dataset), {', '.join(PRESETS)}")
    return 0


def _download(names: list[str], force: bool) -> int:
    from topicatlas.config import data_dir
    from topicatlas.corpus import DATASETS
    from topicatlas.corpus.download import download_dataset

    root = data_dir()
    for name in names:
        spec = DATASETS.get(name)
        fetched = download_dataset(spec, root, force=force)
        print(f"{spec.name}: " + (f"downloaded {len(fetched)} file(s) to {root}" if fetched
                                  else f"already present in {root}"))
    return 0
