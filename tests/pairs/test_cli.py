"""``topicatlas pairs annotate|pilot|build`` end to end (scripted annotator on 127.0.0.1)."""

from __future__ import annotations

import pandas as pd
import pytest

from topicatlas.cli import main
from topicatlas.llm.testserver import ScriptedChatServer

from .conftest import scripted_scores


@pytest.fixture
def pair_file(tmp_path):
    path = tmp_path / "pairs.txt"
    path.write_text("# two words per line\ncat lion\ncar,road\n\nocean\twater\n")
    return path


def _annotate(server, pair_file, out, cache, *extra):
    return main(
        ["pairs", "annotate", str(pair_file), "--backend", "openai", "--model", "annotator",
         "--base-url", server.url, "--out", str(out), "--cache", str(cache), "--no-progress",
         *extra]
    )  # fmt: skip


def test_annotate_text_file_to_csv_then_resume(annotator, pair_file, tmp_path, capsys):
    out, cache = tmp_path / "out.csv", tmp_path / "c.sqlite"
    assert _annotate(annotator, pair_file, out, cache) == 0
    table = pd.read_csv(out)
    assert list(table[["word1", "word2"]].itertuples(index=False, name=None)) == [
        ("cat", "lion"),
        ("car", "road"),
        ("ocean", "water"),
    ]
    assert {"sim", "rel", "status"} <= set(table.columns) and (table["status"] == "ok").all()
    assert "3 pairs x 1 draw(s): 3 ok" in capsys.readouterr().out
    assert annotator.n_requests == 3
    assert _annotate(annotator, pair_file, tmp_path / "again.parquet", cache) == 0
    assert annotator.n_requests == 3  # answered from the cache
    assert pd.read_parquet(tmp_path / "again.parquet")[["sim", "rel"]].equals(table[["sim", "rel"]])


def test_output_feeds_the_scorers_pair_reader(annotator, pair_file, tmp_path):
    from topicatlas.scorer.data import read_pair_table

    out = tmp_path / "out.parquet"
    assert _annotate(annotator, pair_file, out, tmp_path / "c.sqlite") == 0
    df = read_pair_table(out)
    assert len(df) == 3 and df["sim"].between(0, 1).all()


def test_dead_server_keeps_rows_and_says_how_to_resume(pair_file, tmp_path, capsys):
    with ScriptedChatServer(models={"annotator"}, reply=scripted_scores) as server:
        url = server.url
    out = tmp_path / "out.csv"
    code = main(
        ["pairs", "annotate", str(pair_file), "--backend", "openai", "--model", "annotator",
         "--base-url", url, "--out", str(out), "--cache", str(tmp_path / "c.sqlite"),
         "--no-progress", "--timeout", "2", "--max-retries", "1"]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "cannot reach" in err and "run the same command again" in err
    table = pd.read_csv(out)
    assert len(table) == 3 and (table["status"] == "pending").all()


def test_wrong_model_name(annotator, pair_file, tmp_path, capsys):
    code = main(
        ["pairs", "annotate", str(pair_file), "--backend", "openai", "--model", "gpt-nope",
         "--base-url", annotator.url, "--out", str(tmp_path / "o.csv"), "--no-cache", "--no-progress"]
    )  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "gpt-nope" in err and "404" in err


def test_bad_pair_line_names_file_and_line(annotator, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("cat dog\nthree words here\n")
    code = _annotate(annotator, bad, tmp_path / "o.csv", tmp_path / "c.sqlite")
    err = capsys.readouterr().err
    assert code == 2 and f"{bad}, line 2: expected two words" in err
    assert annotator.n_requests == 0


def test_pilot_prints_correlations(annotator, pair_file, tmp_path, capsys):
    code = main(
        ["pairs", "pilot", str(pair_file), "--backend", "openai", "--model", "annotator",
         "--base-url", annotator.url, "--draws", "2", "--n", "2", "--no-progress",
         "--cache", str(tmp_path / "c.sqlite"), "--out", str(tmp_path / "draws.csv")]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "2 pairs x 2 draws" in out and "pearson_r" in out
    assert annotator.n_requests == 4
    assert list(pd.read_csv(tmp_path / "draws.csv").columns) == [
        "word1",
        "word2",
        "sim_d0",
        "sim_d1",
        "rel_d0",
        "rel_d1",
    ]


def test_build_small_table(tmp_path, capsys, data_dir):
    out = tmp_path / "cand.csv"
    code = main(
        ["pairs", "build", "--out", str(out), "--scale", "0",
         "--quota", "wordnet.antonym=12", "--quota", "negative.common=8", "--no-progress"]
    )  # fmt: skip
    text = capsys.readouterr().out
    assert code == 0 and "antonym 12/12" in text and "common 8/8" in text
    table = pd.read_csv(out)
    assert list(table.columns) == ["word1", "word2", "source", "sub_source"] and len(table) == 20


def test_build_bad_quota(tmp_path, capsys):
    code = main(
        ["pairs", "build", "--out", str(tmp_path / "x.csv"), "--quota", "wordnet.meronym=3"]
    )
    assert code == 2 and "unknown pair source wordnet.meronym" in capsys.readouterr().err
