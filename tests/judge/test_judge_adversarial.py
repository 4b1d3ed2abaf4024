"""Automatic adversarial tests with the real WordNet and wordfreq, and tests read from the
release's adversarial file."""

from __future__ import annotations

import pytest

from topicatlas.errors import InputFormatError
from topicatlas.judge.adversarial import make_tests, read_tests

TOPICS = [
    "game team player play season win score year hit goal".split(),
    "drug patient doctor health medical disease food treatment pain insurance".split(),
    ["lonely"],
]


def test_automatic_intruders_and_duplicates_are_seeded_and_valid():
    from nltk.corpus import wordnet as wn
    from wordfreq import zipf_frequency

    tests = make_tests(TOPICS, seed=3)
    assert tests == make_tests(TOPICS, seed=3)  # reproducible
    assert {t.topic for t in tests} == {0, 1}  # the one-word topic is not tested
    for t in tests:
        original = TOPICS[t.topic]
        assert t.inserted not in original
        assert sorted(t.words) == sorted([*original, t.inserted])
        if t.kind == "advt_outlier":
            assert zipf_frequency(t.inserted, "en") > 3.0 and wn.synsets(t.inserted, pos="n")
        else:
            assert t.anchor in original
            shared = {s.name() for s in wn.synsets(t.anchor)[:1]} & {s.name() for s in wn.synsets(t.inserted)}
            assert shared, (t.anchor, t.inserted)


def test_tests_from_the_release_file(data_dir, tmp_path):
    path = data_dir / "llm-judgment-reference/data/adversial_test/random_100_topic_words_20ng.csv"
    topics, tests = read_tests(path, ["advt_duplicate"])
    assert len(topics) == 100 and len(tests) == 100
    first = tests[0]
    assert first.anchor == "work" and first.inserted == "labor" and "labor" in first.words
    assert len(first.words) == len(topics[0]) + 1
    bad = tmp_path / "bad.tsv"
    bad.write_text("ID\tTopic words\tAnchor\tsemantically_equivalent_word\n0\tdog cat\tcow\tbovine\n")
    with pytest.raises(InputFormatError, match="line 2"):
        read_tests(bad, ["advt_duplicate"])
