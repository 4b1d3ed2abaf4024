"""Conformance checks every registered topic model must pass (in the style of
scikit-learn's ``check_estimator``).

``check_topic_model(name)`` fits the model on small corpora and checks the contract of
:class:`~topicatlas.models.output.TopicModelOutput`:

* ``contract`` -- shapes (K x V, D x K; exactly K topics unless the model chooses its own
  number, then 1..K), rows are distributions, no NaN, top words in the vocabulary, at most
  ``top_n`` words per topic, settings recorded, collapse flags present;
* ``determinism`` -- the same seed gives the same topics and matrices;
* ``large_k`` -- K equal to the number of documents still gives a valid output;
* ``tiny_corpus`` -- a corpus of 4 documents and K = 2;
* ``single_word_documents`` -- every document a single word;
* ``empty_documents`` -- a corpus with two empty documents (their doc-topic rows must still
  be distributions);
* ``save_load`` -- the npz + JSON folder and the OCTIS dict round-trip exactly;
* ``bad_input`` -- K larger than the corpus and an empty vocabulary raise
  :class:`~topicatlas.errors.InputFormatError`.

On ``tiny_corpus`` and ``single_word_documents`` a model may instead refuse with a
:class:`~topicatlas.errors.TopicAtlasError` whose message explains why (BERTopic cannot
cluster four documents); any other exception fails the check.

A user's own adapter: register it in :data:`topicatlas.models.MODELS` with the metadata
described in :mod:`topicatlas.models.zoo`, then call ``check_topic_model("my-model")``.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError, TopicAtlasError
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.output import TopicModelOutput, load_output
from topicatlas.models.zoo import MODELS, fit_model


@dataclass
class CheckResult:
    check: str
    passed: bool
    message: str = ""


@dataclass
class _Ctx:
    name: str
    corpus: Corpus
    params: dict[str, Any]
    n_topics: int
    seed: int
    first: TopicModelOutput | None = None

    def fit(self, corpus: Corpus | None = None, n_topics: int | None = None) -> TopicModelOutput:
        return fit_model(self.name, corpus if corpus is not None else self.corpus,
                         n_topics or self.n_topics, self.seed, **self.params)

    def output(self) -> TopicModelOutput:
        if self.first is None:
            self.first = self.fit()
        return self.first


def _assert_valid(out: TopicModelOutput, corpus: Corpus, n_topics: int, fixed_k: bool,
                  top_n: int = 10) -> None:
    out.validate()
    k = out.n_topics
    if fixed_k:
        assert k == n_topics, f"asked for {n_topics} topics, got {k}"
    else:
        assert 1 <= k <= n_topics, f"asked for at most {n_topics} topics, got {k}"
    assert out.topic_word.shape == (k, len(corpus.vocab)), f"topic_word shape {out.topic_word.shape}"
    assert out.doc_topic.shape == (len(corpus), k), f"doc_topic shape {out.doc_topic.shape}"
    assert out.vocab == corpus.vocab.words, "vocabulary differs from the corpus's"
    assert all(len(t) <= top_n for t in out.topics), "a topic lists more than top_n words"
    for t, row in zip(out.topics, out.topic_word, strict=True):
        index = {w: i for i, w in enumerate(out.vocab)}
        probs = [row[index[w]] for w in t]
        assert all(p > 0 for p in probs), "a listed top word has zero probability"
    assert "collapse" in out.info and "diversity" in out.info["collapse"], "no collapse flags"
    assert out.settings.get("seed") is not None and out.settings.get("n_topics") == n_topics


def _check_contract(ctx: _Ctx) -> None:
    _assert_valid(ctx.output(), ctx.corpus, ctx.n_topics, MODELS.meta(ctx.name)["fixed_k"])


def _check_determinism(ctx: _Ctx) -> None:
    a, b = ctx.output(), ctx.fit()
    assert a.topics == b.topics, f"same seed, different topics: {a.topics[0]} vs {b.topics[0]}"
    np.testing.assert_allclose(a.topic_word, b.topic_word, rtol=1e-6, atol=1e-9,
                               err_msg="same seed, different topic_word")
    np.testing.assert_allclose(a.doc_topic, b.doc_topic, rtol=1e-6, atol=1e-9,
                               err_msg="same seed, different doc_topic")


def _check_large_k(ctx: _Ctx) -> None:
    corpus = ctx.corpus.subset(range(min(len(ctx.corpus), 12)), name="large-k")
    k = int((corpus.lengths > 0).sum())
    out = _fit_or_refuse(ctx, corpus, k)
    if out is not None:
        _assert_valid(out, corpus, k, MODELS.meta(ctx.name)["fixed_k"])


def _check_tiny_corpus(ctx: _Ctx) -> None:
    nonempty = np.flatnonzero(ctx.corpus.lengths > 0)
    corpus = ctx.corpus.subset(nonempty[:4], name="tiny")
    out = _fit_or_refuse(ctx, corpus, 2)
    if out is not None:
        _assert_valid(out, corpus, 2, MODELS.meta(ctx.name)["fixed_k"])


def _check_single_word_documents(ctx: _Ctx) -> None:
    counts = np.asarray(ctx.corpus.dtm.sum(axis=0)).ravel()
    words = [ctx.corpus.vocab.words[i] for i in np.argsort(-counts, kind="stable")[:6]]
    docs = [[w] for w in words for _ in range(2)]
    corpus = Corpus.from_tokens(docs, name="single-word", texts=[d[0] for d in docs])
    out = _fit_or_refuse(ctx, corpus, 2)
    if out is not None:
        _assert_valid(out, corpus, 2, MODELS.meta(ctx.name)["fixed_k"])


def _check_empty_documents(ctx: _Ctx) -> None:
    tokens = list(ctx.corpus.tokens[:10])
    texts = list(ctx.corpus.texts[:10]) if ctx.corpus.texts is not None else None
    tokens[3:3] = [[], []]
    if texts is not None:
        texts[3:3] = ["", ""]
    corpus = Corpus.from_tokens(tokens, name="with-empty", vocab=ctx.corpus.vocab, texts=texts)
    out = _fit_or_refuse(ctx, corpus, 3)
    if out is not None:
        _assert_valid(out, corpus, 3, MODELS.meta(ctx.name)["fixed_k"])


def _fit_or_refuse(ctx: _Ctx, corpus: Corpus, k: int) -> TopicModelOutput | None:
    try:
        return ctx.fit(corpus, k)
    except TopicAtlasError as exc:
        assert str(exc).strip(), "refused with an empty error message"
        return None


def _check_save_load(ctx: _Ctx) -> None:
    out = ctx.output()
    with tempfile.TemporaryDirectory() as tmp:
        back = load_output(out.save(tmp))
    assert back.topics == out.topics and back.vocab == out.vocab
    assert back.model == out.model and back.seed == out.seed and back.settings == out.settings
    np.testing.assert_array_equal(back.topic_word, out.topic_word)
    np.testing.assert_array_equal(back.doc_topic, out.doc_topic)
    octis = out.to_octis()
    assert octis["topic-document-matrix"].shape == (out.n_topics, out.n_docs)
    again = TopicModelOutput.from_octis(octis, out.vocab)
    assert again.topics == out.topics
    np.testing.assert_allclose(again.topic_word, out.topic_word, rtol=1e-12)
    np.testing.assert_allclose(again.doc_topic, out.doc_topic, rtol=1e-12)


def _check_bad_input(ctx: _Ctx) -> None:
    small = ctx.corpus.subset(range(3), name="three-docs")
    try:
        ctx.fit(small, 5)
    except InputFormatError as exc:
        assert "5 topics" in str(exc), str(exc)
    else:
        raise AssertionError("K larger than the number of documents was accepted")
    empty = Corpus.from_tokens([[], [], []], name="empty")
    try:
        ctx.fit(empty, 2)
    except InputFormatError as exc:
        assert "empty vocabulary" in str(exc), str(exc)
    else:
        raise AssertionError("an empty vocabulary was accepted")


CHECKS: dict[str, Callable[[_Ctx], None]] = {
    "contract": _check_contract,
    "determinism": _check_determinism,
    "large_k": _check_large_k,
    "tiny_corpus": _check_tiny_corpus,
    "single_word_documents": _check_single_word_documents,
    "empty_documents": _check_empty_documents,
    "save_load": _check_save_load,
    "bad_input": _check_bad_input,
}


def check_topic_model(
    name: str,
    corpus: Corpus | None = None,
    *,
    params: dict[str, Any] | None = None,
    n_topics: int = 4,
    seed: int = 0,
    checks: list[str] | None = None,
    raise_on_failure: bool = True,
) -> list[CheckResult]:
    """Run the conformance checks (all, or those named in ``checks``) on model ``name``.

    ``corpus`` defaults to the built-in 40-document corpus; ``params`` default to the
    model's registered ``fast_params`` (few epochs/iterations). Returns one
    :class:`CheckResult` per check; with ``raise_on_failure`` an ``AssertionError`` lists
    every failed check.
    """
    entry = MODELS.entry(name)
    if params is None:
        params = dict(entry.meta.get("fast_params", {}))
    ctx = _Ctx(entry.name, corpus if corpus is not None else check_corpus(), params, n_topics, seed)
    results = []
    for check in checks or list(CHECKS):
        if check not in CHECKS:
            raise KeyError(f"unknown check {check!r}; known: {', '.join(CHECKS)}")
        try:
            CHECKS[check](ctx)
            results.append(CheckResult(check, True))
        except Exception as exc:  # noqa: BLE001 - every failure is reported, not just the first
            results.append(CheckResult(check, False, f"{type(exc).__name__}: {exc}"))
    failed = [r for r in results if not r.passed]
    if failed and raise_on_failure:
        raise AssertionError(f"topic model {entry.name!r} failed {len(failed)} check(s):\n"
                             + "\n".join(f"  {r.check}: {r.message}" for r in failed))
    return results
