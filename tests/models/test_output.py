"""TopicModelOutput: OCTIS interchange, npz + JSON files, normalisation helpers."""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError
from topicatlas.models import TopicModelOutput, fit_model, load_output
from topicatlas.models.check_corpus import check_corpus
from topicatlas.models.output import normalize_rows, top_words


@pytest.fixture(scope="module")
def lda_output() -> TopicModelOutput:
    return fit_model("lda", check_corpus(), 4, seed=3, iterations=100)


def test_octis_dict_uses_k_by_d_topic_document_matrix(lda_output: TopicModelOutput) -> None:
    octis = lda_output.to_octis()
    assert set(octis) == {"topics", "topic-word-matrix", "topic-document-matrix"}
    assert octis["topic-word-matrix"].shape == (4, len(lda_output.vocab))
    assert octis["topic-document-matrix"].shape == (4, 40)
    np.testing.assert_array_equal(octis["topic-document-matrix"][:, 7], lda_output.doc_topic[7])
    back = TopicModelOutput.from_octis(octis, lda_output.vocab, model="lda")
    assert back.topics == lda_output.topics
    np.testing.assert_allclose(back.doc_topic, lda_output.doc_topic)


def test_from_octis_maps_signed_weights_to_distributions() -> None:
    octis = {"topics": [["a", "b"]], "topic-word-matrix": np.array([[2.0, -1.0, 2.0]]),
             "topic-document-matrix": np.array([[0.5, -0.2]])}
    out = TopicModelOutput.from_octis(octis, ["a", "b", "c"])
    np.testing.assert_allclose(out.topic_word, [[0.5, 0.0, 0.5]])
    np.testing.assert_allclose(out.doc_topic, [[1.0], [1.0]])
    with pytest.raises(InputFormatError, match="3 columns for a vocabulary of 2"):
        TopicModelOutput.from_octis(octis, ["a", "b"])


def test_save_load_round_trip_without_pickle(lda_output: TopicModelOutput, tmp_path) -> None:  # noqa: ANN001
    folder = lda_output.save(tmp_path / "lda")
    assert sorted(p.name for p in folder.iterdir()) == [
        "matrices.npz", "output.json", "topics.txt", "vocab.txt"]
    with zipfile.ZipFile(folder / "matrices.npz") as z:
        assert sorted(z.namelist()) == ["doc_topic.npy", "topic_word.npy"]
    meta = json.loads((folder / "output.json").read_text())
    assert meta["seed"] == 3 and meta["settings"]["params"]["iterations"] == 100
    assert meta["info"]["collapse"]["diversity"] == lda_output.info["collapse"]["diversity"]
    assert (folder / "topics.txt").read_text().splitlines()[0] == " ".join(lda_output.topics[0])
    back = load_output(folder)
    assert back.topics == lda_output.topics and back.vocab == lda_output.vocab
    assert back.settings == json.loads(json.dumps(lda_output.settings, default=str))
    np.testing.assert_array_equal(back.topic_word, lda_output.topic_word)


def test_load_output_names_the_missing_file(tmp_path) -> None:  # noqa: ANN001
    (tmp_path / "topics.txt").write_text("a b c\n")
    with pytest.raises(DataNotFoundError, match="missing vocab.txt, matrices.npz, output.json"):
        load_output(tmp_path)


def test_top_words_skip_zero_probability_words() -> None:
    tw = np.array([[0.0, 0.7, 0.3, 0.0], [0.25, 0.25, 0.25, 0.25]])
    assert top_words(tw, ["a", "b", "c", "d"], 3) == [["b", "c"], ["a", "b", "c"]]


def test_normalize_rows_makes_empty_rows_uniform() -> None:
    out = normalize_rows(np.array([[1.0, 3.0], [0.0, 0.0]]))
    np.testing.assert_allclose(out, [[0.25, 0.75], [0.5, 0.5]])
    with pytest.raises(ValueError, match="negative"):
        normalize_rows(np.array([[-1.0, 2.0]]))


def test_validate_rejects_nan_and_foreign_words(lda_output: TopicModelOutput) -> None:
    bad = TopicModelOutput("x", [["zzz"]], np.array([[1.0]]), np.array([[1.0]]), ["a"])
    with pytest.raises(ValueError, match="'zzz'"):
        bad.validate()
    nan = TopicModelOutput("x", [["a"]], np.array([[np.nan]]), np.array([[1.0]]), ["a"])
    with pytest.raises(ValueError, match="NaN"):
        nan.validate()
