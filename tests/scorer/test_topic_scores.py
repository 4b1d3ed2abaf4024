"""Topic-level scores, the random baseline and the shifted normalised gap (§3.2.3)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from topicatlas.metrics.simrel import (
    random_baseline,
    random_topics,
    shifted_normalized_gap,
    topic_scores,
)


def test_topic_score_is_mean_over_top5_pairs(default_scorer):
    topic = ["dog", "cat", "horse", "cow", "sheep", "pig", "goat"]
    out = topic_scores([topic, ["dog", "dog", "cat"]], default_scorer)
    pairs = [(a, b) for i, a in enumerate(topic[:5]) for b in topic[i + 1 : 5]]
    df = default_scorer.score_pairs(pairs)
    assert out.pairs[0] == 10 == out.pairs_covered[0]
    assert out.similarity[0] == pytest.approx(df.similarity.mean())
    assert out.relatedness[0] == pytest.approx(df.relatedness.mean())
    # repeated words are dropped: one distinct pair (dog, cat)
    assert out.pairs[1] == 1 and out.similarity[1] == pytest.approx(default_scorer.score("dog", "cat")[0])


def test_uncovered_topic_is_nan(default_scorer):
    out = topic_scores([["xqzzyplorf", "dog"]], default_scorer)
    assert out.pairs_covered[0] == 0 and math.isnan(out.similarity[0])


def test_random_baseline_is_seeded(default_scorer):
    vocab = ["dog", "cat", "car", "bank", "money", "river", "tree", "music", "song", "table", "chair", "war"]
    a = random_baseline(vocab, default_scorer, n_topics=20, seed=1)
    assert a == random_baseline(vocab, default_scorer, n_topics=20, seed=1)
    assert all(len(set(t)) == 5 for t in random_topics(vocab, 20, seed=1))


def test_shifted_normalized_gap_definition():
    scores = pd.DataFrame({"corpus": ["a", "a", "b"], "similarity": [0.2, 0.6, 0.5],
                           "relatedness": [0.8, 0.4, 0.5]})
    base = {"a": {"similarity": 0.1, "relatedness": 0.2}, "b": {"similarity": 0.3, "relatedness": 0.1}}
    out = shifted_normalized_gap(scores, base)
    # corpus a: sim range [0.1, 0.6], rel range [0.2, 0.8]
    sim_n = (np.array([0.2, 0.6]) - 0.1) / 0.5
    rel_n = (np.array([0.8, 0.4]) - 0.2) / 0.6
    base_gap = 0.0 - 0.0
    np.testing.assert_allclose(out.shifted_gap[:2], rel_n - sim_n - base_gap)
    # corpus b: baseline at its own extremes; topic (0.5, 0.5): sim_n = 1, rel_n = 1; base (0, 0)
    assert out.shifted_gap[2] == pytest.approx(0.0)
    with pytest.raises(KeyError, match="no random baseline"):
        shifted_normalized_gap(scores, {"a": base["a"]})
