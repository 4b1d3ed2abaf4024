"""Domain-specific stopwords by information content (Gerlach, Shi & Amaral 2019).

The LLM-judge paper (§4.1) removes domain-specific stopwords with "an information-theoretic
framework" [60] = Gerlach, Shi & Amaral (2019), "A universal information theoretic
approach to the identification of stopwords". For a word ``w`` with ``n(w, d)``
occurrences in document ``d`` and ``n(w)`` in total,

    H(w) = - sum_d p(d|w) log2 p(d|w),      p(d|w) = n(w, d) / n(w)

and its information content is ``I(w) = H~(w) - H(w)``, where ``H~(w)`` is the expected
entropy under the null model in which all tokens of the corpus are shuffled randomly
across documents (document lengths and word frequencies kept). Words spread evenly
over the documents (function words) and very rare words both have ``I`` near 0:
they carry little information about which document they are in.

Choices (the papers leave them open): ``H~`` is estimated by averaging over
``n_shuffles`` random permutations of the token stream (seeded), not by the analytic
expectation; words are selected by ranking ``I`` ascending (ties: more frequent
first) and removing words until the given fraction of the corpus' tokens would be
exceeded, the selection criterion Gerlach et al. use to compare stopword methods
("fraction of tokens removed").
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def word_entropy(dtm: sp.spmatrix) -> np.ndarray:
    """H(w) in bits for each column of a D x V count matrix (0 for unseen words)."""
    m = sp.csr_matrix(dtm, dtype=np.float64)
    m.sum_duplicates()
    counts = np.asarray(m.sum(axis=0)).ravel()
    data = m.data
    plogp = np.bincount(m.indices, weights=data * np.log2(np.where(data > 0, data, 1)),
                        minlength=m.shape[1])
    with np.errstate(divide="ignore", invalid="ignore"):
        h = np.where(counts > 0, np.log2(np.where(counts > 0, counts, 1)) - plogp / np.where(counts > 0, counts, 1), 0.0)
    return np.maximum(h, 0.0)


def information_content(dtm: sp.spmatrix, *, n_shuffles: int = 3, seed: int = 0) -> np.ndarray:
    """I(w) = H~(w) - H(w) (bits) for every column of the D x V count matrix ``dtm``."""
    m = sp.csr_matrix(dtm)
    h_obs = word_entropy(m)
    # token stream: (document, word) per token
    coo = m.tocoo()
    reps = coo.data.astype(np.int64)
    docs = np.repeat(coo.row, reps)
    words = np.repeat(coo.col, reps)
    rng = np.random.default_rng(seed)
    h_null = np.zeros(m.shape[1])
    for _ in range(max(1, n_shuffles)):
        perm = rng.permutation(words)
        shuffled = sp.csr_matrix((np.ones(len(perm)), (docs, perm)), shape=m.shape)
        h_null += word_entropy(shuffled)
    h_null /= max(1, n_shuffles)
    return h_null - h_obs


def select_by_token_fraction(ic: np.ndarray, counts: np.ndarray, fraction: float) -> np.ndarray:
    """Indices of the lowest-``ic`` words whose tokens make up at most ``fraction`` of all tokens."""
    counts = np.asarray(counts, dtype=np.int64)
    present = np.flatnonzero(counts > 0)
    if fraction <= 0 or len(present) == 0:
        return np.zeros(0, dtype=np.int64)
    order = present[np.lexsort((-counts[present], ic[present]))]
    budget = fraction * counts.sum()
    cum = np.cumsum(counts[order])
    return order[cum <= budget]
