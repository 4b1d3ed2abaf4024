r"""Coherence measures of Röder et al. (2015), vectorised over topics.

A coherence measure is a pipeline: *segmentation* of the topic's top words into
pairs ``(W', W*)``, *probability estimation* from a reference corpus (see
:mod:`.counting`), a *confirmation measure* scoring each pair, and *aggregation*
(arithmetic mean over the pairs). With ``N`` contexts (documents or windows),
``P(w) = c(w) / N`` and ``P(u, v) = c(u, v) / N``, and ``ε`` (default 1e-12, as
in gensim), natural logarithms:

Confirmation measures (direct, for single words ``W' = w_i``, ``W* = w_j``):

* ``log_conditional``: :math:`\log \frac{P(w_i, w_j) + ε}{P(w_j)}` (UMass);
* ``pmi``: :math:`\log \frac{P(w_i, w_j) + ε}{P(w_i) P(w_j)}` (UCI);
* ``npmi``: :math:`\frac{\mathrm{pmi}(w_i, w_j)}{-\log(P(w_i, w_j) + ε)}`.

Indirect confirmation ``cosine_npmi``: every word ``w_i`` of the topic ``W`` gets a
context vector over the topic's distinct words, :math:`\vec v(w_i)_u = \sum_{j: w_j = u}
\mathrm{npmi}(w_i, w_j)^γ`; a word set gets the sum of its words' vectors; a pair
``(W', W*)`` is scored by the cosine of their vectors.

Segmentations of the topic ``W = (w_1..w_n)`` (all pairs, duplicates included):

* ``one_one``: :math:`\{(w_i, w_j) : i \ne j\}` (both orders);
* ``one_pre``: :math:`\{(w_i, w_j) : i > j\}` (each word with its predecessors);
* ``one_suc``: :math:`\{(w_i, w_j) : i < j\}`;
* ``one_set``: :math:`\{(w_i, W)\}` (indirect confirmation only).

The named measures (gensim's definitions, gensim's default windows):

=========  ============  =================  ==================================
measure    segmentation  confirmation       probability estimation
=========  ============  =================  ==================================
``c_v``    one_set       cosine_npmi, γ=1   boolean sliding window, W = 110
``c_npmi`` one_one       npmi               boolean sliding window, W = 10
``c_uci``  one_one       pmi                boolean sliding window, W = 10
``u_mass`` one_pre       log_conditional    boolean document
=========  ============  =================  ==================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from topicatlas.registry import Registry

#: gensim's ``direct_confirmation_measure.EPSILON``
EPSILON = 1e-12

SEGMENTATIONS = ("one_one", "one_pre", "one_suc", "one_set")
CONFIRMATIONS = ("log_conditional", "pmi", "npmi", "cosine_npmi")


@dataclass(frozen=True)
class Measure:
    """A named coherence pipeline (see module docstring)."""

    name: str
    segmentation: str
    confirmation: str
    window_size: int | None  # None: boolean document
    description: str = ""


MEASURES: Registry[Measure] = Registry("coherence measure")
MEASURES.register("c_v", Measure("c_v", "one_set", "cosine_npmi", 110,
                                 "indirect cosine of NPMI context vectors (Röder et al. 2015)"),
                  aliases=("cv",))
MEASURES.register("c_npmi", Measure("c_npmi", "one_one", "npmi", 10,
                                    "mean NPMI of word pairs (Aletras & Stevenson 2013)"),
                  aliases=("npmi",))
MEASURES.register("c_uci", Measure("c_uci", "one_one", "pmi", 10,
                                   "mean PMI of word pairs (Newman et al. 2010)"),
                  aliases=("uci", "pmi"))
MEASURES.register("u_mass", Measure("u_mass", "one_pre", "log_conditional", None,
                                    "mean log conditional probability (Mimno et al. 2011)"),
                  aliases=("umass",))


def _segment_mask(segmentation: str, n: int) -> np.ndarray:
    i, j = np.indices((n, n))
    if segmentation == "one_one":
        return i != j
    if segmentation == "one_pre":
        return i > j
    if segmentation == "one_suc":
        return i < j
    raise ValueError(f"segmentation {segmentation!r} needs an indirect confirmation measure")


def _masked_mean(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over the masked (i, j) entries of each (T, n, n) slice."""
    total = np.where(mask, values, 0.0).sum(axis=(1, 2))
    return total / mask.sum()


def score_group(word_index: np.ndarray, occurrences: np.ndarray, cooccurrences: np.ndarray,
                n_contexts: int, segmentation: str, confirmation: str,
                epsilon: float = EPSILON, gamma: float = 1.0) -> np.ndarray:
    """Coherence of ``T`` topics of equal length ``n >= 2``.

    Args:
        word_index: (T, n) rows/columns of the count tables, one row per topic.
        occurrences: (m,) ``c(w)``; cooccurrences: (m, m) ``c(u, v)`` (diagonal = ``c(w)``).
        n_contexts: ``N``.

    Returns:
        (T,) the mean confirmation over each topic's segments (may be non-finite).
    """
    n_docs = float(n_contexts)
    idx = np.asarray(word_index)
    p = occurrences[idx] / n_docs  # (T, n)
    p_joint = cooccurrences[idx[:, :, None], idx[:, None, :]] / n_docs  # (T, n, n)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if confirmation == "log_conditional":
            values = np.log((p_joint + epsilon) / p[:, None, :])
            return _masked_mean(values, _segment_mask(segmentation, idx.shape[1]))
        pmi = np.log((p_joint + epsilon) / (p[:, :, None] * p[:, None, :]))
        if confirmation == "pmi":
            return _masked_mean(pmi, _segment_mask(segmentation, idx.shape[1]))
        npmi = pmi / -np.log(p_joint + epsilon)
        if confirmation == "npmi":
            return _masked_mean(npmi, _segment_mask(segmentation, idx.shape[1]))
        if confirmation != "cosine_npmi":
            raise ValueError(f"unknown confirmation measure {confirmation!r}; one of {CONFIRMATIONS}")
        sims = npmi if gamma == 1 else npmi ** gamma
        # context vectors over the topic's distinct words: a repeated word adds into the
        # column of its first position (as gensim's contiguous word mapping does)
        same = idx[:, :, None] == idx[:, None, :]
        first = ~np.triu(same, 1).any(axis=1)  # (T, n): position u is a word's first
        merge = same & first[:, None, :]  # (T, j, u)
        vectors = sims @ merge  # (T, i, u)
        norms = np.linalg.norm(vectors, axis=2)  # (T, n)
        if segmentation == "one_set":
            topic_vec = vectors.sum(axis=1)  # (T, u): the vector of W = sum of its words'
            dots = np.einsum("tiu,tu->ti", vectors, topic_vec)
            cos = dots / (norms * np.linalg.norm(topic_vec, axis=1)[:, None])
            return cos.mean(axis=1)
        dots = vectors @ vectors.transpose(0, 2, 1)
        cos = dots / (norms[:, :, None] * norms[:, None, :])
        return _masked_mean(cos, _segment_mask(segmentation, idx.shape[1]))
