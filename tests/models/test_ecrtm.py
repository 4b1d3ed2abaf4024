"""ECRTM (models/ecrtm.py): the embedding clustering regulariser and pretrained word vectors."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.corpus import Corpus
from topicatlas.models import fit_model
from topicatlas.models.base import seeded
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.ecrtm import fit_ecrtm, initial_word_embeddings

THEMES = np.repeat(np.arange(4), 10)  # the check corpus: 4 themes x 10 documents, in order


def purity(doc_topic: np.ndarray) -> float:
    """Share of documents whose top topic is their theme's majority top topic (chance ~0.42:
    the expected largest of 4 bins when 10 documents fall at random)."""
    best = doc_topic.argmax(1)
    return sum(np.bincount(best[THEMES == t]).max() for t in range(4)) / len(best)


@pytest.fixture(scope="module")
def fits() -> dict[float, object]:
    corpus = check_corpus()
    out = {}
    for weight in (0.0, 250.0):
        with seeded(0):
            out[weight] = fit_ecrtm(corpus, 4, 0, epochs=40, weight_ecr=weight)
    return out


def test_the_regulariser_pulls_topic_embeddings_onto_word_clusters(fits) -> None:  # noqa: ANN001
    """The ECR term lowers the optimal-transport cost between topic and word embeddings."""
    with_ecr = fits[250.0].info["final_transport_cost"]
    without = fits[0.0].info["final_transport_cost"]
    assert with_ecr < 0.5 * without


def test_ecrtm_separates_the_four_themes(fits) -> None:  # noqa: ANN001
    assert purity(fits[250.0].doc_topic) >= 0.6


def test_words_missing_from_glove_get_random_vectors_and_are_counted() -> None:
    vectors, missing = initial_word_embeddings(["market", "qzxqzxv", "bank"], "glove-6b-50d", 0)
    assert missing == 1 and vectors.shape == (3, 50)
    from topicatlas.lexicon.vectors import load_vectors

    np.testing.assert_allclose(vectors[0], load_vectors("glove-6b-50d").vector("market"))
    assert 0 < np.abs(vectors[1]).max() <= 0.2  # truncated normal, std 0.1, cut at 2 sd


def test_output_records_the_settings_and_the_unknown_words() -> None:
    docs = [["market", "shares", "qzxqzxv"], ["goal", "match", "league"]] * 3
    out = fit_model("ecrtm", Corpus.from_tokens(docs, name="six"), 2, 1, epochs=2)
    assert out.info["words_without_vector"] == 1
    assert out.settings["params"]["weight_ecr"] == 250.0
    assert out.settings["params"]["embedding_dim"] == 50
