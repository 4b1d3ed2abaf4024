"""Window / document counts against a brute-force count and against gensim's accumulator."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gensim.corpora import Dictionary
from gensim.topic_coherence.text_analysis import WordOccurrenceAccumulator

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError
from topicatlas.metrics import ReferenceCounts


def brute_force(texts, words, window):
    """Röder et al.'s boolean sliding window / boolean document, window by window."""
    n_contexts, occ, co = 0, dict.fromkeys(words, 0), {}
    for doc in texts:
        wins = [doc] if window is None or len(doc) < window else [
            doc[k:k + window] for k in range(len(doc) - window + 1)]
        for win in wins:
            n_contexts += 1
            present = set(win) & set(words)
            for a in present:
                occ[a] += 1
                for b in present:
                    co[a, b] = co.get((a, b), 0) + 1
    return n_contexts, occ, co


def gensim_counts(texts, words, window):
    vocab = sorted({w for d in texts for w in d} | set(words))
    dictionary = Dictionary([vocab])
    ids = {dictionary.token2id[w] for w in words}
    acc = WordOccurrenceAccumulator(ids, dictionary).accumulate(texts, window)
    occ = {w: int(acc[dictionary.token2id[w]]) for w in words}
    co = {(a, b): int(acc[dictionary.token2id[a], dictionary.token2id[b]])
          for a in words for b in words}
    return acc.num_docs, occ, co


def _check(table, expected, words):
    n_contexts, occ, co = expected
    assert table.n_contexts == n_contexts
    for a in words:
        assert table.occurrences[table.index[a]] == occ[a], a
        for b in words:
            assert table.cooccurrences[table.index[a], table.index[b]] == co.get((a, b), 0), (a, b)


def _random_cases(seed, n):
    rng = random.Random(seed)
    vocab = list("abcdefgh")
    for _ in range(n):
        texts = [[rng.choice(vocab) for _ in range(rng.randint(0, 25))]
                 for _ in range(rng.randint(1, 6))]
        window = rng.choice([1, 2, 3, 5, 10, None])
        words = rng.sample(vocab + ["zz"], rng.randint(1, 8))
        split = rng.randint(0, len(words))
        yield texts, window, words, split


def test_exact_windows_equal_brute_force_also_when_counted_incrementally():
    for texts, window, words, split in _random_cases(0, 150):
        counts = ReferenceCounts(texts, windows="exact")
        counts.table(words[:split], window)  # first some words, then the rest
        table = counts.table(words, window)
        _check(table, brute_force(texts, words, window), words)


def test_gensim_windows_equal_gensim_accumulator_also_when_counted_incrementally():
    for texts, window, words, split in _random_cases(1, 150):
        counts = ReferenceCounts(texts, windows="gensim")
        counts.table(words[:split], window)
        table = counts.table(words, window)
        expected = brute_force(texts, words, None) if window is None else gensim_counts(texts, words, window)
        _check(table, expected, words)


def test_gensim_mode_reproduces_gensim_losing_windows_of_repeated_words():
    # windows of 3: "a b a", "b a c", "a c x", "c x y", "x y z" -> 'a' is in 3 windows,
    # but gensim clears 'a' when the first 'a' leaves although the second is still inside
    texts = [["a", "b", "a", "c", "x", "y", "z"]]
    assert ReferenceCounts(texts, windows="exact").table(["a"], 3).occurrences[0] == 3
    assert ReferenceCounts(texts, windows="gensim").table(["a"], 3).occurrences[0] == 1
    assert gensim_counts(texts, ["a"], 3)[1]["a"] == 1


def test_short_and_empty_documents_count_as_one_window_each():
    texts = [[], ["a"], ["a", "b"], ["a", "b", "c", "d"]]
    table = ReferenceCounts(texts).table(["a", "b"], 3)
    assert table.n_contexts == 1 + 1 + 1 + 2 == gensim_counts(texts, ["a"], 3)[0]
    assert table.occurrences.tolist() == [1 + 1 + 1, 1 + 2]


def test_corpus_and_token_lists_give_the_same_counts():
    texts = [["x", "y", "z", "x"], ["z", "w"], ["y", "y", "x"]]
    a = ReferenceCounts(texts).table(["x", "y", "z"], 2)
    b = ReferenceCounts(Corpus.from_tokens(texts)).table(["x", "y", "z"], 2)
    assert np.array_equal(a.cooccurrences, b.cooccurrences) and a.n_contexts == b.n_contexts


def test_word_in_corpus_vocabulary_without_tokens_is_not_in_corpus():
    corpus = Corpus.from_tokens([["x", "y"], ["q"]]).subset([0])  # 'q' stays in the vocab
    counts = ReferenceCounts(corpus)
    assert counts.in_corpus("x") and not counts.in_corpus("q") and not counts.in_corpus("nope")


@pytest.mark.parametrize("texts", [[], iter([])])
def test_empty_reference_corpus_is_a_clear_error(texts):
    with pytest.raises(InputFormatError, match="reference corpus is empty"):
        ReferenceCounts(texts)


def test_string_documents_are_rejected_with_the_fix():
    with pytest.raises(InputFormatError, match=r"document 0 is a string.*split"):
        ReferenceCounts(["a b c", "d e"])
    with pytest.raises(InputFormatError, match="not a string"):
        ReferenceCounts("a b c")


def test_bad_window_size_is_rejected():
    counts = ReferenceCounts([["a", "b"]])
    for bad in (0, -3, 2.5):
        with pytest.raises(InputFormatError, match="window_size"):
            counts.table(["a"], bad)


def test_batched_counting_equals_unbatched(monkeypatch):
    """Tiny pair chunks / document blocks give the same counts."""
    from topicatlas.metrics.coherence import counting

    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(12)]
    texts = [[rng.choice(vocab) for _ in range(rng.randint(0, 40))] for _ in range(30)]
    words = vocab[:9] + ["unseen"]
    for mode in ("gensim", "exact"):
        for window in (4, None):
            expected = ReferenceCounts(texts, windows=mode).table(words, window)
            monkeypatch.setattr(counting, "_PAIR_CHUNK", 5)
            monkeypatch.setattr(counting, "_TOKEN_BLOCK", 7)
            counts = ReferenceCounts(texts, windows=mode)
            counts.table(words[:4], window)
            got = counts.table(words, window)
            monkeypatch.undo()
            assert np.array_equal(got.cooccurrences, expected.cooccurrences)
            assert np.array_equal(got.occurrences, expected.occurrences)
