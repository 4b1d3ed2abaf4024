"""The 8 WordNet features: definitions, parity with the plain NLTK loop, bad input."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from topicatlas.lexicon import wordnet as W
from topicatlas.lexicon.wordnet_features import FEATURE_NAMES, WordNetFeatures
from topicatlas.lexicon.wordnet_reference import reference_pair


@pytest.fixture(scope="module")
def feats() -> WordNetFeatures:
    return WordNetFeatures()


def _men_pairs(data_dir: Path, n: int) -> list[tuple[str, str]]:
    lines = (data_dir / "wordpairs" / "EN-MEN-TR-3k.txt").read_text().splitlines()
    return [tuple(line.split()[:2]) for line in lines[::17][:n]]  # type: ignore[misc]


EDGE_PAIRS = [
    ("dog", "dog"),
    ("entity", "entity"),  # NLTK's lin divides 0 by 0 here
    ("entity", "dog"),
    ("happy", "glad"),  # adjectives: no taxonomy
    ("run", "walk"),  # verbs: simulated root, many senses
    ("breathe", "think"),  # verbs in different hierarchies
    ("good", "bad"),
    ("car", "drive"),  # noun vs verb senses
    ("qzxqzxnotaword", "dog"),
    ("chef", "fireman"),  # NLTK's documented min-depth LCS oddity
    ("Ice Cream", "ice-cream"),
]


def test_feature_names() -> None:
    assert FEATURE_NAMES == (
        "path", "lch", "wup", "lin", "jcn", "shortest_path", "same_category", "synset_overlap",
    )


def test_identical_to_the_nltk_loop(feats: WordNetFeatures, data_dir: Path) -> None:
    pairs = _men_pairs(data_dir, 120) + EDGE_PAIRS
    fast = np.array([feats._pair64(a, b) for a, b in pairs])
    slow = np.array([reference_pair(a, b, feats.ic) for a, b in pairs])
    np.testing.assert_array_equal(fast, slow)
    # and every feature varies on real pairs (no constant column)
    assert (fast[:120].std(axis=0) > 0).all()


def test_output_shape_range_and_symmetry_of_counts(feats: WordNetFeatures) -> None:
    v = feats.pair("vulture", "hawk")
    assert v.shape == (8,) and v.dtype == np.float32
    assert ((v >= 0) & (v <= 1)).all()
    m = feats.pairs(["vulture", "dolphin"], ["hawk", "ocean"])
    assert m.shape == (2, 8) and m.dtype == np.float32
    np.testing.assert_array_equal(m[0], v)
    # taxonomic similarity: vulture~hawk (both birds of prey) beats dolphin~ocean
    assert m[0, FEATURE_NAMES.index("wup")] > m[1, FEATURE_NAMES.index("wup")]
    with pytest.raises(ValueError, match="2 first words but 1"):
        feats.pairs(["a", "b"], ["c"])


def test_word_with_itself(feats: WordNetFeatures) -> None:
    np.testing.assert_array_equal(feats.pair("dog", "dog"), np.ones(8, dtype=np.float32))
    # entity.n.01 has IC 0, so lin (2*0/0) is undefined -> 0; everything else is 1
    expected = np.ones(8, dtype=np.float32)
    expected[FEATURE_NAMES.index("lin")] = 0
    np.testing.assert_array_equal(feats.pair("entity", "entity"), expected)
    # an adjective-only word: no taxonomy, but same category and full synset overlap
    happy = feats.pair("happy", "happy")
    assert happy[:6].tolist() == [0] * 6 and happy[6:].tolist() == [1, 1]


def test_unknown_words_are_zero_and_reported(feats: WordNetFeatures) -> None:
    assert not feats.pair("qzxqzxnotaword", "dog").any()
    assert not feats.pair("", "dog").any()
    assert not feats.in_wordnet("qzxqzxnotaword")
    assert feats.coverage(["dog", "qzxqzxnotaword"]) == 0.5


def test_normalisation(feats: WordNetFeatures) -> None:
    assert W.wordnet_forms("Ice Cream") == ["ice_cream"]
    assert W.wordnet_forms("ice-cream") == ["ice-cream", "ice_cream", "icecream"]
    assert W.wordnet_forms("Café") == ["café", "cafe"]
    for form in ("Ice Cream", "ice-cream", "ICE_CREAM"):
        assert [s.name() for s in W.synsets(form)] == ["ice_cream.n.01"]
    assert [s.name() for s in W.synsets("café")] == ["cafe.n.01"]
    assert "dog.n.01" in [s.name() for s in W.synsets("Dogs")]  # morphy
    np.testing.assert_array_equal(feats.pair("Dogs", "CAT"), feats.pair("dog", "cat"))


def test_scalings(feats: WordNetFeatures) -> None:
    wn = W.get_wordnet()
    dog, cat = wn.synset("dog.n.01"), wn.synset("cat.n.01")
    d = dog.shortest_path_distance(cat)
    v = feats._pair64("dog", "cat")
    # dog.n.01 and cat.n.01 are the closest senses of the two words
    assert v[0] == pytest.approx(1 / (1 + d))
    assert v[1] == pytest.approx(1 - math.log(1 + d) / math.log(2 * 19))
    assert v[5] == pytest.approx(1 - d / (2 * 19))
    j = dog.jcn_similarity(cat, feats.ic)
    assert v[4] >= j / (1 + j)
    assert v[7] == 0.0  # no shared synset


def test_information_content_from_cntlist() -> None:
    ic = W.information_content()
    wn = W.get_wordnet()
    entity = wn.synset("entity.n.01")
    assert W.ic_value(entity, ic) == 0  # the noun root holds every noun count
    counts = W.sense_counts()
    noun_total = sum(c for (pos, _), c in counts.items() if pos == "n")
    assert ic["n"][0] == noun_total + 1.0  # + smoothing
    # a count propagates to every ancestor: IC never increases going up
    dog = wn.synset("dog.n.01")
    for parent in dog.hypernyms():
        assert W.ic_value(parent, ic) <= W.ic_value(dog, ic)
    # dog.n.01 = 1 (smoothing) + its own tagged count + its hyponyms' counts
    below = {dog} | set(dog.closure(lambda s: s.hyponyms() + s.instance_hyponyms()))
    expected = 1.0 + sum(counts.get(("n", s.offset()), 0) for s in below)
    assert ic["n"][dog.offset()] == expected
    # NLTK's own lin/jcn accept the dict
    assert 0 < dog.lin_similarity(wn.synset("cat.n.01"), ic) < 1


def test_taxonomy_depths() -> None:
    assert W.taxonomy_depths() == {"n": 19, "v": 13}


def test_primary_pos_and_vocabulary() -> None:
    assert W.primary_pos("dog") == "n"
    assert W.primary_pos("run") == "v"  # 41 verb senses vs 16 noun senses
    assert W.primary_pos("happy") == "a"
    assert W.primary_pos("quickly") == "r"
    assert W.primary_pos("qzxqzxnotaword") is None
    vocab = W.lemma_vocabulary()
    assert "dog" in vocab and "ice_cream" not in vocab and vocab == sorted(vocab)
    assert "ice_cream" in W.lemma_vocabulary(single_word=False)
