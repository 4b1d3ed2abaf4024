"""WordNet relations and the ConceptNet-100k reader."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError, UnknownNameError
from topicatlas.lexicon.relations import (
    load_conceptnet,
    wordnet_antonyms,
    wordnet_cohyponyms,
    wordnet_hypernyms,
    wordnet_synonyms,
)


def test_synonyms() -> None:
    syn = wordnet_synonyms("car")
    assert {"auto", "automobile", "motorcar"} <= syn
    assert "car" not in syn
    assert wordnet_synonyms("Cars") == syn  # normalised and lemmatised
    assert wordnet_synonyms("qzxqzxnotaword") == set()


def test_hypernyms_and_cohyponyms() -> None:
    assert "canine" in wordnet_hypernyms("dog")
    assert "carnivore" in wordnet_hypernyms("dog", depth=2)
    co = wordnet_cohyponyms("dog", limit=None)
    assert "wolf" in co and "dog" not in co
    assert not co & wordnet_synonyms("dog")
    assert len(wordnet_cohyponyms("dog", limit=5)) == 5
    assert wordnet_cohyponyms("happy") == set()  # adjectives have no hypernyms
    with pytest.raises(ValueError):
        wordnet_hypernyms("dog", depth=0)


def test_antonyms() -> None:
    assert "bad" in wordnet_antonyms("good")
    assert wordnet_antonyms("hot") >= {"cold"}
    assert "unsexy" not in wordnet_antonyms("hot")  # no indirect antonyms
    assert wordnet_antonyms("dog") == set()


def test_conceptnet_release(data_dir: Path) -> None:
    df = load_conceptnet(single_word=False)
    assert list(df.columns) == ["rel", "head", "tail", "score", "split"]
    assert len(df[df.split == "train"]) == 100_000
    assert set(df.split) == {"train", "dev1", "dev2", "test"}
    assert df["rel"].nunique() == 34
    single = load_conceptnet(["RelatedTo", "AtLocation"])
    assert set(single.rel) == {"RelatedTo", "AtLocation"}
    assert not single["head"].str.contains(" ").any()
    assert not single["tail"].str.contains(" ").any()
    assert len(single) > 1000
    dev = load_conceptnet(splits=["dev1"], single_word=False)
    assert len(dev) == 1200 and dev.iloc[0].tolist() == ["IsA", "tool", "object", 1.0, "dev1"]


def test_conceptnet_bad_input(tmp_path: Path) -> None:
    with pytest.raises(UnknownNameError, match="RelatedTo"):
        load_conceptnet(["RelatedT"])
    with pytest.raises(DataNotFoundError, match=str(tmp_path)):
        load_conceptnet(folder=tmp_path)
    with gzip.open(tmp_path / "train100k.txt.gz", "wt") as fh:
        fh.write("IsA\tdog\tanimal\t1\nIsA\tcat\n")
    with pytest.raises(InputFormatError, match=r"train100k\.txt\.gz, line 2"):
        load_conceptnet(folder=tmp_path)
    with pytest.raises(UnknownNameError, match="dev1"):
        load_conceptnet(splits=["dev3"], folder=tmp_path)
