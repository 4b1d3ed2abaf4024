"""FASTopic (models/fastopic.py): transport-plan topics from sentence embeddings."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.models.base import seeded
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.fastopic import fit_fastopic

THEMES = np.repeat(np.arange(4), 10)  # the check corpus: 4 themes x 10 documents, in order


def purity(doc_topic: np.ndarray) -> float:
    """Share of documents whose top topic is their theme's majority top topic (chance ~0.42:
    the expected largest of 4 bins when 10 documents fall at random)."""
    best = doc_topic.argmax(1)
    return sum(np.bincount(best[THEMES == t]).max() for t in range(4)) / len(best)


@pytest.fixture(scope="module")
def fit():  # noqa: ANN201
    with seeded(0):
        return fit_fastopic(check_corpus(), 4, 0, epochs=60, sinkhorn_max_iter=1000)


def test_topic_word_rows_are_k_times_a_plan_with_uniform_topic_weights(fit) -> None:  # noqa: ANN001
    """beta = K * pi_TW and pi_TW's row marginal is 1/K, so beta's rows already sum to ~1."""
    np.testing.assert_allclose(fit.topic_word.sum(1), 1.0, atol=0.02)


def test_documents_of_a_theme_share_a_topic(fit) -> None:  # noqa: ANN001
    assert purity(fit.doc_topic) >= 0.6


def test_theme_words_lead_the_topics(fit) -> None:  # noqa: ANN001
    words = check_corpus().vocab.words
    tops = [{words[i] for i in np.argsort(-row)[:10]} for row in fit.topic_word]
    markets = {"shares", "investors", "rates", "inflation", "bank", "interest", "stock", "market"}
    assert any(len(t & markets) >= 3 for t in tops)
    assert fit.params["encoder"] == "all-MiniLM-L6-v2" and fit.params["dt_alpha"] == 3.0
