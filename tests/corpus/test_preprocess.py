"""The preprocessing pipeline: every setting changes the output the way its docstring says."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.corpus import Preprocessing, load_corpus, tokenize
from topicatlas.corpus.preprocess import preprocess
from topicatlas.corpus.stopwords import stopword_identity, stopword_set
from topicatlas.errors import TopicAtlasError

NONE = Preprocessing.none()


def words_of(texts, **kw):
    tok = preprocess(texts, Preprocessing(**kw))
    return tok


def test_tokenize_lowercases_and_splits_at_punctuation_and_digits():
    prep = Preprocessing(stopwords=None, min_token_len=1)
    assert tokenize("Don't e-mail MP3s to O'Neil, 2024!", prep) == \
        ["don", "t", "e", "mail", "mp", "s", "to", "o", "neil"]


def test_tokenize_keep_digits_and_punctuation_switches():
    keep_digits = Preprocessing(stopwords=None, min_token_len=1, remove_digits=False)
    assert tokenize("MP3 in 2024.", keep_digits) == ["mp3", "in", "2024"]
    keep_punct = Preprocessing(stopwords=None, min_token_len=1, remove_punctuation=False,
                               remove_digits=False, lowercase=False)
    assert tokenize("Don't e-mail, OK?", keep_punct) == ["Don't", "e-mail,", "OK?"]
    digits_only = Preprocessing(stopwords=None, min_token_len=1, remove_punctuation=False)
    assert tokenize("a1b c-3d", digits_only) == ["a", "b", "c-", "d"]


def test_tokenize_unicode_letters_survive():
    prep = Preprocessing(stopwords=None, min_token_len=1)
    assert tokenize("Café naïve £15 — Zürich", prep) == ["café", "naïve", "zürich"]


def test_stopwords_and_min_token_len():
    prep = Preprocessing(min_token_len=3)
    assert tokenize("The cat and the ox sat on a mat; don't they?", prep) == ["cat", "sat", "mat"]
    prep2 = Preprocessing(min_token_len=2)
    assert tokenize("The cat and the ox", prep2) == ["cat", "ox"]
    prep3 = Preprocessing(stopwords=None, min_token_len=1, extra_stopwords=("cat",))
    assert tokenize("the cat", prep3) == ["the"]


def test_bundled_stopword_list_identity():
    words = stopword_set("english")
    assert len(words) == 337
    assert {"the", "and", "don", "isn", "ve"} <= words
    assert "government" not in words
    ident = stopword_identity("english")
    assert ident.startswith("english:337:sha256:")
    assert stopword_identity("english", ("foo",)) != ident
    assert stopword_identity(None) .startswith("none:0:")


def test_stopword_file(tmp_path):
    f = tmp_path / "mine.txt"
    f.write_text("# my list\nCat\n\ndog\n", encoding="utf-8")
    assert stopword_set(str(f)) == {"cat", "dog"}
    assert tokenize("cat and dog and bird", Preprocessing(stopwords=str(f), min_token_len=1)) == \
        ["and", "and", "bird"]
    with pytest.raises(TopicAtlasError, match="neither a bundled list"):
        stopword_set(str(tmp_path / "missing.txt"))


DOCS = [
    "apple banana cherry",
    "apple banana",
    "apple cherry date",
    "apple elder",
    "zzz",  # only a rare word: becomes empty under min_df=2
]


def test_min_df_count_and_fraction():
    base = dict(stopwords=None, min_token_len=1, max_df=1.0)
    tok = preprocess(DOCS, Preprocessing(min_df=2, **base))
    assert tok.words == ["apple", "banana", "cherry"]  # sorted; date/elder/zzz are in 1 doc
    assert tok.info["dropped_empty"] == 1 and tok.kept.tolist() == [0, 1, 2, 3]
    frac = preprocess(DOCS, Preprocessing(min_df=0.4, **base))  # 0.4 * 5 docs = 2 docs
    assert frac.words == tok.words


def test_max_df_count_and_fraction():
    base = dict(stopwords=None, min_token_len=1, min_df=1)
    tok = preprocess(DOCS, Preprocessing(max_df=3, **base))  # apple is in 4 documents
    assert "apple" not in tok.words and "banana" in tok.words
    assert preprocess(DOCS, Preprocessing(max_df=0.6, **base)).words == tok.words
    assert "apple" in preprocess(DOCS, Preprocessing(max_df=0.8, **base)).words


def test_max_vocab_keeps_most_frequent_ties_alphabetical():
    tok = preprocess(DOCS, Preprocessing(stopwords=None, min_token_len=1, min_df=1, max_df=1.0,
                                         max_vocab=2))
    # counts: apple 4, banana 2, cherry 2 -> apple + banana (alphabetical tie-break)
    assert tok.words == ["apple", "banana"]


def test_min_doc_tokens_drops_short_documents_and_counts_them():
    tok = preprocess(DOCS, Preprocessing(stopwords=None, min_token_len=1, min_df=1, max_df=1.0,
                                         min_doc_tokens=3))
    assert tok.kept.tolist() == [0, 2]
    assert tok.info["dropped_short"] == 3 and tok.info["dropped_empty"] == 0
    # words that only occurred in dropped documents leave the vocabulary
    assert tok.words == ["apple", "banana", "cherry", "date"]


def test_token_ids_offsets_roundtrip():
    tok = preprocess(DOCS, Preprocessing.none())
    docs = [[tok.words[i] for i in tok.token_ids[tok.offsets[d]:tok.offsets[d + 1]]]
            for d in range(len(tok.kept))]
    assert docs == [d.split() for d in DOCS]


def test_none_preset_keeps_tokens_as_given():
    c = load_corpus(["Hello, World!  x", "A-b c3"], preprocess="none", cache=False)
    assert c.tokens == [["Hello,", "World!", "x"], ["A-b", "c3"]]
    assert c.settings["preprocess"] == "none" and c.settings["stopwords"] is None


def test_settings_recorded_with_the_corpus():
    c = load_corpus(["red apples fall", "green apples grow"], preprocess="standard", min_df=1,
                    max_df=1.0, cache=False)
    s = c.settings
    for key in ("lowercase", "remove_punctuation", "remove_digits", "stopwords", "min_token_len",
                "min_df", "max_df", "max_vocab", "min_doc_tokens", "info_stopwords"):
        assert key in s
    assert s["min_df"] == 1 and s["max_df"] == 1.0
    assert s["stopword_list"].startswith("english:337:")
    assert c.vocab.words == ["apples", "fall", "green", "grow", "red"]


def test_empty_documents_dropped_and_counted():
    c = load_corpus(["the and of", "real words here", "12345 !!!", "words again"],
                    min_df=1, max_df=1.0, cache=False)
    assert len(c) == 2 and c.info["dropped_empty"] == 2 and c.info["raw_documents"] == 4
    assert c.texts == ["real words here", "words again"]


def test_dtm_matches_tokens():
    c = load_corpus("sample")
    dense = c.dtm.toarray()
    assert dense.sum() == len(c.token_ids)
    d = 7
    expect = np.bincount(c.doc_ids(d), minlength=len(c.vocab))
    assert (dense[d] == expect).all()


@pytest.mark.parametrize("bad", [dict(min_df=-1), dict(max_df=1.5), dict(info_stopwords=1.0),
                                 dict(max_vocab=0)])
def test_invalid_settings_are_clear_errors(bad):
    with pytest.raises(TopicAtlasError):
        Preprocessing(**bad)


def test_parity_with_scikit_learn_countvectorizer(data_dir):
    """Same vocabulary and counts as CountVectorizer configured to the same definition."""
    text = pytest.importorskip("sklearn.feature_extraction.text")
    from topicatlas.corpus.loaders.newsgroups import read_20newsgroups

    raw = read_20newsgroups(data_dir, limit=1500)
    prep = Preprocessing(min_df=3, max_df=0.4)
    ours = load_corpus(raw.texts, preprocess=prep, cache=False)
    cv = text.CountVectorizer(lowercase=True, token_pattern=r"[^\W\d_]{3,}",
                              stop_words=sorted(stopword_set("english")), min_df=3, max_df=0.4)
    x = cv.fit_transform(raw.texts)
    assert ours.vocab.words == sorted(cv.vocabulary_)
    nonempty = np.flatnonzero(np.asarray(x.sum(axis=1)).ravel() > 0)
    assert len(ours) == len(nonempty) and ours.info["dropped_empty"] == len(raw) - len(nonempty)
    order = [cv.vocabulary_[w] for w in ours.vocab.words]
    assert (ours.dtm != x[nonempty][:, order]).nnz == 0
