"""``topicatlas pairs``: build candidate word pairs and annotate them with an LLM.

Examples::

    topicatlas pairs build --out candidates.parquet              # Table 13-sized (~51K)
    topicatlas pairs build --out small.csv --scale 0.1 --quota conceptnet.RelatedTo=0
    topicatlas pairs annotate candidates.parquet --backend openai --model deepseek-chat \\
        --base-url https://api.deepseek.com/v1 --api-key-env DEEPSEEK_API_KEY \\
        --concurrency 32 --out annotated.parquet
    topicatlas pairs annotate pairs.txt --backend gguf --model SmolLM2.gguf --out a.csv
    topicatlas pairs pilot candidates.parquet --backend openai --model m --draws 3 --n 10000

``annotate`` writes one row per input pair (``word1, word2, sim, rel, reason, status...``;
the scorer's trainer reads it directly). It is resumable: every answer is cached, so after
an interruption the same command sends only what is missing. When the back-end fails for
good the rows so far are written (unfinished ones with ``status = pending``) and the
command exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def _add_backend_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--backend", required=True, help="LLM back-end: openai, gguf or transformers")
    p.add_argument(
        "--model", required=True, help="model name (openai) or path (gguf file, HF folder)"
    )
    p.add_argument("--base-url", help="OpenAI-compatible server URL, e.g. http://127.0.0.1:8000/v1")
    p.add_argument(
        "--api-key-env",
        help="environment variable holding the API key (openai; default OPENAI_API_KEY)",
    )
    p.add_argument("--concurrency", type=int, help="requests in flight (openai; default 8)")
    p.add_argument("--rpm", type=float, help="at most this many requests per minute (openai)")
    p.add_argument(
        "--timeout", type=float, help="seconds to wait for one answer (openai; default 120)"
    )
    p.add_argument(
        "--threads",
        type=int,
        help="CPU threads for a local model (gguf, transformers; default: torch's choice)",
    )
    p.add_argument(
        "--max-retries",
        type=int,
        help="retries of one request on HTTP 429/5xx, time-outs, lost connections (openai; default 5)",
    )
    p.add_argument("--temperature", type=float, default=0.3, help="default 0.3 (the paper's)")
    p.add_argument("--max-tokens", type=int, default=200, help="answer length limit (default 200)")
    p.add_argument(
        "--max-reasks",
        type=int,
        default=2,
        help="re-asks of a malformed answer before the pair counts as failed (default 2)",
    )
    p.add_argument("--seed", type=int, help="sampling seed (sent to servers that accept one)")
    p.add_argument(
        "--prompt-version", default="v1", help="pair prompt version (default v1, the paper's)"
    )
    p.add_argument(
        "--cache", help="response cache file (default: <cache dir>/llm/responses.sqlite)"
    )
    p.add_argument(
        "--no-cache", action="store_true", help="do not read or write the response cache"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bars")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="{build,annotate,pilot}")

    b = sub.add_parser("build", help="build the candidate pair table (App. B.3.1, Table 13)")
    b.add_argument("--out", required=True, help="output table (.parquet, .csv or .tsv)")
    b.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiply every quota (default 1.0: the paper's Table 13 sizes)",
    )
    b.add_argument(
        "--quota",
        action="append",
        default=[],
        metavar="SOURCE.SUB=N",
        help="set one quota, e.g. wordnet.cohyponym=5000 or negative.common=0 (repeatable)",
    )
    b.add_argument("--seed", type=int, default=0)
    b.add_argument(
        "--vectors", default="glove-6b-50d", help="word-vector space (default %(default)s)"
    )
    b.add_argument("--wordpiece", help="a WordPiece vocab.txt (default: bert-base-uncased's)")
    b.add_argument(
        "--conceptnet",
        help="ConceptNet 5.x assertions dump (conceptnet-assertions-5.7.0.csv.gz, the paper's "
        "source) or a ConceptNet-100k folder (default: $TOPICATLAS_DATA/conceptnet, 100k)",
    )
    b.add_argument(
        "--neighbour-space",
        choices=("vectors", "minilm"),
        default="vectors",
        help="embedding-neighbour space: the --vectors space, or all-MiniLM-L6-v2 static vectors "
        "(BERT WordPiece; closer to the paper's BERT space, slower) (default %(default)s)",
    )
    b.add_argument("--degree-cap", type=int, default=50)
    b.add_argument("--min-zipf", type=float, default=2.0)
    b.add_argument("--common-zipf", type=float, default=4.5)
    b.add_argument("--clusters", type=int, default=200, help="k-means clusters for the neighbours")
    b.add_argument("--no-progress", action="store_true")

    a = sub.add_parser("annotate", help="score pairs for similarity and relatedness with an LLM")
    a.add_argument(
        "input", help="candidate table (.parquet/.csv/.tsv with word1, word2) or two words per line"
    )
    a.add_argument("--out", required=True, help="output table (.parquet, .csv or .tsv)")
    a.add_argument("--draws", type=int, default=1, help="draws per pair, averaged (default 1)")
    a.add_argument("--limit", type=int, help="annotate only the first N pairs")
    _add_backend_options(a)

    p = sub.add_parser(
        "pilot", help="stability pilot: k draws on a subset, correlation between draws"
    )
    p.add_argument("input", help="candidate table or two words per line")
    p.add_argument("--draws", type=int, default=3, help="draws per pair (default 3)")
    p.add_argument(
        "--n", type=int, default=10000, help="first N pairs (default 10000, the paper's ~10K)"
    )
    p.add_argument("--out", help="optional table of every draw's scores (.parquet, .csv or .tsv)")
    _add_backend_options(p)


def _quotas(values: list[str]) -> dict[tuple[str, str], int]:
    from topicatlas.errors import InputFormatError

    out = {}
    for v in values:
        name, eq, n = v.partition("=")
        family, dot, subname = name.partition(".")
        if not (eq and dot) or not n.strip().isdigit():
            raise InputFormatError(
                f"--quota {v!r}: expected SOURCE.SUB=N, e.g. wordnet.antonym=500"
            )
        out[(family.strip(), subname.strip())] = int(n)
    return out


def _build(args: argparse.Namespace) -> int:
    from topicatlas.pairs.candidates import CandidateConfig, _check_quotas, build_candidates
    from topicatlas.pairs.tables import write_table

    cfg = CandidateConfig(
        seed=args.seed,
        vectors=args.vectors,
        wordpiece=args.wordpiece,
        degree_cap=args.degree_cap,
        min_zipf=args.min_zipf,
        common_zipf=args.common_zipf,
        clusters=args.clusters,
        conceptnet=args.conceptnet,
        neighbour_space=args.neighbour_space,
    )
    if args.scale != 1.0:
        cfg = cfg.scaled(args.scale)
    overrides = _quotas(args.quota)
    _check_quotas(overrides)
    cfg.quotas.update(overrides)
    result = build_candidates(cfg, progress=not args.no_progress)
    path = write_table(result.table, args.out)
    print(result.render())
    print(f"wrote {len(result.table)} pairs to {path}")
    return 0


def _backend(args: argparse.Namespace) -> Any:
    from topicatlas.errors import InputFormatError
    from topicatlas.llm import BACKENDS, get_backend

    http = BACKENDS.entry(args.backend).name == "openai"  # unknown names raise with a hint
    opts: dict[str, Any] = {}
    for key in ("base_url", "api_key_env", "concurrency", "rpm", "timeout", "max_retries"):
        value = getattr(args, key)
        if value is None:
            continue
        if not http:
            flag = "--" + key.replace("_", "-")
            raise InputFormatError(f"{flag} applies to the openai back-end only")
        opts[key] = value
    if args.threads is not None:
        if http:
            raise InputFormatError("--threads applies to the local back-ends (gguf, transformers)")
        opts["threads"] = args.threads
    return get_backend(args.backend, args.model, **opts)


def _cache(args: argparse.Namespace) -> Any:
    from topicatlas.llm import ResponseCache

    if args.no_cache:
        return None
    return ResponseCache(args.cache) if args.cache else ResponseCache()


def _options(args: argparse.Namespace, cache: Any) -> dict[str, Any]:
    return {
        "temperature": args.temperature,
        "max_tokens": args.max_tokens,
        "max_reasks": args.max_reasks,
        "prompt_version": args.prompt_version,
        "seed": args.seed,
        "cache": cache,
        "progress": not args.no_progress,
    }


def _annotate(args: argparse.Namespace) -> int:
    from topicatlas.pairs.annotate import AnnotationInterrupted, annotate_pairs
    from topicatlas.pairs.tables import read_pairs, write_table

    pairs = read_pairs(args.input)
    if args.limit is not None:
        pairs = pairs.iloc[: args.limit]
    backend = _backend(args)
    cache = _cache(args)
    try:
        table, stats = annotate_pairs(pairs, backend, draws=args.draws, **_options(args, cache))
    except AnnotationInterrupted as exc:
        path = write_table(exc.table, args.out)
        print(f"wrote the {len(exc.table)} rows so far to {path}", file=sys.stderr)
        raise
    finally:
        if cache is not None:
            cache.close()
    path = write_table(table, args.out)
    print(stats.summary())
    if stats.failed:
        print(f"{stats.failed} pair(s) failed (status=failed, sim/rel empty); see the error column")
    print(f"wrote {len(table)} rows to {path}")
    return 0


def _pilot(args: argparse.Namespace) -> int:
    from topicatlas.pairs.annotate import stability_pilot
    from topicatlas.pairs.tables import read_pairs, write_table

    pairs = read_pairs(args.input)
    backend = _backend(args)
    cache = _cache(args)
    try:
        report = stability_pilot(
            pairs, backend, draws=args.draws, n=args.n, **_options(args, cache)
        )
    finally:
        if cache is not None:
            cache.close()
    print(report.render())
    if args.out:
        print(f"wrote every draw's scores to {write_table(report.scores, args.out)}")
    return 0


def run(args: argparse.Namespace) -> int:
    return {"build": _build, "annotate": _annotate, "pilot": _pilot}[args.action](args)
