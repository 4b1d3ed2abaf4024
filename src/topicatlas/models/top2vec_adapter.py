"""Contextual Top2Vec (Angelov and Inkpen 2024) through the authors' ``top2vec`` library
(``Top2Vec(..., contextual_top2vec=True)``, top2vec >= 1.0.36).

Pipeline (the library's): token embeddings of each raw document from all-MiniLM-L6-v2 (the
library accepts only all-MiniLM-L6-v2 and all-mpnet-base-v2; we point it at the bundled copy
of the former so it runs offline), sliding-window averages (50 tokens, stride 40) clustered by
UMAP (50 neighbours, 5 dimensions) + HDBSCAN (``min_cluster_size`` 15); topic vectors are the
cluster centroids (near-duplicates merged); topic words are the vocabulary words whose
embeddings are nearest each topic vector; each document's topic distribution is the share of
its (smoothed) tokens assigned to each topic.

Mapping to the contract:

* vocabulary: the library's tokenizer is replaced by a lookup of the corpus's own tokens, so
  candidate topic words are corpus vocabulary words (``min_count`` = 0 keeps all of them);
* word pairs: the atlas labelled topics with word pairs (``ngram_vocab=True``: gensim phrases)
  and split them into words (Table 11, note †). We do the same: each phrase's score goes to
  both of its words (a word keeps its best score) and the topic lists distinct words;
  ``ngram_vocab=False`` uses single words;
* topic-word: the library's 50 best-scoring words (cosine similarity to the topic vector),
  negative scores clipped to zero, rescaled to sum to one (zero for all other words);
* K: the library chooses its number of topics; the K largest (by assigned tokens) are
  returned, in size order.

Determinism: UMAP gets ``random_state=seed`` (single-threaded); HDBSCAN and DBSCAN are
deterministic. Note: the library averages each vocabulary word's embedding over all 512
padded positions (its ``average_embeddings`` ignores the attention mask) -- kept as is, since
this is the model as its authors ship it.
"""

from __future__ import annotations

import contextlib
import io
import logging
from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import TopicAtlasError
from topicatlas.models.base import FitResult, library_versions

SUPPORTED = ("all-MiniLM-L6-v2", "all-mpnet-base-v2")


def fit_contextual_top2vec(corpus: Corpus, n_topics: int, seed: int, *,
                           encoder: str = "all-MiniLM-L6-v2", ngram_vocab: bool = True,
                           umap_neighbors: int = 50, min_cluster_size: int = 15,
                           smoothing_window: int = 5, topic_merge_delta: float = 0.1,
                           max_length: int = 512) -> FitResult:
    """Contextual Top2Vec (see module docstring).

    ``max_length`` is the library's padded sequence length (512, fixed in the library); a
    smaller value, for quick checks only, truncates documents to that many sub-word tokens.
    """
    import top2vec.top2vec as t2v

    from topicatlas.models.encoders import encoder_path

    if encoder not in SUPPORTED:
        raise TopicAtlasError(
            f"contextual-top2vec: the top2vec library supports only {', '.join(SUPPORTED)} "
            f"as contextual encoders, not {encoder!r}"
        )
    texts = list(corpus.texts) if corpus.texts is not None else [" ".join(d) for d in corpus.tokens]
    tokens_of = {}
    for text, doc in zip(texts, corpus.tokens, strict=True):
        tokens_of.setdefault(text, doc)
    n_docs = len(texts)
    umap_args = {"n_neighbors": max(2, min(umap_neighbors, n_docs - 1)), "n_components": 5,
                 "metric": "euclidean", "random_state": seed}
    hdbscan_args = {"min_cluster_size": max(2, min(min_cluster_size, n_docs)),
                    "metric": "euclidean", "cluster_selection_method": "eom"}
    saved = dict(t2v.contextual_top2vec_model_paths)
    saved_fns = (t2v.average_embeddings, t2v.contextual_token_embeddings)
    t2v.contextual_top2vec_model_paths[encoder] = encoder_path(encoder)
    if max_length != 512:
        t2v.average_embeddings = _with_length(saved_fns[0], max_length)
        t2v.contextual_token_embeddings = _with_length(saved_fns[1], max_length)
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # the library's tqdm bars
            model = t2v.Top2Vec(
                documents=texts, contextual_top2vec=True, embedding_model=encoder,
                tokenizer=lambda doc: tokens_of[doc], min_count=0, ngram_vocab=ngram_vocab,
                umap_args=umap_args, hdbscan_args=hdbscan_args,
                c_top2vec_smoothing_window=smoothing_window,
                topic_merge_delta=topic_merge_delta, verbose=False)
    except (ValueError, IndexError, TypeError) as exc:
        raise TopicAtlasError(
            f"contextual-top2vec failed on corpus {corpus.name!r} ({n_docs} documents): {exc}. "
            "Try a larger corpus, ngram_vocab=False or a smaller min_cluster_size."
        ) from exc
    finally:
        t2v.average_embeddings, t2v.contextual_token_embeddings = saved_fns
        t2v.contextual_top2vec_model_paths.clear()
        t2v.contextual_top2vec_model_paths.update(saved)
        logging.getLogger("top2vec").setLevel(logging.WARNING)
    n_found = len(model.topic_vectors)
    if n_found == 0:
        raise TopicAtlasError(f"contextual-top2vec found no topics in corpus {corpus.name!r}")
    dist = np.asarray(model.get_document_topic_distribution(), dtype=np.float64)
    sizes = _topic_sizes(model, n_found, dist)
    order = sorted(range(n_found), key=lambda t: (-sizes[t], t))[:n_topics]
    index = corpus.vocab.index
    tw = np.zeros((len(order), len(index)))
    topics: list[list[str]] = []
    for row, t in enumerate(order):
        words: list[str] = []
        for label, score in zip(model.topic_words[t], model.topic_word_scores[t], strict=True):
            for w in str(label).split(" "):
                v = index.get(w)
                if v is None:
                    continue
                tw[row, v] = max(tw[row, v], float(score))
                if w not in words and score > 0:
                    words.append(w)
        topics.append(words)
    tw = np.clip(tw, 0, None)
    dt = dist[:, order] if dist.shape[1] == n_found else np.zeros((n_docs, len(order)))
    params = {"encoder": encoder, "ngram_vocab": ngram_vocab, "umap_args": umap_args,
              "hdbscan_args": hdbscan_args, "smoothing_window": smoothing_window,
              "topic_merge_delta": topic_merge_delta, "max_length": max_length,
              "versions": library_versions("top2vec", "umap", "hdbscan")}
    return FitResult(tw, dt, params=params, topics=topics,
                     info={"found_topics": n_found, "returned_topics": len(order)})


def _topic_sizes(model: Any, n_found: int, dist: np.ndarray) -> np.ndarray:
    """Tokens assigned per topic (the library's ``topic_sizes`` Series, by topic index)."""
    sizes = np.zeros(n_found)
    series = getattr(model, "topic_sizes", None)
    if series is not None and hasattr(series, "items"):
        for t, size in series.items():
            if 0 <= int(t) < n_found:
                sizes[int(t)] = float(size)
    if not sizes.any():
        sizes = dist.sum(axis=0)
    return sizes


def _with_length(fn: Any, max_length: int) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        kwargs["model_max_length"] = max_length
        return fn(*args, **kwargs)

    return call
