"""Fit time and peak memory of every registered topic model on BBC (K = 20), and topicatlas's
LDA (tomotopy, collapsed Gibbs) against gensim's ``LdaModel`` (online variational Bayes)
with comparable settings, measured in the same run.

Each model runs in its own child process, so its peak resident memory (``ru_maxrss``) is its
own; the table shows the process's RSS after loading the corpus and its peak during the fit.
PLM models' embeddings are cached per corpus: the first run includes encoding time
(``--fresh-cache`` forces it by using an empty cache).

    .venv/bin/python benchmarks/models.py                      # all models, their defaults
    .venv/bin/python benchmarks/models.py --models lda,nmf --limit 500
    .venv/bin/python benchmarks/models.py --param epochs=20    # override neural epochs

Comparable LDA settings: K = 20, symmetric alpha = 0.1, eta = 0.01, single core;
tomotopy runs ``--lda-iterations`` Gibbs sweeps (default 1000), gensim ``--gensim-passes``
passes (default 10) of at most 50 E-step iterations per document, chunksize 2000.
Both report topic diversity (top 10 words) and the UMass coherence of gensim's
``CoherenceModel`` on the same corpus, so the time ratio is read next to quality.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _load(limit: int | None):  # noqa: ANN202
    from topicatlas.corpus import load_corpus

    return load_corpus("bbc", limit=limit)


def child_fit(model: str, limit: int | None, k: int, seed: int, params: dict) -> dict:
    """Runs inside the child: fit one model, report time and memory."""
    import importlib

    from topicatlas.models import MODELS, fit_model

    corpus = _load(limit)
    for module in MODELS.meta(model)["requires"]:  # import time is not fit time
        importlib.import_module(module)
    own = {p: v for p, v in params.items()
           if p in _accepted(MODELS.get(model))}
    rss_before = _rss_mib()
    t0, c0 = time.perf_counter(), time.process_time()
    out = fit_model(model, corpus, k, seed, **own)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"model": model, "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "rss_before_mib": round(rss_before, 1),
            "peak_rss_mib": round(peak, 1), "topics": out.n_topics,
            "diversity": out.info["collapse"]["diversity"],
            "collapse": out.info["collapse"]["diversity_collapse"]
            or out.info["collapse"]["word_count_collapse"],
            "params": own, "first_topic": " ".join(out.topics[0])}


def _accepted(fn) -> set[str]:  # noqa: ANN001
    import inspect

    sig = inspect.signature(fn)
    if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return {"epochs", "lr", "batch_size", "hidden", "dropout"} | set(sig.parameters)
    return set(sig.parameters)


def child_gensim(limit: int | None, k: int, seed: int, passes: int, lda_iterations: int) -> dict:
    """Runs inside the child: gensim LdaModel and our LDA on the same corpus, plus UMass."""
    import tomotopy  # noqa: F401 - import time is not fit time
    from gensim.corpora import Dictionary
    from gensim.models import CoherenceModel, LdaModel

    from topicatlas.models import fit_model, topic_diversity

    corpus = _load(limit)
    texts = corpus.tokens
    dictionary = Dictionary([corpus.vocab.words])
    bow = [dictionary.doc2bow(doc) for doc in texts]
    t0, c0 = time.perf_counter(), time.process_time()
    lda = LdaModel(bow, num_topics=k, id2word=dictionary, alpha=[0.1] * k, eta=0.01,
                   passes=passes, iterations=50, chunksize=2000, random_state=seed,
                   eval_every=None)
    gensim_seconds, gensim_cpu = time.perf_counter() - t0, time.process_time() - c0
    gensim_topics = [[w for w, _ in lda.show_topic(i, 10)] for i in range(k)]
    t0, c0 = time.perf_counter(), time.process_time()
    ours = fit_model("lda", corpus, k, seed, iterations=lda_iterations)
    our_seconds, our_cpu = time.perf_counter() - t0, time.process_time() - c0

    def umass(topics: list[list[str]]) -> float:
        cm = CoherenceModel(topics=topics, corpus=bow, dictionary=dictionary, coherence="u_mass")
        return float(cm.get_coherence())

    return {"gensim_seconds": round(gensim_seconds, 2), "ours_seconds": round(our_seconds, 2),
            "ratio_ours_over_gensim": round(our_seconds / gensim_seconds, 3),
            "gensim_cpu_seconds": round(gensim_cpu, 2), "ours_cpu_seconds": round(our_cpu, 2),
            "cpu_ratio_ours_over_gensim": round(our_cpu / max(gensim_cpu, 1e-9), 3),
            "gensim_diversity": round(topic_diversity(gensim_topics), 3),
            "ours_diversity": round(topic_diversity(ours.topics), 3),
            "gensim_umass": round(umass(gensim_topics), 3), "ours_umass": round(umass(ours.topics), 3),
            "gensim_passes": passes, "lda_iterations": lda_iterations}


def _run_child(args: list[str], env: dict[str, str], timeout: int) -> dict:
    proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                          env=env, timeout=timeout)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
        return {"error": tail[0][:200]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=None, help="comma-separated (default: all registered)")
    parser.add_argument("--limit", type=int, default=None, help="first N BBC documents only")
    parser.add_argument("--k", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="override a hyper-parameter for every model that takes it")
    parser.add_argument("--lda-iterations", type=int, default=1000)
    parser.add_argument("--gensim-passes", type=int, default=10)
    parser.add_argument("--timeout", type=int, default=3600, help="seconds per model")
    parser.add_argument("--fresh-cache", action="store_true")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    params = {}
    for p in args.param:
        key, value = p.split("=", 1)
        try:
            params[key] = json.loads(value)
        except json.JSONDecodeError:
            params[key] = value

    if args.child == "gensim":
        print(json.dumps(child_gensim(args.limit, args.k, args.seed, args.gensim_passes,
                                      args.lda_iterations)))
        return 0
    if args.child:
        print(json.dumps(child_fit(args.child, args.limit, args.k, args.seed, params)))
        return 0

    from topicatlas.models import MODELS

    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    if args.fresh_cache:
        env["TOPICATLAS_CACHE"] = tempfile.mkdtemp(prefix="topicatlas-bench-")
    common = ["--k", str(args.k), "--seed", str(args.seed)]
    if args.limit:
        common += ["--limit", str(args.limit)]
    common += [f"--param={p}" for p in args.param]
    print(f"# BBC{'' if not args.limit else f' (first {args.limit} docs)'}, K={args.k}, "
          f"seed={args.seed}, python {sys.version.split()[0]}, {os.cpu_count()} CPUs visible")
    _run_child(["--child", "random", *common], env, args.timeout)  # warm the corpus cache
    names = args.models.split(",") if args.models else MODELS.names()
    print(f"{'model':<13}{'fit s':>9}{'CPU s':>9}{'RSS before MiB':>16}{'peak RSS MiB':>14}{'topics':>8}"
          f"{'diversity':>11}  collapse  first topic")
    for name in names:
        r = _run_child(["--child", name, *common], env, args.timeout)
        if "error" in r:
            print(f"{name:<13}  ERROR {r['error']}")
            continue
        print(f"{name:<13}{r['seconds']:>9.2f}{r['cpu_seconds']:>9.2f}{r['rss_before_mib']:>16.1f}{r['peak_rss_mib']:>14.1f}"
              f"{r['topics']:>8}{r['diversity']:>11.3f}  {'yes' if r['collapse'] else 'no ':<8}  "
              f"{r['first_topic']}", flush=True)
    g = _run_child(["--child", "gensim", *common, "--lda-iterations", str(args.lda_iterations),
                    "--gensim-passes", str(args.gensim_passes)], env, args.timeout)
    print("\n# LDA: topicatlas (tomotopy Gibbs, "
          f"{args.lda_iterations} sweeps) vs gensim LdaModel ({args.gensim_passes} passes), same run")
    print(json.dumps(g, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
