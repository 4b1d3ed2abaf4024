"""Input adapters, each with a real (tiny) fitted model."""

from __future__ import annotations

import numpy as np
import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError
from topicatlas.evaluate.inputs import TopicSet, collect_topic_sets, to_topic_set

THEMES = {
    "sport": "game team season player league coach win match goal score cup club".split(),
    "money": "market share price stock bank rate investor profit company sale growth trade".split(),
    "music": "film music star award show actor movie band album song singer concert".split(),
}
ALL_WORDS = {w for words in THEMES.values() for w in words}


def _check(ts: TopicSet, k: int, n: int = 10) -> None:
    assert ts.n_topics == k
    assert all(len(t) == n for t in ts.topics)
    assert all(set(t) <= ALL_WORDS for t in ts.topics)
    # the three themes are separable: some topic is mostly sport words
    assert any(len(set(t) & set(THEMES["sport"])) >= 7 for t in ts.topics)


def test_topics_file_plain_and_tsv(tmp_path):
    plain = tmp_path / "lda.txt"
    plain.write_text("game team season\n# comment\nmarket share price\n", encoding="utf-8")
    tsv = tmp_path / "bert.tsv"
    tsv.write_text("ID\tTopic words\n0\tfilm music star\n1\tbank rate stock\n", encoding="utf-8")
    a, b = collect_topic_sets([plain, tsv])
    assert (a.name, a.topics) == ("lda", [["game", "team", "season"], ["market", "share", "price"]])
    assert (b.name, b.topics[1]) == ("bert", ["bank", "rate", "stock"])
    assert a.source.startswith("topics file")


