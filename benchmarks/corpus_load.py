"""Corpus loading speed: topicatlas vs scikit-learn's CountVectorizer on 20 Newsgroups.

Measures, in one run on the same machine:
  * reading the 20news-bydate archive (headers/footers/quotes stripped),
  * preprocessing all 18,846 posts with the standard preset (topicatlas) and with a
    CountVectorizer configured to the same definition (reference; identical
    vocabulary, see tests/corpus/test_preprocess.py),
  * a cached second load_corpus("20ng").
Prints the Table-17 statistics of every registered corpus at the end.

    TOPICATLAS_DATA=../shared/data .venv/bin/python benchmarks/corpus_load.py
"""

from __future__ import annotations

import os
import tempfile
import time


def main() -> None:
    os.environ.setdefault("TOPICATLAS_CACHE", tempfile.mkdtemp(prefix="topicatlas-bench-"))
    from sklearn.feature_extraction.text import CountVectorizer

    from topicatlas.config import data_dir
    from topicatlas.corpus import DATASETS, Preprocessing, load_corpus
    from topicatlas.corpus.loaders.newsgroups import read_20newsgroups
    from topicatlas.corpus.preprocess import preprocess
    from topicatlas.corpus.stopwords import stopword_set

    t = time.perf_counter()
    raw = read_20newsgroups(data_dir())
    t_read = time.perf_counter() - t
    prep = Preprocessing()
    t = time.perf_counter()
    ours = preprocess(raw.texts, prep)
    t_ours = time.perf_counter() - t
    cv = CountVectorizer(lowercase=True, token_pattern=r"[^\W\d_]{3,}",
                         stop_words=sorted(stopword_set("english")), min_df=prep.min_df,
                         max_df=prep.max_df)
    t = time.perf_counter()
    cv.fit_transform(raw.texts)
    t_ref = time.perf_counter() - t
    assert ours.words == sorted(cv.vocabulary_), "vocabularies differ"
    load_corpus("20ng")  # build the cache entry
    t = time.perf_counter()
    c = load_corpus("20ng")
    t_cached = time.perf_counter() - t
    assert c.info["cache"] == "hit"
    print(f"20ng read archive ({len(raw):,} posts):   {t_read:6.2f} s")
    print(f"20ng preprocess, topicatlas:           {t_ours:6.2f} s")
    print(f"20ng preprocess, sklearn CountVectorizer: {t_ref:6.2f} s  (ratio ours/ref {t_ours / t_ref:.2f})")
    print(f"20ng cached load_corpus:               {t_cached:6.3f} s")
    print()
    print(f"{'name':<11}{'documents':>10}{'avg_tokens':>11}{'vocab':>8}{'labels':>7}{'read':>8}{'dropped':>8}")
    for name in DATASETS.names():
        c = load_corpus(name)
        s = c.stats()
        print(f"{name:<11}{s['documents']:>10,}{s['avg_tokens']:>11}{s['vocab_size']:>8,}"
              f"{s['n_labels']:>7}{c.info['raw_documents']:>8,}{c.info['dropped_empty']:>8,}")


if __name__ == "__main__":
    main()
