"""The straightforward definition of the 8 WordNet pair features: NLTK calls in a loop.

This is the specification that :class:`topicatlas.lexicon.wordnet_features.WordNetFeatures`
reproduces (bit for bit, before the final float32 cast) much faster. It is kept for the
parity tests and ``benchmarks/wordnet_features.py``; use ``WordNetFeatures`` in code.
See :mod:`topicatlas.lexicon.wordnet_features` for the definitions in words.
"""

from __future__ import annotations

import math

import numpy as np

from topicatlas.lexicon import wordnet as W


def reference_pair(w1: str, w2: str, ic: dict | None = None) -> np.ndarray:
    """The 8 features of ``(w1, w2)`` as float64, by looping over synset pairs with NLTK."""
    ic = ic if ic is not None else W.information_content()
    depths = W.taxonomy_depths()
    lch_max = {pos: -math.log(1 / (2.0 * d)) for pos, d in depths.items()}
    s1s, s2s = W.synsets(w1), W.synsets(w2)
    path = lch = wup = lin = jcn = short = 0.0
    same_category = 0.0
    for s1 in s1s:
        for s2 in s2s:
            if s1.lexname() == s2.lexname():
                same_category = 1.0
            pos = s1.pos()
            if pos != s2.pos() or pos not in ("n", "v"):
                continue
            p = s1.path_similarity(s2)
            if p is not None:
                path = max(path, p)
            v = s1.lch_similarity(s2)
            if v is not None:
                lch = max(lch, v / lch_max[pos])
            v = s1.wup_similarity(s2)
            if v is not None:
                wup = max(wup, v)
            try:
                v = s1.lin_similarity(s2, ic)
            except ZeroDivisionError:  # both synsets have IC 0 (entity.n.01 with itself)
                v = None
            if v is not None:
                lin = max(lin, v)
            v = s1.jcn_similarity(s2, ic)
            jcn = max(jcn, v / (1.0 + v))
            d = s1.shortest_path_distance(s2, simulate_root=False)
            if d is not None:
                short = max(short, 1.0 - d / (2.0 * depths[pos]))
    set1, set2 = set(s1s), set(s2s)
    union = set1 | set2
    overlap = len(set1 & set2) / len(union) if union else 0.0
    return np.array([path, lch, wup, lin, jcn, short, same_category, overlap], dtype=np.float64)
