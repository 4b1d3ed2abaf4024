"""BERTopic (Grootendorst 2022) through the ``bertopic`` library.

Pipeline (library defaults unless stated): sentence embeddings of the raw texts (default
all-MiniLM-L6-v2, BERTopic's own default) -> UMAP (15 neighbours, 5 dimensions, min_dist 0,
cosine) -> HDBSCAN (``min_cluster_size`` = 10, leaf/eom = eom) -> class-based TF-IDF over
the corpus's preprocessed tokens and vocabulary (so topic words are corpus vocabulary words)
-> topic reduction to at most K topics (``nr_topics=K``; HDBSCAN may find fewer).

Mapping to the contract: the outlier cluster (-1) is not a topic. ``topic_word`` is each
topic's c-TF-IDF row rescaled to sum to one; ``topics`` are BERTopic's own top words (the
same order). ``doc_topic`` is HDBSCAN's soft-cluster membership (``calculate_probabilities``),
rescaled per document; an outlier document with no membership mass gets a uniform row.

Determinism: UMAP gets ``random_state=seed`` (which makes it single-threaded); HDBSCAN and
c-TF-IDF are deterministic. On corpora of fewer than 16 documents the UMAP neighbourhood is
shrunk to D - 1 and ``min_cluster_size`` to at most D // 2 (at least 2).
"""

from __future__ import annotations

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import TopicAtlasError
from topicatlas.models.base import FitResult, library_versions


def fit_bertopic(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
                 n_neighbors: int = 15, n_components: int = 5, min_dist: float = 0.0,
                 min_cluster_size: int = 10, reduce_topics: bool = True) -> FitResult:
    """BERTopic with seeded UMAP (see module docstring)."""
    from bertopic import BERTopic
    from hdbscan import HDBSCAN
    from sklearn.feature_extraction.text import CountVectorizer
    from umap import UMAP

    from topicatlas.models.encoders import DEFAULT_ENCODER, document_embeddings

    encoder = encoder or DEFAULT_ENCODER
    n_docs = len(corpus)
    if n_docs < 4:
        raise TopicAtlasError(f"bertopic: needs at least 4 documents for UMAP, got {n_docs}")
    emb = document_embeddings(corpus, encoder)
    n_neighbors = max(2, min(n_neighbors, n_docs - 1))
    n_components = max(1, min(n_components, n_docs - 2))
    min_cluster_size = max(2, min(min_cluster_size, n_docs // 2))
    umap = UMAP(n_neighbors=n_neighbors, n_components=n_components, min_dist=min_dist,
                metric="cosine", random_state=seed, init="spectral" if n_docs > 16 else "random")
    hdbscan = HDBSCAN(min_cluster_size=min_cluster_size, metric="euclidean",
                      cluster_selection_method="eom", prediction_data=True)
    vocab = corpus.vocab.words
    vectorizer = CountVectorizer(vocabulary=vocab, tokenizer=str.split, token_pattern=None,
                                 lowercase=False)
    model = BERTopic(umap_model=umap, hdbscan_model=hdbscan, vectorizer_model=vectorizer,
                     nr_topics=n_topics if reduce_topics else None, top_n_words=10,
                     calculate_probabilities=True)
    docs = [" ".join(doc) for doc in corpus.tokens]
    try:
        assignments, probs = model.fit_transform(docs, embeddings=emb)
    except (ValueError, TypeError, IndexError) as exc:
        raise TopicAtlasError(
            f"bertopic failed on corpus {corpus.name!r} ({n_docs} documents): {exc}. "
            "Try a larger corpus or a smaller min_cluster_size."
        ) from exc
    topic_ids = sorted(t for t in model.get_topics() if t != -1)
    if not topic_ids:
        raise TopicAtlasError(
            f"bertopic found no topics in corpus {corpus.name!r}: HDBSCAN marked every document "
            f"an outlier (min_cluster_size={min_cluster_size}); lower min_cluster_size or use a "
            "larger corpus"
        )
    offset = 1 if -1 in model.get_topics() else 0
    ctfidf = model.c_tf_idf_
    tw = np.asarray(ctfidf[[t + offset for t in topic_ids]].todense(), dtype=np.float64)
    tw = np.clip(tw, 0, None)
    topics = [[w for w, s in model.get_topic(t) if w and s > 0] for t in topic_ids]
    assign = np.asarray(assignments)
    if probs is not None and np.ndim(probs) == 2 and np.shape(probs)[1] == len(topic_ids):
        dt = np.clip(np.asarray(probs, dtype=np.float64), 0, None)
    else:
        dt = np.zeros((n_docs, len(topic_ids)))
        col = {t: i for i, t in enumerate(topic_ids)}
        for d, t in enumerate(assign):
            if t in col:
                dt[d, col[t]] = 1.0
    n_outliers = int((assign == -1).sum())
    params = {"encoder": encoder, "n_neighbors": n_neighbors, "n_components": n_components,
              "min_dist": min_dist, "min_cluster_size": min_cluster_size,
              "reduce_topics": reduce_topics,
              "versions": library_versions("bertopic", "umap", "hdbscan")}
    return FitResult(tw, dt, params=params, topics=topics,
                     info={"returned_topics": len(topic_ids), "outlier_documents": n_outliers})

