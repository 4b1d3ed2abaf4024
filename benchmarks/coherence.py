"""Classical coherence: topicatlas vs gensim's CoherenceModel, same process, same data.

Data: the LLM-judgment paper's preprocessed 20NG (``train.csv``, column ``text``,
whitespace tokens) and its LDA / ProdLDA / CombinedTM / BERTopic topic words (K=50
and K=100, 10 words). gensim gets the same texts and ``Dictionary(texts)`` (built once,
outside its timings) and ``processes=1``. topicatlas timings are cold: they include
building :class:`ReferenceCounts` from the token lists.

Prints, per measure:

1. parity: the largest per-topic difference to gensim over all 8 topic sets (topics
   gensim scores as NaN or 1.0 for lack of word pairs are compared as "undefined");
2. one topic set (LDA, 50 topics x 10 words): median time of several runs, and the
   ratio gensim / topicatlas;
3. 100 topic sets (50 topics each, resampled from the pool of all released topics)
   scored against one corpus: topicatlas builds the counts once for the union of their
   words (``ReferenceCounts.score_many``) and scores all 100;
   gensim's cost is 100 x the median of ``--gensim-calls`` measured calls on these sets
   (running gensim 100 times would take hours; the extrapolation is printed as such);
4. peak memory (tracemalloc) of one gensim call and of one cold topicatlas call.

Usage: ``python benchmarks/coherence.py [--quick]`` (``--quick``: K=50 sets only,
fewer repetitions).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from topicatlas.metrics import ReferenceCounts  # noqa: E402
from topicatlas.topics import read_topics  # noqa: E402

MEASURES = ("c_v", "c_npmi", "c_uci", "u_mass")


def data_root() -> Path:
    base = Path(os.environ.get("TOPICATLAS_DATA", ROOT.parent / "shared" / "data"))
    return base / "llm-judgment-reference" / "data"


def gensim_scores(topics, texts, dictionary, measure):
    """gensim's per-topic values, nan for topics without any dictionary word.

    gensim raises ValueError for the whole set when one topic has no word in the
    dictionary, so such topics are left out of its call (and reported as nan here).
    """
    from gensim.models import CoherenceModel

    scorable = [i for i, t in enumerate(topics) if any(w in dictionary.token2id for w in t)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cm = CoherenceModel(topics=[topics[i] for i in scorable], texts=texts,
                            dictionary=dictionary, coherence=measure, topn=10, processes=1)
        values = cm.get_coherence_per_topic()
    out = np.full(len(topics), np.nan)
    out[scorable] = values
    return out


def ours_scores(topics, texts, measure):
    return np.array(ReferenceCounts(texts).score(topics, measure, 10).per_topic)


def timed(fn, *args):
    """(wall seconds, output); the CPU seconds of the last call go to ``LAST_CPU``."""
    global LAST_CPU
    gc.collect()
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn(*args)
    LAST_CPU = time.process_time() - c0
    return time.perf_counter() - t0, out


LAST_CPU = 0.0


def timed_both(fn, *args) -> tuple[float, float]:
    wall, _ = timed(fn, *args)
    return wall, LAST_CPU


def peak_mib(fn, *args) -> float:
    gc.collect()
    tracemalloc.start()
    fn(*args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def compare(ours: np.ndarray, theirs: np.ndarray, topics) -> tuple[float, int]:
    """Max |difference| over topics both define; count of topics only gensim scores."""
    # gensim gives nan (pairwise measures) or 1.0 (c_v) to topics with < 2 known words
    ours_defined = ~np.isnan(ours)
    diff = np.abs(ours[ours_defined] - theirs[ours_defined])
    return float(diff.max()) if len(diff) else 0.0, int((~ours_defined & ~np.isnan(theirs)).sum())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--gensim-calls", type=int, default=3)
    args = parser.parse_args()
    from gensim.corpora import Dictionary

    root = data_root()
    df = pd.read_csv(root / "raw" / "20ng_topmost" / "train.csv", sep="\t")
    texts = [str(t).split() for t in df["text"].fillna("")]
    dictionary = Dictionary(texts)
    files = sorted((root / "topic_model_output" / "20ng").glob("*/topic_words/*.csv"))
    if args.quick:
        files = [f for f in files if "_50_" in f.name]
    sets = {f.name.split("_")[0] + "-" + f.name.split("_")[1]: read_topics(f) for f in files}
    main_set = sets["lda-50"]
    n_tokens = sum(map(len, texts))
    print(f"20NG (LLM-judgment preprocessing): {len(texts)} documents, {n_tokens} tokens, "
          f"{len(dictionary)} word types; topic sets: {', '.join(sets)}")
    reps_gensim, reps_ours = (1, 3) if args.quick else (3, 7)

    print("\n== parity with gensim CoherenceModel (processes=1), per-topic values")
    for measure in MEASURES:
        worst, only_gensim = 0.0, 0
        for topics in sets.values():
            d, n = compare(ours_scores(topics, texts, measure),
                           gensim_scores(topics, texts, dictionary, measure), topics)
            worst, only_gensim = max(worst, d), only_gensim + n
        print(f"{measure:7s} max |ours - gensim| = {worst:.2e} over {len(sets)} topic sets"
              f"{'  (OK <= 1e-6)' if worst <= 1e-6 else '  (FAIL > 1e-6)'}; topics with <2 "
              f"known words (undefined here, gensim 1.0/nan): {only_gensim}")

    print(f"\n== one topic set (lda-50: 50 topics x 10 words); median of {reps_gensim} gensim "
          f"and {reps_ours} topicatlas runs (cold: counts built each run)")
    print("        (wall clock; in brackets CPU time of the process, robust to other load)")
    for measure in MEASURES:
        gs = [timed_both(gensim_scores, main_set, texts, dictionary, measure)
              for _ in range(reps_gensim)]
        os_ = [timed_both(ours_scores, main_set, texts, measure) for _ in range(reps_ours)]
        g, gc_ = statistics.median(t for t, _ in gs), statistics.median(c for _, c in gs)
        o, oc = statistics.median(t for t, _ in os_), statistics.median(c for _, c in os_)
        print(f"{measure:7s} gensim {g:8.3f} s [{gc_:7.3f}]   topicatlas {o:7.4f} s [{oc:6.4f}]"
              f"   ratio {g / o:7.1f}x [{gc_ / oc:6.1f}x]")

    print("\n== peak memory of one call (tracemalloc; texts and dictionary already in memory)")
    for measure in MEASURES:
        g = peak_mib(gensim_scores, main_set, texts, dictionary, measure)
        o = peak_mib(ours_scores, main_set, texts, measure)
        print(f"{measure:7s} gensim {g:8.1f} MiB   topicatlas {o:8.1f} MiB   "
              f"{'(<= gensim)' if o <= g else '(HIGHER than gensim)'}")

    rng = random.Random(0)
    pool = [t for s in sets.values() for t in s]
    many = [rng.sample(pool, 50) for _ in range(100)]
    union = len({w for s in many for t in s for w in t})
    print(f"\n== 100 topic sets x 50 topics (resampled from {len(pool)} released topics; "
          f"{union} distinct words) against one corpus")
    for measure in MEASURES:
        calls, cpu = [], []
        for i in range(args.gensim_calls):
            calls.append(timed(gensim_scores, many[i], texts, dictionary, measure))
            cpu.append(LAST_CPU)
        g_call, g_cpu = statistics.median(t for t, _ in calls), statistics.median(cpu)

        def run_all(measure=measure):
            # one ReferenceCounts; score_many counts the union of all sets' words once
            counts = ReferenceCounts(texts)
            return [r.per_topic for r in counts.score_many(many, measure, 10)]

        o_all, results = timed(run_all)
        o_cpu = LAST_CPU
        for i, (_, theirs) in enumerate(calls):
            d, _ = compare(np.array(results[i]), theirs, many[i])
            assert d <= 1e-6, f"{measure}: topic set {i} differs from gensim by {d}"
        print(f"{measure:7s} gensim 100 x {g_call:.3f} s = {100 * g_call:8.1f} s (extrapolated from "
              f"{args.gensim_calls} calls)   topicatlas all 100: {o_all:6.3f} s   ratio "
              f"{100 * g_call / o_all:8.1f}x  [CPU: {100 * g_cpu:7.1f} s vs {o_cpu:6.3f} s = "
              f"{100 * g_cpu / o_cpu:7.1f}x]")
        if measure in ("c_v", "c_npmi"):
            peak = peak_mib(run_all)
            print(f"{'':7s} peak memory, topicatlas all 100 sets: {peak:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
