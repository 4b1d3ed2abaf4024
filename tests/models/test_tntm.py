"""TNTM (models/tntm.py): Gaussian topics in a reduced contextual embedding space."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from scipy.stats import multivariate_normal

from topicatlas.corpus import Corpus
from topicatlas.errors import TopicAtlasError
from topicatlas.models import fit_model
from topicatlas.models.base import seeded
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.tntm import _build, fit_tntm

THEMES = np.repeat(np.arange(4), 10)  # the check corpus: 4 themes x 10 documents, in order


def test_topic_log_likelihood_is_the_gaussian_log_density() -> None:
    rng = np.random.default_rng(0)
    emb = rng.normal(size=(9, 3))
    means = rng.normal(size=(2, 3))
    chol = np.stack([np.linalg.cholesky(np.cov(rng.normal(size=(3, 20)))) for _ in range(2)])
    net = _build(9, 9, 2, "bow", 8, 1, 0.0, emb, means, chol)
    with torch.no_grad():
        got = net.log_beta().numpy()
    for k in range(2):
        cov = chol[k] @ chol[k].T + 1e-4 * np.eye(3)  # + exp(log_diag), log_diag = log 1e-4
        np.testing.assert_allclose(got[k], multivariate_normal(means[k], cov).logpdf(emb),
                                   rtol=1e-6)


@pytest.fixture(scope="module")
def fit():  # noqa: ANN201
    with seeded(0):
        return fit_tntm(check_corpus(), 4, 0, epochs=20)


def test_tntm_topics_follow_the_themes(fit) -> None:  # noqa: ANN001
    words = check_corpus().vocab.words
    tops = [{words[i] for i in np.argsort(-row)[:10]} for row in fit.topic_word]
    cooking = {"bake", "garlic", "onions", "sauce", "simmer", "bread", "pasta", "fry", "eggs",
               "butter", "sugar", "salt", "tomato", "cheese", "dough", "knead", "stir", "chop"}
    football = {"match", "club", "goal", "league", "team", "cup", "striker", "referee", "final",
                "penalty", "scored", "game"}
    assert any(len(t & cooking) >= 5 for t in tops)
    assert any(len(t & football) >= 5 for t in tops)
    np.testing.assert_allclose(fit.topic_word.sum(1), 1.0)


def test_early_stopping_state_is_reported(fit) -> None:  # noqa: ANN001
    assert fit.info["early_stopping"] in ("did not trigger",) or \
        fit.info["early_stopping"].startswith("stopped at epoch")
    with seeded(0):
        off = fit_tntm(check_corpus(), 2, 0, epochs=2, validation_fraction=0.0)
    assert off.info["early_stopping"] == "off (no validation documents)"


def test_sentence_inputs_variant_runs() -> None:
    out = fit_model("tntm", check_corpus(), 3, 0, epochs=2, inputs="sentence")
    assert out.settings["params"]["inputs"] == "sentence" and out.n_topics == 3


def test_too_small_vocabulary_is_refused_with_the_limit() -> None:
    corpus = Corpus.from_tokens([["cake", "bread"], ["goal", "match"], ["bank", "shares"]] * 2,
                                name="six-words")
    with pytest.raises(TopicAtlasError, match="n_dims=11"):
        fit_model("tntm", corpus, 2, 0, epochs=1)

