"""PLM-clustering models without a generative story: BERT-KT and Thompson & Mimno.

Our own implementations from the papers (scikit-learn k-means on PLM vectors); the
default encoder is all-MiniLM-L6-v2 where the papers used BERT-base.

* **BERT-KT** (Sia, Dalmia and Mielke 2020, "Tired of topic models? Clusters of pretrained
  word embeddings make for fast and good topics"): word-type embeddings (the corpus-averaged
  contextual vectors of App. B.6, PCA-reduced) are clustered by k-means weighted by term
  frequency; each cluster's ``rerank_candidates`` (100) words nearest its centre are re-ranked
  by a term-frequency variant (``rerank``: ``tf``, ``tfidf`` = tf * log(D / df), ``tfdf`` = tf * df,
  or ``none`` = distance order). Topic-word row: the re-ranking scores of those candidates,
  rescaled to sum to one (zero elsewhere); ``none`` uses 1/rank.
* **Thompson & Mimno** (2020, "Topic modeling with contextualized word representation
  clusters"): k-means on token-level contextual vectors (every in-vocabulary occurrence,
  PCA-reduced to ``pca_dim`` = 100, k-means fitted on at most ``max_tokens`` sampled occurrences,
  then every occurrence assigned); a topic is the distribution of word types among its
  tokens (counts rescaled to one), topic words the most frequent types in the cluster.

Both report ``doc_topic`` as the share of a document's (in-vocabulary, encoded) tokens in
each cluster; a document with no such token gets a uniform row. Determinism: k-means and PCA
get ``random_state=seed``; encoding is deterministic on CPU.
"""

from __future__ import annotations

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import TopicAtlasError
from topicatlas.models.base import FitResult, library_versions


def _doc_cluster_shares(n_docs: int, n_topics: int, doc_ids: np.ndarray,
                        labels: np.ndarray) -> np.ndarray:
    dt = np.zeros((n_docs, n_topics))
    np.add.at(dt, (doc_ids, labels), 1.0)
    return dt


def fit_bertkt(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
               layer: int = -1, pca_dim: int | None = 300, rerank: str = "tf",
               rerank_candidates: int = 100, weighted: bool = True, n_init: int = 10) -> FitResult:
    """BERT-KT (see module docstring)."""
    from sklearn.cluster import KMeans

    from topicatlas.models.encoders import DEFAULT_ENCODER, contextual_word_embeddings

    if rerank not in ("tf", "tfidf", "tfdf", "none"):
        raise TopicAtlasError(f"bert-kt: unknown rerank {rerank!r}; use tf, tfidf, tfdf or none")
    encoder = encoder or DEFAULT_ENCODER
    dtm = corpus.dtm
    tf = np.asarray(dtm.sum(axis=0)).ravel().astype(np.float64)
    df = np.asarray((dtm > 0).sum(axis=0)).ravel().astype(np.float64)
    present = np.flatnonzero(tf > 0)
    if len(present) < n_topics:
        raise TopicAtlasError(
            f"bert-kt: only {len(present)} distinct words occur in corpus {corpus.name!r}, "
            f"fewer than the {n_topics} clusters asked for; lower K"
        )
    vectors = contextual_word_embeddings(corpus, encoder, layer=layer, pca_dim=pca_dim, seed=seed)
    x = vectors[present].astype(np.float64)
    km = KMeans(n_clusters=n_topics, n_init=n_init, random_state=seed)
    labels = km.fit_predict(x, sample_weight=tf[present] if weighted else None)
    score_of = {"tf": tf, "tfidf": tf * np.log(len(corpus) / np.maximum(df, 1)), "tfdf": tf * df}
    tw = np.zeros((n_topics, len(corpus.vocab)))
    for k in range(n_topics):
        members = np.flatnonzero(labels == k)
        if members.size == 0:
            continue
        dist = np.linalg.norm(x[members] - km.cluster_centers_[k], axis=1)
        nearest = members[np.argsort(dist, kind="stable")[:rerank_candidates]]
        words = present[nearest]
        if rerank == "none":
            tw[k, words] = 1.0 / np.arange(1, len(words) + 1)
        else:
            tw[k, words] = np.maximum(score_of[rerank][words], 1e-12)
    word_cluster = np.full(len(corpus.vocab), -1)
    word_cluster[present] = labels
    doc_ids = np.repeat(np.arange(len(corpus)), corpus.lengths)
    dt = _doc_cluster_shares(len(corpus), n_topics, doc_ids, word_cluster[corpus.token_ids])
    params = {"encoder": encoder, "layer": layer, "pca_dim": pca_dim, "rerank": rerank,
              "rerank_candidates": rerank_candidates, "weighted": weighted, "n_init": n_init,
              "versions": library_versions("sklearn", "transformers")}
    return FitResult(tw, dt, params=params, info={"clustered_words": int(len(present))})


def fit_thompson_mimno(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
                       layer: int = -1, pca_dim: int | None = 100, max_tokens: int = 100_000,
                       n_init: int = 3) -> FitResult:
    """Thompson & Mimno token clustering (see module docstring)."""
    from sklearn.cluster import KMeans
    from sklearn.decomposition import PCA

    from topicatlas.models.encoders import DEFAULT_ENCODER, contextual_token_embeddings

    encoder = encoder or DEFAULT_ENCODER
    doc_ids, word_ids, vectors = contextual_token_embeddings(corpus, encoder, layer=layer)
    n = len(word_ids)
    distinct = len(np.unique(word_ids))
    if distinct < n_topics:
        raise TopicAtlasError(
            f"thompson-mimno: corpus {corpus.name!r} has {distinct} distinct encoded words, "
            f"fewer than the {n_topics} clusters asked for; lower K"
        )
    rng = np.random.default_rng(seed)
    sample = np.sort(rng.choice(n, size=max_tokens, replace=False)) if n > max_tokens else np.arange(n)
    x = vectors.astype(np.float32)
    if pca_dim and pca_dim < x.shape[1]:
        pca = PCA(n_components=min(pca_dim, len(sample)), random_state=seed).fit(x[sample])
        x = pca.transform(x).astype(np.float32)
    km = KMeans(n_clusters=n_topics, n_init=n_init, random_state=seed).fit(x[sample])
    labels = km.predict(x)
    tw = np.zeros((n_topics, len(corpus.vocab)))
    np.add.at(tw, (labels, word_ids), 1.0)
    dt = _doc_cluster_shares(len(corpus), n_topics, doc_ids, labels)
    params = {"encoder": encoder, "layer": layer, "pca_dim": pca_dim, "max_tokens": max_tokens,
              "n_init": n_init, "versions": library_versions("sklearn", "transformers")}
    return FitResult(tw, dt, params=params, info={"tokens": int(n), "sampled_tokens": int(len(sample))})
