"""Pair table input and output: Parquet/CSV/TSV by extension, or two words per line."""

from __future__ import annotations

import pandas as pd
import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError
from topicatlas.pairs.tables import read_pairs, write_table

CANDIDATES = pd.DataFrame(
    {
        "word1": ["Cat", "car"],
        "word2": ["dog ", "road"],
        "source": ["wordnet", "negative"],
        "sub_source": ["cohyponym", "common"],
    }
)


@pytest.mark.parametrize("suffix", [".parquet", ".csv", ".tsv"])
def test_candidate_table_round_trip(tmp_path, suffix):
    path = write_table(CANDIDATES, tmp_path / f"cand{suffix}")
    assert not list(tmp_path.glob("*.part"))
    df = read_pairs(path)
    assert list(df.columns) == ["word1", "word2", "source", "sub_source"]
    assert list(df["word1"]) == ["cat", "car"] and list(df["word2"]) == ["dog", "road"]
    assert list(df["sub_source"]) == ["cohyponym", "common"]


def test_headerless_csv_and_text_lines(tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_text("cat,dog\ncar,road\n")
    assert read_pairs(csv)[["word1", "word2"]].values.tolist() == [["cat", "dog"], ["car", "road"]]
    txt = tmp_path / "p.txt"
    txt.write_text("cat\tdog\n# comment\n\n  car   road \n")
    assert len(read_pairs(txt)) == 2


def test_errors_name_the_file(tmp_path):
    with pytest.raises(DataNotFoundError, match="nope.txt"):
        read_pairs(tmp_path / "nope.txt")
    pq = tmp_path / "x.parquet"
    pd.DataFrame({"a": ["x"], "b": ["y"]}).to_parquet(pq)
    with pytest.raises(InputFormatError, match="needs columns word1 and word2"):
        read_pairs(pq)
    one = tmp_path / "one.txt"
    one.write_text("cat dog\nlonely\n")
    with pytest.raises(InputFormatError, match=r"one.txt, line 2: expected two words, got 1"):
        read_pairs(one)
