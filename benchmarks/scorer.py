"""Throughput of the similarity-relatedness scorer: 1,000,000 word pairs, features included.

Setup: a vocabulary of the 5,000 most frequent alphabetic English words that have a
GloVe vector; 1,000,000 random pairs over it (seeded). "Caches warm" = the per-word
caches (vectors, WordNet per-word data) are filled by a warm-up pass over *other* pairs
of the same words; the timed pairs themselves have not been seen, so the per-pair cache
does not help (1M random pairs over 5,000 words are ~92% distinct).

Reference: the naive per-pair loop (``Scorer.score(w1, w2)`` one pair at a time, same
warm caches), timed on a sample and extrapolated; the ratio is printed.

Run: ``.venv/bin/python benchmarks/scorer.py [--pairs N]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=1_000_000)
    ap.add_argument("--vocab", type=int, default=5000)
    ap.add_argument("--naive-sample", type=int, default=2000)
    args = ap.parse_args()

    from wordfreq import top_n_list

    from topicatlas.scorer.api import Scorer

    t0 = time.perf_counter()
    scorer = Scorer.default()
    fz = scorer.featurizer
    vocab = [w for w in top_n_list("en", 3 * args.vocab) if w.isalpha() and fz.has_vector(w)][: args.vocab]
    print(f"load: {time.perf_counter() - t0:.1f}s; vocabulary {len(vocab)} words")

    rng = np.random.default_rng(0)
    # warm-up: every word in a few pairs (fills per-word caches), not the timed pairs
    warm = rng.permutation(len(vocab))
    t0 = time.perf_counter()
    scorer.score_arrays([vocab[i] for i in warm], [vocab[i] for i in np.roll(warm, 1)])
    print(f"warm-up over {len(vocab)} pairs: {time.perf_counter() - t0:.1f}s")
    fz._pair_cache.clear()  # the timed pairs must not come from the per-pair cache

    i1 = rng.integers(len(vocab), size=args.pairs)
    i2 = rng.integers(len(vocab), size=args.pairs)
    w1 = [vocab[i] for i in i1]
    w2 = [vocab[i] for i in i2]
    t0 = time.perf_counter()
    sim, rel, covered = scorer.score_arrays(w1, w2)
    dt = time.perf_counter() - t0
    rate = args.pairs / dt
    print(f"batched: {args.pairs:,} pairs in {dt:.1f}s = {rate:,.0f} pairs/s (covered {covered.mean():.3f})")

    fz._pair_cache.clear()
    n = args.naive_sample
    j1 = rng.integers(len(vocab), size=n)
    j2 = rng.integers(len(vocab), size=n)
    t0 = time.perf_counter()
    for a, b in zip(j1, j2, strict=True):
        scorer.score(vocab[a], vocab[b])
    naive = n / (time.perf_counter() - t0)
    print(f"naive per-pair loop (reference): {naive:,.0f} pairs/s on {n:,} pairs "
          f"-> {args.pairs / naive:,.0f}s extrapolated for {args.pairs:,}")
    print(f"ratio batched/naive: {rate / naive:.1f}x; target < 60s for 1M pairs: "
          f"{'met' if dt < 60 and args.pairs >= 1_000_000 else 'NOT met'}")


if __name__ == "__main__":
    main()
