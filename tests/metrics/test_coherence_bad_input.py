"""Empty / one-word / duplicate / out-of-vocabulary topics and bad parameters."""

from __future__ import annotations

import math

import pytest

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError, UnknownNameError
from topicatlas.metrics import ReferenceCounts, coherence
from topicatlas.metrics.coherence import reference_counts

TEXTS = [["apple", "banana", "fruit", "juice"], ["banana", "fruit", "market"],
         ["car", "engine", "road", "apple"], ["road", "car", "traffic", "fruit"]] * 3


@pytest.mark.parametrize("measure", ["c_v", "c_npmi", "c_uci", "u_mass"])
def test_empty_and_one_word_topics_are_undefined_and_left_out_of_the_mean(measure):
    r = coherence([["apple", "fruit", "banana"], [], ["car"], ["car", "road"]], TEXTS, measure)
    assert math.isnan(r.per_topic[1]) and math.isnan(r.per_topic[2])
    assert r.undefined[1] == "empty topic" and r.undefined[2].startswith("fewer than 2 words")
    assert r.mean == pytest.approx((r.per_topic[0] + r.per_topic[3]) / 2)
    assert r.n_scored == 2 and r.to_dict()["per_topic"][1] is None


def test_oov_policies():
    topics = [["apple", "zebra", "fruit"], ["car", "road"]]
    skip = coherence(topics, TEXTS, "c_npmi", oov="skip")
    assert skip.oov == {0: ["zebra"]} and not skip.undefined
    assert skip.per_topic[0] == pytest.approx(coherence([["apple", "fruit"]], TEXTS, "c_npmi").mean)
    nan = coherence(topics, TEXTS, "c_npmi", oov="nan")
    assert math.isnan(nan.per_topic[0]) and "zebra" in nan.undefined[0]
    assert nan.mean == nan.per_topic[1]  # the NaN topic is reported, not averaged
    with pytest.raises(InputFormatError, match=r"topic 0: 'zebra' not in the reference corpus"):
        coherence(topics, TEXTS, "c_npmi", oov="error")


def test_oov_words_are_skipped_before_truncating_to_topn():
    r = coherence([["zebra", "apple", "fruit", "banana"]], TEXTS, "u_mass", topn=2)
    assert r.per_topic[0] == pytest.approx(coherence([["apple", "fruit"]], TEXTS, "u_mass").mean)


def test_topic_of_only_unknown_words_is_undefined():
    r = coherence([["zebra", "lion"], ["car", "road"]], TEXTS, "c_v")
    assert math.isnan(r.per_topic[0]) and "after skipping" in r.undefined[0]
    assert r.mean == r.per_topic[1]


def test_all_topics_undefined_gives_nan_mean_with_reasons():
    r = coherence([["zebra"], []], TEXTS, "c_v")
    assert math.isnan(r.mean) and set(r.undefined) == {0, 1}


def test_duplicate_policies():
    topics = [["apple", "fruit", "apple", "banana"]]
    keep = coherence(topics, TEXTS, "c_npmi", duplicates="keep")
    drop = coherence(topics, TEXTS, "c_npmi", duplicates="drop")
    assert drop.per_topic[0] == pytest.approx(
        coherence([["apple", "fruit", "banana"]], TEXTS, "c_npmi").mean)
    assert keep.per_topic[0] != pytest.approx(drop.per_topic[0])  # self-pairs count under keep
    with pytest.raises(InputFormatError, match=r"topic 0: the word 'apple' appears twice"):
        coherence(topics, TEXTS, "c_npmi", duplicates="error")


def test_empty_reference_corpus_and_no_topics_are_errors():
    with pytest.raises(InputFormatError, match="reference corpus is empty"):
        coherence([["a", "b"]], [], "c_v")
    with pytest.raises(InputFormatError, match="no topics"):
        coherence([], TEXTS, "c_v")


def test_reference_of_empty_documents_makes_every_word_oov():
    r = coherence([["a", "b"]], [[], []], "c_npmi")
    assert math.isnan(r.mean) and r.oov == {0: ["a", "b"]}


def test_unknown_measure_suggests_the_right_one():
    with pytest.raises(UnknownNameError, match="c_npmi"):
        coherence([["apple", "fruit"]], TEXTS, "c_nmpi")


def test_invalid_parameter_combinations():
    with pytest.raises(InputFormatError, match="one_set"):
        coherence([["apple", "fruit"]], TEXTS, "c_npmi", segmentation="one_set")
    with pytest.raises(InputFormatError, match="topn"):
        coherence([["apple", "fruit"]], TEXTS, "c_v", topn=0)
    with pytest.raises(InputFormatError, match="oov"):
        coherence([["apple", "fruit"]], TEXTS, "c_v", oov="ignore")
    with pytest.raises(InputFormatError, match="windows"):
        coherence([["apple", "fruit"]], TEXTS, "c_v", windows="sloppy")


def test_string_topics_are_split_on_whitespace():
    assert coherence(["apple fruit banana"], TEXTS, "u_mass").mean == pytest.approx(
        coherence([["apple", "fruit", "banana"]], TEXTS, "u_mass").mean)


def test_counts_are_cached_per_corpus_object_and_reused():
    corpus = Corpus.from_tokens(TEXTS)
    assert reference_counts(corpus) is reference_counts(corpus)
    counts = reference_counts(corpus)
    coherence([["apple", "fruit"]], corpus, "c_v")
    coherence([["car", "road"]], corpus, "c_v")
    assert set(counts._tables[110].words) == {"apple", "fruit", "car", "road"}


def test_exact_windows_are_an_option_and_differ_only_where_words_repeat():
    texts = [["a", "b", "a", "c", "x", "y", "z", "b", "c"]] * 2
    exact = coherence([["a", "c"]], ReferenceCounts(texts, windows="exact"), "c_npmi", window_size=3)
    gensim = coherence([["a", "c"]], texts, "c_npmi", window_size=3)
    assert exact.settings["windows"] == "exact" and gensim.settings["windows"] == "gensim"
    assert exact.mean != pytest.approx(gensim.mean)
    with pytest.raises(InputFormatError, match="windows='exact'"):
        coherence([["a", "c"]], ReferenceCounts(texts, windows="exact"), "c_v", windows="gensim")


def test_roder_parameters_change_the_value_as_defined():
    # u_mass segmentation with NPMI confirmation equals c_npmi on one_pre pairs
    topics = [["apple", "fruit", "banana", "juice"]]
    custom = coherence(topics, TEXTS, "u_mass", window_size=10, confirmation="npmi")
    one_one = coherence(topics, TEXTS, "c_npmi")  # symmetric NPMI: same mean over pairs
    assert custom.mean == pytest.approx(one_one.mean)
    bigger_eps = coherence(topics, TEXTS, "c_uci", epsilon=1.0)
    assert bigger_eps.mean != pytest.approx(coherence(topics, TEXTS, "c_uci").mean)
