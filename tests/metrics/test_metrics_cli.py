"""``topicatlas coherence`` and ``topicatlas diversity`` end to end (real files, real CLI)."""

from __future__ import annotations

import json

import pytest

from topicatlas.cli import main
from topicatlas.metrics import coherence, diversity

DOCS = ["apple banana fruit juice", "banana fruit market apple", "car engine road apple",
        "road car traffic fruit", "car road engine"] * 4


@pytest.fixture()
def files(tmp_path):
    corpus = tmp_path / "docs.txt"
    corpus.write_text("\n".join(DOCS) + "\n", encoding="utf-8")
    tsv = tmp_path / "docs.tsv"
    tsv.write_text("id\ttext\tlabel\n" + "".join(f"{i}\t{d}\tx\n" for i, d in enumerate(DOCS)))
    plain = tmp_path / "topics.txt"
    plain.write_text("apple fruit banana\ncar road engine zebra\n", encoding="utf-8")
    csv_topics = tmp_path / "topics.csv"
    csv_topics.write_text("ID\tTopic words\n0\tapple fruit banana\n1\tcar road engine zebra\n")
    return corpus, tsv, plain, csv_topics


def test_coherence_json_matches_the_python_api(files, capsys):
    corpus, tsv, plain, csv_topics = files
    texts = [d.split() for d in DOCS]
    expected = coherence([["apple", "fruit", "banana"], ["car", "road", "engine", "zebra"]],
                         texts, "c_v")
    for topics_file, corpus_file in ((plain, corpus), (csv_topics, tsv)):
        assert main(["coherence", "--topics", str(topics_file), "--corpus", str(corpus_file),
                     "--tokenized", "--measure", "c_v", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["measure"] == "c_v" and out["mean"] == pytest.approx(expected.mean)
        assert out["per_topic"] == pytest.approx(expected.per_topic)
        assert out["oov"] == {"1": ["zebra"]}


def test_coherence_several_measures_table_and_warnings(files, capsys):
    corpus, _, plain, _ = files
    assert main(["coherence", "--topics", str(plain), "--corpus", str(corpus), "--tokenized",
                 "--measure", "all"]) == 0
    captured = capsys.readouterr()
    assert "c_npmi" in captured.out and "u_mass" in captured.out and "mean" in captured.out
    assert "skipped 1 words absent from the corpus" in captured.err


def test_coherence_errors_are_clear(files, capsys):
    corpus, _, plain, _ = files
    assert main(["coherence", "--topics", str(plain), "--corpus", str(corpus), "--tokenized",
                 "--oov", "error"]) == 2
    assert "'zebra' not in the reference corpus" in capsys.readouterr().err
    assert main(["coherence", "--topics", str(plain), "--corpus", str(corpus),
                 "--measure", "c_nmpi"]) == 2
    assert "Did you mean 'c_npmi'" in capsys.readouterr().err
    assert main(["coherence", "--topics", str(plain.with_name("nope.txt")), "--corpus",
                 str(corpus), "--tokenized"]) == 2
    assert "topics file not found" in capsys.readouterr().err


def test_diversity_cli(files, capsys):
    *_, plain, _ = files
    assert main(["diversity", "--topics", str(plain), "--json"]) == 0
    out = {r["measure"]: r for r in json.loads(capsys.readouterr().out)}
    topics = [["apple", "fruit", "banana"], ["car", "road", "engine", "zebra"]]
    assert out["topic_diversity"]["mean"] == diversity(topics, "td").mean == 1.0
    assert out["inverted_rbo"]["mean"] == pytest.approx(1.0)
    assert main(["diversity", "--topics", str(plain), "--measure", "tu"]) == 0
    assert "topic_uniqueness" in capsys.readouterr().out


def test_coherence_reads_the_corpus_through_load_corpus(files, capsys):
    corpus, *_ = files
    topics = corpus.with_name("t.txt")
    topics.write_text("apple fruit banana\n")
    assert main(["coherence", "--topics", str(topics), "--corpus", str(corpus),
                 "--preprocess", "none", "--measure", "u_mass", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = coherence([["apple", "fruit", "banana"]], [d.split() for d in DOCS], "u_mass")
    assert out["mean"] == pytest.approx(expected.mean)
