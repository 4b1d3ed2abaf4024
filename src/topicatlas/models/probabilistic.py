"""Classical models of Table 11: LDA, HDP (tomotopy), LSI and NMF (scikit-learn).

All four read the corpus's document-term count matrix (or its token sequences) and
return matrices over the corpus vocabulary. Determinism: tomotopy is seeded and trained
with one worker (its multi-worker samplers are not reproducible); scikit-learn is given
``random_state=seed``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.base import FitResult, library_versions


def _tomotopy_docs(mdl: Any, corpus: Corpus) -> list[int]:
    """Add the non-empty documents to a tomotopy model; returns their corpus indices."""
    kept = []
    for d, doc in enumerate(corpus.tokens):
        if doc:
            mdl.add_doc(doc)
            kept.append(d)
    return kept


def _tomotopy_topic_word(mdl: Any, corpus: Corpus, topics: list[int]) -> np.ndarray:
    """Topic-word distributions re-indexed from tomotopy's vocabulary to the corpus's."""
    index = corpus.vocab.index
    cols = np.array([index[w] for w in mdl.used_vocabs], dtype=np.int64)
    tw = np.zeros((len(topics), len(corpus.vocab)))
    for row, k in enumerate(topics):
        tw[row, cols] = np.asarray(mdl.get_topic_word_dist(k), dtype=np.float64)
    return tw


def fit_lda(corpus: Corpus, n_topics: int, seed: int, *, alpha: float = 0.1, eta: float = 0.01,
            iterations: int = 1000, burn_in: int = 0, optim_interval: int = 0) -> FitResult:
    """LDA (Blei et al. 2003) by collapsed Gibbs sampling with tomotopy's ``LDAModel``.

    Symmetric Dirichlet priors ``alpha`` (document-topic) and ``eta`` (topic-word), fixed
    unless ``optim_interval`` > 0 (tomotopy then re-estimates ``alpha`` every that many
    iterations). ``topic_word`` is the smoothed posterior estimate ``(n_kw + eta) / (n_k + V eta)``
    and ``doc_topic`` the smoothed ``(n_dk + alpha) / (n_d + K alpha)``; empty documents get the
    prior mean (uniform).
    """
    import tomotopy as tp

    mdl = tp.LDAModel(k=n_topics, alpha=alpha, eta=eta, seed=seed)
    mdl.burn_in = burn_in
    mdl.optim_interval = optim_interval
    kept = _tomotopy_docs(mdl, corpus)
    mdl.train(iterations, workers=1, show_progress=False)
    tw = _tomotopy_topic_word(mdl, corpus, list(range(n_topics)))
    dt = np.full((len(corpus), n_topics), 1.0 / n_topics)
    for doc, d in zip(mdl.docs, kept, strict=True):
        dt[d] = doc.get_topic_dist()
    return FitResult(tw, dt, params={"alpha": alpha, "eta": eta, "iterations": iterations,
                                     "burn_in": burn_in, "optim_interval": optim_interval,
                                     "workers": 1, "versions": library_versions("tomotopy")},
                     info={"ll_per_word": float(mdl.ll_per_word)})


def fit_hdp(corpus: Corpus, n_topics: int, seed: int, *, alpha: float = 0.1, eta: float = 0.01,
            gamma: float = 0.1, initial_k: int = 2, iterations: int = 1000) -> FitResult:
    """HDP (Teh et al. 2006) by Gibbs sampling with tomotopy's ``HDPModel``.

    HDP infers its number of topics; the atlas asks every model for K topics, so the K
    live topics with the most assigned tokens are returned (fewer when fewer are alive),
    ordered by size. ``doc_topic`` is each document's distribution restricted to those
    topics and renormalised; the inferred number of live topics is in ``info``.
    """
    import tomotopy as tp

    mdl = tp.HDPModel(initial_k=initial_k, alpha=alpha, eta=eta, gamma=gamma, seed=seed)
    kept = _tomotopy_docs(mdl, corpus)
    mdl.train(iterations, workers=1, show_progress=False)
    counts = np.asarray(mdl.get_count_by_topics(), dtype=np.int64)
    live = [k for k in range(mdl.k) if mdl.is_live_topic(k)]
    live.sort(key=lambda k: (-counts[k], k))
    chosen = live[:n_topics]
    tw = _tomotopy_topic_word(mdl, corpus, chosen)
    dt = np.zeros((len(corpus), len(chosen)))
    for doc, d in zip(mdl.docs, kept, strict=True):
        dt[d] = np.asarray(doc.get_topic_dist())[chosen]
    return FitResult(tw, dt, params={"alpha": alpha, "eta": eta, "gamma": gamma,
                                     "initial_k": initial_k, "iterations": iterations,
                                     "workers": 1, "versions": library_versions("tomotopy")},
                     info={"live_topics": len(live), "returned_topics": len(chosen)})


def _orient(components: np.ndarray) -> np.ndarray:
    """Flip each row's sign so that its largest-magnitude entry is positive (SVD sign convention)."""
    idx = np.argmax(np.abs(components), axis=1)
    signs = np.sign(components[np.arange(len(components)), idx])
    signs[signs == 0] = 1.0
    return signs[:, None]


