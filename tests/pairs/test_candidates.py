"""Candidate pairs from real WordNet, ConceptNet-100k, GloVe and wordfreq."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from topicatlas.lexicon import relations as R
from topicatlas.lexicon.frequency import zipf
from topicatlas.lexicon.vectors import load_vectors
from topicatlas.pairs.candidates import (
    PAPER_QUOTAS,
    CandidateConfig,
    _Filter,
    build_candidates,
    composition_text,
)
from topicatlas.pairs.prompt import seed_pairs
from topicatlas.pairs.vocabulary import pair_vocabulary

SMALL = {k: max(5, v // 150) for k, v in PAPER_QUOTAS.items()}


@pytest.fixture(scope="module")
def built(data_dir):
    return build_candidates(CandidateConfig(quotas=dict(SMALL)), progress=False)


@pytest.fixture(scope="module")
def vocab(data_dir):
    return pair_vocabulary(load_vectors("glove-6b-50d"))


def test_vocabulary_is_wordnet_wordpiece_vectors(vocab):
    words = set(vocab)
    assert {"dog", "hospital", "happy", "run"} <= words
    assert "cyril" not in words  # WordNet spells it only capitalised: a proper name
    assert "##ing" not in words and all(w.isalpha() and w.islower() for w in vocab)
    assert "e" not in words and min(len(w) for w in vocab) == 2
    assert 10_000 < len(vocab) < 20_000


def test_table_columns_and_composition(built):
    t = built.table
    assert list(t.columns) == ["word1", "word2", "source", "sub_source"]
    comp = built.composition.set_index(["source", "sub_source"])
    for key, target in SMALL.items():
        assert comp.loc[key, "target"] == target
        assert comp.loc[key, "pairs"] <= target
        assert (
            (t[(t.source == key[0]) & (t.sub_source == key[1])]).shape[0] == comp.loc[key, "pairs"]
        )
    # sources with enough supply meet their quota exactly
    for key in [("wordnet", "cohyponym"), ("embedding", "neighbour"), ("negative", "common")]:
        assert comp.loc[key, "pairs"] == SMALL[key]
    text = composition_text(built.composition)
    assert "wordnet" in text and "Total" in text and str(len(t)) in text


def test_filters_hold_on_the_table(built, vocab):
    t = built.table
    words = set(vocab)
    keys = [frozenset(p) for p in zip(t.word1, t.word2, strict=True)]
    assert len(set(keys)) == len(keys)  # order-insensitive de-duplication
    assert not set(keys) & seed_pairs()
    assert (t.word1 != t.word2).all()
    assert set(t.word1) <= words and set(t.word2) <= words
    degree = Counter(t.word1) + Counter(t.word2)
    assert max(degree.values()) <= 50
    assert min(zipf(w) for w in set(t.word1) | set(t.word2)) >= 2.0


def test_each_source_holds_its_relation(built, vocab, data_dir):
    t = built.table
    rel = {
        "synonym": R.wordnet_synonyms,
        "hypernym": R.wordnet_hypernyms,
        "antonym": R.wordnet_antonyms,
        "cohyponym": lambda w: R.wordnet_cohyponyms(w),
    }
    for sub, fn in rel.items():
        part = t[(t.source == "wordnet") & (t.sub_source == sub)]
        assert len(part)
        assert all(b in fn(a) for a, b in zip(part.word1, part.word2, strict=True)), sub
    cn = R.load_conceptnet()
    triples = set(zip(cn["rel"], cn["head"], cn["tail"], strict=True))
    part = t[t.source == "conceptnet"]
    assert all(
        (r, a, b) in triples
        for r, a, b in zip(part.sub_source, part.word1, part.word2, strict=True)
    )
    vectors = load_vectors("glove-6b-50d")
    m, _ = vectors.lookup(vocab)
    m = m / np.linalg.norm(m, axis=1, keepdims=True)
    index = {w: i for i, w in enumerate(vocab)}
    for a, b in t[t.source == "embedding"][["word1", "word2"]].head(40).itertuples(index=False):
        sims = m @ m[index[a]]
        sims[index[a]] = -np.inf
        assert sims[index[b]] >= np.sort(sims)[-20]  # among a's 20 nearest vocabulary words
    neg = t[t.source == "negative"]
    common = neg[neg.sub_source == "common"]
    assert all(zipf(w) >= 4.5 for w in set(common.word1) | set(common.word2))
    far = neg[neg.sub_source == "far"]
    cos = [float(m[index[a]] @ m[index[b]]) for a, b in zip(far.word1, far.word2, strict=True)]
    assert max(cos) < 0.0  # random pairs have a median cosine near +0.1 in GloVe 50-d


def test_same_seed_same_table_and_degree_cap(data_dir):
    quotas = {("wordnet", "antonym"): 30, ("negative", "common"): 60}
    a = build_candidates(CandidateConfig(quotas=dict(quotas), seed=3), progress=False)
    b = build_candidates(CandidateConfig(quotas=dict(quotas), seed=3), progress=False)
    assert a.table.equals(b.table)
    capped = build_candidates(
        CandidateConfig(quotas=dict(quotas), seed=3, degree_cap=1), progress=False
    )
    degree = Counter(capped.table.word1) + Counter(capped.table.word2)
    assert max(degree.values()) == 1


def test_filter_reasons(vocab):
    filt = _Filter(set(vocab) | {"zyzzyva"}, seed_pairs(), CandidateConfig(degree_cap=2))
    assert not filt.accept("dog", "dogs") and filt.rejected["invalid"] == 1  # one lemma
    assert not filt.accept("dog", "dog") and not filt.accept("dog", "qwzx")
    assert not filt.accept("cat", "dog") and filt.rejected["seed_overlap"] == 1
    assert filt.accept("house", "tree") and not filt.accept("tree", "house")
    assert filt.rejected["duplicate"] == 1
    assert filt.accept("house", "river") and not filt.accept("house", "car")
    assert filt.rejected["degree_cap"] == 1
    assert not filt.accept("zyzzyva", "river") and filt.rejected["zipf"] == 1


def test_unknown_quota_name(data_dir):
    from topicatlas.errors import UnknownNameError

    with pytest.raises(UnknownNameError, match="wordnet.synonym"):
        build_candidates(CandidateConfig(quotas={("wordnet", "meronym"): 5}), progress=False)


def test_minilm_neighbour_space_on_a_small_vocabulary(tmp_path, data_dir):
    """Neighbours in all-MiniLM-L6-v2 static vectors (vocabulary cut by a small vocab.txt)."""
    from topicatlas.lexicon.encoder_vectors import encode_words

    words = ["dog", "cat", "puppy", "kitten", "horse", "car", "truck", "bus", "train", "apple",
             "banana", "orange", "grape", "pear", "house", "home", "river", "lake", "sea", "ocean"]  # fmt: skip
    vocab_file = tmp_path / "vocab.txt"
    vocab_file.write_text("[PAD]\n##s\n" + "\n".join(words) + "\n")
    cfg = CandidateConfig(
        quotas={("embedding", "neighbour"): 12},
        wordpiece=str(vocab_file),
        neighbour_space="minilm",
        clusters=4,
        neighbours_per_word=3,
    )
    table = build_candidates(cfg, progress=False).table
    assert len(table) == 12 and set(table.word1) | set(table.word2) <= set(words)
    space = encode_words(sorted(words))
    for a, b in zip(table.word1, table.word2, strict=True):
        ranked = [w for w, _ in space.most_similar(a, k=3)]
        assert b in ranked
