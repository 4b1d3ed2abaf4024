"""Word-vector spaces: the packaged GloVe 6B, file readers, the memmap cache, bad input."""

from __future__ import annotations

import os

import numpy as np
import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError, UnknownNameError
from topicatlas.lexicon.vectors import (
    MissingWordError,
    WordVectors,
    load_vectors,
    read_vectors_file,
)


@pytest.fixture(scope="module")
def glove() -> WordVectors:
    return load_vectors("glove-6b-50d")


def test_default_space_is_glove_6b_50d(glove: WordVectors) -> None:
    assert load_vectors() is glove
    assert glove.name == "glove-6b-50d"
    assert len(glove) == 400_000 and glove.dim == 50
    assert glove.matrix.dtype == np.float32
    assert isinstance(glove.matrix, np.memmap)
    assert glove.words[:3] == ["the", ",", "."]
    # GloVe 6B's first vector, as in the official glove.6B.50d.txt
    np.testing.assert_allclose(glove.vector("the")[:3], [0.418, 0.24968, -0.41242], rtol=1e-6)


def test_lookup_mask_and_zeros_for_missing(glove: WordVectors) -> None:
    mat, found = glove.lookup(["dog", "qzxqzxnotaword", "cat"])
    assert mat.shape == (3, 50) and mat.dtype == np.float32
    assert found.tolist() == [True, False, True]
    assert not mat[1].any()
    np.testing.assert_array_equal(mat[0], glove.vector("dog"))
    assert glove.coverage(["dog", "qzxqzxnotaword"]) == 0.5
    assert glove.missing(["dog", "qzxqzxnotaword", "qzxqzxnotaword"]) == ["qzxqzxnotaword"]


def test_missing_word_error_names_the_word(glove: WordVectors) -> None:
    with pytest.raises(MissingWordError, match="qzxqzxnotaword"):
        glove.vector("qzxqzxnotaword")
    assert "qzxqzxnotaword" not in glove
    assert None not in glove  # non-strings are simply absent


def test_case_and_multiword_rules(glove: WordVectors) -> None:
    np.testing.assert_array_equal(glove.vector("Dog"), glove.vector("dog"))
    assert "well-being" in glove.index  # an exact hyphenated entry wins
    np.testing.assert_array_equal(glove.vector("well-being"), glove.matrix[glove.index["well-being"]])
    mean = (glove.vector("ice") + glove.vector("cream")) / 2
    for form in ("ice cream", "ice_cream", "Ice Cream"):
        np.testing.assert_allclose(glove.vector(form), mean, rtol=1e-6)
    assert "ice_qzxqzxnotaword" not in glove  # every part must be found
    assert "café" in glove  # non-ASCII words are looked up as they are


def test_most_similar_excludes_the_word(glove: WordVectors) -> None:
    top = glove.most_similar("dog", k=5)
    assert len(top) == 5
    words = [w for w, _ in top]
    assert "dog" not in words and "cat" in words
    sims = [s for _, s in top]
    assert sims == sorted(sims, reverse=True)
    assert glove.cosine("dog", "cat") == pytest.approx(dict(top)["cat"], abs=1e-5)


WORDS = ["apple", "banana split", "naïve", "x"]
VECS = np.array(
    [[0.5, -1.25, 3.0], [1.0, 2.0, 3.0], [-0.125, 0.0, 7.5], [1e-3, -2e-3, 4.0]], dtype=np.float32
)


def _write_glove(path, words=WORDS, vecs=VECS) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for w, v in zip(words, vecs, strict=True):
            fh.write(w + " " + " ".join(repr(float(x)) for x in v) + "\n")


def test_glove_text_format_with_spaces_in_words(tmp_path) -> None:
    path = tmp_path / "tiny.txt"
    _write_glove(path)
    wv = read_vectors_file(path)
    assert wv.words == WORDS and wv.dim == 3
    np.testing.assert_array_equal(np.asarray(wv.matrix), VECS)
    np.testing.assert_array_equal(wv.vector("banana split"), VECS[1])  # 840B has such words


def test_gzipped_glove_and_empty_file(tmp_path) -> None:
    import gzip

    plain = tmp_path / "tiny.txt"
    _write_glove(plain)
    packed = tmp_path / "tiny.txt.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    wv = load_vectors(str(packed))
    assert wv.words == WORDS
    np.testing.assert_array_equal(np.asarray(wv.matrix), VECS)
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match="no vectors"):
        read_vectors_file(empty)


def test_word2vec_text_and_binary_match_gensim(tmp_path) -> None:
    from gensim.models import KeyedVectors

    words = ["apple", "banana", "naïve", "x"]
    kv = KeyedVectors(vector_size=3)
    kv.add_vectors(words, VECS)
    kv.save_word2vec_format(str(tmp_path / "v.vec"), binary=False)
    kv.save_word2vec_format(str(tmp_path / "v.bin"), binary=True)
    for name, fmt in (("v.vec", None), ("v.bin", None), ("v.vec", "fasttext"), ("v.bin", "word2vec-bin")):
        wv = load_vectors(str(tmp_path / name), fmt=fmt)
        assert wv.words == words, name
        np.testing.assert_allclose(np.asarray(wv.matrix), VECS, rtol=1e-6)


def test_cache_is_reused_and_invalidated_by_edits(tmp_path) -> None:
    path = tmp_path / "tiny.txt"
    _write_glove(path)
    first = read_vectors_file(path)
    again = read_vectors_file(path)
    assert isinstance(again.matrix, np.memmap)
    assert again.matrix.filename == first.matrix.filename  # same cache file
    _write_glove(path, vecs=VECS * 2)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    edited = read_vectors_file(path)
    np.testing.assert_array_equal(np.asarray(edited.matrix), VECS * 2)


def test_missing_file_names_path_and_format(tmp_path) -> None:
    missing = tmp_path / "glove.840B.300d.txt"
    with pytest.raises(DataNotFoundError) as err:
        read_vectors_file(missing, fmt="glove")
    assert str(missing) in str(err.value) and "glove" in str(err.value)


def test_registered_file_space_says_where_to_put_it(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TOPICATLAS_DATA", str(tmp_path))
    with pytest.raises(DataNotFoundError) as err:
        load_vectors("glove-840b-300d")
    msg = str(err.value)
    assert str(tmp_path / "vectors" / "glove.840B.300d.txt") in msg
    assert "glove.840B.300d.zip" in msg


def test_unknown_name_suggests(tmp_path) -> None:
    with pytest.raises(UnknownNameError, match="glove-6b-50d"):
        load_vectors("glove-6b-5d")
    with pytest.raises(InputFormatError, match="word2vec"):
        read_vectors_file(tmp_path / "x.txt", fmt="word2vek")


def test_malformed_line_names_file_and_line(tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("a 1.0 2.0 3.0\nb 1.0 2.0\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"bad\.txt, line 2"):
        read_vectors_file(path)
    path.write_text("a 1.0 2.0 3.0\nb 1.0 oops 3.0\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match="line 2.*non-numeric"):
        read_vectors_file(path)
