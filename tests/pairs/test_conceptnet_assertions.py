"""Reading the full ConceptNet 5.x assertions dump.

The real dump (~500 MB) cannot be downloaded here: the test writes a few lines in its
exact format (edge URI, relation, start, end, JSON) and checks the filtering rules.
"""

from __future__ import annotations

import gzip

import pytest

from topicatlas.errors import InputFormatError
from topicatlas.pairs.candidates import CandidateConfig, build_candidates
from topicatlas.pairs.conceptnet_assertions import load_assertions

LINES = [
    (
        "/a/[/r/RelatedTo/,/c/en/doctor/,/c/en/nurse/]",
        "/r/RelatedTo",
        "/c/en/doctor",
        "/c/en/nurse",
        2.0,
    ),
    (
        "/a/[/r/AtLocation/,/c/en/book/n/,/c/en/library/]",
        "/r/AtLocation",
        "/c/en/book/n",
        "/c/en/library",
        1.0,
    ),
    (
        "/a/[/r/RelatedTo/,/c/en/ice_cream/,/c/en/cold/]",
        "/r/RelatedTo",
        "/c/en/ice_cream",
        "/c/en/cold",
        1.0,
    ),
    ("/a/[/r/RelatedTo/,/c/fr/chat/,/c/en/cat/]", "/r/RelatedTo", "/c/fr/chat", "/c/en/cat", 1.0),
    ("/a/[/r/IsA/,/c/en/dog/,/c/en/animal/]", "/r/IsA", "/c/en/dog", "/c/en/animal", 1.0),
    ("/a/[/r/PartOf/,/c/en/wheel/,/c/en/car/]", "/r/PartOf", "/c/en/wheel", "/c/en/car", 0.0),
    (
        "/a/[/r/RelatedTo/,/c/en/doctor/n/,/c/en/nurse/n/]",
        "/r/RelatedTo",
        "/c/en/doctor/n",
        "/c/en/nurse/n",
        1.0,
    ),
    ("/a/[/r/UsedFor/,/c/en/knife/,/c/en/cut/v/]", "/r/UsedFor", "/c/en/knife", "/c/en/cut/v", 3.5),
]


@pytest.fixture
def dump(tmp_path):
    path = tmp_path / "conceptnet-assertions-5.7.0.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for edge, rel, start, end, weight in LINES:
            fh.write(f'{edge}\t{rel}\t{start}\t{end}\t{{"dataset": "/d/x", "weight": {weight}}}\n')
    return path


def test_english_single_word_edges_of_the_five_relations(dump):
    df = load_assertions(dump)
    got = set(zip(df["rel"], df["head"], df["tail"], strict=True))
    assert got == {
        ("RelatedTo", "doctor", "nurse"),  # and its /n duplicate is merged
        ("AtLocation", "book", "library"),
        ("UsedFor", "knife", "cut"),
    }


def test_malformed_line_names_the_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("/a/x\t/r/RelatedTo\t/c/en/a\n")
    with pytest.raises(InputFormatError, match=r"bad.csv, line 1: expected 5"):
        load_assertions(bad)


def test_builder_reads_the_dump(dump, data_dir):
    quotas = {("conceptnet", "RelatedTo"): 5, ("conceptnet", "UsedFor"): 5}
    result = build_candidates(CandidateConfig(quotas=quotas, conceptnet=str(dump)), progress=False)
    pairs = set(zip(result.table.word1, result.table.word2, result.table.sub_source, strict=True))
    assert pairs == {("doctor", "nurse", "RelatedTo"), ("knife", "cut", "UsedFor")}
