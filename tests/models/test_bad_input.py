"""Bad input: K above the corpus size, empty vocabulary, missing dependency, divergence."""

from __future__ import annotations

import pytest

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError, NotInstalledError, UnknownNameError
from topicatlas.models import MODELS, TrainingDivergedError, fit_model
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.zoo import get_fit_function, model_info


def test_corpus_smaller_than_k_names_the_fix() -> None:
    corpus = check_corpus().subset(range(5), name="five")
    with pytest.raises(InputFormatError, match=r"'five' has 5 non-empty documents.*--k 5"):
        fit_model("lda", corpus, 20)


def test_empty_vocabulary_is_rejected() -> None:
    with pytest.raises(InputFormatError, match="empty vocabulary"):
        fit_model("nmf", Corpus.from_tokens([[], []], name="blank"), 1)


def test_unknown_model_suggests_a_name() -> None:
    with pytest.raises(UnknownNameError, match="Did you mean 'prodlda'"):
        fit_model("prodlad", check_corpus(), 2)


def test_missing_dependency_gives_a_not_installed_placeholder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A model needing a module absent here (a made-up name) gets the BERTopic-style placeholder."""
    from topicatlas.registry import Entry

    entries = dict(MODELS._entries)
    meta = {**MODELS.meta("lda"), "requires": ("topicatlas_no_such_module",), "extra": "models"}
    entries["ghost"] = Entry("ghost", "topicatlas_no_such_module:fit", meta)
    monkeypatch.setattr(MODELS, "_entries", entries)
    placeholder = get_fit_function("ghost")
    with pytest.raises(NotInstalledError, match=r"pip install 'topicatlas\[models\]'"):
        placeholder(check_corpus(), 2, 0)
    with pytest.raises(NotInstalledError, match="topicatlas_no_such_module"):
        fit_model("ghost", check_corpus(), 2)
    assert model_info("ghost")["installed"] is False


def test_diverging_training_stops_without_output() -> None:
    with pytest.raises(TrainingDivergedError, match=r"prodlda: training diverged .*lr=inf"):
        fit_model("prodlda", check_corpus(), 3, epochs=3, lr=float("inf"))
