r"""Embedding-based pairwise coherence: the mean cosine similarity of a topic's word pairs.

For the first ``topn`` words of a topic with vectors :math:`\vec v_i`,

.. math:: C_{emb}(W) = \frac{2}{n(n-1)} \sum_{i<j} \cos(\vec v_i, \vec v_j)

(the pairwise word-embedding coherence of e.g. Aletras & Stevenson 2013 and Ding,
Nallapati & Xiang 2018). Any word-vector source works:

* a :class:`topicatlas.lexicon.vectors.WordVectors` (anything with
  ``lookup(words) -> (matrix, found_mask)``);
* a mapping ``word -> vector`` (a dict, gensim ``KeyedVectors``...);
* a pair ``(words, matrix)`` (or ``(matrix, words)``) with one matrix row per word.

Out-of-vocabulary words follow the same policy as :func:`topicatlas.metrics.coherence`
(``skip``, ``nan`` or ``error``), applied before truncation to ``topn``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from topicatlas.errors import InputFormatError
from topicatlas.metrics.result import MetricResult
from topicatlas.metrics.topic_input import apply_oov, as_topic_lists, check_options


def _lookup_function(vectors: Any):
    """A function ``words -> (matrix, found)`` for any supported vector source."""
    if hasattr(vectors, "lookup") and callable(vectors.lookup):
        return lambda words: vectors.lookup(list(words))
    if isinstance(vectors, tuple) and len(vectors) == 2:
        a, b = vectors
        words, matrix = (a, b) if isinstance(b, np.ndarray) else (b, a)
        matrix = np.asarray(matrix)
        if matrix.ndim != 2 or matrix.shape[0] != len(words):
            raise InputFormatError(
                f"word-vector matrix of shape {matrix.shape} does not match {len(words)} words"
            )
        index = {w: i for i, w in reversed(list(enumerate(words)))}
        return lambda ws: _from_index(ws, index, matrix)
    if isinstance(vectors, Mapping) or (hasattr(vectors, "__getitem__")
                                        and hasattr(vectors, "__contains__")):
        return lambda ws: _from_mapping(ws, vectors)
    raise InputFormatError(
        "word vectors must be a WordVectors, a mapping word -> vector, or (words, matrix); "
        f"got {type(vectors).__name__}"
    )


def _from_index(words: Sequence[str], index: Mapping[str, int], matrix: np.ndarray):
    rows = np.array([index.get(w, -1) for w in words], dtype=np.int64)
    found = rows >= 0
    out = np.zeros((len(words), matrix.shape[1]), dtype=np.float64)
    out[found] = matrix[rows[found]]
    return out, found


def _from_mapping(words: Sequence[str], mapping: Any):
    found = np.array([w in mapping for w in words], dtype=bool)
    vecs = [np.asarray(mapping[w], dtype=np.float64) for w, f in zip(words, found, strict=True) if f]
    dim = len(vecs[0]) if vecs else 1
    out = np.zeros((len(words), dim), dtype=np.float64)
    if vecs:
        out[found] = np.stack(vecs)
    return out, found


def embedding_coherence(topics: Iterable[Sequence[str] | str], vectors: Any,
                        topn: int | None = 10, *, oov: str = "skip") -> MetricResult:
    """Mean pairwise cosine of each topic's word vectors, and the mean over topics.

    Topics with fewer than two words with vectors (or a zero vector) get ``nan`` and
    are listed in ``result.undefined``; words without a vector are listed in
    ``result.oov``.
    """
    check_options(oov, topn)
    topics = as_topic_lists(topics)
    lookup = _lookup_function(vectors)
    union = list(dict.fromkeys(w for t in topics for w in t))
    matrix, found = lookup(union)
    matrix = np.asarray(matrix, dtype=np.float64)
    row = {w: i for i, w in enumerate(union)}
    norms = np.linalg.norm(matrix, axis=1)
    unit = np.divide(matrix, norms[:, None], out=np.full_like(matrix, np.nan),
                     where=norms[:, None] > 0)
    per_topic: list[float] = []
    undefined: dict[int, str] = {}
    oov_words: dict[int, list[str]] = {}
    for k, words in enumerate(topics):
        missing = [w for w in words if not found[row[w]]]
        kept = apply_oov(
            k, words, missing, oov, oov_words=oov_words, undefined=undefined,
            error="no vector for {words}; use oov='skip' or oov='nan', or a larger vector space",
            reason="words without a vector")
        if kept is None:
            per_topic.append(math.nan)
            continue
        words = kept
        words = words[:topn] if topn is not None else words
        if len(words) < 2:
            undefined[k] = "empty topic" if not topics[k] else f"fewer than 2 words with vectors ({len(words)})"
            per_topic.append(math.nan)
            continue
        u = unit[[row[w] for w in words]]
        sims = u @ u.T
        value = float(sims[np.triu_indices(len(words), 1)].mean())
        if not math.isfinite(value):
            undefined[k] = "a word has a zero vector"
            value = math.nan
        per_topic.append(value)
    scored = [v for v in per_topic if not math.isnan(v)]
    return MetricResult("embedding_coherence", per_topic,
                        float(np.mean(scored)) if scored else math.nan, undefined=undefined,
                        oov=oov_words, settings={"topn": topn, "oov": oov,
                                                 "vectors": getattr(vectors, "name", type(vectors).__name__)})