def fit_lsi(corpus: Corpus, n_topics: int, seed: int, *, weighting: str = "counts",
            n_iter: int = 5) -> FitResult:
    """LSI (Deerwester et al. 1990): truncated SVD of the document-term matrix.

    ``weighting="counts"`` factorises raw counts (as OCTIS's gensim LSI does), ``"tfidf"``
    the TF-IDF matrix. LSI factors are signed, so they are mapped to distributions:
    each factor's sign is chosen so its largest-magnitude word weight is positive, negative
    weights are clipped to zero and the row is rescaled to sum to one; document coordinates
    (X V) get the same sign, clipping and rescaling (all-non-positive rows become uniform).
    At most ``min(D, V) - 1`` factors exist (fewer topics are returned when K exceeds that).
    """
    from sklearn.decomposition import TruncatedSVD

    x = _weighted(corpus, weighting)
    rank = max(1, min(x.shape) - 1)
    k = min(n_topics, rank)
    svd = TruncatedSVD(n_components=k, algorithm="randomized", n_iter=n_iter, random_state=seed)
    coords = svd.fit_transform(x)
    signs = _orient(svd.components_)
    tw = np.clip(svd.components_ * signs, 0, None)
    dt = np.clip(coords * signs.T, 0, None)
    return FitResult(tw, dt, params={"weighting": weighting, "n_iter": n_iter,
                                     "versions": library_versions("sklearn")},
                     info={"returned_topics": k, "explained_variance_ratio":
                           float(svd.explained_variance_ratio_.sum())})


def fit_nmf(corpus: Corpus, n_topics: int, seed: int, *, weighting: str = "tfidf",
            max_iter: int = 400, init: str | None = None, beta_loss: str = "frobenius") -> FitResult:
    """NMF (Lee and Seung 1999): X ~ W H with W, H >= 0, by scikit-learn's coordinate descent.

    X is the TF-IDF (default) or count document-term matrix. ``topic_word`` is H with rows
    rescaled to sum to one, ``doc_topic`` is W likewise (an all-zero row becomes uniform).
    Initialisation: NNDSVDa when K <= min(D, V), otherwise seeded random.
    """
    from sklearn.decomposition import NMF

    x = _weighted(corpus, weighting)
    if init is None:
        init = "nndsvda" if n_topics <= min(x.shape) else "random"
    nmf = NMF(n_components=n_topics, init=init, max_iter=max_iter, random_state=seed,
              beta_loss=beta_loss, solver="cd" if beta_loss == "frobenius" else "mu")
    w = nmf.fit_transform(x)
    return FitResult(nmf.components_, w, params={"weighting": weighting, "max_iter": max_iter,
                                                 "init": init, "beta_loss": beta_loss,
                                                 "versions": library_versions("sklearn")},
                     info={"reconstruction_err": float(nmf.reconstruction_err_),
                           "n_iter": int(nmf.n_iter_)})


def _weighted(corpus: Corpus, weighting: str) -> Any:
    x = corpus.dtm.astype(np.float64)
    if weighting == "counts":
        return x
    if weighting == "tfidf":
        from sklearn.feature_extraction.text import TfidfTransformer

        return TfidfTransformer().fit_transform(x)
    from topicatlas.errors import InputFormatError

    raise InputFormatError(f"unknown weighting {weighting!r}; use 'counts' or 'tfidf'")
