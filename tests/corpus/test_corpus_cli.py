"""``topicatlas corpus`` and ``topicatlas demo`` through the real CLI entry point."""

from __future__ import annotations

import json
import re

import pytest

from topicatlas.cli import main
from topicatlas.corpus.sample import read_sample


def test_stats_json_keys_and_values(capsys):
    assert main(["corpus", "stats", "sample", "dblp", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in rows] == ["sample", "dblp"]
    for r in rows:
        assert {"name", "documents", "avg_tokens", "vocab_size", "n_labels"} <= set(r)
    assert rows[0]["documents"] == 60 and rows[0]["n_labels"] == 5
    assert rows[1] == {**rows[1], "documents": 54595, "vocab_size": 1513, "n_labels": 4,
                       "avg_tokens": 5.4, "raw_documents": 54595, "dropped_empty": 0}


def test_stats_preprocessing_options_apply(capsys):
    assert main(["corpus", "stats", "dblp", "--preprocess", "standard", "--min-df", "1",
                 "--max-df", "1.0", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["documents"] == 54595 and row["vocab_size"] == 1501 and row["avg_tokens"] == 5.3
    assert main(["corpus", "stats", "sample", "--min-df", "1", "--max-df", "1.0", "--stopwords",
                 "none", "--min-token-len", "1", "--json"]) == 0
    (raw,) = json.loads(capsys.readouterr().out)
    # nothing is removed but punctuation and digits: count letter runs independently
    texts = read_sample().texts
    runs = [re.findall(r"[a-z]+", t.lower()) for t in texts]
    assert raw["vocab_size"] == len({w for r in runs for w in r})
    assert raw["avg_tokens"] == round(sum(map(len, runs)) / len(runs), 2)


def test_stats_20ng_limit_reports_dropped_empty(capsys):
    assert main(["corpus", "stats", "20ng", "--limit", "300", "--min-df", "2", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["raw_documents"] == 300
    assert row["documents"] + row["dropped_empty"] + row["dropped_short"] == 300
    assert row["n_labels"] == 1  # the first 300 posts of the archive are all one group


def test_stats_table_and_split(capsys):
    assert main(["corpus", "stats", "dblp", "--split", "val"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:5] == ["name", "documents", "avg_tokens", "vocab_size",
                                               "n_labels"]
    assert "8190" in out


def test_unknown_name_and_missing_file_are_errors_without_traceback(capsys):
    assert main(["corpus", "stats", "reuter"]) == 2
    err = capsys.readouterr().err
    assert "Did you mean 'reuters'" in err and "Traceback" not in err
    assert main(["corpus", "stats", "missing/file.csv"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_list_shows_presence(capsys, monkeypatch, tmp_path):
    assert main(["corpus", "list"]) == 0
    out = capsys.readouterr().out
    assert "20ng" in out and "present" in out
    monkeypatch.setenv("TOPICATLAS_DATA", str(tmp_path))
    assert main(["corpus", "list"]) == 0
    lines = {ln.split()[0]: ln for ln in capsys.readouterr().out.splitlines()[1:] if ln.startswith("  ")}
    assert "missing" in lines["20ng"] and "present" in lines["sample"]


def test_demo_uses_bbc_when_present(capsys, tmp_path):
    assert main(["demo", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "corpus: bbc" in out and "2,225" in out
    res = json.loads((tmp_path / "demo_results.json").read_text())
    assert res["corpus"]["documents"] == 2225 and res["corpus"]["n_labels"] == 5


@pytest.mark.parametrize("data", ["empty"])
def test_demo_falls_back_to_builtin_sample(capsys, monkeypatch, tmp_path, data):
    monkeypatch.setenv("TOPICATLAS_DATA", str(tmp_path / data))
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "built-in sample" in out and "60" in out
