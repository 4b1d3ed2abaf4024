"""Behaviour reported in the similarity-relatedness paper, on a real BBC slice."""

from __future__ import annotations

import pytest

from topicatlas.corpus import load_corpus
from topicatlas.models import fit_model


@pytest.fixture(scope="module")
def bbc300():  # noqa: ANN201
    return load_corpus("bbc", limit=300)


def test_lsi_shows_diversity_collapse_and_lda_does_not(bbc300) -> None:  # noqa: ANN001
    """Table 12: LSI is omitted for diversity collapse (0.29-0.46) on every corpus."""
    lsi = fit_model("lsi", bbc300, 20, seed=0)
    lda = fit_model("lda", bbc300, 20, seed=0, iterations=200)
    assert lsi.info["collapse"]["diversity_collapse"]
    assert 0.25 <= lsi.info["collapse"]["diversity"] <= 0.5
    assert not lda.info["collapse"]["diversity_collapse"]
    assert lda.info["collapse"]["diversity"] > 0.6


def test_different_seeds_give_different_lda_topics(bbc300) -> None:  # noqa: ANN001
    a = fit_model("lda", bbc300, 5, seed=0, iterations=50)
    b = fit_model("lda", bbc300, 5, seed=1, iterations=50)
    assert a.topics != b.topics
