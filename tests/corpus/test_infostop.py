"""Information-content stopwords (Gerlach, Shi & Amaral 2019)."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from topicatlas.corpus import load_corpus
from topicatlas.corpus.infostop import information_content, select_by_token_fraction, word_entropy


def test_word_entropy_in_bits():
    # word 0: 2 tokens in each of 4 docs -> log2(4) = 2 bits; word 1: all in one doc -> 0
    m = sp.csr_matrix(np.array([[2, 5], [2, 0], [2, 0], [2, 0]]))
    h = word_entropy(m)
    assert np.allclose(h, [2.0, 0.0])


def _corpus(seed=0):
    rng = np.random.default_rng(seed)
    docs = []
    for d in range(40):
        topic = d % 4
        words = [f"t{topic}w{rng.integers(5)}" for _ in range(30)]  # topical words
        words += ["the"] * 10  # spread evenly: an uninformative word
        docs.append(" ".join(words))
    return docs


def test_evenly_spread_word_has_lowest_information():
    c = load_corpus(_corpus(), preprocess="none", cache=False)
    ic = information_content(c.dtm, n_shuffles=5, seed=1)
    the = c.vocab["the"]
    topical = [i for i, w in enumerate(c.vocab.words) if w != "the"]
    assert abs(ic[the]) < 0.05  # same entropy as under shuffling
    assert ic[topical].min() > 1.0  # concentrated in a quarter of the documents: ~2 bits


def test_select_by_token_fraction_never_exceeds_budget():
    ic = np.array([0.0, 0.1, 2.0, 3.0])
    counts = np.array([10, 20, 30, 40])
    assert select_by_token_fraction(ic, counts, 0.1).tolist() == [0]
    assert select_by_token_fraction(ic, counts, 0.35).tolist() == [0, 1]
    assert select_by_token_fraction(ic, counts, 0.0).tolist() == []


def test_pipeline_removes_domain_stopword_and_records_it():
    c = load_corpus(_corpus(), preprocess="none", info_stopwords=0.26, cache=False)
    assert "the" not in c.vocab
    assert c.info["info_stopwords"] == ["the"]
    assert c.settings["info_stopwords"] == 0.26  # "the" is 25% of the tokens
