"""Topic-level similarity and relatedness (paper §3.2.3).

* :func:`topic_scores` -- for each topic, the mean pairwise similarity and the mean
  pairwise relatedness of the trained scorer over its top-5 words (all 10 unordered
  pairs). Choices: repeated words are dropped first (the top-5 *distinct* words, in
  order), pairs with a word that has no vector are left out of the mean
  (``pairs_covered`` says how many counted) and a topic with no covered pair is NaN.
* :func:`random_baseline` -- the same scores for random-word topics: ``n_topics`` topics
  of ``topn`` distinct words drawn uniformly (seeded) from a vocabulary (the corpus
  vocabulary), averaged.
* :func:`shifted_normalized_gap` -- per corpus, similarity and relatedness are min-max
  normalised to [0, 1] (the range is taken over every scored topic of that corpus, all
  models and runs, *and* the random baseline, so the baseline also lies in [0, 1]); the
  gap ``rel_norm - sim_norm`` is then shifted by the baseline's own normalised gap, so
  random words sit at 0. Positive = relatedness-leaning relative to random, negative =
  similarity-leaning.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pandas as pd


def _top_distinct(topic: Sequence[str], topn: int) -> list[str]:
    return list(dict.fromkeys(str(w) for w in topic))[:topn]


def topic_scores(topics: Sequence[Sequence[str]], scorer=None, topn: int = 5) -> pd.DataFrame:
    """Per topic: ``similarity, relatedness`` (means over top-``topn`` word pairs),
    ``pairs``, ``pairs_covered``, ``words`` (the words used)."""
    if scorer is None:
        from topicatlas.scorer.api import Scorer

        scorer = Scorer.default()
    w1, w2, owner = [], [], []
    used = []
    for t, topic in enumerate(topics):
        words = _top_distinct(topic, topn)
        used.append(words)
        for a, b in combinations(words, 2):
            w1.append(a)
            w2.append(b)
            owner.append(t)
    sim, rel, covered = scorer.score_arrays(w1, w2) if w1 else (np.zeros(0),) * 3
    owner_a = np.asarray(owner, dtype=np.int64)
    rows = []
    for t, words in enumerate(used):
        m = owner_a == t
        c = m & np.asarray(covered, bool)
        rows.append({
            "topic": t,
            "similarity": float(np.mean(sim[c])) if c.any() else float("nan"),
            "relatedness": float(np.mean(rel[c])) if c.any() else float("nan"),
            "pairs": int(m.sum()),
            "pairs_covered": int(c.sum()),
            "words": words,
        })
    return pd.DataFrame(rows, columns=["topic", "similarity", "relatedness", "pairs", "pairs_covered", "words"])


def random_topics(vocabulary: Sequence[str], n_topics: int = 200, topn: int = 5, seed: int = 0) -> list[list[str]]:
    """``n_topics`` random topics of ``topn`` distinct words from ``vocabulary`` (seeded)."""
    vocab = list(dict.fromkeys(vocabulary))
    if len(vocab) < topn:
        raise ValueError(f"vocabulary has {len(vocab)} words, fewer than topn={topn}")
    rng = np.random.default_rng(seed)
    return [[vocab[i] for i in rng.choice(len(vocab), size=topn, replace=False)] for _ in range(n_topics)]


def random_baseline(vocabulary: Sequence[str], scorer=None, n_topics: int = 200, topn: int = 5,
                    seed: int = 0) -> dict[str, float]:
    """Mean topic similarity/relatedness of random-word topics drawn from ``vocabulary``."""
    scores = topic_scores(random_topics(vocabulary, n_topics, topn, seed), scorer, topn)
    return {"similarity": float(scores["similarity"].mean()),
            "relatedness": float(scores["relatedness"].mean()), "n_topics": n_topics}


def shifted_normalized_gap(
    scores: pd.DataFrame, baselines: dict[str, dict[str, float]], corpus_col: str = "corpus"
) -> pd.DataFrame:
    """Add ``sim_norm, rel_norm, gap, shifted_gap`` to topic-level ``scores``.

    ``scores`` has columns ``corpus_col, similarity, relatedness`` (one row per topic, any
    number of models/runs); ``baselines[corpus]`` is :func:`random_baseline`'s output for
    that corpus. See the module docstring for the definition.
    """
    out = scores.copy()
    for col in ("sim_norm", "rel_norm", "gap", "shifted_gap"):
        out[col] = np.nan
    for corpus, idx in out.groupby(corpus_col).groups.items():
        if corpus not in baselines:
            raise KeyError(f"no random baseline for corpus {corpus!r}")
        base = baselines[corpus]
        sub = out.loc[idx]
        norm = {}
        for col, key in (("similarity", "sim_norm"), ("relatedness", "rel_norm")):
            vals = np.append(sub[col].to_numpy(float), base[col])
            lo, hi = np.nanmin(vals), np.nanmax(vals)
            span = hi - lo if hi > lo else 1.0
            out.loc[idx, key] = (sub[col] - lo) / span
            norm[col] = (base[col] - lo) / span
        out.loc[idx, "gap"] = out.loc[idx, "rel_norm"] - out.loc[idx, "sim_norm"]
        out.loc[idx, "shifted_gap"] = out.loc[idx, "gap"] - (norm["relatedness"] - norm["similarity"])
    return out
