"""Zipf frequencies (wordfreq, English)."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.lexicon.frequency import zipf, zipf_many


def test_zipf_orders_common_and_rare_words() -> None:
    assert zipf("the") > zipf("dog") > zipf("mango") > 0
    assert zipf("qzxqzxnotaword") == 0.0
    assert zipf("") == 0.0


def test_zipf_normalisation() -> None:
    assert zipf("Dog") == zipf("dog")
    assert zipf("ice_cream") == zipf("ice cream") > 0


def test_zipf_many() -> None:
    out = zipf_many(["the", "qzxqzxnotaword"])
    assert out.dtype == np.float64 and out.shape == (2,)
    assert out[0] == zipf("the") and out[1] == 0.0
    with pytest.raises(TypeError):
        zipf(None)  # type: ignore[arg-type]
