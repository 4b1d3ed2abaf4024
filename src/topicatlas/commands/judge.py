"""``topicatlas judge``: LLM-as-judge topic metrics (the LLM-judge paper).

Examples::

    topicatlas judge --topics lda.txt --backend gguf --model /path/model.gguf --out runs/j
    topicatlas judge --topics lda=lda.txt --topics bertopic=bt.txt \\
        --backend openai --model qwen2.5-7b --base-url http://127.0.0.1:8000/v1 \\
        --metrics c_rate,c_outlier,r_rate,r_duplicate,d_rate --out runs/j --json
    topicatlas judge --topics lda.txt --backend openai --model m --metrics a_ir_topic \\
        --documents docs.txt --doc-topic theta.npy --out runs/j --dry-run

Writes table.csv (one row per topic x judge x metric), draws.jsonl (every raw answer;
draws.partial.jsonl grows while the run goes), summary.csv/json, info.json, and with
several judges agreement.csv and reliability.csv; radar plots (PNG, SVG) when at least
3 metrics are scored. A re-run of the same command is answered from the response cache.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--topics", action="append", default=[], metavar="[NAME=]FILE",
                        help="topics file (one topic per line, CSV/TSV 'Topic words' column or JSON); "
                        "repeat with NAME=FILE to compare several topic models")
    parser.add_argument("--backend", help="LLM back-end of the judge(s): openai, gguf, transformers")
    parser.add_argument("--model", action="append", default=[], metavar="M",
                        help="judge model (repeat for several judges on the same back-end)")
    parser.add_argument("--judge", action="append", default=[], metavar="BACKEND:MODEL",
                        help="an extra judge on any back-end (repeatable)")
    parser.add_argument("--base-url", help="OpenAI-compatible server URL (openai back-end)")
    parser.add_argument("--api-key-env", help="environment variable holding the API key (openai back-end)")
    parser.add_argument("--concurrency", type=int, help="requests in flight (openai back-end)")
    parser.add_argument("--metrics", default="c_rate,c_outlier,r_rate,r_duplicate,d_rate",
                        help="comma-separated: c_rate,c_outlier,r_rate,r_duplicate,d_rate,a_ir_topic,"
                        "a_missing_theme,advt_outlier,advt_duplicate, or 'all' (default: %(default)s)")
    parser.add_argument("--documents", help="documents for the alignment metrics: a text file, one document per line")
    parser.add_argument("--doc-topic", help="the model's document-topic matrix (.npy, or CSV/TSV/text: "
                        "D rows of K proportions, or D topic ids)")
    parser.add_argument("--docs-per-topic", type=int, default=100, help="documents sampled per topic (default 100)")
    parser.add_argument("--context-length", type=int, help="judge context in tokens for document truncation "
                        "(default: the model's own, else 8192)")
    parser.add_argument("--max-document-tokens", type=int, help="cut documents to at most this many tokens")
    parser.add_argument("--adversarial", help="adversarial test file (TSV: Topic words, Anchor, "
                        "semantically_equivalent_word[, intruder]); default: automatic tests")
    parser.add_argument("--draws", type=int, help="draws per prompt for every metric (default: 5 for the "
                        "ratings and c_outlier, 1 otherwise)")
    parser.add_argument("--max-tokens", type=int, help="answer length limit for every metric")
    parser.add_argument("--temperature", type=float, default=0.7)
    parser.add_argument("--top-p", type=float, default=0.95)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-retries", type=int, default=2, help="re-asks of an unreadable answer (default 2)")
    parser.add_argument("--prompts", default="paper-v1",
                        help="prompt set: a packaged version or a JSON file (default: %(default)s)")
    parser.add_argument("--reference", metavar="DATASET",
                        help="instead of asking judges, parse and aggregate the LLM-judge paper release's "
                        "raw answers (20ng) with our rules, e.g. --reference 20ng --k 50 --out DIR")
    parser.add_argument("--k", type=int, help="with --reference: only the runs with K topics (50 or 100)")
    parser.add_argument("--judges", help="with --reference: judge folders to load, comma-separated "
                        "(e.g. mistral,llama,qwen; default: all eight)")
    parser.add_argument("--out", help="output folder (required unless --dry-run)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the number of prompts and an estimate of tokens; send nothing")
    parser.add_argument("--json", action="store_true", help="print a JSON summary on stdout")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")


def _topics_arg(values: list[str]) -> dict[str, Any]:
    from topicatlas.topics import read_topics

    out: dict[str, Any] = {}
    for v in values:
        name, _, path = v.partition("=") if "=" in v and not Path(v).exists() else ("", "", v)
        name = name or Path(path).stem
        out[name] = read_topics(path)
    return out


def _read_documents(path: str) -> list[str]:
    from topicatlas.errors import DataNotFoundError

    p = Path(path)
    if not p.is_file():
        raise DataNotFoundError(f"documents file not found: {p} (expected one document per line)")
    return p.read_text(encoding="utf-8", errors="replace").splitlines()


def _read_doc_topic(path: str) -> Any:
    import numpy as np

    from topicatlas.errors import DataNotFoundError, InputFormatError

    p = Path(path)
    if not p.is_file():
        raise DataNotFoundError(f"doc-topic file not found: {p} (.npy, or D rows of K numbers, or D ids)")
    if p.suffix == ".npy":
        return np.load(p)
    delim = "," if p.suffix == ".csv" else None
    try:
        arr = np.loadtxt(p, delimiter=delim, ndmin=2)
    except ValueError as exc:
        raise InputFormatError(f"{p}: not a numeric matrix ({exc})") from exc
    return arr[:, 0].astype(int) if arr.shape[1] == 1 else arr


def _judges(args: argparse.Namespace) -> list[Any]:
    from topicatlas.errors import InputFormatError

    judges: list[Any] = []
    opts: dict[str, Any] = {}
    if args.base_url:
        opts["base_url"] = args.base_url
    if args.api_key_env:
        opts["api_key_env"] = args.api_key_env
    if args.concurrency:
        opts["concurrency"] = args.concurrency
    doc_opts = {k: v for k, v in (("context_length", args.context_length),
                                  ("max_document_tokens", args.max_document_tokens)) if v}
    if args.model and not args.backend:
        raise InputFormatError("--model needs --backend (openai, gguf or transformers)")
    for m in args.model:
        judges.append({"backend": args.backend, "model": m, "name": f"{args.backend}:{Path(m).name}",
                       **(opts if args.backend in ("openai", "vllm", "ollama", "deepseek") else {}),
                       **doc_opts})
    for j in args.judge:
        b, _, m = j.partition(":")
        if not m:
            raise InputFormatError(f"--judge {j!r}: write BACKEND:MODEL")
        judges.append({"backend": b, "model": m, "name": j,
                       **(opts if b in ("openai", "vllm", "ollama", "deepseek") else {}), **doc_opts})
    if not judges:
        raise InputFormatError("no judge: give --backend NAME --model M (or --judge BACKEND:MODEL)")
    return judges


def _write_views(result: Any, out: Path, files: list[str]) -> None:
    from topicatlas.judge.agreement import agreement, reliability

    summary = result.summary
    reliability(result).to_csv(out / "reliability.csv", index=False)
    files.append(str(out / "reliability.csv"))
    if len(summary) and summary["judge"].nunique() > 1:
        agreement(result.table).to_csv(out / "agreement.csv", index=False)
        files.append(str(out / "agreement.csv"))
    plotted = {m for m in summary["metric"] if not m.startswith("advt_")} if len(summary) else set()
    if len(plotted) >= 3 and summary["value"].notna().any():
        from topicatlas.judge.radar import radar_plots

        files += [str(p) for p in radar_plots(summary, out)]
    records = json.loads(summary.to_json(orient="records"))
    (out / "summary.json").write_text(json.dumps(records, indent=2), encoding="utf-8")


def _run_reference(args: argparse.Namespace) -> int:
    from topicatlas.errors import InputFormatError
    from topicatlas.judge.reference import load_reference_judgments

    if not args.out:
        raise InputFormatError("--reference needs --out DIR")
    judges = [j.strip() for j in args.judges.split(",") if j.strip()] if args.judges else None
    result = load_reference_judgments(dataset=args.reference, judges=judges, k=args.k,
                                      short_names=args.k is not None)
    out = Path(args.out)
    files = [str(p) for p in result.save(out).values()]
    _write_views(result, out, files)
    if args.json:
        print(json.dumps({"out": str(out), "requests_sent": 0, "requests_cached": 0,
                          "summary": json.loads(result.summary.to_json(orient="records")),
                          "files": files}, indent=2))
    else:
        print(result.pivot().round(3).to_string())
        print(f"results in {out}")
    return 0


def run(args: argparse.Namespace) -> int:
    from topicatlas.errors import InputFormatError
    from topicatlas.judge.run import judge, plan

    if args.reference:
        return _run_reference(args)
    if not args.topics:
        raise InputFormatError("--topics FILE is required (or --reference DATASET)")
    topics = _topics_arg(args.topics)
    judges = _judges(args)
    documents = _read_documents(args.documents) if args.documents else None
    doc_topic = _read_doc_topic(args.doc_topic) if args.doc_topic else None
    if doc_topic is not None and len(topics) > 1:
        raise InputFormatError("--doc-topic with several --topics files is not supported; run one model at a time")
    common = dict(
        metrics=args.metrics, documents=documents, doc_topic=doc_topic, draws=args.draws,
        max_tokens=args.max_tokens, temperature=args.temperature, top_p=args.top_p, seed=args.seed,
        docs_per_topic=args.docs_per_topic, adversarial=args.adversarial, prompt_version=args.prompts,
    )
    if args.dry_run:
        p = plan(topics, judges, **common)
        totals = {
            "prompts": int(p["prompts"].sum()), "requests": int(p["requests"].sum()),
            "already_cached": int(p["already_cached"].sum()),
            "est_input_tokens": int(p["est_input_tokens"].sum()),
            "max_output_tokens": int(p["max_output_tokens"].sum()),
        }
        if args.json:
            print(json.dumps({"dry_run": True, **totals, "per_metric": p.to_dict(orient="records")}, indent=2))
        else:
            print(p.to_string(index=False))
            print(f"total: {totals['prompts']} prompts, {totals['requests']} requests "
                  f"({totals['already_cached']} already cached), ~{totals['est_input_tokens']} input "
                  f"tokens, at most {totals['max_output_tokens']} output tokens. Nothing was sent.")
        return 0
    if not args.out:
        raise InputFormatError("--out DIR is required (or use --dry-run)")
    out = Path(args.out)
    result = judge(topics, judges, out_dir=out, max_retries=args.max_retries,
                   progress=not args.no_progress, **common)
    files = [str(p) for p in result.save(out).values()]
    summary = result.summary
    _write_views(result, out, files)
    records = json.loads(summary.to_json(orient="records")) if len(summary) else []
    payload = {
        "out": str(out), "requests_sent": result.info["requests_sent"],
        "requests_cached": result.info["requests_cached"],
        "requests_not_sent": result.info["requests_not_sent"], "fatal": result.info["fatal"],
        "judges": result.info["judges"], "summary": records, "files": files,
    }
    if args.json:
        print(json.dumps(payload, indent=2))
    else:
        cols = ["model", "judge", "label", "value", "n_topics", "topics_missing", "draws_failed", "rejected_items"]
        print(summary[cols].to_string(index=False) if len(summary) else "(no scores)")
        print(f"{result.info['requests_sent']} requests sent, {result.info['requests_cached']} answered "
              f"from the cache; results in {out}")
    if result.info["fatal"]:
        for name, msg in result.info["fatal"].items():
            print(f"topicatlas judge: judge {name} stopped: {msg}", file=sys.stderr)
        print("topicatlas judge: partial results written; run the same command again to resume "
              "(answers received are cached)", file=sys.stderr)
        return 3
    return 0
