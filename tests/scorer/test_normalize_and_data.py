"""Word normalisation, benchmark loading/rescaling, merging and the two split protocols."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from topicatlas.errors import InputFormatError, UnknownNameError
from topicatlas.scorer.data import BENCHMARKS, load_benchmark, merge_pairs, read_pair_table
from topicatlas.scorer.dataset import pair_split, word_split
from topicatlas.scorer.normalize import ascii_fold, normalize_word, split_parts, wordnet_form


def test_normalisation_rules():
    assert normalize_word("  Dog ") == "dog"
    assert normalize_word("Ice  Cream") == "ice_cream"
    assert ascii_fold("café") == "cafe"
    assert split_parts("ice-cream") == ["ice", "cream"] and split_parts("dog") == []
    assert wordnet_form("ice-cream") == "ice_cream"


def test_benchmarks_supervise_only_their_dimension(data_dir):
    men = load_benchmark("men")
    assert men["sim"].isna().all() and men["rel"].between(0, 1).all() and len(men) == 3000
    simverb = load_benchmark("SimVerb-3500")
    assert simverb["rel"].isna().all() and simverb["sim"].max() <= 1.0
    assert {b.dimension for b in BENCHMARKS.values()} == {"sim", "rel"}
    assert not any("simlex" in n or "ws" in n for n in BENCHMARKS)  # held out
    mc = load_benchmark("mc-30")
    assert mc.loc[(mc.word1 == "car") & (mc.word2 == "automobile"), "sim"].item() == pytest.approx(3.92 / 4)
    with pytest.raises(UnknownNameError, match="simverb-3500"):
        load_benchmark("simverb")


def test_merge_keeps_both_dimensions_of_a_pair_rated_twice():
    df = pd.DataFrame({"word1": ["car", "automobile", "dog", "cat"], "word2": ["automobile", "car", "dog", "dog"],
                       "sim": [0.9, np.nan, 1.0, 0.6], "rel": [np.nan, 0.2, np.nan, np.nan],
                       "source": ["rg", "men", "x", "y"]})
    out = merge_pairs(df)
    assert len(out) == 2  # self-pair dropped, car/automobile merged
    row = out[out.word1 == "car"].iloc[0]
    assert row.sim == 0.9 and row.rel == 0.2 and row.source == "rg"


def test_user_pair_table_validation(tmp_path):
    good = tmp_path / "pairs.csv"
    good.write_text("word1,word2,sim,rel\nDog,leash,0.1,0.9\ncup,mug,0.9,\n")
    df = read_pair_table(good)
    assert df.word1.tolist() == ["dog", "cup"] and np.isnan(df.rel[1])
    bad = tmp_path / "bad.csv"
    bad.write_text("word1,word2,sim,rel\na,b,7,0.5\n")
    with pytest.raises(InputFormatError, match="row 2.*outside"):
        read_pair_table(bad)


def test_pair_split_fractions_seed_and_stability():
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"word1": [f"a{i}" for i in range(3000)], "word2": [f"b{i}" for i in rng.permutation(3000)]})
    s = pair_split(df, seed=1)
    counts = [(s == k).sum() / len(s) for k in ("train", "val", "test")]
    assert counts == pytest.approx([0.7, 0.15, 0.15], abs=0.03)
    assert (pair_split(df, seed=1) == s).all() and not (pair_split(df, seed=2) == s).all()
    # a pair's side does not depend on the rest of the table, nor on word order
    swapped = df.rename(columns={"word1": "word2", "word2": "word1"})
    assert (pair_split(swapped, seed=1) == s).all()
    assert (pair_split(df.iloc[:100], seed=1) == s[:100]).all()


def test_word_split_never_shows_a_test_word_in_training():
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(200)]
    df = pd.DataFrame({"word1": rng.choice(words, 3000), "word2": rng.choice(words, 3000)})
    split = word_split(df, seed=3)
    test_words = set(df.word1[split == "test"]) | set(df.word2[split == "test"])
    seen = set(df.word1[np.isin(split, ["train", "val"])]) | set(df.word2[np.isin(split, ["train", "val"])])
    assert test_words and not (test_words & seen)
    assert (split == "test").sum() > 100
