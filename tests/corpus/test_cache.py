"""The corpus cache: hit, miss on changed settings or source, corruption -> rebuilt."""

from __future__ import annotations

import json
import os
import warnings

import numpy as np
import pytest

from topicatlas.corpus import cache as corpus_cache
from topicatlas.corpus import load_corpus


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOPICATLAS_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "corpora"


def same(a, b):
    assert a.vocab == b.vocab
    assert np.array_equal(a.token_ids, b.token_ids) and np.array_equal(a.offsets, b.offsets)
    assert a.texts == b.texts and a.labels == b.labels and a.split == b.split and a.ids == b.ids
    assert a.settings == b.settings
    assert (a.dtm != b.dtm).nnz == 0


def entries(folder):
    return sorted(p for p in folder.iterdir() if p.is_dir()) if folder.exists() else []


def test_miss_then_hit_with_identical_content(fresh_cache):
    first = load_corpus("sample")
    assert first.info["cache"] == "miss" and len(entries(fresh_cache)) == 1
    second = load_corpus("sample")
    assert second.info["cache"] == "hit"
    same(first, second)
    assert second.info["dropped_empty"] == first.info["dropped_empty"]


def test_multilabel_split_and_unicode_survive_the_cache(fresh_cache, tmp_path):
    f = tmp_path / "c.jsonl"
    rows = [{"text": "Crème brûlée recipe", "labels": ["food", "fr"], "split": "train"},
            {"text": "Zürich rocket launch", "labels": [], "split": "test"}]
    f.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    a = load_corpus(f, min_df=1)
    b = load_corpus(f, min_df=1)
    assert b.info["cache"] == "hit"
    same(a, b)
    assert b.labels == [("food", "fr"), ()] and b.split == ["train", "test"]
    assert b.texts[0] == "Crème brûlée recipe"


def test_settings_and_limit_change_the_key(fresh_cache):
    load_corpus("sample")
    assert load_corpus("sample", min_df=3).info["cache"] == "miss"
    assert load_corpus("sample", limit=10).info["cache"] == "miss"
    assert load_corpus("sample", stopwords=None).info["cache"] == "miss"
    assert len(entries(fresh_cache)) == 4


def test_changed_source_file_is_a_miss(fresh_cache, tmp_path):
    f = tmp_path / "docs.txt"
    f.write_text("alpha beta\ngamma delta\n", encoding="utf-8")
    assert load_corpus(f, preprocess="none").info["cache"] == "miss"
    f.write_text("alpha beta\ngamma delta epsilon\n", encoding="utf-8")
    st = f.stat()
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # size and mtime both change
    b = load_corpus(f, preprocess="none")
    assert b.info["cache"] == "miss" and "epsilon" in b.vocab


def test_cache_off_writes_nothing(fresh_cache):
    c = load_corpus("sample", cache=False)
    assert c.info["cache"] == "off" and entries(fresh_cache) == []


@pytest.mark.parametrize("damage", ["flip_npz_byte", "truncate_npz", "garble_meta",
                                    "drop_manifest", "bad_manifest"])
def test_corrupt_entry_is_rebuilt_not_trusted(fresh_cache, damage):
    good = load_corpus("sample")
    (entry,) = entries(fresh_cache)
    npz, meta, manifest = entry / "corpus.npz", entry / "meta.json", entry / "manifest.json"
    if damage == "flip_npz_byte":
        data = bytearray(npz.read_bytes())
        data[len(data) // 2] ^= 0xFF
        npz.write_bytes(bytes(data))
    elif damage == "truncate_npz":
        npz.write_bytes(npz.read_bytes()[:100])
    elif damage == "garble_meta":
        meta.write_text(meta.read_text().replace('"rocket"', '"r0cket"'), encoding="utf-8")
    elif damage == "drop_manifest":  # as after an interrupted write
        manifest.unlink()
    else:
        manifest.write_text("{not json", encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = load_corpus("sample")
    assert again.info["cache"] == "miss"  # rebuilt from the source
    same(good, again)
    if damage != "drop_manifest":
        assert any("corrupt" in str(w.message) for w in caught)
    third = load_corpus("sample")  # the rebuilt entry is sound
    assert third.info["cache"] == "hit"
    same(good, third)


def test_entry_layout_is_npz_and_json_without_pickle(fresh_cache):
    load_corpus("sample")
    (entry,) = entries(fresh_cache)
    assert sorted(p.name for p in entry.iterdir()) == ["corpus.npz", "manifest.json", "meta.json"]
    with np.load(entry / "corpus.npz", allow_pickle=False) as z:
        assert {"token_ids", "offsets", "text_bytes", "text_offsets"} <= set(z.files)
        assert all(z[k].dtype != object for k in z.files)
    man = json.loads((entry / "manifest.json").read_text())
    assert man["key"] == entry.name and set(man["files"]) == {"corpus.npz", "meta.json"}


def test_cache_key_is_stable_and_sensitive():
    k = corpus_cache.cache_key({"a": 1, "b": [1, 2]})
    assert k == corpus_cache.cache_key({"b": [1, 2], "a": 1})
    assert k != corpus_cache.cache_key({"a": 2, "b": [1, 2]})
