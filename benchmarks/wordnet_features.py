"""WordNet pair features: topicatlas's WordNetFeatures vs the plain NLTK loop, same run.

Data: the word pairs of MEN (``$TOPICATLAS_DATA/wordpairs/EN-MEN-TR-3k.txt``, 3,000
real pairs; ``--pairs N`` takes the first N).

Both implementations compute the same 8 features (path, LCH, WuP, Lin, JCN, shortest
path, same category, synset overlap; see ``topicatlas.lexicon.wordnet_features``) with
the same information-content dict (from WordNet's cntlist) and the same LCH depths,
which are loaded before any timing, as is topicatlas's noun/verb hypernym table
(``wordnet.taxonomy()``, built once per WordNet installation and cached on disk). The reference
(``topicatlas.lexicon.wordnet_reference.reference_pair``) loops over each pair's synset
pairs calling NLTK's ``path_similarity``, ``lch_similarity``, ``wup_similarity``,
``lin_similarity``, ``jcn_similarity`` and ``shortest_path_distance``.

Caches: before timing, NLTK is warmed up too: every synset of every word and all their
hypernyms are loaded from disk and their ``min_depth``/``max_depth`` cached (NLTK's own
caches), so NLTK's timing is pure computation. topicatlas is timed from a fresh
``WordNetFeatures``: its timing includes building every per-synset and per-word table.
A second topicatlas pass over the same pairs (pair cache cleared, word tables kept) is
printed too.

Prints pairs/s for both, the ratio, and the maximum absolute difference per feature
(float64, before topicatlas's float32 output cast).

Usage: ``python benchmarks/wordnet_features.py [--pairs 3000]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=3000, help="number of MEN pairs (max 3000)")
    args = parser.parse_args(argv)

    from topicatlas.config import data_dir
    from topicatlas.lexicon import wordnet as W
    from topicatlas.lexicon.wordnet_features import FEATURE_NAMES, WordNetFeatures
    from topicatlas.lexicon.wordnet_reference import reference_pair

    path = data_dir() / "wordpairs" / "EN-MEN-TR-3k.txt"
    if not path.is_file():
        print(f"missing {path}: set TOPICATLAS_DATA to the data folder", file=sys.stderr)
        return 1
    pairs = [tuple(line.split()[:2]) for line in path.read_text().splitlines() if line.strip()]
    pairs = pairs[: args.pairs]
    words = sorted({w for p in pairs for w in p})

    t = time.perf_counter()
    ic = W.information_content()
    depths = W.taxonomy_depths()
    W.taxonomy()
    for w in words:
        for ss in W.synsets(w):  # warm NLTK: load every hypernym, cache its depths
            for level in ss._iter_hypernym_lists():
                for h in level:
                    h.min_depth()
                    h.max_depth()
    print(
        f"setup (IC, depths, hypernym table, NLTK warm-up for {len(words)} words): "
        f"{time.perf_counter() - t:.1f} s"
    )
    print(f"LCH depths {depths}; {len(pairs)} MEN pairs")

    feats = WordNetFeatures(ic=ic)
    t = time.perf_counter()
    fast = np.array([feats._pair64(a, b) for a, b in pairs])
    t_fast = time.perf_counter() - t
    feats._pairs.clear()
    t = time.perf_counter()
    fast2 = np.array([feats._pair64(a, b) for a, b in pairs])
    t_fast2 = time.perf_counter() - t

    t = time.perf_counter()
    ref = np.array([reference_pair(a, b, ic) for a, b in pairs])
    t_ref = time.perf_counter() - t

    n = len(pairs)
    print(f"NLTK loop       : {n / t_ref:10.1f} pairs/s  ({t_ref:.2f} s)")
    print(f"topicatlas cold : {n / t_fast:10.1f} pairs/s  ({t_fast:.2f} s)   ratio {t_ref / t_fast:.1f}x")
    print(f"topicatlas warm : {n / t_fast2:10.1f} pairs/s  ({t_fast2:.2f} s)   ratio {t_ref / t_fast2:.1f}x")
    diff = np.abs(fast - ref).max(axis=0)
    print("max |topicatlas - NLTK| per feature:")
    for name, d in zip(FEATURE_NAMES, diff, strict=True):
        print(f"  {name:15s} {d:.3g}")
    print(f"max abs difference overall: {diff.max():.3g}; identical pairs: "
          f"{int((fast == ref).all(axis=1).sum())}/{n}; warm pass identical: {bool((fast2 == fast).all())}")
    in_wn = sum(feats.in_wordnet(w) for w in words)
    print(f"words in WordNet: {in_wn}/{len(words)}")
    return 0 if diff.max() == 0 else 1


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if not os.environ.get("TOPICATLAS_DATA"):
        default = Path(__file__).resolve().parents[1].parent / "shared" / "data"
        if default.is_dir():
            os.environ["TOPICATLAS_DATA"] = str(default)
    sys.exit(main())
