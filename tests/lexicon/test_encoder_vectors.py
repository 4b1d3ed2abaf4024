"""Static word vectors from the packaged all-MiniLM-L6-v2 (real model, offline)."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.lexicon.encoder_vectors import _load_encoder, encode_words


@pytest.mark.slow
def test_each_word_encoded_alone_and_cached() -> None:
    words = ["dog", "puppy", "car", "ice_cream", "dog"]
    wv = encode_words(words)
    assert wv.words == ["dog", "puppy", "car", "ice_cream"] and wv.dim == 384
    assert isinstance(wv.matrix, np.memmap)
    direct = _load_encoder(None).encode(["ice cream"], convert_to_numpy=True)[0]
    np.testing.assert_allclose(wv.vector("ice_cream"), direct, rtol=1e-4, atol=1e-5)
    assert wv.cosine("dog", "puppy") > wv.cosine("dog", "car")
    again = encode_words(words)
    assert again.matrix.filename == wv.matrix.filename  # served from the cache
    assert "cat" not in wv  # a static space: only the encoded words