def test_inconsistent_lengths_are_reported_by_topic(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("a b c d\ne f g h\ni j\nk l m n\n", encoding="utf-8")
    (ts,) = collect_topic_sets(f)
    assert len(ts.notes) == 1
    assert "inconsistent lengths" in ts.notes[0] and "topic 2 has 2" in ts.notes[0]
    assert str(f) in ts.notes[0]


def test_missing_file_names_it(tmp_path):
    with pytest.raises(DataNotFoundError, match="nope.txt"):
        collect_topic_sets(tmp_path / "nope.txt")


def test_gensim_lda(tiny_tokens):
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    d = Dictionary(tiny_tokens)
    bow = [d.doc2bow(t) for t in tiny_tokens]
    lda = LdaModel(bow, id2word=d, num_topics=3, passes=10, random_state=1)
    (ts,) = to_topic_set(lda)
    _check(ts, 3)
    assert ts.name == "LdaModel" and ts.topic_word.shape == (3, len(d))
    assert ts.vocab[int(np.argmax(ts.topic_word[0]))] == ts.topics[0][0]


def test_sklearn_nmf_tuple_and_pipeline(tiny_docs):
    from sklearn.decomposition import NMF, LatentDirichletAllocation
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.pipeline import make_pipeline

    vec = CountVectorizer()
    x = vec.fit_transform(tiny_docs)
    nmf = NMF(n_components=3, random_state=0, max_iter=400).fit(x)
    (ts,) = to_topic_set((nmf, vec), name="nmf")
    _check(ts, 3)
    assert ts.topic_word.shape == (3, len(vec.vocabulary_))

    pipe = make_pipeline(CountVectorizer(), LatentDirichletAllocation(3, random_state=0))
    pipe.fit(tiny_docs)
    (ts2,) = to_topic_set(pipe)
    _check(ts2, 3)
    assert ts2.name == "LatentDirichletAllocation"


def test_sklearn_errors(tiny_docs):
    from sklearn.decomposition import NMF
    from sklearn.feature_extraction.text import CountVectorizer

    vec = CountVectorizer().fit(tiny_docs)
    with pytest.raises(InputFormatError, match="not fitted"):
        to_topic_set((NMF(n_components=2), vec))
    nmf = NMF(n_components=2, random_state=0, max_iter=300).fit(vec.transform(tiny_docs))
    with pytest.raises(InputFormatError, match="needs its vectorizer"):
        to_topic_set(nmf)
    other = CountVectorizer().fit(["alpha beta", "gamma"])
    with pytest.raises(InputFormatError, match="vectorizer"):
        to_topic_set((nmf, other))


def test_tomotopy_lda(tiny_tokens):
    import tomotopy as tp

    mdl = tp.LDAModel(k=3, seed=1)
    for doc in tiny_tokens:
        mdl.add_doc(doc)
    mdl.train(200, workers=1)
    (ts,) = to_topic_set(mdl, name="tomo")
    _check(ts, 3)
    assert ts.topic_word.shape == (3, len(mdl.used_vocabs))


def test_bertopic(tiny_docs):
    from bertopic import BERTopic
    from sklearn.cluster import KMeans
    from sklearn.decomposition import PCA, TruncatedSVD
    from sklearn.feature_extraction.text import TfidfVectorizer

    # Document embeddings from TF-IDF + SVD (no sentence encoder needed for a tiny fit);
    # PCA and KMeans replace UMAP/HDBSCAN so the fit is deterministic.
    emb = TruncatedSVD(8, random_state=0).fit_transform(TfidfVectorizer().fit_transform(tiny_docs))
    model = BERTopic(umap_model=PCA(n_components=3), hdbscan_model=KMeans(3, random_state=0,
                                                                          n_init=10))
    model.fit(tiny_docs, embeddings=emb)
    (ts,) = to_topic_set(model)
    _check(ts, 3)
    assert ts.name == "BERTopic"


def test_octis_dict_npz_and_folder(tmp_path):
    out = {"topics": [["game", "team"], ["bank", "rate"]],
           "topic-word-matrix": np.ones((2, 5)) / 5,
           "topic-document-matrix": np.ones((2, 4)) / 2}
    (ts,) = to_topic_set(out, name="octis-lda")
    assert ts.topics == out["topics"] and ts.doc_topic.shape == (4, 2)
    np.savez_compressed(tmp_path / "run1.npz", **out)
    (ts2,) = to_topic_set(tmp_path / "run1.npz")
    assert ts2.name == "run1" and ts2.topics == out["topics"]
    folder = tmp_path / "octis"
    folder.mkdir()
    np.savez_compressed(folder / "a.npz", **out)
    np.savez_compressed(folder / "b.npz", **out)
    sets = collect_topic_sets(folder)
    assert [s.name for s in sets] == ["octis/a", "octis/b"]
    with pytest.raises(InputFormatError, match="'topics' entry"):
        to_topic_set({"topic-word-matrix": np.ones((2, 2))})


def test_saved_topicatlas_output(tmp_path):
    from topicatlas.models.output import TopicModelOutput

    tw = np.array([[0.5, 0.3, 0.2, 0.0], [0.0, 0.1, 0.2, 0.7]])
    out = TopicModelOutput(model="lda", topics=[["game", "team", "goal"], ["bank", "goal", "team"]],
                           topic_word=tw, doc_topic=np.full((3, 2), 0.5),
                           vocab=["game", "team", "goal", "bank"])
    folder = out.save(tmp_path / "lda-run")
    (ts,) = to_topic_set(folder)
    assert ts.name == "lda-run" and ts.topics == out.topics
    assert ts.vocab == out.vocab and ts.doc_topic.shape == (3, 2)
    (ts2,) = to_topic_set(out)
    assert ts2.name == "lda" and ts2.topics == out.topics


def test_several_models_and_unique_names():
    sets = collect_topic_sets([[["a", "b"]], [["c", "d"]]])
    assert [s.name for s in sets] == ["topics", "topics-2"]
    sets = collect_topic_sets({"x": [["a", "b"]], "y": [["c", "d"]]})
    assert [s.name for s in sets] == ["x", "y"]
    # one list of topics is ONE model
    (single,) = collect_topic_sets([["a", "b"], ["c", "d"]])
    assert single.n_topics == 2


def test_unknown_object_is_explained():
    with pytest.raises(InputFormatError, match="cannot evaluate"):
        to_topic_set(object())


def test_inconsistent_lengths_without_a_majority(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("a b c\nd e\n", encoding="utf-8")
    (ts,) = collect_topic_sets(f)
    assert "inconsistent lengths (topic 0 has 3, topic 1 has 2)" in ts.notes[0]


def test_several_fitted_models_in_one_evaluation(tiny_docs, tiny_tokens):
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel
    from sklearn.decomposition import NMF
    from sklearn.feature_extraction.text import CountVectorizer

    from topicatlas.evaluate import evaluate

    d = Dictionary(tiny_tokens)
    lda = LdaModel([d.doc2bow(t) for t in tiny_tokens], id2word=d, num_topics=3, passes=10,
                   random_state=1)
    vec = CountVectorizer()
    nmf = NMF(n_components=3, random_state=0, max_iter=400).fit(vec.fit_transform(tiny_docs))
    r = evaluate({"gensim-lda": lda, "nmf": (nmf, vec)}, corpus=tiny_tokens, skip=["simrel"],
                 progress=False)
    assert list(r.summary.index) == ["gensim-lda", "nmf"]
    assert len(r.topics) == 6 and r.topics["c_v"].notna().all()
    assert r.corpus == "token lists"
    assert r.axes["simrel"].reason == "skipped on request"
