"""The packaged default scorer: symmetric, bounded, defined behaviour on awkward input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from topicatlas.errors import InputFormatError


def test_default_weights_load_and_carry_their_config(default_scorer):
    from topicatlas.scorer.api import default_weights_path

    assert default_weights_path().suffix == ".safetensors"
    assert default_scorer.config["name"] == "default"
    assert default_scorer.metrics["test"]["separation_auc"] > 0.8


def test_scores_are_symmetric_and_in_unit_interval(default_scorer):
    pairs = [("dog", "leash"), ("leash", "dog"), ("car", "automobile"), ("automobile", "car"),
             ("doctor", "hospital"), ("hospital", "doctor")]
    df = default_scorer.score_pairs(pairs)
    assert list(df.columns) == ["word1", "word2", "similarity", "relatedness", "covered"]
    for i in range(0, 6, 2):
        assert df.similarity[i] == df.similarity[i + 1] and df.relatedness[i] == df.relatedness[i + 1]
    assert df[["similarity", "relatedness"]].stack().between(0, 1).all()
    # a lone pair, either order: identical; alone vs in a batch: equal up to float rounding
    # (BLAS kernels depend on the batch size, so bit-equality holds within one call only)
    assert default_scorer.score("leash", "dog") == default_scorer.score("dog", "leash")
    assert default_scorer.score("leash", "dog") == pytest.approx((df.similarity[0], df.relatedness[0]), abs=1e-6)


def test_heads_separate_synonyms_from_associations(default_scorer):
    df = default_scorer.score_pairs([("car", "automobile"), ("dog", "leash"), ("doctor", "hospital"),
                                      ("big", "large")])
    gap = (df.relatedness - df.similarity).to_numpy()
    assert gap[1] > gap[0] and gap[2] > gap[3] and gap[2] > gap[0]


def test_out_of_vocabulary_is_nan_and_reported(default_scorer):
    df = default_scorer.score_pairs([("dog", "xqzzyplorf"), ("dog", "cat")])
    assert math.isnan(df.similarity[0]) and math.isnan(df.relatedness[0]) and not df.covered[0]
    assert df.covered[1] and not math.isnan(df.similarity[1])
    cov = default_scorer.coverage(["dog", "xqzzyplorf", "cat"])
    assert cov["covered"] == 2 and cov["missing"] == ["xqzzyplorf"]


def test_case_spaces_accents_and_multiword(default_scorer):
    base = default_scorer.score("dog", "cat")
    assert default_scorer.score(" DOG", "Cat ") == base
    assert not math.isnan(default_scorer.score("café", "coffee")[0])  # café (or cafe) has a vector
    # multi-word tokens: mean of the parts when the whole token has no vector
    s, r = default_scorer.score("new york", "city")
    assert 0 <= s <= 1 and 0 <= r <= 1
    assert default_scorer.score("ice cream", "dessert") == default_scorer.score("ice_cream", "dessert")
    assert default_scorer.coverage(["zzqx-dog"])["covered"] == 0  # one part unknown -> no vector


def test_self_pair_and_empty_input(default_scorer):
    df = default_scorer.score_pairs([("dog", "dog"), ("Dog", "dog ")])
    assert df.similarity.tolist() == [1.0, 1.0] and df.relatedness.tolist() == [0.0, 0.0]
    empty = default_scorer.score_pairs([])
    assert len(empty) == 0 and "similarity" in empty.columns
    with pytest.raises(InputFormatError, match="pair 0"):
        default_scorer.score_pairs([("dog",)])


def test_save_load_round_trip(default_scorer, featurizer, tmp_path):
    from topicatlas.scorer.api import Scorer

    path = default_scorer.save(tmp_path / "m.safetensors")
    again = Scorer.load(path, featurizer=featurizer)
    words = (["dog", "car", "teach"], ["leash", "truck", "learn"])
    for a, b in zip(default_scorer.score_arrays(*words), again.score_arrays(*words), strict=True):
        np.testing.assert_array_equal(a, b)
    assert (tmp_path / "m.safetensors").read_bytes()[:8] != b"\x80\x04\x95"  # not a pickle
