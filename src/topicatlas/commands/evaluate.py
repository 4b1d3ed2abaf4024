"""``topicatlas evaluate``: one report across all axes for one or more topic models.

    topicatlas evaluate --topics lda.txt --topics bertopic.csv --corpus bbc \\
        --judge openai:gpt-4o-mini --out report/ [--json]

Writes ``report.html`` (self-contained, offline), ``topics.csv`` (one row per topic),
``summary.csv`` (one row per model) and ``result.json`` into ``--out``. With ``--json``
the JSON also goes to standard output (and the human-readable lines to standard error).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--topics", action="append", required=True, metavar="[NAME=]PATH",
        help="a topics file (one topic per line, or CSV/TSV with a 'Topic words' column), an "
             "OCTIS output (.npz or folder), or a folder saved by `topicatlas fit`; repeat to "
             "compare models; NAME= names the model (default: the file name)")
    parser.add_argument(
        "--corpus", metavar="NAME_OR_PATH", default=None,
        help="reference corpus for C_V and NPMI (a built-in name such as 'bbc', or a path)")
    parser.add_argument(
        "--judge", action="append", default=[], metavar="BACKEND:MODEL",
        help="an LLM judge (e.g. openai:gpt-4o-mini, gguf:/path/model.gguf); repeatable")
    parser.add_argument(
        "--judge-metric", action="append", default=None, metavar="METRIC",
        help="judge metric to run (e.g. c_rate, c_outlier); repeatable; default: the judge's "
             "default set")
    parser.add_argument("--top-n", type=int, default=10,
                        help="words per topic read from a model output (default 10)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="output folder (report.html, topics.csv, summary.csv, result.json)")
    parser.add_argument("--json", action="store_true",
                        help="print the result as JSON on standard output")
    parser.add_argument("--skip", action="append", default=[], metavar="AXIS",
                        choices=["simrel", "coherence", "diversity", "judge"],
                        help="an axis not to compute (simrel, coherence, diversity, judge); "
                             "repeatable")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")


def _parse_topics_arg(value: str) -> tuple[str | None, str]:
    """``NAME=PATH`` -> (NAME, PATH); a plain path (even one containing '=') -> (None, PATH)."""
    if "=" in value and not Path(value).exists():
        name, _, path = value.partition("=")
        if name and "/" not in name:
            return name, path
    return None, value


def _csv_frame(topics):
    out = topics.copy()
    for col in out.columns:
        if out[col].map(lambda v: isinstance(v, list | tuple)).any():
            out[col] = out[col].map(lambda v: " ".join(map(str, v))
                                    if isinstance(v, list | tuple) else v)
    return out


def run(args: argparse.Namespace) -> int:
    from topicatlas.errors import InputFormatError
    from topicatlas.evaluate import evaluate
    from topicatlas.evaluate.inputs import collect_topic_sets

    say = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
    models: dict[str, object] = {}
    for value in args.topics:
        name, path = _parse_topics_arg(value)
        sets = collect_topic_sets(path, top_n=args.top_n)
        for ts in sets:
            if name:
                ts.name = name if len(sets) == 1 else f"{name}/{ts.name.rsplit('/', 1)[-1]}"
            if ts.name in models:
                raise InputFormatError(
                    f"two models are named {ts.name!r} (the second from {value}); name them "
                    "with --topics NAME=PATH")
            models[ts.name] = ts
    result = evaluate(models, corpus=args.corpus, judges=args.judge or None,
                      top_n=args.top_n, judge_metrics=args.judge_metric, skip=args.skip,
                      progress=not args.no_progress)

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    report = result.to_html(out / "report.html")
    _csv_frame(result.topics).to_csv(out / "topics.csv", index=False)
    result.summary.to_csv(out / "summary.csv")
    text = result.to_json(out / "result.json")

    for warning in result.warnings:
        say(f"warning: {warning}")
    for ax in result.axes.values():
        if not ax.available:
            say(f"{ax.title}: not available -- {ax.reason}")
        for note in ax.notes:
            say(f"{ax.title}: {note}")
    cols = [c for c in ("n_topics", "similarity", "relatedness", "gap", "shifted_gap", "c_v",
                        "c_npmi", "topic_diversity") if c in result.summary.columns]
    say("")
    say(result.summary[cols].to_string(float_format=lambda v: f"{v:.3f}"))
    say("")
    say(f"report: {report.resolve()}")
    say(f"tables: {(out / 'topics.csv').resolve()}, {(out / 'summary.csv').resolve()}, "
        f"{(out / 'result.json').resolve()}")
    if args.json:
        print(text)
    return 0
