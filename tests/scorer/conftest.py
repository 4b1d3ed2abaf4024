"""Fixtures for the scorer tests: one real featurizer (GloVe 6B 50-d + WordNet) per session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def featurizer():
    from topicatlas.scorer.features import PairFeaturizer

    return PairFeaturizer("glove-6b-50d")


@pytest.fixture(scope="session")
def default_scorer(featurizer):
    from topicatlas.scorer.api import Scorer, default_weights_path

    return Scorer.load(default_weights_path(), featurizer=featurizer)
